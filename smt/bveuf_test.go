package smt_test

import (
	"context"
	"fmt"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// checkBVEUFScript decides the assertions of the SMT-LIB text src and,
// when sat, checks the model against every assertion.
func checkBVEUFScript(t *testing.T, src string) smt.Result {
	t.Helper()
	st := term.NewStore()
	script, err := smtlib.Parse("bveuf.smt2", strings.NewReader(src), st)
	require.NoError(t, err)
	s := smt.New(st, smt.Options{})
	var fs []*term.Term
	for _, c := range script.Commands {
		if c.Kind == smtlib.Assert {
			require.NoError(t, s.Assert(c.Term))
			fs = append(fs, c.Term)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	r, err := s.Check(ctx)
	require.NoError(t, err)
	if r == smt.Sat {
		for _, f := range fs {
			ok, err := s.Model().EvalBool(f)
			require.NoError(t, err)
			require.True(t, ok, "the model falsifies %v", f)
		}
	}
	return r
}

// TestBVEUFScripts decides bit-vector terms under uninterpreted functions
// of other sorts and datatype constructors (issues #32, #33).
func TestBVEUFScripts(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      smt.Result
	}{
		{"record with a bit-vector field (cvc5 boolean-terms-rewrite)", `
(declare-datatypes ((R 0)) (((ctor (b (_ BitVec 1))))))
(declare-fun x () R)
(assert (= false (= (= x (ctor #b0)) (= x (ctor #b1)))))`, smt.Sat},
		{"constructor with a bit-vector field under a function (cvc5 issue12794)", `
(declare-const x Bool)
(declare-fun b!16 () Bool)
(declare-datatypes ((o 0) (e 0) (f! 0)) (((p) (g (h e))) ((e (i f!) (j Bool))) ((!1))))
(declare-fun k () o)
(assert (or b!16 (= !1 (i (h k)))))
(declare-datatypes ((l 0)) (((l (i (_ BitVec 1)) (j Bool) (m f!)))))
(declare-fun n (l) o)
(assert (or x (= p (n (l (_ bv0 1) false !1)))))
(declare-fun f () f!)
(assert (= b!16 (j (h (n (l (_ bv0 1) false f))))))
(declare-fun b!23 () Bool)
(assert (= (not b!23) (not b!16)))
(assert (= b!23 (= (n (l (_ bv0 1) false f)) (ite false p (g (e !1 false))))))`, smt.Sat},
		{"congruence over equal bit-vectors", `
(declare-fun f ((_ BitVec 4)) Int)
(declare-const x (_ BitVec 4)) (declare-const y (_ BitVec 4))
(assert (not (= (f x) (f y)))) (assert (= x y))`, smt.Unsat},
		{"congruence over equal values of different terms", `
(declare-fun f ((_ BitVec 4)) Int)
(declare-const x (_ BitVec 4)) (declare-const y (_ BitVec 4))
(assert (< (f x) (f (bvadd y #x1)))) (assert (= (bvsub x #x1) y))`, smt.Unsat},
		{"constructor injectivity into the bits", `
(declare-datatypes ((D 0)) (((C (fld (_ BitVec 1))))))
(declare-const x (_ BitVec 1))
(assert (= (C #b0) (C x))) (assert (= x #b1))`, smt.Unsat},
		{"selector of a bit-vector field", `
(declare-datatypes ((D 0)) (((C (fld (_ BitVec 2))))))
(declare-const r D) (declare-const x (_ BitVec 2))
(assert (= r (C x))) (assert (bvult (fld r) #b01)) (assert (not (= x #b00)))`, smt.Unsat},
		{"selector of a bit-vector field, sat", `
(declare-datatypes ((D 0)) (((C (fld (_ BitVec 2))))))
(declare-const r D) (declare-const q D) (declare-const x (_ BitVec 2))
(assert (= r (C x))) (assert (bvult (fld q) (fld r))) (assert (not (= q r)))`, smt.Sat},
		{"pigeons: three distinct images of one bit", `
(declare-sort U 0)
(declare-fun h ((_ BitVec 1)) U)
(declare-const a (_ BitVec 1)) (declare-const b (_ BitVec 1)) (declare-const c (_ BitVec 1))
(assert (distinct (h a) (h b) (h c)))`, smt.Unsat},
		{"two distinct images of one bit", `
(declare-sort U 0)
(declare-fun h ((_ BitVec 1)) U)
(declare-const a (_ BitVec 1)) (declare-const b (_ BitVec 1))
(assert (distinct (h a) (h b)))`, smt.Sat},
		{"pigeons through arithmetic", `
(declare-fun f ((_ BitVec 2)) Int)
(declare-const a (_ BitVec 2)) (declare-const b (_ BitVec 2)) (declare-const c (_ BitVec 2))
(assert (< (f a) (f b) (f c))) (assert (bvult a #b10)) (assert (bvult b #b10)) (assert (bvult c #b10))`, smt.Unsat},
		{"four distinct records of two bits", `
(declare-datatypes ((R 0)) (((mk (fa (_ BitVec 1)) (fb (_ BitVec 1))))))
(declare-const p R) (declare-const q R) (declare-const r R) (declare-const s R)
(assert (distinct p q r s))`, smt.Sat},
		{"five distinct records of two bits", `
(declare-datatypes ((R 0)) (((mk (fa (_ BitVec 1)) (fb (_ BitVec 1))))))
(declare-const p R) (declare-const q R) (declare-const r R) (declare-const s R) (declare-const w R)
(assert (distinct p q r s w))`, smt.Unsat},
		{"three distinct options of one bit", `
(declare-datatypes ((O 0)) (((none) (some (val (_ BitVec 1))))))
(declare-const p O) (declare-const q O) (declare-const r O)
(assert (distinct p q r))`, smt.Sat},
		{"four distinct options of one bit", `
(declare-datatypes ((O 0)) (((none) (some (val (_ BitVec 1))))))
(declare-const p O) (declare-const q O) (declare-const r O) (declare-const s O)
(assert (distinct p q r s))`, smt.Unsat},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, checkBVEUFScript(t, tc.src))
		})
	}
}

// bvefExpr is a random formula over x, y of (_ BitVec 2) and f from
// (_ BitVec 2) to Int: op names the node, the leaves are x, y, numerals.
type bvefExpr struct {
	op   string // bv: x y num add not; int: f num; bool: beq ult ieq ile not and or
	k    int
	args []*bvefExpr
}

func bvefDrawBV(t *rapid.T, depth int) *bvefExpr {
	ops := []string{"x", "y", "num"}
	if depth > 0 {
		ops = append(ops, "add", "not")
	}
	switch op := rapid.SampledFrom(ops).Draw(t, "bv"); op {
	case "num":
		return &bvefExpr{op: op, k: rapid.IntRange(0, 3).Draw(t, "k")}
	case "add":
		return &bvefExpr{op: op, args: []*bvefExpr{bvefDrawBV(t, depth-1), bvefDrawBV(t, depth-1)}}
	case "not":
		return &bvefExpr{op: op, args: []*bvefExpr{bvefDrawBV(t, depth-1)}}
	default:
		return &bvefExpr{op: op}
	}
}

func bvefDrawInt(t *rapid.T) *bvefExpr {
	if rapid.IntRange(0, 3).Draw(t, "intKind") == 0 {
		return &bvefExpr{op: "num", k: rapid.IntRange(0, 1).Draw(t, "n")}
	}
	return &bvefExpr{op: "f", args: []*bvefExpr{bvefDrawBV(t, 1)}}
}

func bvefDrawBool(t *rapid.T, depth int) *bvefExpr {
	ops := []string{"beq", "ult", "ieq", "ile"}
	if depth > 0 {
		ops = append(ops, "not", "and", "or")
	}
	switch op := rapid.SampledFrom(ops).Draw(t, "bool"); op {
	case "beq", "ult":
		return &bvefExpr{op: op, args: []*bvefExpr{bvefDrawBV(t, 1), bvefDrawBV(t, 1)}}
	case "ieq", "ile":
		return &bvefExpr{op: op, args: []*bvefExpr{bvefDrawInt(t), bvefDrawInt(t)}}
	case "not":
		return &bvefExpr{op: op, args: []*bvefExpr{bvefDrawBool(t, depth-1)}}
	default:
		return &bvefExpr{op: op, args: []*bvefExpr{bvefDrawBool(t, depth-1), bvefDrawBool(t, depth-1)}}
	}
}

// bvefEnv is an assignment: x, y and the table of f.
type bvefEnv struct{ x, y, f [4]int }

func (e *bvefExpr) bv(env *bvefEnv) int {
	switch e.op {
	case "x":
		return env.x[0]
	case "y":
		return env.y[0]
	case "num":
		return e.k
	case "add":
		return (e.args[0].bv(env) + e.args[1].bv(env)) & 3
	}
	return ^e.args[0].bv(env) & 3 // not
}

func (e *bvefExpr) int(env *bvefEnv) int {
	if e.op == "num" {
		return e.k
	}
	return env.f[e.args[0].bv(env)]
}

func (e *bvefExpr) holds(env *bvefEnv) bool {
	a := e.args
	switch e.op {
	case "beq":
		return a[0].bv(env) == a[1].bv(env)
	case "ult":
		return a[0].bv(env) < a[1].bv(env)
	case "ieq":
		return a[0].int(env) == a[1].int(env)
	case "ile":
		return a[0].int(env) <= a[1].int(env)
	case "not":
		return !a[0].holds(env)
	case "and":
		return a[0].holds(env) && a[1].holds(env)
	}
	return a[0].holds(env) || a[1].holds(env) // or
}

// build is the term of e; numerals are integers under the integer
// comparisons (isInt), bit-vectors elsewhere.
func (e *bvefExpr) build(st *term.Store, x, y *term.Term, f *term.Func, isInt bool) *term.Term {
	if e.op == "num" {
		if isInt {
			return st.Int(int64(e.k))
		}
		return st.BVInt(int64(e.k), 2)
	}
	var args []*term.Term
	for _, a := range e.args {
		args = append(args, a.build(st, x, y, f, e.op == "ieq" || e.op == "ile"))
	}
	switch e.op {
	case "x":
		return x
	case "y":
		return y
	case "add":
		return st.Mk(term.OpBVAdd, args...)
	case "f":
		return st.Apply(f, args...)
	case "beq", "ieq":
		return st.Eq(args[0], args[1])
	case "ult":
		return st.Mk(term.OpBVUlt, args...)
	case "ile":
		return st.Le(args[0], args[1])
	case "and":
		return st.And(args...)
	case "or":
		return st.Or(args...)
	}
	if args[0].Sort().IsBool() {
		return st.Not(args[0])
	}
	return st.Mk(term.OpBVNot, args...)
}

func (e *bvefExpr) String() string {
	if len(e.args) == 0 {
		if e.op == "num" {
			return fmt.Sprint(e.k)
		}
		return e.op
	}
	s := "(" + e.op
	for _, a := range e.args {
		s += " " + a.String()
	}
	return s + ")"
}

// bvefSat decides the conjunction of fs by enumeration: x, y over the
// four values of (_ BitVec 2), f's four entries over -4..5 (enough for
// any order of four values against the numerals 0 and 1).
func bvefSat(fs []*bvefExpr) bool {
	var env bvefEnv
	for x := 0; x < 4; x++ {
		for y := 0; y < 4; y++ {
			env.x[0], env.y[0] = x, y
			for code := 0; code < 10*10*10*10; code++ {
				c := code
				for i := range env.f {
					env.f[i] = c%10 - 4
					c /= 10
				}
				ok := true
				for _, f := range fs {
					if !f.holds(&env) {
						ok = false
						break
					}
				}
				if ok {
					return true
				}
			}
		}
	}
	return false
}

// TestPropBVEUF checks random formulas over two bit-vectors of width 2
// and a function from them to Int against enumeration of the bit-vector
// values and the function's table; sat models are checked as well.
func TestPropBVEUF(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 3).Draw(t, "n")
		var es []*bvefExpr
		for i := 0; i < n; i++ {
			es = append(es, bvefDrawBool(t, 2))
		}
		st := term.NewStore()
		s2 := st.BitVecSort(2)
		x, y := st.Const("x", s2), st.Const("y", s2)
		f := st.Func("f", []*term.Sort{s2}, term.IntSort)
		s := smt.New(st, smt.Options{})
		var fs []*term.Term
		for _, e := range es {
			ft := e.build(st, x, y, f, false)
			fs = append(fs, ft)
			require.NoError(t, s.Assert(ft))
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		r, err := s.Check(ctx)
		require.NoError(t, err)
		require.NotEqual(t, smt.Unknown, r, "unknown (%s) on %v", s.ReasonUnknown(), es)
		want := smt.Unsat
		if bvefSat(es) {
			want = smt.Sat
		}
		require.Equal(t, want, r, "on %v", es)
		if r == smt.Sat {
			ok, err := s.Model().EvalBool(st.And(fs...))
			require.NoError(t, err)
			require.True(t, ok, "the model falsifies %v", es)
		}
	})
}

// TestPropBVEUFZ3 compares with z3 (skipped without it) on random
// formulas mixing bit-vectors of width 2 under functions to an
// uninterpreted sort, to Int and to bit-vectors, nested.
func TestPropBVEUFZ3(t *testing.T) {
	if _, err := exec.LookPath("z3"); err != nil || testing.Short() {
		t.Skip("z3 not on PATH, or -short")
	}
	agree := 0
	rapid.Check(t, func(t *rapid.T) {
		st := term.NewStore()
		s2 := st.BitVecSort(2)
		U := st.UninterpretedSort("U")
		x, y, z := st.Const("x", s2), st.Const("y", s2), st.Const("z", s2)
		u := st.Const("u", U)
		h := st.Func("h", []*term.Sort{s2}, U)
		f := st.Func("f", []*term.Sort{s2}, term.IntSort)
		g := st.Func("g", []*term.Sort{s2}, s2)
		k := st.Func("k", []*term.Sort{U}, s2)
		var bv func(d int) *term.Term
		bv = func(d int) *term.Term {
			n := 4
			if d > 0 {
				n = 8
			}
			switch rapid.IntRange(0, n-1).Draw(t, "bv") {
			case 0:
				return x
			case 1:
				return y
			case 2:
				return z
			case 3:
				return st.BVInt(int64(rapid.IntRange(0, 3).Draw(t, "k")), 2)
			case 4:
				return st.Mk(term.OpBVAdd, bv(d-1), bv(d-1))
			case 5:
				return st.Apply(g, bv(d-1))
			case 6:
				return st.Apply(k, st.Apply(h, bv(d-1)))
			}
			return st.Mk(term.OpBVNot, bv(d-1))
		}
		atom := func() *term.Term {
			switch rapid.IntRange(0, 5).Draw(t, "atom") {
			case 0:
				return st.Eq(bv(2), bv(2))
			case 1:
				return st.Mk(term.OpBVUlt, bv(2), bv(2))
			case 2:
				return st.Eq(st.Apply(h, bv(1)), st.Apply(h, bv(1)))
			case 3:
				return st.Eq(st.Apply(h, bv(1)), u)
			case 4:
				return st.Le(st.Apply(f, bv(1)), st.Apply(f, bv(1)))
			}
			return st.Eq(st.Apply(f, bv(1)), st.Int(int64(rapid.IntRange(0, 1).Draw(t, "n"))))
		}
		var fs []*term.Term
		for n := rapid.IntRange(1, 5).Draw(t, "n"); n > 0; n-- {
			a := atom()
			switch rapid.IntRange(0, 2).Draw(t, "conn") {
			case 0:
				a = st.Not(a)
			case 1:
				a = st.Or(a, st.Not(atom()))
			}
			fs = append(fs, a)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		s := smt.New(st, smt.Options{})
		for _, a := range fs {
			require.NoError(t, s.Assert(a))
		}
		r, err := s.Check(ctx)
		require.NoError(t, err)
		require.NotEqual(t, smt.Unknown, r, "unknown (%s) on\n%s", s.ReasonUnknown(), fuzz.Script(st, fs...))
		if r == smt.Sat {
			ok, err := s.Model().EvalBool(st.And(fs...))
			require.NoError(t, err)
			require.True(t, ok)
		}
		zr, err := fuzz.External(ctx, "z3", fuzz.Script(st, fs...))
		if err != nil || (zr != "sat" && zr != "unsat") {
			return
		}
		require.Equal(t, zr, r.String(), "z3 and the solver disagree on\n%s", fuzz.Script(st, fs...))
		agree++
	})
	t.Logf("%d agree with z3", agree)
}
