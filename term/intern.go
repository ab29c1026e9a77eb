package term

import "math/bits"

// internTable is the hash-consing index of a Store: open addressing with
// linear probing over slots holding a term's ID and 32 bits of its hash,
// so that a probe touches one array and only a matching tag leads to the
// term itself. It stays at most half full.
type internTable struct {
	slots []internSlot
	mask  uint64
	shift uint // 64 - log2(len(slots))
	used  int
}

type internSlot struct {
	tag uint32 // tag(hash)
	id  uint32 // the term's ID + 1; 0 is an empty slot
}

func tag(h uint64) uint32 { return uint32(h>>32) ^ uint32(h) }

// home is the first slot probed for a tag: Fibonacci hashing spreads the
// weak combination of mix over the high bits. It depends on the tag only,
// so that growing needs no term.
func (tb *internTable) home(tg uint32) uint64 {
	return (uint64(tg) * 0x9e3779b97f4a7c15) >> tb.shift
}

// find returns the first slot to probe for h, growing the table first so
// that a put at the end of the probe keeps it at most half full.
func (tb *internTable) find(h uint64) uint64 {
	if 2*(tb.used+1) > len(tb.slots) {
		tb.grow()
	}
	return tb.home(tag(h))
}

// put fills the empty slot that ends the probe for h.
func (tb *internTable) put(slot, h uint64, id uint32) {
	tb.slots[slot] = internSlot{tag: tag(h), id: id + 1}
	tb.used++
}

func (tb *internTable) grow() {
	n := 2 * len(tb.slots)
	if n == 0 {
		n = 1 << 10
	}
	tb.resize(n)
}

// reserve grows the table so that n more terms keep it at most half full.
func (tb *internTable) reserve(n int) {
	size := max(len(tb.slots), 1<<10)
	for size < 2*(tb.used+n+1) {
		size *= 2
	}
	if size > len(tb.slots) {
		tb.resize(size)
	}
}

// resize rehashes the table into n slots (a power of two).
func (tb *internTable) resize(n int) {
	old := tb.slots
	tb.slots = make([]internSlot, n)
	tb.mask = uint64(n - 1)
	tb.shift = uint(64 - bits.TrailingZeros(uint(n)))
	for _, s := range old {
		if s.id == 0 {
			continue
		}
		i := tb.home(s.tag)
		for tb.slots[i].id != 0 {
			i = (i + 1) & tb.mask
		}
		tb.slots[i] = s
	}
}
