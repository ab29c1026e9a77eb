package term

import (
	"cmp"
	"iter"
	"slices"
	"sync"
)

// walkPost calls visit on every node u of the DAG t with !done(u), arguments
// before the node, each node once provided visit makes done(u) true. It does
// not descend into the arguments of nodes for which opaque(u) holds (opaque
// may be nil). The walk uses an explicit stack, so deep terms do not grow
// the goroutine stack; it stops at the first error of visit.
func walkPost(t *Term, done func(*Term) bool, opaque func(*Term) bool, visit func(*Term) error) error {
	if done(t) {
		return nil
	}
	if t.op.IsLeaf() {
		return visit(t)
	}
	sp := walkStacks.Get().(*[]walkFrame)
	stack := append((*sp)[:0], walkFrame{t, 0})
	defer func() {
		// the frames left hold terms until the pool drops the stack,
		// at the next collection or two
		*sp = stack[:0]
		walkStacks.Put(sp)
	}()
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		u := f.t
		if f.i < len(u.args) && (opaque == nil || !opaque(u)) {
			a := u.args[f.i]
			f.i++
			if !done(a) {
				stack = append(stack, walkFrame{a, 0})
			}
			continue
		}
		stack = stack[:len(stack)-1]
		if err := visit(u); err != nil {
			return err
		}
	}
	return nil
}

// A walkFrame is a node of walkPost's stack and its next argument.
type walkFrame struct {
	t *Term
	i int
}

// walkStacks recycles the stacks of walkPost.
var walkStacks = sync.Pool{New: func() any { return new([]walkFrame) }}

// PostOrder yields every distinct node of the DAG t once, arguments before
// the terms that use them (quantifier bodies included). Deep terms are
// walked with an explicit stack.
func PostOrder(t *Term) iter.Seq[*Term] {
	return func(yield func(*Term) bool) {
		seen := boolTables.get()
		defer boolTables.put(seen)
		stop := errStop{}
		_ = walkPost(t, seen.Get, nil, func(u *Term) error {
			seen.Set(u, true)
			if !yield(u) {
				return stop
			}
			return nil
		})
	}
}

type errStop struct{}

func (errStop) Error() string { return "stop" }

// Size is the number of distinct nodes of the DAG t.
func Size(t *Term) int {
	n := 0
	for range PostOrder(t) {
		n++
	}
	return n
}

// FreeConsts returns the uninterpreted constants (OpConst leaves) occurring
// in t, sorted by ID.
func FreeConsts(t *Term) []*Term {
	switch {
	case t.op == OpConst:
		return []*Term{t}
	case t.op.IsLeaf():
		return nil
	}
	if cs, ok := smallFreeConsts(t); ok {
		return cs
	}
	seen := boolTables.get()
	defer boolTables.put(seen)
	var cs []*Term
	_ = walkPost(t, seen.Get, nil, func(u *Term) error {
		seen.Set(u, true)
		if u.op == OpConst {
			if cs == nil {
				cs = make([]*Term, 0, 8)
			}
			cs = append(cs, u)
		}
		return nil
	})
	SortByID(cs)
	return cs
}

// smallFreeMax bounds the nodes smallFreeConsts visits and the
// constants it collects.
const smallFreeMax = 16

// smallFreeConsts is FreeConsts of a small term (most literals: x = y in
// Simplify's form is 6 nodes), collected by a bounded recursive walk into
// a buffer, without the walk's stack and table; ok is false, and the
// caller walks, when t has more than smallFreeMax nodes (counted with
// repetitions), a quantifier, or more than smallFreeMax constants.
func smallFreeConsts(t *Term) (cs []*Term, ok bool) {
	return smallFreeConstsIn(t, nil)
}

// smallFreeConstsIn is smallFreeConsts, with the list taken from the
// front of *slab when slab is not nil (see fcMemo.slab).
func smallFreeConstsIn(t *Term, slab *[]*Term) (cs []*Term, ok bool) {
	var buf [smallFreeMax]*Term
	n, budget := 0, smallFreeMax
	var walk func(u *Term) bool
	walk = func(u *Term) bool {
		if budget--; budget < 0 {
			return false
		}
		switch {
		case u.op == OpConst:
			for _, c := range buf[:n] {
				if c == u {
					return true
				}
			}
			if n == len(buf) {
				return false
			}
			buf[n] = u
			n++
			return true
		case u.op.IsLeaf():
			return true
		}
		for _, a := range u.args {
			if !walk(a) {
				return false
			}
		}
		return true
	}
	if !walk(t) {
		return nil, false
	}
	if n == 0 {
		return nil, true
	}
	if slab != nil {
		cs = carve(slab, n)
	} else {
		cs = make([]*Term, n)
	}
	copy(cs, buf[:n])
	SortByID(cs)
	return cs, true
}

// fcSlab is the length of the arrays that SharedFreeConsts's lists are
// carved from.
const fcSlab = 1 << 11

// carve is the first n elements of *slab, which it removes (capacity n:
// an append to them copies), after a new array when *slab is short.
func carve(slab *[]*Term, n int) []*Term {
	if n > fcSlab/8 {
		return make([]*Term, n)
	}
	if len(*slab) < n {
		*slab = make([]*Term, fcSlab)
	}
	cs := (*slab)[:n:n]
	*slab = (*slab)[n:]
	return cs
}

// Funcs returns the uninterpreted function symbols applied in t (the Funcs
// of its OpApply terms), sorted by ID.
func Funcs(t *Term) []*Func {
	seen := map[*Func]bool{}
	var fs []*Func
	for u := range PostOrder(t) {
		if u.op == OpApply && !seen[u.fn] {
			seen[u.fn] = true
			fs = append(fs, u.fn)
		}
	}
	slices.SortFunc(fs, func(f, g *Func) int { return cmp.Compare(f.id, g.id) })
	return fs
}

// sortLong sorts ts by ID through keys (ID, position) sorted as
// integers: no comparison function called per step, and IDs are unique
// in a store, so the order is that of SortFunc with CompareID.
func sortLong(ts []*Term) {
	sc := sortScratches.Get().(*sortScratch)
	defer sortScratches.Put(sc)
	keys := append(sc.keys[:0], make([]uint64, len(ts))...)
	for i, t := range ts {
		keys[i] = uint64(t.id)<<32 | uint64(i)
	}
	slices.Sort(keys)
	old := append(sc.terms[:0], ts...)
	for i, k := range keys {
		ts[i] = old[uint32(k)]
	}
	clear(old) // (no terms kept alive by the pool)
	sc.keys, sc.terms = keys[:0], old[:0]
}

// A sortScratch holds sortLong's slices between calls.
type sortScratch struct {
	keys  []uint64
	terms []*Term
}

var sortScratches = sync.Pool{New: func() any { return new(sortScratch) }}

// CompareID orders terms by ID (their order of creation), for sorting
// and searching slices of terms.
func CompareID(t, u *Term) int { return cmp.Compare(t.id, u.id) }

// Conjuncts appends the conjuncts of f to dst, nested conjunctions
// flattened and true left out, and returns the extended slice.
func Conjuncts(dst []*Term, f *Term) []*Term {
	if f.Op() == OpAnd {
		if dst == nil {
			dst = make([]*Term, 0, len(f.args))
		}
		for _, a := range f.Args() {
			dst = Conjuncts(dst, a)
		}
		return dst
	}
	if f.IsTrue() {
		return dst
	}
	return append(dst, f)
}

// SortByID sorts ts by ID: by insertion when short or already sorted
// (no call per comparison), else by slices.SortFunc.
func SortByID(ts []*Term) {
	if len(ts) > 32 {
		for i := 1; i < len(ts); i++ {
			if ts[i].id < ts[i-1].id {
				sortLong(ts)
				return
			}
		}
		return
	}
	for i := 1; i < len(ts); i++ {
		t := ts[i]
		j := i
		for j > 0 && ts[j-1].id > t.id {
			ts[j] = ts[j-1]
			j--
		}
		ts[j] = t
	}
}
