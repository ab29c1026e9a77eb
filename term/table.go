package term

import "sync"

// A table maps terms, by their dense IDs, to values for the duration of
// one operation (Eval, Simplify, Substitute, ...): a slice lookup instead of
// a map lookup. Tables come from pools and are cleared entry by entry on
// release, so an operation costs what it touches, not the size of the
// store. The zero value of V means "absent".
type table[V comparable] struct {
	vals []V
	ids  []uint32 // the IDs set, to clear
}

func (tb *table[V]) at(t *Term) V {
	if int(t.id) < len(tb.vals) {
		return tb.vals[t.id]
	}
	var zero V
	return zero
}

func (tb *table[V]) has(t *Term) bool {
	var zero V
	return tb.at(t) != zero
}

// set records v (not the zero value) for t.
func (tb *table[V]) set(t *Term, v V) {
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

func (tb *table[V]) clear() {
	var zero V
	for _, id := range tb.ids {
		tb.vals[id] = zero
	}
	tb.ids = tb.ids[:0]
}

// A tablePool recycles tables of one value type.
type tablePool[V comparable] struct{ p sync.Pool }

func (p *tablePool[V]) get() *table[V] {
	if tb, ok := p.p.Get().(*table[V]); ok {
		return tb
	}
	return new(table[V])
}

func (p *tablePool[V]) put(tb *table[V]) {
	tb.clear()
	p.p.Put(tb)
}

var (
	termTables tablePool[*Term]
	boolTables tablePool[bool]
	linTables  tablePool[*Linear]
)
