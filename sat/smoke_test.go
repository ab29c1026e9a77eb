package sat

import (
	"os"
	"testing"
	"time"
)

func TestSmokeBench(t *testing.T) {
	for _, name := range []string{"SAT-bench-uf50-046.cnf", "rsolve-hole6.cnf", "SAT-bench-uf250-067.cnf", "SAT-bench-uuf250-016.cnf"} {
		f, err := os.Open("../../shared/bench/cnf/" + name)
		if err != nil {
			t.Skip(err)
		}
		cnf, err := ParseDIMACS(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		s := New(Options{})
		for _, c := range cnf.Clauses {
			s.AddClause(c...)
		}
		st := time.Now()
		r := solve(s)
		t.Logf("%s: %v %v %v", name, r, time.Since(st), s.Stats())
		if r == Sat {
			checkModel(t, s, cnf.Clauses, nil)
		}
	}
}
