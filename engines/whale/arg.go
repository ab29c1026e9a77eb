package whale

import (
	"context"
	"strconv"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/houdini"
	"github.com/seed-f9c3434d/gospacer/mbp"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// A node is one ARG of the iARG: an instance of a predicate (the root:
// of the queries) with its own copy of the predicate's parameters, the
// clauses unwound into it so far (each with one child ARG per body atom,
// the call edges), and its specification: guard/summary pairs over the
// predicate's parameters.
type node struct {
	id     int
	pred   *chc.Pred // nil at the root
	parent int       // -1 at the root
	depth  int
	x      []*term.Term // this instance's copy of pred.Params
	act    *term.Term   // Boolean: the instance is part of the execution
	exps   []expansion
	next   int // clauses of the predicate unwound so far (run.clauses[pred][:next])

	// The specification ∧ (guard ⇒ summary) over pred.Params; true at
	// first, false at the root.
	pairs []pair
	spec  *term.Term
	// safe: every unwound clause is safe (see expansion): the last
	// REFINEARGs showed the specification under the current unwinding
	// and the children's specifications; expansion and a refuted child
	// undo it.
	safe bool

	cover   int  // the ARG that directly covers this one, -1 if none
	covered bool // by the last sweep: this ARG or an ancestor is directly covered
	settled bool // by the last sweep: covered, or complete and safe with settled children

	dag      *term.Term // IDAGCOND of the subtree, nil when stale
	dagF     *term.Term // the same with the known facts (facts.go), nil when stale
	feasible bool       // the unwinding has an execution (see fill)
}

// An expansion is one clause unwound into an ARG: a selector, the
// clause's constraint over the instance, the instance's term for each
// clause variable, and the child ARG of each body atom.
type expansion struct {
	clause   *chc.Clause
	sel      *term.Term
	inst     *term.Term
	vals     []*term.Term // per clause variable (then the template's own)
	children []int
	// safe: the last REFINEARG of this clause showed the ARG's
	// specification; a change of the specification or a refuted call
	// edge undoes it.
	safe bool
	// waiting: unsafe only since a call edge's specification was
	// refuted (see next).
	waiting bool
}

// A pair is a guard and a summary over a predicate's parameters: the ARG
// must show guard ⇒ summary of every derivable fact.
type pair struct{ guard, sum *term.Term }

// run is the state of one Solve.
type run struct {
	ctx         context.Context
	sys         *chc.System
	st          *term.Store
	opts        Options
	start       time.Time
	nodes       []*node
	clauses     [][]*chc.Clause // by pred ID: clauses with that head
	queries     []*chc.Clause
	templates   map[*chc.Clause]template // constraints ready to instantiate (purify.go)
	implied     map[implication]bool     // implication cache (cover.go)
	proj        *mbp.Projector
	pool        *houdini.Pool // Houdini's candidates (houdini.go)
	inv         []*term.Term  // by pred ID: the invariant Houdini proved, nil before
	facts       [][]fact      // by pred ID: known derivable facts (facts.go)
	sv          *smt.Solver   // shared by the checks (see check)
	svUses      int
	nextHoudini int // the refines count at which Houdini runs next
	stats       stats
	log         chc.Logger
}

func newRun(ctx context.Context, s *chc.System, opts Options) *run {
	r := &run{
		ctx: ctx, sys: s, st: s.St, opts: opts, start: time.Now(),
		log:       chc.Logger{Name: "whale", EngineOptions: opts.EngineOptions},
		clauses:   make([][]*chc.Clause, len(s.Preds)),
		facts:     make([][]fact, len(s.Preds)),
		templates: map[*chc.Clause]template{},
		implied:   map[implication]bool{},
		proj:      mbp.New(s.St, mbp.Options{}),
	}
	r.pool = houdini.NewPool(s)
	for _, c := range s.Clauses {
		if c.Head == nil {
			r.queries = append(r.queries, c)
		} else {
			r.clauses[c.Head.Pred.ID] = append(r.clauses[c.Head.Pred.ID], c)
		}
	}
	return r
}

// clausesOf are the clauses an ARG of pred unwinds: the queries at the
// root.
func (r *run) clausesOf(n *node) []*chc.Clause {
	if n.pred == nil {
		return r.queries
	}
	return r.clauses[n.pred.ID]
}

// complete reports whether every clause is unwound into n.
func (r *run) complete(n *node) bool { return n.next == len(r.clausesOf(n)) }

// newNode makes an ARG of pred (nil: the root) justifying a call edge of
// parent: guard and summary true (false at the root), not yet unwound.
func (r *run) newNode(pred *chc.Pred, parent int) *node {
	st := r.st
	n := &node{id: len(r.nodes), pred: pred, parent: parent, cover: -1, safe: true, spec: st.True()}
	tag := "@" + strconv.Itoa(n.id)
	if pred == nil {
		n.spec = st.False()
	} else {
		for _, p := range pred.Params {
			n.x = append(n.x, st.Fresh(p.Name()+tag, p.Sort()))
		}
		n.depth = r.nodes[parent].depth + 1
	}
	n.act = st.Fresh("act"+tag, term.BoolSort)
	r.nodes = append(r.nodes, n)
	r.stats.nodes++
	r.stats.maxDepth = max(r.stats.maxDepth, n.depth)
	return n
}

// expand is EXPANDARG: it unwinds the next clause of n (all of them with
// ExpandAll), each body atom getting a new child ARG. n's unwinding grows,
// so it must be refined again, and so must the stale IDAGCONDs above.
func (r *run) expand(n *node) {
	cs := r.clausesOf(n)
	last := len(cs)
	if r.opts.Expand == ExpandOne {
		last = n.next + 1
	}
	for ; n.next < last; n.next++ {
		r.unwind(n, cs[n.next])
	}
	n.safe = false
	for m := n; ; m = r.nodes[m.parent] {
		m.dag, m.dagF = nil, nil
		if m.parent < 0 {
			break
		}
	}
}

// unwind adds clause c to n: a child per body atom, and the instance of
// c's constraint with the head arguments n's copy, each body atom's
// arguments its child's copy, and the other variables fresh.
func (r *run) unwind(n *node, c *chc.Clause) {
	st := r.st
	r.stats.expansions++
	e := expansion{clause: c, sel: st.Fresh("sel@"+strconv.Itoa(n.id), term.BoolSort)}
	var binds []chc.Binding
	if c.Head != nil {
		binds = append(binds, chc.Binding{Args: c.Head.Args, To: n.x})
	}
	for _, b := range c.Body {
		ch := r.newNode(b.Pred, n.id)
		e.children = append(e.children, ch.id)
		binds = append(binds, chc.Binding{Args: b.Args, To: ch.x})
	}
	tpl := r.template(c)
	in := chc.Instantiate(st, tpl.cons, tpl.vars, "@"+strconv.Itoa(n.id), binds...)
	e.vals, e.inst = in.Vals, in.Constraint
	n.exps = append(n.exps, e)
}

// local is DAGCOND of n: act(n) ⇒ one of the unwound clauses is taken,
// and a taken clause's instance holds and activates its children; with
// facts, or n's copy is one of the known facts of its predicate
// (facts.go).
func (r *run) local(n *node, facts bool) *term.Term {
	st := r.st
	var fs []fact
	if facts && n.pred != nil {
		fs = r.facts[n.pred.ID]
	}
	sels := make([]*term.Term, len(n.exps), len(n.exps)+len(fs))
	parts := []*term.Term{nil}
	for i, e := range n.exps {
		sels[i] = e.sel
		body := []*term.Term{e.inst}
		for _, c := range e.children {
			body = append(body, r.nodes[c].act)
		}
		parts = append(parts, st.Implies(e.sel, st.And(body...)))
	}
	for _, f := range fs {
		sels = append(sels, r.at(n, f.eq))
	}
	parts[0] = st.Implies(n.act, st.Or(sels...))
	return st.And(parts...)
}

// idag is IDAGCOND of n: its DAGCOND and, under each call edge, the
// IDAGCOND of the justifying ARG (guarded by its activation literal
// through DAGCOND); with facts, every DAGCOND admits the known facts.
// The subtree's formula is cached until an expansion below (or a new
// fact) makes it stale.
func (r *run) idag(n *node, facts bool) *term.Term {
	cache := &n.dag
	if facts {
		cache = &n.dagF
	}
	if *cache != nil {
		return *cache
	}
	parts := []*term.Term{r.local(n, facts)}
	for _, e := range n.exps {
		for _, c := range e.children {
			parts = append(parts, r.idag(r.nodes[c], facts))
		}
	}
	*cache = r.st.And(parts...)
	return *cache
}

// at is f, a formula over n's predicate parameters, over n's copy.
func (r *run) at(n *node, f *term.Term) *term.Term {
	if n.pred == nil || len(n.x) == 0 {
		return f
	}
	return r.st.Substitute(f, n.pred.Params, n.x)
}

// children lists n's call edges in order: by expansion, then body
// position.
func (n *node) children() []int {
	var cs []int
	for _, e := range n.exps {
		cs = append(cs, e.children...)
	}
	return cs
}
