package passes

import (
	"container/heap"
	"context"
	"slices"
	"sync"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Inline is the pass that eliminates non-recursive predicates by
// inlining: a predicate P whose defining clauses D = B1 ∧ … ∧ Bk ∧ φ ⇒ P(x̄)
// (those with head P) do not have P in their body is replaced where it
// occurs in a body by a defining clause's body and constraint; the
// defining clauses and P leave the system. P qualifies with one defining
// clause (every occurrence is inlined; with several occurrences only when
// D is small), or with several defining clauses and a single occurrence
// (the using clause becomes one clause per defining clause). The pass
// repeats, the predicate of smallest index first, while some predicate
// qualifies.
//
// The model of P is the disjunction over its defining clauses of
// ∃ȳ. B1 ∧ … ∧ Bk ∧ φ, ȳ the clause's variables other than x̄, which must
// be quantifier-free: P is eliminated only when each φ defines every such
// variable that occurs by equalities as a term over x̄ (solveDefs), and
// then the projection is the body and constraint with the definitions
// substituted (Golem #99 and #101 shipped wrong answers by ignoring such
// auxiliary variables). The same definitions keep the merged clauses
// small: a variable of D that is no argument of a body atom leaves the
// merged clause (its definition is substituted), an argument of a body
// atom becomes a fresh variable per occurrence, equal to its definition.
//
// A derivation node of a merged clause splits into the node of the using
// clause and one node of the defining clause per inlined occurrence, with
// their values (an eliminated variable takes the value of its
// definition).
//
// The pass is near-linear in the size of the system: it keeps, per
// predicate, its defining and using clauses and its number of
// occurrences, and re-examines only the predicates whose clauses an
// inlining changed (a heap of candidates, smallest index first, which is
// the order of a scan from the first predicate after each inlining).
type Inline struct{}

// Name is "inline".
func (Inline) Name() string { return "inline" }

// inlineMaxSize bounds the size of D's constraint times the number of
// occurrences of P beyond the first, and the summed sizes of the
// constraints of several defining clauses: the model of P grows with
// them, and so does the check of every clause that mentions P.
const inlineMaxSize = 400

// inlineMaxDef bounds the size of a single defining clause's constraint:
// the model of P is about as large, and the check instantiates it in
// every clause of the input that mentions P (thousands of facts merged
// into one, say), so an engine's invariant serves better.
const inlineMaxDef = 1000

// Apply runs the pass on s.
func (Inline) Apply(ctx context.Context, s *chc.System) (*chc.System, Translator, error) {
	poll := chc.NewBudget(ctx)
	if err := poll.Poll(); err != nil {
		return nil, nil, err
	}
	if err := checkForm(ctx, poll, s); err != nil {
		return nil, nil, err
	}
	in, err := newInliner(poll, s)
	if err != nil {
		return nil, nil, err
	}
	defer in.release()
	in.memo = keptOf(ctx)
	for {
		p, ds := in.pick(poll)
		if err := poll.Step(); err != nil {
			return nil, nil, err
		}
		if p == nil {
			break
		}
		if err := in.inline(poll, p, ds); err != nil {
			return nil, nil, err
		}
	}
	if len(in.removal) == 0 {
		return s, Identity{}, nil
	}
	return in.result(poll)
}

// An inliner is the state of the Inline pass: the clauses of the input and
// the merged ones, by index, with their order in the output as a linked
// list, and per predicate (by ID) its clauses and occurrences.
type inliner struct {
	s    *chc.System
	st   *term.Store
	cls  []*chc.Clause
	info []clauseInfo
	head int // first clause of the output order (-1: none)

	defs    [][]int // pred → clauses with it as head (dead ones until pruned)
	using   [][]int // pred → clauses with it in the body (dead ones and repeats until pruned)
	uses    []int   // pred → occurrences in the bodies of live clauses
	gone    []bool  // pred → inlined
	queued  []bool  // pred → in cands
	cands   predHeap
	removal []removal            // the inlined predicates, in order
	memo    *kept                // the memo of the Preprocess call (nil: none)
	sizes   *term.TermMap[int32] // term.Size of the conjuncts sizeBound met
	// seenArgs: the arguments copies met (cleared after each call)
	seenArgs *term.TermMap[bool]
	// argSet: the arguments of the clause merge builds, the head
	// arguments of the clause project reads (cleared after each call)
	argSet *term.TermMap[bool]

	// the tables of one merge (or of one occurrence in it), kept for the
	// next: cleared, not made anew, for every merge (those by term ID
	// from pools, as sizes)
	onto, fresh *term.TermMap[*term.Term]
	// imaged: the keys of the substitution renameSimplify hands on
	imaged         []*term.Term
	taken, bodyArg *term.TermMap[bool]
	elim           map[*term.Term]*term.Term
	sub            map[*term.Term]*term.Term // rename's
	// hasValue: the variables given a value by one merge (elim's keys,
	// before the locals are solved); conj: the conjuncts of the using
	// clause it reads; split: those of a conjunction it adds, one at a
	// time; renamed: the conjuncts renameSimplify gives it
	hasValue             *term.TermMap[bool]
	conj, split, renamed []*term.Term
	// vars: the scratch list of a merged clause's variables before
	// canonicalMerged orders them; elimOrder, parts, local, kept: merge's
	// other lists, emptied
	vars, elimOrder, local, kept []*term.Term
	// touched, simplified: merge's using clause's conjuncts with a
	// variable given a value, and what they simplify to
	touched, simplified []*term.Term
	parts               []part
	// canonical: the tests' check of canonicalMerged's shortcut (nil:
	// none)
	canonical *canonicalCheck
}

// table is m emptied, made when nil or when it held more than
// smallTable entries: a Go map keeps its room when cleared, and every
// range over it (SimplifyMap and SimplifyConjuncts range over the map
// they are given) then costs that room, however few its entries.
func table[V any](m *map[*term.Term]V) map[*term.Term]V {
	if *m == nil || len(*m) > smallTable {
		*m = make(map[*term.Term]V, smallTable)
	} else {
		clear(*m)
	}
	return *m
}

// smallTable is the most entries of a map that stays one group of
// slots (the room a cleared table keeps).
const smallTable = 8

// clauseInfo is what the inliner knows of a clause.
// (int32s: a clause's entry is kept for the whole pass, for the clauses
// of the input and the merged ones)
type clauseInfo struct {
	dead       bool
	next, prev int32       // output order
	size       int32       // term.Size of the constraint, -1 until needed
	bound      int32       // sizeBound, -1 until needed
	cons       int32       // consBound, -1 until needed
	copies     [2]int32    // copies(c, false), copies(c, true); -1 until needed
	proj       *projection // memo of project
	merge      *merge      // how a merged clause came about; nil for an input clause
}

// A removal is an inlined predicate and the clauses that defined it.
type removal struct {
	p     *chc.Pred
	ds    []*chc.Clause
	projs []*projection
}

// A merge records how a merged clause came from a using clause c and a
// defining clause d of p: what became of each body atom of c, and where
// the values of c's variables come from. The sources are kept compact
// (see sources): a merged clause's derivation nodes are translated by few
// runs, and every merge would otherwise keep 24 bytes per variable of c
// and of d, which the collector scans.
type merge struct {
	c, d *chc.Clause
	segs []segment
	// remap is the index in the merged clause of each of its variables
	// before canonicalConsts ordered them (c's variables first, in their
	// order), -1 for those that left
	remap []int32
	cdefs []srcDef // c's variables eliminated, with their definitions
	// local: the merged clause has a variable that is no argument of
	// its atoms (see project)
	local bool
}

// A segment says what became of a body atom of the using clause: the new
// body atoms start..start+count, and for an inlined occurrence (pr not
// nil) the sources of the defining clause's variables: the index of each
// in the merged clause before canonicalConsts (-1: none), and the
// definitions of those eliminated. A variable of the defining clause
// that its projection defines (pr.sub) and that is no variable of the
// merged clause has no source: its value is its definition under the
// values of the defining clause's head arguments, computed by unmerge,
// not by every merge (see definedValues).
type segment struct {
	start, count int
	src          []int32
	defs         []srcDef
	pr           *projection // the defining clause's (nil: the atom was kept)
}

// A srcDef is a variable of an old clause (by index) that a merge
// eliminated, and its definition over the merged clause's variables.
type srcDef struct {
	i int
	t *term.Term
}

func newInliner(poll *chc.Budget, s *chc.System) (*inliner, error) {
	n := len(s.Preds)
	in := &inliner{
		s: s, st: s.St, head: -1,
		defs: make([][]int, n), using: make([][]int, n), uses: make([]int, n),
		gone: make([]bool, n), queued: make([]bool, n),
		sizes: sizeTables.Get().(*term.TermMap[int32]), seenArgs: seenTables.Get().(*term.TermMap[bool]),
		argSet: seenTables.Get().(*term.TermMap[bool]),
		onto:   termTables.Get().(*term.TermMap[*term.Term]), fresh: termTables.Get().(*term.TermMap[*term.Term]),
		taken: seenTables.Get().(*term.TermMap[bool]), bodyArg: seenTables.Get().(*term.TermMap[bool]),
		hasValue: seenTables.Get().(*term.TermMap[bool]),
	}
	// (merged clauses mostly fewer than the clauses: one growth at most)
	in.cls = make([]*chc.Clause, 0, 2*len(s.Clauses))
	in.info = make([]clauseInfo, 0, 2*len(s.Clauses))
	in.carveLists()
	prev := -1
	for _, c := range s.Clauses {
		if err := poll.Step(); err != nil {
			return nil, err
		}
		i := in.add(c, nil)
		in.link(i, prev)
		prev = i
	}
	for _, p := range s.Preds {
		in.push(p)
	}
	return in, nil
}

// carveLists gives each predicate's lists of defining and using clauses
// (in.defs, in.using) the room the input's clauses need, carved out of
// one array (three-index slices: a list that grows past its room, with
// a merged clause, moves out): one allocation instead of one or more per
// predicate. The room of a using list is the predicate's occurrences,
// at least its using clauses.
func (in *inliner) carveLists() {
	n := len(in.s.Preds)
	room := make([]int, 2*n) // defining, then using, by predicate
	total := 0
	for _, c := range in.s.Clauses {
		if c.Head != nil {
			room[c.Head.Pred.ID]++
			total++
		}
		for j := range c.Body {
			room[n+c.Body[j].Pred.ID]++
			total++
		}
	}
	lists := make([]int, total)
	at := 0
	for p := range n {
		in.defs[p] = lists[at : at : at+room[p]]
		at += room[p]
		in.using[p] = lists[at : at : at+room[n+p]]
		at += room[n+p]
	}
}

// sizeTables, seenTables and termTables recycle the inliner's tables,
// which are paged by term ID (see term.TermMap): emptied, their pages
// serve the next pass.
var (
	sizeTables = sync.Pool{New: func() any { return new(term.TermMap[int32]) }}
	seenTables = sync.Pool{New: func() any { return new(term.TermMap[bool]) }}
	termTables = sync.Pool{New: func() any { return new(term.TermMap[*term.Term]) }}
)

// release gives the inliner's tables back, empty.
func (in *inliner) release() {
	in.sizes.Clear()
	sizeTables.Put(in.sizes)
	for _, tb := range []*term.TermMap[bool]{in.seenArgs, in.argSet, in.taken, in.bodyArg, in.hasValue} {
		tb.Clear()
		seenTables.Put(tb)
	}
	for _, tb := range []*term.TermMap[*term.Term]{in.onto, in.fresh} {
		tb.Clear()
		termTables.Put(tb)
	}
	in.sizes, in.seenArgs, in.argSet, in.taken, in.bodyArg, in.hasValue, in.onto, in.fresh = nil, nil, nil, nil, nil, nil, nil, nil
	in.conj, in.split, in.renamed, in.vars, in.elimOrder, in.parts, in.local, in.kept = nil, nil, nil, nil, nil, nil, nil, nil
	in.touched, in.simplified = nil, nil
}

// add registers clause c (merged when m is not nil) and returns its index.
func (in *inliner) add(c *chc.Clause, m *merge) int {
	i := len(in.cls)
	in.cls = append(in.cls, c)
	in.info = append(in.info, clauseInfo{next: -1, prev: -1, size: -1, bound: -1, cons: -1, copies: [2]int32{-1, -1}, merge: m})
	if c.Head != nil {
		p := c.Head.Pred.ID
		in.defs[p] = append(in.defs[p], i)
	}
	for j := range c.Body {
		p := c.Body[j].Pred.ID
		in.uses[p]++
		if u := in.using[p]; len(u) == 0 || u[len(u)-1] != i {
			in.using[p] = append(u, i)
		}
	}
	return i
}

// link puts clause i after clause prev in the output order (first when
// prev is -1).
func (in *inliner) link(i, prev int) {
	next := in.head
	if prev >= 0 {
		next = int(in.info[prev].next)
		in.info[prev].next = int32(i)
	} else {
		in.head = i
	}
	in.info[i].prev, in.info[i].next = int32(prev), int32(next)
	if next >= 0 {
		in.info[next].prev = int32(i)
	}
}

// kill removes clause i from the system.
func (in *inliner) kill(i int) {
	inf := &in.info[i]
	inf.dead = true
	c := in.cls[i]
	for j := range c.Body {
		in.uses[c.Body[j].Pred.ID]--
	}
	if inf.prev >= 0 {
		in.info[inf.prev].next = inf.next
	} else {
		in.head = int(inf.next)
	}
	if inf.next >= 0 {
		in.info[inf.next].prev = inf.prev
	}
}

// live prunes the dead and repeated clauses of list in place and returns
// the rest.
func (in *inliner) live(list *[]int) []int {
	out := (*list)[:0]
	for _, i := range *list {
		if !in.info[i].dead && (len(out) == 0 || out[len(out)-1] != i) {
			out = append(out, i)
		}
	}
	*list = out
	return out
}

func (in *inliner) push(p *chc.Pred) {
	if !in.queued[p.ID] && !in.gone[p.ID] {
		in.queued[p.ID] = true
		heap.Push(&in.cands, p.ID)
	}
}

// pick pops candidates, smallest index first, until one qualifies (see
// qualifies), and returns it with its defining clauses; nil when none
// does. A predicate that does not qualify leaves the candidates until an
// inlining changes one of its clauses.
func (in *inliner) pick(poll *chc.Budget) (*chc.Pred, []int) {
	for in.cands.Len() > 0 {
		if poll.Step() != nil {
			return nil, nil
		}
		p := in.s.Preds[heap.Pop(&in.cands).(int)]
		in.queued[p.ID] = false
		if ds := in.qualifies(p); ds != nil {
			return p, ds
		}
	}
	return nil, nil
}

// qualifies returns the defining clauses of p when Inline may eliminate
// p: one defining clause (and few uses or a small constraint), or several
// defining clauses and a single occurrence in a body. No defining clause
// may have p in its body, each must project (see project), and no merged
// clause may have a longer body than both clauses it comes from: linear
// systems stay linear, and nonlinear ones do not grow wider.
func (in *inliner) qualifies(p *chc.Pred) []int {
	if in.gone[p.ID] {
		return nil
	}
	uses := in.uses[p.ID]
	if uses == 0 || (uses > 1 && len(in.defs[p.ID]) > 1 && len(in.live(&in.defs[p.ID])) > 1) {
		return nil
	}
	ds := in.live(&in.defs[p.ID])
	switch {
	case len(ds) == 0:
		return nil
	case len(ds) == 1:
		big := func(size int) bool { return size > inlineMaxDef || (uses > 1 && size*(uses-1) > inlineMaxSize) }
		if big(in.crudeBound(ds[0])) && big(in.sizeBound(ds[0])) && big(in.size(ds[0])) {
			return nil
		}
	case uses > 1:
		return nil
	default:
		// the model of p is the disjunction of the defining clauses
		total, crude, bound := 0, 0, 0
		for _, di := range ds {
			crude += in.crudeBound(di)
		}
		if crude > inlineMaxSize {
			for _, di := range ds {
				bound += in.sizeBound(di)
			}
		}
		if bound > inlineMaxSize {
			for _, di := range ds {
				total += in.size(di)
			}
		}
		if total > inlineMaxSize {
			return nil
		}
	}
	for _, di := range ds {
		d := in.cls[di]
		for i := range d.Body {
			if d.Body[i].Pred == p {
				return nil
			}
		}
		if in.longer(p, d) {
			return nil
		}
	}
	for _, di := range ds {
		if !in.project(di).ok {
			return nil
		}
	}
	return ds
}

// longer reports whether inlining p's defining clause d makes the body of
// a using clause longer than both the using clause's and d's.
func (in *inliner) longer(p *chc.Pred, d *chc.Clause) bool {
	if len(d.Body) <= 1 {
		return false // occurrences are replaced one for one at most
	}
	for _, ci := range in.live(&in.using[p.ID]) {
		c := in.cls[ci]
		occ := 0
		for i := range c.Body {
			if c.Body[i].Pred == p {
				occ++
			}
		}
		if n := len(c.Body) - occ + occ*len(d.Body); n > max(len(c.Body), len(d.Body)) {
			return true
		}
	}
	return false
}

// sizeBound is a bound on in.size(i) that costs no walk of the
// constraint: one plus the sizes of its conjuncts (which share no
// subterm, at most), each walked once per pass (in.sizes). The limits
// are checked on it first, and on the size itself only when it passes
// them: the decisions are the size's.
func (in *inliner) sizeBound(i int) int {
	if s := in.info[i].size; s >= 0 {
		return int(s)
	}
	if b := in.info[i].bound; b >= 0 {
		return int(b)
	}
	if in.cls[i].Constraint.Op() != term.OpAnd {
		return in.size(i)
	}
	n := in.consBound(i) + in.copies(i, true)
	in.info[i].bound = int32(n)
	return n
}

// consBound is one plus the sizes of the conjuncts of clause i's
// constraint, each walked once per pass (in.sizes): a bound on its size
// (which it is when the constraint is no conjunction).
func (in *inliner) consBound(i int) int {
	if n := in.info[i].cons; n >= 0 {
		return int(n)
	}
	f := in.cls[i].Constraint
	n := 0
	if f.Op() != term.OpAnd {
		n = term.Size(f)
	} else {
		n = 1
		for _, a := range f.Args() {
			k := in.sizes.Get(a)
			if k == 0 {
				k = int32(smallSize(a))
				in.sizes.Set(a, k)
			}
			n += int(k)
		}
	}
	in.info[i].cons = int32(n)
	return n
}

// crudeBound is a bound on size(i) that costs no look at the arguments:
// consBound with 7, the most a copy counts (see copies), per argument of
// an atom. The limits are checked on it before sizeBound (and on the
// size itself last: the decisions are the size's): on a clause of one
// use, mostly, it decides.
func (in *inliner) crudeBound(i int) int {
	if s := in.info[i].size; s >= 0 {
		return int(s)
	}
	if b := in.info[i].bound; b >= 0 {
		return int(b)
	}
	n := in.consBound(i)
	if in.s.Relaxed {
		c := in.cls[i]
		if c.Head != nil {
			n += 7 * len(c.Head.Args)
		}
		for j := range c.Body {
			n += 7 * len(c.Body[j].Args)
		}
	}
	return n
}

// smallSize is term.Size(t) (its distinct nodes), counted in a list
// of at most smallNodes nodes searched in order: most conjuncts are a
// comparison of a variable with a value or another variable, and
// term.Size's walk and table of the nodes met cost more than they.
// Past smallNodes nodes it is term.Size.
func smallSize(t *term.Term) int {
	var buf [smallNodes]*term.Term
	nodes := buf[:0]
	var add func(u *term.Term) bool
	add = func(u *term.Term) bool {
		if slices.Contains(nodes, u) {
			return true
		}
		if len(nodes) == smallNodes {
			return false
		}
		nodes = append(nodes, u)
		for _, a := range u.Args() {
			if !add(a) {
				return false
			}
		}
		return true
	}
	if !add(t) {
		return term.Size(t)
	}
	return len(nodes)
}

// smallNodes is the most nodes smallSize counts in its list.
const smallNodes = 16

func (in *inliner) size(i int) int {
	if in.info[i].size < 0 {
		n := int(in.info[i].cons)
		if in.cls[i].Constraint.Op() == term.OpAnd || n < 0 {
			n = term.Size(in.cls[i].Constraint)
		}
		in.info[i].size = int32(n + in.copies(i, false))
	}
	return int(in.info[i].size)
}

// predHeap is a min-heap of predicate IDs.
type predHeap []int

func (h predHeap) Len() int           { return len(h) }
func (h predHeap) Less(i, j int) bool { return h[i] < h[j] }
func (h predHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *predHeap) Push(x any)        { *h = append(*h, x.(int)) }
func (h *predHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// copies is, for the clause i in the relaxed form (chc.System.Relaxed), the
// size that the copies x' = x of its shared arguments have in the strict
// form, where Simplify writes an arithmetic one as x' + (-1)·x = 0 (7
// nodes apart, 5 new to the clause's DAG: x is mostly in no other
// conjunct) and another as x' = x (3 and 2): the size limits then decide
// as they do on the strict form, which they were set on (0 for a clause
// of the strict form). bound: the size apart, for sizeBound.
// Both are counted in one walk and kept with the clause.
func (in *inliner) copies(i int, bound bool) int {
	if !in.s.Relaxed {
		return 0
	}
	cp := &in.info[i].copies
	if cp[0] < 0 {
		cp[0], cp[1] = 0, 0
		sharedArgs(in.cls[i], in.seenArgs, func(x *term.Term) {
			if x.Sort().IsArith() {
				cp[0] += 5
				cp[1] += 7
			} else {
				cp[0] += 2
				cp[1] += 3
			}
		})
	}
	if bound {
		return int(cp[1])
	}
	return int(cp[0])
}
