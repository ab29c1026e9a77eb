package chc_test

import (
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// TestInstantiate: bound variables take their binding's value, the
// others fresh constants (new per instance), the constraint follows, and
// a variable bound twice adds the equality of its two values.
func TestInstantiate(t *testing.T) {
	st := term.NewStore()
	x, y, z := st.Const("x", term.IntSort), st.Const("y", term.IntSort), st.Const("z", term.IntSort)
	a, b := st.Const("a", term.IntSort), st.Const("b", term.IntSort)
	f := st.Lt(st.Add(x, z), y)
	vars := []*term.Term{x, y, z}

	in := chc.Instantiate(st, f, vars, "@1", chc.Binding{Args: []*term.Term{x}, To: []*term.Term{a}}, chc.Binding{Args: []*term.Term{y}, To: []*term.Term{b}})
	require.Equal(t, a, in.Vals[0])
	require.Equal(t, b, in.Vals[1])
	fresh := in.Vals[2]
	require.NotContains(t, []*term.Term{x, y, z, a, b}, fresh)
	require.Equal(t, st.Lt(st.Add(a, fresh), b), in.Constraint)
	require.Equal(t, []*term.Term{b, fresh, a}, in.Of([]*term.Term{y, z, x}))

	again := chc.Instantiate(st, f, vars, "@1", chc.Binding{Args: []*term.Term{x}, To: []*term.Term{a}})
	require.NotEqual(t, fresh, again.Vals[2], "each instance gets its own fresh constants")
	require.NotEqual(t, again.Vals[1], again.Vals[2])

	twice := chc.Instantiate(st, f, vars, "", chc.Binding{Args: []*term.Term{x}, To: []*term.Term{a}}, chc.Binding{Args: []*term.Term{x}, To: []*term.Term{b}})
	require.Equal(t, a, twice.Vals[0])
	require.Equal(t, st.And(st.Eq(a, b), st.Lt(st.Add(a, twice.Vals[2]), twice.Vals[1])), twice.Constraint)
}
