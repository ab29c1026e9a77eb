package smtlib

import (
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

const bvScript = `(set-logic QF_BV)
(declare-fun x () (_ BitVec 8))
(declare-const y (_ BitVec 8))
(declare-fun f ((_ BitVec 8)) (_ BitVec 4))
(define-sort Byte () (_ BitVec 8))
(declare-const z Byte)
(assert (= (bvadd x #x01 (_ bv3 8)) ((_ zero_extend 4) #b1010)))
(assert (bvult ((_ extract 3 0) y) (f z)))
(assert (distinct (concat x y) ((_ repeat 2) z) ((_ sign_extend 8) (bvneg x))))
(assert (bvsge (bvsdiv x y) (bvsrem x y)))
(assert (bvuge (bvsmod x y) (bvudiv (bvurem x y) (bvmul x y))))
(assert (= (bvshl x y) (bvlshr (bvashr x y) (bvsub x y z))))
(assert (= (bvnand x y) (bvnor (bvxnor x y) (bvand x (bvor y (bvxor x (bvnot z)))))))
(assert (= ((_ rotate_left 3) x) ((_ rotate_right 5) y)))
(assert (= (bvcomp x y) #b1))
(assert (bvsle (bvsub x y) y))
(assert (bvsgt x y))
(assert (bvugt x y))
(assert (bvslt x y))
(assert (bvule x y))
(assert (= (bv2nat x) 3))
(assert (= ((_ int2bv 8) 300) ((_ nat2bv 8) (bv2nat y))))
(check-sat)
`

// TestBVRoundTrip reads every bit-vector form and prints each assertion
// back: the printed text reads as the same term.
func TestBVRoundTrip(t *testing.T) {
	st := term.NewStore()
	s, err := Parse("bv.smt2", strings.NewReader(bvScript), st)
	require.NoError(t, err)
	var decls, asserts []string
	for _, c := range s.Commands {
		switch c.Kind {
		case DeclareFun:
			f := c.Func
			var dom []string
			for _, d := range f.Domain() {
				dom = append(dom, d.String())
			}
			decls = append(decls, "(declare-fun "+f.Name()+" ("+strings.Join(dom, " ")+") "+f.Range().String()+")")
		case Assert:
			asserts = append(asserts, term.Sprint(c.Term))
		}
	}
	require.Len(t, asserts, 16)
	require.Contains(t, asserts[0], "#x01")
	text := "(set-logic QF_BV)" + strings.Join(decls, "") + "(assert " + strings.Join(asserts, ")(assert ") + ")"
	s2, err := Parse("bv2.smt2", strings.NewReader(text), st)
	require.NoError(t, err, text)
	k := 0
	for _, c := range s2.Commands {
		if c.Kind == Assert {
			require.Equal(t, asserts[k], term.Sprint(c.Term))
			k++
		}
	}
	require.Equal(t, 16, k)
}

// TestBVDefineFun expands definitions over indexed operators with their
// indices (a rebuild without them would make (_ zero_extend 0)).
func TestBVDefineFun(t *testing.T) {
	st := term.NewStore()
	s, err := Parse("d.smt2", strings.NewReader(`(set-logic QF_BV)
(define-fun w ((b (_ BitVec 4))) (_ BitVec 4)
  (bvadd ((_ zero_extend 3) ((_ extract 0 0) b)) ((_ zero_extend 3) ((_ extract 1 1) b))))
(declare-const x (_ BitVec 4))
(assert (= (w (bvand x #x3)) #x2))`), st)
	require.NoError(t, err)
	var a *term.Term
	for _, c := range s.Commands {
		if c.Kind == Assert {
			a = c.Term
		}
	}
	require.Equal(t, "(= (bvadd ((_ zero_extend 3) ((_ extract 0 0) (bvand x #x3))) ((_ zero_extend 3) ((_ extract 1 1) (bvand x #x3)))) #x2)", a.String())
	_, err = st.Build(term.OpZeroExtend, st.Const("x", st.BitVecSort(4)))
	require.Error(t, err)
}

// TestSbvToInt reads SMT-LIB 2.7's sbv_to_int as the two's complement
// value and refuses an argument that is not a bit-vector, at its form.
func TestSbvToInt(t *testing.T) {
	s, _ := parse(t, "(declare-const x (_ BitVec 4))(assert (= (sbv_to_int x) 1))")
	require.Equal(t, []string{"(= (ite (bvslt x #x0) (- (bv2nat x) 16) (bv2nat x)) 1)"}, asserted(s))
	_, err := Parse("e.smt2", strings.NewReader("(declare-const i Int)\n(assert (= (sbv_to_int i) 1))"), term.NewStore())
	require.EqualError(t, err, "e.smt2:2:12: sbv_to_int: expected 1 argument of a bit-vector sort")
}
