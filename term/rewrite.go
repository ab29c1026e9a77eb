package term

import (
	"fmt"
	"slices"

	"github.com/seed-f9c3434d/gospacer/num"
)

// Simplify returns a term equivalent to t (equal value under every model,
// with the division-by-zero convention of Model) in the normal form
// described in doc.go. Simplify is idempotent: Simplify(Simplify(t)) is
// Simplify(t), the same *Term. It memoizes within a call and walks the DAG
// bottom-up without recursion; each node is rewritten once from its
// simplified arguments.
func (st *Store) Simplify(t *Term) *Term {
	if t.flags&flagSimplified != 0 || t.op.IsLeaf() {
		return t
	}
	if r := st.simpMemo.Get(t); r != nil {
		return r
	}
	s := simplifier{st: st, memo: termTables.get(), lz: newLinearizer(st), known: true}
	defer termTables.put(s.memo)
	defer s.lz.release()
	return s.walk(t)
}

// walk simplifies t bottom-up, each node once (the simplifier's memo,
// the store's remembered simplifications), and remembers in the store
// what it rewrote.
func (s *simplifier) walk(t *Term) *Term {
	_ = walkPost(t, func(u *Term) bool { return u.flags&flagSimplified != 0 || s.memo.Has(u) || s.remembered(u) }, nil, func(u *Term) error {
		r := s.node(u)
		r.flags |= flagSimplified
		s.memo.Set(u, r)
		if r != u && !s.forget {
			s.st.remember(u, r)
		}
		return nil
	})
	return s.memo.Get(t)
}

// simpMemoSize bounds the simplifications the store remembers before it
// starts afresh.
const simpMemoSize = 1 << 20

// remember records r as the simplification of u (see Store.simpMemo).
func (st *Store) remember(u, r *Term) {
	if st.simpMemo.Len() >= simpMemoSize {
		st.simpMemo.Clear()
	}
	st.simpMemo.Set(u, r)
}

// remembered reports whether the store holds the simplification of u
// (see Store.simpMemo), which it then puts in the simplifier's memo.
func (s *simplifier) remembered(u *Term) bool {
	r := s.st.simpMemo.Get(u)
	if r == nil {
		return false
	}
	s.memo.Set(u, r)
	return true
}

// SimplifyMap is Simplify(SubstituteMap(t, m)) without building the
// substituted term: the simplifier starts from the (simplified)
// replacements where the keys of m occur, so the terms of the substitution
// that simplification would rewrite at once never enter the store. It is
// the composition itself when t has a quantifier or a replacement a bound
// variable.
func (st *Store) SimplifyMap(t *Term, m map[*Term]*Term) *Term {
	if len(m) == 0 {
		return st.Simplify(t)
	}
	if t.HasQuantifier() || boundImage(m) {
		return st.Simplify(st.SubstituteMap(t, m))
	}
	r := [1]*Term{t}
	st.simplifyMapRoots(r[:], substMap{m: m})
	return r[0]
}

// SimplifyAndMap is SimplifyMap of the conjunction of ts (true when ts
// is empty) without building the conjunction: the conjuncts are
// simplified under m in one walk (sharing its tables), then flattened,
// sorted and deduplicated at once, which is what SimplifyMap does to the
// conjunction. The keys of m are constants.
func (st *Store) SimplifyAndMap(ts []*Term, m map[*Term]*Term) *Term {
	if len(m) == 0 {
		return st.SimplifyAnd(ts)
	}
	if len(ts) == 1 {
		return st.SimplifyMap(ts[0], m)
	}
	if boundImage(m) || slices.ContainsFunc(ts, func(t *Term) bool { return !t.sort.IsBool() || t.HasQuantifier() }) {
		return st.SimplifyMap(st.And(ts...), m)
	}
	for k := range m {
		if k.op != OpConst {
			panic("term: SimplifyAndMap with a key that is no constant")
		}
	}
	rs := make([]*Term, len(ts))
	copy(rs, ts)
	if st.simplifyMapRoots(rs, substMap{m: m}) {
		return st.fls
	}
	if len(rs) == 0 {
		return st.tru
	}
	r := st.mkAndOr(OpAnd, rs)
	r.flags |= flagSimplified
	return r
}

// boundImage reports whether some image of m has a bound variable.
func boundImage(m map[*Term]*Term) bool {
	for _, u := range m {
		if u.HasBound() {
			return true
		}
	}
	return false
}

// A substMap is the substitution of simplifyMapRoots: a map, or a
// lookup whose keys are constants (fn set: a table's, nil for a term
// that is no key), or a few pairs from[i] ↦ to[i] (SimplifySubstitute:
// no map made for them).
type substMap struct {
	m        map[*Term]*Term
	fn       func(*Term) *Term
	from, to []*Term
}

// get is the image of u, and whether u is a key.
func (sm substMap) get(u *Term) (*Term, bool) {
	switch {
	case sm.fn != nil:
		r := sm.fn(u)
		return r, r != nil
	case sm.m != nil:
		r, ok := sm.m[u]
		return r, ok
	}
	for i := len(sm.from) - 1; i >= 0; i-- {
		if sm.from[i] == u {
			return sm.to[i], true // (the last pair of a source, as a map's)
		}
	}
	return nil, false
}

// onlyConsts reports whether every key is a constant.
func (sm substMap) onlyConsts() bool {
	switch {
	case sm.fn != nil:
		return true
	case sm.m != nil:
		for k := range sm.m {
			if k.op != OpConst {
				return false
			}
		}
		return true
	}
	for _, f := range sm.from {
		if f.op != OpConst {
			return false
		}
	}
	return true
}

// simplifyMapRoots replaces each term of ts, free of quantifiers, by its
// SimplifyMap under m (not empty, no image with a bound variable), in one
// walk. It stops at the first term whose image is false, and reports it
// (falsified): the terms of ts are the conjuncts of a conjunction for
// each caller but SimplifyMap's (one term), and a conjunct false makes
// the conjunction false, so the terms after it are left unsimplified
// and the caller reads none of them.
func (st *Store) simplifyMapRoots(ts []*Term, m substMap) (falsified bool) {
	s := simplifier{st: st, memo: termTables.get(), lz: newLinearizer(st)}
	defer termTables.put(s.memo)
	defer s.lz.release()
	// The nodes that mention no key of m (clean) and are simplified
	// already are their own result: the walk skips them, and only the
	// nodes above a key, or not simplified, are rebuilt. The keys met
	// (those of ts: the simplifier reads the memo for their nodes only)
	// are seeded with their images, so that a call on a small term
	// costs what it does, not what m does.
	const clean, dirty, key = 1, 2, 3
	mark := markTables.get()
	defer markTables.put(mark)
	var keys []*Term
	// (the keys are mostly constants: then no other node needs a look
	// into m)
	onlyConsts := m.onlyConsts()
	// renamed: the roots renameRoot gave (nil: none), which the walks
	// below skip
	var renamed []bool
	if onlyConsts {
		for i, t := range ts {
			if r, ok := st.renameRoot(t, m); ok {
				if renamed == nil {
					renamed = make([]bool, len(ts))
				}
				ts[i], renamed[i] = r, true
			}
		}
	}
	for i, t := range ts {
		if renamed != nil && renamed[i] {
			continue
		}
		if flatAtom(t) {
			// (most conjuncts: x = y, x ≤ 3... the keys among the
			// arguments, without a walk; the walk below simplifies t
			// as one node)
			for _, a := range t.args {
				if a.op == OpConst && !mark.Has(a) {
					if _, ok := m.get(a); ok {
						mark.Set(a, key)
						keys = append(keys, a)
					}
				}
			}
			continue
		}
		_ = walkPost(t, func(u *Term) bool {
			if mark.Has(u) {
				return true
			}
			if onlyConsts && u.op != OpConst {
				return false
			}
			if _, ok := m.get(u); ok {
				mark.Set(u, key)
				keys = append(keys, u)
				return true
			}
			return false
		}, nil, func(u *Term) error {
			v := uint8(clean)
			for _, a := range u.args {
				if k := mark.Get(a); k == dirty || k == key {
					v = dirty
					break
				}
			}
			mark.Set(u, v)
			return nil
		})
	}
	for _, f := range keys {
		img, _ := m.get(f)
		u := st.substTarget(f, img)
		if !u.op.IsLeaf() {
			u = st.Simplify(u)
		}
		s.memo.Set(f, u)
	}
	s.known = true
	done := func(u *Term) bool {
		return s.memo.Has(u) || (mark.Get(u) == clean && (u.flags&flagSimplified != 0 || u.op.IsLeaf() || s.remembered(u)))
	}
	for i, t := range ts {
		if renamed != nil && renamed[i] {
			continue
		}
		if flatAtom(t) && !s.memo.Has(t) {
			// one node: its rule, without a walk
			withKey := false
			for _, a := range t.args {
				if mark.Get(a) == key {
					withKey = true
					break
				}
			}
			switch {
			case !withKey && simplified(t):
			case !withKey && s.remembered(t):
				ts[i] = s.memo.Get(t)
			default:
				r := s.node(t)
				r.flags |= flagSimplified
				s.memo.Set(t, r)
				if r != t && !withKey {
					st.remember(t, r)
				}
				ts[i] = r
			}
		} else {
			_ = walkPost(t, done, nil, func(u *Term) error {
				r := s.node(u)
				r.flags |= flagSimplified
				s.memo.Set(u, r)
				if r != u && mark.Get(u) == clean {
					// (a node without a key below: its plain simplification)
					st.remember(u, r)
				}
				return nil
			})
			if r := s.memo.Get(t); r != nil {
				ts[i] = r
			}
		}
		if ts[i].op == OpFalse {
			return true
		}
	}
	return false
}

// simplified reports whether t is its own simplification: a leaf, or a
// term that Simplify returned.
func simplified(t *Term) bool { return t.flags&flagSimplified != 0 || t.op.IsLeaf() }

// SimplifyAnd is Simplify of the conjunction of ts (true when ts is
// empty) without building the conjunction: the conjuncts are simplified
// one by one, then flattened, sorted and deduplicated at once, which is
// what Simplify does to the conjunction (it simplifies the conjuncts,
// then their conjunction with mkAndOr).
func (st *Store) SimplifyAnd(ts []*Term) *Term {
	var simp []*Term // ts simplified, when some is not
	for i, t := range ts {
		if !t.sort.IsBool() {
			if len(ts) == 1 {
				return st.Simplify(ts[0])
			}
			return st.Simplify(st.And(ts...))
		}
		if simp == nil && !simplified(t) {
			simp = make([]*Term, len(ts))
			copy(simp, ts[:i])
		}
		if simp != nil {
			simp[i] = st.Simplify(t)
		}
	}
	if simp != nil {
		ts = simp
	}
	switch len(ts) {
	case 0:
		return st.tru
	case 1:
		return ts[0]
	}
	r := st.mkAndOr(OpAnd, ts)
	r.flags |= flagSimplified
	return r
}

// SimplifyConjuncts appends to dst the conjuncts of SimplifyAnd of ts
// and of SimplifyAndMap(mapped, m) together (false: the conjunction is
// false; nothing appended then), without building a conjunction: the
// terms of ts that are not simplified are simplified in one walk, those
// of mapped in one walk under m, and the results flattened, sorted and
// deduplicated at once, as mkAndOr would do to them. The conjuncts
// appended are those of the conjunction SimplifyAnd would build. The
// keys of m are constants.
func (st *Store) SimplifyConjuncts(dst, ts, mapped []*Term, m map[*Term]*Term) ([]*Term, bool) {
	if len(m) == 0 {
		ts, mapped = append(ts[:len(ts):len(ts)], mapped...), nil
	}
	if boundImage(m) || slices.ContainsFunc(ts, unusualConjunct) || slices.ContainsFunc(mapped, unusualConjunct) {
		// (the general path: SimplifyAnd builds and simplifies the
		// conjunction)
		all := ts
		if len(mapped) > 0 {
			all = append(ts[:len(ts):len(ts)], st.SimplifyAndMap(mapped, m))
		}
		r := st.SimplifyAnd(all)
		if r.op == OpFalse {
			return dst, false
		}
		if r.op == OpTrue {
			return dst, true
		}
		return Conjuncts(dst, r), true
	}
	n := len(dst)
	dst = append(dst, mapped...)
	if len(mapped) > 0 {
		for k := range m {
			if k.op != OpConst {
				panic("term: SimplifyConjuncts with a key that is no constant")
			}
		}
		if st.simplifyMapRoots(dst[n:], substMap{m: m}) {
			return falseConjunction(dst, n)
		}
	}
	return st.conjunctsOf(dst, n, ts)
}

// SimplifyConjunctsTable is SimplifyConjuncts with the substitution m
// given as a table whose keys are the constants keys (each image free of
// bound variables, as a constant or a value is): the table a caller
// keeps of its definitions, without a map made of them. m may hold
// other keys, which no term of mapped mentions.
func (st *Store) SimplifyConjunctsTable(dst, ts, mapped, keys []*Term, m *TermMap[*Term]) ([]*Term, bool) {
	return st.SimplifyConjunctsFunc(dst, ts, mapped, keys, m.Get)
}

// SimplifyConjunctsFunc is SimplifyConjunctsTable with the table's
// lookup: m gives the image of a key, nil for another term (a caller's
// table of another kind).
func (st *Store) SimplifyConjunctsFunc(dst, ts, mapped, keys []*Term, m func(*Term) *Term) ([]*Term, bool) {
	if len(keys) == 0 {
		return st.SimplifyConjuncts(dst, ts, mapped, nil)
	}
	if slices.ContainsFunc(ts, unusualConjunct) || slices.ContainsFunc(mapped, unusualConjunct) {
		// (the general path, with the map)
		mm := make(map[*Term]*Term, len(keys))
		for _, k := range keys {
			mm[k] = m(k)
		}
		return st.SimplifyConjuncts(dst, ts, mapped, mm)
	}
	n := len(dst)
	dst = append(dst, mapped...)
	if len(mapped) > 0 {
		if st.simplifyMapRoots(dst[n:], substMap{fn: m}) {
			return falseConjunction(dst, n)
		}
	}
	return st.conjunctsOf(dst, n, ts)
}

// conjunctsOf ends SimplifyConjuncts: dst[n:] holds the mapped terms
// simplified; ts are simplified after them, and the whole flattened,
// sorted and deduplicated.
func (st *Store) conjunctsOf(dst []*Term, n int, ts []*Term) ([]*Term, bool) {
	k := len(dst)
	dst = append(dst, ts...)
	if st.simplifyRoots(dst[k:]) {
		return falseConjunction(dst, n)
	}
	// flattened, the units dropped, sorted and deduplicated (mkAndOr)
	j := n
	for i := n; i < len(dst); i++ {
		switch a := dst[i]; a.op {
		case OpTrue:
		case OpFalse:
			return falseConjunction(dst, n)
		case OpAnd:
			// (a flat conjunction: its arguments after the others)
			dst = append(dst, a.args...)
		default:
			dst[j] = a
			j++
		}
	}
	clear(dst[j:])
	dst = dst[:j]
	out := dst[n:]
	SortByID(out)
	out = slices.Compact(out)
	clear(dst[n+len(out) : j])
	dst = dst[:n+len(out)]
	for _, a := range out {
		if a.op == OpNot {
			if _, ok := slices.BinarySearchFunc(out, a.args[0], CompareID); ok {
				return falseConjunction(dst, n)
			}
		}
	}
	return dst, true
}

// falseConjunction is what the conjunct lists answer when the
// conjunction is false: dst as it came (its first n terms), the terms
// appended after them cleared, and false.
func falseConjunction(dst []*Term, n int) ([]*Term, bool) {
	clear(dst[n:])
	return dst[:n], false
}

// selfNormal reports whether u, its arguments simplified to a, is its
// own simplification by the rules of node in the most common cases: the
// atom the rule would intern is u itself (¬b, x ≤ 3 over the integers,
// x = 3, x = y of a sort without rules for them), so its lookup is
// saved.
func selfNormal(u *Term, a []*Term) bool {
	if u.op != OpNot && u.op != OpLe && u.op != OpEq {
		return false // (the only ops below; every node asks)
	}
	for i, x := range u.args {
		if a[i] != x {
			return false
		}
	}
	switch u.op {
	case OpNot:
		return a[0].op == OpConst // (mkNot)
	case OpLe:
		// intBound's x ≤ c
		return a[0].op == OpConst && a[1].op == OpNum && a[0].sort.IsInt() && a[1].sort == a[0].sort
	case OpEq:
		if len(a) != 2 || a[0].op != OpConst || a[0].sort != a[1].sort {
			return false
		}
		x, y := a[0], a[1]
		switch {
		case x.sort.IsArith():
			// leafEq's x = c
			return y.op == OpNum
		case x.sort.kind == KindDatatype:
			return false
		}
		// mkEq's last case, two constants in the order of their IDs
		// (a Boolean constant's rules need true, false or a negation)
		return y.op == OpConst && x.id < y.id
	}
	return false
}

// flatAtom reports whether t is a node whose arguments are leaves
// (constants and values): x = y, x ≤ 3, ¬b... the most common conjuncts,
// which the simplifier rewrites as one node, without a walk.
func flatAtom(t *Term) bool {
	if t.op.IsLeaf() || t.op == OpForall || t.op == OpExists {
		return false
	}
	for _, a := range t.args {
		if !a.op.IsLeaf() {
			return false
		}
	}
	return true
}

// unusualConjunct reports whether t is a conjunct that SimplifyConjuncts
// leaves to SimplifyAnd: no Boolean, or with a quantifier.
func unusualConjunct(t *Term) bool { return !t.sort.IsBool() || t.HasQuantifier() }

// simplifyRoots replaces each term of ts by its Simplify, in one walk
// (one simplifier's tables for all of them). It does not remember its
// rewrites in the store: the terms are a clause's conjuncts, met once
// (the raw conjuncts of a clause as read, whose subterms mention its own
// variables), and the store's memo would take a page for them in each
// range of IDs they span.
func (st *Store) simplifyRoots(ts []*Term) (falsified bool) {
	var s *simplifier // (made for the first root that needs one)
	defer func() {
		if s != nil {
			termTables.put(s.memo)
			s.lz.release()
		}
	}()
	for i, t := range ts {
		if !simplified(t) {
			ts[i] = st.simplifyRoot(&s, t)
		}
		if ts[i].op == OpFalse {
			return true
		}
	}
	return false
}

// simplifyRoot is Simplify of t, a root of simplifyRoots that is not
// simplified: the store's memo, t's rule when it is a flat atom, or a
// walk of the simplifier *s (made when nil).
func (st *Store) simplifyRoot(s **simplifier, t *Term) *Term {
	if r := st.simpMemo.Get(t); r != nil {
		return r
	}
	if *s == nil {
		*s = &simplifier{st: st, memo: termTables.get(), lz: newLinearizer(st), known: true, forget: true}
	}
	if flatAtom(t) && !(*s).memo.Has(t) {
		// one node: its rule, without a walk (and not remembered in
		// the store: the conjuncts of a clause are simplified once, the
		// store's memo is for the subterms that many terms share)
		r := (*s).node(t)
		r.flags |= flagSimplified
		(*s).memo.Set(t, r)
		return r
	}
	return (*s).walk(t)
}

// SimplifyEq is Simplify of a = b without building a = b when a and b
// are simplified variables or numerals (x = y, x = 3: the most common
// equalities of the passes); otherwise it is Simplify(Eq(a, b)).
func (st *Store) SimplifyEq(a, b *Term) *Term {
	if a.sort.IsArith() && simplified(a) && simplified(b) {
		if a == b {
			return st.tru
		}
		if r := st.leafEq(a, b); r != nil {
			r.flags |= flagSimplified
			return r
		}
	}
	if a.op == OpConst && b.op == OpConst && a.sort == b.sort && a.sort.kind != KindDatatype && !a.sort.IsArith() {
		// two constants of a sort without rules for them (arrays,
		// Booleans, bit-vectors...): mkEq's last case, without a
		// simplifier's tables
		if a == b {
			return st.tru
		}
		if b.id < a.id {
			a, b = b, a
		}
		r := st.intern(OpEq, BoolSort, []*Term{a, b}, nil, num.Rat{})
		r.flags |= flagSimplified
		return r
	}
	if simplified(a) && simplified(b) && a.sort == b.sort && !a.sort.IsArith() && a.sort.kind != KindDatatype {
		// x = true, x = false, x = v for a value v (the definitions the
		// passes write back): Simplify gives mkEq of the simplified
		// arguments, whose rules for these sorts read no simplifier's
		// table, so the equality is not built to be rewritten at once
		s := simplifier{st: st}
		r := s.mkEq(a, b)
		r.flags |= flagSimplified
		return r
	}
	return st.Simplify(st.Eq(a, b))
}

// SimplifySubstitute is SimplifyMap with the pairs from[i] ↦ to[i].
func (st *Store) SimplifySubstitute(t *Term, from, to []*Term) *Term {
	if len(from) != len(to) {
		panic(fmt.Sprintf("term: SimplifySubstitute with %d sources and %d targets", len(from), len(to)))
	}
	if len(from) == 0 {
		return st.Simplify(t)
	}
	if len(from) <= 8 && !t.HasQuantifier() && !slices.ContainsFunc(to, (*Term).HasBound) {
		// SimplifyMap's walk, the pairs searched (no map made for a
		// few of them)
		r := [1]*Term{t}
		st.simplifyMapRoots(r[:], substMap{from: from, to: to})
		return r[0]
	}
	m := make(map[*Term]*Term, len(from))
	for i, f := range from {
		m[f] = to[i]
	}
	return st.SimplifyMap(t, m)
}

type simplifier struct {
	st *Store
	// known: a term that the walk skipped is its own simplification
	// (marked simplified, and under SimplifyMap free of its keys)
	known bool
	memo  *TermMap[*Term]
	lz    *linearizer
	args  []*Term // scratch: the simplified arguments of the node
	// forget: the walk does not remember its rewrites in the store
	// (see simplifyRoots)
	forget bool
}

func (s *simplifier) node(u *Term) *Term {
	if u.op.IsLeaf() {
		return u
	}
	st := s.st
	// The rules below copy what they keep of a, so it can be scratch.
	a := s.args[:0]
	for _, x := range u.args {
		r := s.memo.Get(x)
		if r == nil && s.known {
			r = x // marked simplified
		}
		a = append(a, r)
	}
	s.args = a
	if selfNormal(u, a) {
		return u
	}
	switch u.op {
	case OpNot:
		return st.mkNot(a[0])
	case OpAnd, OpOr:
		return st.mkAndOr(u.op, a)
	case OpImplies:
		return st.mkAndOr(OpOr, []*Term{st.mkNot(a[0]), a[1]})
	case OpXor:
		return st.mkXor(a)
	case OpIte:
		return st.mkIte(a[0], a[1], a[2])
	case OpEq:
		if len(a) == 2 {
			return s.mkEq(a[0], a[1])
		}
		cs := make([]*Term, len(a)-1)
		for i := range cs {
			cs[i] = s.mkEq(a[0], a[i+1])
		}
		return st.mkAndOr(OpAnd, cs)
	case OpDistinct:
		return s.mkDistinct(a)
	case OpAdd, OpSub, OpNeg, OpMul, OpDiv, OpToReal:
		return s.linTerm(s.lz.node(u.op, u.sort, a, nil), u.sort)
	case OpIntDiv, OpMod:
		return s.mkDivMod(u.op, a[0], a[1])
	case OpAbs:
		if a[0].op == OpNum {
			return st.Num(a[0].Num().Abs(), u.sort)
		}
	case OpLe, OpLt, OpGe, OpGt:
		if r := st.intBound(u.op, a[0], a[1]); r != nil {
			return r
		}
		l := s.diff(a[0], a[1])
		switch u.op {
		case OpLe:
			return st.mkIneq(l, false)
		case OpLt:
			return st.mkIneq(l, true)
		case OpGe:
			return st.mkIneq(scale(l, ratMinusOne), false)
		default:
			return st.mkIneq(scale(l, ratMinusOne), true)
		}
	case OpToInt, OpIsInt:
		return s.mkToInt(u.op, a[0])
	case OpSelect:
		return st.mkSelect(a[0], a[1])
	case OpStore:
		return st.mkStore(a[0], a[1], a[2])
	case OpForall, OpExists:
		if body := a[len(a)-1]; body.op == OpTrue || body.op == OpFalse {
			return body
		}
	case OpSel, OpTest: // Datatypes
		if r := st.rewriteADT(u.op, u.fn, a); r != nil {
			return r
		}
	}
	// Bit-vectors
	if u.op.IsBV() {
		return st.simplifyBV(u, a)
	}
	return st.Rebuild(u, a)
}

var ratMinusOne = num.NewRat(-1, 1)

// linTerm returns the term of l and records its form.
func (s *simplifier) linTerm(l Linear, sort *Sort) *Term {
	r := s.st.fromLinear(l, sort)
	if !s.lz.memo.Has(r) {
		s.lz.memo.Set(r, &l)
	}
	return r
}

// diff is the form of a - b. A side that is a variable of the form (a
// constant, a select...) or a numeral is read as it is, without a form
// made and kept for it (x ≤ y + 1, x = 2·y: most sides are leaves).
func (s *simplifier) diff(a, b *Term) Linear {
	var la, lb *Linear
	if isLinOp(a.op) && a.op != OpNum {
		la = s.lz.lin(a)
	}
	if isLinOp(b.op) && b.op != OpNum {
		lb = s.lz.lin(b)
	}
	acc := s.lz.acc[:0]
	var k num.Rat
	switch {
	case la != nil:
		for i, v := range la.Vars {
			acc = append(acc, linItem{v, la.Coeffs[i]})
		}
		k = la.Const
	case a.op == OpNum:
		k = a.Num()
	default:
		acc = append(acc, linItem{a, ratOne})
	}
	switch {
	case lb != nil:
		for i, v := range lb.Vars {
			acc = append(acc, linItem{v, lb.Coeffs[i].Neg()})
		}
		k = k.Sub(lb.Const)
	case b.op == OpNum:
		k = k.Sub(b.Num())
	default:
		acc = append(acc, linItem{b, ratMinusOne})
	}
	s.lz.acc = acc
	return normalize(acc, k)
}

// ---- Boolean structure ----

func (st *Store) mkNot(a *Term) *Term {
	switch a.op {
	case OpTrue:
		return st.fls
	case OpFalse:
		return st.tru
	case OpNot:
		return a.args[0]
	}
	return st.intern(OpNot, BoolSort, []*Term{a}, nil, num.Rat{})
}

// mkAndOr flattens, drops units, sorts by ID, removes duplicates and
// detects absorbing elements and complementary literals.
func (st *Store) mkAndOr(op Op, args []*Term) *Term {
	unit, zero := st.tru, st.fls
	if op == OpOr {
		unit, zero = zero, unit
	}
	buf := make([]*Term, 0, len(args))
	for _, a := range args {
		switch {
		case a == unit:
		case a == zero:
			return zero
		case a.op == op:
			buf = append(buf, a.args...)
		default:
			buf = append(buf, a)
		}
	}
	SortByID(buf)
	buf = slices.Compact(buf)
	for _, a := range buf {
		if a.op == OpNot {
			if _, ok := slices.BinarySearchFunc(buf, a.args[0], CompareID); ok {
				return zero
			}
		}
	}
	switch len(buf) {
	case 0:
		return unit
	case 1:
		return buf[0]
	}
	return st.intern(op, BoolSort, buf, nil, num.Rat{})
}

// mkXor moves negations and constants out as a parity, flattens, and
// cancels pairs: the result is false, true, x, (xor x1 ... xn) with sorted
// distinct non-negated arguments, or the negation of one of the last two.
func (st *Store) mkXor(args []*Term) *Term {
	odd := false
	var buf []*Term
	var add func(a *Term)
	add = func(a *Term) {
		for a.op == OpNot {
			odd = !odd
			a = a.args[0]
		}
		switch a.op {
		case OpTrue:
			odd = !odd
		case OpFalse:
		case OpXor:
			for _, b := range a.args {
				add(b)
			}
		default:
			buf = append(buf, a)
		}
	}
	for _, a := range args {
		add(a)
	}
	SortByID(buf)
	out := buf[:0]
	for i := 0; i < len(buf); {
		j := i
		for j < len(buf) && buf[j] == buf[i] {
			j++
		}
		if (j-i)%2 == 1 {
			out = append(out, buf[i])
		}
		i = j
	}
	var r *Term
	switch len(out) {
	case 0:
		return st.Bool(odd)
	case 1:
		r = out[0]
	default:
		r = st.intern(OpXor, BoolSort, out, nil, num.Rat{})
	}
	if odd {
		return st.mkNot(r)
	}
	return r
}

func (st *Store) mkIte(c, a, b *Term) *Term {
	switch {
	case c.op == OpTrue:
		return a
	case c.op == OpFalse:
		return b
	case a == b:
		return a
	}
	if c.op == OpNot {
		c, a, b = c.args[0], b, a
	}
	if a.sort.IsBool() {
		switch {
		case a.op == OpTrue && b.op == OpFalse:
			return c
		case a.op == OpFalse && b.op == OpTrue:
			return st.mkNot(c)
		case a.op == OpTrue || a == c: // c or b
			return st.mkAndOr(OpOr, []*Term{c, b})
		case a.op == OpFalse:
			return st.mkAndOr(OpAnd, []*Term{st.mkNot(c), b})
		case b.op == OpTrue:
			return st.mkAndOr(OpOr, []*Term{st.mkNot(c), a})
		case b.op == OpFalse || b == c: // c and a
			return st.mkAndOr(OpAnd, []*Term{c, a})
		}
	}
	return st.intern(OpIte, a.sort, []*Term{c, a, b}, nil, num.Rat{})
}

// mkEq returns the canonical form of (= a b).
func (s *simplifier) mkEq(a, b *Term) *Term {
	st := s.st
	if a == b {
		return st.tru
	}
	switch {
	case a.sort.IsArith():
		if r := st.leafEq(a, b); r != nil {
			// x = y and x = c, the most common equalities, without the
			// linearizer: the atom mkArithEq gives for them
			return r
		}
		return st.mkArithEq(s.diff(a, b))
	case a.sort.IsBool():
		switch {
		case a.op == OpTrue:
			return b
		case b.op == OpTrue:
			return a
		case a.op == OpFalse:
			return st.mkNot(b)
		case b.op == OpFalse:
			return st.mkNot(a)
		case a.op == OpNot && a.args[0] == b, b.op == OpNot && b.args[0] == a:
			return st.fls
		case a.op == OpNot && b.op == OpNot:
			return s.mkEq(a.args[0], b.args[0])
		}
	case a.IsValue() && b.IsValue():
		// Simplified values are canonical: distinct terms, distinct values.
		return st.fls
	case a.sort.kind == KindDatatype: // Datatypes
		if r := s.eqADT(a, b); r != nil {
			return r
		}
	}
	if b.id < a.id {
		a, b = b, a
	}
	return st.intern(OpEq, BoolSort, []*Term{a, b}, nil, num.Rat{})
}

// intBound is the literal mkIneq gives for x op c or c op x, x an
// integer variable and c a numeral, built without a linear form (and
// with one operation on c at most: the bounds of Solidity's range checks
// are 256-bit numerals): x ≤ c, x ≤ c-1 for x < c, ¬(x ≤ c-1) for x ≥ c,
// ¬(x ≤ c) for x > c. It is nil for other arguments.
func (st *Store) intBound(op Op, a, b *Term) *Term {
	if a.op == OpNum && b.op == OpConst {
		a, b = b, a
		switch op {
		case OpLe:
			op = OpGe
		case OpLt:
			op = OpGt
		case OpGe:
			op = OpLe
		case OpGt:
			op = OpLt
		}
	}
	if a.op != OpConst || b.op != OpNum || !a.sort.IsInt() || b.sort != a.sort {
		return nil
	}
	le := func(c *Term) *Term { return st.intern(OpLe, BoolSort, []*Term{a, c}, nil, num.Rat{}) }
	minusOne := func() *Term { return st.Num(b.Num().Sub(num.NewRat(1, 1)), a.sort) }
	switch op {
	case OpLe:
		return le(b)
	case OpLt:
		return le(minusOne())
	case OpGe:
		return st.mkNotAtom(le(minusOne()))
	default:
		return st.mkNotAtom(le(b))
	}
}

// leafEq is the atom mkArithEq gives for a = b, for two distinct
// variables of one sort (x + (-1)·y = 0, x the one of lower ID) or a
// variable and a numeral (x = c), built without a linear form; nil for
// other a and b.
func (st *Store) leafEq(a, b *Term) *Term {
	if a.sort != b.sort || a == b {
		return nil
	}
	s := a.sort
	switch {
	case a.op == OpConst && b.op == OpConst:
		if b.id < a.id {
			a, b = b, a
		}
		mb := st.intern(OpMul, s, []*Term{st.Num(ratMinusOne, s), b}, nil, num.Rat{})
		lhs := st.intern(OpAdd, s, []*Term{a, mb}, nil, num.Rat{})
		return st.intern(OpEq, BoolSort, []*Term{lhs, st.Num(num.Rat{}, s)}, nil, num.Rat{})
	case a.op == OpConst && b.op == OpNum:
		return st.intern(OpEq, BoolSort, []*Term{a, b}, nil, num.Rat{})
	case a.op == OpNum && b.op == OpConst:
		return st.intern(OpEq, BoolSort, []*Term{b, a}, nil, num.Rat{})
	}
	return nil
}

func (s *simplifier) mkDistinct(args []*Term) *Term {
	st := s.st
	if len(args) == 2 {
		return st.mkNot(s.mkEq(args[0], args[1]))
	}
	if args[0].sort.IsBool() {
		return st.fls // three Booleans cannot be pairwise distinct
	}
	buf := slices.Clone(args)
	SortByID(buf)
	values := true
	for i, a := range buf {
		if i > 0 && buf[i-1] == a {
			return st.fls
		}
		if !a.IsValue() {
			values = false
		}
	}
	if values {
		return st.tru
	}
	return st.intern(OpDistinct, BoolSort, buf, nil, num.Rat{})
}

// ---- Integer operators ----

// mkDivMod normalizes (div a k) and (mod a k) for a numeral k != 0: a
// negative k is made positive (div a -k) = -(div a k), (mod a -k) =
// (mod a k); the part of a divisible by k moves out of div and mod
// (div (+ (* k y) r) k) = y + (div r k), so the dividend left has no
// coefficient divisible by k and a constant in [0, k). Numerals fold.
// Division by zero and by non-numerals stays as it is.
func (s *simplifier) mkDivMod(op Op, a, b *Term) *Term {
	st := s.st
	if b.op != OpNum || b.Num().IsZero() {
		return st.intern(op, IntSort, []*Term{a, b}, nil, num.Rat{})
	}
	k := b.Num().Num()
	neg := k.Sign() < 0
	k = k.Abs()
	l := s.lz.lin(a)
	var out, rest []linItem
	for i, v := range l.Vars {
		c := l.Coeffs[i].Num()
		if c.Mod(k).IsZero() {
			out = append(out, linItem{v, c.Div(k).Rat()})
		} else {
			rest = append(rest, linItem{v, l.Coeffs[i]})
		}
	}
	q, r := l.Const.Num().DivMod(k)
	var x *Term // (op rest k), nil if rest is a numeral
	if len(rest) > 0 && !k.IsOne() {
		x = st.intern(op, IntSort, []*Term{st.fromLinear(normalize(rest, r.Rat()), IntSort), st.IntNum(k)}, nil, num.Rat{})
	}
	if op == OpMod {
		if x == nil {
			return st.IntNum(r)
		}
		return x
	}
	res := out
	if x != nil { // (div r k) = 0 for 0 <= r < k
		res = append(res, linItem{x, ratOne})
	}
	if neg {
		for i := range res {
			res[i].c = res[i].c.Neg()
		}
		q = q.Neg()
	}
	return s.linTerm(normalize(res, q.Rat()), IntSort)
}

// mkToInt folds to_int and is_int of numerals and of forms whose variables
// are Int with integer coefficients: (to_int (+ L c)) = L + floor(c).
func (s *simplifier) mkToInt(op Op, a *Term) *Term {
	st := s.st
	l := s.lz.lin(a)
	for i, v := range l.Vars {
		if !v.sort.IsInt() || !l.Coeffs[i].IsInt() {
			r, _ := st.Build(op, a)
			return r
		}
	}
	if op == OpIsInt {
		return st.Bool(l.Const.IsInt())
	}
	return s.linTerm(Linear{Vars: l.Vars, Coeffs: l.Coeffs, Const: l.Const.Floor().Rat()}, IntSort)
}

// ---- Arrays ----

// mkSelect reads through stores at other value indices and constant
// arrays: (select (store a i v) i) = v, (select (store a j v) i) =
// (select a i) for distinct values i, j, (select (const v) i) = v.
func (st *Store) mkSelect(a, i *Term) *Term {
	arr := a
	for {
		switch arr.op {
		case OpStore:
			if arr.args[1] == i {
				return arr.args[2]
			}
			if arr.args[1].IsValue() && i.IsValue() {
				arr = arr.args[0]
				continue
			}
		case OpConstArray:
			return arr.args[0]
		}
		break
	}
	return st.intern(OpSelect, arr.sort.Elem(), []*Term{arr, i}, nil, num.Rat{})
}

// mkStore canonicalizes stores of values into values, overwrites a store
// at the same index, and drops (store a i (select a i)).
func (st *Store) mkStore(a, i, v *Term) *Term {
	if a.op == OpStore && a.args[1] == i {
		a = a.args[0] // overwritten; a may now be a value
	}
	if a.IsValue() && i.IsValue() && v.IsValue() {
		return st.storeValue(a, i, v)
	}
	if v.op == OpSelect && v.args[0] == a && v.args[1] == i {
		return a
	}
	return st.intern(OpStore, a.sort, []*Term{a, i, v}, nil, num.Rat{})
}
