package term

import "github.com/seed-f9c3434d/gospacer/num"

// NNF returns the negation normal form of the Boolean term t: only and, or
// and not remain as connectives (with quantifiers), and not applies to
// atoms only. =>, xor, Boolean = and distinct, and Boolean ite are
// expanded:
//
//	(=> a b)      (or (not a) b)
//	(xor a b)     (or (and a (not b)) (and (not a) b))   n-ary: nested
//	(= a b)       (or (and a b) (and (not a) (not b)))   n-ary: a = each
//	(ite c a b)   (or (and c a) (and (not c) b))
//
// Negation moves through quantifiers (not (forall x p)) = (exists x (not
// p)). An atom is any other Boolean term: a Bool constant or application,
// select, comparison, or equality of non-Boolean terms; NNF does not look
// into it. Each node is converted once per polarity, so the result is
// linear in the DAG size of t. Constants are dropped from conjunctions and
// disjunctions, which are flattened, and nothing else is simplified.
func (st *Store) NNF(t *Term) *Term {
	if !t.sort.IsBool() {
		panic("term: NNF of non-Boolean term " + t.String())
	}
	n := nnf{st: st, pos: termTables.get(), neg: termTables.get()}
	defer termTables.put(n.pos)
	defer termTables.put(n.neg)
	return n.conv(t, false)
}

type nnf struct {
	st       *Store
	pos, neg *TermMap[*Term] // NNF of t and of (not t)
}

// conv returns the NNF of t, or of (not t) if neg.
func (n *nnf) conv(t *Term, neg bool) *Term {
	memo := n.pos
	if neg {
		memo = n.neg
	}
	if r := memo.Get(t); r != nil {
		return r
	}
	r := n.convert(t, neg)
	memo.Set(t, r)
	return r
}

func (n *nnf) convert(t *Term, neg bool) *Term {
	st := n.st
	and, or := OpAnd, OpOr
	if neg {
		and, or = or, and
	}
	switch t.op {
	case OpTrue, OpFalse:
		return st.Bool(t.op == OpTrue != neg)
	case OpNot:
		return n.conv(t.args[0], !neg)
	case OpAnd, OpOr:
		op := and
		if t.op == OpOr {
			op = or
		}
		args := make([]*Term, len(t.args))
		for i, a := range t.args {
			args[i] = n.conv(a, neg)
		}
		return n.join(op, args...)
	case OpImplies: // (or (not a) b)
		return n.join(or, n.conv(t.args[0], !neg), n.conv(t.args[1], neg))
	case OpXor:
		a := t.args[0]
		var b *Term
		if len(t.args) == 2 {
			b = t.args[1]
		} else {
			b = st.intern(OpXor, BoolSort, t.args[1:], nil, num.Rat{})
		}
		return n.xor(a, b, neg)
	case OpIte:
		if !t.sort.IsBool() {
			break
		}
		c := t.args[0]
		return n.join(OpOr,
			n.join(OpAnd, n.conv(c, false), n.conv(t.args[1], neg)),
			n.join(OpAnd, n.conv(c, true), n.conv(t.args[2], neg)))
	case OpEq:
		if !t.args[0].sort.IsBool() {
			break
		}
		// all equal to the first
		args := make([]*Term, len(t.args)-1)
		for i, b := range t.args[1:] {
			args[i] = n.xor(t.args[0], b, !neg)
		}
		return n.join(and, args...)
	case OpDistinct:
		if !t.args[0].sort.IsBool() {
			break
		}
		if len(t.args) == 2 {
			return n.xor(t.args[0], t.args[1], neg)
		}
		return st.Bool(neg) // three Booleans are never pairwise distinct
	case OpForall, OpExists:
		op := t.op
		if neg {
			op = OpForall + OpExists - op
		}
		k := len(t.args) - 1
		return must(st.Quantifier(op, t.args[:k], n.conv(t.args[k], neg)))
	}
	if neg {
		return st.intern(OpNot, BoolSort, []*Term{t}, nil, num.Rat{})
	}
	return t
}

// xor returns the NNF of (xor a b), or of its negation (= a b) if neg.
func (n *nnf) xor(a, b *Term, neg bool) *Term {
	return n.join(OpOr,
		n.join(OpAnd, n.conv(a, false), n.conv(b, !neg)),
		n.join(OpAnd, n.conv(a, true), n.conv(b, neg)))
}

// join builds an and/or, flattening nested ones of the same operator and
// dropping units; an absorbing constant absorbs.
func (n *nnf) join(op Op, args ...*Term) *Term {
	st := n.st
	unit, zero := st.tru, st.fls
	if op == OpOr {
		unit, zero = zero, unit
	}
	buf := make([]*Term, 0, len(args))
	for _, a := range args {
		switch {
		case a == zero:
			return zero
		case a == unit:
		case a.op == op:
			buf = append(buf, a.args...)
		default:
			buf = append(buf, a)
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
