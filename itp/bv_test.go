package itp_test

import (
	"errors"
	"fmt"
	"math/big"
	"testing"

	"github.com/seed-f9c3434d/gospacer/itp"
	"github.com/seed-f9c3434d/gospacer/term"
	"pgregory.net/rapid"
)

// Interpolation over bit-vectors against enumeration: A over an A-local
// variable and the shared ones, B over the shared ones and a B-local
// variable, of width 4 to 8. The sets of shared values A and B allow are
// enumerated with an evaluator of this file (not the solver's), A ∧ B
// is unsat when they are disjoint, and the interpolant must hold on A's
// set, fail on B's, and mention only shared variables.

// bvExpr is a drawn bit-vector term with its own evaluation.
type bvExpr struct {
	t    *term.Term
	eval func(env []uint64) uint64
}

// bvAtom is a drawn Boolean term with its own evaluation.
type bvAtom struct {
	t    *term.Term
	eval func(env []uint64) bool
}

func drawBVExpr(t *rapid.T, st *term.Store, vars []*term.Term, idx []int, w, depth int, label string) bvExpr {
	mask := uint64(1)<<w - 1
	if depth == 0 || rapid.IntRange(0, 2).Draw(t, label+"leaf") == 0 {
		if rapid.IntRange(0, 3).Draw(t, label+"kind") == 0 {
			k := uint64(rapid.IntRange(0, int(mask)).Draw(t, label+"k"))
			return bvExpr{st.BVInt(int64(k), w), func([]uint64) uint64 { return k }}
		}
		i := rapid.IntRange(0, len(vars)-1).Draw(t, label+"v")
		j := idx[i]
		return bvExpr{vars[i], func(env []uint64) uint64 { return env[j] }}
	}
	x := drawBVExpr(t, st, vars, idx, w, depth-1, label+"l")
	ops := []term.Op{term.OpBVAdd, term.OpBVSub, term.OpBVMul, term.OpBVAnd, term.OpBVOr, term.OpBVXor,
		term.OpBVNot, term.OpBVShl, term.OpBVLshr, term.OpBVUdiv, term.OpBVUrem, term.OpRotateLeft}
	op := ops[rapid.IntRange(0, len(ops)-1).Draw(t, label+"op")]
	switch op {
	case term.OpBVNot:
		return bvExpr{st.Mk(op, x.t), func(env []uint64) uint64 { return ^x.eval(env) & mask }}
	case term.OpRotateLeft:
		k := rapid.IntRange(1, w-1).Draw(t, label+"rot")
		r, err := st.BuildIndexed(op, k, 0, x.t)
		if err != nil {
			t.Fatal(err)
		}
		return bvExpr{r, func(env []uint64) uint64 {
			v := x.eval(env)
			return (v<<k | v>>(w-k)) & mask
		}}
	}
	y := drawBVExpr(t, st, vars, idx, w, depth-1, label+"r")
	f := map[term.Op]func(a, b uint64) uint64{
		term.OpBVAdd: func(a, b uint64) uint64 { return a + b },
		term.OpBVSub: func(a, b uint64) uint64 { return a - b },
		term.OpBVMul: func(a, b uint64) uint64 { return a * b },
		term.OpBVAnd: func(a, b uint64) uint64 { return a & b },
		term.OpBVOr:  func(a, b uint64) uint64 { return a | b },
		term.OpBVXor: func(a, b uint64) uint64 { return a ^ b },
		term.OpBVShl: func(a, b uint64) uint64 {
			if b >= uint64(w) {
				return 0
			}
			return a << b
		},
		term.OpBVLshr: func(a, b uint64) uint64 {
			if b >= uint64(w) {
				return 0
			}
			return a >> b
		},
		term.OpBVUdiv: func(a, b uint64) uint64 { // SMT-LIB: x/0 = all ones
			if b == 0 {
				return mask
			}
			return a / b
		},
		term.OpBVUrem: func(a, b uint64) uint64 { // SMT-LIB: x rem 0 = x
			if b == 0 {
				return a
			}
			return a % b
		},
	}[op]
	return bvExpr{st.Mk(op, x.t, y.t), func(env []uint64) uint64 { return f(x.eval(env), y.eval(env)) & mask }}
}

func drawBVAtom(t *rapid.T, st *term.Store, vars []*term.Term, idx []int, w int, label string) bvAtom {
	x := drawBVExpr(t, st, vars, idx, w, 2, label+"x")
	y := drawBVExpr(t, st, vars, idx, w, 1, label+"y")
	sign := func(v uint64) int64 { return int64(v<<(64-w)) >> (64 - w) }
	var a bvAtom
	switch rapid.IntRange(0, 3).Draw(t, label+"rel") {
	case 0:
		a = bvAtom{st.Eq(x.t, y.t), func(env []uint64) bool { return x.eval(env) == y.eval(env) }}
	case 1:
		a = bvAtom{st.Mk(term.OpBVUlt, x.t, y.t), func(env []uint64) bool { return x.eval(env) < y.eval(env) }}
	case 2:
		a = bvAtom{st.Mk(term.OpBVUle, x.t, y.t), func(env []uint64) bool { return x.eval(env) <= y.eval(env) }}
	default:
		a = bvAtom{st.Mk(term.OpBVSlt, x.t, y.t), func(env []uint64) bool { return sign(x.eval(env)) < sign(y.eval(env)) }}
	}
	if rapid.IntRange(0, 3).Draw(t, label+"neg") == 0 {
		e := a.eval
		a = bvAtom{st.Not(a.t), func(env []uint64) bool { return !e(env) }}
	}
	return a
}

// bvSide is one side's formula: a conjunction of drawn atoms over its
// local variable (env index 0) and the shared ones (1..).
type bvSide struct {
	atoms []bvAtom
}

func (s *bvSide) holds(env []uint64) bool {
	for _, a := range s.atoms {
		if !a.eval(env) {
			return false
		}
	}
	return true
}

func (s *bvSide) term(st *term.Store) *term.Term {
	ts := make([]*term.Term, len(s.atoms))
	for i, a := range s.atoms {
		ts[i] = a.t
	}
	return st.And(ts...)
}

// sharedValues enumerates the shared values (index: the shared
// variables' values in base 2^w) the side allows for some local value.
func (s *bvSide) sharedValues(w, nShared int) []bool {
	n := 1 << (w * nShared)
	ok := make([]bool, n)
	env := make([]uint64, 1+nShared)
	for sv := 0; sv < n; sv++ {
		for i := 0; i < nShared; i++ {
			env[1+i] = uint64(sv>>(w*i)) & (1<<w - 1)
		}
		for l := uint64(0); l < 1<<w; l++ {
			env[0] = l
			if s.holds(env) {
				ok[sv] = true
				break
			}
		}
	}
	return ok
}

func TestInterpolateBVProperty(t *testing.T) {
	var cnt counter
	rapid.Check(t, func(t *rapid.T) {
		st := term.NewStore()
		w := rapid.IntRange(4, 8).Draw(t, "w")
		nShared := 1
		if w <= 5 {
			nShared = rapid.IntRange(1, 2).Draw(t, "nShared")
		}
		sort := st.BitVecSort(w)
		xa, xb := st.Const("a", sort), st.Const("b", sort)
		var shared []*term.Term
		for i := 0; i < nShared; i++ {
			shared = append(shared, st.Const(fmt.Sprintf("s%d", i), sort))
		}
		// env indices: 0 the side's local variable, 1.. the shared ones
		vA := append([]*term.Term{xa}, shared...)
		vB := append([]*term.Term{xb}, shared...)
		idx := make([]int, len(vA))
		for i := range idx {
			idx[i] = i
		}
		var A, B bvSide
		for i, n := 0, rapid.IntRange(1, 3).Draw(t, "nA"); i < n; i++ {
			A.atoms = append(A.atoms, drawBVAtom(t, st, vA, idx, w, "a"))
		}
		for i, n := 0, rapid.IntRange(1, 3).Draw(t, "nB"); i < n; i++ {
			B.atoms = append(B.atoms, drawBVAtom(t, st, vB, idx, w, "b"))
		}
		inA, inB := A.sharedValues(w, nShared), B.sharedValues(w, nShared)
		for k := 0; ; k++ {
			disjoint := true
			for i := range inA {
				if inA[i] && inB[i] {
					disjoint = false
					break
				}
			}
			if disjoint {
				break
			}
			if k == 3 {
				cnt.add("sat")
				return
			}
			if rapid.Bool().Draw(t, "tightenA") {
				A.atoms = append(A.atoms, drawBVAtom(t, st, vA, idx, w, "ta"))
				inA = A.sharedValues(w, nShared)
			} else {
				B.atoms = append(B.atoms, drawBVAtom(t, st, vB, idx, w, "tb"))
				inB = B.sharedValues(w, nShared)
			}
		}
		a, b := A.term(st), B.term(st)
		I, err := itp.Interpolate(st, a, b)
		if err != nil {
			if !errors.Is(err, itp.ErrUnsupported) {
				t.Fatalf("A=%v B=%v: %v", a, b, err)
			}
			cnt.fail(err)
			return
		}
		for _, c := range term.FreeConsts(I) {
			if c == xa || c == xb {
				t.Fatalf("A=%v B=%v: interpolant %v has the local %v", a, b, I, c)
			}
		}
		m := term.NewModel(st)
		for sv := range inA {
			for i, s := range shared {
				m.Set(s, st.BVNum(big.NewInt(int64(sv>>(w*i))&(1<<w-1)), w))
			}
			v, err := m.EvalBool(I)
			if err != nil {
				t.Fatalf("I=%v: %v", I, err)
			}
			switch {
			case inA[sv] && !v:
				t.Fatalf("A=%v B=%v I=%v: A allows shared value %d, I excludes it", a, b, I, sv)
			case inB[sv] && v:
				t.Fatalf("A=%v B=%v I=%v: B allows shared value %d, I includes it", a, b, I, sv)
			}
		}
		if I.Op() == term.OpTrue || I.Op() == term.OpFalse {
			cnt.add("constant")
		}
		cnt.add("ok")
	})
	cnt.report(t, "pairs QF_BV")
	t.Logf("of which true or false: %d", cnt.counts["constant"])
	// Pure bit-vector pairs have no theory lemma: an error is a blaster
	// variable whose side the walker cannot tell, which should be rare.
	if n := cnt.counts["ok"] + cnt.counts["err"]; cnt.counts["err"]*20 > n {
		t.Errorf("%d errors in %d unsat pairs", cnt.counts["err"], n)
	}
}

// TestInterpolateBVWordLevel: the shared bits of an interpolant that line
// up become one equality of an extract.
func TestInterpolateBVWordLevel(t *testing.T) {
	st := term.NewStore()
	s8 := st.BitVecSort(8)
	x, y := st.Const("x", s8), st.Const("y", s8)
	A := st.And(st.Mk(term.OpBVUlt, x, st.BVInt(10, 8)), st.Eq(y, st.Mk(term.OpBVAdd, x, st.BVInt(1, 8))))
	B := st.Mk(term.OpBVUgt, y, st.BVInt(20, 8))
	I, err := itp.Interpolate(st, A, B)
	if err != nil {
		t.Fatal(err)
	}
	if err := itp.Check(st, A, B, I); err != nil {
		t.Fatalf("I=%v: %v", I, err)
	}
	if got, want := I.String(), "(= ((_ extract 7 4) y) #x0)"; got != want {
		t.Errorf("interpolant %s, want %s", got, want)
	}
}
