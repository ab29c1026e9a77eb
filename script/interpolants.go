package script

import (
	"context"
	"strings"

	"github.com/seed-f9c3434d/gospacer/itp"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
)

// getInterpolants answers SMTInterpol's (get-interpolants P1 ... Pn) after
// an unsat answer: one interpolant per partition but the root, in the
// order of the partitions, each checked by itp.CheckTree before it is
// printed. Every assertion in force must be named and in exactly one
// partition.
func (x *Executor) getInterpolants(ctx context.Context, c *smtlib.Command) {
	if !x.itp {
		x.errorf(c.Pos, "get-interpolants: (set-option :produce-interpolants true) is not set")
		return
	}
	if !x.lastOK || x.last != smt.Unsat {
		x.errorf(c.Pos, "get-interpolants: the last check-sat did not answer unsat")
		return
	}
	if len(x.sol().Assertions()) != len(x.guards) {
		x.errorf(c.Pos, "get-interpolants: every assertion must be named")
		return
	}
	byName := make(map[string]int, len(x.guards))
	for i, g := range x.guards {
		byName[g.name] = i
	}
	used := make([]bool, len(x.guards))
	parts := make([]*term.Term, len(c.Parts))
	for j, names := range c.Parts {
		fs := make([]*term.Term, 0, len(names))
		for _, name := range names {
			i, ok := byName[name]
			if !ok {
				x.errorf(c.Pos, "get-interpolants: no assertion is named %s", term.QuoteSymbol(name))
				return
			}
			if used[i] {
				x.errorf(c.Pos, "get-interpolants: %s is in two partitions", term.QuoteSymbol(name))
				return
			}
			used[i] = true
			fs = append(fs, x.guards[i].t)
		}
		parts[j] = fs[0]
		if len(fs) > 1 {
			parts[j] = x.st.And(fs...)
		}
	}
	for i, u := range used {
		if !u {
			x.errorf(c.Pos, "get-interpolants: assertion %s is in no partition", term.QuoteSymbol(x.guards[i].name))
			return
		}
	}
	is, err := itp.TreeContext(ctx, x.st, parts, c.Parents)
	if err == nil {
		err = itp.CheckTree(x.st, parts, c.Parents, is)
	}
	if err != nil {
		x.errorf(c.Pos, "get-interpolants: %v", err)
		return
	}
	var b strings.Builder
	b.WriteString("(")
	for j, i := range is[:len(is)-1] {
		if j > 0 {
			b.WriteString("\n ")
		}
		b.WriteString(term.Sprint(i))
	}
	b.WriteString(")\n")
	x.out.WriteString(b.String())
}
