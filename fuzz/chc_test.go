package fuzz_test

import (
	"context"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/witness"
	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestCHCSystemAndBrute checks the generator and the oracle against each
// other and the chc checkers: systems print and read back, BruteCHC's
// witnesses pass witness.CheckModel and witness.CheckDerivation, and widening the
// domain changes neither the answer nor the least model (the constraints
// bound every variable, so brute force is exact).
func TestCHCSystemAndBrute(t *testing.T) {
	ctx := context.Background()
	fuzz.Check(t, 200, func(t *rapid.T) {
		st := term.NewStore()
		s := fuzz.CHCSystem(st, 0, 2).Draw(t, "system")
		text := s.String()
		t.Logf("system:\n%s", text)
		back, _, err := chc.Read("printed", strings.NewReader(text), term.NewStore())
		require.NoError(t, err)
		require.Len(t, back.Preds, len(s.Preds))
		require.Len(t, back.Clauses, len(s.Clauses))
		again, _, err := chc.Read("printed", strings.NewReader(back.String()), term.NewStore())
		require.NoError(t, err)
		require.Equal(t, back.String(), again.String())
		require.Len(t, s.Clauses[0].Body, 0, "the first clause is a fact")
		require.Nil(t, s.Clauses[len(s.Clauses)-1].Head, "the last clause is a query")
		r, err := fuzz.BruteCHC(s, 0, 2)
		require.NoError(t, err)
		wide, err := fuzz.BruteCHC(s, -1, 3)
		require.NoError(t, err)
		require.Equal(t, r.Answer, wide.Answer)
		switch r.Answer {
		case chc.Sat:
			require.NoError(t, witness.CheckModel(ctx, s, r.Model))
			for _, p := range s.Preds {
				require.Len(t, wide.Tuples[p], len(r.Tuples[p]), "tuples of %s", p.Name())
			}
		case chc.Unsat:
			require.NoError(t, witness.CheckDerivation(context.Background(), s, r.Derivation))
		default:
			t.Fatalf("answer %v", r.Answer)
		}
	})
}

// TestBruteCHCSmall decides hand-written systems.
func TestBruteCHCSmall(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want chc.Answer
	}{
		{`(declare-fun P (Int) Bool)
		  (assert (forall ((x Int)) (=> (= x 0) (P x))))
		  (assert (forall ((x Int) (y Int)) (=> (and (P x) (= y (+ x 1)) (<= y 2)) (P y))))
		  (assert (forall ((x Int)) (=> (and (P x) (= x 2)) false)))`, chc.Unsat},
		{`(declare-fun P (Int) Bool)
		  (assert (forall ((x Int)) (=> (= x 0) (P x))))
		  (assert (forall ((x Int) (y Int)) (=> (and (P x) (= y (+ x 2)) (<= y 2)) (P y))))
		  (assert (forall ((x Int)) (=> (and (P x) (= x 1)) false)))`, chc.Sat},
		{`(declare-fun P (Int) Bool) (declare-fun Q (Int) Bool)
		  (assert (forall ((x Int)) (=> (and (<= 0 x) (<= x 1)) (P x))))
		  (assert (forall ((x Int) (y Int) (z Int)) (=> (and (P x) (P y) (= z (+ x y))) (Q z))))
		  (assert (forall ((x Int)) (=> (and (Q x) (= x 2)) false)))`, chc.Unsat},
	} {
		s, _, err := chc.Read("test.smt2", strings.NewReader("(set-logic HORN)"+tc.src), term.NewStore())
		require.NoError(t, err)
		r, err := fuzz.BruteCHC(s, 0, 2)
		require.NoError(t, err)
		require.Equal(t, tc.want, r.Answer, tc.src)
		require.NoError(t, witness.CheckResult(context.Background(), s, chc.Result{Answer: r.Answer, Model: r.Model, Derivation: r.Derivation}))
	}
}

// TestCHCTheoriesAndBrute checks the bit-vector and list generators with
// BruteCHC as TestCHCSystemAndBrute does: systems print and read back,
// brute force's witnesses pass the checkers, and for lists a wider domain
// of elements changes neither the answer nor the least model.
func TestCHCTheoriesAndBrute(t *testing.T) {
	ctx := context.Background()
	for _, kind := range []struct {
		name     string
		gen      func(st *term.Store) *rapid.Generator[*chc.System]
		hi, wide int
	}{
		{"bitvec", fuzz.CHCSystemBitVec, 2, 3},
		{"lists", func(st *term.Store) *rapid.Generator[*chc.System] { return fuzz.CHCSystemLists(st, 0, 1) }, 1, 2},
	} {
		t.Run(kind.name, func(t *testing.T) {
			answers := map[chc.Answer]int{}
			fuzz.Check(t, 100, func(t *rapid.T) {
				st := term.NewStore()
				s := kind.gen(st).Draw(t, "system")
				text := s.String()
				t.Logf("system:\n%s", text)
				back, _, err := chc.Read("printed", strings.NewReader(text), term.NewStore())
				require.NoError(t, err)
				require.Len(t, back.Clauses, len(s.Clauses))
				r, err := fuzz.BruteCHC(s, 0, kind.hi)
				require.NoError(t, err)
				wide, err := fuzz.BruteCHC(s, 0, kind.wide)
				require.NoError(t, err)
				require.Equal(t, r.Answer, wide.Answer)
				answers[r.Answer]++
				switch r.Answer {
				case chc.Sat:
					require.NoError(t, witness.CheckModel(ctx, s, r.Model))
					for _, p := range s.Preds {
						require.Len(t, wide.Tuples[p], len(r.Tuples[p]), "tuples of %s", p.Name())
					}
				case chc.Unsat:
					require.NoError(t, witness.CheckDerivation(ctx, s, r.Derivation))
				default:
					t.Fatalf("answer %v", r.Answer)
				}
			})
			t.Logf("%s: %d sat, %d unsat", kind.name, answers[chc.Sat], answers[chc.Unsat])
		})
	}
}

// TestBruteCHCTheories decides hand-written systems over bit-vectors and
// lists.
func TestBruteCHCTheories(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want chc.Answer
	}{
		// a 2-bit counter wraps around to 0
		{`(declare-fun P ((_ BitVec 2)) Bool)
		  (assert (forall ((x (_ BitVec 2))) (=> (= x #b01) (P x))))
		  (assert (forall ((x (_ BitVec 2)) (y (_ BitVec 2))) (=> (and (P x) (= y (bvadd x #b01))) (P y))))
		  (assert (forall ((x (_ BitVec 2))) (=> (and (P x) (= x #b00)) false)))`, chc.Unsat},
		// doubling an odd number never gives an odd one
		{`(declare-fun P ((_ BitVec 3)) Bool)
		  (assert (forall ((x (_ BitVec 3))) (=> (= x #b010) (P x))))
		  (assert (forall ((x (_ BitVec 3)) (y (_ BitVec 3))) (=> (and (P x) (= y (bvmul x #b011))) (P y))))
		  (assert (forall ((x (_ BitVec 3))) (=> (and (P x) (= ((_ extract 0 0) x) #b1)) false)))`, chc.Sat},
		// pushing two elements onto nil: a list of length two exists
		{`(declare-datatypes ((IntList 0)) (((nil) (cons (head Int) (tail IntList)))))
		  (declare-fun P (IntList Int) Bool)
		  (assert (forall ((l IntList) (n Int)) (=> (and (= l nil) (= n 0)) (P l n))))
		  (assert (forall ((l IntList) (m IntList) (n Int) (k Int)) (=> (and (P l n) (= m (cons 1 l)) (= k (+ n 1)) (<= k 2)) (P m k))))
		  (assert (forall ((l IntList) (n Int)) (=> (and (P l n) ((_ is cons) l) ((_ is cons) (tail l))) false)))`, chc.Unsat},
		// the count and the list agree: nil never has count 1
		{`(declare-datatypes ((IntList 0)) (((nil) (cons (head Int) (tail IntList)))))
		  (declare-fun P (IntList Int) Bool)
		  (assert (forall ((l IntList) (n Int)) (=> (and (= l nil) (= n 0)) (P l n))))
		  (assert (forall ((l IntList) (m IntList) (n Int) (k Int)) (=> (and (P l n) (= m (cons 0 l)) (= k (+ n 1)) (<= k 2)) (P m k))))
		  (assert (forall ((l IntList) (n Int)) (=> (and (P l n) (= l nil) (= n 1)) false)))`, chc.Sat},
	} {
		s, _, err := chc.Read("test.smt2", strings.NewReader("(set-logic HORN)"+tc.src), term.NewStore())
		require.NoError(t, err)
		r, err := fuzz.BruteCHC(s, 0, 2)
		require.NoError(t, err)
		require.Equal(t, tc.want, r.Answer, tc.src)
		require.NoError(t, witness.CheckResult(context.Background(), s, chc.Result{Answer: r.Answer, Model: r.Model, Derivation: r.Derivation}))
	}
}
