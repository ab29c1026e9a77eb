package passes

import (
	"fmt"

	"github.com/seed-f9c3434d/gospacer/chc"
)

// mapDerivation rebuilds the derivation under root bottom-up: each node,
// once its children are mapped (kids, in order), becomes image(n, kids). A
// node shared by several parents is mapped once. The walk is iterative (a
// counterexample can be thousands of steps deep) and checks that every node
// fits its clause: one value per variable, one child per body atom.
func mapDerivation(poll *chc.Budget, root *chc.Node, image func(n *chc.Node, kids []*chc.Node) (*chc.Node, error)) (*chc.Node, error) {
	if root == nil {
		return nil, fmt.Errorf("chc: empty derivation")
	}
	type frame struct {
		n    *chc.Node
		next int
	}
	memo := map[*chc.Node]*chc.Node{}
	stack := []frame{{n: root}}
	for len(stack) > 0 {
		if err := poll.Step(); err != nil {
			return nil, err
		}
		if len(stack) > 1<<20 {
			return nil, fmt.Errorf("chc: derivation too deep")
		}
		f := &stack[len(stack)-1]
		n := f.n
		if n == nil || n.Clause == nil {
			return nil, fmt.Errorf("chc: derivation node without a clause")
		}
		if _, done := memo[n]; done {
			stack = stack[:len(stack)-1]
			continue
		}
		if f.next == 0 {
			if len(n.Values) != len(n.Clause.Vars) {
				return nil, fmt.Errorf("chc: derivation node has %d values for %d variables", len(n.Values), len(n.Clause.Vars))
			}
			if len(n.Children) != len(n.Clause.Body) {
				return nil, fmt.Errorf("chc: derivation node has %d children for %d body atoms", len(n.Children), len(n.Clause.Body))
			}
		}
		if f.next < len(n.Children) {
			ch := n.Children[f.next]
			f.next++
			if _, done := memo[ch]; !done {
				stack = append(stack, frame{n: ch})
			}
			continue
		}
		kids := make([]*chc.Node, len(n.Children))
		for i, ch := range n.Children {
			kids[i] = memo[ch]
		}
		img, err := image(n, kids)
		if err != nil {
			return nil, err
		}
		memo[n] = img
		stack = stack[:len(stack)-1]
	}
	return memo[root], nil
}
