package main

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestRunCNF(t *testing.T) {
	tests := []struct {
		name, in    string
		code        int
		out, errOut string
	}{
		{"sat", "p cnf 3 2\n1 -2 0\n2 3 0\n", 10, "s SATISFIABLE\n", ""},
		{"unsat", "p cnf 1 2\n1 0\n-1 0\n", 20, "s UNSATISFIABLE\n", ""},
		{"empty", "p cnf 0 0\n", 10, "s SATISFIABLE\nv 0\n", ""},
		{"malformed", "p cnf 2 1\n1 q 0\n", 2, "", "f.cnf:2:3: unexpected 'q'\n"},
		{"no header", "1 2 0\n", 2, "", "f.cnf:1:1: clause before the \"p cnf\" header\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := runCNF(&out, &errOut, strings.NewReader(tc.in), "f.cnf", cnfOptions{})
			if code != tc.code {
				t.Fatalf("exit code %d, want %d (stderr %q)", code, tc.code, errOut.String())
			}
			if !strings.HasPrefix(out.String(), tc.out) {
				t.Fatalf("stdout %q, want prefix %q", out.String(), tc.out)
			}
			if errOut.String() != tc.errOut {
				t.Fatalf("stderr %q, want %q", errOut.String(), tc.errOut)
			}
		})
	}
}

// TestRunCNFModel checks the v lines against the formula.
func TestRunCNFModel(t *testing.T) {
	in := "p cnf 40 3\n1 -2 0\n2 3 0\n-1 -3 40 0\n"
	var out, errOut bytes.Buffer
	if code := runCNF(&out, &errOut, strings.NewReader(in), "m.cnf", cnfOptions{}); code != 10 {
		t.Fatalf("exit code %d", code)
	}
	val := map[int]bool{}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	for _, line := range lines[1:] {
		if len(line) > 80 {
			t.Fatalf("v line longer than 80 columns: %q", line)
		}
		f := strings.Fields(line)
		if f[0] != "v" {
			t.Fatalf("bad line %q", line)
		}
		for _, x := range f[1:] {
			d, err := strconv.Atoi(x)
			if err != nil {
				t.Fatal(err)
			}
			if d != 0 {
				val[max(d, -d)] = d > 0
			}
		}
	}
	if len(val) != 40 {
		t.Fatalf("model has %d variables, want 40", len(val))
	}
	holds := func(d int) bool { return val[max(d, -d)] == (d > 0) }
	for _, c := range [][]int{{1, -2}, {2, 3}, {-1, -3, 40}} {
		if !holds(c[0]) && !holds(c[1]) && (len(c) < 3 || !holds(c[2])) {
			t.Fatalf("model falsifies %v", c)
		}
	}
}

func TestRunCNFStatsProofTimeout(t *testing.T) {
	// Pigeonhole 8 into 7: unsatisfiable, with a DRAT proof and stats.
	var in strings.Builder
	const n = 7
	x := func(p, h int) int { return p*n + h + 1 }
	var cs [][]int
	for p := 0; p <= n; p++ {
		var c []int
		for h := 0; h < n; h++ {
			c = append(c, x(p, h))
		}
		cs = append(cs, c)
	}
	for h := 0; h < n; h++ {
		for p := 0; p <= n; p++ {
			for q := p + 1; q <= n; q++ {
				cs = append(cs, []int{-x(p, h), -x(q, h)})
			}
		}
	}
	in.WriteString("p cnf " + strconv.Itoa((n+1)*n) + " " + strconv.Itoa(len(cs)) + "\n")
	for _, c := range cs {
		for _, d := range c {
			in.WriteString(strconv.Itoa(d) + " ")
		}
		in.WriteString("0\n")
	}
	var out, errOut, proof bytes.Buffer
	code := runCNF(&out, &errOut, strings.NewReader(in.String()), "php.cnf", cnfOptions{Stats: true, Proof: &proof})
	if code != 20 || out.String() != "s UNSATISFIABLE\n" {
		t.Fatalf("code %d, stdout %q", code, out.String())
	}
	for _, k := range []string{":sat.conflicts ", ":sat.decisions ", ":sat.propagations ", ":sat.restarts ", ":time "} {
		if !strings.Contains(errOut.String(), k) {
			t.Fatalf("stats lack %q: %q", k, errOut.String())
		}
	}
	if !strings.HasSuffix(proof.String(), "\n0\n") {
		t.Fatalf("DRAT proof does not end with the empty clause")
	}

	// A timeout that has already passed gives UNKNOWN and exit code 0.
	out.Reset()
	code = runCNF(&out, &errOut, strings.NewReader(in.String()), "php.cnf", cnfOptions{Timeout: time.Nanosecond})
	if code != 0 || out.String() != "s UNKNOWN\n" {
		t.Fatalf("code %d, stdout %q", code, out.String())
	}
}
