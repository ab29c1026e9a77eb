package term

import (
	"testing"
)

// Hash consing survives many growths of the index: every term built twice
// is the same pointer, and distinct terms stay distinct.
func TestInternGrowth(t *testing.T) {
	st := NewStore()
	x := st.Const("x", IntSort)
	const n = 50_000
	build := func(i int) *Term {
		return st.Add(x, st.Int(int64(i)))
	}
	first := make([]*Term, n)
	seen := map[*Term]int{}
	for i := range first {
		first[i] = build(i)
		if j, ok := seen[first[i]]; ok {
			t.Fatalf("terms %d and %d are the same pointer", i, j)
		}
		seen[first[i]] = i
	}
	for i := n - 1; i >= 0; i-- {
		if build(i) != first[i] {
			t.Fatalf("term %d was built twice", i)
		}
	}
	if used := st.index.used; used != st.NumTerms() {
		t.Fatalf("index holds %d terms, the store %d", used, st.NumTerms())
	}
	if 2*st.index.used > len(st.index.slots) {
		t.Fatalf("index more than half full: %d of %d", st.index.used, len(st.index.slots))
	}
}

func TestTermMap(t *testing.T) {
	st := NewStore()
	var m TermMap[int]
	a, b := st.Const("a", IntSort), st.Const("b", IntSort)
	if m.Get(a) != 0 || m.Has(a) {
		t.Fatal("empty map has a")
	}
	m.Set(a, 3)
	m.Set(b, 4)
	m.Set(b, 0)
	if m.Get(a) != 3 || m.Has(b) {
		t.Fatalf("a=%d, has b=%v", m.Get(a), m.Has(b))
	}
	m.Set(b, 5)
	m.Clear()
	if m.Has(a) || m.Has(b) {
		t.Fatal("Clear left entries")
	}
}

// TestTermMapPages: entries far apart live in pages of their own, and
// behave the same; Clear drops the pages of a table that holds too many.
func TestTermMapPages(t *testing.T) {
	defer func(n int) { maxPages = n }(maxPages)
	maxPages = 2
	st := NewStore()
	var ts []*Term
	for i := range 3 * pageSize {
		ts = append(ts, st.Int(int64(i)))
	}
	var m TermMap[int]
	for _, i := range []int{0, pageSize + 1} {
		m.Set(ts[i], i+1)
	}
	if m.npages != 2 {
		t.Fatalf("%d pages for two entries in two pages", m.npages)
	}
	m.Clear()
	if m.npages != 2 {
		t.Fatalf("Clear dropped %d pages, at most %d", m.npages, maxPages)
	}
	for i, x := range ts {
		m.Set(x, i+1)
	}
	for i, x := range ts {
		if m.Get(x) != i+1 {
			t.Fatalf("term %d: %d", i, m.Get(x))
		}
	}
	last := ts[len(ts)-1]
	m.Set(last, 0)
	if m.Has(last) {
		t.Fatal("an entry set to zero stays")
	}
	m.Clear()
	if m.npages != 0 {
		t.Fatalf("Clear kept %d pages, more than %d", m.npages, maxPages)
	}
	for _, x := range ts {
		if m.Has(x) {
			t.Fatal("Clear left entries")
		}
	}
}

// TestFreshAvoidsNames: Fresh never returns a symbol of a name another
// symbol has, declared before with a '!' or made by Fresh itself.
func TestFreshAvoidsNames(t *testing.T) {
	st := NewStore()
	st.Const("x!1", IntSort)
	st.BoundVar("x!2", IntSort)
	st.Func("x!3", []*Sort{IntSort}, IntSort)
	seen := map[string]bool{"x!1": true, "x!2": true, "x!3": true}
	for range 5 {
		f := st.Fresh("x", IntSort)
		if seen[f.Name()] {
			t.Fatalf("Fresh gave %s, a name in use", f.Name())
		}
		seen[f.Name()] = true
	}
	if c := st.Clone(); c.Fresh("x", IntSort).Name() != st.Fresh("x", IntSort).Name() {
		t.Fatal("a clone's Fresh and its store's differ")
	}
}

// TestFreshFoundByName: a symbol Fresh made is the one its name and sort
// give afterwards, in its store and, through a Copier, from a clone.
func TestFreshFoundByName(t *testing.T) {
	st := NewStore()
	x := st.Fresh("x", IntSort)
	if st.Const(x.Name(), IntSort) != x {
		t.Fatal("Const of a fresh name gave another constant")
	}
	y := st.Fresh("y", IntSort)
	c := st.Clone()
	z := c.Fresh("z", IntSort)
	back := NewCopier(c, st)
	if back.Term(c.Term(y.ID())) != y {
		t.Fatal("a fresh constant copied back from a clone is another constant")
	}
	if back.Term(z).Name() != z.Name() {
		t.Fatal("the copy of a clone's fresh constant has another name")
	}
}
