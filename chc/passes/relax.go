package passes

import (
	"context"
	"slices"
	"sync"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// relaxCopies picks, among the copies inert (x, y) that peelCopies set
// aside from the constraint of c (x occurs in no other conjunct), those
// that Simplify's relaxed form takes out: x and y arguments of different
// atoms, x of one atom only, and y not an argument of x's atom already
// (nor given to it by another copy). It gives the other copies back and
// the renaming x → y of those taken (nil: none; else a table of
// renamings, to give back with putRenaming). atomOf is the atom of each
// argument of c, as clauseArgs holds it.
func relaxCopies(c *chc.Clause, inert [][2]*term.Term, atomOf *idMap[int32]) (rest [][2]*term.Term, ren *term.TermMap[*term.Term]) {
	sc := relaxScratches.Get().(*relaxScratch)
	defer func() {
		sc.givenBits.Clear()
		clear(sc.given)
		relaxScratches.Put(sc)
	}()
	atom := func(k int32) *chc.Atom {
		if k == 1 {
			return c.Head
		}
		return &c.Body[k-2]
	}
	// given: the atoms y was given to by a copy taken, as bits of
	// givenBits for the first 64 atoms, in the map for the others
	given := func(k int32, y *term.Term) bool {
		if k < 64 {
			return sc.givenBits.Get(y)&(1<<k) != 0
		}
		return sc.given[atomVar{k, y}]
	}
	give := func(k int32, y *term.Term) {
		if k < 64 {
			sc.givenBits.Set(y, sc.givenBits.Get(y)|1<<k)
			return
		}
		if sc.given == nil {
			sc.given = map[atomVar]bool{}
		}
		sc.given[atomVar{k, y}] = true
	}
	rest = inert[:0:0]
	for _, e := range inert {
		x, y := e[0], e[1]
		kx, ky := atomOf.Get(x), atomOf.Get(y)
		switch {
		case kx <= 0 || ky == 0 || kx == ky:
		case ky < 0 && slices.Contains(atom(kx).Args, y):
		case given(kx, y):
		default:
			give(kx, y)
			if ren == nil {
				ren = renamings.Get().(*term.TermMap[*term.Term])
			}
			ren.Set(x, y)
			continue
		}
		rest = append(rest, e)
	}
	return rest, ren
}

// An atomVar is an atom of a clause (see relaxCopies) and a variable.
type atomVar struct {
	atom int32
	x    *term.Term
}

// A relaxScratch holds relaxCopies' tables between calls.
type relaxScratch struct {
	givenBits term.TermMap[uint64]
	given     map[atomVar]bool
}

var relaxScratches = sync.Pool{New: func() any { return new(relaxScratch) }}

// renamings holds relaxCopies' renaming tables.
var renamings = sync.Pool{New: func() any { return new(term.TermMap[*term.Term]) }}

// putRenaming gives a renaming of relaxCopies back (none: nil).
func putRenaming(ren *term.TermMap[*term.Term]) {
	if ren != nil {
		ren.Clear()
		renamings.Put(ren)
	}
}

// relaxClause adds c with the constraint cons, equivalent to c's
// constraint given the definitions defs of local variables that cons no
// longer mentions and the copies x = ren[x] it no longer holds: each such
// x leaves the atoms for ren[x]. A derivation node of the new clause
// gives x the value of ren[x], a local variable its definition's value.
// args are c's atom arguments (clauseArgs).
func (r *rebuild) relaxClause(c *chc.Clause, args *varSet, cons *term.Term, defs map[*term.Term]*term.Term, ren *term.TermMap[*term.Term]) {
	consts := r.old.St.SharedFreeConsts(cons)
	inCons := &varSet{list: consts, sorted: true}
	nc := &chc.Clause{Constraint: cons, Origin: c.Origin}
	rename := func(a *chc.Atom) chc.Atom {
		na := r.atom(a, nil)
		args := make([]*term.Term, len(na.Args))
		for k, x := range na.Args {
			if y := ren.Get(x); y != nil {
				x = y
			}
			args[k] = x
		}
		na.Args = args
		return na
	}
	if c.Head != nil {
		h := rename(c.Head)
		nc.Head = &h
	}
	nc.Body = make([]chc.Atom, len(c.Body))
	for i := range c.Body {
		nc.Body[i] = rename(&c.Body[i])
	}
	r.addRewritten(c, nc, args, inCons, defs, ren)
}

// addRewritten adds nc, c rewritten: its constraint equivalent to c's
// given the definitions defs of variables that it no longer mentions
// and the copies x = ren[x] (ren nil: none) it no longer holds, its
// atoms c's with each such x renamed ren[x]; args are c's atom
// arguments, inCons the free constants of nc's constraint (sorted). It
// gives nc its Vars, in the order canonicalConsts gives, and a
// derivation node of nc gives x the value of ren[x], a variable
// defined its definition's value, another variable the default value.
func (r *rebuild) addRewritten(c, nc *chc.Clause, args, inCons *varSet, defs map[*term.Term]*term.Term, ren *term.TermMap[*term.Term]) {
	renamed := func(x *term.Term) *term.Term {
		if ren == nil {
			return nil
		}
		return ren.Get(x)
	}
	// The variables kept (those of c that no copy renames and that
	// are arguments of nc, as of c, or occur in its constraint), in the
	// order canonicalConsts gives: the atoms' arguments, then the others
	// in the order of c.Vars. index: 1 for a variable kept, its index
	// plus 2 once placed.
	index := varIndexes.Get().(*term.TermMap[int32])
	defer func() {
		index.Clear()
		varIndexes.Put(index)
	}()
	n := 0
	for _, x := range c.Vars {
		if renamed(x) == nil && (args.has(x) || inCons.has(x)) {
			index.Set(x, 1)
			n++
		}
	}
	nc.Vars = make([]*term.Term, 0, n)
	place := func(x *term.Term) {
		if index.Get(x) == 1 {
			index.Set(x, int32(len(nc.Vars)+2))
			nc.Vars = append(nc.Vars, x)
		}
	}
	for x := range atomArgs(nc) {
		place(x)
	}
	for _, x := range c.Vars {
		if inCons.has(x) {
			place(x)
		}
	}
	if ren == nil {
		// (the sources made when a derivation asks: most clauses
		// never meet one, and the sources would be 24 bytes for
		// every variable of c)
		r.addLazy(nc, c, func() []varSource { return rewrittenSources(c, nc, defs) })
		return
	}
	src := make([]varSource, len(c.Vars))
	for i, x := range c.Vars {
		if y := renamed(x); y != nil {
			x = y
		}
		switch k := index.Get(x); {
		case k > 1:
			src[i] = fromIndex(int(k - 2))
		case defs[x] != nil:
			src[i] = fromDefault
			src[i].def = defs[x]
		default:
			src[i] = fromDefault
		}
	}
	r.addCanonical(nc, c, src)
}

// rewrittenSources is the sources of addRewritten without a renaming:
// a variable of c that nc keeps has its index in nc.Vars, one that defs
// defines its definition, another the default value. (defs is not
// changed after the clause is made: it is read when a derivation asks.)
func rewrittenSources(c, nc *chc.Clause, defs map[*term.Term]*term.Term) []varSource {
	index := make(map[*term.Term]int32, len(nc.Vars))
	for i, x := range nc.Vars {
		index[x] = int32(i)
	}
	src := make([]varSource, len(c.Vars))
	for i, x := range c.Vars {
		if k, ok := index[x]; ok {
			src[i] = fromIndex(int(k))
			continue
		}
		src[i] = fromDefault
		src[i].def = defs[x]
	}
	return src
}

// Restrict is the pass that gives a system in the relaxed clause form
// (see Relax) the strict normal form: a variable that is an argument of
// an earlier atom (the head first, then the body in order) becomes a
// fresh variable x' in every later atom, with the copy x' = x in the
// constraint.
//
// The fresh variables are the pass's own, shared by the clauses: the
// k-th copy of a sort in a clause is the k-th variable of that sort that
// the pass made (a variable is the clause's own all the same, since no
// clause of the input has it, and a clause has each once). A system has
// thousands of copies and a clause a few dozen at most: the pass makes
// as many variables as its largest clause needs, where a variable per
// copy was a symbol, a name and a term each.
type Restrict struct{}

// Name is "restrict".
func (Restrict) Name() string { return "restrict" }

// Apply runs the pass on s.
func (Restrict) Apply(ctx context.Context, s *chc.System) (*chc.System, Translator, error) {
	poll := chc.NewBudget(ctx)
	if !s.Relaxed {
		return s, Identity{}, nil
	}
	if err := chc.CheckPreds(poll, s); err != nil {
		return nil, nil, err
	}
	st := s.St
	r := newRebuild(s, keptOf(ctx))
	for _, p := range s.Preds {
		r.keepPred(p, nil)
	}
	// index: a variable's index plus one in placed, the new clause's
	// arguments in order, each once (a table and a list per pass,
	// emptied per clause)
	index := varIndexes.Get().(*term.TermMap[int32])
	defer func() {
		index.Clear()
		varIndexes.Put(index)
	}()
	var placed []*term.Term
	var pools copyPools
	for _, c := range s.Clauses {
		if err := poll.Step(); err != nil {
			return nil, nil, err
		}
		if !hasSharedArg(c, index) {
			r.keepClause(c)
			continue
		}
		index.Clear()
		placed = placed[:0]
		pools.reset()
		var copies []*term.Term
		place := func(x *term.Term) {
			placed = append(placed, x)
			index.Set(x, int32(len(placed)))
		}
		fix := func(a *chc.Atom) chc.Atom {
			na := r.atom(a, nil)
			var args []*term.Term
			for k, x := range na.Args {
				if index.Get(x) == 0 {
					place(x)
					continue
				}
				if args == nil {
					args = append([]*term.Term(nil), na.Args...)
				}
				v := pools.take(st, x.Sort())
				args[k] = v
				place(v)
				copies = append(copies, st.SimplifyEq(v, x))
			}
			if args != nil {
				na.Args = args
			}
			return na
		}
		var head *chc.Atom
		if c.Head != nil {
			h := fix(c.Head)
			head = &h
		}
		body := make([]chc.Atom, len(c.Body))
		for j := range c.Body {
			body[j] = fix(&c.Body[j])
		}
		parts := append(term.Conjuncts(nil, c.Constraint), copies...)
		nc := &chc.Clause{Head: head, Body: body, Constraint: st.SimplifyAnd(parts), Origin: c.Origin}
		// the new clause's Vars in the order canonicalConsts gives: its
		// arguments, the copies' variables among them, then the other
		// variables of c (c.Vars are in that order: those its
		// constraint mentions, as the new constraint does), without
		// finding the free constants of the new constraint
		vars := make([]*term.Term, len(placed), len(c.Vars)+len(copies))
		copy(vars, placed)
		for _, x := range c.Vars {
			if index.Get(x) == 0 {
				vars = append(vars, x)
			}
		}
		nc.Vars = vars
		// (every variable of c is one of nc: its sources, each an index
		// in nc.Vars, made when a derivation asks, as addRewritten's)
		r.addLazy(nc, c, func() []varSource { return rewrittenSources(c, nc, nil) })
	}
	r.new.Relaxed = false
	sys, tr := r.result()
	if sys == s {
		strict := *s
		strict.Relaxed = false
		sys = &strict
	}
	return sys, tr, nil
}

// hasSharedArg reports whether an argument of c's atoms is an argument
// of an earlier atom too (Restrict's copies: a clause without keeps its
// atoms). seen is scratch, left empty.
func hasSharedArg(c *chc.Clause, seen *term.TermMap[int32]) bool {
	defer seen.Clear()
	k := int32(0)
	visit := func(a *chc.Atom) bool {
		k++
		for _, x := range a.Args {
			if j := seen.Get(x); j != 0 && j != k {
				return true
			}
			seen.Set(x, k)
		}
		return false
	}
	if c.Head != nil && visit(c.Head) {
		return true
	}
	for j := range c.Body {
		if visit(&c.Body[j]) {
			return true
		}
	}
	return false
}

// copyPools holds Restrict's variables of the copies, by sort (a system
// has a few sorts: a list searched in order).
type copyPools []copyPool

// A copyPool is the variables of one sort that Restrict made, of which a
// clause took the first used.
type copyPool struct {
	sort *term.Sort
	vars []*term.Term
	used int
}

// reset makes every variable free again, for the next clause.
func (ps copyPools) reset() {
	for i := range ps {
		ps[i].used = 0
	}
}

// take is a variable of sort s that the clause did not take yet, made
// when every one is taken.
func (ps *copyPools) take(st *term.Store, s *term.Sort) *term.Term {
	i := slices.IndexFunc(*ps, func(p copyPool) bool { return p.sort == s })
	if i < 0 {
		*ps = append(*ps, copyPool{sort: s})
		i = len(*ps) - 1
	}
	p := &(*ps)[i]
	if p.used == len(p.vars) {
		p.vars = append(p.vars, st.Fresh("copy", s))
	}
	p.used++
	return p.vars[p.used-1]
}

// sharedArgs calls f on each argument of c's atoms (the head first, then
// the body in order) that an earlier atom has too: in the relaxed clause
// form, once per copy x' = x the strict form would have. seen is scratch,
// left empty.
func sharedArgs(c *chc.Clause, seen *term.TermMap[bool], f func(x *term.Term)) {
	defer seen.Clear()
	visit := func(a *chc.Atom) {
		for _, x := range a.Args {
			if seen.Get(x) {
				f(x)
			}
			seen.Set(x, true)
		}
	}
	if c.Head != nil {
		visit(c.Head)
	}
	for j := range c.Body {
		visit(&c.Body[j])
	}
}
