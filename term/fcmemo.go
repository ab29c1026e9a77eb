package term

import "slices"

// fcMemoSize bounds the lists the store keeps for SharedFreeConsts
// before it starts afresh.
const fcMemoSize = 1 << 16

// fcMemo holds the free constants of the terms SharedFreeConsts met:
// lists by the index plus one that index gives, in chunks of fcChunk
// lists (a slice of them all would be copied as it grows, and the
// command line, which never collects, pays for every copy).
type fcMemo struct {
	index  TermMap[int32]
	chunks [][][]*Term
	count  int // the lists held
	n      int // the constants the lists hold, to bound the memo
	// slab: where the lists of small terms are carved from (see carve):
	// one allocation for many lists, which the memo keeps anyway
	slab []*Term
}

// SharedFreeConsts is FreeConsts(t), sorted by ID, kept in the store:
// terms never change, so a term met again (a clause's conjuncts, met by
// one preprocessing pass after another) costs a lookup, and the free
// constants of a conjunction are the union of its conjuncts' lists. The
// list is shared with the memo and with other callers: read it, never
// write into it or append to it. Like the rest of the store, not safe
// for concurrent use.
func (st *Store) SharedFreeConsts(t *Term) []*Term {
	switch {
	case t.op == OpConst:
		return []*Term{t}
	case t.op.IsLeaf():
		return nil
	}
	if st.fcs == nil {
		st.fcs = new(fcMemo)
	}
	m := st.fcs
	if i := m.index.Get(t); i != 0 {
		return m.chunks[(i-1)>>fcChunkBits][(i-1)&fcChunkMask]
	}
	var fc []*Term
	if t.op == OpAnd {
		// the union of the conjuncts' lists, sorted (each conjunct's
		// list is memoized by the first loop: the second looks it up)
		n := 0
		for _, a := range t.args {
			n += len(st.SharedFreeConsts(a))
		}
		fc = carve(&m.slab, n)[:0]
		for _, a := range t.args {
			fc = append(fc, st.SharedFreeConsts(a)...)
		}
		SortByID(fc)
		fc = slices.Clip(slices.Compact(fc))
	} else if cs, ok := smallFreeConstsIn(t, &m.slab); ok {
		fc = cs
	} else {
		fc = slices.Clip(FreeConsts(t))
	}
	if m.n > fcMemoSize {
		m.index.Clear()
		m.count, m.n = 0, 0
	}
	k := m.count >> fcChunkBits
	if k == len(m.chunks) {
		m.chunks = append(m.chunks, make([][]*Term, fcChunk))
	}
	m.chunks[k][m.count&fcChunkMask] = fc
	m.count++
	m.n += len(fc) + 1
	m.index.Set(t, int32(m.count))
	return fc
}

// The chunks of fcMemo's lists.
const (
	fcChunkBits = 8
	fcChunk     = 1 << fcChunkBits
	fcChunkMask = fcChunk - 1
)
