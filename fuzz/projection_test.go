package fuzz_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/mbp"
	"github.com/seed-f9c3434d/gospacer/term"
)

// TestCheckProjection: the checker accepts a projection and says what is
// wrong with each wrong one.
func TestCheckProjection(t *testing.T) {
	st := term.NewStore()
	x, y := st.Const("x", term.IntSort), st.Const("y", term.IntSort)
	phi := st.And(st.Gt(x, y), st.Lt(x, st.Int(5)))
	m := term.NewModel(st)
	m.Set(x, st.Int(3))
	m.Set(y, st.Int(1))
	vars := []*term.Term{x}
	require.NoError(t, fuzz.CheckProjection(st, vars, phi, st.Lt(y, st.Int(4)), m))
	for psi, msg := range map[*term.Term]string{
		st.Lt(y, st.Int(10)):                          "does not imply the existential closure",
		st.Lt(y, st.Int(1)):                           "is false in the model",
		st.Gt(x, st.Int(0)):                           "mentions x, a projected variable",
		st.Gt(st.Const("z", term.IntSort), st.Int(0)): "mentions z, which the formula does not",
	} {
		err := fuzz.CheckProjection(st, vars, phi, psi, m)
		require.ErrorIs(t, err, fuzz.ErrNotProjection, "%v", psi)
		require.ErrorContains(t, err, msg)
	}
	a := st.Const("a", st.ArraySort(term.IntSort, term.IntSort))
	err := fuzz.CheckProjection(st, []*term.Term{a}, st.Eq(st.Select(a, y), x), st.True(), m)
	require.ErrorIs(t, err, fuzz.ErrUnsupported)
}

// TestProjectionPropertyCatchesWrong: the property of the Example fails,
// with a shrunk case printed as SMT-LIB, on projections that are wrong in
// each way, and passes on right ones.
func TestProjectionPropertyCatchesWrong(t *testing.T) {
	t.Chdir(t.TempDir()) // rapid's fail files
	cfg := fuzz.Config{Theories: fuzz.Bool | fuzz.LIA}
	for name, wrong := range map[string]fuzz.ProjectFunc{
		"true: not an under-approximation": func(st *term.Store, vars []*term.Term, phi *term.Term, m *term.Model) (*term.Term, error) {
			return st.True(), nil
		},
		"false: not true in the model": func(st *term.Store, vars []*term.Term, phi *term.Term, m *term.Model) (*term.Term, error) {
			return st.False(), nil
		},
		"phi: mentions the variables": func(st *term.Store, vars []*term.Term, phi *term.Term, m *term.Model) (*term.Term, error) {
			return phi, nil
		},
		"ours, first conjunct dropped": func(st *term.Store, vars []*term.Term, phi *term.Term, m *term.Model) (*term.Term, error) {
			r, err := mbp.Project(st, vars, phi, m)
			if err != nil || r.Formula.Op() != term.OpAnd {
				return r.Formula, err
			}
			return st.And(r.Formula.Args()[1:]...), nil
		},
		"an error": func(st *term.Store, vars []*term.Term, phi *term.Term, m *term.Model) (*term.Term, error) {
			return nil, errors.New("not implemented")
		},
	} {
		t.Run(name, func(t *testing.T) {
			// A subtly wrong projection (a conjunct dropped) may pass the
			// 100 random cases of one run (one run in three did): it must
			// be caught in one of ten.
			var err error
			for try := 0; try < 10 && err == nil; try++ {
				err = fuzz.Run(t.Name(), fuzz.ProjectionProperty(cfg, wrong))
			}
			require.Error(t, err)
			require.Contains(t, err.Error(), "the projection under test")
			require.Contains(t, err.Error(), "(declare-fun")
		})
	}
	ours := func(st *term.Store, vars []*term.Term, phi *term.Term, m *term.Model) (*term.Term, error) {
		r, err := mbp.Project(st, vars, phi, m)
		return r.Formula, err
	}
	require.NoError(t, fuzz.Run("ours", fuzz.ProjectionProperty(cfg, ours)))
	rapid.Check(t, fuzz.ProjectionProperty(fuzz.Config{Theories: fuzz.LRA | fuzz.Bool}, ours))
}
