package term

import "sync"

// A TermMap maps the terms of one store, by their dense IDs, to values: a
// slice index instead of a hash lookup, and a small working set when
// stores grow large. Clear resets the entries set, one by one, so a
// TermMap kept across operations costs what each operation touches, not
// the size of the store. The zero value of V means "absent"; the zero
// TermMap is empty and ready to use.
//
// The slice covers the IDs below denseIDs; larger IDs (the terms of a
// store past a million, such as the systems of 10⁵ clauses that program
// verifiers produce) go to a hash map, so that a pooled table costs at
// most denseIDs entries however large its store grows.
//
// Eval, Simplify, Substitute and the others take their memo tables from
// pools of TermMaps.
type TermMap[V comparable] struct {
	vals []V
	ids  []uint32 // the IDs set below denseIDs, to clear
	far  map[uint32]V
}

// denseIDs is the number of IDs a TermMap keeps in its slice (a variable
// for the tests).
var denseIDs = 1 << 20

// Get returns the value of t, or the zero value.
func (tb *TermMap[V]) Get(t *Term) V {
	if int(t.id) < len(tb.vals) {
		return tb.vals[t.id]
	}
	if tb.far != nil {
		return tb.far[t.id]
	}
	var zero V
	return zero
}

// Has reports whether t has a non-zero value.
func (tb *TermMap[V]) Has(t *Term) bool {
	var zero V
	return tb.Get(t) != zero
}

// Set records v for t; setting the zero value removes t.
func (tb *TermMap[V]) Set(t *Term, v V) {
	id := int(t.id)
	var zero V
	if id >= denseIDs {
		switch {
		case v != zero && tb.far == nil:
			tb.far = map[uint32]V{t.id: v}
		case v != zero:
			tb.far[t.id] = v
		case tb.far != nil:
			delete(tb.far, t.id)
		}
		return
	}
	if id >= len(tb.vals) {
		n := min(max(id+1, 2*len(tb.vals), 256), denseIDs)
		tb.vals = append(tb.vals, make([]V, n-len(tb.vals))...)
	}
	if tb.vals[id] == zero {
		tb.ids = append(tb.ids, t.id)
	}
	tb.vals[id] = v
}

// Clear removes every entry.
func (tb *TermMap[V]) Clear() {
	var zero V
	for _, id := range tb.ids {
		tb.vals[id] = zero
	}
	tb.ids = tb.ids[:0]
	switch {
	case len(tb.far) > 1<<12:
		tb.far = nil // do not keep a large map in a pool
	case len(tb.far) > 0:
		clear(tb.far)
	}
}

// A tablePool recycles TermMaps of one value type.
type tablePool[V comparable] struct{ p sync.Pool }

func (p *tablePool[V]) get() *TermMap[V] {
	if tb, ok := p.p.Get().(*TermMap[V]); ok {
		return tb
	}
	return new(TermMap[V])
}

func (p *tablePool[V]) put(tb *TermMap[V]) {
	tb.Clear()
	p.p.Put(tb)
}

var (
	termTables tablePool[*Term]
	boolTables tablePool[bool]
	linTables  tablePool[*Linear]
)
