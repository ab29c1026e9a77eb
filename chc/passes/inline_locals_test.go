package passes_test

import (
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/passes"
	"github.com/seed-f9c3434d/gospacer/term"
	"pgregory.net/rapid"
)

// TestPropInlineMergedLocals: project's refusal of a merged clause that
// keeps a local variable, without solving, is the projection solved:
// in random systems (drawSystem's, and chains whose steps have a local
// variable bounded by the step's arguments, or defined by them), no
// merged clause with a local variable projects when its constraint is
// solved. A merge solves the locals its constraint defines over the
// clause's arguments, so one that stays has no definition over the head
// arguments alone.
func TestPropInlineMergedLocals(t *testing.T) {
	locals := 0
	rapid.Check(t, func(t *rapid.T) {
		s := drawInlineInput(t)
		n, projected, err := passes.InlineMergedLocals(s)
		if err != nil {
			t.Fatal(err)
		}
		if projected > 0 {
			t.Fatalf("%d of %d merged clauses with a local variable project:\n%v", projected, n, s)
		}
		locals += n
	})
	t.Logf("merged clauses with a local variable: %d", locals)
	if locals == 0 {
		t.Fatal("no merged clause kept a local variable: the test checks nothing")
	}
}

// drawInlineInput draws a chain of predicates whose clauses keep local
// variables (drawLocalChain) or a system of drawSystem with its clauses'
// variables set.
func drawInlineInput(t *rapid.T) *chc.System {
	if rapid.Bool().Draw(t, "chain") {
		return drawLocalChain(t)
	}
	s := drawSystem(t)
	for _, c := range s.Clauses {
		setVars(c)
	}
	return s
}

// drawLocalChain is a chain c0 → c1 → … → cn-1 → false over one integer
// argument whose steps have a local variable z: bounded by the step's
// arguments (no definition: it stays), defined by them (it leaves), or
// defined by them through a nonlinear term.
func drawLocalChain(t *rapid.T) *chc.System {
	n := rapid.IntRange(2, 5).Draw(t, "chain")
	var b strings.Builder
	b.WriteString("(set-logic HORN)\n")
	for i := range n {
		b.WriteString("(declare-fun c" + strconv.Itoa(i) + " (Int Int) Bool)\n")
	}
	b.WriteString("(assert (forall ((x Int) (w Int)) (=> (<= x " + strconv.Itoa(rapid.IntRange(0, 2).Draw(t, "start")) + ") (c0 x w))))\n")
	for i := 1; i < n; i++ {
		var local string
		switch rapid.IntRange(0, 2).Draw(t, "local") {
		case 0:
			local = "(<= z y)"
		case 1:
			local = "(= z (+ x 1))"
		default:
			local = "(= (* z z) x)"
		}
		b.WriteString("(assert (forall ((x Int) (w Int) (y Int) (v Int) (z Int)) (=> (and (c" + strconv.Itoa(i-1) + " x w) (= y (+ x " + strconv.Itoa(rapid.IntRange(0, 1).Draw(t, "step")) + ")) " + local + " (<= v z)) (c" + strconv.Itoa(i) + " y v))))\n")
	}
	b.WriteString("(assert (forall ((x Int) (w Int)) (=> (and (c" + strconv.Itoa(n-1) + " x w) (> x " + strconv.Itoa(rapid.IntRange(0, 3).Draw(t, "bound")) + ")) false)))\n")
	s, _, err := chc.Read("chain", strings.NewReader(b.String()), term.NewStore())
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestPropInlineProjectionHeadOnly: the projection that sets aside the
// conjuncts mentioning only head arguments (inliner.headOnly) is the
// projection of the whole constraint: every clause with a head of random
// systems (drawSystem's, with local variables defined over a bounded
// head argument in some) projects or not as it does solved whole, and
// when it does with the same definitions and the same rest, as a set of
// conjuncts once simplified.
func TestPropInlineProjectionHeadOnly(t *testing.T) {
	split, projected := 0, 0
	rapid.Check(t, func(t *rapid.T) {
		s := drawSystem(t)
		st := s.St
		for k, c := range s.Clauses {
			if c.Head != nil && rapid.Bool().Draw(t, "local") {
				l := st.Const("l"+strconv.Itoa(k), term.IntSort)
				h := rapid.SampledFrom(c.Head.Args).Draw(t, "defined by")
				if h.Sort().IsArith() {
					// (with a bound on the head argument: a conjunct
					// on head arguments only, set aside)
					c.Constraint = st.Simplify(st.And(c.Constraint, st.Eq(l, st.Add(h, st.Int(1))), st.Le(h, st.Int(int64(rapid.IntRange(0, 2).Draw(t, "bound"))))))
				}
			}
			setVars(c)
		}
		project := passes.InlineProjectionSolved(s, true)
		whole := passes.InlineProjectionSolved(s, false)
		for i, c := range s.Clauses {
			if c.Head == nil || len(c.Vars) == len(c.Head.Args) {
				continue // (no variable to project: nothing solved)
			}
			gotOK, gotSub, gotRest := project(i)
			wantOK, wantSub, wantRest := whole(i)
			if c.Constraint.Op() == term.OpAnd && slices.ContainsFunc(c.Constraint.Args(), func(a *term.Term) bool {
				return !slices.ContainsFunc(term.FreeConsts(a), func(x *term.Term) bool { return !slices.Contains(c.Head.Args, x) })
			}) {
				split++ // (a conjunct set aside)
			}
			// (the definitions of a clause that does not project serve
			// nothing: they may differ, by the copies peelCopies reads
			// off a conjunction, not off a single conjunct)
			if gotOK != wantOK || (gotOK && !maps.Equal(gotSub, wantSub)) {
				t.Fatalf("clause %v: project %v %v, solved whole %v %v", c, gotOK, gotSub, wantOK, wantSub)
			}
			if !gotOK {
				continue
			}
			// (the rests simplified: merge simplifies what it brings)
			got, want := term.Conjuncts(nil, st.Simplify(gotRest)), term.Conjuncts(nil, st.Simplify(wantRest))
			term.SortByID(got)
			term.SortByID(want)
			if !slices.Equal(got, want) {
				t.Fatalf("clause %v: rest %v, solved whole %v", c, gotRest, wantRest)
			}
			projected++
		}
	})
	t.Logf("clauses with a conjunct on head arguments only %d, projections %d", split, projected)
	if split == 0 || projected == 0 {
		t.Fatal("no conjunct set aside, or no projection: the test checks little")
	}
}

// TestPropInlineCanonicalShortcut: canonicalMerged's table of the merged
// constraint's variables that are no atom argument, read off the local
// conjuncts alone when they are simplified, is the one read off the whole
// constraint: in random systems (drawSystem's, and chains whose steps
// keep a local variable or solve it), every merge gives the same table
// both ways, and some merges that took the shortcut keep a local
// variable in the constraint.
func TestPropInlineCanonicalShortcut(t *testing.T) {
	short, local, full := 0, 0, 0
	rapid.Check(t, func(t *rapid.T) {
		s := drawInlineInput(t)
		n, l, f, mismatch, err := passes.InlineCanonicalChecked(s)
		if err != nil {
			t.Fatal(err)
		}
		if mismatch > 0 {
			t.Fatalf("%d merges whose table of the constraint's variables is not the whole constraint's:\n%v", mismatch, s)
		}
		short, local, full = short+n, local+l, full+f
	})
	t.Logf("merges by the shortcut %d (with a local variable kept %d), by the whole constraint %d", short, local, full)
	if local == 0 {
		t.Fatal("no merge by the shortcut kept a local variable: the test checks nothing")
	}
}
