package mbp_test

import (
	"testing"

	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/mbp"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// The examples of the papers, with the papers' expected results, compared
// up to equivalence: by smt for arithmetic, by z3 (when on PATH) and by
// evaluation on random models for arrays.

// CAV'14, Section 5: the LW example
//
//	λm = (x = e ∧ φ1) ∨ (ℓ < x ∧ x < u) ∨ (x < u ∧ φ2),  ∃x.λm ≡ φ1 ∨ ℓ < u ∨ φ2
//
// Each model picks the disjunct of (2) LRAProj picks: λm[e] if x = e,
// λm[ℓ+ε] if ℓ < x, else λm[-∞]. The projection implies it, and QE by
// enumeration gives the paper's result.
func TestPaperCAV14LW(t *testing.T) {
	st := term.NewStore()
	const decls = `(declare-const x Real) (declare-const e Real) (declare-const l Real)
(declare-const u Real) (declare-const p1 Bool) (declare-const p2 Bool)`
	phi := parse(t, st, decls+`(assert (or (and (= x e) p1) (and (< l x) (< x u)) (and (< x u) p2)))`)
	c := constsOf(phi)
	x := c["x"]
	disjunct := map[string]*term.Term{ // the paper's λm[e], λm[ℓ+ε], λm[-∞]
		"e":   parse(t, st, decls+`(assert (or p1 (and (< l e) (< e u)) (and (< e u) p2)))`),
		"l+ε": parse(t, st, decls+`(assert (or (< l u) (and (< l u) p2)))`),
		"-∞":  parse(t, st, decls+`(assert p2)`),
	}
	for _, tc := range []struct {
		model, disjunct, want string
	}{
		{"x=1 e=1 l=5 u=0 p1=true p2=false", "e", "p1"},
		{"x=1 e=7 l=0 u=2 p1=true p2=false", "l+ε", "(< l u)"},
		{"x=-3 e=7 l=0 u=2 p1=false p2=true", "-∞", "p2"},
		// x = e holds but is not in the implicant (its disjunct is false):
		// unlike the literal-wise LRAProj, which would take λm[e], the
		// implicant-based projection takes λm[-∞].
		{"x=-3 e=-3 l=0 u=2 p1=false p2=true", "-∞", "p2"},
	} {
		m := model(t, st, c, tc.model)
		res := projectChecked(t, mbp.New(st, mbp.Options{}), st, []*term.Term{x}, phi, m)
		require.True(t, res.Finite())
		want := parse(t, st, decls+"(assert "+tc.want+")")
		equivalent(t, st, res.Formula, want)
		require.True(t, unsat(t, st, st.And(res.Formula, st.Not(disjunct[tc.disjunct]))),
			"%v does not imply λm[%s]", res.Formula, tc.disjunct)
	}
	qe, err := mbp.QE(st, []*term.Term{x}, phi, solver(st))
	require.NoError(t, err)
	equivalent(t, st, qe, parse(t, st, decls+`(assert (or p1 (< l u) p2))`))
}

// CAV'14, Fig. 7 and the QUERY example after it: projecting ℓ1 and m from
// π2 ∧ π3 ∧ φ = (ℓ1 = ℓ0 - 1) ∧ (m = ℓ1 - 1) ∧ (m0 < 2m + 4) under the
// execution e = ⟨m0 = 3, ℓ0 = 3, ℓ1 = 2, m = 1⟩ gives m0 < 2ℓ0.
func TestPaperCAV14Fig7(t *testing.T) {
	st := term.NewStore()
	const decls = `(declare-const m0 Int) (declare-const l0 Int) (declare-const l1 Int) (declare-const m Int)`
	phi := parse(t, st, decls+`(assert (and (= l1 (- l0 1)) (= m (- l1 1)) (< m0 (+ (* 2 m) 4))))`)
	c := constsOf(phi)
	res := projectChecked(t, mbp.New(st, mbp.Options{}), st, names(c, "l1", "m"), phi, model(t, st, c, "m0=3 l0=3 l1=2 m=1"))
	require.True(t, res.Finite())
	equivalent(t, st, res.Formula, parse(t, st, decls+`(assert (< m0 (* 2 l0)))`))
	require.Equal(t, "(<= (+ m0 (* (- 2) l0)) (- 1))", res.Formula.String())
}

// CAV'14, Fig. 3 with the encoding (1): reachability facts the rule REACH
// derives with MBP (derived from the paper's program; the paper does not
// print them). With ρ(T,0) = {t0 <= 0 ∧ t = t0} and ρ(D,0) = {d = d0 - 1}:
//
//	M: ∃ℓ0 ℓ1. (m0 <= 0 ∧ ℓ0 = m0) ∧ ℓ1 = ℓ0 - 1 ∧ m = ℓ1 - 1   ≡ m0 <= 0 ∧ m = m0 - 2
//	T: ∃ℓ0 ℓ1. t0 > 0 ∧ ℓ0 = t0 - 2 ∧ (ℓ0 <= 0 ∧ ℓ1 = ℓ0) ∧ t = ℓ1 + 1
//	                                                      ≡ 0 < t0 <= 2 ∧ t = t0 - 1
func TestPaperCAV14Fig3Reach(t *testing.T) {
	st := term.NewStore()
	for _, tc := range []struct{ decls, phi, model, want string }{
		{
			`(declare-const m0 Int) (declare-const l0 Int) (declare-const l1 Int) (declare-const m Int)`,
			`(and (<= m0 0) (= l0 m0) (= l1 (- l0 1)) (= m (- l1 1)))`,
			"m0=-1 l0=-1 l1=-2 m=-3",
			`(and (<= m0 0) (= m (- m0 2)))`,
		},
		{
			`(declare-const t0 Int) (declare-const l0 Int) (declare-const l1 Int) (declare-const t Int)`,
			`(and (> t0 0) (= l0 (- t0 2)) (<= l0 0) (= l1 l0) (= t (+ l1 1)))`,
			"t0=1 l0=-1 l1=-1 t=0",
			`(and (< 0 t0) (<= t0 2) (= t (- t0 1)))`,
		},
	} {
		phi := parse(t, st, tc.decls+"(assert "+tc.phi+")")
		c := constsOf(phi)
		res := projectChecked(t, mbp.New(st, mbp.Options{}), st, names(c, "l0", "l1"), phi, model(t, st, c, tc.model))
		require.True(t, res.Finite())
		equivalent(t, st, res.Formula, parse(t, st, tc.decls+"(assert "+tc.want+")"))
	}
}

// CAV'14, Appendix G: Cooper with a divisibility literal (an example of
// ours; the appendix has none). ∃x. y = 2x + 1 ∧ 0 <= x <= 3 is
// y ≡ 1 (mod 2) ∧ 1 <= y <= 7, the divisibility printed as (= (mod y 2) 1).
func TestPaperCAV14Cooper(t *testing.T) {
	st := term.NewStore()
	const decls = `(declare-const x Int) (declare-const y Int)`
	phi := parse(t, st, decls+`(assert (and (= (* 2 x) (- y 1)) (<= 0 x 3)))`)
	c := constsOf(phi)
	res := projectChecked(t, mbp.New(st, mbp.Options{}), st, names(c, "x"), phi, model(t, st, c, "x=2 y=5"))
	equivalent(t, st, res.Formula, parse(t, st, decls+`(assert (and (= (mod y 2) 1) (<= 1 y 7)))`))
	require.Contains(t, res.Formula.String(), "(= (mod y 2) 1)")
	qe, err := mbp.QE(st, names(c, "x"), phi, solver(st))
	require.NoError(t, err)
	equivalent(t, st, qe, res.Formula)
}

// FMCAD'15, Figs. 4 and 6:
//
//	∃a. b = wr(a, i1, v1) ∨ (rd(wr(a, i2, v2), i3) > 5 ∧ rd(a, i4) > 0)
//
// Fig. 6's model (i2 ≠ i3, a ≠_{i1} b, i3 = i4) projects to
// ∃s3 s4. i2 ≠ i3 ∧ s3 > 5 ∧ s4 > 0 ∧ i3 = i4 ∧ s3 = s4 ≡ i2 ≠ i3 ∧ i3 = i4.
// Models in the other disjuncts of Fig. 4's QE result give those
// disjuncts: ∃v. φ1[wr(b, i1, v)/a] under a =_{i1} b, which is
// rd(b, i1) = v1 on the branch taken, and i2 = i3 ∧ v2 > 5 (with ∃s4.
// s4 > 0). Every projection implies Fig. 4's QE result, which simplifies
// to rd(b, i1) = v1 ∨ (i2 = i3 ∧ v2 > 5) ∨ i2 ≠ i3.
func TestPaperFMCAD15Fig4Fig6(t *testing.T) {
	st := term.NewStore()
	const decls = `(declare-const a (Array Int Int)) (declare-const b (Array Int Int))
(declare-const i1 Int) (declare-const i2 Int) (declare-const i3 Int) (declare-const i4 Int)
(declare-const v1 Int) (declare-const v2 Int)`
	phi := parse(t, st, decls+`(assert (or (= b (store a i1 v1))
  (and (> (select (store a i2 v2) i3) 5) (> (select a i4) 0))))`)
	c := constsOf(phi)
	a, b := c["a"], c["b"]
	arr := a.Sort()
	qe := parse(t, st, decls+`(assert (or (= (select b i1) v1) (and (= i2 i3) (> v2 5)) (distinct i2 i3)))`)
	for _, tc := range []struct {
		name, model string
		a, b        *term.Term
		want        string
	}{
		{"Fig. 6", "i1=0 i2=1 i3=2 i4=2 v1=0 v2=0",
			st.ConstArrayOf(arr, st.Int(7)), st.ConstArrayOf(arr, st.Int(0)),
			`(and (distinct i2 i3) (= i3 i4))`},
		{"ELIMEQ branch", "i1=3 i2=0 i3=0 i4=0 v1=9 v2=0",
			st.ConstArrayOf(arr, st.Int(0)), st.Store(st.ConstArrayOf(arr, st.Int(0)), st.Int(3), st.Int(9)),
			`(= (select b i1) v1)`},
		{"i2 = i3 branch", "i1=5 i2=1 i3=1 i4=0 v1=0 v2=6",
			st.ConstArrayOf(arr, st.Int(1)), st.ConstArrayOf(arr, st.Int(0)),
			`(and (= i2 i3) (> v2 5))`},
	} {
		m := model(t, st, c, tc.model)
		m.Set(a, tc.a)
		m.Set(b, tc.b)
		res := projectChecked(t, mbp.New(st, mbp.Options{}), st, []*term.Term{a}, phi, m)
		require.True(t, res.Finite(), tc.name)
		want := parse(t, st, decls+"(assert "+tc.want+")")
		equivalentArrays(t, st, res.Formula, want)
		impliesArrays(t, st, res.Formula, qe)
		t.Logf("%s: %v", tc.name, res.Formula)
	}
}

// FMCAD'15, Section IV-C.1: an index variable under an array term goes by
// equality resolution when the cube equates it with a term,
// ∃i. i = j + 1 ∧ rd(a, i) > 0 ≡ rd(a, j + 1) > 0, else by its model
// value, ∃i. rd(a, i) > 0 ⇐ rd(a, 3) > 0 for M[i] = 3: not finite.
func TestPaperFMCAD15EqualityResolution(t *testing.T) {
	st := term.NewStore()
	const decls = `(declare-const a (Array Int Int)) (declare-const i Int) (declare-const j Int)`
	phi := parse(t, st, decls+`(assert (and (= i (+ j 1)) (> (select a i) 0)))`)
	c := constsOf(phi)
	m := model(t, st, c, "i=3 j=2")
	m.Set(c["a"], st.ConstArrayOf(c["a"].Sort(), st.Int(1)))
	res := projectChecked(t, mbp.New(st, mbp.Options{}), st, names(c, "i"), phi, m)
	require.True(t, res.Finite())
	sameTerm(t, st.Simplify(parse(t, st, decls+`(assert (> (select a (+ j 1)) 0))`)), res.Formula)

	phi = parse(t, st, decls+`(assert (> (select a i) 0))`)
	res = projectChecked(t, mbp.New(st, mbp.Options{}), st, names(c, "i"), phi, m)
	require.Equal(t, names(c, "i"), res.Substituted)
	require.False(t, res.Finite())
	sameTerm(t, st.Simplify(parse(t, st, decls+`(assert (> (select a 3) 0))`)), res.Formula)
}

// FMCAD'15, Section IV-C.2: for Inv(a, b) ← a = b and
// ⊥ ← Inv(a, b), rd(a, j) < 0, rd(b, j) > 0, DecideMay projects j and gets
// rd(a, k) < 0 ∧ rd(b, k) > 0 for a number k; with the option the query
// also says a ≠ b.
func TestPaperFMCAD15ArrayEqualities(t *testing.T) {
	st := term.NewStore()
	const decls = `(declare-const a (Array Int Int)) (declare-const b (Array Int Int)) (declare-const j Int)`
	phi := parse(t, st, decls+`(assert (and (< (select a j) 0) (> (select b j) 0)))`)
	c := constsOf(phi)
	m := model(t, st, c, "j=4")
	m.Set(c["a"], st.ConstArrayOf(c["a"].Sort(), st.Int(-1)))
	m.Set(c["b"], st.ConstArrayOf(c["a"].Sort(), st.Int(1)))
	for _, opt := range []bool{false, true} {
		p := mbp.New(st, mbp.Options{ArrayEqualities: opt})
		res := projectChecked(t, p, st, names(c, "j"), phi, m)
		want := `(and (< (select a 4) 0) (> (select b 4) 0))`
		if opt {
			want = `(and (< (select a 4) 0) (> (select b 4) 0) (not (= a b)))`
		}
		sameTerm(t, st.Simplify(parse(t, st, decls+"(assert "+want+")")), res.Formula, "ArrayEqualities=", opt)
	}
}

// equivalentArrays checks a ⇔ b by z3 when it is on PATH and by
// evaluation under random models.
func equivalentArrays(t *testing.T, st *term.Store, a, b *term.Term) {
	t.Helper()
	if haveZ3() {
		var z z3Batch
		z.add("equivalence", st, st.Xor(a, b))
		z.run(t)
	}
	sampleAgree(t, st, a, b, func(x, y bool) bool { return x == y })
}

// impliesArrays checks a ⇒ b likewise.
func impliesArrays(t *testing.T, st *term.Store, a, b *term.Term) {
	t.Helper()
	if haveZ3() {
		var z z3Batch
		z.add("implication", st, a, st.Not(b))
		z.run(t)
	}
	sampleAgree(t, st, a, b, func(x, y bool) bool { return !x || y })
}

// sampleAgree evaluates a and b under 2000 random models of their
// constants and checks rel on every pair of values.
func sampleAgree(t *testing.T, st *term.Store, a, b *term.Term, rel func(x, y bool) bool) {
	t.Helper()
	consts := term.FreeConsts(st.And(a, b))
	cfg := fuzz.Config{Theories: fuzz.LIA | fuzz.Arrays, MaxNum: 8}
	gen := fuzz.ModelFor(st, consts, cfg)
	for k := range 2000 {
		m := gen.Example(k)
		x, err := m.EvalBool(a)
		require.NoError(t, err)
		y, err := m.EvalBool(b)
		require.NoError(t, err)
		if !rel(x, y) {
			t.Fatalf("%v is %v and %v is %v under\n%v", a, x, b, y, m)
		}
	}
}
