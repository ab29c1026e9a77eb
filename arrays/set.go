package arrays

// pairSet is a set of uint64 keys (two nodes packed, see key.pair) with
// open addressing and linear probing: Check looks up every select and
// store of a class, most of them produced already, at each final check.
type pairSet struct {
	slots []uint64 // key+1, 0 for an empty slot
	n     int
}

func (t *pairSet) hash(k uint64) uint64 {
	k ^= k >> 31
	k *= 0x9e3779b97f4a7c15
	return k ^ k>>29
}

// has reports whether k is in the set.
func (t *pairSet) has(k uint64) bool {
	if t.n == 0 {
		return false
	}
	mask := uint64(len(t.slots) - 1)
	for i := t.hash(k) & mask; ; i = (i + 1) & mask {
		switch t.slots[i] {
		case k + 1:
			return true
		case 0:
			return false
		}
	}
}

// add inserts k.
func (t *pairSet) add(k uint64) {
	if 2*(t.n+1) > len(t.slots) {
		old := t.slots
		t.slots = make([]uint64, max(16, 2*len(old)))
		t.n = 0
		for _, x := range old {
			if x != 0 {
				t.insert(x - 1)
			}
		}
	}
	t.insert(k)
}

func (t *pairSet) insert(k uint64) {
	mask := uint64(len(t.slots) - 1)
	for i := t.hash(k) & mask; ; i = (i + 1) & mask {
		switch t.slots[i] {
		case k + 1:
			return
		case 0:
			t.slots[i] = k + 1
			t.n++
			return
		}
	}
}
