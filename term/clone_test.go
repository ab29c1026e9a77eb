package term_test

import (
	"testing"

	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/term"
	"pgregory.net/rapid"
)

// A clone holds the same terms under the same IDs, interns what it builds
// exactly as the original does, and stays apart from it afterwards.
func TestPropClone(t *testing.T) {
	fuzz.Check(t, 1000, func(t *rapid.T) {
		c := drawCase(t, false)
		n := c.st.NumTerms()
		cl := c.st.Clone()
		if cl.NumTerms() != n {
			t.Fatalf("clone has %d terms, want %d", cl.NumTerms(), n)
		}
		for id := 0; id < n; id++ {
			a, b := c.st.Term(uint32(id)), cl.Term(uint32(id))
			if a.String() != b.String() || a.Sort().String() != b.Sort().String() || b.ID() != a.ID() {
				t.Fatalf("term %d: %v in the original, %v in the clone", id, a, b)
			}
		}
		// Building the same term again in both gives the same IDs.
		u := c.st.Simplify(c.st.Not(c.st.Eq(c.t, c.t)))
		cu := cl.Simplify(cl.Not(cl.Eq(cl.Term(c.t.ID()), cl.Term(c.t.ID()))))
		if u.ID() != cu.ID() || u.String() != cu.String() {
			t.Fatalf("original built %v (%d), clone %v (%d)", u, u.ID(), cu, cu.ID())
		}
		x := cl.Fresh("x", term.IntSort)
		y := c.st.Fresh("x", term.IntSort)
		if x.Name() != y.Name() {
			t.Fatalf("fresh names differ: %s in the clone, %s in the original", x.Name(), y.Name())
		}
		before := c.st.NumTerms()
		cl.Add(x, cl.Int(12345))
		if c.st.NumTerms() != before {
			t.Fatal("building in the clone added terms to the original")
		}
		// Copying back gives the original's terms.
		cp := term.NewCopier(cl, c.st)
		if got := cp.Term(cl.Term(c.t.ID())); got != c.t {
			t.Fatalf("copy back of %v is %v", c.t, got)
		}
	})
}

// A Copier into a fresh store keeps the value of every term in a copied
// model.
func TestPropCopier(t *testing.T) {
	fuzz.Check(t, 1000, func(t *rapid.T) {
		c := drawCase(t, false)
		dst := term.NewStore()
		cp := term.NewCopier(c.st, dst)
		u := cp.Term(c.t)
		if u.String() != c.t.String() {
			t.Fatalf("copy of %v prints %v", c.t, u)
		}
		if cp.Term(c.t) != u {
			t.Fatal("a second copy is another term")
		}
		back := term.NewCopier(dst, c.st)
		if back.Term(u) != c.t {
			t.Fatalf("round trip of %v gives %v", c.t, back.Term(u))
		}
	})
}

// Bit-vectors: a clone keeps the widths of its bit-vector sorts, so that
// what is built on it (a literal of a variable's sort) has the width of
// the original.
func TestCloneBitVecWidth(t *testing.T) {
	st := term.NewStore()
	x := st.Const("x", st.BitVecSort(8))
	cl := st.Clone()
	cx := cl.Term(x.ID())
	if w := cx.Sort().Width(); w != 8 {
		t.Fatalf("the clone's x has width %d, want 8", w)
	}
	if one := cl.BVInt(1, cx.Sort().Width()); one.Sort() != cx.Sort() {
		t.Fatalf("#x01 built on the clone has sort %v, x has %v", one.Sort(), cx.Sort())
	}
}
