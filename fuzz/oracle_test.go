package fuzz_test

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// parse reads SMT-LIB declarations and one assertion; it returns the
// asserted term and the declared constants by name.
func parse(t testing.TB, st *term.Store, text string) (*term.Term, map[string]*term.Term) {
	t.Helper()
	s, err := smtlib.Parse("test", strings.NewReader(text), st)
	require.NoError(t, err, text)
	consts := map[string]*term.Term{}
	var f *term.Term
	for _, c := range s.Commands {
		switch c.Kind {
		case smtlib.DeclareFun:
			if c.Func.Arity() == 0 {
				consts[c.Func.Name()] = st.ConstOf(c.Func)
			}
		case smtlib.Assert:
			f = c.Term
		}
	}
	require.NotNil(t, f, "no assertion in %s", text)
	return f, consts
}

// equivalent reports whether a and b are equivalent, by SatQE.
func equivalent(t testing.TB, st *term.Store, a, b *term.Term) bool {
	t.Helper()
	sat, err := fuzz.SatQE(st, st.Xor(a, b))
	require.NoError(t, err)
	return !sat
}

const qeDecls = `(declare-fun x () Real)(declare-fun y () Real)(declare-fun z () Real)
(declare-fun i () Int)(declare-fun j () Int)(declare-fun k () Int)
(declare-fun p () Bool)(declare-fun q () Bool)
`

func TestQETable(t *testing.T) {
	for _, tc := range []struct {
		vars      string // space-separated
		phi, want string
	}{
		{"x", "(and (< y x) (< x z))", "(< y z)"},
		{"x", "(and (<= y x) (<= x z))", "(<= y z)"},
		{"x", "(and (< y x) (<= x z) (<= x 3))", "(and (< y z) (< y 3))"},
		{"x", "(= (* 2 x) y)", "true"},
		{"x", "(and (= (+ x y) 1) (> x 2))", "(< y (- 1))"},
		{"x", "(and (distinct x y) (<= y x) (<= x y))", "false"},
		{"x", "(and (distinct x y) (<= y x) (<= x z))", "(< y z)"},
		{"x y", "(and (< x y) (< y x))", "false"},
		{"x", "(or (and (> x 1) (< x 0)) (and p (> x z)))", "p"},
		{"p", "(and (or p q) (or (not p) (> z 0)))", "(or q (> z 0))"},
		{"x", "(is_int x)", "true"},
		{"x", "(= (to_int x) i)", "true"},
		{"x", "(> (ite p x (- x)) (ite q 1 2))", "true"},
		{"x", "(and (> (ite p x (- x)) 0) (= x 0))", "false"},
		{"x", "(> (/ x 2) y)", "true"},
		{"x", "(> (ite (is_int x) y z) 0)", "(or (> y 0) (> z 0))"},
		{"i", "(= (* 2 i) j)", "(= (mod j 2) 0)"},
		{"i", "(and (< j (* 3 i)) (< (* 3 i) k))", "(exists_int)"}, // checked below
		{"i", "(and (<= j (* 2 i)) (<= (* 2 i) (+ j 1)))", "true"},
		{"i", "(and (< j (* 2 i)) (< (* 2 i) (+ j 2)))", "(= (mod j 2) 1)"},
		{"i", "(= (mod i 3) j)", "(and (<= 0 j) (<= j 2))"},
		{"i", "(and (= (div i 2) j) (= (mod i 2) 1) (< i 0))", "(< j 0)"},
		{"i", "(and (> i j) (< i k))", "(> k (+ j 1))"},
		{"i", "(distinct i j)", "true"},
		{"i j", "(and (= (* 2 i) (+ (* 4 j) 1)))", "false"},
		{"i", "(= (abs i) j)", "(>= j 0)"},
		{"i x", "(and (= (to_real i) x) (< 0 x 1))", "false"},
		{"i", "(< (to_real i) y)", "true"},
		{"i", "(and (< y (to_real i)) (< (to_real i) z))", "(< (+ (to_int y) 1) z)"},
		{"i", "(and (<= y (to_real i)) (<= (to_real i) (+ y 0.5)))", "(or (is_int y) (< (+ (to_int y) 1) (+ y 0.5)) (= (+ (to_int y) 1) (+ y 0.5)))"},
		{"i", "(= (* 2.0 (to_real i)) y)", "(is_int (/ y 2.0))"},
		{"x", "(and (is_int x) (< y x) (< x (+ y 1)))", "(not (is_int y))"},
		{"i x", "(and (= (to_real i) (* 2 x)) (< 0 x 1))", "true"},
	} {
		t.Run(tc.phi, func(t *testing.T) {
			st := term.NewStore()
			phi, consts := parse(t, st, qeDecls+"(assert "+tc.phi+")")
			var vars []*term.Term
			for _, n := range strings.Fields(tc.vars) {
				vars = append(vars, consts[n])
			}
			got, err := fuzz.QE(st, vars, phi)
			require.NoError(t, err)
			for _, c := range term.FreeConsts(got) {
				for _, v := range vars {
					require.NotEqual(t, v, c, "QE result %v mentions %v", got, v)
				}
			}
			if tc.want == "(exists_int)" { // some multiple of 3 in (j, k)
				tc.want = "(or (and (= (mod j 3) 0) (> k (+ j 3))) (and (= (mod j 3) 1) (> k (+ j 2))) (and (= (mod j 3) 2) (> k (+ j 1))))"
			}
			want, _ := parse(t, st, qeDecls+"(assert "+tc.want+")")
			require.True(t, equivalent(t, st, got, want), "QE gave %v, want %v", got, want)
		})
	}
}

func TestQEErrors(t *testing.T) {
	st := term.NewStore()
	text := qeDecls + `(declare-fun f (Real) Real)(declare-fun a () (Array Int Int))`
	for _, tc := range []struct{ vars, phi string }{
		{"x", "(> (* x y) 0)"},
		{"x", "(> (f x) 0)"},
		{"i", "(> (select a i) 0)"},
		{"i", "(> (div j i) 0)"},
		{"x", "(> (/ x 0) 0)"},
		{"i j", "(and (< (to_real i) (+ y (to_real j))) (> i j))"}, // mixed bound over j
	} {
		phi, consts := parse(t, st, text+"(assert "+tc.phi+")")
		var vars []*term.Term
		for _, n := range strings.Fields(tc.vars) {
			vars = append(vars, consts[n])
		}
		_, err := fuzz.QE(st, vars, phi)
		require.ErrorIs(t, err, fuzz.ErrUnsupported, tc.phi)
	}
	a := st.Const("a", st.ArraySort(term.IntSort, term.IntSort))
	_, err := fuzz.QE(st, []*term.Term{a}, st.Eq(a, a))
	require.ErrorIs(t, err, fuzz.ErrUnsupported)
	_, err = fuzz.SatQE(st, st.Eq(a, a))
	require.ErrorIs(t, err, fuzz.ErrUnsupported)
}

func TestSatQETable(t *testing.T) {
	text := qeDecls + `(declare-fun f (Int) Int)(declare-fun fr (Real) Real)(declare-fun pr (Int) Bool)`
	for _, tc := range []struct {
		phi  string
		want bool
	}{
		{"(and (> (f i) 0) (< (f j) 0) (= i j))", false},
		{"(and (> (f i) 0) (< (f j) 0))", true},
		{"(and (pr i) (not (pr (+ j 1))) (= i (+ j 1)))", false},
		{"(and (> (fr x) (fr y)) (= x (+ y 0.0)))", false},
		{"(and (> (div i 0) (div j 0)) (= i j))", false},
		{"(and (> (div i 0) (div j 0)) (< i j))", true},
		{"(and (> (/ x 0.0) (/ y 0.0)) (= x y))", false},
		{"(and (> (mod i 0) 0) (= (mod 3 0) 0) (= i 3))", false},
		{"(and (> (* 3 i) 1) (< (* 3 i) 3))", false},
		{"(and (> (* 3 x) 1) (< (* 3 x) 3))", true},
		{"(is_int 1.5)", false},
		{"(= (div (- 7) 2) (- 4))", true},
		{"(= (mod (- 7) (- 2)) 1)", true},
		{"(forall ((b Bool)) (or b (> i 0)))", true},
		{"(forall ((b Bool)) (or b (and (> i 0) (< i 1))))", false},
		{"(xor p q (> i 0) (> j 0))", true},
		{"(and (= p q (> i 0)) (not p) (> i 0))", false},
		{"(distinct p q (> i 0))", false},
		{"(and (distinct i j k) (<= 0 i 1) (<= 0 j 1) (<= 0 k 1))", false},
		{"(and (distinct i j k) (<= 0 i 2) (<= 0 j 2) (<= 0 k 2))", true},
		{"(and (= (to_int x) 2) (< x 2))", false},
		{"(and (= (abs i) 3) (< i 0) (distinct i (- 3)))", false},
	} {
		st := term.NewStore()
		phi, _ := parse(t, st, text+"(assert "+tc.phi+")")
		got, err := fuzz.SatQE(st, phi)
		require.NoError(t, err, tc.phi)
		require.Equal(t, tc.want, got, tc.phi)
	}
}

// boxed conjoins -b <= c <= b for the Int constants cs.
func boxed(st *term.Store, f *term.Term, cs []*term.Term, b int64) *term.Term {
	as := []*term.Term{f}
	for _, c := range cs {
		if c.Sort().IsInt() {
			as = append(as, st.Le(st.Int(-b), c), st.Le(c, st.Int(b)))
		}
	}
	return st.And(as...)
}

// TestSatQEAgainstBruteForce decides bounded LIA formulas (with Bool
// structure, div, mod, abs, ite, division by zero) both ways.
func TestSatQEAgainstBruteForce(t *testing.T) {
	var sats, unsats, big int
	fuzz.Check(t, 1000, func(t *rapid.T) {
		st := term.NewStore()
		cfg := fuzz.Config{Theories: fuzz.Bool | fuzz.LIA, Vars: 2, Depth: rapid.IntRange(1, 3).Draw(t, "depth"), MaxNum: 3}
		f := boxed(st, fuzz.Formula(st, cfg).Draw(t, "f"), fuzz.Consts(st, cfg), 2)
		if hasDivByZero(f) {
			// BruteForce enumerates the division by zero only over dom;
			// SatQE's Ackermann constants are unbounded.
			t.Skip("division by zero")
		}
		want, err := fuzz.SatQE(st, f)
		if errors.Is(err, fuzz.ErrTooLarge) {
			big++
			t.Skip(err)
		}
		require.NoError(t, err)
		m, err := fuzz.BruteForce(st, f, fuzz.Domain{})
		require.NoError(t, err)
		if want != (m != nil) {
			t.Fatalf("SatQE %v, BruteForce %v\n%s", want, m, fuzz.Script(st, f))
		}
		if want {
			sats++
		} else {
			unsats++
		}
	})
	t.Logf("%d sat, %d unsat, %d too large", sats, unsats, big)
}

func hasDivByZero(f *term.Term) bool {
	for u := range term.PostOrder(f) {
		switch u.Op() {
		case term.OpIntDiv, term.OpMod, term.OpDiv:
			if d := u.Arg(1); !d.IsNum() || d.Num().IsZero() {
				return true
			}
		}
	}
	return false
}

// TestQEAgreesWithSatQE eliminates some constants of a random formula and
// compares, under random values of the others, the result with SatQE of
// the formula with those values substituted.
func TestQEAgreesWithSatQE(t *testing.T) {
	var checked, big int
	fuzz.Check(t, 500, func(t *rapid.T) {
		st := term.NewStore()
		th := rapid.SampledFrom([]fuzz.Theory{fuzz.LRA, fuzz.LIA, fuzz.LIA | fuzz.LRA}).Draw(t, "theory")
		cfg := fuzz.Config{Theories: fuzz.Bool | th, Vars: 2, Depth: rapid.IntRange(1, 3).Draw(t, "depth")}
		f := fuzz.Formula(st, cfg).Draw(t, "f")
		consts := fuzz.Consts(st, cfg)
		var vars, params []*term.Term
		for _, c := range consts {
			if rapid.Bool().Draw(t, "eliminate "+c.Name()) {
				vars = append(vars, c)
			} else {
				params = append(params, c)
			}
		}
		g, err := fuzz.QE(st, vars, f)
		if errors.Is(err, fuzz.ErrTooLarge) || errors.Is(err, fuzz.ErrUnsupported) {
			big++
			t.Skip(err)
		}
		require.NoError(t, err)
		// The result speaks of the parameters only: no eliminated
		// variable, no constant of QE's own (qe_div!k, qe_toint!k, ...).
		for _, c := range term.FreeConsts(g) {
			if !slices.Contains(params, c) {
				t.Fatalf("QE result %v mentions %v, not a parameter", g, c)
			}
		}
		for k := range 3 {
			m := fuzz.ModelFor(st, params, fuzz.Config{Theories: th}).Draw(t, fmt.Sprint("model ", k))
			vals := make([]*term.Term, len(params))
			for i, p := range params {
				vals[i], err = m.Eval(p)
				require.NoError(t, err)
			}
			// the division-by-zero functions are those of the model
			got, err := m.EvalBool(g)
			require.NoError(t, err)
			inst := st.Substitute(f, params, vals)
			if hasDivByZero(inst) {
				continue
			}
			want, err := fuzz.SatQE(st, inst)
			if errors.Is(err, fuzz.ErrTooLarge) {
				continue
			}
			require.NoError(t, err)
			if got != want {
				t.Fatalf("QE(%v, %v) = %v is %v under %v, SatQE of the instance %v", vars, f, g, got, m, want)
			}
			checked++
		}
	})
	t.Logf("%d instances checked, %d formulas too large or unsupported", checked, big)
}

// TestOraclesAgainstZ3 compares SatQE with z3 on random formulas, and QE's
// results with z3's reading of the quantified formula: z3 must find
// (not (= qe (exists vars f))) unsat.
func TestOraclesAgainstZ3(t *testing.T) {
	if _, err := exec.LookPath("z3"); err != nil {
		t.Skip("z3 not on PATH")
	}
	n := 200
	if testing.Short() {
		n = 40
	}
	for _, th := range []fuzz.Theory{fuzz.LRA, fuzz.LIA, fuzz.LIA | fuzz.LRA} {
		t.Run(th.String(), func(t *testing.T) {
			st := term.NewStore()
			cfg := fuzz.Config{Theories: fuzz.Bool | th, Vars: 2, Depth: 3}
			gen := fuzz.Formula(st, cfg)
			consts := fuzz.Consts(st, cfg)
			var queries []*term.Term // for z3
			var want []string
			var qe int
			for i := 0; len(want) < 2*n; i++ {
				f := gen.Example(i)
				sat, err := fuzz.SatQE(st, f)
				if errors.Is(err, fuzz.ErrTooLarge) {
					continue
				}
				require.NoError(t, err, "%v", f)
				queries = append(queries, f)
				want = append(want, map[bool]string{true: "sat", false: "unsat"}[sat])
				vars := consts[:len(consts)/2]
				g, err := fuzz.QE(st, vars, f)
				if errors.Is(err, fuzz.ErrTooLarge) || errors.Is(err, fuzz.ErrUnsupported) {
					continue // Int constants with Real parameters
				}
				require.NoError(t, err)
				queries = append(queries, notEquivalent(st, vars, f, g))
				want = append(want, "unsat")
				qe++
			}
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			answers, err := fuzz.ExternalAll(ctx, "z3", fuzz.ScriptBatch(st, queries, "(set-option :timeout 5000)"))
			if errors.Is(err, context.DeadlineExceeded) {
				// z3 does not always honour :timeout; what it did not
				// answer is unknown.
				for len(answers) < len(queries) {
					answers = append(answers, "unknown")
				}
				err = nil
			}
			require.NoError(t, err)
			require.Len(t, answers, len(queries))
			unknown := 0
			for i, a := range answers {
				if a == "unknown" {
					unknown++
					continue
				}
				require.Equal(t, want[i], a, "z3 on\n%s", fuzz.Script(st, queries[i]))
			}
			t.Logf("%d formulas, %d eliminations checked; %d unknown to z3", len(queries)-qe, qe, unknown)
		})
	}
}

// notEquivalent is (not (= g (exists vars f))).
func notEquivalent(st *term.Store, vars []*term.Term, f, g *term.Term) *term.Term {
	bound := make([]*term.Term, len(vars))
	for i, v := range vars {
		bound[i] = st.BoundVar(v.Name(), v.Sort())
	}
	return st.Not(st.Eq(g, st.Exists(bound, st.Substitute(f, vars, bound))))
}

func TestBruteForce(t *testing.T) {
	text := qeDecls + `(declare-sort U 0)(declare-fun u () U)(declare-fun v () U)(declare-fun h (U) U)
(declare-fun a () (Array Int Int))(declare-fun b () (Array Int Int))(declare-fun f (Int) Int)`
	for _, tc := range []struct {
		phi  string
		want bool
	}{
		{"(and (distinct u v) (= (h u) v) (= (h v) u) (distinct (h (h u)) u))", false},
		{"(and (distinct u v) (= (h u) v) (= (h v) u))", true},
		{"(and (= (select a 0) 1) (= (store a 1 2) b) (= (select b 0) 1) (= (select b 1) 2))", true},
		{"(and (= (store a 1 2) b) (distinct (select b 1) 2))", false},
		{"(and (= (f (f i)) i) (distinct (f i) i) (= i 1))", true},
		{"(and (= (f i) j) (= (f j) k) (= i j) (distinct j k))", false},
		{"(and (> (div i 0) 1) (= (div j 0) 0) (= i j))", false},
		{"(and (> (div i 0) 1) (= (div j 0) 0))", true},
		{"(and (< 0 x 1))", true},
		{"(and (< 0 x 1) (< x y 1) (< y z 1))", false}, // none over the default reals
	} {
		st := term.NewStore()
		phi, _ := parse(t, st, text+"(assert "+tc.phi+")")
		m, err := fuzz.BruteForce(st, phi, fuzz.Domain{Ints: []int64{0, 1, 2}})
		require.NoError(t, err, tc.phi)
		require.Equal(t, tc.want, m != nil, tc.phi)
		if m != nil {
			ok, err := m.EvalBool(phi)
			require.NoError(t, err)
			require.True(t, ok)
		}
	}
	st := term.NewStore()
	n := st.Const("n", st.ArraySort(term.IntSort, st.ArraySort(term.IntSort, term.IntSort)))
	_, err := fuzz.BruteForce(st, st.Eq(n, n), fuzz.Domain{})
	require.ErrorIs(t, err, fuzz.ErrTooLarge)
	m, err := fuzz.BruteForce(st, st.Distinct(st.Select(n, st.Int(0)), st.Select(n, st.Int(1))), fuzz.Domain{Ints: []int64{0, 1}})
	require.NoError(t, err)
	require.NotNil(t, m)
}

func TestExternal(t *testing.T) {
	for _, solver := range []string{"z3", "cvc5"} {
		t.Run(solver, func(t *testing.T) {
			if _, err := exec.LookPath(solver); err != nil {
				t.Skip(solver, "not on PATH")
			}
			ctx := context.Background()
			st := term.NewStore()
			x := st.Const("x", term.IntSort)
			r, err := fuzz.External(ctx, solver, fuzz.Script(st, st.Gt(x, st.Mod(x, st.Int(0)))))
			require.NoError(t, err)
			require.Equal(t, "sat", r)
			r, err = fuzz.External(ctx, solver, fuzz.Script(st, st.And(st.Gt(x, st.Int(0)), st.Lt(x, st.Int(1)))))
			require.NoError(t, err)
			require.Equal(t, "unsat", r)
			_, err = fuzz.External(ctx, solver, "(assert (> y 0))(check-sat)")
			require.Error(t, err)
		})
	}
	_, err := fuzz.External(context.Background(), "yices", "")
	require.Error(t, err)
}

func TestScriptBatch(t *testing.T) {
	st := term.NewStore()
	x := st.Const("x", term.IntSort)
	u := st.UninterpretedSort("U")
	e := st.Const("e", u)
	fs := []*term.Term{
		st.Gt(x, st.Int(0)),
		st.And(st.Gt(x, st.Int(0)), st.Lt(x, st.Int(1))),
		st.Eq(e, st.Value(u, 1)),
	}
	want := `(set-logic ALL)
(set-option :timeout 1000)
(declare-sort U 0)
(declare-fun x () Int)
(declare-fun e () U)
(declare-fun U!val!1 () U)
(push 1)
(assert (> x 0))
(check-sat)
(pop 1)
(push 1)
(assert (and (> x 0) (< x 1)))
(check-sat)
(pop 1)
(push 1)
(assert (= e U!val!1))
(check-sat)
(pop 1)
`
	got := fuzz.ScriptBatch(st, fs, "(set-option :timeout 1000)")
	require.Equal(t, want, got)
	if _, err := exec.LookPath("z3"); err == nil {
		answers, err := fuzz.ExternalAll(context.Background(), "z3", got)
		require.NoError(t, err)
		require.Equal(t, []string{"sat", "unsat", "sat"}, answers)
	}
}

// TestQEParameters eliminates Int and Real constants next to parameters of
// other theories (array reads, function applications), which QE keeps as
// they are, and compares with the expected projection under random
// models.
func TestQEParameters(t *testing.T) {
	st := term.NewStore()
	cfg := fuzz.Config{Theories: fuzz.All}
	text := `(declare-fun x0 () Int)(declare-fun x1 () Int)(declare-fun r0 () Real)(declare-fun r1 () Real)
(declare-fun a0 () (Array Int Int))(declare-fun b0 () Bool)(declare-fun f (Int) Int)(declare-fun fr (Real) Real)`
	for _, tc := range []struct{ vars, phi, want string }{
		{"x1", "(and (< (select a0 x0) x1) (< x1 (f x0)))", "(< (+ (select a0 x0) 1) (f x0))"},
		{"x1", "(and (= (* 2 x1) (select a0 x0)) b0)", "(and (= (mod (select a0 x0) 2) 0) b0)"},
		{"r1", "(and (< (fr r0) r1) (< r1 (to_real (f x0))))", "(< (fr r0) (to_real (f x0)))"},
		{"r1 x1", "(and (<= (fr r0) r1) (<= r1 (to_real x1)) (< x1 (select a0 x0)))", "(< (to_int (fr r0)) (- (select a0 x0) (ite (is_int (fr r0)) 0 1)))"},
	} {
		phi, consts := parse(t, st, text+"(assert "+tc.phi+")")
		want, _ := parse(t, st, text+"(assert "+tc.want+")")
		var vars []*term.Term
		for _, n := range strings.Fields(tc.vars) {
			vars = append(vars, consts[n])
		}
		got, err := fuzz.QE(st, vars, phi)
		require.NoError(t, err, tc.phi)
		models := fuzz.ModelFor(st, fuzz.Consts(st, cfg), cfg)
		for i := range 200 {
			m := models.Example(i)
			g, err := m.EvalBool(got)
			require.NoError(t, err)
			w, err := m.EvalBool(want)
			require.NoError(t, err)
			require.Equal(t, w, g, "%s: QE gave %v; under\n%v", tc.phi, got, m)
		}
	}
}
