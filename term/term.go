package term

import (
	"github.com/seed-f9c3434d/gospacer/num"
)

// A Term is a hash-consed node: within one Store, structurally equal terms
// are the same pointer and have the same ID. Terms are immutable.
type Term struct {
	id    uint32
	op    Op
	flags uint8
	sort  *Sort
	args  []*Term
	fn    *Func    // OpConst, OpBound, OpApply: the symbol
	rat   *num.Rat // OpNum: the value; OpValue: the element index (nil: zero)
}

const (
	flagHasBound uint8 = 1 << iota // a bound variable occurs free
	flagHasQuant                   // a quantifier occurs
	// Simplify gives the term itself (it is an output of Simplify, which
	// is idempotent); unlike the others, not inherited from arguments
	flagSimplified

	inherited = flagHasBound | flagHasQuant
)

// ID is dense within a Store: 0 <= ID < Store.NumTerms(). Use it to index
// side tables.
func (t *Term) ID() uint32 { return t.id }

func (t *Term) Op() Op          { return t.op }
func (t *Term) Sort() *Sort     { return t.sort }
func (t *Term) Args() []*Term   { return t.args }
func (t *Term) NumArgs() int    { return len(t.args) }
func (t *Term) Arg(i int) *Term { return t.args[i] }

// Func is the symbol of an OpConst, OpBound or OpApply term, else nil.
func (t *Term) Func() *Func { return t.fn }

// Name is the symbol name of an OpConst, OpBound or OpApply term, else "".
func (t *Term) Name() string {
	if t.fn == nil {
		return ""
	}
	return t.fn.name
}

// Num is the value of an OpNum term (and the element index of an OpValue).
func (t *Term) Num() num.Rat {
	if t.rat == nil {
		return num.Rat{}
	}
	return *t.rat
}

// IsSimplified reports whether t is known to be its own simplification
// (Store.Simplify of t is t): a leaf, or a term a simplification
// returned. A term not known so may be its own simplification all the
// same.
func (t *Term) IsSimplified() bool { return simplified(t) }

func (t *Term) IsTrue() bool  { return t.op == OpTrue }
func (t *Term) IsFalse() bool { return t.op == OpFalse }

// IsConst reports whether t is an uninterpreted constant.
func (t *Term) IsConst() bool { return t.op == OpConst }

// IsNum reports whether t is a numeral.
func (t *Term) IsNum() bool { return t.op == OpNum }

// IsValue reports whether t is a model value: true, false, a numeral, an
// abstract element, or an array built from those by const and store.
func (t *Term) IsValue() bool {
	switch t.op {
	case OpTrue, OpFalse, OpNum, OpValue, OpBVNum: // Bit-vectors: OpBVNum
		return true
	case OpConstArray:
		return t.args[0].IsValue()
	case OpStore:
		return t.args[0].IsValue() && t.args[1].IsValue() && t.args[2].IsValue()
	case OpCons: // Datatypes
		for _, a := range t.args {
			if !a.IsValue() {
				return false
			}
		}
		return true
	}
	return false
}

// HasBound reports whether a bound variable occurs free in t.
func (t *Term) HasBound() bool { return t.flags&flagHasBound != 0 }

// HasQuantifier reports whether t contains a quantifier.
func (t *Term) HasQuantifier() bool { return t.flags&flagHasQuant != 0 }

// A Func is a declared function symbol. Constants are 0-ary Funcs; bound
// variables have their own Funcs, distinct from declared ones. Funcs are
// interned per Store by name and signature.
type Func struct {
	name   string
	domain []*Sort
	rng    *Sort
	id     uint32
	bound  bool
	// divByZero: a DivByZero symbol, which no declaration of its name
	// gives
	divByZero bool
	next      *Func   // the next symbol of the same name in its Store
	adt       *adtSym // Datatypes: a constructor, selector or tester
	rec       *RecDef // a function defined by cases on a datatype (recdef.go)
}

func (f *Func) Name() string    { return f.name }
func (f *Func) Domain() []*Sort { return f.domain }
func (f *Func) Range() *Sort    { return f.rng }
func (f *Func) Arity() int      { return len(f.domain) }
func (f *Func) ID() uint32      { return f.id }
func (f *Func) String() string  { return QuoteSymbol(f.name) }

// newTerm allocates a term with n arguments; up to four share the term's
// allocation: one object per term instead of two, and a term and its
// arguments in one size class (most terms have one to three arguments).
// Those come from the store's slabs (see termSlabs).
func (st *Store) newTerm(n int) *Term {
	sl := &st.slabs
	switch n {
	case 0:
		return &take(&sl.s0, &sl.g[0]).t
	case 1:
		b := take(&sl.s1, &sl.g[1])
		b.t.args = b.a[:]
		return &b.t
	case 2:
		b := take(&sl.s2, &sl.g[2])
		b.t.args = b.a[:]
		return &b.t
	case 3:
		b := take(&sl.s3, &sl.g[3])
		b.t.args = b.a[:]
		return &b.t
	case 4:
		b := take(&sl.s4, &sl.g[4])
		b.t.args = b.a[:]
		return &b.t
	}
	return &Term{args: make([]*Term, n)}
}

// termSlabs hands out the terms of a store with up to four arguments
// from arrays of them (slabs), one per arity, whose length doubles from
// 16 to 1024: one allocation for many terms. A store keeps every term it
// made (Term(id)), so a slab lives as long as the store, as its terms
// would one by one; what a store does not use of its last slabs is at
// most 1023 terms per arity.
type termSlabs struct {
	s0 []struct{ t Term }
	s1 []struct {
		t Term
		a [1]*Term
	}
	s2 []struct {
		t Term
		a [2]*Term
	}
	s3 []struct {
		t Term
		a [3]*Term
	}
	s4 []struct {
		t Term
		a [4]*Term
	}
	g [5]int // the length of the last slab, by arity
}

// take is the first element of *s, which it removes, after a new slab
// when *s is empty (its length *grow, doubled).
func take[T any](s *[]T, grow *int) *T {
	if len(*s) == 0 {
		switch n := *grow; {
		case n == 0:
			*grow = 16
		case n < 1024:
			*grow = 2 * n
		}
		*s = make([]T, *grow)
	}
	p := &(*s)[0]
	*s = (*s)[1:]
	return p
}
