package script

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestBitVectors answers QF_BV scripts like the other logics: models and
// values print as #x/#b literals, scopes and assumptions work, and a
// bit-vector term the solver does not decide gives unknown with a reason.
func TestBitVectors(t *testing.T) {
	for _, tc := range []struct {
		name, in, out string
	}{{
		name: "values",
		in: `(set-logic QF_BV)
(declare-const x (_ BitVec 8))
(declare-const y (_ BitVec 3))
(assert (= (bvadd x #x01 (_ bv3 8)) ((_ zero_extend 4) #b1010)))
(assert (= y ((_ extract 2 0) (bvudiv x #x00))))
(check-sat)
(get-value (x y (bvmul x x) (bv2nat x)))`,
		out: "sat\n((x #x06)\n (y #b111)\n ((bvmul x x) #x24)\n ((bv2nat x) 6))\n",
	}, {
		name: "SMT-LIB 2.7's conversions",
		in: `(set-logic QF_BV)
(declare-const x (_ BitVec 4))
(assert (= (sbv_to_int x) (- 3)))
(check-sat)
(get-value (x (ubv_to_int x) ((_ int_to_bv 4) (- 3))))
(assert (> (sbv_to_int x) 7))
(check-sat)`,
		out: "sat\n((x #xd)\n ((ubv_to_int x) 13)\n (((_ int_to_bv 4) (- 3)) #xd))\nunsat\n",
	}, {
		name: "scopes and assumptions",
		in: `(set-logic QF_BV)
(declare-const x (_ BitVec 4))
(declare-const p Bool)
(assert (=> p (bvslt x #x0)))
(push 1)
(assert (bvsgt x #x6))
(check-sat)
(check-sat-assuming (p))
(pop 1)
(check-sat-assuming (p (= x #xf)))
(get-value (x))`,
		out: "sat\nunsat\nsat\n((x #xf))\n",
	}, {
		name: "model",
		in: `(set-logic QF_BV)
(declare-const x (_ BitVec 5))
(assert (= (bvsmod x #b00111) #b00010))
(assert (bvult x #b00011))
(check-sat)
(get-model)`,
		out: "sat\n(\n  (define-fun x () (_ BitVec 5) #b00010)\n)\n",
	}, {
		name: "function from bit-vectors to an uninterpreted sort",
		in: `(set-logic QF_UFBV)
(declare-sort S 0)
(declare-fun h ((_ BitVec 4)) S)
(declare-const s S)
(declare-const x (_ BitVec 4))
(assert (= (h #x1) s))
(assert (not (= (h x) s)))
(check-sat)
(assert (= x #x1))
(check-sat)`,
		out: "sat\nunsat\n",
	}} {
		t.Run(tc.name, func(t *testing.T) {
			out, _, _ := runText(t, context.Background(), tc.in, Options{})
			require.Equal(t, tc.out, out)
		})
	}
}
