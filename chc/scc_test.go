package chc_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// reach is the reflexive-transitive closure of the graph succ, by brute
// force (Floyd-Warshall), and whether each node reaches itself along at
// least one edge.
func reach(succ [][]int) (r [][]bool, onCycle []bool) {
	n := len(succ)
	step := make([][]bool, n) // step[u][v]: a path of one or more edges
	for u := range n {
		step[u] = make([]bool, n)
		for _, v := range succ[u] {
			step[u][v] = true
		}
	}
	for k := range n {
		for u := range n {
			for v := range n {
				step[u][v] = step[u][v] || step[u][k] && step[k][v]
			}
		}
	}
	r, onCycle = make([][]bool, n), make([]bool, n)
	for u := range n {
		r[u] = slices.Clone(step[u])
		r[u][u] = true
		onCycle[u] = step[u][u]
	}
	return r, onCycle
}

// TestComponentsProperties checks Components and Cyclic against the
// definition on random graphs (repeated edges and self-loops included):
// two nodes share a component exactly when each reaches the other, the
// numbers are 0..count-1 with every edge going to a number no larger,
// a component is cyclic exactly when its nodes lie on a cycle, and the
// same graph gives the same numbers again.
func TestComponentsProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 9).Draw(t, "nodes")
		succ := make([][]int, n)
		for u := range n {
			if n > 0 {
				succ[u] = rapid.SliceOfN(rapid.IntRange(0, n-1), 0, 4).Draw(t, "succ")
			}
		}
		comp, count := chc.Components(succ)
		r, onCycle := reach(succ)
		require.Len(t, comp, n)
		used := make([]bool, count)
		for u := range n {
			require.True(t, comp[u] >= 0 && comp[u] < count, "node %d: component %d of %d", u, comp[u], count)
			used[comp[u]] = true
			for v := range n {
				same := r[u][v] && r[v][u]
				require.Equal(t, same, comp[u] == comp[v], "nodes %d, %d in %v", u, v, succ)
				if r[u][v] {
					require.GreaterOrEqual(t, comp[u], comp[v], "%d reaches %d in %v", u, v, succ)
				}
			}
		}
		require.NotContains(t, used, false, "every number names a component")
		cyclic := chc.Cyclic(succ, comp, count)
		for u := range n {
			require.Equal(t, onCycle[u], cyclic[comp[u]], "node %d in %v", u, succ)
		}
		again, count2 := chc.Components(succ)
		require.Equal(t, comp, again)
		require.Equal(t, count, count2)
	})
}

// TestComponentsLongChain runs Components on a chain far deeper than a
// recursive version could take on a small stack, closed into one cycle.
func TestComponentsLongChain(t *testing.T) {
	const n = 200000
	succ := make([][]int, n)
	for i := range n - 1 {
		succ[i] = []int{i + 1}
	}
	comp, count := chc.Components(succ)
	require.Equal(t, n, count)
	require.Equal(t, 0, comp[n-1], "the sink comes first")
	require.Equal(t, n-1, comp[0])
	succ[n-1] = []int{0}
	comp, count = chc.Components(succ)
	require.Equal(t, 1, count)
	require.Equal(t, []bool{true}, chc.Cyclic(succ, comp, count))
}

// TestDependencyGraph reads the edges off a system: body predicates to
// heads, none from a query.
func TestDependencyGraph(t *testing.T) {
	src := `(set-logic HORN)
(declare-fun inv (Int) Bool)
(declare-fun aux (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x) (aux y) (= y (+ x 1))) (inv y))))
(assert (forall ((x Int)) (=> (inv x) (aux x))))
(assert (forall ((x Int)) (=> (and (inv x) (< x 0)) false)))
(check-sat)`
	sys, _, err := chc.Read("dep", strings.NewReader(src), term.NewStore())
	require.NoError(t, err)
	id := map[string]int{}
	for _, p := range sys.Preds {
		id[p.Name()] = p.ID
	}
	succ := chc.DependencyGraph(sys)
	inv, aux := id["inv"], id["aux"]
	require.Equal(t, []int{inv, aux}, succ[inv])
	require.Equal(t, []int{inv}, succ[aux])
	comp, count := chc.Components(succ)
	require.Equal(t, 1, count)
	require.Equal(t, comp[inv], comp[aux])
	require.Equal(t, []bool{true}, chc.Cyclic(succ, comp, count))
}
