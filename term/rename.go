package term

import "github.com/seed-f9c3434d/gospacer/num"

// renameRoot is the simplification of t's image under m when t is a
// simplified atom of the kinds below and m renames its constants, one by
// one, into constants that keep their order: then the image is t's
// shape over the new constants, which renameRoot builds node by node
// without the simplifier's rules. The second result is false, and no
// term built, for any other t or m.
//
// The atoms are the common conjuncts of preprocessed clauses (a merged
// clause's, a clause whose variables a definition renames): a Boolean
// constant or its negation, an arithmetic bound or equation over a sum
// of constants with numeral coefficients (x ≤ 3, x - y = 0, 2x + y ≥ 1)
// and a numeral, an equality of two constants of another sort (arrays,
// Booleans), and the negations of those. The simplifier's rules for
// them read the arguments' operators, sorts and values, whether two
// arguments are one term, and the order of the constants' IDs within
// one sum or one equality (the order of a sum's terms, the first
// coefficient's sign, an equality's orientation): nothing else. So when
// m is one to one on t's constants and keeps the order of their IDs in
// each sum and equality, the rules take the image's nodes as they took
// t's (t is their fixpoint, being simplified), and the image is its own
// simplification. The image is checked first (renameable), built after.
func (st *Store) renameRoot(t *Term, m substMap) (*Term, bool) {
	if t.flags&flagSimplified == 0 || !renameable(t, m) {
		return nil, false
	}
	return st.renameNode(t, m), true
}

// renameable reports whether renameRoot takes the atom u under m.
func renameable(u *Term, m substMap) bool {
	switch u.op {
	case OpNot:
		a := u.args[0]
		if a.op == OpConst {
			_, ok := renamedConst(a, m)
			return ok
		}
		return a.op != OpNot && renameable(a, m)
	case OpLe, OpGe:
		return u.args[1].op == OpNum && linearRenameable(u.args[0], m)
	case OpEq:
		if len(u.args) != 2 {
			return false
		}
		x, y := u.args[0], u.args[1]
		switch {
		case y.op == OpNum:
			return x.sort.IsArith() && linearRenameable(x, m)
		case x.op == OpConst && y.op == OpConst && !x.sort.IsArith() && x.sort.kind != KindDatatype:
			// (mkEq's last case: two constants in the order of their IDs)
			rx, ok := renamedConst(x, m)
			if !ok {
				return false
			}
			ry, ok := renamedConst(y, m)
			// (x ≠ y, t being simplified: the same order keeps them apart)
			return ok && CompareID(rx, ry) == CompareID(x, y)
		}
	}
	return false
}

// linearRenameable reports whether u is a constant, a numeral times a
// constant, or a sum of those (and a numeral last) whose constants m
// renames into constants in the order of their IDs.
func linearRenameable(u *Term, m substMap) bool {
	switch u.op {
	case OpConst:
		_, ok := renamedConst(u, m)
		return ok
	case OpMul:
		return monomial(u) && linearRenameable(u.args[1], m)
	case OpAdd:
		var prev *Term
		for i, a := range u.args {
			var x *Term
			switch {
			case a.op == OpConst:
				x = a
			case monomial(a):
				x = a.args[1]
			case a.op == OpNum && i == len(u.args)-1:
				continue
			default:
				return false
			}
			r, ok := renamedConst(x, m)
			if !ok || (prev != nil && CompareID(prev, r) >= 0) {
				return false
			}
			prev = r
		}
		return true
	}
	return false
}

// monomial reports whether u is a numeral times a constant.
func monomial(u *Term) bool {
	return u.op == OpMul && len(u.args) == 2 && u.args[0].op == OpNum && u.args[1].op == OpConst
}

// renamedConst is the image of the constant x under m (x itself when it
// is no key), and whether that is a constant of x's sort.
func renamedConst(x *Term, m substMap) (*Term, bool) {
	r, ok := m.get(x)
	if !ok {
		return x, true
	}
	return r, r.op == OpConst && r.sort == x.sort
}

// renameNode builds u's image under m, for u that renameable accepts (or
// a node below one), marked simplified.
func (st *Store) renameNode(u *Term, m substMap) *Term {
	switch u.op {
	case OpConst:
		r, _ := renamedConst(u, m)
		return r
	case OpNum:
		return u
	}
	var buf [8]*Term
	args := buf[:0]
	same := true
	for _, a := range u.args {
		r := st.renameNode(a, m)
		same = same && r == a
		args = append(args, r)
	}
	if same {
		return u
	}
	r := st.intern(u.op, u.sort, args, u.fn, num.Rat{})
	r.flags |= flagSimplified
	return r
}
