package fuzz

import (
	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
)

// The tableau enumerates the conjunctions of literals (the branches) of a
// prepared formula whose disjunction is equivalent to it, depth first,
// without building the DNF. Connectives are expanded on the fly:
// conjunctive ones at once, disjunctive ones (splits) delayed until no
// conjunctive work is left. Then every delayed split is evaluated
// three-valued under the literals of the branch (eval3): an alternative
// that is false is dropped, a split with a true alternative is satisfied,
// and the split with the fewest remaining alternatives goes first, so
// that a split with one alternative acts as unit propagation. A branch
// closes as soon as its literals are contradictory: a Bool atom with both
// signs, a constraint without atoms that is false, a split without
// alternatives, or a real relaxation that Fourier–Motzkin refutes
// (checked before each real split). The leaf function receives each open
// branch; it returns true to stop.

// item is a persistent stack of pending formulas, shared by branches.
type item struct {
	t    *term.Term
	neg  bool
	next *item
}

// lit is a Bool atom with a sign.
type lit struct {
	t   *term.Term
	pos bool
}

// branch holds the literals of the current branch; it grows by appending
// and shrinks back on backtracking.
type branch struct {
	atoms   []lit
	atomOf  map[*term.Term]bool // atom -> sign
	cs      []cons
	keys    map[string]int // constraint key -> index in cs
	checked int            // len(cs) at the last relaxation check
	defined []*term.Term   // definitions added, see qe.defs
	hasDef  map[*term.Term]bool
}

type alt []item // formulas to push for one alternative of a split

func (q *qe) expand(todo *item, leaf func(*branch) (bool, error)) (bool, error) {
	b := &branch{atomOf: map[*term.Term]bool{}, keys: map[string]int{}, hasDef: map[*term.Term]bool{}}
	return q.walk(b, todo, nil, leaf)
}

func push(todo *item, neg bool, ts ...*term.Term) *item {
	for i := len(ts) - 1; i >= 0; i-- {
		todo = &item{t: ts[i], neg: neg, next: todo}
	}
	return todo
}

// walk expands the pending formulas todo and the delayed splits of the
// branch b.
func (q *qe) walk(b *branch, todo *item, delayed [][]alt, leaf func(*branch) (bool, error)) (bool, error) {
	for {
		for todo != nil {
			t, neg := todo.t, todo.neg
			todo = todo.next
			conj, alts, closed, err := q.decompose(b, t, neg)
			switch {
			case err != nil || closed:
				return false, err
			case alts != nil:
				delayed = append(delayed[:len(delayed):len(delayed)], alts)
			default:
				todo = push(todo, false, conj...)
			}
		}
		if len(delayed) == 0 {
			return leaf(b)
		}
		// the most constrained split
		best, bestAlts := -1, []alt(nil)
		for i := 0; i < len(delayed); i++ {
			viable, done := q.viable(b, delayed[i])
			if done {
				delayed = append(delayed[:i:i], delayed[i+1:]...)
				i--
				continue
			}
			if len(viable) == 0 {
				return false, nil
			}
			if best < 0 || len(viable) < len(bestAlts) {
				best, bestAlts = i, viable
			}
		}
		if best < 0 {
			continue
		}
		delayed = append(delayed[:best:best], delayed[best+1:]...)
		if len(bestAlts) == 1 {
			todo = pushAlt(todo, bestAlts[0])
			continue
		}
		return q.split(b, todo, delayed, bestAlts, leaf)
	}
}

func pushAlt(todo *item, a alt) *item {
	for i := len(a) - 1; i >= 0; i-- {
		todo = &item{t: a[i].t, neg: a[i].neg, next: todo}
	}
	return todo
}

// viable returns the alternatives not false under b; done is true if one
// is true.
func (q *qe) viable(b *branch, alts []alt) (viable []alt, done bool) {
	viable = alts[:0:0]
	for _, a := range alts {
		val := tvTrue
		for _, it := range a {
			v := q.eval3(b, it.t)
			if it.neg {
				v = -v
			}
			val = min(val, v)
		}
		switch val {
		case tvTrue:
			return nil, true
		case tvOpen:
			viable = append(viable, a)
		}
	}
	return viable, false
}

// decompose expands the formula t (negated if neg): it returns formulas
// that must all hold, or alternatives, or adds a literal to b (closed if
// the branch closes).
func (q *qe) decompose(b *branch, t *term.Term, neg bool) (conj []*term.Term, alts []alt, closed bool, err error) {
	st := q.st
	args := t.Args()
	pos := func(ts ...*term.Term) []*term.Term { return ts }
	not := func(ts ...*term.Term) []*term.Term {
		r := make([]*term.Term, len(ts))
		for i, u := range ts {
			r[i] = st.Not(u)
		}
		return r
	}
	switch op := t.Op(); {
	case op == term.OpTrue || op == term.OpFalse:
		return nil, nil, t.IsTrue() == neg, nil
	case op == term.OpNot:
		if neg {
			return pos(args[0]), nil, false, nil
		}
		return q.decompose(b, args[0], true)
	case op == term.OpAnd && !neg:
		return args, nil, false, nil
	case op == term.OpOr && neg:
		return not(args...), nil, false, nil
	case op == term.OpAnd || op == term.OpOr:
		alts := make([]alt, len(args))
		for i, a := range args {
			alts[i] = alt{{t: a, neg: neg}}
		}
		return nil, alts, false, nil
	case op == term.OpImplies:
		if neg {
			return pos(args[0], st.Not(args[1])), nil, false, nil
		}
		return nil, []alt{{{t: args[0], neg: true}}, {{t: args[1]}}}, false, nil
	case op == term.OpXor:
		x, y := args[0], args[1]
		if len(args) > 2 {
			y = st.Xor(args[1:]...)
		}
		// xor: x differs from y; its negation: x equals y
		return nil, []alt{
			{{t: x}, {t: y, neg: !neg}},
			{{t: x, neg: true}, {t: y, neg: neg}}}, false, nil
	case op == term.OpIte && t.Sort().IsBool():
		return nil, []alt{
			{{t: args[0]}, {t: args[1], neg: neg}},
			{{t: args[0], neg: true}, {t: args[2], neg: neg}}}, false, nil
	case (op == term.OpEq || op == term.OpDistinct) && args[0].Sort().IsBool():
		if op == term.OpDistinct {
			if len(args) > 2 {
				return nil, nil, !neg, nil // three Booleans are never distinct
			}
			neg = !neg
		}
		if !neg { // all true or all false
			var all, none alt
			for _, a := range args {
				all = append(all, item{t: a})
				none = append(none, item{t: a, neg: true})
			}
			return nil, []alt{all, none}, false, nil
		}
		if len(args) == 2 {
			return nil, []alt{
				{{t: args[0]}, {t: args[1], neg: true}},
				{{t: args[0], neg: true}, {t: args[1]}}}, false, nil
		}
		// not all equal: some argument true and some false
		return pos(st.Or(args...), st.Not(st.And(args...))), nil, false, nil
	case op == term.OpEq && len(args) > 2 || op == term.OpDistinct:
		var pairs []*term.Term
		if op == term.OpEq {
			for _, a := range args[1:] {
				pairs = append(pairs, st.Eq(args[0], a))
			}
		} else {
			for i := range args {
				for j := i + 1; j < len(args); j++ {
					pairs = append(pairs, st.Not(st.Eq(args[i], args[j])))
				}
			}
		}
		f := st.And(pairs...)
		if neg {
			f = st.Not(f)
		}
		return pos(f), nil, false, nil
	case (op == term.OpEq || op.IsCompare()) && args[0].Sort().IsArith():
		nc := len(b.cs)
		ok, alts, err := q.arithLit(b, t, neg)
		if err != nil || !ok || alts != nil {
			return nil, alts, !ok, err
		}
		for _, c := range b.cs[nc:] {
			for _, v := range c.e.vs {
				conj = append(conj, q.define(b, v)...)
			}
		}
		return conj, nil, false, nil
	}
	ok, err := q.atomLit(b, t, neg)
	if err != nil || !ok {
		return nil, nil, true, err
	}
	return q.define(b, t), nil, false, nil
}

// split explores the alternatives in turn, after a relaxation check.
func (q *qe) split(b *branch, todo *item, delayed [][]alt, alts []alt, leaf func(*branch) (bool, error)) (bool, error) {
	if len(b.cs) > b.checked {
		if !q.feasible(b.cs) {
			q.pruned++
			return false, nil
		}
		b.checked = len(b.cs)
	}
	na, nc, nd, checked := len(b.atoms), len(b.cs), len(b.defined), b.checked
	for _, a := range alts {
		stop, err := q.walk(b, pushAlt(todo, a), delayed, leaf)
		for _, c := range b.cs[nc:] {
			delete(b.keys, c.key())
		}
		for _, d := range b.defined[nd:] {
			delete(b.hasDef, d)
		}
		for _, a := range b.atoms[na:] {
			delete(b.atomOf, a.t)
		}
		b.atoms, b.cs, b.defined, b.checked = b.atoms[:na], b.cs[:nc], b.defined[:nd], checked
		if stop || err != nil {
			return stop, err
		}
	}
	return false, nil
}

// eval3 evaluates the Boolean term t three-valued under the literals of
// b: Bool atoms by their sign, comparisons by the presence of their
// constraint or its negation.
func (q *qe) eval3(b *branch, t *term.Term) truth {
	args := t.Args()
	switch op := t.Op(); {
	case op == term.OpTrue:
		return tvTrue
	case op == term.OpFalse:
		return tvFalse
	case op == term.OpNot:
		return -q.eval3(b, args[0])
	case op == term.OpAnd:
		v := tvTrue
		for _, a := range args {
			if v = min(v, q.eval3(b, a)); v == tvFalse {
				break
			}
		}
		return v
	case op == term.OpOr:
		v := tvFalse
		for _, a := range args {
			if v = max(v, q.eval3(b, a)); v == tvTrue {
				break
			}
		}
		return v
	case op == term.OpImplies:
		return max(-q.eval3(b, args[0]), q.eval3(b, args[1]))
	case op == term.OpXor:
		v := tvFalse
		for _, a := range args {
			w := q.eval3(b, a)
			if w == tvOpen {
				return tvOpen
			}
			if w == tvTrue {
				v = -v
			}
		}
		return v
	case op == term.OpIte && t.Sort().IsBool():
		switch c := q.eval3(b, args[0]); c {
		case tvTrue:
			return q.eval3(b, args[1])
		case tvFalse:
			return q.eval3(b, args[2])
		}
		if x, y := q.eval3(b, args[1]), q.eval3(b, args[2]); x == y {
			return x
		}
		return tvOpen
	case op == term.OpEq && len(args) == 2 && args[0].Sort().IsBool():
		x, y := q.eval3(b, args[0]), q.eval3(b, args[1])
		if x == tvOpen || y == tvOpen {
			return tvOpen
		}
		return tv(x == y)
	case (op == term.OpEq && len(args) == 2 || op.IsCompare()) && args[0].Sort().IsArith():
		return q.evalCompare(b, t)
	}
	if pos, ok := b.atomOf[t]; ok {
		return tv(pos)
	}
	return tvOpen
}

// compareKeys caches, per comparison, the keys of its constraint and of
// its negation (or its value when it has no atoms).
type compareKeys struct {
	pos, neg string
	val      truth
}

func (q *qe) evalCompare(b *branch, t *term.Term) truth {
	ck, ok := q.cmpKeys[t]
	if !ok {
		e := combine(ratOne, linOf(t.Arg(0), q.lins), ratMinusOne, linOf(t.Arg(1), q.lins))
		var k kind
		flip := false
		switch t.Op() {
		case term.OpLe:
			k = kLe
		case term.OpGt:
			k, flip = kLe, true
		case term.OpLt:
			k = kLt
		case term.OpGe:
			k, flip = kLt, true
		default:
			k = kEq
		}
		c, val := norm(k, e, num.Int{})
		ck.val = val
		if val == tvOpen {
			var nk kind
			ne := e.scale(ratMinusOne)
			switch k {
			case kLe:
				nk = kLt
			case kLt:
				nk = kLe
			default:
				nk, ne = kNe, e
			}
			nc, _ := norm(nk, ne, num.Int{})
			ck.pos, ck.neg = c.key(), nc.key()
			if flip {
				ck.pos, ck.neg = ck.neg, ck.pos
			}
		} else if flip {
			ck.val = -val
		}
		q.cmpKeys[t] = ck
	}
	if ck.val != tvOpen {
		return ck.val
	}
	if _, ok := b.keys[ck.pos]; ok {
		return tvTrue
	}
	if _, ok := b.keys[ck.neg]; ok {
		return tvFalse
	}
	return tvOpen
}

// define returns the definitions of the fresh constant v that the branch
// lacks, and records them.
func (q *qe) define(b *branch, v *term.Term) []*term.Term {
	var ds []*term.Term
	for _, d := range q.defs[v] {
		if !b.hasDef[d] {
			b.hasDef[d] = true
			b.defined = append(b.defined, d)
			ds = append(ds, d)
		}
	}
	return ds
}

// atomLit adds a Bool atom; it returns false if the branch closes.
func (q *qe) atomLit(b *branch, t *term.Term, neg bool) (bool, error) {
	if !q.elim[t] && q.hasElim(t) {
		return false, unsupported("atom %v over an eliminated constant", t)
	}
	if q.sat && !q.elim[t] {
		return false, unsupported("atom %v", t)
	}
	if pos, ok := b.atomOf[t]; ok {
		return pos != neg, nil
	}
	b.atomOf[t] = !neg
	b.atoms = append(b.atoms, lit{t: t, pos: !neg})
	return true, nil
}

// arithLit adds the comparison t (negated if neg). It returns false if the
// branch closes, or alternatives to split on for a disequality over
// eliminated constants.
func (q *qe) arithLit(b *branch, t *term.Term, neg bool) (bool, []alt, error) {
	x, y := t.Arg(0), t.Arg(1)
	e := combine(ratOne, linOf(x, q.lins), ratMinusOne, linOf(y, q.lins))
	elim := false
	for _, v := range e.vs {
		switch {
		case q.elim[v]:
			elim = true
		case q.sat:
			return false, nil, unsupported("arithmetic atom %v", v)
		case q.hasElim(v):
			return false, nil, unsupported("arithmetic atom %v over an eliminated constant", v)
		}
	}
	var k kind
	switch t.Op() {
	case term.OpLe, term.OpGt: // x - y <= 0; its negation y - x < 0
		k = kLe
		if t.Op() == term.OpGt {
			neg = !neg
		}
		if neg {
			k, e = kLt, e.scale(ratMinusOne)
		}
	case term.OpLt, term.OpGe: // x - y < 0; its negation y - x <= 0
		k = kLt
		if t.Op() == term.OpGe {
			neg = !neg
		}
		if neg {
			k, e = kLe, e.scale(ratMinusOne)
		}
	default:
		k = kEq
		if neg {
			if elim {
				st := q.st
				return true, []alt{{{t: st.Lt(x, y)}}, {{t: st.Gt(x, y)}}}, nil
			}
			k = kNe
		}
	}
	return q.addCons(b, k, e), nil, nil
}

// addCons adds the constraint (k, e) to the branch; it returns false if
// the constraint is false.
func (q *qe) addCons(b *branch, k kind, e lin) bool {
	c, val := norm(k, e, num.Int{})
	switch val {
	case tvFalse:
		return false
	case tvTrue:
		return true
	}
	q.work++
	key := c.key()
	if _, dup := b.keys[key]; !dup {
		b.keys[key] = len(b.cs)
		b.cs = append(b.cs, c)
	}
	return true
}
