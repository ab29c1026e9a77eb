package passes

import (
	"context"
	"fmt"
	"iter"
	"sync"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// This file holds what the preprocessing passes share: a rebuild collects
// the new system of a pass together with, for every new clause, how a
// derivation node of it becomes a node of the old system, and for every
// removed predicate how its model formula follows from the new model. Its
// translator is the pass's Translator.

// A rebuild is a pass's output under construction.
type rebuild struct {
	old, new *chc.System
	preds    predMap       // old predicate → its new predicate (kept ones only)
	origins  []*origin     // by new clause: how its nodes translate back (nil: a node of the clause itself)
	removed  []removedPred // old predicates without a new one, in order
	changed  bool
	// memo is the memo of the Preprocess call (nil: none): a clause that
	// keepClause copies onto new predicates keeps what it records of
	// the clause (see kept.carry)
	memo *kept
}

// A predMap maps the predicates of a system: a slice by ID for those
// whose ID is their index in the system, a map for others.
type predMap struct {
	sys   *chc.System
	byID  []*chc.Pred
	other map[*chc.Pred]*chc.Pred
}

func (m *predMap) own(p *chc.Pred) bool {
	return p.ID >= 0 && p.ID < len(m.sys.Preds) && m.sys.Preds[p.ID] == p
}

func (m *predMap) get(p *chc.Pred) *chc.Pred {
	if m.own(p) {
		if p.ID < len(m.byID) {
			return m.byID[p.ID]
		}
		return nil
	}
	return m.other[p]
}

func (m *predMap) set(p, q *chc.Pred) {
	if !m.own(p) {
		if m.other == nil {
			m.other = map[*chc.Pred]*chc.Pred{}
		}
		m.other[p] = q
		return
	}
	if m.byID == nil {
		m.byID = make([]*chc.Pred, len(m.sys.Preds))
	}
	m.byID[p.ID] = q
}

// A removedPred gives the model formula of an old predicate that the new
// system lacks, from the translated model of the kept predicates.
type removedPred struct {
	pred    *chc.Pred
	formula func(m chc.Model) (*term.Term, error)
}

// An origin turns a node of a new clause, whose children are already
// translated, into a node of the old system; poll is polled by an origin
// that makes many nodes.
type origin struct {
	back func(poll *chc.Budget, n *chc.Node, kids []*chc.Node) (*chc.Node, error)
}

// A varSource says where the value of an old clause variable comes from,
// given a node of the new clause: the new node's value at index (when
// index ≥ 0), else the value of def under the new node's values (when def
// is set), else the head argument arg of the translated child (when child
// ≥ 0), else the default value of the variable's sort. (int32s: the
// sources of every merged clause's variables are kept for its
// derivations, 24 bytes apiece.)
type varSource struct {
	def               *term.Term
	index, child, arg int32
}

func fromIndex(i int) varSource { return varSource{index: int32(i), child: -1} }

var fromDefault = varSource{index: -1, child: -1}

// newRebuild starts a system from old; memo is the memo of the
// Preprocess call, or nil (see rebuild.memo).
func newRebuild(old *chc.System, memo *kept) *rebuild {
	// (the lists made for as many clauses and predicates as old's: most
	// passes keep most of them, and a list grown from empty is copied
	// at each doubling)
	return &rebuild{
		old: old,
		new: &chc.System{St: old.St, FixedpointFormat: old.FixedpointFormat, Relaxed: old.Relaxed,
			Preds: make([]*chc.Pred, 0, len(old.Preds)), Clauses: make([]*chc.Clause, 0, len(old.Clauses))},
		origins: make([]*origin, 0, len(old.Clauses)),
		preds:   predMap{sys: old},
		memo:    memo,
	}
}

// keepPred adds old predicate p to the new system, with the parameters at
// the positions keep (nil: all of them). The new predicate is p itself when
// its index and arity are unchanged.
func (r *rebuild) keepPred(p *chc.Pred, keep []int) *chc.Pred {
	id := len(r.new.Preds)
	var np *chc.Pred
	switch {
	case keep == nil || len(keep) == len(p.Params):
		if p.ID == id {
			np = p
		} else {
			np = &chc.Pred{ID: id, Func: p.Func, Params: p.Params}
			r.changed = true
		}
	default:
		dom := make([]*term.Sort, len(keep))
		params := make([]*term.Term, len(keep))
		for i, k := range keep {
			params[i] = p.Params[k]
			dom[i] = p.Params[k].Sort()
		}
		// the same name with the new signature: a different Func, and no
		// other predicate of the system has the name
		np = &chc.Pred{ID: id, Func: r.old.St.Func(p.Name(), dom, term.BoolSort), Params: params}
		r.changed = true
	}
	r.new.Preds = append(r.new.Preds, np)
	r.preds.set(p, np)
	return np
}

// removePred leaves p out of the new system; formula gives its model.
func (r *rebuild) removePred(p *chc.Pred, formula func(m chc.Model) (*term.Term, error)) {
	r.removed = append(r.removed, removedPred{p, formula})
	r.changed = true
}

// atom maps a to the new predicates: the new predicate of a.Pred applied to
// the arguments at positions keep (nil: all). It panics if a.Pred was not
// kept, a bug in the pass.
func (r *rebuild) atom(a *chc.Atom, keep []int) chc.Atom {
	np := r.preds.get(a.Pred)
	if np == nil {
		panic("chc: atom of a removed predicate " + a.Pred.Name())
	}
	if keep == nil {
		return chc.Atom{Pred: np, Args: a.Args}
	}
	args := make([]*term.Term, len(keep))
	for i, k := range keep {
		args[i] = a.Args[k]
	}
	return chc.Atom{Pred: np, Args: args}
}

// keepClause adds c with its atoms mapped to the new predicates; it is c
// itself when no predicate changed.
func (r *rebuild) keepClause(c *chc.Clause) {
	same := c.Head == nil || r.preds.get(c.Head.Pred) == c.Head.Pred
	for i := range c.Body {
		same = same && r.preds.get(c.Body[i].Pred) == c.Body[i].Pred
	}
	if same {
		r.add(c, nil)
		return
	}
	nc := &chc.Clause{Constraint: c.Constraint, Vars: c.Vars, Origin: c.Origin, Body: make([]chc.Atom, len(c.Body))}
	if c.Head != nil {
		h := r.atom(c.Head, nil)
		nc.Head = &h
	}
	for i := range c.Body {
		nc.Body[i] = r.atom(&c.Body[i], nil)
	}
	// nc has c's variables in c's order, and its arguments: a node of
	// nc is a node of c with the same values (no sources to keep, and
	// no order to find: the Vars of a clause of a pass's input are in
	// the order canonicalConsts gives already)
	r.changed = true
	r.add(nc, &origin{back: func(_ *chc.Budget, n *chc.Node, kids []*chc.Node) (*chc.Node, error) {
		return &chc.Node{Clause: c, Values: n.Values, Children: kids}, nil
	}})
	r.memo.carry(c, nc)
}

// addClause adds nc, whose nodes translate to nodes of old with the values
// src gives and the children of nc in order (nc and old have as many body
// atoms).
func (r *rebuild) addClause(nc, old *chc.Clause, src []varSource) {
	r.addClauseConsts(nc, old, src, nil)
}

// addCanonical is addClause for nc whose Vars are in the order
// canonicalConsts gives already (each of them an atom's argument or a
// free constant of its constraint).
func (r *rebuild) addCanonical(nc, old *chc.Clause, src []varSource) {
	st := r.old.St
	r.changed = true
	r.add(nc, &origin{back: func(_ *chc.Budget, n *chc.Node, kids []*chc.Node) (*chc.Node, error) {
		vals, err := sourceValues(st, n, kids, old, src)
		if err != nil {
			return nil, err
		}
		return &chc.Node{Clause: old, Values: vals, Children: kids}, nil
	}})
}

// addLazy is addCanonical with the sources made by sources when a
// derivation node of nc is first translated (and kept from then on).
func (r *rebuild) addLazy(nc, old *chc.Clause, sources func() []varSource) {
	st := r.old.St
	r.changed = true
	var once sync.Once
	var src []varSource
	r.add(nc, &origin{back: func(_ *chc.Budget, n *chc.Node, kids []*chc.Node) (*chc.Node, error) {
		once.Do(func() { src = sources() })
		vals, err := sourceValues(st, n, kids, old, src)
		if err != nil {
			return nil, err
		}
		return &chc.Node{Clause: old, Values: vals, Children: kids}, nil
	}})
}

// addClauseConsts is addClause with the free constants of nc's
// constraint, sorted by ID, when the caller has them (nil: not at hand).
func (r *rebuild) addClauseConsts(nc, old *chc.Clause, src []varSource, consts []*term.Term) {
	st := r.old.St
	if consts == nil {
		consts = st.SharedFreeConsts(nc.Constraint)
	}
	remapSources(src, canonicalConsts(nc, consts))
	r.addCanonical(nc, old, src)
}

// add adds the new clause nc, whose nodes o translates back (nil: nc is
// a clause of the old system, its nodes are its own).
func (r *rebuild) add(nc *chc.Clause, o *origin) {
	r.new.Clauses = append(r.new.Clauses, nc)
	r.origins = append(r.origins, o)
}

// canonicalConsts puts nc.Vars in the order Read gives them, so that printing
// and reading back gives the same clause: the atoms' arguments (head
// first), then the other variables that the constraint mentions, in their
// order; other variables leave. remap gives the new index of each former
// one, -1 if it left. consts are the free constants of nc's constraint,
// sorted by ID (nil: it finds them).
func canonicalConsts(nc *chc.Clause, consts []*term.Term) (remap []int32) {
	var index *term.TermMap[int32] // past smallSet variables: the index plus one
	if len(nc.Vars) > smallSet {
		index = varIndexes.Get().(*term.TermMap[int32])
		defer func() {
			index.Clear()
			varIndexes.Put(index)
		}()
		for i, x := range nc.Vars {
			index.Set(x, int32(i+1))
		}
	}
	indexOf := func(x *term.Term) (int, bool) {
		if index != nil {
			i := index.Get(x)
			return int(i) - 1, i != 0
		}
		for i, y := range nc.Vars {
			if y == x {
				return i, true
			}
		}
		return 0, false
	}
	if consts == nil {
		consts = term.FreeConsts(nc.Constraint)
	}
	inCons := varSet{list: consts, sorted: true}
	return canonicalOrder(nc, indexOf, inCons.has)
}

// canonicalOrder is canonicalConsts with nc's variables found by indexOf
// (the index in nc.Vars) and those of its constraint by inCons; the new
// nc.Vars is a list of its own, as long as needed.
func canonicalOrder(nc *chc.Clause, indexOf func(x *term.Term) (int, bool), inCons func(x *term.Term) bool) (remap []int32) {
	remap = make([]int32, len(nc.Vars))
	for i := range remap {
		remap[i] = -1
	}
	n := int32(0)
	for x := range atomArgs(nc) {
		if i, ok := indexOf(x); ok && remap[i] < 0 {
			remap[i] = n
			n++
		}
	}
	for _, x := range nc.Vars {
		if !inCons(x) {
			continue
		}
		if i, ok := indexOf(x); ok && remap[i] < 0 {
			remap[i] = n
			n++
		}
	}
	vars := make([]*term.Term, n)
	for i, k := range remap {
		if k >= 0 {
			vars[k] = nc.Vars[i]
		}
	}
	nc.Vars = vars
	return remap
}

// remapSources moves the indices of src to the new positions of remap; a
// variable that left takes the default value, which is right because the
// clause does not mention it.
func remapSources(src []varSource, remap []int32) {
	for i := range src {
		if src[i].index >= 0 {
			src[i].index = remap[src[i].index]
		}
	}
}

// sourceValues computes the values of old's variables for the node n of a
// new clause (see varSource).
func sourceValues(st *term.Store, n *chc.Node, kids []*chc.Node, old *chc.Clause, src []varSource) ([]*term.Term, error) {
	var m *term.Model
	vals := make([]*term.Term, len(old.Vars))
	for j, s := range src {
		switch {
		case s.index >= 0:
			vals[j] = n.Values[s.index]
		case s.def != nil:
			if m == nil {
				var err error
				if m, err = n.Bindings(st); err != nil {
					return nil, err
				}
			}
			v, err := m.Eval(s.def)
			if err != nil {
				return nil, err
			}
			vals[j] = v
		case s.child >= 0:
			v, err := headValue(st, kids[s.child], int(s.arg))
			if err != nil {
				return nil, err
			}
			vals[j] = v
		default:
			vals[j] = st.DefaultValue(old.Vars[j].Sort())
		}
	}
	return vals, nil
}

// headValue is the value of head argument i of node n.
func headValue(st *term.Store, n *chc.Node, i int) (*term.Term, error) {
	if n.Clause.Head == nil || i >= len(n.Clause.Head.Args) {
		return nil, fmt.Errorf("chc: derivation node without head argument %d", i)
	}
	m, err := n.Bindings(st)
	if err != nil {
		return nil, err
	}
	return m.Eval(n.Clause.Head.Args[i])
}

// result is the new system and its translator, or s and Identity when
// nothing changed.
func (r *rebuild) result() (*chc.System, Translator) {
	if !r.changed && len(r.new.Clauses) == len(r.old.Clauses) {
		return r.old, Identity{}
	}
	return r.new, &rebuildTranslator{r}
}

type rebuildTranslator struct{ r *rebuild }

func (t *rebuildTranslator) Model(ctx context.Context, m chc.Model) (chc.Model, error) {
	r := t.r
	st := r.old.St
	poll := chc.NewBudget(ctx)
	out := make(chc.Model, len(r.old.Preds))
	for _, p := range r.old.Preds {
		if np := r.preds.get(p); np != nil {
			out[p] = m.Lookup(st, np)
		}
	}
	for _, rp := range r.removed {
		if err := poll.Step(); err != nil {
			return nil, err
		}
		f, err := rp.formula(out)
		if err != nil {
			return nil, fmt.Errorf("chc: model of %s: %w", rp.pred.Name(), err)
		}
		out[rp.pred] = f
	}
	return out, nil
}

func (t *rebuildTranslator) Derivation(ctx context.Context, root *chc.Node) (*chc.Node, error) {
	poll := chc.NewBudget(ctx)
	index := make(map[*chc.Clause]int, len(t.r.new.Clauses))
	for i, c := range t.r.new.Clauses {
		if err := poll.Step(); err != nil {
			return nil, err
		}
		index[c] = i
	}
	return mapDerivation(poll, root, func(n *chc.Node, kids []*chc.Node) (*chc.Node, error) {
		i, ok := index[n.Clause]
		if !ok {
			return nil, fmt.Errorf("chc: derivation node of a clause not in the transformed system")
		}
		if o := t.r.origins[i]; o != nil {
			return o.back(poll, n, kids)
		}
		return &chc.Node{Clause: n.Clause, Values: n.Values, Children: kids}, nil
	})
}

// argVars is the set of the variables that are arguments of c's atoms.
func argVars(c *chc.Clause) varSet {
	n := 0
	if c.Head != nil {
		n = len(c.Head.Args)
	}
	for i := range c.Body {
		n += len(c.Body[i].Args)
	}
	s := varSet{list: make([]*term.Term, 0, n)}
	for a := range atomArgs(c) {
		s.add(a)
	}
	return s
}

// atomArgs yields the arguments of c's atoms in order, the head's first
// (a variable of several atoms, or several times in one, each time).
func atomArgs(c *chc.Clause) iter.Seq[*term.Term] {
	return func(yield func(*term.Term) bool) {
		if c.Head != nil {
			for _, x := range c.Head.Args {
				if !yield(x) {
					return
				}
			}
		}
		for i := range c.Body {
			for _, x := range c.Body[i].Args {
				if !yield(x) {
					return
				}
			}
		}
	}
}

// conjunctConsts yields the free constants of f conjunct by conjunct (a
// constant of several conjuncts once per conjunct): the store keeps each
// conjunct's list, and no list of them all is made for f, a clause's
// constraint that may be read once only.
func conjunctConsts(st *term.Store, f *term.Term) iter.Seq[*term.Term] {
	return func(yield func(*term.Term) bool) {
		one := [1]*term.Term{f}
		cs := one[:]
		if f.Op() == term.OpAnd {
			cs = f.Args()
		}
		for _, a := range cs {
			for _, x := range st.SharedFreeConsts(a) {
				if !yield(x) {
					return
				}
			}
		}
	}
}

// A varSet is a set of terms: a list searched in order while it is short
// (a clause's arguments, mostly); past smallSet members, a list sorted
// by ID is searched by halves and another is hashed by ID into a table
// (made when first searched). A list costs one allocation, where a map
// costs several and its hashing.
type varSet struct {
	list   []*term.Term
	sorted bool     // list is sorted by ID
	table  []uint32 // open addressing by ID: an index into list plus one (0: empty), len a power of two (nil: not made)
	shift  uint
	// at, when set, holds every member with a value other than 0 (and
	// no other term): has reads it (see clauseArgs)
	at *idMap[int32]
}

const smallSet = 16

func (s *varSet) add(x *term.Term) {
	if s.at != nil {
		panic("passes: add to a clause's argument set")
	}
	n := len(s.list)
	s.sorted = n == 0 || (s.sorted && s.list[n-1].ID() <= x.ID())
	s.list = append(s.list, x)
	s.table = nil
}

func (s *varSet) has(x *term.Term) bool {
	if s.at != nil {
		return s.at.Get(x) != 0
	}
	if len(s.list) <= smallSet {
		for _, y := range s.list {
			if y == x {
				return true
			}
		}
		return false
	}
	if s.sorted {
		id := x.ID()
		lo, hi := 0, len(s.list)
		for lo < hi {
			m := int(uint(lo+hi) >> 1)
			if s.list[m].ID() < id {
				lo = m + 1
			} else {
				hi = m
			}
		}
		return lo < len(s.list) && s.list[lo] == x
	}
	if s.table == nil {
		s.hash()
	}
	mask := uint32(len(s.table) - 1)
	for i := (x.ID() * 0x9e3779b1) >> s.shift; ; i = (i + 1) & mask {
		switch k := s.table[i]; {
		case k == 0:
			return false
		case s.list[k-1] == x:
			return true
		}
	}
}

// hash makes the table of s.list.
func (s *varSet) hash() {
	bits := uint(1)
	for 1<<bits < 2*len(s.list) {
		bits++
	}
	s.table, s.shift = make([]uint32, 1<<bits), 32-bits
	mask := uint32(len(s.table) - 1)
	for j, x := range s.list {
		for i := (x.ID() * 0x9e3779b1) >> s.shift; ; i = (i + 1) & mask {
			if k := s.table[i]; k == 0 || s.list[k-1] == x {
				s.table[i] = uint32(j + 1)
				break
			}
		}
	}
}

// varIndexes recycles the tables of canonicalConsts.
var varIndexes = sync.Pool{New: func() any { return new(term.TermMap[int32]) }}
