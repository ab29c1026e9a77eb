package term

import (
	"errors"
	"fmt"

	"github.com/seed-f9c3434d/gospacer/num"
)

// Implicants: given a formula t true in a model m, literals true in m
// whose conjunction implies t, read off t's Boolean structure (see doc.go,
// "Implicants"). Spacer's generalisation, its child obligations, model-
// based projection and the interpolating core all take their cubes here.

// ImplicantOptions choose what an Implicant does with the atoms it meets.
// The zero value gives the literals of t's own atoms, ites and
// disequalities included.
type ImplicantOptions struct {
	// SplitDiseq replaces a disequality a ≠ b of Int or Real terms by the
	// strict inequality the model satisfies, a < b or a > b: a convex
	// literal, which Farkas combinations need.
	SplitDiseq bool
	// ResolveIte replaces each ite inside an atom (of any sort, nested
	// anywhere in its arguments) by the branch the model takes and adds
	// the implicant of its condition, or of the condition's negation.
	// The literals are then free of ite outside kept subterms.
	ResolveIte bool
	// Keep, when not nil, marks the subformulas to output whole (or
	// negated) without walking their structure, and the subterms in
	// which ResolveIte leaves the ites alone. Model-based projection keeps
	// what mentions no projected variable.
	Keep func(*Term) bool
}

// An Implicant computes implicants under one model: Reset starts a cube
// under a model, each Append adds to it the literals of one formula's
// implicant. Literals are deduplicated within the cube, in first-seen
// order. The zero Implicant is ready for Reset; its memo tables stay
// allocated across cubes, so an Implicant kept as a field costs what each
// cube touches. Like every use of a Store, an Implicant must not run
// concurrently with other uses of its store.
//
// The walk, for t true (pol) or false (¬pol) in m:
//
//	not a              a with the other polarity
//	and, or            every argument if all have pol's value, else the
//	                   first argument that has it
//	=> a b             true: ¬a if a is false, else b; false: a and ¬b
//	xor, Bool =, Bool distinct
//	                   every argument with its value in m
//	Bool ite           the condition with its value, the branch taken
//	= and distinct over another sort
//	                   binary: the literal itself; n-ary: the binary
//	                   equalities a0 = ai (true) or the first a0 = ai
//	                   false in m, negated (false); distinct: every
//	                   pairwise disequality (true) or the first equal
//	                   pair (false)
//	anything else      the atom, or its negation
//
// Each (subformula, polarity) is walked once per cube.
type Implicant struct {
	st   *Store
	opts ImplicantOptions
	ev   evaluator // memo: vals

	vals     TermMap[*Term] // values under the model
	walked   TermMap[uint8] // polarities walked: walkedTrue, walkedFalse
	out      TermMap[bool]  // literals in the cube
	resolved TermMap[*Term] // ResolveIte's rewrite of subterms
	dst      []*Term        // the cube's literals, during Append
	stack    []*Term        // scratch: resolved arguments
	frames   []evalFrame    // scratch: eval's stack
	pair     [2]*Term       // scratch: the arguments of mk
}

type evalFrame struct {
	t *Term
	i int
}

const (
	walkedTrue uint8 = 1 << iota
	walkedFalse
)

// Reset starts a new cube under the model m with the options opts.
func (im *Implicant) Reset(m *Model, opts ImplicantOptions) {
	im.st = m.st
	im.opts = opts
	im.ev = evaluator{m: m, st: m.st, memo: &im.vals, vals: im.ev.vals, key: im.ev.key}
	im.vals.Clear()
	im.walked.Clear()
	im.out.Clear()
	im.resolved.Clear()
}

// Append appends to dst the literals of an implicant of t that the cube
// does not have yet and returns the extended slice: together with the
// cube's earlier literals they are true in the model and imply t. It
// fails, returning dst unchanged, when t is not a Boolean formula true in
// the model or cannot be evaluated (a free bound variable, a quantifier
// over non-Boolean variables).
func (im *Implicant) Append(dst []*Term, t *Term) ([]*Term, error) {
	if im.st == nil {
		return dst, errors.New("term: Implicant.Append before Reset")
	}
	if !t.sort.IsBool() {
		return dst, fmt.Errorf("term: implicant of a term of sort %v", t.sort)
	}
	v, err := im.eval(t)
	if err != nil {
		return dst, fmt.Errorf("term: implicant: %w", err)
	}
	if v != im.st.tru {
		return dst, fmt.Errorf("term: implicant of %v, which is false in the model", t)
	}
	im.dst = dst
	im.walk(t, true)
	dst, im.dst = im.dst, nil
	return dst, nil
}

// eval evaluates t and its subterms into the memo vals, as Model.Eval
// does, with a stack kept across calls.
func (im *Implicant) eval(t *Term) (*Term, error) {
	if v := im.vals.Get(t); v != nil {
		return v, nil
	}
	stack := append(im.frames[:0], evalFrame{t, 0})
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		u := f.t
		if f.i < len(u.args) && !u.op.IsQuantifier() {
			a := u.args[f.i]
			f.i++
			if im.vals.Get(a) == nil {
				stack = append(stack, evalFrame{a, 0})
			}
			continue
		}
		stack = stack[:len(stack)-1]
		if im.vals.Get(u) != nil {
			continue
		}
		v, err := im.ev.node(u)
		if err != nil {
			im.frames = stack[:0]
			return nil, err
		}
		im.vals.Set(u, v)
	}
	im.frames = stack[:0]
	return im.vals.Get(t), nil
}

// value returns the value of t, evaluated with the cube's memo. Append
// evaluated its formula, so the walk finds every value it asks for there.
func (im *Implicant) value(t *Term) *Term {
	if v := im.vals.Get(t); v != nil {
		return v
	}
	v, err := im.eval(t)
	if err != nil {
		panic(fmt.Sprintf("term: implicant: evaluating %v: %v", t, err))
	}
	return v
}

func (im *Implicant) holds(t *Term) bool { return im.value(t) == im.st.tru }

// walk adds literals implying t (pol) or ¬t (!pol), where t has that value.
func (im *Implicant) walk(t *Term, pol bool) {
	bit := walkedTrue
	if !pol {
		bit = walkedFalse
	}
	w := im.walked.Get(t)
	if w&bit != 0 {
		return
	}
	im.walked.Set(t, w|bit)
	if im.opts.Keep != nil && im.opts.Keep(t) {
		im.emit(t, pol)
		return
	}
	as := t.args
	switch t.op {
	case OpTrue, OpFalse:
		return
	case OpNot:
		im.walk(as[0], !pol)
		return
	case OpAnd, OpOr:
		if (t.op == OpAnd) == pol {
			for _, a := range as {
				im.walk(a, pol)
			}
			return
		}
		for _, a := range as {
			if im.holds(a) == pol {
				im.walk(a, pol)
				return
			}
		}
		panic(fmt.Sprintf("term: implicant: no argument of %v has the value %v", t, pol))
	case OpImplies:
		switch {
		case !pol:
			im.walk(as[0], true)
			im.walk(as[1], false)
		case !im.holds(as[0]):
			im.walk(as[0], false)
		default:
			im.walk(as[1], true)
		}
		return
	case OpXor:
		im.walkValues(as)
		return
	case OpIte:
		c := im.holds(as[0])
		im.walk(as[0], c)
		if c {
			im.walk(as[1], pol)
		} else {
			im.walk(as[2], pol)
		}
		return
	case OpEq, OpDistinct:
		if as[0].sort.IsBool() {
			im.walkValues(as)
			return
		}
		im.equalities(t, pol)
		return
	}
	im.atom(t, pol)
}

// walkValues walks each of as with its value.
func (im *Implicant) walkValues(as []*Term) {
	for _, a := range as {
		im.walk(a, im.holds(a))
	}
}

// equalities adds the literals of an = or distinct t over a sort other
// than Bool, with the value pol.
func (im *Implicant) equalities(t *Term, pol bool) {
	as := t.args
	switch {
	case t.op == OpEq && len(as) == 2:
		im.equality(t, pol)
	case t.op == OpEq && pol:
		for _, b := range as[1:] {
			im.equality(im.mk(OpEq, as[0], b), true)
		}
	case t.op == OpEq:
		for _, b := range as[1:] {
			if im.value(b) != im.value(as[0]) {
				im.equality(im.mk(OpEq, as[0], b), false)
				return
			}
		}
		panic(fmt.Sprintf("term: implicant: %v is false with equal values", t))
	case pol: // distinct
		for i, a := range as {
			for _, b := range as[i+1:] {
				im.equality(im.mk(OpEq, a, b), false)
			}
		}
	default:
		for i, a := range as {
			for _, b := range as[i+1:] {
				if im.value(a) == im.value(b) {
					im.equality(im.mk(OpEq, a, b), true)
					return
				}
			}
		}
		panic(fmt.Sprintf("term: implicant: %v is false with distinct values", t))
	}
}

// equality adds the binary equality eq (pol) or its disequality, split by
// the model under SplitDiseq when its sides are arithmetic.
func (im *Implicant) equality(eq *Term, pol bool) {
	a, b := eq.args[0], eq.args[1]
	if pol || !im.opts.SplitDiseq || !a.sort.IsArith() {
		im.atom(eq, pol)
		return
	}
	less := im.value(a).Num().Cmp(im.value(b).Num()) < 0
	if im.opts.ResolveIte {
		a, b = im.resolve(a), im.resolve(b)
	}
	if less {
		im.emit(im.mk(OpLt, a, b), true)
	} else {
		im.emit(im.mk(OpGt, a, b), true)
	}
}

// atom adds the atom t (pol) or its negation, its ites resolved under
// ResolveIte.
func (im *Implicant) atom(t *Term, pol bool) {
	if im.opts.ResolveIte {
		t = im.resolve(t)
	}
	im.emit(t, pol)
}

// emit adds t (pol) or ¬t to the cube unless it is there.
func (im *Implicant) emit(t *Term, pol bool) {
	if !pol {
		t = im.mk(OpNot, t, nil)
	}
	if im.out.Get(t) {
		return
	}
	im.out.Set(t, true)
	im.dst = append(im.dst, t)
}

// mk builds the Boolean op (not, =, <, >) over a (and b), arguments of
// one sort, as Build does, without allocating the argument slice.
func (im *Implicant) mk(op Op, a, b *Term) *Term {
	im.pair = [2]*Term{a, b}
	args := im.pair[:2]
	if op == OpNot {
		args = im.pair[:1]
	}
	t := im.st.intern(op, BoolSort, args, nil, num.Rat{})
	im.pair = [2]*Term{}
	return t
}

// resolve returns t with each ite outside kept subterms and quantifiers
// replaced by the branch the model takes, after walking its condition
// with its value: the condition's literals imply that t and the result
// are equal.
func (im *Implicant) resolve(t *Term) *Term {
	if len(t.args) == 0 {
		return t
	}
	if r := im.resolved.Get(t); r != nil {
		return r
	}
	r := t
	switch {
	case t.op.IsQuantifier() || t.flags&flagHasBound != 0 || im.opts.Keep != nil && im.opts.Keep(t):
	case t.op == OpIte:
		c := t.args[0]
		v := im.holds(c)
		im.walk(c, v)
		if v {
			r = im.resolve(t.args[1])
		} else {
			r = im.resolve(t.args[2])
		}
	default:
		base := len(im.stack)
		changed := false
		for _, a := range t.args {
			b := im.resolve(a)
			im.stack = append(im.stack, b)
			changed = changed || b != a
		}
		if changed {
			r = im.st.Rebuild(t, im.stack[base:])
		}
		clear(im.stack[base:])
		im.stack = im.stack[:base]
	}
	im.resolved.Set(t, r)
	return r
}
