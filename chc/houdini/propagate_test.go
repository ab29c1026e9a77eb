package houdini

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
	"pgregory.net/rapid"
)

// propagateEveryRound is Propagate as it was first written: every round
// carries every candidate of each head through every clause again.
func (p *Pool) propagateEveryRound(s *chc.System, constraint func(*chc.Clause) *term.Term) {
	st := p.st
	for round := 0; round < len(s.Preds); round++ {
		before := p.Added
		for _, c := range s.Clauses {
			if c.Head == nil || len(c.Body) == 0 {
				continue
			}
			def := Definitions(st, clauseConstraint(c, constraint))
			h := c.Head
			for _, b := range c.Body {
				inBody := map[*term.Term]int{}
				for i, a := range b.Args {
					inBody[a] = i
				}
				var from, to []*term.Term
				for i, a := range h.Args {
					if j, ok := inBody[a]; ok {
						from, to = append(from, h.Pred.Params[i]), append(to, b.Pred.Params[j])
						continue
					}
					t := def[a]
					if t == nil {
						continue
					}
					over := true
					for _, v := range term.FreeConsts(t) {
						_, in := inBody[v]
						over = over && in
					}
					if over {
						from, to = append(from, h.Pred.Params[i]), append(to, st.Substitute(t, b.Args, b.Pred.Params))
					}
				}
				mapped := map[*term.Term]bool{}
				for _, x := range from {
					mapped[x] = true
				}
				for _, f := range p.Cands[h.Pred.ID] {
					ok := true
					for _, v := range term.FreeConsts(f) {
						ok = ok && mapped[v]
					}
					if ok {
						p.Add(b.Pred, st.Simplify(st.Substitute(f, from, to)))
					}
				}
			}
		}
		if p.Added == before {
			return
		}
	}
}

// TestPropPropagateOnce: on drawn systems of a few predicates over three
// integers, linked by clauses that copy, swap, shift and set their
// arguments, Propagate (each candidate carried once through each clause)
// gives the candidates, in the same order, that carrying them all every
// round gives.
func TestPropPropagateOnce(t *testing.T) {
	grew := 0
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 4).Draw(t, "preds")
		var b strings.Builder
		b.WriteString("(set-logic HORN)\n")
		for i := range n {
			fmt.Fprintf(&b, "(declare-fun p%d (Int Int Int) Bool)\n", i)
		}
		vars := "((a Int) (b Int) (c Int) (d Int) (e Int) (f Int))"
		lit := func(name string, xs ...string) string {
			x := rapid.SampledFrom(xs).Draw(t, name+"x")
			y := rapid.SampledFrom(xs).Draw(t, name+"y")
			k := fmt.Sprint(rapid.IntRange(-2, 2).Draw(t, name+"k"))
			if k[0] == '-' {
				k = "(- " + k[1:] + ")"
			}
			return rapid.SampledFrom([]string{
				fmt.Sprintf("(= %s %s)", x, k), fmt.Sprintf("(<= %s %s)", x, y),
				fmt.Sprintf("(= %s (+ %s %s))", x, y, k), fmt.Sprintf("(>= %s %s)", x, k),
			}).Draw(t, name)
		}
		fmt.Fprintf(&b, "(assert (forall %s (=> (and %s %s) (p0 a b c))))\n", vars, lit("f1", "a", "b", "c"), lit("f2", "a", "b", "c"))
		for k := range rapid.IntRange(1, 6).Draw(t, "steps") {
			from := rapid.IntRange(0, n-1).Draw(t, fmt.Sprint("from", k))
			to := rapid.IntRange(0, n-1).Draw(t, fmt.Sprint("to", k))
			args := rapid.Permutation([]string{"a", "b", "c", "d", "e", "f"}).Draw(t, fmt.Sprint("args", k))[:3]
			fmt.Fprintf(&b, "(assert (forall %s (=> (and (p%d a b c) %s %s) (p%d %s))))\n", vars, from,
				lit(fmt.Sprint("s", k), "a", "b", "c", "d", "e", "f"), lit(fmt.Sprint("t", k), "a", "b", "c", "d", "e", "f"), to, strings.Join(args, " "))
		}
		fmt.Fprintf(&b, "(assert (forall %s (=> (and (p%d a b c) %s) false)))\n", vars, rapid.IntRange(0, n-1).Draw(t, "query"), lit("q", "a", "b", "c"))
		s, _, err := chc.Read("drawn.smt2", strings.NewReader(b.String()), term.NewStore())
		if err != nil {
			t.Fatalf("%v\n%s", err, b.String())
		}
		pools := [2]*Pool{}
		for i := range pools {
			pools[i] = NewPool(s)
			pools[i].QueryCandidates(s, nil)
			pools[i].FactCandidates(s, nil)
			pools[i].ParamCandidates(s)
		}
		added := pools[0].Added
		pools[0].Propagate(s, nil)
		pools[1].propagateEveryRound(s, nil)
		if pools[0].Added > added {
			grew++
		}
		for i := range s.Preds {
			if !slices.Equal(pools[0].Cands[i], pools[1].Cands[i]) {
				t.Fatalf("%s: candidates of %s\n  once:        %v\n  every round: %v", b.String(), s.Preds[i].Name(), pools[0].Cands[i], pools[1].Cands[i])
			}
		}
	})
	if grew == 0 {
		t.Fatal("propagation added nothing on any drawn system")
	}
}
