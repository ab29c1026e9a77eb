package itp

import (
	"math/big"
	"slices"

	"github.com/seed-f9c3434d/gospacer/term"
)

// wordLevel rewrites the bit atoms of an interpolant over bit-vectors
// ((= ((_ extract i i) t) #b1), what the blasted proof's shared bits
// stand for) into word-level form where they line up: in a conjunction,
// the literals (positive or negated) of the bits lo..hi of one term t
// become (= ((_ extract hi lo) t) c), or (= t c) over all of t; in a
// disjunction they become the negation of the equality their negations
// make. Other terms are kept; only ∧, ∨ and ¬ are entered.
func wordLevel(st *term.Store, t *term.Term) *term.Term {
	memo := map[*term.Term]*term.Term{}
	var walk func(u *term.Term) *term.Term
	walk = func(u *term.Term) *term.Term {
		op := u.Op()
		if op != term.OpAnd && op != term.OpOr && op != term.OpNot {
			return u
		}
		if r, ok := memo[u]; ok {
			return r
		}
		args := make([]*term.Term, u.NumArgs())
		changed := false
		for i, a := range u.Args() {
			args[i] = walk(a)
			changed = changed || args[i] != a
		}
		if op != term.OpNot {
			merged := mergeBits(st, args, op == term.OpOr)
			changed = changed || len(merged) != len(args)
			args = merged
		}
		r := u // unchanged: the term as it was
		switch {
		case !changed:
		case op == term.OpNot:
			r = st.Not(args[0])
		default:
			r = junction1(st, op == term.OpOr, args)
		}
		memo[u] = r
		return r
	}
	return walk(t)
}

// bitAtom reads u as bit i of t having value v: (= ((_ extract i i) t) b)
// or (= t b) for t of width 1, b a literal #b0 or #b1, either side.
func bitAtom(u *term.Term) (t *term.Term, i int, v bool, ok bool) {
	if u.Op() != term.OpEq || u.NumArgs() != 2 {
		return nil, 0, false, false
	}
	x, b := u.Arg(0), u.Arg(1)
	if x.Op() == term.OpBVNum {
		x, b = b, x
	}
	if b.Op() != term.OpBVNum || b.Sort().Width() != 1 {
		return nil, 0, false, false
	}
	v = b.BVValue().Sign() != 0
	if x.Op() == term.OpExtract {
		hi, lo := x.Indices()
		if hi != lo {
			return nil, 0, false, false
		}
		return x.Arg(0), lo, v, true
	}
	if x.Op() == term.OpBVNum {
		return nil, 0, false, false
	}
	return x, 0, v, true
}

// bitLit is one bit literal of a junction: the argument's index, bit
// and value.
type bitLit struct {
	arg, i int
	v      bool
}

// mergeBits merges runs of bit literals of one term among the arguments
// of a conjunction (neg false) or a disjunction (neg true), keeping the
// other arguments in place.
func mergeBits(st *term.Store, args []*term.Term, neg bool) []*term.Term {
	var terms []*term.Term // in order of first occurrence
	bits := map[*term.Term][]bitLit{}
	for k, a := range args {
		// the value of the bit the literal asserts (in a disjunction:
		// its negation asserts)
		flip := neg
		if a.Op() == term.OpNot {
			a, flip = a.Arg(0), !flip
		}
		t, i, v, ok := bitAtom(a)
		if !ok {
			continue
		}
		v = v != flip
		if _, seen := bits[t]; !seen {
			terms = append(terms, t)
		}
		bits[t] = append(bits[t], bitLit{k, i, v})
	}
	if len(terms) == 0 {
		return args
	}
	drop := make([]bool, len(args))
	var add []*term.Term
	for _, t := range terms {
		bs := bits[t]
		slices.SortStableFunc(bs, func(x, y bitLit) int { return x.i - y.i })
		for lo := 0; lo < len(bs); {
			hi := lo
			for hi+1 < len(bs) && bs[hi+1].i == bs[hi].i+1 {
				hi++
			}
			if hi > lo { // a run of two bits or more (a repeated bit ends it)
				val := new(big.Int)
				for k := lo; k <= hi; k++ {
					if bs[k].v {
						val.SetBit(val, k-lo, 1)
					}
					drop[bs[k].arg] = true
				}
				x := t
				if n := hi - lo + 1; n < t.Sort().Width() {
					var err error
					if x, err = st.BuildIndexed(term.OpExtract, bs[hi].i, bs[lo].i, t); err != nil {
						panic(err) // indices within the width
					}
				}
				eq := st.Eq(x, st.BVNum(val, hi-lo+1))
				if neg {
					eq = st.Not(eq)
				}
				add = append(add, eq)
			}
			lo = hi + 1
		}
	}
	if len(add) == 0 {
		return args
	}
	out := make([]*term.Term, 0, len(args))
	for k, a := range args {
		if !drop[k] {
			out = append(out, a)
		}
	}
	return append(out, add...)
}

// junction1 is the conjunction (disj false) or disjunction of args, the
// argument itself when there is one.
func junction1(st *term.Store, disj bool, args []*term.Term) *term.Term {
	switch {
	case len(args) == 1:
		return args[0]
	case disj:
		return st.Or(args...)
	}
	return st.And(args...)
}
