package passes

import (
	"math/big"

	"github.com/seed-f9c3434d/gospacer/term"
)

// The ranges of BitVecToInt: the comparisons with constants that are
// conjuncts narrow the range of a variable for the other conjuncts.

// and translates a conjunction: the conjuncts that compare a bit-vector
// variable with a constant narrow the variable's range for the others
// (each holds wherever the conjunction does); those conjuncts themselves
// are translated under the enclosing ranges only.
func (b *bvInt) and(u *term.Term) (*term.Term, error) {
	guards := make([]bool, u.NumArgs())
	mark := len(b.undo)
	for i, a := range u.Args() {
		guards[i] = b.guard(a)
	}
	args := make([]*term.Term, u.NumArgs())
	outer := b.scope
	inner := outer
	if len(b.undo) > mark {
		b.nScopes++
		inner = b.nScopes
	}
	for i, a := range u.Args() {
		var err error
		if guards[i] {
			// under the enclosing ranges only
			saved := b.swapOut(mark)
			b.scope = outer
			args[i], err = b.other(a)
			b.swapIn(saved)
		} else {
			b.scope = inner
			args[i], err = b.other(a)
		}
		if err != nil {
			b.restore(mark)
			b.scope = outer
			return nil, err
		}
	}
	b.restore(mark)
	b.scope = outer
	return b.st.And(args...), nil
}

// swapOut undoes the narrowings made since mark and returns them, to be
// made again by swapIn.
func (b *bvInt) swapOut(mark int) []bvUndo {
	var redo []bvUndo
	for i := len(b.undo) - 1; i >= mark; i-- {
		u := b.undo[i]
		redo = append(redo, bvUndo{u.x, b.bounds[u.x], true})
		if u.had {
			b.bounds[u.x] = u.r
		} else {
			delete(b.bounds, u.x)
		}
	}
	return redo
}

func (b *bvInt) swapIn(redo []bvUndo) {
	for i := len(redo) - 1; i >= 0; i-- {
		b.bounds[redo[i].x] = redo[i].r
	}
}

func (b *bvInt) restore(mark int) {
	for i := len(b.undo) - 1; i >= mark; i-- {
		u := b.undo[i]
		if u.had {
			b.bounds[u.x] = u.r
		} else {
			delete(b.bounds, u.x)
		}
	}
	b.undo = b.undo[:mark]
}

// guard narrows the range of a variable that the conjunct a compares with
// a constant, and reports whether it did.
func (b *bvInt) guard(a *term.Term) bool {
	op := a.Op()
	neg := false
	if op == term.OpNot && a.Arg(0).NumArgs() == 2 && a.Arg(0).Arg(0).Sort().IsBitVec() {
		a, neg = a.Arg(0), true
		op = a.Op()
	}
	if a.NumArgs() != 2 || !a.Arg(0).Sort().IsBitVec() {
		return false
	}
	x, c := a.Arg(0), a.Arg(1)
	flip := false
	if x.Op() != term.OpConst {
		x, c, flip = c, x, true
	}
	v, ok := constValue(c)
	if x.Op() != term.OpConst || !ok {
		return false
	}
	w := x.Sort().Width()
	var signed bool
	// x op v, as ≤ / ≥ with a strictness
	var le, strict bool
	switch op {
	case term.OpEq:
		if neg {
			return false
		}
		return b.narrowEq(x, v, w)
	case term.OpBVUlt, term.OpBVSlt:
		le, strict = true, true
	case term.OpBVUle, term.OpBVSle:
		le = true
	case term.OpBVUgt, term.OpBVSgt:
		strict = true
	case term.OpBVUge, term.OpBVSge:
	default:
		return false
	}
	signed = op >= term.OpBVSlt
	if flip { // v op x
		le = !le
	}
	if neg { // not (x < v) is x >= v
		le, strict = !le, !strict
	}
	if signed {
		v = bvSignedValue(v, w)
	}
	bound := new(big.Int).Set(v)
	if strict {
		if le {
			bound.Sub(bound, big.NewInt(1))
		} else {
			bound.Add(bound, big.NewInt(1))
		}
	}
	// the interval of x in the operator's reading
	var lo, hi *big.Int
	rlo, rhi := base(w, signed), new(big.Int).Sub(new(big.Int).Add(base(w, signed), pow2(w)), big.NewInt(1))
	if le {
		lo, hi = rlo, bound
	} else {
		lo, hi = bound, rhi
	}
	if lo.Cmp(hi) > 0 {
		return false // contradictory: leave it to the engines
	}
	if signed != b.signed {
		// the interval in the system's reading, when it does not straddle
		// the point where the two readings part
		if lo.Sign() < 0 && hi.Sign() >= 0 {
			return false
		}
		half := pow2(w - 1)
		if lo.Cmp(half) < 0 && hi.Cmp(half) >= 0 {
			return false
		}
		if lo.Sign() < 0 || lo.Cmp(half) >= 0 {
			m := pow2(w)
			if signed { // negative signed values are the high unsigned ones
				lo, hi = new(big.Int).Add(lo, m), new(big.Int).Add(hi, m)
			} else {
				lo, hi = new(big.Int).Sub(lo, m), new(big.Int).Sub(hi, m)
			}
		}
	}
	return b.narrow(b.intVar(x), lo, hi)
}

func (b *bvInt) narrowEq(x *term.Term, v *big.Int, w int) bool {
	if b.signed {
		v = bvSignedValue(v, w)
	}
	return b.narrow(b.intVar(x), v, v)
}

// narrow intersects the range of the Int constant y with [lo, hi].
func (b *bvInt) narrow(y *term.Term, lo, hi *big.Int) bool {
	cur, had := b.bounds[y]
	if !had {
		w := b.widths[y]
		if w == 0 {
			return false
		}
		cur.lo, cur.hi = b.varRange(w)
	}
	nlo, nhi := cur.lo, cur.hi
	if lo.Cmp(nlo) > 0 {
		nlo = lo
	}
	if hi.Cmp(nhi) < 0 {
		nhi = hi
	}
	if nlo.Cmp(nhi) > 0 || nlo.Cmp(cur.lo) == 0 && nhi.Cmp(cur.hi) == 0 {
		return false
	}
	b.undo = append(b.undo, bvUndo{y, cur, had})
	b.bounds[y] = bvRange{nlo, nhi}
	return true
}

// bvSignedValue is the two's complement reading of the unsigned v.
func bvSignedValue(v *big.Int, w int) *big.Int {
	if v.Bit(w-1) == 0 {
		return v
	}
	return new(big.Int).Sub(v, pow2(w))
}
