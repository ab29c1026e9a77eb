package mbp

import (
	"fmt"

	"github.com/seed-f9c3434d/gospacer/term"
)

// Values under the model, memoized per term for the whole projection.

// val returns the value of t under the extended model, memoized: each node
// is evaluated once from the values of its arguments, so evaluating many
// subterms of one formula costs its size.
func (r *run) val(t *term.Term) *term.Term {
	if v := r.vals.Get(t); v != nil {
		return v
	}
	stack := append(r.stack[:0], frame{t, 0})
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		u := f.t
		if f.i < u.NumArgs() {
			a := u.Arg(f.i)
			f.i++
			if r.vals.Get(a) == nil {
				stack = append(stack, frame{a, 0})
			}
			continue
		}
		stack = stack[:len(stack)-1]
		if r.vals.Get(u) != nil {
			continue
		}
		v := r.node(u)
		r.vals.Set(u, v)
	}
	r.stack = stack
	return r.vals.Get(t)
}

// node computes the value of u from the values of its arguments: directly
// for the Boolean and linear arithmetic operators, else by evaluating u
// rebuilt over the argument values.
func (r *run) node(u *term.Term) *term.Term {
	st := r.st
	if u.NumArgs() == 0 || u.IsValue() {
		return r.eval(u)
	}
	args := r.args[:0]
	for _, a := range u.Args() {
		args = append(args, r.vals.Get(a))
	}
	r.args = args
	switch u.Op() {
	case term.OpNot:
		return st.Bool(args[0].IsFalse())
	case term.OpAnd, term.OpOr:
		unit := u.Op() == term.OpAnd
		for _, a := range args {
			if a.IsTrue() != unit {
				return st.Bool(!unit)
			}
		}
		return st.Bool(unit)
	case term.OpImplies:
		return st.Bool(args[0].IsFalse() || args[1].IsTrue())
	case term.OpIte:
		if args[0].IsTrue() {
			return args[1]
		}
		return args[2]
	case term.OpEq:
		for _, a := range args[1:] {
			if a != args[0] {
				return st.False()
			}
		}
		return st.True()
	case term.OpLe, term.OpLt, term.OpGe, term.OpGt:
		c := args[0].Num().Cmp(args[1].Num())
		switch u.Op() {
		case term.OpLe:
			return st.Bool(c <= 0)
		case term.OpLt:
			return st.Bool(c < 0)
		case term.OpGe:
			return st.Bool(c >= 0)
		}
		return st.Bool(c > 0)
	case term.OpAdd, term.OpMul:
		v := args[0].Num()
		for _, a := range args[1:] {
			if u.Op() == term.OpAdd {
				v = v.Add(a.Num())
			} else {
				v = v.Mul(a.Num())
			}
		}
		return st.Num(v, u.Sort())
	case term.OpNeg:
		return st.Num(args[0].Num().Neg(), u.Sort())
	case term.OpToReal:
		return st.Num(args[0].Num(), term.RealSort)
	}
	return r.eval(st.Rebuild(u, args))
}

func (r *run) eval(t *term.Term) *term.Term {
	v, err := r.m.Eval(t)
	if err != nil {
		panic(fmt.Sprintf("mbp: evaluating %v: %v", t, err))
	}
	return v
}

// holds reports whether the Boolean term t is true under the model.
func (r *run) holds(t *term.Term) bool { return r.val(t).IsTrue() }
