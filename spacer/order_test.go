package spacer

import (
	"context"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/passes"
	"github.com/seed-f9c3434d/gospacer/term"
)

// ageOp is a step of a search as the order sees it: make the literal of a
// search-made spec (make >= 0), or meet a cube of the literals made so far.
type ageOp struct {
	make int
	cube []int // indices into all literals (pre-made first)
}

// ageRun makes nPre literals in the order perm (after the junk terms),
// starts the search, runs ops and returns the met literals in the
// order of sortCube, printed, and per literal its first meet and making
// (the op index; -1 for the pre-made ones).
func ageRun(nPre, nSearch int, perm []int, junk []int64, ops []ageOp) (order []string, met, made map[string]int) {
	st := term.NewStore()
	for _, j := range junk {
		st.Le(st.Const("junk", term.IntSort), st.Int(j))
	}
	xs := make([]*term.Term, nPre+nSearch)
	for i := range xs {
		xs[i] = st.Const("x"+strconv.Itoa(i), term.IntSort)
	}
	lits := make([]*term.Term, len(xs))
	lit := func(i int) *term.Term { return st.Le(xs[i], st.Int(int64(i))) }
	made, met = map[string]int{}, map[string]int{}
	for _, i := range perm {
		lits[i] = lit(i)
		made[lits[i].String()] = -1
	}
	e := &engine{st: st}
	e.ages.start(st)
	var all []*term.Term
	for k, op := range ops {
		if op.make >= 0 {
			lits[nPre+op.make] = lit(nPre + op.make)
			made[lits[nPre+op.make].String()] = k
			continue
		}
		var cube []*term.Term
		for _, i := range op.cube {
			if lits[i] == nil {
				continue
			}
			cube = append(cube, lits[i])
			if _, ok := met[lits[i].String()]; !ok {
				met[lits[i].String()] = k
			}
		}
		all = append(all, e.sortCube(cube)...)
	}
	for _, l := range e.sortCube(all) {
		order = append(order, l.String())
	}
	return order, met, made
}

// TestAgeOrder: the literals come out of sortCube by age. One the search
// made sorts by when it was made; one made before the search by when the
// search first met it (so the order in which the terms before the search
// were made, and what else was made then, changes nothing); a literal met
// before another was made comes first.
func TestAgeOrder(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		nPre := rapid.IntRange(0, 6).Draw(t, "pre")
		nSearch := rapid.IntRange(0, 6).Draw(t, "search")
		if nPre+nSearch == 0 {
			return
		}
		id := make([]int, nPre)
		for i := range id {
			id[i] = i
		}
		var ops []ageOp
		makeOrder := make([]int, nSearch)
		for i := range makeOrder {
			makeOrder[i] = i
		}
		makeOrder = rapid.Permutation(makeOrder).Draw(t, "makeOrder")
		next := 0
		for range rapid.IntRange(1, 12).Draw(t, "ops") {
			if next < nSearch && rapid.Bool().Draw(t, "make") {
				ops = append(ops, ageOp{make: makeOrder[next]})
				next++
				continue
			}
			cube := rapid.SliceOfN(rapid.IntRange(0, nPre+nSearch-1), 0, 5).Draw(t, "cube")
			ops = append(ops, ageOp{make: -1, cube: cube})
		}
		want, met, made := ageRun(nPre, nSearch, id, nil, ops)
		perm := rapid.Permutation(id).Draw(t, "perm")
		junk := rapid.SliceOfN(rapid.Int64Range(-3, 3), 0, 5).Draw(t, "junk")
		got, _, _ := ageRun(nPre, nSearch, perm, junk, ops)
		if !slices.Equal(got, want) {
			t.Fatalf("order depends on the order of the terms made before the search:\n%v\n%v", want, got)
		}
		// age: i before j when i was made by the search earlier, or met
		// (pre-made) or made before j was made (search-made) or met
		// (pre-made)
		birth := func(s string) (int, bool) {
			if k := made[s]; k >= 0 {
				return k, false
			}
			return met[s], true
		}
		for i := range want {
			for j := i + 1; j < len(want); j++ {
				bi, pi := birth(want[i])
				bj, pj := birth(want[j])
				if bi > bj || bi == bj && !pi && pj {
					t.Fatalf("%s (born %d) before %s (born %d): %v", want[i], bi, want[j], bj, want)
				}
			}
		}
	})
}

// TestSubsetAge: subset on cubes sorted by age is set inclusion.
func TestSubsetAge(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		st := term.NewStore()
		x := st.Const("x", term.IntSort)
		var lits []*term.Term
		for k := range 8 {
			lits = append(lits, st.Le(x, st.Int(int64(k))))
		}
		e := &engine{st: st}
		e.ages.start(st) // all pre-made: ages by meeting
		e.meet(rapid.Permutation(lits).Draw(t, "meet"))
		pick := func(label string) []*term.Term {
			var c []*term.Term
			for _, l := range lits {
				if rapid.Bool().Draw(t, label) {
					c = append(c, l)
				}
			}
			return e.sortCube(c)
		}
		a, b := pick("a"), pick("b")
		in := true
		for _, l := range a {
			in = in && slices.Contains(b, l)
		}
		require.Equal(t, in, e.subset(a, b))
	})
}

// TestMonabsex2Order: arrays' monabsex2, preprocessed, takes 30,243
// checks with obligations' and lemmas' literals by age; 204,272 by term ID
// (toParams makes every constraint atom before the search), 184,573 with
// obligations' literals in the implicant's order.
func TestMonabsex2Order(t *testing.T) {
	if testing.Short() {
		t.Skip("a second of solving")
	}
	src, err := os.ReadFile("testdata/ultimate__Lia-NonLinArrays__46_monabsex2_vs_000.smt2")
	require.NoError(t, err)
	sys, _, err := chc.Read("monabsex2.smt2", strings.NewReader(string(src)), term.NewStore())
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), answerTimeout)
	defer cancel()
	// preprocessed as the CLI does: the order of the terms it makes is
	// what changed the search
	sys, _, err = passes.Preprocess(ctx, sys, passes.Default()...)
	require.NoError(t, err)
	res := New(Options{}).Solve(ctx, sys)
	require.Equal(t, chc.Sat, res.Answer, "%v", res.Reason)
	require.Less(t, stat(res, "spacer.smt-checks"), 60000, "checks")
}
