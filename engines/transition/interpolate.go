package transition

import (
	"context"

	"github.com/seed-f9c3434d/gospacer/itp"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Interpolate returns the proof-based interpolant of A and B
// (unsatisfiable together; itp.ErrSatisfiable when A ∧ B has a model),
// simplified.
//
// Interpolating cores (itp.Core: usually one Farkas inequality over the
// shared symbols) were tried for the cubes pdkind's reachability asks
// about; they solved fewer files (pdkind on lia-lin at 10 s, same run:
// 39 of 60 with cores, 41 with proof-based interpolants, none solved by
// cores alone), and each costs several fresh solves of A.
func Interpolate(ctx context.Context, st *term.Store, A, B *term.Term) (*term.Term, error) {
	I, err := itp.Binary(ctx, st, A, B)
	if err != nil {
		return nil, err
	}
	return st.Simplify(I), nil
}
