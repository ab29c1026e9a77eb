package spacer

import (
	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Copied arguments. A normalised clause has a distinct variable for each
// argument of each of its atoms, so an argument that keeps another's
// value is an equality x = y in the constraint: every argument of the
// identity and permutation clauses of the Consistency files (18 of them
// per clause), the joins of their six-atom clauses, the unchanged
// variables of most transition clauses. In the clause's solver each is
// a tableau row that every bound on x or y propagates through, and a
// cube of the head, asserted over its arguments, meets the body's
// lemmas, asserted over theirs, only through those rows. The clause
// solver therefore merges copies: its head and body arguments
// (clauseSolver.hargs, bargs) and its constraint (clauseSolver.cons)
// read one variable of each class of copies, and the copies leave the
// constraint. Classes are merged only while no atom gets one variable
// twice, so each atom's arguments are distinct variables still and a
// formula over them reads back over the predicate's params by one
// substitution. Derivations (derive) and every check on the input use
// the clause as it is.

// clauseCopies returns c's constraint and atoms' arguments with copies
// merged, and the variables merged into others (gone) with the variable
// each was merged into (reps).
func clauseCopies(st *term.Store, c *chc.Clause) (cons *term.Term, hargs []*term.Term, bargs [][]*term.Term, gone, reps []*term.Term) {
	// atoms[v]: the atoms (0 the head, j+1 body position j) with an
	// argument in v's class, for class representatives v
	rep := map[*term.Term]*term.Term{}
	atoms := map[*term.Term]uint64{}
	find := func(v *term.Term) *term.Term {
		for {
			r, ok := rep[v]
			if !ok || r == v {
				return v
			}
			v = r
		}
	}
	bit := func(i int) uint64 { return 1 << (uint(i) % 64) } // more atoms share bits: fewer merges, never a wrong one
	if c.Head != nil {
		for _, a := range c.Head.Args {
			atoms[a] |= bit(0)
		}
	}
	for j, b := range c.Body {
		for _, a := range b.Args {
			atoms[a] |= bit(j + 1)
		}
	}
	var rest []*term.Term
	for _, l := range term.Conjuncts(nil, c.Constraint) {
		x, y, ok := copyEq(st, l)
		if !ok {
			rest = append(rest, l)
			continue
		}
		rx, ry := find(x), find(y)
		if rx == ry {
			continue
		}
		if atoms[rx]&atoms[ry] != 0 {
			rest = append(rest, l)
			continue
		}
		// a head argument stays a representative only with no other
		if atoms[ry]&bit(0) != 0 && atoms[rx]&bit(0) == 0 {
			rx, ry = ry, rx
		}
		rep[rx] = ry
		atoms[ry] |= atoms[rx]
		delete(atoms, rx)
	}
	if len(rep) == 0 {
		if c.Head != nil {
			hargs = c.Head.Args
		}
		for _, b := range c.Body {
			bargs = append(bargs, b.Args)
		}
		return c.Constraint, hargs, bargs, nil, nil
	}
	var to []*term.Term
	for _, v := range c.Vars {
		if r := find(v); r != v {
			gone, to = append(gone, v), append(to, r)
		}
	}
	args := func(as []*term.Term) []*term.Term {
		out := make([]*term.Term, len(as))
		for i, a := range as {
			out[i] = find(a)
		}
		return out
	}
	if c.Head != nil {
		hargs = args(c.Head.Args)
	}
	for _, b := range c.Body {
		bargs = append(bargs, args(b.Args))
	}
	cons = st.True()
	switch len(rest) {
	case 0:
	case 1:
		cons = rest[0]
	default:
		cons = st.And(rest...)
	}
	return st.Substitute(cons, gone, to), hargs, bargs, gone, to
}

// copyEq reads x = y off l, x and y variables of one sort: Booleans or
// numbers equal as written or as a linear form x - y = 0.
func copyEq(st *term.Store, l *term.Term) (x, y *term.Term, ok bool) {
	if l.Op() != term.OpEq || l.NumArgs() != 2 {
		return nil, nil, false
	}
	x, y = l.Arg(0), l.Arg(1)
	if x.IsConst() && y.IsConst() {
		return x, y, x.Sort() == y.Sort()
	}
	if p, q, ok := diffZero(x, y); ok {
		return p, q, true
	}
	if !x.Sort().IsArith() || len(st.SharedFreeConsts(l)) != 2 {
		// (two constants: a cheap test before the linear form, which
		// builds x - y; a bound or a store has a third or a numeral)
		return nil, nil, false
	}
	lin, ok := st.Linearize(st.Sub(x, y))
	if !ok || len(lin.Vars) != 2 || !lin.Const.IsZero() || !lin.Coeffs[0].Equal(lin.Coeffs[1].Neg()) ||
		!lin.Vars[0].IsConst() || !lin.Vars[1].IsConst() || lin.Vars[0].Sort() != lin.Vars[1].Sort() {
		return nil, nil, false
	}
	return lin.Vars[0], lin.Vars[1], true
}

// diffZero reads x = y off s = z in the simplifier's shape of x - y = 0,
// (= (+ x (* -1 y)) 0) with x and y constants of one sort, without
// building a linear form; x and y by ID, as copyEq's linear form gives
// them.
func diffZero(s, z *term.Term) (x, y *term.Term, ok bool) {
	if s.Op() != term.OpAdd || s.NumArgs() != 2 || !z.IsNum() || z.Num().Sign() != 0 {
		return nil, nil, false
	}
	p, q := s.Arg(0), s.Arg(1)
	if !p.IsConst() {
		p, q = q, p
	}
	if !p.IsConst() || q.Op() != term.OpMul || q.NumArgs() != 2 {
		return nil, nil, false
	}
	if c, r := q.Arg(0), q.Arg(1); c.IsNum() && c.Num().Equal(minusOne) && r.IsConst() && r.Sort() == p.Sort() && r != p {
		if term.CompareID(p, r) > 0 {
			p, r = r, p // by ID, as the linear form has them
		}
		return p, r, true
	}
	return nil, nil, false
}

var minusOne = num.NewRat(-1, 1)
