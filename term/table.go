package term

import "sync"

// A TermMap maps the terms of one store, by their dense IDs, to values: a
// slice index instead of a hash lookup, and a small working set when
// stores grow large. Clear resets the entries set, one by one, so a
// TermMap kept across operations costs what each operation touches, not
// the size of the store. The zero value of V means "absent"; the zero
// TermMap is empty and ready to use.
//
// The slice is paged: pages of pageSize IDs are allocated where an entry
// is set, so a table that an operation takes from a pool costs the pages
// of the terms it touches (the latest terms of a store and a few old
// ones, mostly), not a slice as long as the store (the systems of 10⁵
// clauses that program verifiers produce have millions of terms; each
// collection empties the pools). Clear drops the pages when a table holds
// more than maxPages of them. A page holds 256 IDs: the store of a
// lia-arrays file, a few thousand terms, spans a few pages of 1,024
// whose entries are mostly never set, and every byte a short run
// allocates is fresh memory the kernel zeroes (with 256, preprocessing
// allocates 8% fewer bytes). A new page is written before it is read
// (see Set).
//
// Eval, Simplify, Substitute and the others take their memo tables from
// pools of TermMaps.
type TermMap[V comparable] struct {
	pages  [][]V    // by ID / pageSize, nil where no entry was set
	npages int      // the pages allocated
	ids    []uint32 // the IDs set, to clear
}

const (
	pageBits = 8
	pageSize = 1 << pageBits
	pageMask = pageSize - 1
)

// maxPages is the number of pages a TermMap keeps across a Clear, 64K
// IDs (a variable for the tests).
var maxPages = 64 << 10 / pageSize

// Get returns the value of t, or the zero value.
func (tb *TermMap[V]) Get(t *Term) V {
	if p := int(t.id >> pageBits); p < len(tb.pages) {
		if pg := tb.pages[p]; pg != nil {
			return pg[t.id&pageMask]
		}
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
	var zero V
	p := int(t.id >> pageBits)
	if p >= len(tb.pages) {
		if v == zero {
			return
		}
		tb.pages = append(tb.pages, make([][]V, max(p+1, 2*len(tb.pages), 8)-len(tb.pages))...)
	}
	pg := tb.pages[p]
	if pg == nil {
		if v == zero {
			return
		}
		pg = make([]V, pageSize)
		// written before it is read: fresh memory read first is
		// mapped to the kernel's zero page and copied on the first
		// write, a second fault and a TLB flush on every CPU the
		// process ran on (the CLI on lia-arrays, with pages of 1,024
		// read first: 25 faults per run under Set of 1,099 in all;
		// with pages of 256 written first, 4 of 1,062)
		clear(pg)
		tb.pages[p] = pg
		tb.npages++
	}
	i := t.id & pageMask
	if pg[i] == zero {
		tb.ids = append(tb.ids, t.id)
	}
	pg[i] = v
}

// Len is the number of entries set since the last Clear (one removed by
// setting the zero value still counts).
func (tb *TermMap[V]) Len() int { return len(tb.ids) }

// Clear removes every entry.
func (tb *TermMap[V]) Clear() {
	if tb.npages > maxPages {
		// do not keep a large table (in a pool)
		tb.pages, tb.npages = nil, 0
		tb.ids = tb.ids[:0]
		return
	}
	var zero V
	for _, id := range tb.ids {
		tb.pages[id>>pageBits][id&pageMask] = zero
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
	markTables tablePool[uint8]
)
