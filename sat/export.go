package sat

import (
	"bufio"
	"fmt"
	"io"
)

// WriteDIMACS writes the problem the solver holds as a DIMACS CNF file:
// its irredundant clauses (as simplified so far: clauses satisfied at
// level 0 are gone, eliminated variables' clauses too), the level-0
// units, and the assumptions as unit clauses. The file is satisfiable
// iff Solve under the assumptions is, when no theory takes part (the
// theory's lemmas are not irredundant clauses). It is a debugging aid:
// blasted queries go to other SAT solvers for comparison.
func (s *Solver) WriteDIMACS(w io.Writer, assumptions []Lit) error {
	bw := bufio.NewWriter(w)
	if !s.ok {
		fmt.Fprintf(bw, "p cnf %d 1\n0\n", s.NumVars())
		return bw.Flush()
	}
	level0 := len(s.trail)
	if len(s.trailLim) > 0 {
		level0 = int(s.trailLim[0])
	}
	n := level0 + len(assumptions)
	for _, cr := range s.clauses {
		if !s.isDeleted(cr) {
			n++
		}
	}
	fmt.Fprintf(bw, "p cnf %d %d\n", s.NumVars(), n)
	line := func(c []Lit) {
		for _, m := range c {
			fmt.Fprintf(bw, "%d ", m.Dimacs())
		}
		bw.WriteString("0\n")
	}
	for _, m := range s.trail[:level0] {
		line([]Lit{m})
	}
	for _, m := range assumptions {
		line([]Lit{m})
	}
	for _, cr := range s.clauses {
		if !s.isDeleted(cr) {
			line(s.lits(cr))
		}
	}
	return bw.Flush()
}
