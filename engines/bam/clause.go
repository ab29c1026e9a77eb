package bam

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// clauseRun is the analysis of one clause for one block: an smt solver
// over the clause's formula (the block's entry at the head, the
// constraint, the summaries of the body atoms), opened when a check is
// needed.
type clauseRun struct {
	a   *analysis
	b   *block
	ci  int
	sv  *smt.Solver
	pre int // body atoms whose summaries are asserted
}

// open makes the solver and asserts the entry and the constraint.
func (r *clauseRun) open() error {
	if r.sv != nil {
		return nil
	}
	a, c := r.a, r.a.sys.Clauses[r.ci]
	r.sv = smt.New(a.st, smt.Options{})
	if r.b.pred != nil && !r.b.entryF.IsTrue() {
		if err := r.sv.Assert(r.b.pred.Instantiate(a.st, r.b.entryF, c.Head.Args)); err != nil {
			return err
		}
	}
	return r.sv.Assert(a.cons[r.ci])
}

// summary is the disjunction of the first n exit states of block kb at
// the arguments of body atom i.
func (r *clauseRun) summary(i, kb, n int) *term.Term {
	a := r.a
	at := a.sys.Clauses[r.ci].Body[i]
	var ds []*term.Term
	for _, s := range a.blocks[kb].exits[:n] {
		if !a.states[s].dead {
			ds = append(ds, at.Pred.Instantiate(a.st, a.states[s].f, at.Args))
		}
	}
	return a.st.Or(ds...)
}

// check decides the solver's formula under the assumptions.
func (r *clauseRun) check(assume ...*term.Term) (bool, error) {
	r.a.c.checks++
	res, err := r.sv.Check(r.a.ctx, assume...)
	if err != nil {
		return false, err
	}
	switch res {
	case smt.Sat:
		return true, nil
	case smt.Unsat:
		return false, nil
	}
	if err := chc.Cause(r.a.ctx); err != nil {
		return false, err
	}
	return false, fmt.Errorf("smt: %s", r.sv.ReasonUnknown())
}

// processClause analyses clause ci (the k-th of block b): it reduces the
// caller's state to each body atom in turn and takes the block of that
// entry from the cache (analyse), then enumerates the combinations of the
// body blocks' exit states that satisfy the clause, and for each computes
// the exit state of b at the head (expand, rebuild and the transfer: one
// abstraction of the conjunction). At the queries' block a combination is
// an abstract counterexample. Only combinations with an exit state not
// enumerated at the last visit are enumerated (the memo).
func (a *analysis) processClause(b *block, k, ci int) error {
	c := a.sys.Clauses[ci]
	m := &b.memo[k]
	n := len(c.Body)
	if len(m.ctxs) != n {
		m.ctxs = make([]ctxMemo, n)
	}
	r := &clauseRun{a: a, b: b, ci: ci}
	keys := make([]int, n)
	marks := make([]int, n)
	for i, at := range c.Body {
		sig := signature(keys[:i], marks[:i])
		cm := &m.ctxs[i]
		if !cm.valid || cm.sig != sig {
			// reduce: the caller's state at the call, over the atom's
			// arguments
			if err := r.open(); err != nil {
				return err
			}
			for ; r.pre < i; r.pre++ {
				if err := r.sv.Assert(r.summary(r.pre, keys[r.pre], marks[r.pre])); err != nil {
					return err
				}
			}
			ok, err := r.check()
			if err != nil {
				return err
			}
			var e elem
			if ok {
				if !a.opts.Contexts {
					e = a.dom.top(at.Pred)
				} else if e, err = a.dom.abstract(a.query(r.sv, nil), at.Pred, at.Args); err != nil {
					return err
				}
			}
			*cm = ctxMemo{valid: true, sig: sig, ctx: e}
		}
		if cm.ctx == nil {
			return nil // no call in this context
		}
		kb, err := a.analyse(at.Pred, cm.ctx)
		if err != nil || a.abort() {
			return err
		}
		keys[i], marks[i] = kb, len(a.blocks[kb].exits)
		if marks[i] == 0 {
			return nil
		}
	}
	same := m.processed && slices.Equal(keys, m.keys)
	if same && slices.Equal(marks, m.marks) {
		return nil // nothing new
	}
	if err := r.enumerate(keys, marks, m, same); err != nil {
		return err
	}
	m.processed, m.keys, m.marks = true, keys, marks
	return nil
}

// signature names a prefix of body atoms' blocks and exit counts.
func signature(keys, marks []int) string {
	var b strings.Builder
	for i := range keys {
		b.WriteString(strconv.Itoa(keys[i]))
		b.WriteByte('/')
		b.WriteString(strconv.Itoa(marks[i]))
		b.WriteByte(' ')
	}
	return b.String()
}

// enumerate finds the combinations of exit states (the first marks[i] of
// block keys[i] for body atom i) that satisfy the clause, with at least
// one state new since the last visit when same, one smt model each.
func (r *clauseRun) enumerate(keys, marks []int, m *clauseMemo, same bool) error {
	a, c := r.a, r.a.sys.Clauses[r.ci]
	if err := r.open(); err != nil {
		return err
	}
	n := len(c.Body)
	sels := make([][]*term.Term, n)
	live := make([][]int, n) // per position: the live states' indices in exits
	var fresh []*term.Term
	for i, at := range c.Body {
		for j, s := range a.blocks[keys[i]].exits[:marks[i]] {
			if a.states[s].dead && r.b.pred != nil {
				// (the queries take covered states too: their own
				// derivations may be the feasible counterexamples)
				continue
			}
			sel := a.selector(s, i)
			sels[i] = append(sels[i], sel)
			live[i] = append(live[i], j)
			if err := r.sv.Assert(a.st.Implies(sel, at.Pred.Instantiate(a.st, a.states[s].f, at.Args))); err != nil {
				return err
			}
			if same && j >= m.marks[i] {
				fresh = append(fresh, sel)
			}
		}
		if err := r.sv.Assert(a.st.Or(sels[i]...)); err != nil {
			return err
		}
	}
	if same {
		if len(fresh) == 0 {
			return nil // the new states are all covered already
		}
		if err := r.sv.Assert(a.st.Or(fresh...)); err != nil {
			return err
		}
	}
	combo := make([]int, n)
	chosen := make([]*term.Term, n)
	for {
		if err := chc.Cause(a.ctx); err != nil {
			return err
		}
		ok, err := r.check()
		if err != nil || !ok {
			return err
		}
		model := r.sv.Model()
		for i := range c.Body {
			k, err := pick(model, sels[i], live[i], same, m, i)
			if err != nil {
				return err
			}
			combo[i] = a.blocks[keys[i]].exits[live[i][k]]
			chosen[i] = sels[i][k]
		}
		a.c.combinations++
		if r.b.pred == nil {
			// an abstract counterexample; a few more of the clause's
			// give the refinement more to work with (and a feasible one
			// a better chance)
			key := fmt.Sprint(r.ci, combo)
			if !a.seen[key] {
				a.seen[key] = true
				a.cex = append(a.cex, cexRoot{clause: r.ci, children: slices.Clone(combo)})
			}
			if len(a.cex) >= maxCex && !a.hunting {
				return nil
			}
			if err := r.sv.Assert(a.st.Not(a.st.And(chosen...))); err != nil {
				return err
			}
			continue
		}
		q := a.query(r.sv, chosen)
		q.m = model
		e, err := a.dom.abstract(q, r.b.pred, c.Head.Args)
		if err != nil {
			return err
		}
		a.addState(r.b, e, r.ci, slices.Clone(combo))
		if err := r.sv.Assert(a.st.Not(a.st.And(chosen...))); err != nil {
			return err
		}
	}
}

// maxCex bounds the abstract counterexamples one query clause yields
// per round.
const maxCex = 8

// pick is the selector a model chooses for body position i: the first
// one of a new state that is true, else the first one. live are the
// selectors' states' indices in the block's exits.
func pick(model *term.Model, sels []*term.Term, live []int, same bool, m *clauseMemo, i int) (int, error) {
	first := -1
	for k, s := range sels {
		on, err := model.EvalBool(s)
		if err != nil {
			return 0, err
		}
		if !on {
			continue
		}
		if !same || live[k] >= m.marks[i] {
			return k, nil
		}
		if first < 0 {
			first = k
		}
	}
	if first < 0 {
		return 0, fmt.Errorf("bam: internal: no state selected for body atom %d", i)
	}
	return first, nil
}

// query is a query over the solver's formula under the assumptions, with
// the model of the last check.
func (a *analysis) query(sv *smt.Solver, assume []*term.Term) *query {
	return &query{ctx: a.ctx, sv: sv, assume: assume, m: sv.Model(), checks: &a.c.checks}
}
