package difflogic

// nodeHeap is a binary min-heap of nodes by a key slice (the relaxation's
// gamma), with each node's position for decrease-key.
type nodeHeap struct {
	a   []Node
	pos []int32 // by node: index in a, or -1
}

func (h *nodeHeap) len() int { return len(h.a) }

func (h *nodeHeap) grow() { h.pos = append(h.pos, -1) }

func (h *nodeHeap) clear() {
	for _, n := range h.a {
		h.pos[n] = -1
	}
	h.a = h.a[:0]
}

func (h *nodeHeap) push(key []int64, n Node) {
	h.pos[n] = int32(len(h.a))
	h.a = append(h.a, n)
	h.up(key, n)
}

func (h *nodeHeap) pop(key []int64) Node {
	n := h.a[0]
	last := h.a[len(h.a)-1]
	h.a = h.a[:len(h.a)-1]
	h.pos[n] = -1
	if len(h.a) > 0 {
		h.a[0], h.pos[last] = last, 0
		h.down(key, 0)
	}
	return n
}

func (h *nodeHeap) up(key []int64, n Node) {
	i := int(h.pos[n])
	for i > 0 {
		p := (i - 1) / 2
		if key[h.a[p]] <= key[n] {
			break
		}
		h.a[i] = h.a[p]
		h.pos[h.a[i]] = int32(i)
		i = p
	}
	h.a[i], h.pos[n] = n, int32(i)
}

func (h *nodeHeap) down(key []int64, i int) {
	n := h.a[i]
	for {
		c := 2*i + 1
		if c >= len(h.a) {
			break
		}
		if c+1 < len(h.a) && key[h.a[c+1]] < key[h.a[c]] {
			c++
		}
		if key[h.a[c]] >= key[n] {
			break
		}
		h.a[i] = h.a[c]
		h.pos[h.a[i]] = int32(i)
		i = c
	}
	h.a[i], h.pos[n] = n, int32(i)
}
