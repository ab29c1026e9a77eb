package witness

import (
	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Non-linear arithmetic. The smt solver decides linear arithmetic only, so
// a clause with a product of two variables, or a division by one, cannot
// be checked as it is. Its linear abstraction replaces each such term by
// an application of an uninterpreted function of the term's arguments (one
// function per operator and signature, so equal arguments give equal
// values): every model of the clause is a model of the abstraction, with
// the functions interpreted as the operators, so an abstraction that is
// unsatisfiable proves the clause valid; a model of the abstraction is a
// counterexample only when the clause's own formula, evaluated exactly,
// is true under it.

// A linearizer builds linear abstractions in one store.
type linearizer struct {
	st    *term.Store
	funcs map[abstractKey]*term.Func
	memo  map[*term.Term]*term.Term
}

type abstractKey struct {
	op    term.Op
	arity int
	sort  *term.Sort // of the arguments (they share one)
}

func newLinearizer(st *term.Store) *linearizer {
	return &linearizer{st: st, funcs: map[abstractKey]*term.Func{}, memo: map[*term.Term]*term.Term{}}
}

// abstract is the linear abstraction of the quantifier-free t, with the
// fact that each abstracted square (* a a) is not negative.
func (l *linearizer) abstract(t *term.Term) *term.Term {
	if chc.NonLinear(l.st, t) == nil {
		return t
	}
	clear(l.memo)
	var args, facts []*term.Term // facts: squares are not negative
	for u := range term.PostOrder(t) {
		args = args[:0]
		for _, a := range u.Args() {
			args = append(args, l.memo[a])
		}
		r := u
		if len(args) > 0 {
			r = l.st.Rebuild(u, args)
		}
		if chc.IsNonLinear(l.st, r) {
			app := l.st.Apply(l.function(r), r.Args()...)
			if r.Op() == term.OpMul && r.NumArgs() == 2 && r.Arg(0) == r.Arg(1) {
				facts = append(facts, l.st.Ge(app, l.st.Num(num.Rat{}, app.Sort())))
			}
			r = app
		}
		l.memo[u] = r
	}
	if len(facts) > 0 {
		return l.st.And(append(facts, l.memo[t])...)
	}
	return l.memo[t]
}

var abstractNames = map[term.Op]string{
	term.OpMul: "nonlinear-mul", term.OpDiv: "nonlinear-div", term.OpIntDiv: "nonlinear-intdiv", term.OpMod: "nonlinear-mod",
}

// function is the uninterpreted function standing for t's operator.
func (l *linearizer) function(t *term.Term) *term.Func {
	k := abstractKey{t.Op(), t.NumArgs(), t.Arg(0).Sort()}
	f := l.funcs[k]
	if f == nil {
		domain := make([]*term.Sort, k.arity)
		for i := range domain {
			domain[i] = k.sort
		}
		f = l.st.FreshFunc(abstractNames[t.Op()], domain, t.Sort())
		l.funcs[k] = f
	}
	return f
}

// holds reports whether f is true under m, evaluated exactly.
func holds(m *term.Model, f *term.Term) bool {
	ok, err := m.EvalBool(f)
	return err == nil && ok
}
