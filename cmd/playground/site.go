package main

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

//go:embed static
var static embed.FS

// An example is one entry of examples.json.
type example struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

// Build writes the site into dir: the static files, the solver built for
// GOOS=js, Go's wasm_exec.js and the examples. It needs the go command
// and the module's source tree (found with go env GOMOD).
func Build(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	root, err := goEnv("GOMOD")
	if err != nil || root == "" || root == os.DevNull {
		return fmt.Errorf("not inside the gospacer module (go env GOMOD: %q %v)", root, err)
	}
	root = filepath.Dir(root)
	sub, err := fs.Sub(static, "static")
	if err != nil {
		return err
	}
	if err := fs.WalkDir(sub, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(sub, path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, path), data, 0o644)
	}); err != nil {
		return err
	}
	goroot, err := goEnv("GOROOT")
	if err != nil {
		return err
	}
	var wasmExec []byte
	for _, p := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} {
		if wasmExec, err = os.ReadFile(filepath.Join(goroot, p)); err == nil {
			break
		}
	}
	if err != nil {
		return fmt.Errorf("wasm_exec.js not found in %s: %v", goroot, err)
	}
	if err := os.WriteFile(filepath.Join(dir, "wasm_exec.js"), wasmExec, 0o644); err != nil {
		return err
	}
	wasm, err := filepath.Abs(filepath.Join(dir, "gospacer.wasm"))
	if err != nil {
		return err
	}
	cmd := exec.Command("go", "build", "-o", wasm, "./cmd/playground/wasm")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build GOOS=js: %v\n%s", err, out)
	}
	exs, err := readExamples(filepath.Join(root, "examples"))
	if err != nil {
		return err
	}
	data, err := json.MarshalIndent(exs, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "examples.json"), data, 0o644)
}

// readExamples reads the SMT-LIB examples, the CHC ones first.
func readExamples(dir string) ([]example, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.smt2"))
	if err != nil {
		return nil, err
	}
	var exs []example
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		exs = append(exs, example{Name: strings.TrimSuffix(filepath.Base(p), ".smt2"), Text: string(data)})
	}
	horn := func(e example) bool { return strings.Contains(e.Text, "(set-logic HORN)") }
	sort.SliceStable(exs, func(i, j int) bool { return horn(exs[i]) && !horn(exs[j]) })
	if len(exs) == 0 {
		return nil, fmt.Errorf("no examples in %s", dir)
	}
	return exs, nil
}

func goEnv(name string) (string, error) {
	out, err := exec.Command("go", "env", name).Output()
	return strings.TrimSpace(string(out)), err
}
