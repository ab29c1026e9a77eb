package passes

import (
	"context"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// WithKept gives ctx a memo of kept clauses, as Preprocess does, and a
// function reporting whether a pass recorded c in it.
func WithKept(ctx context.Context) (context.Context, func(c *chc.Clause) bool) {
	k := &kept{}
	return context.WithValue(ctx, keptKey{}, k), func(c *chc.Clause) bool {
		return k.has("simplify", c) || k.has("locals", c)
	}
}

// InlineCopies is the copies count of Inline's state on s (see
// inliner.copies), by clause index.
func InlineCopies(s *chc.System) (func(i int, bound bool) int, error) {
	in, err := newInliner(chc.NewBudget(context.Background()), s)
	if err != nil {
		return nil, err
	}
	return in.copies, nil
}

// Rename is Inline's rename of t under m.
func Rename(st *term.Store, t *term.Term, m map[*term.Term]*term.Term) *term.Term {
	return (&inliner{st: st}).rename(t, m)
}
