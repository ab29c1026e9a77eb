package chc

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestPropCheckClauseNormal: normalSmall, the scan CheckClauseNormal tries
// first, accepts a drawn clause exactly when the maps of CheckClauseNormal
// find nothing wrong (clauses of at most 16 variables; atom arguments
// among the variables, other constants and terms, repeated or not); and
// Normalize gives the clause itself back exactly then.
// CheckClauseRelaxedIn accepts it exactly when maps that allow two atoms
// to share a variable find nothing wrong.
func TestPropCheckClauseNormal(t *testing.T) {
	normal, not, relaxedOnly := 0, 0, 0
	rapid.Check(t, func(t *rapid.T) {
		st := term.NewStore()
		s := &System{St: st}
		p := s.NewPred(st.Func("P", []*term.Sort{term.IntSort, term.IntSort}, term.BoolSort))
		var consts []*term.Term
		for i := range 6 {
			consts = append(consts, st.Const(fmt.Sprint("x", i), term.IntSort))
		}
		c := &Clause{Constraint: st.True()}
		// shaped: every constant a variable and the arguments of an atom
		// two distinct ones, so that most such clauses are in the relaxed
		// form, and often not in the strict one
		shaped := rapid.Bool().Draw(t, "shaped")
		for _, x := range consts {
			if shaped || rapid.Bool().Draw(t, "in vars") {
				c.Vars = append(c.Vars, x)
			}
		}
		arg := func() *term.Term {
			x := rapid.SampledFrom(consts).Draw(t, "arg")
			if !shaped && rapid.IntRange(0, 9).Draw(t, "term") == 0 {
				return st.Add(x, st.Int(1))
			}
			return x
		}
		args := func() []*term.Term {
			a, b := arg(), arg()
			if shaped && a == b {
				b = consts[(slices.Index(consts, a)+1)%len(consts)]
			}
			return []*term.Term{a, b}
		}
		if rapid.Bool().Draw(t, "head") {
			c.Head = &Atom{Pred: p, Args: args()}
		}
		for range rapid.IntRange(0, 2).Draw(t, "body") {
			c.Body = append(c.Body, Atom{Pred: p, Args: args()})
		}
		var parts []*term.Term
		for range rapid.IntRange(0, 3).Draw(t, "conjuncts") {
			parts = append(parts, st.Le(rapid.SampledFrom(consts).Draw(t, "x"), rapid.SampledFrom(consts).Draw(t, "y")))
		}
		c.Constraint = Conj(st, parts)
		s.Clauses = []*Clause{c}
		slow := normalMaps(c)
		require.Equal(t, slow, normalSmall(c), "clause %v", c)
		// the relaxed form: the arguments of each atom distinct only
		require.Equal(t, relaxedMaps(c), CheckClauseRelaxedIn(st, 0, c) == nil, "clause %v", c)
		require.Equal(t, relaxedMaps(c), CheckClauseRelaxedIn(nil, 0, c) == nil, "clause %v", c)
		require.Equal(t, slow, CheckNormal(NewBudget(context.Background()), s) == nil)
		// Normalize gives a normalised clause back as it is (its quick
		// test, normalizer.normal), and normalises the others
		norm, err := Normalize(s)
		require.NoError(t, err)
		require.Equal(t, slow, norm.Clauses[0] == c, "clause %v normalised into %v", c, norm.Clauses[0])
		require.NoError(t, CheckNormal(NewBudget(context.Background()), norm))
		if slow {
			normal++
		} else {
			not++
		}
		if !slow && relaxedMaps(c) {
			relaxedOnly++
		}
	})
	if normal == 0 || not == 0 || relaxedOnly == 0 {
		t.Fatalf("%d normalised clauses drawn, %d others, %d of them in the relaxed form", normal, not, relaxedOnly)
	}
}

// normalMaps is CheckClauseNormal's test without normalSmall.
func normalMaps(c *Clause) bool { return distinctArgs(c, false) }

// relaxedMaps is CheckClauseRelaxedIn's test: normalMaps with the
// arguments distinct within each atom only.
func relaxedMaps(c *Clause) bool { return distinctArgs(c, true) }

// distinctArgs reports, with maps, whether every argument of c's atoms
// is a distinct variable of c.Vars (perAtom: distinct within each atom)
// and the constraint mentions only c.Vars.
func distinctArgs(c *Clause, perAtom bool) bool {
	vars := map[*term.Term]bool{}
	for _, v := range c.Vars {
		vars[v] = true
	}
	seen := map[*term.Term]bool{}
	atoms := append([]Atom(nil), c.Body...)
	if c.Head != nil {
		atoms = append(atoms, *c.Head)
	}
	for _, a := range atoms {
		if perAtom {
			clear(seen)
		}
		for _, x := range a.Args {
			if !x.IsConst() || seen[x] || !vars[x] {
				return false
			}
			seen[x] = true
		}
	}
	for _, x := range term.FreeConsts(c.Constraint) {
		if !vars[x] {
			return false
		}
	}
	return true
}
