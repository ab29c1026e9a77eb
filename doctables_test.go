package gospacer_test

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// goFile is a file name in a doc.go Files table.
var goFile = regexp.MustCompile(`\b[a-z0-9_]+\.go\b`)

// TestDocFilesTables checks every package's doc.go against its folder:
// the Files section (from the "# Files" heading to the next heading or
// the end of the comment) names each non-test .go file of the package,
// and names no file that is not there. A package without a doc.go, or
// one whose doc.go has no Files section, fails.
func TestDocFilesTables(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go tool not on PATH")
	}
	cmd := exec.Command(goTool, "list", "-f", `{{.Dir}}{{range .GoFiles}} {{.}}{{end}}{{range .IgnoredGoFiles}} {{.}}{{end}}`, "./...")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		dir, files := fields[0], fields[1:]
		rel, err := filepath.Rel(wd, dir)
		if err != nil || strings.HasPrefix(rel, "cmd") || strings.HasPrefix(rel, "bench") {
			continue // commands are documented by their usage
		}
		files = slices.DeleteFunc(files, func(f string) bool { return strings.HasSuffix(f, "_test.go") || f == "doc.go" })
		slices.Sort(files)
		listed, err := filesTable(filepath.Join(dir, "doc.go"))
		if err != nil {
			t.Errorf("%s: %v", rel, err)
			continue
		}
		for _, f := range files {
			if !slices.Contains(listed, f) {
				t.Errorf("%s: %s is not in doc.go's Files table", rel, f)
			}
		}
		for _, f := range listed {
			if !slices.Contains(files, f) && f != "doc.go" {
				t.Errorf("%s: doc.go's Files table names %s, which is not a file of the package", rel, f)
			}
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no package checked")
	}
}

// filesTable is the .go file names of doc.go's Files section, sorted and
// without repeats.
func filesTable(docGo string) ([]string, error) {
	data, err := os.ReadFile(docGo)
	if err != nil {
		return nil, err
	}
	var names []string
	in, found := false, false
	for _, line := range strings.Split(string(data), "\n") {
		text, isComment := strings.CutPrefix(line, "//")
		switch {
		case !isComment:
			in = false
		case strings.TrimSpace(text) == "# Files":
			in, found = true, true
		case strings.HasPrefix(strings.TrimSpace(text), "# "):
			in = false
		case in:
			names = append(names, goFile.FindAllString(text, -1)...)
		}
	}
	if !found {
		return nil, errors.New("doc.go has no # Files section")
	}
	slices.Sort(names)
	return slices.Compact(names), nil
}
