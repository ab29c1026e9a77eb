package houdini

import (
	"context"
	"fmt"
	"slices"

	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Group checks on facts. A check asks for a model of the clause that
// falsifies some live head candidate, and drops every candidate that
// model falsifies. The solver's next model stays close to its last one
// (its saved phases, the simplex's values), so each next model most
// often falsifies one candidate more. On a clause with a body atom the
// model's neighbours drop the rest (mutate.go); on a fact clause they
// rarely can, its constraint tying the head's arguments together: on
// the kind2 files of lia-nonlin the fact clause took 20-28 checks, 15-19
// of them dropping a single candidate (car_all: G1 <= 0, then G1 <= 2,
// then G1 <= 3), most of Houdini's work.
//
// So on a fact clause, after a check whose model dropped at most
// groupAfter candidates, or a group check that had a model, the next
// check is a group check: it assumes the negations of the live head
// candidates that may be false together, and its model drops them all
// at once. A candidate is left out of the group when the top-level
// conjuncts of the constraint imply it (implied: one of them, or a
// bound of a linear form that a conjunct's bound of the same form
// implies), when its negation contradicts that of a candidate before it
// in the group (¬(x <= 0) and ¬(x >= 0): the negations' bounds of one
// linear form, or values of one Boolean), or when an unsat core of a
// group check named it: alone (the clause implies it: held, for good),
// or as the last of the core (assumptions are decided in order: the one
// whose negation failed; until the next model). A group check without a
// model hands over to the whole check (¬ of the conjunction of the live
// candidates), as before.
//
// Only models drop candidates, and a clause is done only when the whole
// check has none, so the subset Run returns is the same
// (TestGroupChecksKeepSubset).
//
// Clauses held syntactically. A live head candidate (over the head's
// arguments) that is one of the live body candidates (over the body
// atoms' arguments: the same term, P(x, y) ← P(x, y') ∧ ... keeps the
// candidates over x), or that the constraint's top-level conjuncts imply
// (implied), holds of every model of a check, which assumes the body's
// candidates; the whole check asks only for the others to be falsified,
// and with none left the clause holds without a check, and without its
// smt solver when it has had none (encode).

// groupAfter: the most candidates a whole check's model may drop for a
// group check to come next.
const groupAfter = 2

// resetGroup readies cs for a visit of its clause: no candidate out of
// the group, and the whole check first.
func (cs *clauseSolver) resetGroup() {
	if cs.out == nil {
		cs.out, cs.held = make([]bool, len(cs.head)), make([]bool, len(cs.head))
	}
	clear(cs.out)
	cs.grouped = false
}

// implied marks the head candidates that the top-level conjuncts of the
// constraint imply, and reads the candidates' negations; once per
// clause solver.
func (r *Runner) implied(ci int, cs *clauseSolver) {
	cs.implied, cs.negs = impliedBy(r.s.St, clauseConstraint(r.s.Clauses[ci], r.o.Constraint), cs.head)
}

// impliedBy reports, for each of heads, whether the top-level conjuncts
// of f imply it syntactically: it is one of them (simplified, as the
// candidates are: Pool.Add), or a bound of a linear form that the
// conjuncts' bounds of the same form imply (x - y >= 1 implies
// x - y >= 0); and the heads' negations.
func impliedBy(st *term.Store, f *term.Term, heads []*term.Term) ([]bool, []negation) {
	var conj []*term.Term            // the literals among the conjuncts, simplified
	bounds := map[*term.Term]*span{} // by linear form, the conjuncts' bounds
	for _, l := range term.Conjuncts(nil, f) {
		if !literal(l) {
			continue // a candidate is one (Literals): not simplified for nothing
		}
		l = st.Simplify(l)
		conj = append(conj, l)
		n := negationOf(st, st.Not(l))
		if n.key == nil || n.key.Sort().IsBool() {
			continue
		}
		sp := bounds[n.key]
		if sp == nil {
			sp = &span{}
			bounds[n.key] = sp
		}
		sp.admits(n)
	}
	implied, negs := make([]bool, len(heads)), make([]negation, len(heads))
	for k, h := range heads {
		n := negationOf(st, h)
		negs[k] = n
		implied[k] = slices.Contains(conj, h)
		if sp := bounds[n.key]; n.key != nil && !n.key.Sort().IsBool() && sp != nil {
			cp := *sp
			implied[k] = implied[k] || !cp.admits(n)
		}
	}
	return implied, negs
}

// literal reports whether t is an atom or the negation of one: no
// connective but an equality of two Boolean constants.
func literal(t *term.Term) bool {
	if t.Op() == term.OpNot {
		t = t.Arg(0)
	}
	switch t.Op() {
	case term.OpNot, term.OpAnd, term.OpOr, term.OpImplies, term.OpXor, term.OpIte, term.OpDistinct:
		return false
	case term.OpEq:
		return !t.Arg(0).Sort().IsBool() || t.Arg(0).IsConst() && t.Arg(1).IsConst()
	}
	return true
}

// compatible reports whether the negations of a group's candidates
// (negs) may hold together as far as their bounds of each linear form
// and values of each Boolean tell, taking them in order; it says, for
// each, whether it joins (the first of two that contradict each other
// does).
func compatible(negs []negation) []bool {
	in := make([]bool, len(negs))
	spans := map[*term.Term]*span{}
	for k, n := range negs {
		if n.key == nil {
			in[k] = true
			continue
		}
		isBool := n.key.Sort().IsBool()
		sp := spans[n.key]
		switch {
		case sp == nil:
			sp = &span{val: n.val}
			spans[n.key] = sp
			in[k] = isBool || sp.admits(n)
		case isBool:
			in[k] = sp.val == n.val
		default:
			in[k] = sp.admits(n)
		}
	}
	return in
}

// liveBody is the set of the live body candidates of cs, over the
// atoms' arguments: a head candidate among them holds of every model of
// a check, which assumes them.
func (r *Runner) liveBody(cs *clauseSolver) map[*term.Term]bool {
	if len(cs.body) == 0 {
		return nil // a fact clause
	}
	in := map[*term.Term]bool{}
	for j, fs := range cs.body {
		for k, f := range fs {
			if f != nil && r.alive[cs.preds[j]][k] {
				in[f] = true
			}
		}
	}
	return in
}

// groupOf is the group of fact clause ci's next check: the live head
// candidates, but for those left out (see the top), in order; nil when
// it has fewer than two.
func (r *Runner) groupOf(ci int, cs *clauseSolver) []int {
	if cs.implied == nil {
		r.implied(ci, cs)
	}
	h := r.s.Clauses[ci].Head.Pred
	var cands []int
	var negs []negation
	for k := range cs.head {
		if r.alive[h.ID][k] && !cs.out[k] && !cs.held[k] && !cs.implied[k] {
			cands, negs = append(cands, k), append(negs, cs.negs[k])
		}
	}
	var group []int
	for i, in := range compatible(negs) {
		if in {
			group = append(group, cands[i])
		}
	}
	if len(group) < 2 {
		return nil
	}
	return group
}

// check makes one check of clause ci and drops the head candidates its
// model falsifies; it reports whether the clause is done (no model
// falsifies a live head candidate).
func (r *Runner) check(ctx context.Context, ci int, cs *clauseSolver) (bool, error) {
	st, c := r.s.St, r.s.Clauses[ci]
	h := c.Head.Pred
	var assume []*term.Term
	for j, b := range c.Body {
		for k, a := range cs.act[j] {
			if r.alive[b.Pred.ID][k] {
				assume = append(assume, a)
			}
		}
	}
	// the live head candidates the clause does not hold of syntactically
	if cs.implied == nil {
		r.implied(ci, cs)
	}
	var open []*term.Term
	inBody := r.liveBody(cs)
	for k, f := range cs.head {
		if r.alive[h.ID][k] && (r.o.noJustify || !cs.implied[k] && !inBody[f]) {
			open = append(open, f)
		}
	}
	if len(open) == 0 {
		return true, nil
	}
	if err := r.encode(ci, cs); err != nil {
		return false, err
	}
	var group []int
	if cs.grouped && len(c.Body) == 0 && !r.o.noGroups {
		group = r.groupOf(ci, cs)
	}
	w0 := SolverWork(cs.sv)
	r.checks++
	var res smt.Result
	var err error
	if group != nil {
		nots := make([]*term.Term, len(group))
		for i, k := range group {
			nots[i] = st.Not(cs.head[k])
		}
		res, err = cs.sv.Check(ctx, append(assume, nots...)...)
		if err == nil && res == smt.Unsat {
			r.work += SolverWork(cs.sv) - w0 + CheckWork
			cs.grouped = false
			core := cs.sv.UnsatCore()
			last, in := -1, 0
			for i, n := range nots {
				if slices.Contains(core, n) {
					last, in = i, in+1
				}
			}
			switch {
			case in == 1:
				cs.held[group[last]] = true
			case in > 1:
				cs.out[group[last]] = true
			}
			return false, nil
		}
	} else {
		g := st.Fresh(fmt.Sprintf("houdini!%d!g%d", ci, r.checks), term.BoolSort)
		if err := cs.sv.Assert(st.Implies(g, st.Not(st.And(open...)))); err != nil {
			return false, err
		}
		res, err = cs.sv.Check(ctx, append(assume, g)...)
		if err == nil {
			err = cs.sv.Assert(st.Not(g))
		}
	}
	r.work += SolverWork(cs.sv) - w0 + CheckWork
	if err != nil {
		return false, err
	}
	switch res {
	case smt.Unknown:
		return false, fmt.Errorf("smt: %s", cs.sv.ReasonUnknown())
	case smt.Unsat:
		return true, nil
	}
	m := cs.sv.Model()
	dropped := 0
	for k, f := range cs.head {
		if !r.alive[h.ID][k] {
			continue
		}
		v, err := m.EvalBool(f)
		if err != nil || !v {
			r.alive[h.ID][k] = false
			dropped++
		}
	}
	if dropped == 0 {
		// The model satisfies every head candidate: an evaluation
		// error; drop them all rather than loop.
		for k := range r.alive[h.ID] {
			r.alive[h.ID][k] = false
		}
		dropped = r.left[h.ID]
	}
	r.left[h.ID] -= dropped
	nd := 0
	if !r.o.noNeighbours && group == nil {
		nd = r.dropNeighbours(ci, cs, m)
	}
	r.left[h.ID] -= nd
	r.dropped(h.ID)
	cs.grouped = group != nil || dropped+nd <= groupAfter
	clear(cs.out)
	return false, nil
}

// A negation is what ¬h says of one quantity, for a head candidate h
// that is a literal: a Boolean constant's value, or a bound (or value)
// of a linear form, the form made unique by its first coefficient
// made positive (key: the form as a term). Two negations over one
// quantity may contradict each other (¬(x <= 0) and ¬(x >= 0)); a group
// takes the first and leaves the second to the next.
type negation struct {
	key    *term.Term // the Boolean constant or the linear form; nil: none
	val    bool       // Booleans: the value ¬h gives key
	rel    int        // forms: relLo (key > c or >= c), relHi, relEq, relNe
	strict bool
	c      num.Rat
}

const (
	relLo = iota
	relHi
	relEq
	relNe
)

// negationOf reads ¬h's negation, or one with a nil key.
func negationOf(st *term.Store, h *term.Term) negation {
	neg := false
	for h.Op() == term.OpNot {
		h, neg = h.Arg(0), !neg
	}
	if h.IsConst() && h.Sort().IsBool() {
		return negation{key: h, val: neg}
	}
	if h.NumArgs() != 2 || !h.Arg(0).Sort().IsArith() {
		return negation{}
	}
	// h is a ⋈ b, that is lin ⋈ 0; ¬h (neg: h) is lin ⋈' 0
	var rel int
	var strict bool
	switch h.Op() {
	case term.OpLe: // ¬: lin > 0
		rel, strict = relLo, true
	case term.OpLt: // ¬: lin >= 0
		rel = relLo
	case term.OpGe: // ¬: lin < 0
		rel, strict = relHi, true
	case term.OpGt:
		rel = relHi
	case term.OpEq:
		rel = relNe
	default:
		return negation{}
	}
	if neg { // ¬h is h itself
		switch rel {
		case relLo:
			rel = relHi
		case relHi:
			rel = relLo
		default:
			rel = relEq
		}
		if rel != relEq {
			strict = !strict
		}
	}
	lin, ok := st.Linearize(st.Sub(h.Arg(0), h.Arg(1)))
	if !ok || len(lin.Vars) == 0 {
		return negation{}
	}
	if h.Arg(0).Sort().IsInt() && slices.ContainsFunc(lin.Coeffs, func(a num.Rat) bool { return !a.IsInt() }) {
		return negation{} // not an Int form (FromLinear)
	}
	// lin = v + k with v = Σ a·x: v ⋈ -k; with a0 < 0, -v ⋈' k
	cs, c := lin.Coeffs, lin.Const.Neg()
	if lin.Coeffs[0].Sign() < 0 {
		cs = make([]num.Rat, len(lin.Coeffs))
		for i, a := range lin.Coeffs {
			cs[i] = a.Neg()
		}
		c = c.Neg()
		if rel == relLo || rel == relHi {
			rel = relLo + relHi - rel
		}
	}
	key := st.FromLinear(term.Linear{Vars: lin.Vars, Coeffs: cs}, h.Arg(0).Sort())
	return negation{key: key, rel: rel, strict: strict, c: c}
}

// span is what the negations of a group say of one quantity so far.
type span struct {
	lo, hi             *num.Rat
	loStrict, hiStrict bool
	eq                 *num.Rat
	val                bool // Booleans
}

// admits reports whether n is consistent with sp (by its bounds: over
// the integers a span can be empty although admitted), and if so adds it.
func (sp *span) admits(n negation) bool {
	switch n.rel {
	case relNe:
		return true
	case relEq:
		if sp.eq != nil {
			return sp.eq.Equal(n.c)
		}
		if !sp.below(n.c, false) || !sp.above(n.c, false) {
			return false
		}
		c := n.c
		sp.eq = &c
	case relLo:
		if !sp.below(n.c, n.strict) || sp.eq != nil && (sp.eq.Cmp(n.c) < 0 || n.strict && sp.eq.Equal(n.c)) {
			return false
		}
		if sp.lo == nil || sp.lo.Cmp(n.c) < 0 || sp.lo.Equal(n.c) && n.strict {
			c := n.c
			sp.lo, sp.loStrict = &c, n.strict
		}
	case relHi:
		if !sp.above(n.c, n.strict) || sp.eq != nil && (sp.eq.Cmp(n.c) > 0 || n.strict && sp.eq.Equal(n.c)) {
			return false
		}
		if sp.hi == nil || sp.hi.Cmp(n.c) > 0 || sp.hi.Equal(n.c) && n.strict {
			c := n.c
			sp.hi, sp.hiStrict = &c, n.strict
		}
	}
	return true
}

// below reports whether a lower bound c (strict) leaves room under sp's
// upper bound.
func (sp *span) below(c num.Rat, strict bool) bool {
	if sp.hi == nil {
		return true
	}
	d := c.Cmp(*sp.hi)
	return d < 0 || d == 0 && !strict && !sp.hiStrict
}

// above reports whether an upper bound c (strict) leaves room over sp's
// lower bound.
func (sp *span) above(c num.Rat, strict bool) bool {
	if sp.lo == nil {
		return true
	}
	d := c.Cmp(*sp.lo)
	return d > 0 || d == 0 && !strict && !sp.loStrict
}
