package gospacer_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/seed-f9c3434d/gospacer"
	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/term"
)

// TestNormalizeRejects: what cannot be normalised is an error that says
// what and where.
func TestNormalizeRejects(t *testing.T) {
	st := term.NewStore()
	u := st.UninterpretedSort("U")
	mk := func() (*chc.System, *chc.Pred, *term.Term) {
		sys := &chc.System{St: st}
		p := sys.NewPred(st.Func("P", []*term.Sort{term.IntSort}, term.BoolSort))
		return sys, p, st.Const("x", term.IntSort)
	}
	fact := func(p *chc.Pred, arg, cons *term.Term) *chc.Clause {
		return &chc.Clause{Head: &chc.Atom{Pred: p, Args: []*term.Term{arg}}, Constraint: cons}
	}
	for _, tc := range []struct {
		name  string
		build func() *chc.System
		msg   string
	}{
		{"no store", func() *chc.System { return &chc.System{} }, "needs a term store"},
		{"foreign predicate", func() *chc.System {
			sys, _, x := mk()
			_, q, _ := mk()
			sys.Clauses = append(sys.Clauses, fact(q, x, nil))
			return sys
		}, "clause 0 (): an atom's predicate is not one of the system's"},
		{"arity", func() *chc.System {
			sys, p, x := mk()
			sys.Clauses = append(sys.Clauses, &chc.Clause{Head: &chc.Atom{Pred: p, Args: []*term.Term{x, x}}})
			return sys
		}, "P applied to 2 arguments, its arity is 1"},
		{"sort", func() *chc.System {
			sys, p, _ := mk()
			sys.Clauses = append(sys.Clauses, fact(p, st.True(), nil))
			return sys
		}, "argument 0 of P is not of sort Int"},
		{"predicate in the constraint", func() *chc.System {
			sys, p, x := mk()
			sys.Clauses = append(sys.Clauses, fact(p, x, st.Apply(p.Func, x)))
			return sys
		}, "the constraint applies the predicate P"},
		{"uninterpreted function", func() *chc.System {
			sys, p, x := mk()
			f := st.Func("f", []*term.Sort{term.IntSort}, term.IntSort)
			sys.Clauses = append(sys.Clauses, fact(p, st.Apply(f, x), nil))
			return sys
		}, "argument 0 of P applies the uninterpreted function f"},
		{"quantifier", func() *chc.System {
			sys, p, x := mk()
			y := st.BoundVar("y", term.IntSort)
			sys.Clauses = append(sys.Clauses, fact(p, x, st.Forall([]*term.Term{y}, st.Le(y, x))))
			return sys
		}, "the constraint has a quantifier"},
		{"non-Boolean constraint", func() *chc.System {
			sys, p, x := mk()
			sys.Clauses = append(sys.Clauses, fact(p, x, x))
			return sys
		}, "the constraint is of sort Int, not Bool"},
		{"uninterpreted sort", func() *chc.System {
			sys := &chc.System{St: st}
			sys.NewPred(st.Func("Q", []*term.Sort{u}, term.BoolSort))
			return sys
		}, "predicate Q: sort U is not supported"},
		{"predicate ID", func() *chc.System {
			sys, p, _ := mk()
			sys.Preds = append(sys.Preds, p)
			return sys
		}, "predicate P: ID 0 at index 1"},
		{"not a predicate", func() *chc.System {
			sys := &chc.System{St: st}
			sys.NewPred(st.Func("g", []*term.Sort{term.IntSort}, term.IntSort))
			return sys
		}, "predicate g: of range Int, not Bool"},
		{"foreign term", func() *chc.System {
			sys, p, x := mk()
			sys.Clauses = append(sys.Clauses, fact(p, x, term.NewStore().True()))
			return sys
		}, "the constraint has a term of another store"},
		{"nil clause", func() *chc.System {
			sys, _, _ := mk()
			sys.Clauses = append(sys.Clauses, nil)
			return sys
		}, "clause 0 is nil"},
		{"Vars holds a term", func() *chc.System {
			sys, p, x := mk()
			c := fact(p, x, nil)
			c.Vars = []*term.Term{st.Add(x, st.Int(1))}
			sys.Clauses = append(sys.Clauses, c)
			return sys
		}, "Vars holds (+ x 1), not a constant"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := gospacer.Normalize(tc.build())
			require.ErrorContains(t, err, tc.msg)
			_, err = gospacer.Solve(context.Background(), tc.build())
			require.ErrorContains(t, err, tc.msg)
		})
	}
}

// TestNormalizeUnchanged: a normalised system comes back as it is.
func TestNormalizeUnchanged(t *testing.T) {
	sys, _, err := chc.Read("unsafe.smt2", strings.NewReader(hardSrc), term.NewStore())
	require.NoError(t, err)
	got, err := gospacer.Normalize(sys)
	require.NoError(t, err)
	require.Same(t, sys, got)
}

// TestNormalizeShapes: repeated variables, a predicate's parameter used
// as a clause variable, Vars left nil, terms as arguments: each clause
// comes out normalised, and the answer is the one of the same system
// written in SMT-LIB.
func TestNormalizeShapes(t *testing.T) {
	st := term.NewStore()
	sys := &chc.System{St: st}
	p := sys.NewPred(st.Func("P", []*term.Sort{term.IntSort, term.IntSort}, term.BoolSort))
	x, y := st.Const("x", term.IntSort), st.Const("y", term.IntSort)
	px := p.Params[0] // a parameter as a clause variable
	sys.Clauses = []*chc.Clause{
		// P(x, x) for 0 <= x <= 2
		{Head: &chc.Atom{Pred: p, Args: []*term.Term{x, x}}, Constraint: st.And(st.Le(st.Int(0), x), st.Le(x, st.Int(2)))},
		// P(px, y) ⇒ P(px + 1, y + 1)
		{Head: &chc.Atom{Pred: p, Args: []*term.Term{st.Add(px, st.Int(1)), st.Add(y, st.Int(1))}},
			Body: []chc.Atom{{Pred: p, Args: []*term.Term{px, y}}}, Vars: []*term.Term{y}},
		// P(x, y) ∧ x ≠ y ⇒ false
		{Body: []chc.Atom{{Pred: p, Args: []*term.Term{x, y}}}, Constraint: st.Not(st.Eq(x, y)), Vars: []*term.Term{x, y}},
	}
	norm, err := gospacer.Normalize(sys)
	require.NoError(t, err)
	require.NotSame(t, sys, norm)
	require.Same(t, sys.Clauses[2], norm.Clauses[2], "a normal clause is kept")
	isParam := map[*term.Term]bool{p.Params[0]: true, p.Params[1]: true}
	for _, c := range norm.Clauses {
		vars := map[*term.Term]bool{}
		for _, v := range c.Vars {
			require.False(t, isParam[v], "%v", c)
			vars[v] = true
		}
		seen := map[*term.Term]bool{}
		atoms := append([]chc.Atom(nil), c.Body...)
		if c.Head != nil {
			atoms = append(atoms, *c.Head)
		}
		for _, a := range atoms {
			for _, v := range a.Args {
				require.True(t, vars[v] && !seen[v], "argument %v", v)
				seen[v] = true
			}
		}
		for _, v := range term.FreeConsts(c.Constraint) {
			require.True(t, vars[v], "constant %v", v)
		}
	}
	require.Equal(t, "clause 0", norm.Clauses[0].Origin)
	res, err := gospacer.Solve(context.Background(), sys, gospacer.WithTimeout(20*time.Second))
	require.NoError(t, err)
	require.Equal(t, gospacer.Sat, res.Answer, "%v", res.Reason)

	sys.Clauses[0].Constraint = st.And(st.Le(st.Int(0), x), st.Le(x, st.Int(2)), st.Eq(x, st.Int(1)))
	sys.Clauses[2].Constraint = st.Eq(x, st.Add(y, st.Int(1)))
	res, err = gospacer.Solve(context.Background(), sys, gospacer.WithTimeout(20*time.Second))
	require.NoError(t, err)
	require.Equal(t, gospacer.Sat, res.Answer, "%v", res.Reason)
}

// TestNormalizeProp: random systems, denormalised (an argument x becomes
// the term (x + 1) - 1, a variable becomes a predicate's parameter, Vars
// dropped), get through Solve the answer brute force gives the original.
func TestNormalizeProp(t *testing.T) {
	decided := 0
	rapid.Check(t, func(t *rapid.T) {
		st := term.NewStore()
		s := fuzz.CHCSystem(st, 0, 2).Draw(t, "system")
		want, err := fuzz.BruteCHC(s, 0, 2)
		if err != nil {
			t.Skip(err)
		}
		d := &chc.System{St: st, Preds: s.Preds}
		for _, c := range s.Clauses {
			var from, to []*term.Term
			if len(c.Vars) > 0 && rapid.Bool().Draw(t, "rename") {
				v := c.Vars[rapid.IntRange(0, len(c.Vars)-1).Draw(t, "var")]
				for _, p := range s.Preds {
					for _, x := range p.Params {
						if x.Sort() == v.Sort() && len(from) == 0 {
							from, to = []*term.Term{v}, []*term.Term{x}
						}
					}
				}
			}
			sub := func(u *term.Term) *term.Term {
				if len(from) == 0 {
					return u
				}
				return st.Substitute(u, from, to)
			}
			atom := func(a chc.Atom, label string) chc.Atom {
				args := make([]*term.Term, len(a.Args))
				for k, x := range a.Args {
					args[k] = sub(x)
					if x.Sort() == term.IntSort && rapid.Bool().Draw(t, label) {
						args[k] = st.Sub(st.Add(args[k], st.Int(1)), st.Int(1))
					}
				}
				return chc.Atom{Pred: a.Pred, Args: args}
			}
			nc := &chc.Clause{Constraint: sub(c.Constraint), Origin: c.Origin}
			if !rapid.Bool().Draw(t, "dropVars") {
				for _, v := range c.Vars {
					nc.Vars = append(nc.Vars, sub(v))
				}
			}
			if c.Head != nil {
				h := atom(*c.Head, "head")
				nc.Head = &h
			}
			for _, b := range c.Body {
				nc.Body = append(nc.Body, atom(b, "body"))
			}
			d.Clauses = append(d.Clauses, nc)
		}
		res, err := gospacer.Solve(context.Background(), d, gospacer.WithTimeout(5*time.Second))
		if err != nil {
			t.Fatalf("%v\n%s", err, s)
		}
		if res.Answer == gospacer.Unknown {
			if !errorsIsLimit(res.Reason) {
				t.Fatalf("unknown: %v\n%s", res.Reason, s)
			}
			return
		}
		decided++
		if res.Answer != want.Answer {
			t.Fatalf("answer %s, brute force %s\n%s", res.Answer, want.Answer, s)
		}
	})
	t.Logf("%d decided", decided)
}

// errorsIsLimit reports whether an Unknown reason is a limit (time,
// memory, the engine's own) rather than a bug.
func errorsIsLimit(reason error) bool {
	return !errors.Is(reason, gospacer.ErrInternal)
}
