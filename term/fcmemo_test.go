package term_test

import (
	"slices"
	"testing"

	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/term"
	"pgregory.net/rapid"
)

// SharedFreeConsts gives FreeConsts's list for every subterm of drawn
// terms and of conjunctions of them, met once or again (the memo), and
// the list it gave before stays as it was.
func TestPropSharedFreeConsts(t *testing.T) {
	fuzz.Check(t, 500, func(t *rapid.T) {
		c := drawCase(t, true)
		st := c.st
		conj := st.And(c.t, st.Eq(st.Fresh("y", term.IntSort), st.Int(1)))
		var seen [][]*term.Term
		var terms []*term.Term
		for round := 0; round < 2; round++ {
			for _, root := range []*term.Term{conj, c.t} {
				for u := range term.PostOrder(root) {
					got := st.SharedFreeConsts(u)
					if want := term.FreeConsts(u); !slices.Equal(got, want) {
						t.Fatalf("round %d: SharedFreeConsts(%v) = %v, want %v", round, u, got, want)
					}
					if cap(got) != len(got) {
						// (lists are carved from shared arrays: an
						// append to one must not write into another)
						t.Fatalf("the list of %v has room for %d more", u, cap(got)-len(got))
					}
					if round == 0 {
						seen, terms = append(seen, slices.Clone(got)), append(terms, u)
					}
				}
			}
		}
		for i, u := range terms {
			if got := st.SharedFreeConsts(u); !slices.Equal(got, seen[i]) {
				t.Fatalf("the list of %v changed: %v, was %v", u, got, seen[i])
			}
		}
	})
}

// Terms made one after the other (more than a slab holds, of every
// arity the slabs serve and beyond) keep their arguments and IDs: a
// slab hands out each term once.
func TestPropTermSlabs(t *testing.T) {
	fuzz.Check(t, 50, func(t *rapid.T) {
		st := term.NewStore()
		arities := rapid.SliceOfN(rapid.IntRange(1, 6), 1, 3000).Draw(t, "arities")
		xs := make([]*term.Term, 6)
		for i := range xs {
			xs[i] = st.Fresh("b", term.BoolSort)
		}
		var made []*term.Term
		var args [][]*term.Term
		for k, n := range arities {
			a := make([]*term.Term, n)
			for i := range a {
				a[i] = xs[(k+i)%len(xs)]
			}
			if k > 0 {
				a[0] = made[k-1] // a new term each time
			}
			u := st.Or(a...)
			made, args = append(made, u), append(args, a)
		}
		for k, u := range made {
			if u.Op() != term.OpOr && len(args[k]) > 1 {
				t.Fatalf("term %d is %v", k, u)
			}
			if len(args[k]) > 1 && !slices.Equal(u.Args(), args[k]) {
				t.Fatalf("term %d has arguments %v, made with %v", k, u.Args(), args[k])
			}
			if st.Term(u.ID()) != u {
				t.Fatalf("term %d is not its ID's", k)
			}
		}
	})
}
