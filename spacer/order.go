package spacer

import (
	"cmp"
	"hash/fnv"
	"slices"

	"github.com/seed-f9c3434d/gospacer/term"
)

// The literals of an obligation's cube and of a lemma are kept in an
// order that does not depend on term IDs (the order in which the terms
// happened to be made): inductive generalisation drops them in that
// order, a lemma's first false literal stands for it in a child's
// projection (frameLiterals), and the clause solvers see them in it. With
// IDs deciding, a change that makes the same terms in another order (a
// clause over the params, toParams, or a pass that interns more terms
// first) changes the search.
//
// The order (cmpLit): simpler literals first, by how many params a
// literal mentions, then by the least param position it mentions
// (literals over no param last), then by size, then by a structural hash
// in which a param is its position and any other constant its name; the
// ID breaks only a collision of all four.

// litKey is the order's key of a literal.
type litKey struct {
	params int32 // how many params it mentions
	pos    int32 // least param position, or maxPos
	size   int32 // tree size, at most maxSize
	hash   uint64
}

const (
	maxPos  = 1 << 30
	maxSize = 1 << 20
)

// shape is the memoized structural hash and size of a term.
type shape struct {
	hash uint64
	size int32
}

// litOrder holds the memos of the order.
type litOrder struct {
	paramPos map[*term.Term]int32 // every predicate's params by position
	keys     map[*term.Term]litKey
	shapes   map[*term.Term]shape
	sorts    map[*term.Sort]uint64
}

func (o *litOrder) init(preds []*pred) {
	o.paramPos = map[*term.Term]int32{}
	for _, p := range preds {
		for i, x := range p.params {
			if _, ok := o.paramPos[x]; !ok {
				o.paramPos[x] = int32(i)
			}
		}
	}
	o.keys = map[*term.Term]litKey{}
	o.shapes = map[*term.Term]shape{}
	o.sorts = map[*term.Sort]uint64{}
}

func mix(h, x uint64) uint64 {
	h ^= x + 0x9e3779b97f4a7c15 + h<<6 + h>>2
	h ^= h >> 31
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 29
	return h
}

func strHash(s string) uint64 {
	f := fnv.New64a()
	f.Write([]byte(s))
	return f.Sum64()
}

func (o *litOrder) sortHash(s *term.Sort) uint64 {
	h, ok := o.sorts[s]
	if !ok {
		h = strHash(s.String())
		o.sorts[s] = h
	}
	return h
}

// shapeOf is t's structural hash and size (memoized).
func (o *litOrder) shapeOf(t *term.Term) shape {
	if s, ok := o.shapes[t]; ok {
		return s
	}
	h := mix(uint64(t.Op())+1, o.sortHash(t.Sort()))
	size := int32(1)
	switch {
	case t.Op() == term.OpConst:
		if i, ok := o.paramPos[t]; ok {
			h = mix(h, uint64(i)+1)
		} else {
			h = mix(h, strHash(t.Name()))
		}
	case t.Func() != nil:
		h = mix(h, strHash(t.Name()))
	}
	if t.Op() == term.OpNum || t.Op() == term.OpValue || t.Op() == term.OpBVNum {
		h = mix(h, strHash(t.Num().String()))
	}
	if t.Op().IsBVIndexed() {
		i, j := t.Indices()
		h = mix(mix(h, uint64(i)), uint64(j))
	}
	for _, a := range t.Args() {
		s := o.shapeOf(a)
		h = mix(h, s.hash)
		size = min(size+s.size, maxSize)
	}
	s := shape{h, size}
	o.shapes[t] = s
	return s
}

func (e *engine) litKey(l *term.Term) litKey {
	o := &e.order
	if k, ok := o.keys[l]; ok {
		return k
	}
	s := o.shapeOf(l)
	k := litKey{pos: maxPos, size: s.size, hash: s.hash}
	for _, c := range e.st.SharedFreeConsts(l) {
		if i, ok := o.paramPos[c]; ok {
			k.params++
			if i < k.pos {
				k.pos = i
			}
		}
	}
	o.keys[l] = k
	return k
}

// cmpLit is the order of cube literals.
func (e *engine) cmpLit(a, b *term.Term) int {
	if a == b {
		return 0
	}
	ka, kb := e.litKey(a), e.litKey(b)
	if c := cmp.Compare(ka.params, kb.params); c != 0 {
		return c
	}
	if c := cmp.Compare(ka.pos, kb.pos); c != 0 {
		return c
	}
	if c := cmp.Compare(ka.size, kb.size); c != 0 {
		return c
	}
	if c := cmp.Compare(ka.hash, kb.hash); c != 0 {
		return c
	}
	return term.CompareID(a, b)
}

// sortCube is cube sorted by cmpLit, without repeats (a copy).
func (e *engine) sortCube(cube []*term.Term) []*term.Term {
	cube = slices.Clone(cube)
	slices.SortFunc(cube, e.cmpLit)
	return slices.Compact(cube)
}

// subset reports whether every literal of a is in b (both sorted by
// cmpLit).
func (e *engine) subset(a, b []*term.Term) bool {
	if len(a) > len(b) {
		return false
	}
	j := 0
	for _, l := range a {
		for j < len(b) && e.cmpLit(b[j], l) < 0 {
			j++
		}
		if j == len(b) || b[j] != l {
			return false
		}
		j++
	}
	return true
}
