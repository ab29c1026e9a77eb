package term

import "sync"

// A TermMap maps the terms of one store, by their dense IDs, to values: a
// slice index instead of a hash lookup, and a small working set when
// stores grow large. Clear resets the entries set, one by one, so a
// TermMap kept across operations costs what each operation touches, not
// the size of the store. The zero value of V means "absent"; the zero
// TermMap is empty and ready to use.
//
// Eval, Simplify, Substitute and the others take their memo tables from
// pools of TermMaps.
type TermMap[V comparable] struct {
	vals []V
	ids  []uint32 // the IDs set, to clear
}

// Get returns the value of t, or the zero value.
func (tb *TermMap[V]) Get(t *Term) V {
	if int(t.id) < len(tb.vals) {
		return tb.vals[t.id]
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
	if id >= len(tb.vals) {
		n := max(id+1, 2*len(tb.vals), 256)
		tb.vals = append(tb.vals, make([]V, n-len(tb.vals))...)
	}
	var zero V
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
