package mbp_test

import (
	"errors"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/mbp"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// Table-driven cases in SMT-LIB: declarations and a formula, the
// variables, a model, and the expected projection up to equivalence (by
// smt for arithmetic and Booleans, by z3 and random evaluation with
// arrays), with the variables the projection must have substituted.
func TestProjectTable(t *testing.T) {
	for _, tc := range []struct {
		name, decls, phi, vars, model, want string
		arrays                              map[string]string // array values, SMT-LIB
		substituted                         string
	}{
		// LRA (Loos–Weispfenning).
		{name: "LRA equality", decls: "(declare-const x Real) (declare-const y Real) (declare-const z Real)",
			phi: "(and (= x (+ y 1)) (< x z))", vars: "x", model: "x=1 y=0 z=2", want: "(< (+ y 1) z)"},
		{name: "LRA equality with coefficient", decls: "(declare-const x Real) (declare-const y Real) (declare-const z Real)",
			phi: "(and (= (* 3 x) y) (<= x z))", vars: "x", model: "x=1 y=3 z=1", want: "(<= y (* 3 z))"},
		{name: "LRA non-strict glb", decls: "(declare-const x Real) (declare-const y Real) (declare-const z Real)",
			phi: "(and (<= y x) (<= x z))", vars: "x", model: "x=1 y=0 z=2", want: "(<= y z)"},
		{name: "LRA strict glb", decls: "(declare-const x Real) (declare-const y Real) (declare-const z Real)",
			phi: "(and (< y x) (<= x z))", vars: "x", model: "x=1 y=0 z=1", want: "(< y z)"},
		{name: "LRA tie: the strict bound wins", decls: "(declare-const x Real) (declare-const y Real) (declare-const w Real) (declare-const z Real)",
			phi: "(and (<= y x) (< w x) (< x z))", vars: "x", model: "x=1 y=0 w=0 z=2", want: "(and (<= y w) (< w z))"},
		{name: "LRA -∞", decls: "(declare-const x Real) (declare-const y Real) (declare-const z Real)",
			phi: "(and (< x y) (<= x z))", vars: "x", model: "x=0 y=1 z=1", want: "true"},
		{name: "LRA disequality below", decls: "(declare-const x Real) (declare-const y Real) (declare-const z Real)",
			phi: "(and (distinct x y) (< z x))", vars: "x", model: "x=1 y=2 z=0", want: "(< z y)"},
		{name: "LRA disequality above", decls: "(declare-const x Real) (declare-const y Real) (declare-const z Real)",
			phi: "(and (distinct x y) (< z x))", vars: "x", model: "x=3 y=2 z=0", want: "(<= z y)"},
		{name: "LRA two variables", decls: "(declare-const x Real) (declare-const w Real) (declare-const y Real) (declare-const z Real)",
			phi: "(and (< y x) (< x w) (< w z))", vars: "x w", model: "y=0 x=1 w=2 z=3", want: "(< y z)"},
		{name: "LRA ite and abs", decls: "(declare-const x Real) (declare-const y Real) (declare-const b Bool)",
			phi: "(> (abs (ite b x y)) 1)", vars: "x", model: "x=-3 y=0 b=true", want: "b"},
		// LIA (Cooper).
		{name: "LIA unit equality", decls: "(declare-const x Int) (declare-const y Int) (declare-const z Int)",
			phi: "(and (= (+ x y) 4) (< x z))", vars: "x", model: "x=1 y=3 z=2", want: "(< (- 4 y) z)"},
		{name: "LIA equality with coefficient", decls: "(declare-const x Int) (declare-const y Int)",
			phi: "(= (* 3 x) y)", vars: "x", model: "x=1 y=3", want: "(= (mod y 3) 0)"},
		{name: "LIA strict bounds", decls: "(declare-const x Int) (declare-const y Int) (declare-const z Int)",
			phi: "(and (< y x) (< x z))", vars: "x", model: "x=1 y=0 z=2", want: "(< (+ y 1) z)"},
		{name: "LIA coefficients", decls: "(declare-const x Int) (declare-const y Int) (declare-const z Int)",
			phi: "(and (<= y (* 2 x)) (<= (* 2 x) z))", vars: "x", model: "x=1 y=1 z=2",
			want: "(and (= (mod y 2) 1) (<= (+ y 1) z))"},
		{name: "LIA disequality", decls: "(declare-const x Int) (declare-const y Int)",
			phi: "(and (distinct x y) (<= 0 x 1))", vars: "x", model: "x=0 y=1", want: "(<= 1 y)"},
		{name: "LIA mod", decls: "(declare-const x Int) (declare-const y Int)",
			phi: "(and (= (mod x 3) 2) (<= y x) (<= x (+ y 1)))", vars: "x", model: "x=5 y=4",
			want: "(= (mod y 3) 1)"}, // x = y + 1 in the model
		{name: "LIA div", decls: "(declare-const x Int) (declare-const y Int)",
			phi: "(and (= (div x 2) y) (<= 0 x 5))", vars: "x", model: "x=3 y=1", want: "(<= 0 y 2)"},
		{name: "LIA -∞ with divisibility", decls: "(declare-const x Int) (declare-const y Int)",
			phi: "(and (= (mod (+ x y) 2) 0) (<= x 7))", vars: "x", model: "x=1 y=1", want: "true"},
		{name: "LIA under a function: substitution", decls: "(declare-const x Int) (declare-const y Int) (declare-fun f (Int) Int)",
			phi: "(and (= (f x) y) (< x 3))", vars: "x", model: "x=2 y=0", want: "(= (f 2) y)", substituted: "x"},
		{name: "LIA division by zero: substitution", decls: "(declare-const x Int) (declare-const y Int)",
			phi: "(= (div x 0) y)", vars: "x", model: "x=2 y=0", want: "(= (div 2 0) y)", substituted: "x"},
		{name: "LIA under a function: equality resolution", decls: "(declare-const x Int) (declare-const y Int) (declare-fun f (Int) Int)",
			phi: "(and (= (f x) y) (= x (+ y 1)))", vars: "x", model: "x=1 y=0", want: "(= (f (+ y 1)) y)"},
		// Mixed: Int and Real.
		{name: "mixed Real then Int", decls: "(declare-const x Int) (declare-const r Real) (declare-const y Int)",
			phi: "(and (< (to_real x) r) (< r (to_real y)))", vars: "r x", model: "x=0 r=0.5 y=1", want: "true"},
		{name: "mixed Real then Int, scaled", decls: "(declare-const x Int) (declare-const r Real) (declare-const y Int)",
			phi: "(and (< (to_real x) r) (< (* 2 r) (to_real y)) (<= 0 x))", vars: "r x", model: "x=0 r=0.5 y=2", want: "(<= 1 y)"},
		{name: "mixed Int with a Real left: substitution", decls: "(declare-const x Int) (declare-const r Real)",
			phi: "(< (to_real x) r)", vars: "x", model: "x=0 r=0.5", want: "(< 0.0 r)", substituted: "x"},
		// Booleans.
		{name: "Bool", decls: "(declare-const b Bool) (declare-const y Int) (declare-const z Int)",
			phi: "(and (or b (> y 0)) (or (not b) (> z 0)))", vars: "b", model: "b=true y=0 z=1", want: "(> z 0)"},
		{name: "Bool xor", decls: "(declare-const b Bool) (declare-const c Bool) (declare-const d Bool)",
			phi: "(xor b c d)", vars: "b", model: "b=true c=false d=false", want: "(and (not c) (not d))"},
		// Arrays.
		{name: "ELIMEQ", decls: "(declare-const a (Array Int Int)) (declare-const b (Array Int Int)) (declare-const i Int) (declare-const v Int)",
			phi: "(= b (store a i v))", vars: "a", arrays: map[string]string{"a": "((as const (Array Int Int)) 0)", "b": "(store ((as const (Array Int Int)) 0) 1 5)"},
			model: "i=1 v=5", want: "(= (select b i) v)"},
		{name: "ELIMEQ then reads", decls: "(declare-const a (Array Int Int)) (declare-const b (Array Int Int)) (declare-const i Int)",
			phi: "(and (= a b) (> (select a i) 0))", vars: "a", arrays: map[string]string{"a": "((as const (Array Int Int)) 1)", "b": "((as const (Array Int Int)) 1)"},
			model: "i=0", want: "(> (select b i) 0)"},
		{name: "ELIMDISEQ", decls: "(declare-const a (Array Int Int)) (declare-const b (Array Int Int)) (declare-const i Int)",
			phi: "(and (distinct a b) (> (select a i) 0))", vars: "a", arrays: map[string]string{"a": "((as const (Array Int Int)) 1)", "b": "((as const (Array Int Int)) 0)"},
			model: "i=0", want: "true"},
		{name: "Ackermann order", decls: "(declare-const a (Array Int Int)) (declare-const i Int) (declare-const j Int) (declare-const k Int)",
			phi: "(and (> (select a i) 0) (< (select a j) 0) (> (select a k) 0))", vars: "a", arrays: map[string]string{"a": "(store ((as const (Array Int Int)) 1) 5 (- 1))"},
			model: "i=0 j=5 k=0", want: "(and (= k i) (< i j))"},
		{name: "read over write", decls: "(declare-const a (Array Int Int)) (declare-const i Int) (declare-const j Int) (declare-const v Int)",
			phi: "(> (select (store a i v) j) 0)", vars: "a", arrays: map[string]string{"a": "((as const (Array Int Int)) 0)"},
			model: "i=1 j=1 v=3", want: "(and (= i j) (> v 0))"},
		{name: "nested arrays", decls: "(declare-const n (Array Int (Array Int Int))) (declare-const i Int) (declare-const j Int)",
			phi: "(= (select (select n i) j) 5)", vars: "n", arrays: map[string]string{"n": "((as const (Array Int (Array Int Int))) ((as const (Array Int Int)) 5))"},
			model: "i=0 j=0", want: "true"},
		{name: "array and its index", decls: "(declare-const a (Array Int Int)) (declare-const i Int) (declare-const y Int)",
			phi: "(and (= (select a i) y) (< i y))", vars: "a i", arrays: map[string]string{"a": "((as const (Array Int Int)) 3)"},
			model: "i=0 y=3", want: "true"},
		{name: "Bool index: substitution", decls: "(declare-const a (Array Bool Int)) (declare-const y Int)",
			phi: "(and (= (select a true) 3) (= (select a false) y))", vars: "a",
			arrays: map[string]string{"a": "(store ((as const (Array Bool Int)) 3) false 1)"},
			model:  "y=1", want: "(= 1 y)", substituted: "a"},
		// Uninterpreted sorts.
		{name: "uninterpreted: equality resolution", decls: "(declare-sort U 0) (declare-const u U) (declare-const v U) (declare-fun h (U) U)",
			phi: "(and (= u v) (= (h u) v))", vars: "u", model: "", want: "(= (h v) v)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := term.NewStore()
			phi := parse(t, st, tc.decls+"(assert "+tc.phi+")")
			c := constsOf(phi)
			m := model(t, st, c, tc.model)
			for name, v := range tc.arrays {
				m.Set(c[name], parse(t, st, tc.decls+"(assert (= "+name+" "+v+"))").Arg(1))
			}
			vars := names(c, strings.Fields(tc.vars)...)
			res := projectChecked(t, mbp.New(st, mbp.Options{}), st, vars, phi, m)
			want := parse(t, st, tc.decls+"(assert "+tc.want+")")
			require.Equal(t, tc.substituted, termNames(res.Substituted), "substituted, ψ = %v", res.Formula)
			if tc.arrays != nil || strings.Contains(tc.decls, "declare-sort") || strings.Contains(tc.decls, "(Int) Int") {
				equivalentArrays(t, st, res.Formula, want)
			} else {
				equivalent(t, st, res.Formula, want)
			}
		})
	}
}

func termNames(ts []*term.Term) string {
	var ns []string
	for _, t := range ts {
		ns = append(ns, t.Name())
	}
	return strings.Join(ns, " ")
}

func TestProjectErrors(t *testing.T) {
	st := term.NewStore()
	x := st.Const("x", term.IntSort)
	phi := st.Gt(x, st.Int(0))
	m := term.NewModel(st)
	m.Set(x, st.Int(1))
	_, err := mbp.Project(st, []*term.Term{x}, x, m)
	require.ErrorContains(t, err, "sort Int")
	q := st.BoundVar("q", term.IntSort)
	_, err = mbp.Project(st, []*term.Term{x}, st.Exists([]*term.Term{q}, st.Gt(q, x)), m)
	require.ErrorContains(t, err, "quantifier")
	_, err = mbp.Project(st, []*term.Term{st.Add(x, x)}, phi, m)
	require.ErrorContains(t, err, "not a constant")
	_, err = mbp.Project(st, []*term.Term{x}, phi, term.NewModel(st))
	require.ErrorIs(t, err, mbp.ErrNotModel)
	_, err = mbp.Project(st, []*term.Term{x}, phi, term.NewModel(term.NewStore()))
	require.ErrorContains(t, err, "another store")
	res, err := mbp.Project(st, nil, phi, m)
	require.NoError(t, err)
	sameTerm(t, st.Simplify(phi), res.Formula)
}

// Projection is deterministic: the same input in a fresh store gives the
// same result, printed.
func TestProjectDeterministic(t *testing.T) {
	src := `(declare-const a (Array Int Int)) (declare-const x Int) (declare-const y Int) (declare-const r Real)
(declare-const s Real) (declare-const b Bool)
(assert (and (or b (< (select a x) y)) (< s r) (< (to_real y) s) (= (mod (+ x y) 3) 1) (distinct x (select a y))))`
	var first string
	for range 5 {
		st := term.NewStore()
		phi := parse(t, st, src)
		c := constsOf(phi)
		m := model(t, st, c, "x=4 y=0 r=2 s=1 b=false")
		m.Set(c["a"], st.Store(st.ConstArrayOf(c["a"].Sort(), st.Int(7)), st.Int(4), st.Int(-2)))
		res := projectChecked(t, mbp.New(st, mbp.Options{ArrayEqualities: true}), st, names(c, "a", "x", "s", "b"), phi, m)
		if first == "" {
			first = res.Formula.String()
		}
		require.Equal(t, first, res.Formula.String())
	}
}

// The z3 harness of the property tests reports a projection that is not
// an under-approximation.
func TestZ3HarnessCatchesWrongProjections(t *testing.T) {
	if _, err := exec.LookPath("z3"); err != nil {
		t.Skip("z3 not on PATH")
	}
	st := term.NewStore()
	phi := parse(t, st, `(declare-const x Int) (declare-const y Int) (assert (and (< y x) (< x (+ y 2)) (= (mod x 2) 0)))`)
	c := constsOf(phi)
	var z z3Batch
	z.add("wrong", st, st.True(), forallNot(st, names(c, "x"), phi)) // ψ = true is too weak
	z.add("right", st, parse(t, st, `(declare-const y Int) (assert (= (mod y 2) 1))`), forallNot(st, names(c, "x"), phi))
	ok, unknown, bad, err := z.answers()
	require.NoError(t, err)
	require.Equal(t, 1, ok)
	require.Equal(t, 0, unknown)
	require.Len(t, bad, 1)
	require.Contains(t, bad[0], "wrong")
}

// A z3 process that outlives its deadline is stopped; the queries it did
// not answer count as unknown, not as a failure of the test.
func TestZ3HarnessDeadline(t *testing.T) {
	if _, err := exec.LookPath("z3"); err != nil {
		t.Skip("z3 not on PATH")
	}
	st := term.NewStore()
	phi := parse(t, st, `(declare-const x Int) (declare-const y Int) (assert (and (< y x) (< x (+ y 2)) (= (mod x 2) 0)))`)
	c := constsOf(phi)
	z := z3Batch{deadline: time.Nanosecond}
	for range 3 {
		z.add("right", st, parse(t, st, `(declare-const y Int) (assert (= (mod y 2) 1))`), forallNot(st, names(c, "x"), phi))
	}
	ok, unknown, bad, err := z.answers()
	require.NoError(t, err)
	require.Empty(t, bad)
	require.Equal(t, 3, ok+unknown)
	require.Positive(t, unknown)
}

// QE reports a projection that is not finite.
func TestQENotFinite(t *testing.T) {
	st := term.NewStore()
	phi := parse(t, st, `(declare-const x Int) (declare-const y Int) (declare-fun f (Int) Int) (assert (= (f x) y))`)
	c := constsOf(phi)
	_, err := mbp.QE(st, names(c, "x"), phi, func(f *term.Term) (*term.Model, bool, error) {
		m := term.NewModel(st)
		return m, true, nil // f(0) = 0 = y
	})
	require.ErrorIs(t, err, mbp.ErrNotFinite)
	_, err = mbp.QE(st, names(c, "x"), phi, func(f *term.Term) (*term.Model, bool, error) {
		return nil, false, errors.New("no solver")
	})
	require.ErrorContains(t, err, "no solver")
}
