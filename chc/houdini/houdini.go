package houdini

import (
	"context"
	"fmt"
	"slices"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Candidates bounds.
const (
	MaxPredCandidates = 128 // candidates of one predicate
	MaxPairParams     = 6   // integer parameters whose pairs are related
	maxQueryLiterals  = 6   // literals of a query whose subsets are negated
	maxSubset         = 4   // size of those subsets
)

// A Pool holds candidate invariants per predicate (by chc.Pred.ID),
// each a formula over the predicate's Params, in the order added.
type Pool struct {
	st    *term.Store
	Cands [][]*term.Term
	seen  []map[*term.Term]bool
	Added int // candidates added since the count was last reset
}

// NewPool returns an empty pool for s's predicates.
func NewPool(s *chc.System) *Pool {
	p := &Pool{st: s.St, Cands: make([][]*term.Term, len(s.Preds)), seen: make([]map[*term.Term]bool, len(s.Preds))}
	for i := range p.seen {
		p.seen[i] = map[*term.Term]bool{}
	}
	return p
}

// Add makes f (simplified, so that x >= 0 and ¬(x <= -1) are one) a
// candidate of pred, unless it is one already, is trivial, or pred has
// MaxPredCandidates.
func (p *Pool) Add(pred *chc.Pred, f *term.Term) {
	f = p.st.Simplify(f)
	if f.IsTrue() || f.IsFalse() || p.seen[pred.ID][f] || len(p.Cands[pred.ID]) >= MaxPredCandidates {
		return
	}
	p.seen[pred.ID][f] = true
	p.Cands[pred.ID] = append(p.Cands[pred.ID], f)
	p.Added++
}

// Literals lists the atoms (with their sign) of f in negation normal
// form, each once, in the order met.
func Literals(st *term.Store, f *term.Term, dst []*term.Term) []*term.Term {
	var walk func(t *term.Term)
	seen := map[*term.Term]bool{}
	walk = func(t *term.Term) {
		if seen[t] {
			return
		}
		seen[t] = true
		switch t.Op() {
		case term.OpAnd, term.OpOr:
			for _, a := range t.Args() {
				walk(a)
			}
		default:
			if t.Sort().IsBool() {
				dst = append(dst, t)
			}
		}
	}
	walk(st.NNF(f))
	return dst
}

// ParamCandidates adds, for the integer parameters of each predicate,
// x >= 0 and, for each pair (of at most MaxPairParams), x <= y and x >= y.
func (p *Pool) ParamCandidates(s *chc.System) {
	st := p.st
	for _, pr := range s.Preds {
		var ints []*term.Term
		for _, x := range pr.Params {
			if x.Sort().IsInt() {
				ints = append(ints, x)
			}
		}
		for i, x := range ints {
			p.Add(pr, st.Ge(x, st.Int(0)))
			if len(ints) > MaxPairParams {
				continue
			}
			for _, y := range ints[i+1:] {
				p.Add(pr, st.Le(x, y))
				p.Add(pr, st.Ge(x, y))
			}
		}
	}
}

// FactCandidates adds, for each clause with a head, the literals of
// constraint(c) over the head's arguments alone (an arithmetic equality
// also as its two halves). constraint gives the formula to read a
// clause's constraint from (chc.Clause.Constraint when nil).
func (p *Pool) FactCandidates(s *chc.System, constraint func(*chc.Clause) *term.Term) {
	st := p.st
	for _, c := range s.Clauses {
		if c.Head == nil {
			continue
		}
		pr := c.Head.Pred
		head := map[*term.Term]bool{}
		for _, a := range c.Head.Args {
			head[a] = true
		}
		for _, l := range Literals(st, clauseConstraint(c, constraint), nil) {
			only := true
			for _, v := range term.FreeConsts(l) {
				only = only && head[v]
			}
			if !only {
				continue
			}
			f := st.Substitute(l, c.Head.Args, pr.Params)
			p.Add(pr, f)
			if f.Op() == term.OpEq && f.Arg(0).Sort().IsArith() {
				p.Add(pr, st.Le(f.Arg(0), f.Arg(1)))
				p.Add(pr, st.Ge(f.Arg(0), f.Arg(1)))
			}
		}
	}
}

func clauseConstraint(c *chc.Clause, constraint func(*chc.Clause) *term.Term) *term.Term {
	if constraint == nil {
		return c.Constraint
	}
	return constraint(c)
}

// QueryCandidates adds, for each query with one body atom (or clause
// whose head has no arguments, a query one step removed), the negations
// of the conjunctions of up to maxSubset literals of its constraint over
// the atom's arguments: the query's own safety property and its weaker
// forms, such as ¬(flag ∧ n > 0 ∧ r < n) from flag ∧ 0 < n ≤ 31 ∧ r < n.
func (p *Pool) QueryCandidates(s *chc.System, constraint func(*chc.Clause) *term.Term) {
	st := p.st
	for _, c := range s.Clauses {
		if len(c.Body) != 1 || c.Head != nil && c.Head.Pred.Arity() > 0 {
			continue
		}
		b := c.Body[0]
		args := map[*term.Term]bool{}
		for _, a := range b.Args {
			args[a] = true
		}
		var lits []*term.Term
		for _, l := range Literals(st, clauseConstraint(c, constraint), nil) {
			only := len(term.FreeConsts(l)) > 0
			for _, v := range term.FreeConsts(l) {
				only = only && args[v]
			}
			if only && len(lits) < maxQueryLiterals {
				lits = append(lits, st.Substitute(l, b.Args, b.Pred.Params))
			}
		}
		var subsets func(i int, cur []*term.Term)
		subsets = func(i int, cur []*term.Term) {
			if len(cur) > 0 {
				p.Add(b.Pred, st.Simplify(st.Not(st.And(cur...))))
			}
			if len(cur) == maxSubset {
				return
			}
			for j := i; j < len(lits); j++ {
				subsets(j+1, append(cur[:len(cur):len(cur)], lits[j]))
			}
		}
		subsets(0, nil)
	}
}

// Propagate carries candidates from a clause's head to a body atom when
// the clause's constraint defines every head argument the candidate
// mentions as an argument of that atom or a numeral (top-level
// equalities), over rounds until nothing new comes: hanoi(f, n, r) ←
// ret(r', n') ∧ r = r' ∧ n = n' ∧ f makes a candidate of hanoi over n and
// r one of ret.
func (p *Pool) Propagate(s *chc.System, constraint func(*chc.Clause) *term.Term) {
	st := p.st
	// Each (clause, body atom) carries a head candidate once: a round
	// takes the candidates its head has gained since the last (done), the
	// older ones having given all they give (Add drops what it has), so
	// the candidates come in the order that carrying them all every round
	// gives, at the cost of one carry each. The mappings are made once.
	type carry struct {
		c        *chc.Clause
		b        *chc.Atom
		from, to []*term.Term
		mapped   map[*term.Term]bool
		done     int // head candidates carried so far
	}
	var carries []*carry
	for _, c := range s.Clauses {
		if c.Head == nil || len(c.Body) == 0 {
			continue
		}
		def := Definitions(st, clauseConstraint(c, constraint))
		h := c.Head
		for k := range c.Body {
			b := &c.Body[k]
			inBody := map[*term.Term]int{}
			for i, a := range b.Args {
				inBody[a] = i
			}
			cr := &carry{c: c, b: b, mapped: map[*term.Term]bool{}}
			for i, a := range h.Args {
				if j, ok := inBody[a]; ok {
					cr.from, cr.to = append(cr.from, h.Pred.Params[i]), append(cr.to, b.Pred.Params[j])
					continue
				}
				t := def[a]
				if t == nil {
					continue
				}
				over := true
				for _, v := range term.FreeConsts(t) {
					_, in := inBody[v]
					over = over && in
				}
				if over {
					cr.from, cr.to = append(cr.from, h.Pred.Params[i]), append(cr.to, st.Substitute(t, b.Args, b.Pred.Params))
				}
			}
			for _, x := range cr.from {
				cr.mapped[x] = true
			}
			carries = append(carries, cr)
		}
	}
	for round := 0; round < len(s.Preds); round++ {
		before := p.Added
		for _, cr := range carries {
			cands := p.Cands[cr.c.Head.Pred.ID]
			for _, f := range cands[cr.done:] {
				ok := true
				for _, v := range term.FreeConsts(f) {
					ok = ok && cr.mapped[v]
				}
				if ok {
					p.Add(cr.b.Pred, st.Simplify(st.Substitute(f, cr.from, cr.to)))
				}
			}
			cr.done = len(cands)
		}
		if p.Added == before {
			return
		}
	}
}

// Definitions reads x = t off the top-level conjuncts of f: a Boolean
// constant or its negation, an equality of two Boolean constants, and a
// linear equality of one variable (x = numeral) or of two with opposite
// unit coefficients (x = y + k).
func Definitions(st *term.Store, f *term.Term) map[*term.Term]*term.Term {
	def := map[*term.Term]*term.Term{}
	for _, l := range term.Conjuncts(nil, f) {
		switch {
		case l.IsConst() && l.Sort().IsBool():
			def[l] = st.True()
		case l.Op() == term.OpNot && l.Arg(0).IsConst():
			def[l.Arg(0)] = st.False()
		case l.Op() == term.OpEq && l.NumArgs() == 2 && l.Arg(0).Sort().IsBool():
			if a, b := l.Arg(0), l.Arg(1); a.IsConst() && b.IsConst() {
				def[a], def[b] = b, a
			}
		case l.Op() == term.OpEq && l.NumArgs() == 2 && l.Arg(0).Sort().IsArith():
			lin, ok := st.Linearize(st.Sub(l.Arg(0), l.Arg(1)))
			if !ok {
				continue
			}
			srt := l.Arg(0).Sort()
			switch {
			case len(lin.Vars) == 1 && lin.Vars[0].IsConst():
				v := lin.Const.Neg().Quo(lin.Coeffs[0])
				if srt.IsReal() || v.IsInt() {
					def[lin.Vars[0]] = st.Num(v, srt)
				}
			case len(lin.Vars) == 2 && lin.Vars[0].IsConst() && lin.Vars[1].IsConst() &&
				lin.Coeffs[0].Abs().IsOne() && lin.Coeffs[0].Equal(lin.Coeffs[1].Neg()):
				// c·x - c·y + k = 0: x = y - k/c, y = x + k/c.
				x, y := lin.Vars[0], lin.Vars[1]
				k := lin.Const.Quo(lin.Coeffs[0])
				def[x] = st.Sub(y, st.Num(k, srt))
				def[y] = st.Add(x, st.Num(k, srt))
			}
		}
	}
	return def
}

// ErrBudget is Run's answer when it ran out of checks.
var ErrBudget = fmt.Errorf("houdini: check budget spent")

// Options configure Run.
type Options struct {
	// Constraint gives the formula to use for a clause's constraint
	// (chc.Clause.Constraint when nil).
	Constraint func(*chc.Clause) *term.Term
	// MaxChecks bounds the checks (0: no bound); past it Run gives
	// ErrBudget.
	MaxChecks int

	noNeighbours bool // tests: the checks' models alone drop candidates
	noGroups     bool // tests: no group checks (check.go)
	noJustify    bool // tests: no head candidate held syntactically (check.go)
}

// Run returns the largest subset of cands (per predicate, by ID) that
// is inductive: every clause with a head, with the kept candidates of its
// body atoms assumed, implies the kept candidates of its head. It drops,
// for each clause in turn, the head candidates a model of the clause
// refutes, until no clause refutes one. The second result is the number
// of checks made. It is NewRunner(s, cands, o).Run(ctx, o.MaxChecks).
//
// Each clause has one incremental solver: its constraint, and each
// candidate of each body atom behind an activation literal, asserted
// once; a check assumes the literals of the kept candidates and, behind
// a literal of its own switched off after it, the negation of the head's
// kept candidates.
func Run(ctx context.Context, s *chc.System, cands [][]*term.Term, o Options) ([][]*term.Term, int, error) {
	r := NewRunner(s, cands, o)
	keep, err := r.Run(ctx, o.MaxChecks)
	return keep, r.Checks(), err
}

// A Runner is Run that can be stopped and resumed: a run that spends its
// budget (ErrBudget) keeps its clause solvers, the candidates still alive
// and where it stood, and the next call of Run goes on from there. So
// tries with growing budgets cost what one try with their sum costs.
type Runner struct {
	s      *chc.System
	cands  [][]*term.Term
	o      Options
	alive  [][]bool
	left   []int
	sv     []*clauseSolver // by clause, made on first use
	checks int
	work   int // Work: what the clause solvers did, all runs together
	// order: the clauses with a head, by the strongly connected component
	// of their head's predicate, those a component depends on first
	// (clauseOrder); at: each clause's place in it; users: by predicate
	// ID, the clauses with it in their body; dirty: by clause, whether it
	// is to be checked (never checked, or a body atom's predicate has
	// lost candidates since); pos: the place in order before which no
	// clause is dirty
	order []int
	at    []int
	users [][]int
	dirty []bool
	pos   int
	// failed: by predicate ID and candidate, the checks after which no
	// neighbour falsified it (dropNeighbours gives up at maxFailed)
	failed [][]uint8
	done   bool
	keep   [][]*term.Term
}

type clauseSolver struct {
	sv    *smt.Solver
	act   [][]*term.Term // per body atom, per candidate of its predicate
	body  [][]*term.Term // the same, the candidate over the atom's arguments
	preds []int          // per body atom, its predicate's ID
	head  []*term.Term   // the head's candidates over its arguments
	nb    *neighbourhood // made on first use (dropNeighbours)
	// the group checks of a fact clause (check.go), by head candidate:
	// out, left out of the group until the next model; held, implied by
	// the clause (an unsat core of its own); implied, by the constraint's
	// top-level conjuncts; negs, what its negation says; grouped: the next
	// check is a group check
	out, held, implied []bool
	negs               []negation
	grouped            bool
}

// NewRunner prepares Houdini over cands (by predicate ID) on s; no solver
// is made before Run.
func NewRunner(s *chc.System, cands [][]*term.Term, o Options) *Runner {
	r := &Runner{s: s, cands: cands, o: o, alive: make([][]bool, len(s.Preds)), left: make([]int, len(s.Preds)), sv: make([]*clauseSolver, len(s.Clauses)), failed: make([][]uint8, len(s.Preds))}
	r.order = clauseOrder(s)
	r.at, r.dirty, r.users = make([]int, len(s.Clauses)), make([]bool, len(s.Clauses)), make([][]int, len(s.Preds))
	for i, ci := range r.order {
		r.at[ci], r.dirty[ci] = i, true
		for j, b := range s.Clauses[ci].Body {
			if !slices.ContainsFunc(s.Clauses[ci].Body[:j], func(a chc.Atom) bool { return a.Pred == b.Pred }) {
				r.users[b.Pred.ID] = append(r.users[b.Pred.ID], ci)
			}
		}
	}
	for i, cs := range cands {
		r.alive[i], r.failed[i] = make([]bool, len(cs)), make([]uint8, len(cs))
		for k := range r.alive[i] {
			r.alive[i][k] = true
		}
		r.left[i] = len(cs)
	}
	return r
}

// Checks is the number of checks made so far, all runs together.
func (r *Runner) Checks() int { return r.checks }

// Work is what the clause solvers have done so far, all runs together, in
// the unit of SolverWork: a deterministic measure of time that weighs a
// check by its size (a check over a thousand candidates costs more than
// one over a clause), for an engine that pays for Houdini with its own
// work.
func (r *Runner) Work() int { return r.work }

// CheckWork is the work a check costs whatever it does (SolverWork).
const CheckWork = 16

// SolverWork is the work sv has done: the clauses added to its SAT
// solver (the encoding, theory lemmas, learnt clauses) and its
// propagations. A caller charges a check with the difference before
// and after it, plus CheckWork.
func SolverWork(sv *smt.Solver) int {
	st := sv.Stats()
	return int(st.Clauses + st.Propagations + st.TheoryProps)
}

// solver is clause ci's candidates over its atoms' arguments, made on
// first use, and its smt solver, made on its first check (encode): only
// the body candidates still alive are asserted (a dropped one never
// comes back), and the solver does not check the models it gives (a
// wrong one could only drop a candidate, never keep one).
func (r *Runner) solver(ci int) (*clauseSolver, error) {
	if cs := r.sv[ci]; cs != nil {
		return cs, nil
	}
	st, c := r.s.St, r.s.Clauses[ci]
	cs := &clauseSolver{}
	for j, b := range c.Body {
		// The live candidates over the atom's arguments, in one walk.
		var live []*term.Term
		for k, f := range r.cands[b.Pred.ID] {
			if r.alive[b.Pred.ID][k] {
				live = append(live, f)
			}
		}
		live = st.SubstituteTerms(live, b.Pred.Params, b.Args)
		acts, insts := make([]*term.Term, len(r.cands[b.Pred.ID])), make([]*term.Term, len(r.cands[b.Pred.ID]))
		for k := range r.cands[b.Pred.ID] {
			if !r.alive[b.Pred.ID][k] {
				continue // dropped for good: never assumed again (nil)
			}
			acts[k] = st.Fresh(fmt.Sprintf("houdini!%d!%d!%d", ci, j, k), term.BoolSort)
			insts[k], live = live[0], live[1:]
		}
		cs.act, cs.body, cs.preds = append(cs.act, acts), append(cs.body, insts), append(cs.preds, b.Pred.ID)
	}
	if c.Head != nil {
		cs.head = st.SubstituteTerms(r.cands[c.Head.Pred.ID], c.Head.Pred.Params, c.Head.Args)
	}
	r.sv[ci] = cs
	return cs, nil
}

// encode makes cs's smt solver on its first check: the constraint, and
// each body candidate still alive behind its activation literal.
func (r *Runner) encode(ci int, cs *clauseSolver) error {
	if cs.sv != nil {
		return nil
	}
	st, c := r.s.St, r.s.Clauses[ci]
	cs.sv = smt.New(st, smt.Options{NoModelCheck: true})
	if err := cs.sv.Assert(clauseConstraint(c, r.o.Constraint)); err != nil {
		return err
	}
	for j, acts := range cs.act {
		for k, a := range acts {
			if a == nil || !r.alive[cs.preds[j]][k] {
				continue
			}
			if err := cs.sv.Assert(st.Implies(a, cs.body[j][k])); err != nil {
				return err
			}
		}
	}
	r.work += SolverWork(cs.sv)
	return nil
}

// Refute drops the candidates of the predicate with ID pred that m, a
// state the predicate holds of (a value for each of its Params), makes
// false: no invariant is false of a reachable state, and evaluating one
// costs less than the check whose model would drop it. A candidate m
// cannot evaluate stays. Dropping candidates keeps what Run returns an
// inductive subset (each clause is checked again: a dropped body
// candidate is assumed no more), so a wrong state costs invariants, never
// the subset's inductiveness. It returns the candidates dropped.
func (r *Runner) Refute(pred int, m *term.Model) int {
	if r.done || r.left[pred] == 0 {
		return 0
	}
	dropped := 0
	for k, f := range r.cands[pred] {
		if !r.alive[pred][k] {
			continue
		}
		if v, err := m.EvalBool(f); err == nil && !v {
			r.alive[pred][k] = false
			dropped++
		}
	}
	if dropped > 0 {
		r.left[pred] -= dropped
		r.dropped(pred)
	}
	return dropped
}

// dropped marks the clauses with pred in their body to be checked again,
// pred having lost candidates.
func (r *Runner) dropped(pred int) {
	for _, ci := range r.users[pred] {
		r.dirty[ci] = true
		r.pos = min(r.pos, r.at[ci])
	}
}

// clauseOrder lists the clauses with a head in the order Houdini checks
// them: by the strongly connected component of the head's predicate in
// the graph of body atoms to heads, the components a component's clauses
// read from first, each clause's place in the input breaking ties. A
// candidate dropped from a predicate makes only the clauses that read it
// to be checked again, which come later or in the same component; so an
// acyclic system takes one pass, where the input's order (often queries
// first, facts last) took one pass per predicate on a chain of them.
func clauseOrder(s *chc.System) []int {
	comp, _ := chc.Components(chc.DependencyGraph(s))
	var order []int
	for ci, c := range s.Clauses {
		if c.Head != nil {
			order = append(order, ci)
		}
	}
	// Sinks came first: the higher a component's number, the earlier.
	slices.SortStableFunc(order, func(a, b int) int {
		return comp[s.Clauses[b].Head.Pred.ID] - comp[s.Clauses[a].Head.Pred.ID]
	})
	return order
}

// Run goes on with Houdini for at most budget more checks (0: no bound)
// and returns the largest inductive subset, or ErrBudget when the budget
// ran out first (call Run again to go on), or the error that stopped it.
// Once it has returned the subset, it returns it again at once.
//
// The clauses are checked in turn, cyclically; each until its head keeps
// no candidate its model refutes. The subset is found when every clause
// has been checked since the last candidate was dropped.
func (r *Runner) Run(ctx context.Context, budget int) ([][]*term.Term, error) {
	return r.RunWithin(ctx, budget, 0)
}

// RunWithin is Run that also stops (ErrBudget) once it has done work
// more Work (0: no bound on either); the check that crosses the bound
// is finished.
func (r *Runner) RunWithin(ctx context.Context, checks, work int) ([][]*term.Term, error) {
	if r.done {
		return r.keep, nil
	}
	limit, workLimit := r.checks+checks, r.work+work
	for r.pos < len(r.order) {
		ci := r.order[r.pos]
		if !r.dirty[ci] {
			r.pos++
			continue
		}
		c := r.s.Clauses[ci]
		if r.left[c.Head.Pred.ID] > 0 {
			h := c.Head.Pred
			cs, err := r.solver(ci)
			if err != nil {
				return nil, err
			}
			cs.resetGroup()
			for r.left[h.ID] > 0 {
				if err := chc.Cause(ctx); err != nil {
					return nil, err
				}
				if checks > 0 && r.checks >= limit || work > 0 && r.work >= workLimit {
					return nil, ErrBudget
				}
				done, err := r.check(ctx, ci, cs)
				if err != nil {
					return nil, err
				}
				if done {
					break
				}
			}
		}
		// Clause ci holds of the candidates alive now (a clause that
		// reads its own head was marked by its own drops: the last
		// check saw them). Its drops may have marked an earlier clause
		// of its component: pos went back to it.
		r.dirty[ci] = false
		if r.pos == r.at[ci] {
			r.pos++
		}
	}
	r.keep = make([][]*term.Term, len(r.s.Preds))
	for i, cs := range r.cands {
		for k, f := range cs {
			if r.alive[i][k] {
				r.keep[i] = append(r.keep[i], f)
			}
		}
	}
	r.done, r.sv = true, nil
	return r.keep, nil
}
