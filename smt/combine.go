package smt

import (
	"fmt"
	"math/big"

	"github.com/seed-f9c3434d/gospacer/euf"
	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/sat"
	"github.com/seed-f9c3434d/gospacer/term"
)

// combineResult says what combine did.
type combineResult uint8

const (
	combineDone    combineResult = iota // the model is built (or the answer is unknown)
	combineChanged                      // lemmas or atoms added: the search goes on
	combineAgain                        // the graph changed, not the SAT solver: combine again
)

// combine is the model-based theory combination of the final check (see
// the comment at the top of euf.go). It computes one value per class:
// arithmetic classes from the simplex model and bit-vector classes from
// their nodes' blasted words (adding x = y lemmas where a class has two
// values), Boolean classes from true and false, classes of
// uninterpreted sorts distinct abstract values, array classes by
// arrays.Values. Then it checks the function applications for congruence
// under these values and proposes a case split x = y for each pair of
// arguments with equal values in different classes where two applications
// disagree. With nothing to repair it keeps the model in p.snap.
func (p *eufPlugin) combine() combineResult {
	g, st := p.g, p.s.st
	nn := g.NumNodes()
	vals := make([]*term.Term, nn)
	from := make([]euf.Node, nn) // arithmetic roots: the node their value came from
	changed, again := false, false

	// Arithmetic classes.
	var maxAbs num.Rat
	for n := euf.Node(0); int(n) < nn; n++ {
		var val *term.Term
		if bv, ok := p.bvValue(n); ok { // Bit-vectors: from the blasted bits
			val = bv
		} else {
			v, ok := p.arithValue(n)
			if !ok {
				continue
			}
			s := g.Term(n).Sort()
			if s.IsInt() && !v.IsInt() {
				// Arithmetic has not found an integer model yet; it has
				// added a branch or reports why it cannot.
				p.snap = eufModel{}
				return combineDone
			}
			if a := v.Abs(); a.Cmp(maxAbs) > 0 {
				maxAbs = a
			}
			val = st.Num(v, s)
		}
		r := g.Find(n)
		switch {
		case vals[r] == nil:
			vals[r], from[r] = val, n
		case vals[r] != val:
			// euf has x = y, arithmetic (or the blasted bits) does
			// not know it: the lemma (reasons ⇒ x = y).
			x := from[r]
			m := p.eqLit(x, n, false)
			if m == sat.LitNull {
				break
			}
			c := []sat.Lit{m}
			p.reasons = g.Explain(x, n, p.reasons[:0])
			for _, q := range p.reasons {
				if sat.Lit(q) == m {
					// The equality is asserted and arithmetic violates
					// it: the two views of one atom differ (a bug, as
					// the lemma would be a tautology). Answer unknown
					// rather than loop or accept.
					p.s.th.incomplete = "theory combination: a theory violates the asserted equality " + st.Eq(g.Term(x), g.Term(n)).String()
					p.snap = eufModel{}
					return combineDone
				}
				c = append(c, sat.Lit(q).Not())
			}
			p.s.sat.AddClause(c...)
			p.stats.SharedEqs++
			changed = true
		}
	}
	if changed {
		return combineChanged
	}

	// Boolean and uninterpreted classes.
	fr := newFreshValues(st, maxAbs)
	for n := euf.Node(0); int(n) < nn; n++ {
		if t := g.Term(n); t.Op() == term.OpValue || t.Op() == term.OpBVNum { // Bit-vectors: OpBVNum
			fr.use(t)
		}
	}
	for _, r := range g.Roots(p.members[:0]) {
		if vals[r] != nil {
			continue
		}
		switch s := g.Term(r).Sort(); {
		case s.IsBool():
			vals[r] = st.Bool(g.Same(r, g.True()))
		case s.IsArith():
			vals[r] = st.Num(num.Rat{}, s)
		case s.IsUninterpreted():
			if v := g.Value(r); v != euf.NoNode {
				vals[r] = g.Term(v)
			} else {
				vals[r] = fr.value(s)
			}
		}
	}

	// Datatypes: the classes whose values need no array.
	var adtClash [][2]euf.Node
	var more func() bool
	if p.dt != nil {
		p.adtValues(vals, fr)
		// The classes over arrays, once their arrays have values (and the
		// arrays over those, and so on).
		more = func() bool {
			valued := func() (k int) {
				for _, v := range vals {
					if v != nil {
						k++
					}
				}
				return k
			}
			before := valued()
			p.adtValues(vals, fr)
			return valued() > before
		}
	}

	// Arrays.
	rep, err := p.arr.ValuesWith(vals, fr.value, more)
	if err != nil {
		p.s.th.incomplete = err.Error()
		p.snap = eufModel{}
		return combineDone
	}
	if len(rep.Lemmas) > 0 {
		p.lemmas = append(p.lemmas, rep.Lemmas...)
		p.addLemmas()
		changed = true
	}
	if p.dt != nil { // Datatypes: the classes over arrays, and clashes
		adtClash = p.adtValues(vals, fr) // every class now: the clashes
		for _, xy := range adtClash {
			switch p.split(xy[0], xy[1]) {
			case combineChanged:
				changed = true
			case combineAgain:
				again = true
			}
		}
	}
	for _, xy := range rep.Splits {
		switch p.split(xy[0], xy[1]) {
		case combineChanged:
			changed = true
		case combineAgain:
			again = true
		}
	}

	// Congruence of applications under the values.
	seen := map[string]euf.Node{}
	var key []byte
	for n := euf.Node(0); int(n) < nn && !changed; n++ {
		t := g.Term(n)
		if op := t.Op(); op != term.OpApply && op != term.OpSel && op != term.OpTest { // Datatypes
			continue
		}
		key = appendU32(key[:0], t.Func().ID())
		valued := true
		for _, a := range g.Args(n) {
			if vals[g.Find(a)] == nil { // Bit-vectors: a node left by an unsupported assertion
				valued = false
				break
			}
			key = appendU32(key, vals[g.Find(a)].ID())
		}
		if !valued {
			continue
		}
		q, ok := seen[string(key)]
		if !ok {
			seen[string(key)] = n
			continue
		}
		if vals[g.Find(q)] == vals[g.Find(n)] {
			continue
		}
		for k, a := range g.Args(n) {
			b := g.Args(q)[k]
			if g.Same(a, b) {
				continue
			}
			switch p.split(a, b) {
			case combineChanged:
				changed = true
			case combineAgain:
				again = true
			}
		}
	}
	switch {
	case p.err != nil:
		p.s.th.incomplete = p.err.Error()
		p.snap = eufModel{}
		return combineDone
	case changed:
		return combineChanged
	case again:
		return combineAgain
	}
	p.snapshot(vals)
	return combineDone
}

// split proposes the case split x = y. It reports combineChanged when the
// SAT solver has something new to decide (a new atom or new clauses),
// combineAgain when the atom existed and only the graph learned its value.
func (p *eufPlugin) split(x, y euf.Node) combineResult {
	p.stats.Splits++
	vars, added := p.s.sat.NumVars(), p.s.sat.NumAdded()
	if p.eqLit(x, y, true) == sat.LitNull {
		return combineDone
	}
	// A new variable or clause (the encoder's clauses for a polarity of
	// an arithmetic equality not encoded before) is for the SAT solver
	// to take up. Otherwise the atom existed, or its literal's encoding
	// did, and registering it told the graph its value.
	if p.s.sat.NumVars() != vars || p.s.sat.NumAdded() != added {
		return combineChanged
	}
	return combineAgain
}

func appendU32(b []byte, v uint32) []byte {
	return append(b, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
}

// freshValues hands out values for classes and array defaults that
// nothing constrains: abstract elements not used by the input, numbers
// beyond every arithmetic value of the model.
type freshValues struct {
	st    *term.Store
	next  num.Rat
	used  map[*term.Sort]map[string]bool
	index map[*term.Sort]int
	deep  int // Datatypes: the depth of the last deep fresh value
	// Datatypes: the gap between deep fresh values, more than the depth
	// of any value built from constructor classes (set by adtValues).
	deepStep int
	deepVals map[*term.Sort]deepValue // Datatypes: the last deep fresh value of each sort
}

func newFreshValues(st *term.Store, maxAbs num.Rat) *freshValues {
	return &freshValues{
		st:    st,
		next:  maxAbs.Floor().Rat().Add(num.NewRat(1, 1)),
		used:  map[*term.Sort]map[string]bool{},
		index: map[*term.Sort]int{},
	}
}

// use marks the abstract value v as taken.
func (f *freshValues) use(v *term.Term) {
	if f.used[v.Sort()] == nil {
		f.used[v.Sort()] = map[string]bool{}
	}
	f.used[v.Sort()][v.Num().String()] = true
}

// value returns a new value of sort s (false for Bool).
func (f *freshValues) value(s *term.Sort) *term.Term {
	switch {
	case s.IsBool():
		return f.st.False()
	case s.IsArith():
		v := f.st.Num(f.next, s)
		f.next = f.next.Add(num.NewRat(1, 1))
		return v
	case s.IsArray():
		return f.st.ConstArrayOf(s, f.value(s.Elem()))
	case s.IsDatatype(): // Datatypes
		return f.adtFresh(s)
	case s.IsBitVec(): // Bit-vectors: counting down from all ones
		for {
			i := f.index[s]
			f.index[s] = i + 1
			v := f.st.BVNum(new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(s.Width())), big.NewInt(int64(i+1))), s.Width())
			if !f.used[s][v.Num().String()] {
				return v
			}
		}
	case s.IsUninterpreted():
		for {
			i := f.index[s]
			f.index[s] = i + 1
			if !f.used[s][num.NewInt(int64(i)).Rat().String()] {
				return f.st.Value(s, i)
			}
		}
	}
	panic(fmt.Sprintf("smt: no fresh value of sort %v", s))
}
