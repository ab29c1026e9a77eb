package chc

// Components numbers the strongly connected components of the directed
// graph over the nodes 0..len(succ)-1 with an edge from v to each node
// of succ[v]: comp[v] is the number of v's component, count the number of
// components. The numbers count from the sinks: an edge from v to w has
// comp[v] >= comp[w] (equal in one component), so the components in
// decreasing number are in topological order, and in increasing number
// each comes after every component it reaches.
//
// Tarjan's algorithm, iterative (a chain of thousands of predicates does
// not deepen the stack), and deterministic: the roots are taken in node
// order and each node's successors in the order of succ. Repeated edges
// and self-loops are allowed.
func Components(succ [][]int) (comp []int, count int) {
	n := len(succ)
	index, low := make([]int, n), make([]int, n)
	comp = make([]int, n)
	for i := range index {
		index[i], comp[i] = -1, -1
	}
	onStack := make([]bool, n)
	var stack []int
	next := 0
	type frame struct{ v, k int } // a node and its next successor
	var call []frame
	for root := range n {
		if index[root] >= 0 {
			continue
		}
		call = append(call[:0], frame{root, 0})
		index[root], low[root] = next, next
		next++
		stack, onStack[root] = append(stack, root), true
		for len(call) > 0 {
			f := &call[len(call)-1]
			if f.k < len(succ[f.v]) {
				w := succ[f.v][f.k]
				f.k++
				switch {
				case index[w] < 0:
					index[w], low[w] = next, next
					next++
					stack, onStack[w] = append(stack, w), true
					call = append(call, frame{w, 0})
				case onStack[w]:
					low[f.v] = min(low[f.v], index[w])
				}
				continue
			}
			v := f.v
			call = call[:len(call)-1]
			if len(call) > 0 {
				u := call[len(call)-1].v
				low[u] = min(low[u], low[v])
			}
			if low[v] == index[v] {
				for {
					w := stack[len(stack)-1]
					stack, onStack[w] = stack[:len(stack)-1], false
					comp[w] = count
					if w == v {
						break
					}
				}
				count++
			}
		}
	}
	return comp, count
}

// Cyclic reports, by component number (of Components(succ)), whether the
// component lies on a cycle: it has more than one node, or a node with an
// edge to itself.
func Cyclic(succ [][]int, comp []int, count int) []bool {
	size := make([]int, count)
	for _, c := range comp {
		size[c]++
	}
	cyclic := make([]bool, count)
	for v, ws := range succ {
		cyclic[comp[v]] = cyclic[comp[v]] || size[comp[v]] > 1
		for _, w := range ws {
			cyclic[comp[v]] = cyclic[comp[v]] || w == v
		}
	}
	return cyclic
}

// DependencyGraph is the graph of s's predicates (by ID) with an edge
// from each body atom's predicate to its clause's head predicate, one per
// body atom, in the order of the clauses and of their bodies (queries add
// none): a predicate's successors are the predicates it supplies facts
// to. Under Components, a predicate's suppliers have numbers no smaller
// than its own.
func DependencyGraph(s *System) [][]int {
	succ := make([][]int, len(s.Preds))
	for _, c := range s.Clauses {
		if c.Head == nil {
			continue
		}
		for _, b := range c.Body {
			succ[b.Pred.ID] = append(succ[b.Pred.ID], c.Head.Pred.ID)
		}
	}
	return succ
}
