package mbp_test

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Under-approximation by sampling: random ȳ satisfying ψ, then a bounded
// search for x̄ with φ(x̄, ȳ).

type witnessCounts struct {
	samples, found, z3, unconfirmed int
}

func (w witnessCounts) String() string {
	return fmt.Sprintf("witness search: %d samples of ȳ satisfying ψ, %d witnesses found, %d sent to z3, %d neither (division by zero)",
		w.samples, w.found, w.z3, w.unconfirmed)
}

// randomValue draws a small value of sort s: integers in [-4, 4],
// rationals with denominators up to 2, arrays as a constant array with up
// to two stores, abstract elements 0..2.
func randomValue(st *term.Store, rng *rand.Rand, s *term.Sort) *term.Term {
	switch {
	case s.IsBool():
		return st.Bool(rng.IntN(2) == 1)
	case s.IsInt():
		return st.Int(int64(rng.IntN(9) - 4))
	case s.IsReal():
		return st.Num(num.NewRat(int64(rng.IntN(9)-4), int64(rng.IntN(2)+1)), s)
	case s.IsArray():
		a := st.ConstArrayOf(s, randomValue(st, rng, s.Elem()))
		for range rng.IntN(3) {
			a = st.Store(a, randomValue(st, rng, s.Index()), randomValue(st, rng, s.Elem()))
		}
		return a
	}
	return st.Value(s, rng.IntN(3))
}

// searchWitnesses checks ψ ⇒ ∃x̄.φ on samples: models n of ψ made by
// perturbing m (ȳ values redrawn at random) and, for each, x̄ values that
// make φ true, tried from m and at random. A sample without a witness
// goes to z3 as "φ ∧ ȳ = n(ȳ) is sat" (when φ has no division by zero,
// whose interpretation n fixes but a query cannot).
func searchWitnesses(t tb, st *term.Store, consts, vars []*term.Term, phi, psi *term.Term, m *term.Model, seed uint64, w *witnessCounts, z *z3Batch) {
	rng := rand.New(rand.NewPCG(seed, 7))
	var ys []*term.Term
	for _, c := range consts {
		if !slices.Contains(vars, c) {
			ys = append(ys, c)
		}
	}
	eval := func(n *term.Model, f *term.Term) bool {
		ok, err := n.EvalBool(f)
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	checked := 0
	for k := 0; k < 12 && checked < 3; k++ {
		n := m.Clone()
		for _, y := range ys {
			if rng.IntN(2) == 0 {
				n.Set(y, randomValue(st, rng, y.Sort()))
			}
		}
		if !eval(n, psi) {
			continue
		}
		checked++
		w.samples++
		found := false
		for j := 0; j < 60 && !found; j++ {
			c := n.Clone()
			for _, x := range vars {
				if j == 0 {
					v, _ := m.Eval(x)
					c.Set(x, v)
				} else {
					c.Set(x, randomValue(st, rng, x.Sort()))
				}
			}
			found = eval(c, phi)
		}
		if found {
			w.found++
			continue
		}
		if z == nil || !haveZ3() || hasDivByZero(phi) {
			w.unconfirmed++
			continue
		}
		w.z3++
		as := []*term.Term{phi}
		for _, y := range ys {
			v, _ := n.Eval(y)
			as = append(as, st.Eq(y, v))
		}
		z.addExpect(true, fmt.Sprintf("witness for ψ = %v, vars %v", psi, vars), st, as...)
	}
}

// hasDivByZero reports whether t divides by a numeral zero.
func hasDivByZero(t *term.Term) bool {
	for u := range term.PostOrder(t) {
		switch u.Op() {
		case term.OpIntDiv, term.OpMod, term.OpDiv:
			if a := u.Arg(1); a.IsNum() && a.Num().IsZero() {
				return true
			}
		}
	}
	return false
}
