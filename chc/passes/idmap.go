package passes

import "github.com/seed-f9c3434d/gospacer/term"

// An idMap maps terms to values as a term.TermMap does (the zero value
// of V is "absent"), by an open-addressed hash of their IDs in slots
// that grow with the entries, at most half of them full: a TermMap
// takes a page of 1024 values for each range of IDs its keys span, and
// a clause's variables span the store (each clause of the input has its
// own), so that a table of them took a page per range the clauses of a
// system spanned, most of it empty, where the slots are what the
// largest clause needs. Clear empties the slots set, one by one. The
// zero idMap is empty and ready to use.
type idMap[V comparable] struct {
	keys  []*term.Term // by slot, nil when empty; len a power of two (or 0)
	vals  []V
	used  []int32 // the slots set, to clear
	shift uint    // 32 minus the log2 of len(keys)
}

// slot is the slot of t, and whether it holds t (else it is the empty
// slot where t would go); -1 when there are no slots.
func (m *idMap[V]) slot(t *term.Term) (int, bool) {
	if len(m.keys) == 0 {
		return -1, false
	}
	mask := len(m.keys) - 1
	for i := int((t.ID() * 0x9e3779b1) >> m.shift); ; i = (i + 1) & mask {
		switch m.keys[i] {
		case t:
			return i, true
		case nil:
			return i, false
		}
	}
}

// Get returns the value of t, or the zero value.
func (m *idMap[V]) Get(t *term.Term) V {
	if i, ok := m.slot(t); ok {
		return m.vals[i]
	}
	var zero V
	return zero
}

// Set records v for t (the zero value: t is absent for Get).
func (m *idMap[V]) Set(t *term.Term, v V) {
	i, ok := m.slot(t)
	if !ok {
		if 2*(len(m.used)+1) > len(m.keys) {
			m.grow()
			i, _ = m.slot(t)
		}
		m.keys[i] = t
		m.used = append(m.used, int32(i))
	}
	m.vals[i] = v
}

// grow doubles the slots (16 at first) and puts the entries back.
func (m *idMap[V]) grow() {
	oldKeys, oldVals, oldUsed := m.keys, m.vals, m.used
	n := max(16, 2*len(m.keys))
	m.keys, m.vals = make([]*term.Term, n), make([]V, n)
	m.used = make([]int32, 0, n/2)
	m.shift = 32
	for k := n; k > 1; k >>= 1 {
		m.shift--
	}
	for _, j := range oldUsed {
		i, _ := m.slot(oldKeys[j])
		m.keys[i], m.vals[i] = oldKeys[j], oldVals[j]
		m.used = append(m.used, int32(i))
	}
}

// Len is the number of entries set since the last Clear.
func (m *idMap[V]) Len() int { return len(m.used) }

// Clear removes every entry.
func (m *idMap[V]) Clear() {
	var zero V
	for _, i := range m.used {
		m.keys[i], m.vals[i] = nil, zero
	}
	m.used = m.used[:0]
}
