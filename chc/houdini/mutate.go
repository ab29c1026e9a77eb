package houdini

import (
	"slices"

	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Neighbours of a model. A check's model drops the head candidates it
// falsifies, and no more: on a head argument the clause leaves free to
// range (x of P(x, y) ← Q(x', y) ∧ x' = x + 1 once Q's candidates over
// its first parameter are gone), the candidates x ≠ 1, ..., x ≠ 9 carried
// back from a query x = 1 ∧ y = 1 through a chain of decrements went one
// check each, and on rust-horn bmc-1 Houdini made 80 checks of a
// candidate each before Spacer's answer. So after a check, each live
// head candidate looks for a neighbour of the model that falsifies it:
// one that moves groups of variables, each a head argument x and the
// variables that top-level equalities of the constraint tie to it (x' = x
// + 1 moves with x; a Boolean equal to it flips with it), group by group,
// each to a value at which the candidate's literals over it are false
// (x ≠ k: x = k; x ≤ k: k + 1; the zeros of its linear forms and their
// neighbours). A neighbour that satisfies, by evaluation, the conjuncts of
// the constraint and the live body candidates over the variables it moved
// is a model of the check but for the head (the others keep the values
// the check gave them, but for a local Boolean variable of the
// constraint it may flip to mend a conjunct it broke, when every conjunct
// over that variable holds after), so a head candidate false of it is
// one Houdini drops: the inductive subset is the same, found with fewer
// checks.

// maxNeighbours bounds the neighbours tried after one check; a candidate
// that no neighbour falsified after maxFailed checks (an invariant, most
// often) is not tried again.
const (
	maxNeighbours = 128
	maxFailed     = 2
)

// group is a set of variables of a clause tied by top-level equalities
// of its constraint.
type group struct {
	vars  []*term.Term
	bools bool         // Boolean variables (flipped), else arithmetic (shifted)
	cons  []*term.Term // the conjuncts of the constraint over a variable of the group
	body  [][2]int     // the body candidates (atom, candidate) over one
	head  []int        // the head candidates over one
}

// target is a way to falsify a head candidate: the literals to make
// false, each with the groups it mentions (by index) and, if it is an
// arithmetic comparison, its linear form.
type target struct {
	lits   []*term.Term
	groups [][]int
	lin    []*term.Linear
}

// neighbourhood is a clause's groups over its head arguments and its head
// candidates' targets, made on the first neighbour.
type neighbourhood struct {
	groups  []*group
	of      map[*term.Term]int // variable -> its group
	targets [][]target         // by head candidate
	// locals: the Boolean variables of the constraint in no group and
	// no atom's arguments, each with the conjuncts over it; a neighbour
	// may flip one to mend a conjunct its move broke (holds)
	locals map[*term.Term][]*term.Term
	flips  []flip // the locals flipped in mm, to undo
}

// flip is a local variable flipped in a neighbour and its value before.
type flip struct{ v, was *term.Term }

// neighbours makes cs's neighbourhood.
func (r *Runner) neighbours(ci int, cs *clauseSolver) *neighbourhood {
	st, c := r.s.St, r.s.Clauses[ci]
	conj := term.Conjuncts(nil, clauseConstraint(c, r.o.Constraint))
	// Union-find over the constants of two-variable definitions.
	parent := map[*term.Term]*term.Term{}
	var find func(x *term.Term) *term.Term
	find = func(x *term.Term) *term.Term {
		p, ok := parent[x]
		if !ok || p == x {
			return x
		}
		root := find(p)
		parent[x] = root
		return root
	}
	var all []*term.Term // the constants of the constraint, in order
	for _, l := range conj {
		vs := term.FreeConsts(l)
		all = append(all, vs...)
		if len(vs) == 2 && len(Definitions(st, l)) == 2 {
			if a, b := find(vs[0]), find(vs[1]); a != b {
				parent[b] = a
			}
		}
	}
	nb := &neighbourhood{of: map[*term.Term]int{}}
	for _, a := range c.Head.Args {
		if !a.IsConst() || !(a.Sort().IsInt() || a.Sort().IsReal() || a.Sort().IsBool()) {
			continue
		}
		if _, ok := nb.of[a]; ok {
			continue
		}
		root := find(a)
		g := &group{bools: a.Sort().IsBool()}
		for _, v := range append([]*term.Term{a}, all...) {
			if _, ok := nb.of[v]; !ok && find(v) == root && v.Sort() == a.Sort() {
				nb.of[v] = len(nb.groups)
				g.vars = append(g.vars, v)
			}
		}
		nb.groups = append(nb.groups, g)
	}
	atomArgs := map[*term.Term]bool{} // the constants of the atoms' arguments
	for _, b := range c.Body {
		for _, a := range b.Args {
			for _, v := range term.FreeConsts(a) {
				atomArgs[v] = true
			}
		}
	}
	for _, a := range c.Head.Args {
		for _, v := range term.FreeConsts(a) {
			atomArgs[v] = true
		}
	}
	nb.locals = map[*term.Term][]*term.Term{}
	for _, l := range conj {
		for _, v := range term.FreeConsts(l) {
			if _, grouped := nb.of[v]; v.Sort().IsBool() && !grouped && !atomArgs[v] {
				nb.locals[v] = append(nb.locals[v], l)
			}
		}
	}
	groupsOf := func(f *term.Term) []int {
		var gs []int
		for _, v := range term.FreeConsts(f) {
			if i, ok := nb.of[v]; ok && !slices.Contains(gs, i) {
				gs = append(gs, i)
			}
		}
		slices.Sort(gs)
		return gs
	}
	for _, l := range conj {
		for _, i := range groupsOf(l) {
			nb.groups[i].cons = append(nb.groups[i].cons, l)
		}
	}
	for j := range c.Body {
		for k, f := range cs.body[j] {
			if f == nil {
				continue
			}
			for _, i := range groupsOf(f) {
				nb.groups[i].body = append(nb.groups[i].body, [2]int{j, k})
			}
		}
	}
	nb.targets = make([][]target, len(cs.head))
	for k, f := range cs.head {
		for _, i := range groupsOf(f) {
			nb.groups[i].head = append(nb.groups[i].head, k)
		}
		// f false: every literal of a disjunction, one of a conjunction.
		nnf := st.NNF(f)
		var sets [][]*term.Term
		switch nnf.Op() {
		case term.OpOr:
			sets = [][]*term.Term{nnf.Args()}
		case term.OpAnd:
			for _, a := range nnf.Args() {
				sets = append(sets, []*term.Term{a})
			}
		default:
			sets = [][]*term.Term{{nnf}}
		}
		for _, lits := range sets {
			t := target{lits: lits}
			for _, l := range lits {
				t.groups = append(t.groups, groupsOf(l))
				t.lin = append(t.lin, linearOf(st, l))
			}
			nb.targets[k] = append(nb.targets[k], t)
		}
	}
	return nb
}

// linearOf is the linear form a - b of an arithmetic comparison a ⋈ b
// or its negation, or nil.
func linearOf(st *term.Store, l *term.Term) *term.Linear {
	if l.Op() == term.OpNot {
		l = l.Arg(0)
	}
	switch l.Op() {
	case term.OpLe, term.OpLt, term.OpGe, term.OpGt, term.OpEq:
	default:
		return nil
	}
	if l.NumArgs() != 2 || !l.Arg(0).Sort().IsArith() {
		return nil
	}
	lin, ok := st.Linearize(st.Sub(l.Arg(0), l.Arg(1)))
	if !ok {
		return nil
	}
	return &lin
}

// dropNeighbours drops the live head candidates of clause ci that
// neighbours of m falsify (see the top of the file) and returns how many.
func (r *Runner) dropNeighbours(ci int, cs *clauseSolver, m *term.Model) int {
	h := r.s.Clauses[ci].Head.Pred
	if r.left[h.ID] == 0 {
		return 0
	}
	if cs.nb == nil {
		cs.nb = r.neighbours(ci, cs)
	}
	nb := cs.nb
	mm := m.Clone()
	orig := make([][]*term.Term, len(nb.groups)) // the groups' values in m
	for i, g := range nb.groups {
		for _, v := range g.vars {
			x, err := m.Eval(v)
			if err != nil || !x.IsValue() {
				return 0
			}
			orig[i] = append(orig[i], x)
		}
	}
	// The neighbours tried: per group its first variable's value (nil:
	// not moved), and whether the neighbour is a model of the check but
	// for the head. Each falsifies the candidates that led to it.
	type neighbour struct {
		at    []*term.Term
		model bool
	}
	var tried []neighbour
	dropped := 0
	for k := range cs.head {
		if !r.alive[h.ID][k] || r.failed[h.ID][k] >= maxFailed {
			continue
		}
		for _, t := range nb.targets[k] {
			if !r.alive[h.ID][k] || len(tried) >= maxNeighbours {
				break
			}
			moved, ok := r.moveTo(nb, t, mm, orig)
			if ok {
				at := make([]*term.Term, len(nb.groups))
				for _, i := range moved {
					at[i], _ = mm.Lookup(nb.groups[i].vars[0])
				}
				n := slices.IndexFunc(tried, func(u neighbour) bool { return slices.Equal(u.at, at) })
				if n < 0 {
					tried = append(tried, neighbour{at, r.holds(cs, moved, mm)})
					n = len(tried) - 1
				}
				r.work++
				if v, err := mm.EvalBool(cs.head[k]); tried[n].model && err == nil && !v {
					r.alive[h.ID][k] = false
					dropped++
				}
			}
			for _, i := range moved {
				r.set(nb.groups[i], mm, orig[i], num.Rat{}, false)
			}
			for _, f := range nb.flips {
				mm.Set(f.v, f.was)
			}
			nb.flips = nb.flips[:0]
		}
		if r.alive[h.ID][k] {
			r.failed[h.ID][k]++
		}
	}
	return dropped
}

// moveTo moves the groups of t's literals in mm, in order, each to the
// first value that makes the literals over it and the groups before it
// false; it returns the groups moved and whether every literal is false.
func (r *Runner) moveTo(nb *neighbourhood, t target, mm *term.Model, orig [][]*term.Term) ([]int, bool) {
	var gs, moved []int
	for _, g := range t.groups {
		for _, i := range g {
			if !slices.Contains(gs, i) {
				gs = append(gs, i)
			}
		}
	}
	slices.Sort(gs)
	// falseUpTo: the literals over groups up to the n-th of gs are false.
	falseUpTo := func(n int) bool {
		for li, l := range t.lits {
			if len(t.groups[li]) > 0 && !slices.Contains(gs[:n+1], t.groups[li][len(t.groups[li])-1]) {
				continue
			}
			if len(t.groups[li]) > 0 && t.groups[li][len(t.groups[li])-1] != gs[n] && n > 0 {
				continue // checked with an earlier group
			}
			r.work++
			if v, err := mm.EvalBool(l); err != nil || v {
				return false
			}
		}
		return true
	}
	for n, i := range gs {
		g := nb.groups[i]
		if falseUpTo(n) {
			continue
		}
		var shifts []num.Rat
		if !g.bools {
			one := num.NewRat(1, 1)
			for li, lin := range t.lin {
				if lin == nil || !slices.Contains(t.groups[li], i) {
					continue
				}
				rate, val := num.Rat{}, lin.Const
				for vi, v := range lin.Vars {
					if nb.of[v] == i && slices.Contains(g.vars, v) {
						rate = rate.Add(lin.Coeffs[vi])
					}
					x, err := mm.Eval(v)
					if err != nil || x.Op() != term.OpNum {
						return moved, false
					}
					val = val.AddMul(lin.Coeffs[vi], x.Num())
				}
				if rate.IsZero() {
					continue
				}
				zero := val.Neg().Quo(rate)
				var ds []num.Rat
				if g.vars[0].Sort().IsInt() {
					f := num.RatFromInt(zero.Floor())
					ds = []num.Rat{f, f.Add(one), f.Sub(one), num.RatFromInt(zero.Ceil()).Add(one)}
				} else {
					ds = []num.Rat{zero, zero.Add(one), zero.Sub(one)}
				}
				for _, d := range ds {
					if !d.IsZero() && !slices.ContainsFunc(shifts, d.Equal) {
						shifts = append(shifts, d)
					}
				}
			}
		} else {
			shifts = []num.Rat{{}}
		}
		found := false
		for _, d := range shifts {
			r.set(g, mm, orig[i], d, true)
			if falseUpTo(n) {
				found = true
				break
			}
		}
		moved = append(moved, i)
		if !found {
			return moved, false
		}
	}
	return moved, len(moved) > 0
}

// set gives g's variables in mm their values orig moved by d (flipped,
// for Booleans, when move).
func (r *Runner) set(g *group, mm *term.Model, orig []*term.Term, d num.Rat, move bool) {
	st := r.s.St
	for vi, v := range g.vars {
		switch {
		case !move:
			mm.Set(v, orig[vi])
		case g.bools:
			mm.Set(v, st.Bool(orig[vi] != st.True()))
		default:
			mm.Set(v, st.Num(orig[vi].Num().Add(d), v.Sort()))
		}
	}
}

// holds reports whether mm, moved in the groups moved from a model of
// the check, satisfies the conjuncts and the live body candidates over
// them. A conjunct the move made false may be mended by flipping a local
// Boolean variable of it (¬((x ≥ y) = a) when x and y moved): the flip
// stands if every conjunct over that variable holds after it, and is
// recorded in nb.flips for the caller to undo.
func (r *Runner) holds(cs *clauseSolver, moved []int, mm *term.Model) bool {
	nb := cs.nb
	st := r.s.St
	for _, i := range moved {
		g := nb.groups[i]
		for _, l := range g.cons {
			r.work++
			if v, err := mm.EvalBool(l); err == nil && v {
				continue
			}
			if !r.mend(nb, l, mm, st) {
				return false
			}
		}
		for _, jk := range g.body {
			j, k := jk[0], jk[1]
			if !r.alive[cs.preds[j]][k] {
				continue
			}
			r.work++
			if v, err := mm.EvalBool(cs.body[j][k]); err != nil || !v {
				return false
			}
		}
	}
	return true
}

// mend flips a local variable of the false conjunct l in mm that makes
// every conjunct over it true, and reports whether one did.
func (r *Runner) mend(nb *neighbourhood, l *term.Term, mm *term.Model, st *term.Store) bool {
	for _, v := range term.FreeConsts(l) {
		over, ok := nb.locals[v]
		if !ok || slices.ContainsFunc(nb.flips, func(f flip) bool { return f.v == v }) {
			continue
		}
		was, err := mm.Eval(v)
		if err != nil {
			continue
		}
		mm.Set(v, st.Bool(was != st.True()))
		good := true
		for _, u := range over {
			r.work++
			if x, err := mm.EvalBool(u); err != nil || !x {
				good = false
				break
			}
		}
		if good {
			nb.flips = append(nb.flips, flip{v, was})
			return true
		}
		mm.Set(v, was)
	}
	return false
}
