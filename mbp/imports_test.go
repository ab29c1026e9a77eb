package mbp_test

import (
	"os/exec"
	"strings"
	"testing"
)

// Package mbp imports term and num only (DEVELOPERS.md; the repository's
// importgraph_test.go checks the whole graph, this is the quick local
// check). smt may be used by the tests alone.
func TestImports(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go tool not on PATH")
	}
	out, err := exec.Command(goTool, "list", "-f", `{{join .Imports "\n"}}`, ".").Output()
	if err != nil {
		t.Fatal(err)
	}
	const module = "github.com/seed-f9c3434d/gospacer/"
	for _, p := range strings.Fields(string(out)) {
		if strings.HasPrefix(p, module) && p != module+"term" && p != module+"num" {
			t.Errorf("mbp imports %s", p)
		}
		if strings.Contains(p, ".") && !strings.HasPrefix(p, module) {
			t.Errorf("mbp imports the third-party package %s", p)
		}
	}
}
