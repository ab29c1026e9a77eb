// Package toolinfo holds gospacer's BenchExec tool-info module
// (gospacer.py) and its Python tests (test_gospacer.py); this Go test runs
// them, so that go test ./... covers the module. It skips when python3 is
// not on PATH.
package toolinfo

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

func TestToolInfo(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not on PATH")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(t.TempDir(), "gospacer")
	build := exec.Command("go", "build", "-o", exe, "./cmd/gospacer")
	build.Dir = root
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(py, "-m", "unittest", "-v", "bench/toolinfo/test_gospacer.py")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOSPACER="+exe, "PYTHONDONTWRITEBYTECODE=1")
	out, err := cmd.CombinedOutput()
	t.Logf("%s", out)
	if err != nil {
		t.Fatalf("python tests: %v", err)
	}
}
