package witness

import "github.com/seed-f9c3434d/gospacer/term"

// cone is the part of the conjunction of conjuncts that the goals depend
// on: the conjuncts linked to a constant of a goal through a chain of
// conjuncts that share constants, and the ground ones. Every other
// conjunct shares no constant with what is kept, so dropping it leaves a
// weaker formula: when cone ∧ goal is unsatisfiable, so is the whole
// conjunction with goal (the converse needs the dropped part to be
// satisfiable on its own, which a caller that finds cone ∧ goal
// satisfiable checks by deciding the whole). ok is false when nothing
// would be dropped.
func cone(conjuncts, goals []*term.Term) (kept []*term.Term, ok bool) {
	index := map[*term.Term]int32{} // constant → its node in parent
	var parent []int32
	find := func(i int32) int32 {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	node := func(c *term.Term) int32 {
		i, found := index[c]
		if !found {
			i = int32(len(parent))
			index[c] = i
			parent = append(parent, i)
		}
		return i
	}
	// each conjunct's first constant (-1: ground), the others joined to it
	first := make([]int32, len(conjuncts))
	for k, a := range conjuncts {
		first[k] = -1
		for u := range term.PostOrder(a) {
			if u.Op() != term.OpConst {
				continue
			}
			i := node(u)
			if first[k] < 0 {
				first[k] = i
			} else if r, s := find(i), find(first[k]); r != s {
				parent[r] = s
			}
		}
	}
	live := map[int32]bool{}
	for _, g := range goals {
		for u := range term.PostOrder(g) {
			if u.Op() == term.OpConst {
				if i, found := index[u]; found {
					live[find(i)] = true
				}
			}
		}
	}
	for k, a := range conjuncts {
		if first[k] < 0 || live[find(first[k])] {
			kept = append(kept, a)
		}
	}
	return kept, len(kept) < len(conjuncts)
}
