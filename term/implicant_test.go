package term_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// implicantOf is one cube: Reset, then Append of each formula.
func implicantOf(m *term.Model, opts term.ImplicantOptions, fs ...*term.Term) ([]*term.Term, error) {
	var im term.Implicant
	im.Reset(m, opts)
	var lits []*term.Term
	for _, f := range fs {
		var err error
		if lits, err = im.Append(lits, f); err != nil {
			return nil, err
		}
	}
	return lits, nil
}

func TestImplicantTable(t *testing.T) {
	g := newSig()
	st, x, y, z, r, s, p, q, a := g.st, g.x, g.y, g.z, g.r, g.s, g.p, g.q, g.a
	i := st.Int
	m := term.NewModel(st)
	m.Set(x, i(1))
	m.Set(y, i(3))
	m.Set(z, i(3))
	m.Set(r, st.Real(num.NewRat(1, 2)))
	m.Set(s, st.Real(num.NewRat(0, 1)))
	m.Set(p, st.True())
	m.Set(q, st.False())
	m.Set(a, st.Store(st.ConstArrayOf(a.Sort(), i(0)), i(1), i(7)))
	none := term.ImplicantOptions{}
	split := term.ImplicantOptions{SplitDiseq: true}
	res := term.ImplicantOptions{ResolveIte: true}
	both := term.ImplicantOptions{SplitDiseq: true, ResolveIte: true}
	noX := term.ImplicantOptions{ResolveIte: true, Keep: func(u *term.Term) bool { return !mentions(u, x) }}
	iteX := st.Ite(st.Gt(x, i(0)), x, st.Neg(x)) // |x|
	for _, c := range []struct {
		f    *term.Term
		opts term.ImplicantOptions
		want string // literals joined by " "
	}{
		{st.True(), none, ""},
		{st.And(st.Lt(x, y), p, st.Not(q)), none, "(< x y) p (not q)"},
		{st.Or(st.Lt(y, x), st.Le(x, i(1)), p), none, "(<= x 1)"},
		{st.Not(st.And(p, q, st.Lt(y, x))), none, "(not q)"},
		{st.Implies(p, st.Eq(y, z)), none, "(= y z)"},
		{st.Implies(q, st.Eq(x, z)), none, "(not q)"},
		{st.Not(st.Implies(p, q)), none, "p (not q)"},
		{st.Xor(p, q), none, "p (not q)"},
		{st.Eq(p, st.Lt(x, y)), none, "p (< x y)"},
		{st.Not(st.Eq(q, st.Lt(x, y))), none, "(not q) (< x y)"},
		{st.Distinct(p, q), none, "p (not q)"},
		{st.Ite(q, st.Lt(y, x), st.Gt(y, x)), none, "(not q) (> y x)"},
		{st.Not(st.Ite(p, st.Lt(y, x), q)), none, "p (not (< y x))"},
		// equalities over other sorts
		{st.Mk(term.OpEq, y, z, i(3)), none, "(= y z) (= y 3)"},
		{st.Not(st.Mk(term.OpEq, y, z, x)), none, "(not (= y x))"},
		{st.Not(st.Mk(term.OpEq, y, z, x)), split, "(> y x)"},
		{st.Distinct(x, y, i(4)), none, "(not (= x y)) (not (= x 4)) (not (= y 4))"},
		{st.Distinct(x, y, i(4)), split, "(< x y) (< x 4) (< y 4)"},
		{st.Not(st.Distinct(x, y, z)), none, "(= y z)"},
		{st.Not(st.Eq(a, st.ConstArrayOf(a.Sort(), i(0)))), split, "(not (= a ((as const (Array Int Int)) 0)))"},
		// disequalities
		{st.Not(st.Eq(x, y)), none, "(not (= x y))"},
		{st.Not(st.Eq(x, y)), split, "(< x y)"},
		{st.Not(st.Eq(r, s)), split, "(> r s)"},
		{st.Not(st.Le(y, x)), split, "(not (<= y x))"},
		// ite inside atoms
		{st.Le(iteX, i(3)), none, "(<= (ite (> x 0) x (- x)) 3)"},
		{st.Le(iteX, i(3)), res, "(> x 0) (<= x 3)"},
		{st.Not(st.Eq(st.Select(a, st.Ite(p, x, y)), i(0))), both, "p (> (select a x) 0)"},
		{st.Not(st.Eq(st.Select(a, st.Ite(p, x, y)), i(0))), split, "(> (select a (ite p x y)) 0)"},
		{st.Lt(st.Ite(st.Or(q, st.Lt(y, x)), x, y), st.Ite(p, i(5), x)), res, "(not q) (not (< y x)) p (< y 5)"},
		// kept subformulas: those without x
		{st.And(st.Or(p, q), st.Lt(x, st.Ite(p, y, z))), noX, "(or p q) (< x (ite p y z))"},
		{st.Or(st.Lt(y, x), st.Not(st.And(q, st.Eq(y, z)))), noX, "(not (and q (= y z)))"},
		{st.Le(st.Add(x, st.Ite(p, y, z)), i(5)), noX, "(<= (+ x (ite p y z)) 5)"},
		{st.Le(st.Add(x, st.Ite(p, y, z)), i(5)), term.ImplicantOptions{ResolveIte: true, Keep: func(u *term.Term) bool { return !mentions(u, x) && u.Sort().IsBool() }}, "p (<= (+ x y) 5)"},
	} {
		got, err := implicantOf(m, c.opts, c.f)
		require.NoError(t, err, "%v", c.f)
		require.Equal(t, c.want, join(got), "implicant of %v", c.f)
	}
}

func TestImplicantCube(t *testing.T) {
	g := newSig()
	st, x, y, p := g.st, g.x, g.y, g.p
	m := term.NewModel(st)
	m.Set(x, st.Int(2))
	m.Set(p, st.True())
	// a cube across Appends: literals are not repeated
	got, err := implicantOf(m, term.ImplicantOptions{}, st.And(p, st.Lt(y, x)), st.Or(st.Lt(x, y), p), st.Lt(y, x))
	require.NoError(t, err)
	require.Equal(t, "p (< y x)", join(got))
	// Reset starts afresh, and the Implicant is reusable
	var im term.Implicant
	for range 2 {
		im.Reset(m, term.ImplicantOptions{})
		lits, err := im.Append(nil, st.And(p, p))
		require.NoError(t, err)
		require.Equal(t, "p", join(lits))
	}
}

func TestImplicantErrors(t *testing.T) {
	g := newSig()
	st, x, p := g.st, g.x, g.p
	m := term.NewModel(st)
	var im term.Implicant
	_, err := im.Append(nil, p)
	require.ErrorContains(t, err, "before Reset")
	im.Reset(m, term.ImplicantOptions{})
	for _, c := range []struct {
		f    *term.Term
		want string
	}{
		{p, "false in the model"},
		{st.And(st.Not(p), st.Lt(x, st.Int(0))), "false in the model"},
		{x, "of sort Int"},
		{st.Forall([]*term.Term{st.BoundVar("k", term.IntSort)}, st.Le(st.BoundVar("k", term.IntSort), x)), "quantifier"},
		{st.BoundVar("b", term.BoolSort), "bound variable"},
	} {
		lits, err := im.Append([]*term.Term{p}, c.f)
		require.ErrorContains(t, err, c.want, "%v", c.f)
		require.Equal(t, "p", join(lits), "dst unchanged")
	}
}

// TestImplicantAllocs: a warm Implicant over atoms that exist walks
// without allocating.
func TestImplicantAllocs(t *testing.T) {
	g := newSig()
	st, x, y, z, p, q := g.st, g.x, g.y, g.z, g.p, g.q
	m := term.NewModel(st)
	m.Set(x, st.Int(1))
	m.Set(p, st.True())
	f := st.And(st.Or(st.Lt(y, x), p), st.Implies(q, st.Lt(x, z)), st.Eq(p, st.Not(q)),
		st.Le(st.Ite(p, x, y), st.Int(3)), st.Not(st.Eq(x, z)))
	opts := term.ImplicantOptions{SplitDiseq: true, ResolveIte: true}
	var im term.Implicant
	dst := make([]*term.Term, 0, 16)
	run := func() {
		im.Reset(m, opts)
		if _, err := im.Append(dst[:0], f); err != nil {
			t.Fatal(err)
		}
	}
	run()
	if n := testing.AllocsPerRun(100, run); n > 0 {
		t.Errorf("%v allocations per implicant, want 0", n)
	}
}

func join(ts []*term.Term) string {
	s := make([]string, len(ts))
	for i, u := range ts {
		s[i] = u.String()
	}
	return strings.Join(s, " ")
}

func mentions(u, x *term.Term) bool {
	for v := range term.PostOrder(u) {
		if v == x {
			return true
		}
	}
	return false
}

// ---- properties ----

// implicantCase is a formula true in a model and an implicant's options;
// keep is the constant the option Keep keeps subformulas without, or nil.
type implicantCase struct {
	propCase
	opts term.ImplicantOptions
	keep *term.Term
}

// drawImplicantCase draws a formula (negated when false in the model, so
// true there), a model and options. Quantified formulas that Eval cannot
// expand are redrawn (their error is TestImplicantErrors').
func drawImplicantCase(t *rapid.T) implicantCase {
	c := drawCase(t, true)
	if v, err := c.m.EvalBool(c.t); err != nil {
		t.Skip("not evaluable:", err)
	} else if !v {
		c.t = c.st.Not(c.t)
	}
	ic := implicantCase{propCase: c}
	ic.opts.SplitDiseq = rapid.Bool().Draw(t, "split")
	ic.opts.ResolveIte = rapid.Bool().Draw(t, "resolve")
	if rapid.IntRange(0, 3).Draw(t, "keep") == 0 {
		ic.keep = rapid.SampledFrom(fuzz.Consts(c.st, c.cfg)).Draw(t, "kept without")
		ic.opts.Keep = func(u *term.Term) bool { return !mentions(u, ic.keep) }
	}
	return ic
}

// TestPropImplicantLiterals: each output is a literal (an atom or a
// negated atom; a kept formula is any formula Keep accepts), true in the
// model, without duplicates; under ResolveIte no ite outside kept
// subterms and quantifiers; under SplitDiseq no arithmetic disequality.
// Two runs give the same cube.
func TestPropImplicantLiterals(t *testing.T) {
	fuzz.Check(t, propCases, func(t *rapid.T) {
		c := drawImplicantCase(t)
		lits, err := implicantOf(c.m, c.opts, c.t)
		if err != nil {
			t.Fatalf("implicant of %v: %v", c.t, err)
		}
		again, _ := implicantOf(c.m, c.opts, c.t)
		if join(again) != join(lits) {
			t.Fatalf("two runs differ: %v and %v", lits, again)
		}
		seen := map[*term.Term]bool{}
		for _, l := range lits {
			if seen[l] {
				t.Fatalf("literal %v twice in %v", l, lits)
			}
			seen[l] = true
			if v := mustEval(t, c.m, l); !v.IsTrue() {
				t.Fatalf("literal %v of the implicant of %v is false in the model\n%v", l, c.t, c.m)
			}
			kept := c.opts.Keep != nil && c.opts.Keep(l)
			if !kept && !isLiteral(l) {
				t.Fatalf("%v in the implicant of %v is not a literal", l, c.t)
			}
			if kept {
				continue
			}
			atom := l
			if atom.Op() == term.OpNot {
				atom = atom.Arg(0)
			}
			if c.opts.Keep != nil && c.opts.Keep(atom) {
				continue
			}
			if c.opts.SplitDiseq && l.Op() == term.OpNot && atom.Op() == term.OpEq && atom.Arg(0).Sort().IsArith() {
				t.Fatalf("arithmetic disequality %v under SplitDiseq", l)
			}
			if c.opts.ResolveIte && hasIte(atom, c.opts.Keep) {
				t.Fatalf("ite in %v under ResolveIte", l)
			}
		}
	})
}

// TestPropImplicantImplies: the conjunction of the literals implies the
// formula. The smt solver decides lits ∧ ¬f: unsat is the proof; sat
// gives a model of lits and ¬f, a counterexample once checked by Eval;
// formulas smt does not decide (quantifiers, non-linear terms it gives
// up on) are checked by evaluation instead: under 30 drawn models, where
// the literals hold the formula holds. The counts of both checks are
// logged; the smt check must decide most cases.
func TestPropImplicantImplies(t *testing.T) {
	var decided, evaluated int
	fuzz.Check(t, 1500, func(t *rapid.T) {
		c := drawImplicantCase(t)
		lits, err := implicantOf(c.m, c.opts, c.t)
		if err != nil {
			t.Fatalf("implicant of %v: %v", c.t, err)
		}
		st := c.st
		cube := st.And(append(lits, st.True())...)
		if !c.t.HasQuantifier() {
			s := smt.New(st, smt.Options{})
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			if s.Assert(cube) == nil && s.Assert(st.Not(c.t)) == nil {
				r, err := s.Check(ctx)
				switch {
				case err == nil && r == smt.Unsat:
					decided++
					return
				case err == nil && r == smt.Sat:
					m2 := s.Model()
					if mustEval(t, m2, cube).IsTrue() && mustEval(t, m2, c.t).IsFalse() {
						t.Fatalf("the implicant %v does not imply %v: counterexample\n%v\n%s",
							lits, c.t, m2, fuzz.Script(st, cube, st.Not(c.t)))
					}
				}
			}
		}
		evaluated++
		for k := range 30 {
			m2 := fuzz.ModelFor(st, fuzz.Consts(st, c.cfg), c.cfg).Draw(t, fmt.Sprint("model ", k))
			if !mustEval(t, m2, cube).IsTrue() {
				continue
			}
			if v, err := m2.EvalBool(c.t); err == nil && !v {
				t.Fatalf("the implicant %v does not imply %v: counterexample\n%v", lits, c.t, m2)
			}
		}
	})
	t.Logf("implication decided by smt: %d, checked by evaluation: %d", decided, evaluated)
	if decided < 2*evaluated {
		t.Errorf("smt decided %d implications, %d were only evaluated", decided, evaluated)
	}
}

// isLiteral reports whether l is an atom or a negated atom: no
// connective, Boolean ite, = or distinct over Booleans, no constant.
func isLiteral(l *term.Term) bool {
	if l.Op() == term.OpNot {
		l = l.Arg(0)
	}
	switch l.Op() {
	case term.OpNot, term.OpAnd, term.OpOr, term.OpImplies, term.OpXor, term.OpTrue, term.OpFalse:
		return false
	case term.OpIte, term.OpEq, term.OpDistinct:
		return !l.Arg(1).Sort().IsBool()
	}
	return true
}

// hasIte reports whether an ite occurs in u outside quantifiers and
// subterms keep accepts.
func hasIte(u *term.Term, keep func(*term.Term) bool) bool {
	switch {
	case u.Op().IsQuantifier() || u.HasBound() || keep != nil && keep(u):
		return false
	case u.Op() == term.OpIte:
		return true
	}
	for _, a := range u.Args() {
		if hasIte(a, keep) {
			return true
		}
	}
	return false
}
