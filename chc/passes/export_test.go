package passes

import (
	"context"

	"github.com/seed-f9c3434d/gospacer/chc"
)

// WithKept gives ctx a memo of kept clauses, as Preprocess does, and a
// function reporting whether a pass recorded c in it.
func WithKept(ctx context.Context) (context.Context, func(c *chc.Clause) bool) {
	k := &kept{}
	return context.WithValue(ctx, keptKey{}, k), func(c *chc.Clause) bool {
		return k.has("simplify", c) || k.has("locals", c)
	}
}
