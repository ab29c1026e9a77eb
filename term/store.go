package term

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unsafe"

	"github.com/seed-f9c3434d/gospacer/num"
)

// A Store owns and hash-conses terms, sorts and function symbols. It is not
// safe for concurrent use.
type Store struct {
	terms    []*Term     // by ID
	index    internTable // hash consing: the terms by structure
	sorts    map[sortKey]*Sort
	nextSort uint32
	funcs    map[string]*Func // by name; a name's other signatures follow Func.next
	// the names with a '!' of symbols not named by Fresh, FreshFunc or
	// freshBound: the only names those can meet (theirs end in a
	// number no other of theirs has)
	bang map[string]bool
	// the symbols Fresh made that funcs does not hold yet: a name of
	// Fresh's is looked up seldom (a copy back from a clone), so its
	// symbols enter funcs when a name with a '!' is looked up
	unindexed []*Func
	// the symbols Fresh hands out next, and the block its names are
	// written into (see there)
	funcSlab  []Func
	nameBlock []byte
	nfuncs    uint32
	fresh     int

	tru, fls *Term

	// the numerals made last, by a hash of their value: evaluation and
	// linear forms make the same few numerals over and over, and a
	// lookup in the index of a store of millions of terms misses the
	// processor's caches
	nums *[numCacheSize]*Term

	// Linearize's forms (see there)
	linMemo *TermMap[*Linear]
	// SharedFreeConsts's lists (see there)
	fcs *fcMemo
	// simpMemo: the simplification of each term that Simplify (or
	// SimplifyMap, below no key) simplified and that is not its own
	// simplification: terms never change, and the conjuncts of a
	// system's clauses (the reader's, not simplified) recur from clause
	// to clause and from pass to pass; a term met again costs a lookup
	simpMemo TermMap[*Term]
	// where new terms come from (see termSlabs)
	slabs termSlabs

	// Datatypes: the declared groups of datatype sorts, in order
	datatypes    [][]*Sort
	instantiated map[string]bool // the templates (their texts) with an instance in datatypes
}

const numCacheSize = 1 << 12

// NewStore returns an empty store.
func NewStore() *Store {
	st := &Store{
		sorts:    make(map[sortKey]*Sort),
		nextSort: 3,
		funcs:    make(map[string]*Func),
	}
	st.tru = st.intern(OpTrue, BoolSort, nil, nil, num.Rat{})
	st.fls = st.intern(OpFalse, BoolSort, nil, nil, num.Rat{})
	return st
}

// Reserve makes room for n more terms (a hint: the store grows as
// needed all the same), so that building them does not grow the store's
// tables step by step. A reader that knows the size of its input calls
// it (see smtlib.Parse).
func (st *Store) Reserve(n int) {
	if n <= 0 {
		return
	}
	st.terms = slices.Grow(st.terms, n)
	st.index.reserve(n)
}

// NumTerms is one more than the largest term ID.
func (st *Store) NumTerms() int { return len(st.terms) }

// Term returns the term with the given ID.
func (st *Store) Term(id uint32) *Term { return st.terms[id] }

func mix(h, v uint64) uint64 {
	h ^= v + 0x9e3779b97f4a7c15 + (h << 6) + (h >> 2)
	return h
}

func (st *Store) intern(op Op, sort *Sort, args []*Term, fn *Func, val num.Rat) *Term {
	h := mix(uint64(op), uint64(sort.id))
	for _, a := range args {
		h = mix(h, uint64(a.id))
	}
	if fn != nil {
		h = mix(h, uint64(fn.id))
	}
	if op.carriesNum() {
		h = mix(h, val.Hash())
	}
	slot := st.index.find(h)
	for ; st.index.slots[slot].id != 0; slot = (slot + 1) & st.index.mask {
		if st.index.slots[slot].tag != tag(h) {
			continue
		}
		t := st.terms[st.index.slots[slot].id-1]
		if t.op == op && t.sort == sort && t.fn == fn && len(t.args) == len(args) &&
			sameArgs(t.args, args) && (!op.carriesNum() || t.Num().Equal(val)) {
			return t
		}
	}
	t := st.newTerm(len(args))
	t.id, t.op, t.sort, t.fn = uint32(len(st.terms)), op, sort, fn
	copy(t.args, args)
	if op.carriesNum() && !val.IsZero() {
		t.rat = new(num.Rat)
		*t.rat = val
	}
	switch op {
	case OpBound:
		t.flags = flagHasBound
	case OpForall, OpExists:
		t.flags = flagHasQuant
		if n := len(args) - 1; hasFreeBound(args[n], args[:n]) {
			t.flags |= flagHasBound
		}
	default:
		for _, a := range args {
			t.flags |= a.flags & inherited
		}
	}
	st.terms = append(st.terms, t)
	st.index.put(slot, h, t.id)
	return t
}

func sameArgs(a, b []*Term) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// hasFreeBound reports whether a bound variable other than those in
// excluded occurs free in t.
func hasFreeBound(t *Term, excluded []*Term) bool {
	// memo: 1 no free bound variable, 2 one (a pooled table: the body
	// of a clause's quantifier is walked once per clause read)
	memo := markTables.get()
	defer markTables.put(memo)
	var walk func(t *Term) bool
	walk = func(t *Term) bool {
		if !t.HasBound() {
			return false
		}
		if r := memo.Get(t); r != 0 {
			return r == 2
		}
		r := false
		switch t.op {
		case OpBound:
			r = !slices.Contains(excluded, t)
		case OpForall, OpExists:
			n := len(t.args) - 1
			inner := append(append([]*Term(nil), excluded...), t.args[:n]...)
			r = hasFreeBound(t.args[n], inner)
		default:
			for _, a := range t.args {
				if walk(a) {
					r = true
					break
				}
			}
		}
		memo.Set(t, 1+boolByte(r))
		return r
	}
	return walk(t)
}

func boolByte(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// ---- Symbols ----

func (st *Store) internFunc(name string, domain []*Sort, rng *Sort, bound bool) *Func {
	first := st.named(name)
	for f := first; f != nil; f = f.next {
		if f.bound == bound && !f.divByZero && f.adt == nil && f.rng == rng && slices.Equal(f.domain, domain) {
			return f
		}
	}
	f := &Func{name: name, domain: slices.Clip(append([]*Sort(nil), domain...)), rng: rng, id: st.nfuncs, bound: bound}
	st.nfuncs++
	st.addFunc(f, first)
	return f
}

// named is the first symbol of the name, or nil.
func (st *Store) named(name string) *Func {
	if len(st.unindexed) > 0 && strings.IndexByte(name, '!') >= 0 {
		st.indexFresh()
	}
	return st.funcs[name]
}

// indexFresh puts the symbols Fresh made into funcs.
func (st *Store) indexFresh() {
	for _, f := range st.unindexed {
		st.funcs[f.name] = f // the first of its name
	}
	st.unindexed = nil
}

// addFunc records f, a new symbol; first is the first symbol of its name.
func (st *Store) addFunc(f, first *Func) {
	if strings.IndexByte(f.name, '!') >= 0 {
		if st.bang == nil {
			st.bang = map[string]bool{}
		}
		st.bang[f.name] = true
	}
	if first == nil {
		st.funcs[f.name] = f
		return
	}
	last := first
	for last.next != nil {
		last = last.next
	}
	last.next = f
	markIndexedTesters(first)
}

// markIndexedTesters makes the testers among the symbols of one name
// print as (_ is C) when a symbol that is not a tester has the name too
// (a function declared as is-C): is-C would then name that function.
func markIndexedTesters(first *Func) {
	other := false
	for g := first; g != nil; g = g.next {
		if g.adt == nil || !g.adt.test {
			other = true
		}
	}
	if !other {
		return
	}
	for g := first; g != nil; g = g.next {
		if g.adt != nil && g.adt.test {
			g.adt.indexed = true
		}
	}
}

// nameUsed reports whether some symbol of st has the name, a name with
// a '!' that Fresh, FreshFunc or freshBound has made (their numbers are
// never the same twice, so only the names of other symbols can be it).
func (st *Store) nameUsed(name string) bool {
	return st.bang[name]
}

// Func returns the function symbol name : domain -> rng. Declaring the same
// name and signature twice gives the same Func.
func (st *Store) Func(name string, domain []*Sort, rng *Sort) *Func {
	return st.internFunc(name, domain, rng, false)
}

// Const returns the uninterpreted constant name of the given sort.
func (st *Store) Const(name string, sort *Sort) *Term {
	f := st.internFunc(name, nil, sort, false)
	return st.intern(OpConst, sort, nil, f, num.Rat{})
}

// ConstOf returns the constant term of a 0-ary Func.
func (st *Store) ConstOf(f *Func) *Term {
	if len(f.domain) != 0 || f.bound {
		panic("term: ConstOf on a non-constant symbol " + f.name)
	}
	return st.intern(OpConst, f.rng, nil, f, num.Rat{})
}

// BoundVar returns the bound variable name of the given sort. Bound
// variables are distinct from constants of the same name.
func (st *Store) BoundVar(name string, sort *Sort) *Term {
	f := st.internFunc(name, nil, sort, true)
	return st.intern(OpBound, sort, nil, f, num.Rat{})
}

// Fresh returns a new constant whose name starts with prefix and is used by
// no other symbol of this store.
func (st *Store) Fresh(prefix string, sort *Sort) *Term {
	for {
		st.fresh++
		name := st.freshName(prefix, st.fresh)
		if !st.nameUsed(name) {
			// the first symbol of its name: no lookup
			if len(st.funcSlab) == 0 {
				// reading and preprocessing make thousands of fresh
				// constants: their symbols are allocated in blocks
				st.funcSlab = make([]Func, funcSlabSize)
			}
			f := &st.funcSlab[0]
			st.funcSlab = st.funcSlab[1:]
			*f = Func{name: name, rng: sort, id: st.nfuncs}
			st.nfuncs++
			st.unindexed = append(st.unindexed, f)
			return st.intern(OpConst, sort, nil, f, num.Rat{})
		}
	}
}

// funcSlabSize is the number of symbols Fresh allocates at once.
const funcSlabSize = 64

// freshName is prefix!n. The names of Fresh's symbols are written one
// after another into blocks of bytes that are never written again (a
// string of a block's bytes stays as it was): thousands of names, a
// few allocations.
func (st *Store) freshName(prefix string, n int) string {
	size := len(prefix) + 1 + 20
	if size > nameBlockSize/4 {
		return prefix + "!" + strconv.Itoa(n)
	}
	if cap(st.nameBlock)-len(st.nameBlock) < size {
		st.nameBlock = make([]byte, 0, nameBlockSize)
	}
	start := len(st.nameBlock)
	st.nameBlock = append(st.nameBlock, prefix...)
	st.nameBlock = append(st.nameBlock, '!')
	st.nameBlock = strconv.AppendInt(st.nameBlock, int64(n), 10)
	b := st.nameBlock[start:len(st.nameBlock):len(st.nameBlock)]
	return unsafe.String(&b[0], len(b))
}

// nameBlockSize is the size of the blocks Fresh writes names into.
const nameBlockSize = 4 << 10

// FreshFunc returns a new function symbol with an unused name.
func (st *Store) FreshFunc(prefix string, domain []*Sort, rng *Sort) *Func {
	for {
		st.fresh++
		name := prefix + "!" + strconv.Itoa(st.fresh)
		if !st.nameUsed(name) {
			return st.Func(name, domain, rng)
		}
	}
}

// ---- Leaves ----

func (st *Store) True() *Term  { return st.tru }
func (st *Store) False() *Term { return st.fls }

// Bool returns true or false.
func (st *Store) Bool(b bool) *Term {
	if b {
		return st.tru
	}
	return st.fls
}

// Num returns the numeral v of sort Int or Real. For Int, v must be integral.
func (st *Store) Num(v num.Rat, sort *Sort) *Term {
	if !sort.IsArith() || (sort.IsInt() && !v.IsInt()) {
		panic(fmt.Sprintf("term: numeral %v of sort %v", v, sort))
	}
	if st.nums == nil {
		st.nums = new([numCacheSize]*Term)
	}
	i := (v.Hash() ^ uint64(sort.id)*0x9e3779b97f4a7c15) >> (64 - 12) & (numCacheSize - 1)
	if t := st.nums[i]; t != nil && t.sort == sort && t.Num().Equal(v) {
		return t
	}
	t := st.intern(OpNum, sort, nil, nil, v)
	st.nums[i] = t
	return t
}

// Int returns the integer numeral v.
func (st *Store) Int(v int64) *Term { return st.Num(num.NewInt(v).Rat(), IntSort) }

// IntNum returns the integer numeral v.
func (st *Store) IntNum(v num.Int) *Term { return st.Num(v.Rat(), IntSort) }

// Real returns the real numeral v.
func (st *Store) Real(v num.Rat) *Term { return st.Num(v, RealSort) }

// Value returns the i-th abstract element of the uninterpreted sort s.
func (st *Store) Value(s *Sort, i int) *Term {
	if !s.IsUninterpreted() {
		panic("term: abstract value of interpreted sort " + s.String())
	}
	return st.intern(OpValue, s, nil, nil, num.NewInt(int64(i)).Rat())
}
