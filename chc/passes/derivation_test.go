package passes

import (
	"context"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// TestMapDerivation: a chain deeper than a recursive walk would like is
// mapped bottom-up, a node shared by two parents once, and a node that
// does not fit its clause is an error.
func TestMapDerivation(t *testing.T) {
	fact := &chc.Clause{}
	step := &chc.Clause{Body: make([]chc.Atom, 1)}
	join := &chc.Clause{Body: make([]chc.Atom, 2)}
	poll := chc.NewBudget(context.Background())

	const depth = 300000
	n := &chc.Node{Clause: fact}
	for i := 0; i < depth; i++ {
		n = &chc.Node{Clause: step, Children: []*chc.Node{n}}
	}
	calls := 0
	img, err := mapDerivation(poll, n, func(n *chc.Node, kids []*chc.Node) (*chc.Node, error) {
		calls++
		for _, k := range kids {
			require.NotNil(t, k, "a child is mapped before its parent")
		}
		return &chc.Node{Clause: n.Clause, Children: kids}, nil
	})
	require.NoError(t, err)
	require.Equal(t, depth+1, calls)
	got := 0
	for m := img; len(m.Children) > 0; m = m.Children[0] {
		got++
	}
	require.Equal(t, depth, got)

	shared := &chc.Node{Clause: fact}
	root := &chc.Node{Clause: join, Children: []*chc.Node{
		{Clause: step, Children: []*chc.Node{shared}},
		{Clause: step, Children: []*chc.Node{shared}},
	}}
	calls = 0
	img, err = mapDerivation(poll, root, func(n *chc.Node, kids []*chc.Node) (*chc.Node, error) {
		calls++
		return &chc.Node{Clause: n.Clause, Children: kids}, nil
	})
	require.NoError(t, err)
	require.Equal(t, 4, calls)
	require.Same(t, img.Children[0].Children[0], img.Children[1].Children[0])

	id := func(n *chc.Node, kids []*chc.Node) (*chc.Node, error) { return n, nil }
	for name, bad := range map[string]*chc.Node{
		"too few children": {Clause: join, Children: []*chc.Node{shared}},
		"a nil child":      {Clause: step, Children: []*chc.Node{nil}},
		"no clause":        {Clause: step, Children: []*chc.Node{{}}},
		"too many values":  {Clause: fact, Values: make([]*term.Term, 1)},
	} {
		_, err := mapDerivation(poll, bad, id)
		require.Error(t, err, name)
	}
	_, err = mapDerivation(poll, nil, id)
	require.Error(t, err)
}
