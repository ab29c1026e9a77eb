package gospacer_test

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"sort"
	"strings"
	"testing"
)

const module = "github.com/seed-f9c3434d/gospacer"

// mayImport is the table of DEVELOPERS.md: which packages each package may
// import directly. Packages not listed (fuzz, cmd/...) may import anything.
// The check is on direct imports, and on the transitive closure.
var mayImport = map[string][]string{
	"num":             {},
	"term":            {"num"},
	"smtlib":          {"term", "num"},
	"sat":             {},
	"lra":             {"num"},
	"lia":             {"lra", "num"},
	"difflogic":       {},
	"euf":             {"term"},
	"arrays":          {"euf", "term"},
	"smt":             {"sat", "lra", "lia", "difflogic", "euf", "arrays", "term", "num"},
	"mbp":             {"term", "num"},
	"itp":             {"smt", "sat", "lra", "term", "num"},
	"script":          {"smtlib", "smt", "itp", "mbp", "term", "num"},
	"chc":             {"term", "smtlib", "smt", "num"},
	"chc/passes":      {"chc", "term", "num"},
	"chc/witness":     {"chc", "smt", "smtlib", "term", "num"},
	"chc/pipeline":    {"chc", "chc/passes", "chc/witness"},
	"chc/houdini":     {"chc", "smt", "term", "num"},
	"spacer":          {"chc", "chc/houdini", "smt", "mbp", "itp", "term", "num"},
	"engines":         {"chc", "chc/passes", "chc/witness", "chc/houdini", "spacer", "smt", "mbp", "itp", "smtlib", "term", "num"},
	"gospacer (root)": {"chc", "chc/passes", "chc/witness", "chc/pipeline", "chc/houdini", "spacer", "engines", "smtlib", "smt", "mbp", "itp", "term", "num"},
}

func closure(pkg string, seen map[string]bool) {
	for _, q := range mayImport[pkg] {
		if !seen[q] {
			seen[q] = true
			closure(q, seen)
		}
	}
}

// layer maps an import path of this module to its row: its top-level
// package, or for chc's sub-packages the sub-package (each is a room of
// its own: the passes, the witness checkers, the pipeline).
func layer(path string) string {
	rel := strings.TrimPrefix(strings.TrimPrefix(path, module), "/")
	if rel == "" {
		return "gospacer (root)"
	}
	if strings.HasPrefix(rel, "chc/") {
		if i := strings.IndexByte(rel[len("chc/"):], '/'); i >= 0 {
			rel = rel[:len("chc/")+i]
		}
		return rel
	}
	if i := strings.IndexByte(rel, '/'); i >= 0 && !strings.HasPrefix(rel, "cmd/") {
		rel = rel[:i]
	}
	return rel
}

func TestImportGraph(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go tool not on PATH")
	}
	cmd := exec.Command(goTool, "list", "-deps=false", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}} |{{range .Deps}} {{.}}{{end}}`, "./...")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	checked := 0
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || !strings.HasPrefix(fields[0], module) {
			continue
		}
		from := layer(fields[0])
		if _, ok := mayImport[from]; !ok {
			continue // fuzz, cmd/...: anything goes
		}
		direct := map[string]bool{from: true}
		for _, q := range mayImport[from] {
			direct[q] = true
		}
		allowed := map[string]bool{from: true}
		closure(from, allowed)
		var bad, badDirect []string
		inDeps := false
		for _, dep := range fields[1:] {
			if dep == "|" {
				inDeps = true
				continue
			}
			if !strings.HasPrefix(dep, module+"/") && dep != module {
				continue
			}
			to := layer(dep)
			if !inDeps && !direct[to] {
				badDirect = append(badDirect, to)
			}
			if inDeps && !allowed[to] {
				bad = append(bad, to)
			}
		}
		sort.Strings(bad)
		if len(badDirect) > 0 {
			t.Errorf("%s imports %v directly, outside its row of DEVELOPERS.md (%v)", from, badDirect, mayImport[from])
		}
		if len(bad) > 0 {
			t.Errorf("%s depends on %v, outside what DEVELOPERS.md allows (%v)", from, bad, mayImport[from])
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("go list reported no packages of this module")
	}
}

// TestLayoutTableMatchesDevelopers checks that the table above is the one
// in DEVELOPERS.md.
func TestLayoutTableMatchesDevelopers(t *testing.T) {
	data, err := os.ReadFile("DEVELOPERS.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := 0
	for _, line := range strings.Split(string(data), "\n") {
		cells := strings.Split(line, "|")
		if len(cells) != 5 {
			continue
		}
		pkg := strings.TrimSpace(cells[1])
		want, ok := mayImport[pkg]
		if !ok {
			continue
		}
		rows++
		var got []string
		for _, q := range strings.Split(cells[3], ",") {
			if q = strings.TrimSpace(q); q != "" && q != "—" {
				got = append(got, q)
			}
		}
		a, b := append([]string(nil), got...), append([]string(nil), want...)
		sort.Strings(a)
		sort.Strings(b)
		if strings.Join(a, ",") != strings.Join(b, ",") {
			t.Errorf("%s: DEVELOPERS.md says %v, the test table says %v", pkg, got, want)
		}
	}
	if rows != len(mayImport) {
		t.Errorf("found %d of %d packages in DEVELOPERS.md's table", rows, len(mayImport))
	}
}

// TestCheckersIndependent checks the rule behind chc/witness's row: the
// checkers of witnesses depend on no preprocessing pass and no engine,
// so that a bug on a solving path cannot also hide in its check.
func TestCheckersIndependent(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go tool not on PATH")
	}
	cmd := exec.Command(goTool, "list", "-f", `{{join .Deps " "}}`, "./chc/witness")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		switch l := layer(dep); {
		case !strings.HasPrefix(dep, module):
		case l == "chc/passes", l == "chc/pipeline", l == "spacer", l == "engines", l == "gospacer (root)":
			t.Errorf("chc/witness depends on %s", dep)
		}
	}
}
