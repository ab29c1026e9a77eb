package arrays

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/seed-f9c3434d/gospacer/euf"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Repairs are what the model needs before Values can build it.
type Repairs struct {
	// Splits are pairs of nodes in different classes whose values are
	// equal although the model needs them either merged or made
	// different: two selects of one class at indices of equal value that
	// read different values. The caller proposes each equality as a case
	// split.
	Splits [][2]euf.Node
	// Lemmas are default witnesses (see DefaultWitness).
	Lemmas []Lemma
}

// Empty reports whether no repair is needed.
func (r Repairs) Empty() bool { return len(r.Splits) == 0 && len(r.Lemmas) == 0 }

// entry is one index of an array value under construction.
type entry struct {
	i, v *term.Term // index and element values
	j    euf.Node   // the index node it came from
}

// Values builds the canonical array value of every array class. vals is
// indexed by node and must hold, at the root of every class of non-array
// sort that occurs as an index or element, the value the model gives the
// class; Values sets vals at the roots of the array classes. fresh(s)
// returns a value of sort s for a default no constant array fixes; fresh
// values should differ from each other where the sort allows, which keeps
// unrelated arrays apart.
//
// Array sorts are done by increasing nesting depth, so that the values of
// element and index arrays exist before the arrays that hold them. The
// value of a class has the entries read by its selects over the default of
// its store component (the classes connected by store terms), which is the
// value of the constant array in the component if there is one, else a
// fresh value. Values fails with Repairs when two selects of a class at
// equal indices disagree, or when one component holds constant arrays of
// different values (over an infinite index sort a witness lemma separates
// them; over a finite one this is an error). With empty Repairs and no
// error, every select, store and constant array term evaluates to its
// class's value; a violation of that (a missing lemma) is an error.
func (s *Solver) Values(vals []*term.Term, fresh func(*term.Sort) *term.Term) (Repairs, error) {
	return s.ValuesWith(vals, fresh, nil)
}

// ValuesWith is Values for a model whose non-array classes need array
// values too (a datatype value holding an array): an array class whose
// indices, elements or constant's element have no value yet waits, and
// when a pass over the waiting classes values none, more (if not nil) is
// called to value more classes in vals from the array values set so far;
// it reports whether it did. Values fails when classes still wait and
// more does not help.
func (s *Solver) ValuesWith(vals []*term.Term, fresh func(*term.Sort) *term.Term, more func() bool) (Repairs, error) {
	s.stats.Models++
	s.scan()
	g := s.g
	var rep Repairs
	// The array roots, by sort depth then node.
	s.epoch++
	var roots []euf.Node
	for _, n := range s.arrays {
		if r := g.Find(n); s.mark[r] != s.epoch {
			s.mark[r] = s.epoch
			roots = append(roots, r)
		}
	}
	slices.SortFunc(roots, func(a, b euf.Node) int {
		da, db := depth(g.Term(a).Sort()), depth(g.Term(b).Sort())
		if da != db {
			return da - db
		}
		return cmp.Compare(a, b)
	})
	comp := newComponents(g, roots, s.stores)
	// Selects by root of their array.
	s.sortSelects()
	ranges := make(map[euf.Node][2]int, len(roots))
	for lo := 0; lo < len(s.sel); {
		r := euf.Node(s.bySel[lo] >> 32)
		hi := lo + 1
		for hi < len(s.sel) && euf.Node(s.bySel[hi]>>32) == r {
			hi++
		}
		ranges[r] = [2]int{lo, hi}
		lo = hi
	}
	defaults := make([]*term.Term, len(roots)) // by component representative index
	waiting := make([]int, len(roots))         // the roots without a value, by index
	for k := range roots {
		waiting[k] = k
	}
	var es []entry
	for len(waiting) > 0 {
		var missing error // why the first waiting root waits
		left := waiting[:0]
		for _, k := range waiting {
			r := roots[k]
			sort := g.Term(r).Sort()
			c := comp.find(k)
			if defaults[c] == nil {
				d, lemmas, err := s.componentDefault(comp, c, roots, vals, fresh)
				if err != nil {
					if _, ok := err.(waitError); ok {
						if missing == nil {
							missing = err
						}
						left = append(left, k)
						continue
					}
					return rep, err
				}
				if len(lemmas) > 0 {
					rep.Lemmas = append(rep.Lemmas, lemmas...)
				}
				defaults[c] = d
			}
			// Entries from the selects on r.
			es = es[:0]
			rg := ranges[r]
			wait := false
			for _, p := range s.sel[rg[0]:rg[1]] {
				j := g.Args(p)[1]
				iv, vv := vals[g.Find(j)], vals[g.Find(p)]
				if iv == nil || vv == nil {
					if missing == nil {
						missing = fmt.Errorf("arrays: no value for the index or element of %v", g.Term(p))
					}
					wait = true
					break
				}
				es = append(es, entry{iv, vv, j})
			}
			if wait {
				left = append(left, k)
				continue
			}
			slices.SortStableFunc(es, func(x, y entry) int { return term.CompareValues(x.i, y.i) })
			a := s.st.ConstArrayOf(sort, defaults[c])
			for x := range es {
				if x > 0 && es[x].i == es[x-1].i {
					if es[x].v != es[x-1].v {
						rep.Splits = append(rep.Splits, [2]euf.Node{es[x-1].j, es[x].j})
					}
					continue
				}
				a = s.st.Store(a, es[x].i, es[x].v)
			}
			v, err := term.NewModel(s.st).Eval(a)
			if err != nil {
				return rep, err
			}
			vals[r] = v
		}
		progress := len(left) < len(waiting)
		waiting = left
		if len(waiting) == 0 {
			break
		}
		if !progress && (more == nil || !more()) {
			return rep, missing
		}
	}
	if !rep.Empty() {
		return rep, nil
	}
	return rep, s.checkValues(vals)
}

// componentDefault returns the default of component c: the value of its
// constant arrays, or a fresh value. Constant arrays of different values
// give witness lemmas over an infinite index sort and an error otherwise.
func (s *Solver) componentDefault(comp *components, c int, roots []euf.Node, vals []*term.Term, fresh func(*term.Sort) *term.Term) (*term.Term, []Lemma, error) {
	g := s.g
	var d *term.Term
	var first euf.Node
	var lemmas []Lemma
	// Every element first: witnessLemmas records what it returns.
	for _, k := range s.consts {
		if comp.of(g.Find(k)) == c && vals[g.Find(g.Args(k)[0])] == nil {
			return nil, nil, waitError{fmt.Errorf("arrays: no value for the element of %v", g.Term(k))}
		}
	}
	for _, k := range s.consts {
		if comp.of(g.Find(k)) != c {
			continue
		}
		v := vals[g.Find(g.Args(k)[0])]
		switch {
		case d == nil:
			d, first = v, k
		case v != d:
			sort := g.Term(k).Sort()
			if !infinite(sort.Index()) {
				return nil, nil, fmt.Errorf("arrays: constant arrays %v and %v over the finite index sort %v are equal up to stores",
					g.Term(first), g.Term(k), sort.Index())
			}
			lemmas = s.witnessLemmas(comp, c, first, k, lemmas)
		}
	}
	if d == nil {
		d = fresh(g.Term(roots[c]).Sort().Elem())
	}
	return d, lemmas, nil
}

// witnessLemmas appends the lemmas that make the fresh index of the pair
// (k1, k2) differ from the indices of the stores of component c, and read
// k1 there.
func (s *Solver) witnessLemmas(comp *components, c int, k1, k2 euf.Node, dst []Lemma) []Lemma {
	g := s.g
	key := key{DefaultWitness, k1, k2}
	w := s.witness[key]
	if w == nil {
		t1 := g.Term(k1)
		w = &witness{k: s.st.Fresh("k", t1.Sort().Index()), excluded: map[euf.Node]struct{}{}}
		s.witness[key] = w
		s.stats.Lemmas[DefaultWitness]++
		dst = append(dst, Lemma{Kind: DefaultWitness, Lits: []Lit{{A: s.st.Select(t1, w.k), B: t1.Arg(0)}}})
	}
	for _, st := range s.stores {
		if comp.of(g.Find(st)) != c {
			continue
		}
		if _, ok := w.excluded[st]; ok {
			continue
		}
		w.excluded[st] = struct{}{}
		s.stats.Lemmas[DefaultWitness]++
		dst = append(dst, Lemma{Kind: DefaultWitness, Lits: []Lit{{A: w.k, B: g.Term(st).Arg(1), Neg: true}}})
	}
	return dst
}

// checkValues verifies that every store and constant array term has the
// value of its class.
func (s *Solver) checkValues(vals []*term.Term) error {
	g := s.g
	m := term.NewModel(s.st)
	for _, n := range s.stores {
		args := g.Args(n)
		b, i, v := vals[g.Find(args[0])], vals[g.Find(args[1])], vals[g.Find(args[2])]
		if b == nil || i == nil || v == nil {
			return fmt.Errorf("arrays: no value for an argument of %v", g.Term(n))
		}
		want, err := m.Eval(s.st.Store(b, i, v))
		if err != nil {
			return err
		}
		if want != vals[g.Find(n)] {
			return fmt.Errorf("arrays: store %v has value %v in its class, %v from its arguments", g.Term(n), vals[g.Find(n)], want)
		}
	}
	for _, n := range s.consts {
		v := vals[g.Find(g.Args(n)[0])]
		if want := s.st.ConstArrayOf(g.Term(n).Sort(), v); want != vals[g.Find(n)] {
			return fmt.Errorf("arrays: constant array %v has value %v in its class", g.Term(n), vals[g.Find(n)])
		}
	}
	return nil
}

// depth is the nesting depth of array sorts: 0 for other sorts.
func depth(s *term.Sort) int {
	if !s.IsArray() {
		return 0
	}
	return 1 + max(depth(s.Index()), depth(s.Elem()))
}

// infinite reports whether s surely has infinitely many values.
// Uninterpreted sorts may be finite.
func infinite(s *term.Sort) bool {
	switch {
	case s.IsInt(), s.IsReal():
		return true
	case s.IsArray():
		return infinite(s.Elem()) || infinite(s.Index()) && twoValues(s.Elem())
	}
	return false
}

// twoValues reports whether s surely has at least two values.
func twoValues(s *term.Sort) bool {
	switch {
	case s.IsBool(), s.IsInt(), s.IsReal():
		return true
	case s.IsArray():
		return twoValues(s.Elem())
	}
	return false
}

// components is a union-find over the array roots (by index in roots),
// joined by store terms: the store components, which share a default.
type components struct {
	parent []int
	index  map[euf.Node]int
	g      *euf.Graph
}

func newComponents(g *euf.Graph, roots []euf.Node, stores []euf.Node) *components {
	c := &components{parent: make([]int, len(roots)), index: make(map[euf.Node]int, len(roots)), g: g}
	for k, r := range roots {
		c.parent[k] = k
		c.index[r] = k
	}
	for _, n := range stores {
		a, b := c.index[g.Find(n)], c.index[g.Find(g.Args(n)[0])]
		a, b = c.find(a), c.find(b)
		if a != b {
			if b < a {
				a, b = b, a
			}
			c.parent[b] = a // the smaller index (shallowest sort, first root) represents
		}
	}
	return c
}

func (c *components) find(k int) int {
	for c.parent[k] != k {
		c.parent[k] = c.parent[c.parent[k]]
		k = c.parent[k]
	}
	return k
}

// of returns the component of the root r.
func (c *components) of(r euf.Node) int { return c.find(c.index[r]) }

// waitError is an error of componentDefault that more values may cure.
type waitError struct{ error }
