package fuzz_test

import (
	"flag"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

var configs = []fuzz.Config{
	{},
	{Theories: fuzz.Bool},
	{Theories: fuzz.LIA},
	{Theories: fuzz.LRA, Vars: 1},
	{Theories: fuzz.Arrays},
	{Theories: fuzz.UF | fuzz.Bool},
	{Theories: fuzz.All, NonLinear: true, Depth: 6, Vars: 3, MaxNum: 10, Quantifiers: true},
}

// rebuild reconstructs u with the checked constructors: a term is well
// sorted iff this succeeds and gives u back.
func rebuild(st *term.Store, u *term.Term) (*term.Term, error) {
	switch op := u.Op(); {
	case op.IsLeaf():
		return u, nil
	case op == term.OpApply:
		return st.App(u.Func(), u.Args()...)
	case op == term.OpConstArray:
		return st.ConstArray(u.Sort(), u.Arg(0))
	case op.IsQuantifier():
		n := u.NumArgs() - 1
		return st.Quantifier(op, u.Args()[:n], u.Arg(n))
	default:
		return st.Build(op, u.Args()...)
	}
}

func TestGeneratorsWellSortedAndInSignature(t *testing.T) {
	fuzz.Check(t, 1000, func(t *rapid.T) {
		st := term.NewStore()
		cfg := rapid.SampledFrom(configs).Draw(t, "cfg")
		sorts := fuzz.Sorts(st, cfg)
		s := rapid.SampledFrom(sorts).Draw(t, "sort")
		u := fuzz.TermOf(st, s, cfg).Draw(t, "t")
		if u.Sort() != s {
			t.Fatalf("TermOf(%v) gave %v of sort %v", s, u, u.Sort())
		}
		consts := fuzz.Consts(st, cfg)
		funcs := fuzz.Funcs(st, cfg)
		for v := range term.PostOrder(u) {
			r, err := rebuild(st, v)
			if err != nil || r != v {
				t.Fatalf("ill-sorted %v: %v", v, err)
			}
			switch {
			case v.Op() == term.OpConst && !slices.Contains(consts, v):
				t.Fatalf("constant %v outside the signature", v)
			case v.Op() == term.OpApply && !slices.Contains(funcs, v.Func()):
				t.Fatalf("function %v outside the signature", v.Func())
			case v.Sort().IsReal() && cfg.Theories&fuzz.LRA == 0 && cfg.Theories != 0:
				t.Fatalf("Real term %v without LRA in %v", v, cfg.Theories)
			case v.Op() == term.OpMul && !cfg.NonLinear && !v.Arg(0).IsNum():
				t.Fatalf("non-linear %v without NonLinear", v)
			}
		}
		m := fuzz.ModelFor(st, consts, cfg).Draw(t, "model")
		for _, c := range m.Consts() {
			v, _ := m.Lookup(c)
			if !v.IsValue() || v.Sort() != c.Sort() {
				t.Fatalf("model value %v for %v", v, c)
			}
		}
		if _, err := m.Eval(u); err != nil {
			t.Fatalf("eval %v: %v", u, err)
		}
	})
}

func TestSignature(t *testing.T) {
	st := term.NewStore()
	cfg := fuzz.Config{Theories: fuzz.All}
	var names []string
	for _, c := range fuzz.Consts(st, cfg) {
		names = append(names, c.Name()+":"+c.Sort().String())
	}
	require.Equal(t, []string{
		"b0:Bool", "b1:Bool", "x0:Int", "x1:Int", "r0:Real", "r1:Real",
		"a0:(Array Int Int)", "a1:(Array Int Int)",
		"n0:(Array Int (Array Int Int))", "n1:(Array Int (Array Int Int))",
		"u0:U", "u1:U",
	}, names)
	var fs []string
	for _, f := range fuzz.Funcs(st, cfg) {
		fs = append(fs, f.Name())
	}
	require.Equal(t, []string{"f", "g", "p", "h", "fr"}, fs)
	require.Equal(t, fuzz.Consts(st, cfg), fuzz.Consts(st, cfg), "deterministic")
	require.Empty(t, fuzz.Funcs(st, fuzz.Config{Theories: fuzz.LIA}))
	require.Equal(t, "Bool|LIA|LRA|Arrays|UF", fuzz.All.String())
}

func TestScript(t *testing.T) {
	st := term.NewStore()
	u := st.UninterpretedSort("U")
	x := st.Const("x", term.IntSort)
	e := st.Const("e", u)
	h := st.Func("h", []*term.Sort{u}, u)
	arr := st.Const("a", st.ArraySort(term.IntSort, u))
	sum := st.Add(x, st.Int(1))
	f := st.And(
		st.Le(st.Mul(sum, sum), st.IntDiv(x, st.Int(0))),
		st.Eq(st.Apply(h, e), st.Value(u, 1)),
		st.Distinct(st.Select(arr, x), st.Value(u, 0)),
	)
	want := `(set-logic ALL)
(declare-sort U 0)
(declare-fun x () Int)
(declare-fun e () U)
(declare-fun a () (Array Int U))
(declare-fun h (U) U)
(declare-fun U!val!0 () U)
(declare-fun U!val!1 () U)
(assert (distinct U!val!0 U!val!1))
(assert (let ((?a1 (+ x 1))) (and (<= (* ?a1 ?a1) (div x 0)) (= (h e) U!val!1) (distinct (select a x) U!val!0))))
(check-sat)
`
	require.Equal(t, want, fuzz.Script(st, f))
}

func TestCheckRunsAtLeastN(t *testing.T) {
	n := 0
	fuzz.Check(t, 250, func(t *rapid.T) { n++ })
	if testing.Short() {
		require.GreaterOrEqual(t, n, 50)
	} else {
		require.GreaterOrEqual(t, n, 250)
	}
}

// recorder is a rapid.TB that records a failure instead of failing.
type recorder struct {
	testing.TB
	failed bool
	log    strings.Builder
}

func (r *recorder) Helper()                      {}
func (r *recorder) Name() string                 { return "recorder" }
func (r *recorder) Logf(f string, args ...any)   { fmt.Fprintf(&r.log, f+"\n", args...) }
func (r *recorder) Log(args ...any)              { fmt.Fprintln(&r.log, args...) }
func (r *recorder) Errorf(f string, args ...any) { r.failed = true; r.Logf(f, args...) }
func (r *recorder) Error(args ...any)            { r.failed = true; r.Log(args...) }
func (r *recorder) Fatalf(f string, args ...any) { r.Errorf(f, args...) }
func (r *recorder) Fatal(args ...any)            { r.Error(args...) }
func (r *recorder) FailNow()                     { r.failed = true }
func (r *recorder) Fail()                        { r.failed = true }
func (r *recorder) Failed() bool                 { return r.failed }

// TestShrinking checks that failing cases shrink to small terms: a
// property that fails on any formula with a comparison shrinks to a
// comparison of leaves. The seed is fixed: rapid's shrinking is itself
// random, and about one seed in 300 left the comparison under four
// negations (a CI run failed so).
func TestShrinking(t *testing.T) {
	old := flag.Lookup("rapid.nofailfile").Value.String()
	require.NoError(t, flag.Set("rapid.nofailfile", "true"))
	defer flag.Set("rapid.nofailfile", old)
	oldSeed := flag.Lookup("rapid.seed").Value.String()
	require.NoError(t, flag.Set("rapid.seed", "20261201"))
	defer flag.Set("rapid.seed", oldSeed)

	var last *term.Term
	var lastModel *term.Model
	rec := &recorder{TB: t}
	rapid.Check(rec, func(t *rapid.T) {
		st := term.NewStore()
		cfg := fuzz.Config{Theories: fuzz.All, Depth: 5}
		f := fuzz.Formula(st, cfg).Draw(t, "f")
		last = f
		lastModel = fuzz.ModelFor(st, fuzz.Consts(st, cfg), cfg).Draw(t, "m")
		for u := range term.PostOrder(f) {
			if u.Op() == term.OpLe && u.Arg(0).Sort().IsInt() {
				t.Fatalf("found %v", u)
			}
		}
	})
	require.True(t, rec.failed, "the property fails")
	require.LessOrEqual(t, term.Size(last), 3, "shrunk to %v", last)
	require.Empty(t, lastModel.Consts(), "the model shrinks to defaults")
}

func TestModelForDivisionByZero(t *testing.T) {
	// Over many draws, the division-by-zero functions get non-default
	// interpretations, so properties exercise the convention.
	seen := false
	fuzz.Check(t, 100, func(t *rapid.T) {
		st := term.NewStore()
		cfg := fuzz.Config{Theories: fuzz.LIA | fuzz.LRA}
		m := fuzz.ModelFor(st, fuzz.Consts(st, cfg), cfg).Draw(t, "m")
		x := st.Const("x0", term.IntSort)
		v, err := m.Eval(st.IntDiv(x, st.Int(0)))
		require.NoError(t, err)
		if !v.Num().Equal(num.Rat{}) {
			seen = true
		}
	})
	require.True(t, seen)
}
