package term

import (
	"maps"
	"sort"
)

// Clone returns an independent copy of st: the same sorts, symbols and
// terms with the same IDs, so that clone.Term(t.ID()) is the copy of t and
// a computation on the clone makes the same choices as on st. Terms made
// afterwards in one store do not appear in the other. Clone lets engines
// run concurrently, each on its own store (a Store is not safe for
// concurrent use, and Clone is a use of st: it indexes the symbols Fresh
// made first); it takes time linear in the size of st.
func (st *Store) Clone() *Store {
	st.indexFresh()
	c := &Store{
		terms:    make([]*Term, len(st.terms)),
		sorts:    make(map[sortKey]*Sort, len(st.sorts)),
		nextSort: st.nextSort,
		funcs:    make(map[string]*Func, len(st.funcs)),
		bang:     maps.Clone(st.bang),
		nfuncs:   st.nfuncs,
		fresh:    st.fresh,
	}
	c.index.slots = append([]internSlot(nil), st.index.slots...)
	c.index.mask, c.index.shift, c.index.used = st.index.mask, st.index.shift, st.index.used

	// Sorts by ID, so that a parameter is copied before the sorts over it.
	sorts := make([]*Sort, 0, len(st.sorts))
	for _, s := range st.sorts {
		sorts = append(sorts, s)
	}
	sort.Slice(sorts, func(i, j int) bool { return sorts[i].id < sorts[j].id })
	sortMap := map[*Sort]*Sort{BoolSort: BoolSort, IntSort: IntSort, RealSort: RealSort}
	mapSort := func(s *Sort) *Sort {
		if s == nil {
			return nil
		}
		return sortMap[s]
	}
	for _, s := range sorts {
		n := &Sort{kind: s.kind, name: s.name, id: s.id, width: s.width} // Bit-vectors: the width
		for _, p := range s.params {
			n.params = append(n.params, mapSort(p))
		}
		sortMap[s] = n
	}
	for k, s := range st.sorts {
		c.sorts[k] = sortMap[s] // keys hold sort IDs, which are unchanged
	}

	funcMap := make(map[*Func]*Func, len(st.funcs))
	for name, first := range st.funcs {
		var prev *Func
		for f := first; f != nil; f = f.next {
			n := &Func{name: f.name, rng: mapSort(f.rng), id: f.id, bound: f.bound, divByZero: f.divByZero}
			for _, d := range f.domain {
				n.domain = append(n.domain, mapSort(d))
			}
			funcMap[f] = n
			if prev == nil {
				c.funcs[name] = n
			} else {
				prev.next = n
			}
			prev = n
		}
	}

	for i, t := range st.terms {
		n := c.newTerm(len(t.args))
		n.id, n.op, n.flags, n.sort, n.rat = t.id, t.op, t.flags, mapSort(t.sort), t.rat
		if t.fn != nil {
			n.fn = funcMap[t.fn]
		}
		for j, a := range t.args {
			n.args[j] = c.terms[a.id] // arguments have smaller IDs
		}
		c.terms[i] = n
	}
	c.tru, c.fls = c.terms[st.tru.id], c.terms[st.fls.id]
	for f, n := range funcMap { // each its own definition: no order reaches a result
		if d := f.rec; d != nil {
			n.rec = &RecDef{Param: c.terms[d.Param.id], Cases: make([]*Term, len(d.Cases))}
			for i, x := range d.Cases {
				n.rec.Cases[i] = c.terms[x.id]
			}
			for _, fs := range d.Fields {
				m := make([]*Term, len(fs))
				for i, x := range fs {
					m[i] = c.terms[x.id]
				}
				n.rec.Fields = append(n.rec.Fields, m)
			}
		}
	}
	st.cloneDatatypes(c, sortMap, funcMap) // Datatypes
	return c
}

// A Copier copies terms of one store into another, structurally: the copy
// of a constant is the constant of the same name and sort in the target
// (declared there if missing), and no rewriting happens on the way. It
// remembers what it copied; it is not safe for concurrent use, and neither
// store may be used concurrently with it.
type Copier struct {
	from, to *Store
	memo     map[*Term]*Term
	sorts    map[*Sort]*Sort
	funcs    map[*Func]*Func
}

// NewCopier returns a Copier from store from into store to.
func NewCopier(from, to *Store) *Copier {
	return &Copier{from: from, to: to, memo: map[*Term]*Term{},
		sorts: map[*Sort]*Sort{BoolSort: BoolSort, IntSort: IntSort, RealSort: RealSort},
		funcs: map[*Func]*Func{}}
}

// Sort is the copy of s in the target store.
func (cp *Copier) Sort(s *Sort) *Sort {
	if n, ok := cp.sorts[s]; ok {
		return n
	}
	if s.kind == KindDatatype { // Datatypes
		return cp.datatypeSort(s)
	}
	params := make([]*Sort, len(s.params))
	for i, p := range s.params {
		params[i] = cp.Sort(p)
	}
	n := cp.to.internSort(s.kind, s.name, params)
	cp.sorts[s] = n
	return n
}

// Func is the copy of f in the target store.
func (cp *Copier) Func(f *Func) *Func {
	if n, ok := cp.funcs[f]; ok {
		return n
	}
	if f.adt != nil { // Datatypes
		n := cp.adtFunc(f)
		cp.funcs[f] = n
		return n
	}
	dom := make([]*Sort, len(f.domain))
	for i, d := range f.domain {
		dom[i] = cp.Sort(d)
	}
	n := cp.to.internFunc(f.name, dom, cp.Sort(f.rng), f.bound)
	cp.funcs[f] = n
	cp.copyRec(f, n)
	return n
}

// Term is the copy of t in the target store.
func (cp *Copier) Term(t *Term) *Term {
	if t == nil {
		return nil
	}
	if n, ok := cp.memo[t]; ok {
		return n
	}
	var args []*Term
	if len(t.args) > 0 {
		args = make([]*Term, len(t.args))
		for i, a := range t.args {
			args[i] = cp.Term(a)
		}
	}
	var fn *Func
	if t.fn != nil {
		fn = cp.Func(t.fn)
	}
	n := cp.to.intern(t.op, cp.Sort(t.sort), args, fn, t.Num())
	cp.memo[t] = n
	return n
}

// Terms copies each of ts.
func (cp *Copier) Terms(ts []*Term) []*Term {
	if ts == nil {
		return nil
	}
	out := make([]*Term, len(ts))
	for i, t := range ts {
		out[i] = cp.Term(t)
	}
	return out
}
