package smt

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/seed-f9c3434d/gospacer/sat"
	"github.com/seed-f9c3434d/gospacer/term"
)

// WriteDIMACS writes the SAT problem that Check(ctx, assumptions...)
// would solve as a DIMACS CNF file (sat.Solver.WriteDIMACS): the
// assertions encoded and blasted, the open scopes and the assumptions as
// unit clauses. It is a debugging aid, for comparing the SAT core with
// other SAT solvers on blasted queries; it refuses a problem in which a
// theory other than bit-vectors has atoms, since the file would leave
// the theory out.
func (s *Solver) WriteDIMACS(ctx context.Context, w io.Writer, assumptions ...*term.Term) error {
	pctx := newPolling(ctx)
	if s.bvb != nil {
		if err := s.bvb.flush(pctx); err != nil {
			return err
		}
	}
	s.th.ctx = pctx
	defer func() { s.th.ctx = nil }()
	lits := make([]sat.Lit, 0, len(s.scopes)+len(assumptions))
	for _, sc := range s.scopes {
		lits = append(lits, sc.act)
	}
	for _, a := range assumptions {
		if !a.Sort().IsBool() {
			return fmt.Errorf("dimacs: assumption of sort %v", a.Sort())
		}
		m, err := s.enc.encode(a)
		if err != nil {
			return err
		}
		lits = append(lits, m)
	}
	if s.hasTheoryVars() {
		return errors.New("dimacs: the problem has atoms of a theory other than bit-vectors")
	}
	return s.sat.WriteDIMACS(w, lits)
}

// hasTheoryVars reports whether a plugin owns a SAT variable.
func (s *Solver) hasTheoryVars() bool {
	for _, o := range s.th.owner {
		if o != 0 {
			return true
		}
	}
	return false
}
