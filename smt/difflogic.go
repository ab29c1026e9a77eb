package smt

import (
	"github.com/seed-f9c3434d/gospacer/difflogic"
	"github.com/seed-f9c3434d/gospacer/lra"
	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/sat"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Difference logic. When every arithmetic atom is a difference x − y ≤ c
// or a bound x ≤ c over Int constants (after linAtom's normalisation),
// and nothing else shares arithmetic terms (no euf nodes, bit-vectors, or
// eliminated div, mod, abs, to_int), the arith plugin hands its atoms to
// package difflogic instead of the simplex: a graph whose negative cycles
// are the conflicts. The choice is made at each Check before the search
// (chooseEngine), once the atoms of the assertions and assumptions exist:
// the first Check with atoms picks the engine; a later Check whose new
// atoms are not differences leaves difference logic for good, replaying
// into the simplex the atoms assigned at level 0 (the only ones assigned
// between checks).
//
// Conflicts are the cycle's edges, explanations the edges of a path that
// implies an atom; their Farkas certificates (Options.Proofs) have multiplier 1
// on every literal: each literal's constraint, read over its atom's row
// x − y as farkas.go reads it, is the edge's inequality; the edges of a
// cycle sum to 0 ≤ its negative weight, and those of a path x ⇝ y with
// the negated implied literal (the edge y → x) make a cycle too.
//
// Without proofs, a graph that difflogic.DenseWorth finds small and rich
// in atoms runs in the dense mode (complete propagation, explanations
// asked for when the SAT core needs them) under Luby restarts.

// arithEngine says which solver decides the arithmetic atoms.
type arithEngine uint8

const (
	engineNone    arithEngine = iota // no check with atoms yet
	engineDiff                       // difflogic
	engineSimplex                    // lra (and lia)
)

// diffLogic is the arith plugin's state in difference-logic mode.
type diffLogic struct {
	g       *difflogic.Solver
	zero    difflogic.Node
	node    []difflogic.Node // by simplex variable of a term: its node, -1 for slacks
	atoms   int              // arith atoms given to g (the same indices)
	lit     []sat.Lit        // by atom: its positive literal
	confl   bool
	implied []difflogic.Implied
	expl    [][2]int32       // by literal: its explanation's span in arena, or -1s for path's
	path    []difflogic.Path // by literal: its lazy explanation (the graph's dense mode)
	rs      []difflogic.Reason
	arena   []sat.Lit // the explanations of the implied literals
	marks   []int     // len(arena) at each push
	known   func(atom int) bool
	es      []lra.Explained
}

// chooseEngine runs before each search (Check).
func (a *arith) chooseEngine() {
	switch a.engine {
	case engineNone:
		if len(a.atoms) == 0 {
			return
		}
		if !a.noDiff && a.diffEligible(0, 0) {
			a.engine = engineDiff
			a.dl = &diffLogic{g: difflogic.New()}
			a.dl.known = func(i int) bool { return a.s.sat.ValueNow(a.dl.lit[i]) != sat.Undef }
			a.dl.zero = a.dl.g.NewNode()
			a.syncDiff()
			return
		}
		a.engine = engineSimplex
	case engineDiff:
		if a.diffEligible(a.dl.atoms, len(a.dl.node)) {
			a.syncDiff()
			return
		}
		// The simplex missed the assignments since the choice (all at
		// level 0 now, a Check answered in between): give them now.
		a.engine = engineSimplex
		a.dl = nil
		a.confl = false
		a.s.sat.SetRestarts(sat.RestartMixed)
		a.assigned(func(m sat.Lit) {
			if !a.confl {
				a.assertBound(m)
			}
		})
		a.pending = true
	}
}

// assigned calls f with the true literal of each assigned atom, by SAT
// variable (between checks: the level-0 assignments).
func (a *arith) assigned(f func(m sat.Lit)) {
	for v, j := range a.byVar {
		if j == 0 {
			continue
		}
		switch m := sat.Var(v).Pos(); a.s.sat.ValueNow(m) {
		case sat.True:
			f(m)
		case sat.False:
			f(m.Not())
		}
	}
}

// diffEligible reports whether the atoms from index from on, the term
// variables from index fromVar on, and the solver around them, are
// difference logic.
func (a *arith) diffEligible(from, fromVar int) bool {
	if a.s.bvb != nil || a.s.eu.g.NumNodes() > 2 || // true and false only
		len(a.elim.fresh) > 0 || len(a.elim.divmod) > 0 || len(a.elim.byZero) > 0 {
		return false
	}
	for _, x := range a.terms[fromVar:] {
		if x != nil && (x.Op() != term.OpConst || !x.Sort().IsInt()) {
			return false
		}
	}
	for i := from; i < len(a.atoms); i++ {
		if _, _, _, _, ok := a.diffAtom(&a.atoms[i]); !ok {
			return false
		}
	}
	return true
}

// diffAtom reads atom at as x − y ≤ c (bound: x ≤ c, y unused), with x
// and y simplex variables of terms.
func (a *arith) diffAtom(at *arithAtom) (x, y lra.Var, bound bool, c int64, ok bool) {
	if !at.isInt || at.strict || at.lower || !at.c.IsInt() {
		return 0, 0, false, 0, false
	}
	n := at.c.Num()
	if !n.IsInt64() || !difflogic.Fits(n.Int64()) {
		return 0, 0, false, 0, false
	}
	ci := n.Int64()
	if a.isTermVar(at.v) {
		return at.v, 0, true, ci, true
	}
	cs, vs := a.lra.Definition(at.v)
	if len(vs) != 2 || !a.isTermVar(vs[0]) || !a.isTermVar(vs[1]) {
		return 0, 0, false, 0, false
	}
	one := num.NewInt(1).Rat()
	switch {
	case cs[0].Cmp(one) == 0 && cs[1].Cmp(one.Neg()) == 0:
		return vs[0], vs[1], false, ci, true
	case cs[1].Cmp(one) == 0 && cs[0].Cmp(one.Neg()) == 0:
		return vs[1], vs[0], false, ci, true
	}
	return 0, 0, false, 0, false
}

func (a *arith) isTermVar(v lra.Var) bool { return int(v) < len(a.terms) && a.terms[v] != nil }

// syncDiff gives the graph the variables and atoms it lacks, and the
// new atoms' assignments: Assert propagates at level 0, and the graph
// ignores atoms it does not know yet.
func (a *arith) syncDiff() {
	d := a.dl
	from := d.atoms
	if from == len(a.atoms) && len(d.node) == len(a.terms) {
		return
	}
	for len(d.node) < len(a.terms) {
		n := difflogic.Node(-1)
		if a.terms[len(d.node)] != nil {
			n = d.g.NewNode()
		}
		d.node = append(d.node, n)
	}
	d.lit = append(d.lit, make([]sat.Lit, len(a.atoms)-len(d.lit))...)
	for v, j := range a.byVar {
		if int(j) > d.atoms {
			d.lit[j-1] = sat.Var(v).Pos()
		}
	}
	for ; d.atoms < len(a.atoms); d.atoms++ {
		x, y, bound, c, _ := a.diffAtom(&a.atoms[d.atoms])
		ny := d.zero
		if !bound {
			ny = d.node[y]
		}
		d.g.AddAtom(d.node[x], ny, c)
	}
	a.assigned(func(m sat.Lit) {
		if i := int(a.byVar[m.Var()] - 1); i >= from && !d.confl {
			d.confl = !d.g.AssertAtom(i, !m.IsNeg(), difflogic.Reason(m))
		}
	})
	if !a.s.opts.Proofs && (a.dense || difflogic.DenseWorth(d.g.NumNodes(), d.g.NumAtoms())) {
		d.g.SetDense() // (proofs propagate nothing)
	}
	// With complete propagation (dense) Luby restarts beat the default
	// on the job-shop files (measured: 3380 conflicts to 837 on
	// jobshop8, 5465 to 1734 on jobshop10-4); the sparse files keep it.
	if d.g.Dense() {
		a.s.sat.SetRestarts(sat.RestartLuby)
	} else {
		a.s.sat.SetRestarts(sat.RestartMixed)
	}
}

func (d *diffLogic) assign(a *arith, m sat.Lit) {
	if d.confl {
		return
	}
	if a.s.sat.Implied(m.Var()) {
		return // implied by an edge at least as tight
	}
	i := int(a.byVar[m.Var()] - 1)
	if i >= d.atoms {
		return // Assert's level-0 propagation; syncDiff gives it
	}
	d.confl = !d.g.AssertAtom(i, !m.IsNeg(), difflogic.Reason(m))
}

func (d *diffLogic) conflictClause(a *arith, dst []sat.Lit) []sat.Lit {
	n := len(dst)
	for _, r := range d.g.Conflict() {
		dst = append(dst, sat.Lit(r).Not())
	}
	if a.s.opts.Proofs {
		d.es = d.es[:0]
		for _, r := range d.g.Conflict() {
			d.es = append(d.es, lra.Explained{Reason: lra.Reason(r), Coeff: ratOne})
		}
		a.farkas.record(dst[n:], d.es, sat.LitNull)
	}
	return dst
}

func (d *diffLogic) propagate(a *arith, dst []sat.Lit) []sat.Lit {
	if d.confl {
		return d.conflictClause(a, dst)
	}
	if a.s.opts.Proofs {
		// With proofs the graph gives conflicts only: the refutations
		// of propagated atoms did not replay in itp (tpa and whale met
		// "resolution step without a pivot"), so interpolating solvers
		// leave the implied atoms to the SAT search.
		return dst
	}
	d.implied = d.g.Propagate(d.implied[:0], d.known)
	for _, im := range d.implied {
		m := d.lit[im.Atom]
		if !im.Value {
			m = m.Not()
		}
		if a.s.sat.ValueNow(m) == sat.True {
			continue
		}
		for int(m) >= len(d.expl) {
			d.expl = append(d.expl, make([][2]int32, len(d.expl)+128)...)
		}
		if im.Path.Limit > 0 {
			for int(m) >= len(d.path) {
				d.path = append(d.path, make([]difflogic.Path, len(d.path)+128)...)
			}
			d.expl[m], d.path[m] = [2]int32{-1, -1}, im.Path
		} else {
			d.expl[m] = [2]int32{int32(len(d.arena)), int32(len(d.arena) + len(im.Expl))}
			for _, r := range im.Expl {
				d.arena = append(d.arena, sat.Lit(r))
			}
		}
		if !a.s.sat.Imply(m) {
			break
		}
	}
	return dst
}

func (d *diffLogic) explain(a *arith, dst []sat.Lit, m sat.Lit) []sat.Lit {
	n := len(dst)
	dst = append(dst, m)
	if e := d.expl[m]; e[0] >= 0 {
		for _, r := range d.arena[e[0]:e[1]] {
			dst = append(dst, r.Not())
		}
	} else {
		d.rs = d.g.Explain(d.rs[:0], d.path[m])
		for _, r := range d.rs {
			dst = append(dst, sat.Lit(r).Not())
		}
	}
	if a.s.opts.Proofs {
		d.es = d.es[:0]
		for _, r := range dst[n+1:] {
			d.es = append(d.es, lra.Explained{Reason: lra.Reason(r.Not()), Coeff: ratOne})
		}
		a.farkas.record(dst[n:], d.es, m)
	}
	return dst
}

func (d *diffLogic) finalCheck(a *arith, dst []sat.Lit) []sat.Lit {
	if d.confl {
		return d.conflictClause(a, dst)
	}
	z := d.g.Value(d.zero)
	a.values = a.values[:0]
	for v, x := range a.terms {
		var val num.Rat
		if x != nil && v < len(d.node) {
			val = num.NewInt(d.g.Value(d.node[v]) - z).Rat()
		}
		a.values = append(a.values, val)
	}
	return dst
}

// phase is the value of atom i under the potentials.
func (d *diffLogic) phase(i int) bool { return d.g.Holds(i) }
