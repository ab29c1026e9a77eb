package passes_test

import (
	"context"
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

// TestPropRename: the inliner's rename, which hands SubstituteMap only
// the keys among a term's free variables, is SubstituteMap itself on
// random terms over a few integer and Boolean variables, and maps that
// rename variables, give them values or terms, or map them to themselves.
func TestPropRename(t *testing.T) {
	moved := 0
	rapid.Check(t, func(t *rapid.T) {
		st := term.NewStore()
		ints := []*term.Term{st.Const("x0", term.IntSort), st.Const("x1", term.IntSort), st.Const("x2", term.IntSort), st.Const("x3", term.IntSort)}
		bools := []*term.Term{st.Const("b0", term.BoolSort), st.Const("b1", term.BoolSort)}
		var intTerm func(depth int) *term.Term
		intTerm = func(depth int) *term.Term {
			switch k := rapid.IntRange(0, 3).Draw(t, "int"); {
			case depth == 0 || k == 0:
				return rapid.SampledFrom(ints).Draw(t, "x")
			case k == 1:
				return st.Int(int64(rapid.IntRange(-2, 2).Draw(t, "v")))
			case k == 2:
				return st.Add(intTerm(depth-1), intTerm(depth-1))
			default:
				return st.Mul(st.Int(int64(rapid.IntRange(-2, 2).Draw(t, "c"))), intTerm(depth-1))
			}
		}
		var formula func(depth int) *term.Term
		formula = func(depth int) *term.Term {
			switch k := rapid.IntRange(0, 4).Draw(t, "bool"); {
			case depth == 0 || k == 0:
				return rapid.SampledFrom(bools).Draw(t, "b")
			case k == 1:
				return st.Eq(intTerm(2), intTerm(2))
			case k == 2:
				return st.Le(intTerm(2), intTerm(2))
			case k == 3:
				return st.And(formula(depth-1), formula(depth-1))
			default:
				return st.Not(formula(depth - 1))
			}
		}
		f := formula(3)
		m := map[*term.Term]*term.Term{}
		for _, x := range ints {
			switch rapid.IntRange(0, 3).Draw(t, "map "+x.Name()) {
			case 1:
				m[x] = x
			case 2:
				m[x] = intTerm(1)
			case 3:
				m[x] = st.Fresh("y", term.IntSort)
			}
		}
		for _, x := range bools {
			if rapid.Bool().Draw(t, "map "+x.Name()) {
				m[x] = rapid.SampledFrom(bools).Draw(t, "to")
			}
		}
		want := st.SubstituteMap(f, m)
		if want != f {
			moved++
		}
		if got := passes.Rename(st, f, m); got != want {
			t.Fatalf("rename(%v) = %v, SubstituteMap %v", f, got, want)
		}
	})
	if moved == 0 {
		t.Fatal("no drawn map changed its term")
	}
}

// TestPropSmallSize: Inline's count of a conjunct's nodes in a short
// list is term.Size, on random terms over a few variables that share
// subterms (the same variable or sum twice), atoms and conjunctions of
// them, small and past the list's length.
func TestPropSmallSize(t *testing.T) {
	small, large := 0, 0
	rapid.Check(t, func(t *rapid.T) {
		st := term.NewStore()
		xs := []*term.Term{st.Const("x0", term.IntSort), st.Const("x1", term.IntSort), st.Const("x2", term.IntSort)}
		var made []*term.Term // (drawn again: shared subterms)
		var intTerm func(depth int) *term.Term
		intTerm = func(depth int) *term.Term {
			var u *term.Term
			switch k := rapid.IntRange(0, 4).Draw(t, "int"); {
			case k == 4 && len(made) > 0:
				return rapid.SampledFrom(made).Draw(t, "again")
			case depth == 0 || k == 0:
				return rapid.SampledFrom(xs).Draw(t, "x")
			case k == 1:
				return st.Int(int64(rapid.IntRange(-2, 2).Draw(t, "v")))
			case k == 2:
				u = st.Add(intTerm(depth-1), intTerm(depth-1))
			default:
				u = st.Mul(st.Int(int64(rapid.IntRange(2, 3).Draw(t, "c"))), intTerm(depth-1))
			}
			made = append(made, u)
			return u
		}
		var f *term.Term
		atom := func() *term.Term {
			switch rapid.IntRange(0, 2).Draw(t, "atom") {
			case 0:
				return st.Eq(intTerm(4), intTerm(4))
			case 1:
				return st.Not(st.Le(intTerm(4), intTerm(4)))
			default:
				return st.Le(intTerm(1), intTerm(1))
			}
		}
		if f = atom(); rapid.Bool().Draw(t, "conjunction") {
			// (past 16 nodes, mostly)
			for range rapid.IntRange(1, 5).Draw(t, "conjuncts") {
				f = st.And(f, atom())
			}
		}
		want := term.Size(f)
		if got := passes.SmallSize(f); got != want {
			t.Fatalf("smallSize(%v) = %d, term.Size %d", f, got, want)
		}
		if want <= 16 {
			small++
		} else {
			large++
		}
	})
	t.Logf("%d small, %d large", small, large)
	if small == 0 || large == 0 {
		t.Fatalf("%d terms of at most 16 nodes, %d larger: want both", small, large)
	}
}

// drawSystem draws a system of atoms over a few integer and Boolean
// variables, so that arguments repeat, in the relaxed form or not, with
// constraints that are conjunctions of equalities and bounds over them.
func drawSystem(t *rapid.T) *chc.System {
	st := term.NewStore()
	s := &chc.System{St: st, Relaxed: rapid.Bool().Draw(t, "relaxed")}
	pool := map[bool][]*term.Term{
		true:  {st.Const("x0", term.IntSort), st.Const("x1", term.IntSort), st.Const("x2", term.IntSort)},
		false: {st.Const("b0", term.BoolSort), st.Const("b1", term.BoolSort)},
	}
	for k := range rapid.IntRange(1, 3).Draw(t, "preds") {
		n := rapid.IntRange(1, 4).Draw(t, "arity")
		dom := make([]*term.Sort, n)
		for i := range dom {
			dom[i] = term.BoolSort
			if rapid.Bool().Draw(t, "int") {
				dom[i] = term.IntSort
			}
		}
		s.NewPred(st.Func("P"+strconv.Itoa(k), dom, term.BoolSort))
	}
	atom := func() chc.Atom {
		p := rapid.SampledFrom(s.Preds).Draw(t, "pred")
		a := chc.Atom{Pred: p}
		for _, x := range p.Params {
			a.Args = append(a.Args, rapid.SampledFrom(pool[x.Sort().IsArith()]).Draw(t, "arg"))
		}
		return a
	}
	for range rapid.IntRange(1, 4).Draw(t, "clauses") {
		var cs []*term.Term
		for range rapid.IntRange(0, 4).Draw(t, "conjuncts") {
			x := rapid.SampledFrom(pool[true]).Draw(t, "x")
			y := rapid.SampledFrom(pool[true]).Draw(t, "y")
			if rapid.Bool().Draw(t, "eq") {
				cs = append(cs, st.Eq(x, st.Add(y, st.Int(int64(rapid.IntRange(0, 2).Draw(t, "k"))))))
			} else {
				cs = append(cs, st.Le(x, st.Int(int64(rapid.IntRange(0, 2).Draw(t, "k")))))
			}
		}
		c := &chc.Clause{Constraint: st.Simplify(chc.Conj(st, cs))}
		if rapid.Bool().Draw(t, "head") {
			h := atom()
			c.Head = &h
		}
		for range rapid.IntRange(0, 2).Draw(t, "body") {
			c.Body = append(c.Body, atom())
		}
		s.Clauses = append(s.Clauses, c)
	}
	return s
}

// TestPropInlineCopies: the inliner's copies, counted once per clause
// for both uses and kept, are the counts of the shared arguments of each
// clause of random systems in the relaxed form (atoms over a few integer
// and Boolean variables, so that arguments repeat), whichever is asked
// first, and asked again.
func TestPropInlineCopies(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := drawSystem(t)
		copies, err := passes.InlineCopies(s)
		if err != nil {
			t.Fatal(err)
		}
		boundFirst := rapid.Bool().Draw(t, "bound first")
		for i, c := range s.Clauses {
			// the reference: per argument an earlier atom has, 5 and 7
			// for an integer, 2 and 3 for a Boolean
			want := [2]int{}
			seen := map[*term.Term]bool{}
			atoms := []*chc.Atom{}
			if c.Head != nil {
				atoms = append(atoms, c.Head)
			}
			for j := range c.Body {
				atoms = append(atoms, &c.Body[j])
			}
			for _, a := range atoms {
				for _, x := range a.Args {
					if seen[x] && s.Relaxed {
						if x.Sort().IsArith() {
							want[0], want[1] = want[0]+5, want[1]+7
						} else {
							want[0], want[1] = want[0]+2, want[1]+3
						}
					}
					seen[x] = true
				}
			}
			for range 2 {
				first, second := copies(i, boundFirst), copies(i, !boundFirst)
				if boundFirst {
					first, second = second, first
				}
				if first != want[0] || second != want[1] {
					t.Fatalf("clause %v: copies %d, %d; want %d, %d", c, first, second, want[0], want[1])
				}
			}
		}
	})
}

// TestPropInlineBounds: the size bounds Inline checks its limits on
// before the size itself (which makes the decisions the size's: the
// limits grow with the size) are bounds: crudeBound ≥ size and sizeBound
// ≥ size on every clause of random systems, whichever is asked first
// (each keeps what it computes with the clause, and returns the tighter
// ones when they are known).
func TestPropInlineBounds(t *testing.T) {
	strict := 0
	rapid.Check(t, func(t *rapid.T) {
		s := drawSystem(t)
		bounds, err := passes.InlineBounds(s)
		if err != nil {
			t.Fatal(err)
		}
		order := rapid.Permutation([]int{0, 1, 2}).Draw(t, "order")
		for i, c := range s.Clauses {
			b := bounds(i, [3]int{order[0], order[1], order[2]})
			if b[0] < b[2] || b[1] < b[2] {
				t.Fatalf("clause %v: crudeBound %d, sizeBound %d, size %d", c, b[0], b[1], b[2])
			}
			if b[0] > b[2] {
				strict++
			}
		}
	})
	if strict == 0 {
		t.Fatal("no bound above the size: the test cannot tell them apart")
	}
}

// TestPropInlineProjection: the definitions of a projection that holds
// mention the defining clause's head arguments only, on every clause with
// a head of random systems. unmerge relies on it: it values a defined
// variable that left the merged clause by its definition under the values
// of the head arguments alone (see definedValues), which have sources.
func TestPropInlineProjection(t *testing.T) {
	defined := 0
	rapid.Check(t, func(t *rapid.T) {
		s := drawSystem(t)
		st := s.St
		for k, c := range s.Clauses {
			// a local variable defined over an integer head argument in
			// half the clauses with one (drawSystem's constraints mostly
			// mention head arguments, or variables nothing defines)
			if c.Head != nil && rapid.Bool().Draw(t, "local") {
				for _, h := range c.Head.Args {
					if h.Sort().IsArith() {
						l := st.Const("l"+strconv.Itoa(k), term.IntSort)
						def := st.Eq(l, st.Add(h, st.Int(int64(rapid.IntRange(0, 2).Draw(t, "k")))))
						c.Constraint = st.Simplify(st.And(c.Constraint, def, st.Le(l, st.Int(2))))
						break
					}
				}
			}
			setVars(c) // (the clause's variables, as Read gives them)
		}
		project, err := passes.InlineProjection(s)
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range s.Clauses {
			if c.Head == nil {
				continue
			}
			ok, sub := project(i)
			if !ok {
				continue
			}
			for x, d := range sub {
				for _, y := range term.FreeConsts(d) {
					if !slices.Contains(c.Head.Args, y) {
						t.Fatalf("clause %v: %s defined as %v, which mentions %s, no head argument", c, x.Name(), d, y.Name())
					}
				}
				if !slices.Contains(c.Head.Args, x) {
					defined++
				}
			}
		}
	})
	if defined == 0 {
		t.Fatal("no variable defined: the test checks nothing")
	}
}

// TestPropInlineProjectionShortcut: project's shortcut (a body argument
// that is no head argument and that the constraint does not mention
// refuses the clause, without solving) gives the projection solved:
// every clause with a head of random systems, with local variables
// defined over head arguments in some, projects with the shortcut as it
// does without, with the same definitions, and the shortcut refuses only
// clauses that the solved projection refuses.
func TestPropInlineProjectionShortcut(t *testing.T) {
	short, refused, ok := 0, 0, 0
	rapid.Check(t, func(t *rapid.T) {
		s := drawSystem(t)
		st := s.St
		for k, c := range s.Clauses {
			if c.Head != nil && rapid.Bool().Draw(t, "local") {
				l := st.Const("l"+strconv.Itoa(k), term.IntSort)
				h := rapid.SampledFrom(c.Head.Args).Draw(t, "defined by")
				if h.Sort().IsArith() {
					c.Constraint = st.Simplify(st.And(c.Constraint, st.Eq(l, st.Add(h, st.Int(1)))))
					if len(c.Body) > 0 {
						// the local variable passed to a body atom
						for i, x := range c.Body[0].Args {
							if x.Sort().IsArith() && !slices.Contains(c.Body[0].Args, l) {
								args := slices.Clone(c.Body[0].Args)
								args[i] = l
								c.Body[0].Args = args
								break
							}
						}
					}
				}
			}
			setVars(c)
		}
		project, err := passes.InlineProjection(s)
		if err != nil {
			t.Fatal(err)
		}
		slow := passes.InlineProjectionSlow(s)
		for i, c := range s.Clauses {
			if c.Head == nil || len(c.Vars) == len(c.Head.Args) {
				continue // (no variable to project: no shortcut, no solving)
			}
			gotOK, gotSub := project(i)
			wantOK, wantSub, shortcut := slow(i)
			if shortcut && wantOK {
				t.Fatalf("clause %v: the shortcut refuses a clause that projects", c)
			}
			if gotOK != wantOK || (gotOK && !maps.Equal(gotSub, wantSub)) {
				t.Fatalf("clause %v: project %v %v, solved %v %v", c, gotOK, gotSub, wantOK, wantSub)
			}
			switch {
			case shortcut:
				short++
			case !wantOK:
				refused++
			default:
				ok++
			}
		}
	})
	t.Logf("shortcuts %d, other refusals %d, projections %d", short, refused, ok)
	if short == 0 || refused == 0 || ok == 0 {
		t.Fatalf("shortcuts %d, other refusals %d, projections %d: each case must occur", short, refused, ok)
	}
}

// setVars sets c's variables as Read gives them: the constraint's free
// constants, then the atoms' arguments not among them.
func setVars(c *chc.Clause) {
	c.Vars = term.FreeConsts(c.Constraint)
	for _, a := range atomsOf(c) {
		for _, x := range a.Args {
			if !slices.Contains(c.Vars, x) {
				c.Vars = append(c.Vars, x)
			}
		}
	}
}

// atomsOf is c's head, if any, and body atoms.
func atomsOf(c *chc.Clause) []*chc.Atom {
	var as []*chc.Atom
	if c.Head != nil {
		as = append(as, c.Head)
	}
	for j := range c.Body {
		as = append(as, &c.Body[j])
	}
	return as
}

// TestPropCheckForm: the passes' check of the relaxed form (checkForm),
// by stamps kept across the clauses, gives chc.CheckClauseRelaxedIn's verdict, clause by
// clause, on systems whose clauses miss some of their variables, repeat
// an argument within an atom or share it between atoms, or pass a term
// that is no variable, over 4 to 40 variables; half the draws keep every
// clause in form.
func TestPropCheckForm(t *testing.T) {
	bad, good := 0, 0
	rapid.Check(t, func(t *rapid.T) {
		st := term.NewStore()
		s := &chc.System{St: st, Relaxed: true}
		// (a few variables, or many: checkForm's table of a clause's
		// variables grows, and its slots collide)
		var pool []*term.Term
		for i := range rapid.SampledFrom([]int{4, 4, 9, 40}).Draw(t, "variables") {
			pool = append(pool, st.Const("x"+strconv.Itoa(i), term.IntSort))
		}
		for k := range rapid.IntRange(1, 3).Draw(t, "preds") {
			dom := make([]*term.Sort, rapid.IntRange(1, min(len(pool), 12)).Draw(t, "arity"))
			for i := range dom {
				dom[i] = term.IntSort
			}
			s.NewPred(st.Func("P"+strconv.Itoa(k), dom, term.BoolSort))
		}
		clean := rapid.Bool().Draw(t, "clean")
		atom := func() chc.Atom {
			p := rapid.SampledFrom(s.Preds).Draw(t, "pred")
			a := chc.Atom{Pred: p}
			for range p.Params {
				x := rapid.SampledFrom(pool).Draw(t, "arg")
				if clean {
					// distinct arguments within the atom
					for slices.Contains(a.Args, x) {
						x = pool[(slices.Index(pool, x)+1)%len(pool)]
					}
				} else if rapid.IntRange(0, 5).Draw(t, "term") == 0 {
					x = st.Add(x, st.Int(1))
				}
				a.Args = append(a.Args, x)
			}
			return a
		}
		for range rapid.IntRange(1, 4).Draw(t, "clauses") {
			c := &chc.Clause{Constraint: st.True()}
			if rapid.Bool().Draw(t, "head") {
				h := atom()
				c.Head = &h
			}
			for range rapid.IntRange(0, 2).Draw(t, "body") {
				c.Body = append(c.Body, atom())
			}
			if rapid.Bool().Draw(t, "constraint") {
				c.Constraint = st.And(st.Le(rapid.SampledFrom(pool).Draw(t, "x"), st.Int(3)), st.Le(st.Int(0), rapid.SampledFrom(pool).Draw(t, "y")))
			}
			for _, x := range pool {
				if clean || rapid.IntRange(0, 4).Draw(t, "missing") > 0 {
					c.Vars = append(c.Vars, x)
				}
			}
			s.Clauses = append(s.Clauses, c)
		}
		var want error
		for i, c := range s.Clauses {
			if want = chc.CheckClauseRelaxedIn(st, i, c); want != nil {
				break
			}
		}
		got := passes.CheckForm(s)
		if (got == nil) != (want == nil) || (got != nil && got.Error() != want.Error()) {
			t.Fatalf("checkForm: %v, chc.CheckClauseRelaxedIn: %v", got, want)
		}
		if want == nil {
			good++
		} else {
			bad++
		}
	})
	if bad == 0 || good == 0 {
		t.Fatalf("%d systems in form, %d not: want both", good, bad)
	}
}

// TestInlineOrigin: a clause that several merges made (a chain of
// predicates inlined into the query) carries the Origin of the input
// clause it comes from and each predicate inlined, in order, which
// result builds for the clauses that stay (merge leaves it empty).
func TestInlineOrigin(t *testing.T) {
	const text = `(set-logic HORN)
(declare-fun p2 (Int) Bool)
(declare-fun p1 (Int) Bool)
(declare-fun p0 (Int) Bool)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x) (= y (+ x 1))) (inv y))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x) (= y (+ x 2))) (p0 y))))
(assert (forall ((x Int) (y Int)) (=> (and (p0 x) (= y (+ x 3))) (p1 y))))
(assert (forall ((x Int) (y Int)) (=> (and (p1 x) (= y (+ x 4))) (p2 y))))
(assert (forall ((x Int)) (=> (and (p2 x) (< x 0)) false)))
`
	s, _, err := chc.Read("chain", strings.NewReader(text), term.NewStore())
	if err != nil {
		t.Fatal(err)
	}
	out, _, err := passes.Inline{}.Apply(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	var origins []string
	for _, c := range out.Clauses {
		origins = append(origins, c.Origin)
	}
	want := []string{s.Clauses[0].Origin, s.Clauses[1].Origin, s.Clauses[5].Origin + ", p2 inlined, p1 inlined, p0 inlined"}
	if !slices.Equal(origins, want) {
		t.Fatalf("origins %q, want %q", origins, want)
	}
}

// TestPropInlineChains: a chain of predicates c0 → c1 → … (each defined
// by one clause from the one before, a fact defining c0, over the values
// 0 to 2 that brute force enumerates), declared in a random order (so
// that some merges take a defining clause that merges made, others a
// using clause) and used once or twice by the query, is inlined whole: no
// predicate is left both defined and used, the answer (by brute force) is
// the input's, and the brute-force witness translates back to a witness
// of the input (the renaming and the values of merge's parts,
// renameSimplify, on each side of a merge).
func TestPropInlineChains(t *testing.T) {
	shuffled := 0
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(2, 5).Draw(t, "chain")
		order := rapid.Permutation(seq(n)).Draw(t, "declarations")
		if !slices.IsSorted(order) {
			shuffled++
		}
		twice := rapid.Bool().Draw(t, "twice")
		var b strings.Builder
		b.WriteString("(set-logic HORN)\n")
		for _, i := range order {
			b.WriteString("(declare-fun c" + strconv.Itoa(i) + " (Int) Bool)\n")
		}
		b.WriteString("(assert (forall ((x Int)) (=> (= x " + strconv.Itoa(rapid.IntRange(0, 2).Draw(t, "start")) + ") (c0 x))))\n")
		for i := 1; i < n; i++ {
			k := strconv.Itoa(rapid.IntRange(0, 1).Draw(t, "step"))
			b.WriteString("(assert (forall ((x Int) (y Int)) (=> (and (c" + strconv.Itoa(i-1) + " x) (= y (+ x " + k + ")) (<= y 2)) (c" + strconv.Itoa(i) + " y))))\n")
		}
		last, bound := "c"+strconv.Itoa(n-1), strconv.Itoa(rapid.IntRange(0, 3).Draw(t, "bound"))
		if twice {
			b.WriteString("(assert (forall ((x Int) (y Int)) (=> (and (" + last + " x) (" + last + " y) (> (+ x y) " + bound + ")) false)))\n")
		} else {
			b.WriteString("(assert (forall ((x Int)) (=> (and (" + last + " x) (> x " + bound + ")) false)))\n")
		}
		s, _, err := chc.Read("chain", strings.NewReader(b.String()), term.NewStore())
		if err != nil {
			t.Fatal(err)
		}
		r0 := brute(t, s)
		out, tr, err := passes.Inline{}.Apply(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		// (a merge whose constraint is false leaves a predicate without
		// uses or without definitions, which stays)
		defs, uses := map[*chc.Pred]int{}, map[*chc.Pred]int{}
		for _, c := range out.Clauses {
			if c.Head != nil {
				defs[c.Head.Pred]++
			}
			for j := range c.Body {
				uses[c.Body[j].Pred]++
			}
		}
		for _, p := range out.Preds {
			if defs[p] > 0 && uses[p] > 0 {
				t.Fatalf("%s left, defined and used:\n%v", p.Name(), out)
			}
		}
		r1 := brute(t, out)
		if r0.Answer != r1.Answer {
			t.Fatalf("answer %v, after Inline %v", r0.Answer, r1.Answer)
		}
		translatedWitness(t, s, tr, r1)
	})
	if shuffled == 0 {
		t.Fatal("no chain declared out of order")
	}
}

// seq is 0, 1, …, n-1.
func seq(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}
