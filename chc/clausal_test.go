package chc

import (
	"context"
	"testing"

	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestClausalFormEquivalent checks the clausal form on random Boolean
// combinations (and, or, not, =>, ite, =, xor) of predicate atoms and
// constraints: the conjunction of the clauses is equivalent to the
// formula, with the predicates uninterpreted (the smt solver decides the
// equivalence). 1000 cases.
func TestClausalFormEquivalent(t *testing.T) {
	for range 10 {
		s := readString(t, `(set-logic HORN)(declare-fun P (Int) Bool)(declare-fun Q (Int Int) Bool)`)
		rapid.Check(t, func(t *rapid.T) {
			st := s.St
			rd := testReader(s)
			x, y, b := st.Const("x", term.IntSort), st.Const("y", term.IntSort), st.Const("b", term.BoolSort)
			p, q := s.Preds[0].Func, s.Preds[1].Func
			atoms := []*term.Term{
				st.Apply(p, x), st.Apply(p, y), st.Apply(q, x, y), st.Apply(p, st.Add(x, st.Int(1))),
				st.Gt(x, st.Int(0)), st.Eq(y, st.Add(x, st.Int(1))), b, st.Or(st.Lt(x, y), b),
			}
			var gen func(depth int) *term.Term
			gen = func(depth int) *term.Term {
				if depth == 0 || rapid.IntRange(0, 3).Draw(t, "leaf") == 0 {
					return rapid.SampledFrom(atoms).Draw(t, "atom")
				}
				switch rapid.IntRange(0, 6).Draw(t, "op") {
				case 0:
					return st.Not(gen(depth - 1))
				case 1:
					return st.And(gen(depth-1), gen(depth-1))
				case 2:
					return st.Or(gen(depth-1), gen(depth-1), gen(depth-1))
				case 3:
					return st.Implies(gen(depth-1), gen(depth-1))
				case 4:
					return st.Ite(gen(depth-1), gen(depth-1), gen(depth-1))
				case 5:
					return st.Eq(gen(depth-1), gen(depth-1))
				}
				return st.Xor(gen(depth-1), gen(depth-1))
			}
			f := gen(4)
			cls, _, err := rd.cl.clauses(f)
			if err != nil {
				require.Contains(t, err.Error(), "splits into more than")
				return
			}
			conj := make([]*term.Term, len(cls))
			for i, cl := range cls {
				lits := make([]*term.Term, len(cl))
				for j, l := range cl {
					lits[j] = l.t
					if l.neg {
						lits[j] = st.Not(l.t)
					}
				}
				conj[i] = st.Or(lits...)
			}
			g := st.And(conj...)
			sv := smt.New(st, smt.Options{})
			require.NoError(t, sv.Assert(st.Not(st.Eq(f, g))))
			res, err := sv.Check(context.Background())
			require.NoError(t, err)
			require.Equal(t, smt.Unsat, res, "the clausal form of %s is %s", term.Sprint(f), term.Sprint(g))
		})
	}
}

// TestPropRuleAsConvert: on drawn rules (=> (and A1 ... Ak) H), with
// premises among predicate atoms, true, nested conjunctions, negated
// constraints, double negations and disjunctions, rule's clause (when it
// takes the rule) is the one clause convert gives, literal for literal;
// and it takes every rule whose premises are no connective but and over
// predicates.
func TestPropRuleAsConvert(t *testing.T) {
	s := readString(t, `(set-logic HORN)(declare-fun P (Int) Bool)(declare-fun Q (Int Int) Bool)`)
	taken := 0
	rapid.Check(t, func(t *rapid.T) {
		st := s.St
		rd := testReader(s)
		x, y, b := st.Const("x", term.IntSort), st.Const("y", term.IntSort), st.Const("b", term.BoolSort)
		p, q := s.Preds[0].Func, s.Preds[1].Func
		premises := []*term.Term{
			st.Apply(p, x), st.Apply(q, x, y), st.True(), st.Gt(x, st.Int(0)), b,
			st.Not(st.Eq(y, st.Int(2))), st.Not(st.Not(b)), st.Or(st.Lt(x, y), b),
			st.Not(st.Apply(p, y)), st.And(st.Apply(p, y), st.Le(y, st.Int(3))),
		}
		var gen func(depth int) *term.Term
		gen = func(depth int) *term.Term {
			if depth == 0 || rapid.Bool().Draw(t, "leaf") {
				return rapid.SampledFrom(premises).Draw(t, "premise")
			}
			n := rapid.IntRange(1, 3).Draw(t, "n")
			args := make([]*term.Term, n)
			for i := range args {
				args[i] = gen(depth - 1)
			}
			return st.And(args...)
		}
		head := rapid.SampledFrom([]*term.Term{st.Apply(p, y), st.Apply(q, y, x), st.False()}).Draw(t, "head")
		f := st.Implies(gen(2), head)
		cl, ok := rd.cl.rule(f)
		if !ok {
			return
		}
		taken++
		clear(rd.cl.memo)
		want, err := rd.cl.convert(f, false)
		require.NoError(t, err)
		require.Len(t, want, 1, "%s", term.Sprint(f))
		require.Equal(t, want[0], cl, "%s", term.Sprint(f))
	})
	if taken == 0 {
		t.Fatal("rule took no drawn rule")
	}
}

// testReader is a reader of s's predicates, with its clausifier, for the
// tests that clausify terms built by hand.
func testReader(s *System) *reader {
	rd := &reader{sys: s, outside: map[*term.Func]smtlib.Pos{}}
	for _, p := range s.Preds {
		rd.addPred(p)
	}
	rd.cl = newClausifier(rd)
	return rd
}
