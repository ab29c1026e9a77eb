package spacer

import (
	"slices"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// soft is a "body position under reach facts" assumption.
type soft struct {
	pos int
	lit *term.Term
}

// process handles one pob: a reach fact, a child pob (the pob is
// requeued), or a lemma.
func (e *engine) process(pb *pob) (*found, error) {
	p, L := pb.pred, pb.level
	if ok, err := e.fromReserve(p, pb.cube); ok || err != nil {
		return nil, err
	}
	inCore := make([]bool, len(pb.cube))
	cores := make([][]*term.Term, len(p.heads)) // per clause: its core's cube literals
	bound := infLevel
	type pending struct {
		ci   int
		cs   *clauseSolver
		core []*term.Term
	}
	var needChild []pending
	var hard, assumps []*term.Term
	for ci, cs := range p.heads {
		if L == 0 && len(cs.body) > 0 {
			bound = min(bound, 0)
			continue
		}
		if err := e.warm(cs); err != nil { // the reach facts' literals
			return nil, err
		}
		hard = e.instCube(p, pb.cube, cs.hargs, hard[:0])
		softs := cs.softs()
		assumps = e.query(cs, L, hard, softs, assumps)
		sat, err := e.check(cs, assumps)
		if err != nil {
			return nil, err
		}
		if sat {
			if len(softs) == len(cs.body) {
				return e.reached(pb, cs)
			}
			return nil, e.makeChild(pb, cs, len(softs))
		}
		core := cs.sv.UnsatCore()
		if hasSoft(core, softs) {
			needChild = append(needChild, pending{ci, cs, slices.Clone(core)})
			continue
		}
		bound = min(bound, e.boundOf(core))
		cores[ci] = markCore(core, hard, inCore, pb.cube)
	}
	// No clause reaches the pob under reach facts: the nonlinear order.
	// Find the longest prefix of body positions under reach facts that
	// leaves the query satisfiable; the next position gets a child pob.
	for _, nc := range needChild {
		cs := nc.cs
		hard = e.instCube(p, pb.cube, cs.hargs, hard[:0])
		softs := cs.softs()
		core := nc.core
		for k := len(softs) - 1; k >= 0; k-- {
			assumps = e.query(cs, L, hard, softs[:k], assumps)
			sat, err := e.check(cs, assumps)
			if err != nil {
				return nil, err
			}
			if sat {
				return nil, e.makeChild(pb, cs, k)
			}
			core = cs.sv.UnsatCore()
			if !hasSoft(core, softs[:k]) {
				break
			}
		}
		bound = min(bound, e.boundOf(core))
		cores[nc.ci] = markCore(core, hard, inCore, pb.cube)
	}
	// blocked
	var cube []*term.Term
	for i, l := range pb.cube {
		if inCore[i] {
			cube = append(cube, l)
		}
	}
	level := max(L, bound)
	var cands []*cand
	if p != e.goal {
		var err error
		if cands, err = e.itpCands(p, cores, L); err != nil {
			return nil, err
		}
	}
	if len(cands) == 0 {
		cands = []*cand{{p: p, cube: cube, level: level, L: L}}
	}
	level = infLevel
	for _, c := range cands {
		c.pob, c.core = pb.cube, cube
		if err := e.generalize(c); err != nil {
			return nil, err
		}
		for _, x := range append([]*cand{c}, c.extra...) {
			if err := e.addLemma(p, x.cube, x.level); err != nil {
				return nil, err
			}
		}
		level = min(level, c.level)
	}
	if level >= infLevel && p == e.goal {
		return e.infModel(), nil
	}
	if e.opts.PobPush && level < e.bound {
		pb.level = level + 1
		e.queue.push(pb)
	}
	return nil, nil
}

// boundOf is the level a lemma may take given a core of a blocking query.
func (e *engine) boundOf(core []*term.Term) int {
	low := e.coreLevel(core)
	if low >= infLevel {
		return infLevel
	}
	return low + 1
}

// markCore marks the cube literals whose instances (hard) are in the core
// and returns them (nil slice made non-nil: an empty core is "false").
func markCore(core, hard []*term.Term, in []bool, cube []*term.Term) []*term.Term {
	out := []*term.Term{}
	for i, h := range hard {
		if slices.Contains(core, h) {
			in[i] = true
			out = append(out, cube[i])
		}
	}
	return out
}

func hasSoft(core []*term.Term, softs []soft) bool {
	for _, s := range softs {
		if slices.Contains(core, s.lit) {
			return true
		}
	}
	return false
}

// softs are the reach-fact literals of the leading body positions that
// have reach facts.
func (cs *clauseSolver) softs() []soft {
	var out []soft
	for j, l := range cs.rfLit {
		if l == nil {
			break
		}
		out = append(out, soft{j, l})
	}
	return out
}

// query builds the assumptions of a blocking query at level L.
func (e *engine) query(cs *clauseSolver, L int, hard []*term.Term, softs []soft, dst []*term.Term) []*term.Term {
	dst = dst[:0]
	if len(cs.body) > 0 {
		dst = e.frame(dst, L-1)
	}
	dst = append(dst, hard...)
	for _, s := range softs {
		dst = append(dst, s.lit)
	}
	return dst
}

// reached handles a model of pb's query on cs with every body position
// under reach facts: a new reach fact of pb's predicate, or a
// counterexample when it is the goal.
func (e *engine) reached(pb *pob, cs *clauseSolver) (*found, error) {
	m := cs.sv.Model()
	children := make([]*reachFact, len(cs.body))
	parts := []*term.Term{cs.cons}
	for j, q := range cs.body {
		rf := cs.usedFact(m, j)
		if rf == nil {
			return nil, &errUnknown{"internal: no reach fact under a kept position"}
		}
		children[j] = rf
		parts = append(parts, e.inst(q, rf.formula, cs.bargs[j]))
	}
	pb.closed = true
	e.noteState(pb.pred, cs.hargs, m)
	if pb.pred == e.goal && !pb.may {
		root, err := e.derive(cs, children, nil)
		if err != nil {
			return nil, err
		}
		return &found{answer: chc.Unsat, root: root}, nil
	}
	psi, err := e.projectWith(e.mbpReach, cs.hfree, e.st.And(parts...), m)
	if err != nil {
		return nil, err
	}
	psi = e.subst(psi, cs.hargs, pb.pred.params)
	_, err = e.addReachFact(pb.pred, psi, cs, children)
	return nil, err
}

// makeChild makes a child pob for body position j of cs, the positions
// before j being under reach facts in the model, and requeues pb.
func (e *engine) makeChild(pb *pob, cs *clauseSolver, j int) error {
	if pb.may && pb.gas <= 0 {
		// out of gas: the conjecture is dropped, with the obligations
		// that led to this one (else they would make it again)
		for q := pb; q != nil; q = q.parent {
			q.closed = true
		}
		return nil
	}
	m := cs.sv.Model()
	parts := []*term.Term{cs.cons}
	parts = e.instCube(pb.pred, pb.cube, cs.hargs, parts)
	for i := range j {
		rf := cs.usedFact(m, i)
		if rf == nil {
			return &errUnknown{"internal: no reach fact under a kept position"}
		}
		parts = append(parts, e.inst(cs.body[i], rf.formula, cs.bargs[i]))
	}
	// the positions from j on are over-approximated by their frame, as
	// in the query: then the pob meets no reach fact the prefix query
	// could have used, and reaching it makes progress.
	parts = e.frameLiterals(cs.body[j], pb.level-1, cs.bargs[j], m, parts)
	for i := j + 1; i < len(cs.body); i++ {
		parts = e.frameLemmas(cs.body[i], pb.level-1, cs.bargs[i], parts)
	}
	psi, err := e.project(cs.free[j], e.st.And(parts...), m)
	if err != nil {
		return err
	}
	q := cs.body[j]
	// a cube of literals: the implicant of psi where the model is
	e.impl.Reset(m, term.ImplicantOptions{ResolveIte: true})
	im, err := e.impl.Append(nil, psi)
	if err != nil {
		return &errUnknown{"internal: " + err.Error()}
	}
	var lits []*term.Term
	for _, l := range im {
		l = e.subst(l, cs.bargs[j], q.params)
		if !slices.Contains(lits, l) {
			lits = append(lits, l)
		}
	}
	if e.datatypes { // Datatypes
		if lits, err = e.splitDatatypeEqs(lits); err != nil {
			return &errUnknown{"internal: " + err.Error()}
		}
	}
	if q == pb.pred && pinsWalked(lits, q.walked) { // stuck.go
		lits = inheritFirst(lits, pb.cube)
	}
	child := e.newPob(q, lits, pb.level-1, pb.depth+1, pb)
	child.may, child.gas = pb.may, pb.gas-1
	e.queue.push(pb)
	e.queue.push(child)
	return nil
}

// frameLemmas appends the lemmas of q active at frame f, over args.
func (e *engine) frameLemmas(q *pred, f int, args, dst []*term.Term) []*term.Term {
	for _, lm := range q.lemmas {
		if lm.level >= f && !lm.dead {
			dst = append(dst, e.lemmaFormula(q, lm.cube, args))
		}
	}
	return dst
}

// frameLiterals appends, for each lemma ¬cube of q active at frame f, the
// negation of the first literal of cube false in m, over args: literals
// that imply the lemmas where m is.
func (e *engine) frameLiterals(q *pred, f int, args []*term.Term, m *term.Model, dst []*term.Term) []*term.Term {
	// a disequality (from a point lemma) becomes the half true in m: an
	// inequality Farkas lemmas can combine
	e.impl.Reset(m, term.ImplicantOptions{SplitDiseq: true})
	for _, lm := range q.lemmas {
		if lm.level < f || lm.dead {
			continue
		}
		for _, l := range lm.cube {
			nl := e.st.Not(e.inst(q, l, args))
			if v, err := m.EvalBool(nl); err == nil && v {
				if l.Op() != term.OpEq {
					dst = append(dst, nl)
				} else if l.NumArgs() == 2 && l.Arg(0).Sort().IsArith() {
					dst, _ = e.impl.Append(dst, nl) // nl is true in m
				}
				break
			}
		}
	}
	return dst
}
