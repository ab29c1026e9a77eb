package mbp_test

import (
	"testing"

	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/mbp"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// bvOps are the operators of the random bit-vector formulas.
var bvOps = []term.Op{term.OpBVAdd, term.OpBVMul, term.OpBVAnd, term.OpBVOr, term.OpBVXor,
	term.OpBVSub, term.OpBVUdiv, term.OpBVUrem, term.OpBVShl, term.OpBVLshr, term.OpBVAshr}

var bvCmps = []term.Op{term.OpBVUlt, term.OpBVUle, term.OpBVSlt, term.OpBVSle}

func genBV(t *rapid.T, st *term.Store, vars []*term.Term, w, d int) *term.Term {
	if d == 0 || rapid.IntRange(0, 2).Draw(t, "leaf") == 0 {
		if rapid.Bool().Draw(t, "isvar") {
			return rapid.SampledFrom(vars).Draw(t, "v")
		}
		return st.BVInt(rapid.Int64Range(0, 1<<w-1).Draw(t, "c"), w)
	}
	if rapid.IntRange(0, 4).Draw(t, "ite") == 0 {
		return st.Ite(genBVLit(t, st, vars, w, d-1), genBV(t, st, vars, w, d-1), genBV(t, st, vars, w, d-1))
	}
	return st.Mk(rapid.SampledFrom(bvOps).Draw(t, "op"), genBV(t, st, vars, w, d-1), genBV(t, st, vars, w, d-1))
}

func genBVLit(t *rapid.T, st *term.Store, vars []*term.Term, w, d int) *term.Term {
	a, b := genBV(t, st, vars, w, d), genBV(t, st, vars, w, d)
	var l *term.Term
	if rapid.Bool().Draw(t, "eq") {
		l = st.Eq(a, b)
	} else {
		l = st.Mk(rapid.SampledFrom(bvCmps).Draw(t, "cmp"), a, b)
	}
	if rapid.Bool().Draw(t, "neg") {
		l = st.Not(l)
	}
	return l
}

// TestBVProjection projects bit-vector variables of widths 4 to 8 and
// checks the projection against enumeration: ψ holds in the model, has
// no projected variable, and every assignment of the other variables
// that satisfies ψ extends to a model of φ; and no value is listed as an
// infinite substitution.
func TestBVProjection(t *testing.T) {
	projected := 0
	fuzz.Check(t, cases/5, func(t *rapid.T) { // enumeration: 200 cases
		st := term.NewStore()
		// three variables up to 5 bits, two up to 8: enumeration stays
		// within 2^16 assignments
		three := rapid.Bool().Draw(t, "three")
		w := rapid.IntRange(4, 8).Draw(t, "w")
		if three {
			w = rapid.IntRange(4, 5).Draw(t, "w3")
		}
		s := st.BitVecSort(w)
		x, y, z := st.Const("x", s), st.Const("y", s), st.Const("z", s)
		vars := []*term.Term{x, y}
		if three {
			vars = append(vars, z)
		}
		var lits []*term.Term
		for n := rapid.IntRange(1, 3).Draw(t, "n"); n > 0; n-- {
			l := genBVLit(t, st, vars, w, 2)
			if rapid.Bool().Draw(t, "or") {
				l = st.Or(l, genBVLit(t, st, vars, w, 2))
			}
			lits = append(lits, l)
		}
		phi := st.And(lits...)
		// a model of φ by enumeration (x, y, z from a drawn start)
		m := term.NewModel(st)
		nv := len(vars)
		start := rapid.IntRange(0, 1<<(nv*w)-1).Draw(t, "start")
		found := false
		for k := 0; k < 1<<(nv*w) && !found; k++ {
			a := (start + k*7919) & (1<<(nv*w) - 1) // a permutation: 7919 is odd
			for i, v := range vars {
				m.Set(v, st.BVInt(int64(a>>(i*w)&(1<<w-1)), w))
			}
			ok, err := m.EvalBool(phi)
			require.NoError(t, err)
			found = ok
		}
		if !found {
			return
		}
		proj := []*term.Term{x}
		if three && rapid.Bool().Draw(t, "two") {
			proj = append(proj, z)
		}
		projected++
		res, err := mbp.Project(st, proj, phi, m)
		require.NoError(t, err)
		require.Empty(t, res.Substituted, "bit-vector substitutions are finite")
		psi := res.Formula
		ok, err := m.EvalBool(psi)
		require.NoError(t, err)
		require.True(t, ok, "the model does not satisfy %v", psi)
		for _, c := range proj {
			for u := range term.PostOrder(psi) {
				require.NotSame(t, c, u, "%v occurs in %v", c, psi)
			}
		}
		// ψ ⇒ ∃proj. φ over every value of the other variables
		kept := []*term.Term{y}
		if three && len(proj) == 1 {
			kept = append(kept, z)
		}
		for a := 0; a < 1<<(len(kept)*w); a++ {
			mk := term.NewModel(st)
			for i, v := range kept {
				mk.Set(v, st.BVInt(int64(a>>(i*w)&(1<<w-1)), w))
			}
			if ok, err := mk.EvalBool(psi); err != nil || !ok {
				require.NoError(t, err)
				continue
			}
			ext := false
			for b := 0; b < 1<<(len(proj)*w) && !ext; b++ {
				for i, v := range proj {
					mk.Set(v, st.BVInt(int64(b>>(i*w)&(1<<w-1)), w))
				}
				ext, err = mk.EvalBool(phi)
				require.NoError(t, err)
			}
			require.True(t, ext, "ψ = %v holds at %d but φ has no extension", psi, a)
		}
	})
	// most formulas are satisfiable: the property ran on real projections
	require.Greater(t, projected, cases/50)
}
