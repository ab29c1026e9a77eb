package bam

import (
	"context"
	"strconv"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// A block is one cache entry: a predicate (the paper's procedure block)
// analysed for one reduced entry state, with the exit states found so
// far (the block abstraction). Block 0 is the queries' block, the
// paper's main: no predicate, entry top.
type block struct {
	id      int
	pred    *chc.Pred // nil for the queries' block
	entry   elem
	entryF  *term.Term // γ(entry) over pred.Params
	exits   []int      // state indices, in the order found
	visited int        // the fixpoint iteration of the last visit
	onStack bool
	memo    []clauseMemo // per clause of pred, in byHead order
}

// A clauseMemo is what a block remembers of one clause between visits,
// so that a visit only does the work that new exit states of the body
// atoms' blocks call for (semi-naive evaluation).
type clauseMemo struct {
	processed bool
	keys      []int // per body atom: the block its states came from
	marks     []int // per body atom: how many of its exit states were enumerated
	ctxs      []ctxMemo
}

// A ctxMemo is the reduced entry state computed for one body atom, with
// the prefix it depends on: the blocks and exit counts of the atoms
// before it.
type ctxMemo struct {
	valid bool
	sig   string
	ctx   elem // nil: no call with the prefix's states
}

// A state is an abstract exit state of a block, with the one
// combination it was computed from (its derivation): a clause and one
// state per body atom, all older than it. A counterexample is read off
// these links.
type state struct {
	block    int
	e        elem
	f        *term.Term // γ(e) over the block's predicate's Params
	clause   int
	children []int
	dead     bool // covered by a later exit state of its block
}

// analysis is one run of BAM over a system with one precision.
type analysis struct {
	ctx     context.Context
	sys     *chc.System
	st      *term.Store
	dom     domain
	log     chc.Logger
	opts    *Options
	cons    []*term.Term // simplified constraints per clause
	byHead  [][]int      // pred ID -> clauses with that head
	queries []int

	blocks  []*block
	index   map[string]int // cache: "pred ID:entry key" -> block
	states  []*state
	sels    [][]*term.Term // state -> body position -> selector
	stack   []int
	iter    int
	changed bool      // some block gained an exit state in this iteration
	cex     []cexRoot // query combinations found satisfiable, if any
	// hunting is set when the precision cannot be refined: the fixpoint
	// then runs on, collecting the query combinations it meets instead
	// of stopping at the first, in search of a feasible one; it can no
	// longer end in sat.
	hunting bool
	seen    map[string]bool // query combinations collected in hunting

	c *counters
}

// cexRoot is a query clause with the exit states of a combination that
// satisfies it.
type cexRoot struct {
	clause   int
	children []int
}

func newAnalysis(ctx context.Context, sys *chc.System, dom domain, opts *Options, c *counters) *analysis {
	a := &analysis{ctx: ctx, sys: sys, st: sys.St, dom: dom, opts: opts, c: c, log: chc.Logger{Name: opts.name, EngineOptions: opts.EngineOptions}}
	a.cons = make([]*term.Term, len(sys.Clauses))
	a.byHead = make([][]int, len(sys.Preds))
	for ci, cl := range sys.Clauses {
		a.cons[ci] = sys.St.Simplify(cl.Constraint)
		if a.cons[ci].IsFalse() {
			continue
		}
		if cl.Head == nil {
			a.queries = append(a.queries, ci)
		} else {
			a.byHead[cl.Head.Pred.ID] = append(a.byHead[cl.Head.Pred.ID], ci)
		}
	}
	return a
}

// reset empties the cache for a run under a new precision (the paper
// restarts BAM after each refinement).
func (a *analysis) reset() {
	a.blocks = []*block{{id: 0, memo: make([]clauseMemo, len(a.queries))}}
	a.index = map[string]int{}
	a.states = a.states[:0]
	a.sels = a.sels[:0]
	a.stack = a.stack[:0]
	a.iter = 0
	a.cex = a.cex[:0]
	a.hunting = false
	a.seen = map[string]bool{}
}

// clausesOf are the clauses a block analyses: those with its predicate as
// head, the queries for block 0.
func (a *analysis) clausesOf(b *block) []int {
	if b.pred == nil {
		return a.queries
	}
	return a.byHead[b.pred.ID]
}

// fixpoint is the paper's Algorithm 1: analyse the queries' block again
// until an iteration adds no exit state to any block (then the summaries
// used for recursive calls were complete), or a query is satisfiable in
// the abstraction (a.cex). In hunting, an iteration runs to its end and
// the fixpoint returns after it when it collected combinations; called
// again, it goes on from there.
func (a *analysis) fixpoint() error {
	for {
		if err := chc.Cause(a.ctx); err != nil {
			return err
		}
		a.iter++
		a.c.iterations++
		a.c.lastIterations = a.iter
		a.changed = false
		q := a.blocks[0]
		q.visited = a.iter
		if err := a.processBlock(q); err != nil || a.abort() {
			return err
		}
		a.progress()
		if !a.changed || len(a.cex) > 0 {
			return nil
		}
	}
}

// analyse is the paper's Algorithm 2, applyBlockAbstraction, for an atom
// of p whose reduced entry state is e: the block whose exit states
// summarise the call. A call covered by an entry of p on the stack is a
// recursive call: it takes that block's exit states so far (none on the
// first iteration) and the fixpoint iterates until they are complete.
// Otherwise the cache gives the block of (p, e), analysed at most once per
// iteration.
func (a *analysis) analyse(p *chc.Pred, e elem) (int, error) {
	if id, depth := a.covering(p, e); id >= 0 {
		a.c.recursive++
		return id, nil
	} else if depth >= a.opts.Depth {
		// the unrolling bound: past it, a call of p enters with its entry
		// widened by the join of p's entries on the stack, so that the
		// entries of nested calls climb a finite chain and the next such
		// call finds one that covers it on the stack
		var w elem
		for _, id := range a.stack {
			if b := a.blocks[id]; b.pred == p {
				if w == nil {
					w = b.entry
				} else {
					w = a.dom.join(p, w, b.entry)
				}
			}
		}
		e = a.dom.widen(p, w, a.dom.join(p, w, e))
		a.c.entryWidenings++
		if id, _ := a.covering(p, e); id >= 0 {
			a.c.recursive++
			return id, nil
		}
	}
	key := strconv.Itoa(p.ID) + ":" + a.dom.key(e)
	id, ok := a.index[key]
	if !ok {
		a.c.misses++
		id = len(a.blocks)
		a.blocks = append(a.blocks, &block{id: id, pred: p, entry: e, entryF: a.dom.formula(p, e), memo: make([]clauseMemo, len(a.byHead[p.ID]))})
		a.index[key] = id
		a.log.Tracef("block %d: %s entry %v\n", id, p.Name(), a.blocks[id].entryF)
	} else {
		a.c.hits++
	}
	b := a.blocks[id]
	if b.visited == a.iter {
		return id, nil
	}
	b.visited = a.iter
	a.stack = append(a.stack, id)
	b.onStack = true
	err := a.processBlock(b)
	b.onStack = false
	a.stack = a.stack[:len(a.stack)-1]
	return id, err
}

// abort reports whether the iteration stops: at the first abstract
// counterexample, unless hunting.
func (a *analysis) abort() bool { return len(a.cex) > 0 && !a.hunting }

// covering finds a block of p on the stack whose entry covers e (the
// innermost), or -1; depth is the number of p's blocks on the stack.
func (a *analysis) covering(p *chc.Pred, e elem) (id, depth int) {
	id = -1
	for i := len(a.stack) - 1; i >= 0; i-- {
		b := a.blocks[a.stack[i]]
		if b.pred != p {
			continue
		}
		depth++
		if id < 0 && a.dom.leq(p, e, b.entry) {
			id = b.id
		}
	}
	return id, depth
}

// processBlock visits every clause of b.
func (a *analysis) processBlock(b *block) error {
	for k, ci := range a.clausesOf(b) {
		if err := a.processClause(b, k, ci); err != nil || a.abort() {
			return err
		}
	}
	return nil
}

// addState adds the exit state e of b, computed from clause ci and the
// body states children, unless an exit state covers it (the paper's
// stop^sep). Past opts.Exits states, e is widened with the join of all of
// them first, which keeps the set finite.
func (a *analysis) addState(b *block, e elem, ci int, children []int) {
	p := b.pred
	covered := func(e elem) bool {
		for _, s := range b.exits {
			if !a.states[s].dead && a.dom.leq(p, e, a.states[s].e) {
				return true
			}
		}
		return false
	}
	if covered(e) {
		return
	}
	if len(b.exits) >= a.opts.Exits {
		w := a.states[b.exits[0]].e
		for _, s := range b.exits[1:] {
			w = a.dom.join(p, w, a.states[s].e)
		}
		e = a.dom.widen(p, w, e)
		a.c.widenings++
		if covered(e) {
			return
		}
	}
	// older states the new one covers take no part in combinations any
	// more (the combinations of the new one cover theirs)
	for _, s := range b.exits {
		if st := a.states[s]; !st.dead && a.dom.leq(p, st.e, e) {
			st.dead = true
			a.c.subsumed++
		}
	}
	id := len(a.states)
	a.states = append(a.states, &state{block: b.id, e: e, f: a.dom.formula(p, e), clause: ci, children: children})
	a.sels = append(a.sels, nil)
	b.exits = append(b.exits, id)
	a.changed = true
	a.c.states++
	a.log.Tracef("state %d: block %d %s exit %v (clause %d, body %v)\n", id, b.id, p.Name(), a.states[id].f, ci, children)
}

// selector is the Boolean that chooses state s for body position i.
func (a *analysis) selector(s, i int) *term.Term {
	for len(a.sels[s]) <= i {
		a.sels[s] = append(a.sels[s], nil)
	}
	if a.sels[s][i] == nil {
		a.sels[s][i] = a.st.Fresh("bam!s"+strconv.Itoa(s)+"."+strconv.Itoa(i), term.BoolSort)
	}
	return a.sels[s][i]
}

// model is the sat witness built from the cache: for each predicate p,
// the conjunction over the blocks of p visited in the last iteration of
// γ(entry) ⇒ ∨ γ(exit states). A derivation of p(x̄) with x̄ in an entry
// ends in that block's exits, so the implications hold for every
// derivable tuple; the last iteration added nothing, so they are closed
// under the clauses; and the queries' block found no combination, so no
// query fires. Predicates no block reached are true.
func (a *analysis) model() chc.Model {
	parts := make([][]*term.Term, len(a.sys.Preds))
	for _, b := range a.blocks[1:] {
		if b.visited != a.iter {
			continue
		}
		var ds []*term.Term
		for _, s := range b.exits {
			if !a.states[s].dead {
				ds = append(ds, a.states[s].f)
			}
		}
		parts[b.pred.ID] = append(parts[b.pred.ID], a.st.Implies(b.entryF, a.st.Or(ds...)))
	}
	m := chc.Model{}
	for _, p := range a.sys.Preds {
		m[p] = a.st.Simplify(a.st.And(parts[p.ID]...))
	}
	return m
}

func (a *analysis) progress() {
	if a.opts.Verbose == nil {
		return
	}
	a.log.Logf("round %d iteration %d blocks %d states %d hits %d misses %d recursive %d precision %d checks %d %.2fs",
		a.c.rounds, a.iter, len(a.blocks)-1, len(a.states), a.c.hits, a.c.misses, a.c.recursive,
		a.precisionTotal(), a.c.checks, a.c.elapsed().Seconds())
}

func (a *analysis) precisionTotal() int {
	n := 0
	for _, p := range a.sys.Preds {
		n += a.dom.precision(p)
	}
	return n
}
