package catamorphism

import (
	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// An abstraction is a system over datatypes with each datatype argument
// replaced by the values of its sort's folds: an over-approximation (each
// abstract clause's body holds of the fold values wherever the concrete
// body holds), so that a model of the abstract system, with the folds
// applied to the arguments, is a model of the concrete one.
type abstraction struct {
	st    *term.Store
	fam   *family
	src   *chc.System
	abs   *chc.System
	preds []*chc.Pred // by the source predicate's ID
	adt   map[*term.Term]bool
}

// abstract builds the abstraction of s under fam's folds.
func abstract(s *chc.System, fam *family) *abstraction {
	st := s.St
	a := &abstraction{st: st, fam: fam, src: s, abs: &chc.System{St: st}, adt: map[*term.Term]bool{}}
	for _, p := range s.Preds {
		var dom []*term.Sort
		for _, x := range p.Params {
			if x.Sort().IsDatatype() {
				for range fam.folds[x.Sort()] {
					dom = append(dom, term.IntSort)
				}
			} else {
				dom = append(dom, x.Sort())
			}
		}
		a.preds = append(a.preds, a.abs.NewPred(st.FreshFunc(p.Name()+"_abs", dom, term.BoolSort)))
	}
	for _, c := range s.Clauses {
		a.abs.Clauses = append(a.abs.Clauses, a.clause(c))
	}
	return a
}

// clause is the abstraction of c: each datatype variable becomes one Int
// variable per fold of its sort (within the folds' ranges), each atom's
// arguments fresh variables equal to the abstractions of the concrete
// ones, and the constraint its over-approximation (absF).
func (a *abstraction) clause(c *chc.Clause) *chc.Clause {
	st := a.st
	n := &chc.Clause{Origin: c.Origin}
	vars := map[*term.Term][]*term.Term{}
	var conj []*term.Term
	for _, v := range c.Vars {
		if !v.Sort().IsDatatype() {
			n.Vars = append(n.Vars, v)
			continue
		}
		fs := a.fam.folds[v.Sort()]
		vs := make([]*term.Term, len(fs))
		for k, f := range fs {
			x := st.Fresh(v.Name()+"_"+f.kind, term.IntSort)
			vs[k] = x
			n.Vars = append(n.Vars, x)
			if f.lo != nil {
				conj = append(conj, st.Ge(x, st.Int(*f.lo)))
			}
			if f.hi != nil {
				conj = append(conj, st.Le(x, st.Int(*f.hi)))
			}
		}
		vars[v] = vs
	}
	atom := func(at *chc.Atom) chc.Atom {
		q := a.preds[at.Pred.ID]
		out := chc.Atom{Pred: q}
		for _, arg := range at.Args {
			if !arg.Sort().IsDatatype() {
				x := st.Fresh("a", arg.Sort())
				n.Vars = append(n.Vars, x)
				out.Args = append(out.Args, x)
				if !a.mentionsADT(arg) {
					conj = append(conj, st.Eq(x, arg))
				}
				continue
			}
			vs := a.absT(vars, arg)
			for k := range a.fam.folds[arg.Sort()] {
				x := st.Fresh("a", term.IntSort)
				n.Vars = append(n.Vars, x)
				out.Args = append(out.Args, x)
				if vs != nil {
					conj = append(conj, st.Eq(x, vs[k]))
				}
			}
		}
		return out
	}
	for i := range c.Body {
		n.Body = append(n.Body, atom(&c.Body[i]))
	}
	if c.Head != nil {
		h := atom(c.Head)
		n.Head = &h
	}
	conj = append(conj, a.absF(vars, c.Constraint))
	n.Constraint = st.And(conj...)
	return n
}

// mentionsADT reports whether t has a subterm of a datatype sort.
func (a *abstraction) mentionsADT(t *term.Term) bool {
	if v, ok := a.adt[t]; ok {
		return v
	}
	r := t.Sort().IsDatatype()
	for _, u := range t.Args() {
		if r {
			break
		}
		r = a.mentionsADT(u)
	}
	a.adt[t] = r
	return r
}

// absF is a formula over the abstract variables that holds of the folds'
// values wherever f holds: f itself when it mentions no datatype, the
// abstraction of its conjunctions and disjunctions, of an equality of
// datatype terms (the folds are equal), of a constructor test (the fold's
// value or bound on that constructor), and true for the rest.
func (a *abstraction) absF(vars map[*term.Term][]*term.Term, f *term.Term) *term.Term {
	st := a.st
	if !a.mentionsADT(f) {
		return f
	}
	switch f.Op() {
	case term.OpAnd, term.OpOr:
		args := make([]*term.Term, len(f.Args()))
		for i, g := range f.Args() {
			args[i] = a.absF(vars, g)
		}
		if f.Op() == term.OpAnd {
			return st.And(args...)
		}
		return st.Or(args...)
	case term.OpEq:
		args := f.Args()
		if !args[0].Sort().IsDatatype() {
			return st.True()
		}
		var conj []*term.Term
		for i := 1; i < len(args); i++ {
			x, y := a.absT(vars, args[i-1]), a.absT(vars, args[i])
			if x == nil || y == nil {
				continue
			}
			for k := range x {
				conj = append(conj, st.Eq(x[k], y[k]))
			}
		}
		return st.And(conj...)
	case term.OpTest:
		return a.tested(vars, f.Func().Constructor(), f.Args()[0])
	case term.OpNot:
		g := f.Args()[0]
		if g.Op() == term.OpTest {
			ctors := g.Func().Datatype().Constructors()
			if len(ctors) == 2 {
				other := ctors[1-g.Func().CtorIndex()]
				return a.tested(vars, other, g.Args()[0])
			}
		}
	}
	return st.True()
}

// tested is what the folds know of t when its constructor is c.
func (a *abstraction) tested(vars map[*term.Term][]*term.Term, c *term.Func, t *term.Term) *term.Term {
	st := a.st
	vs := a.absT(vars, t)
	if vs == nil {
		return st.True()
	}
	var conj []*term.Term
	i := c.CtorIndex()
	for k, f := range a.fam.folds[t.Sort()] {
		switch {
		case f.exact[i] != nil:
			conj = append(conj, st.Eq(vs[k], st.Int(*f.exact[i])))
		case f.atLeast[i] != nil:
			conj = append(conj, st.Ge(vs[k], st.Int(*f.atLeast[i])))
		}
	}
	return st.And(conj...)
}

// absT is the fold values of the datatype term t, one per fold of its
// sort: a variable's abstract variables; for a constructor term, each
// fold's case with the abstractions of the arguments for the folds applied
// to the fields; nil for another term.
func (a *abstraction) absT(vars map[*term.Term][]*term.Term, t *term.Term) []*term.Term {
	st := a.st
	switch t.Op() {
	case term.OpConst:
		return vars[t]
	case term.OpCons:
	default:
		return nil
	}
	for _, u := range t.Args() {
		if !u.Sort().IsDatatype() && a.mentionsADT(u) {
			return nil
		}
	}
	fs := a.fam.folds[t.Sort()]
	out := make([]*term.Term, len(fs))
	for k, f := range fs {
		cs := st.Case(f.fn.Rec(), t)
		m := map[*term.Term]*term.Term{}
		for u := range term.PostOrder(cs) {
			if u.Op() != term.OpApply || u.Func().Rec() == nil {
				continue
			}
			arg := u.Args()[0]
			vs := a.absT(vars, arg)
			if vs == nil {
				return nil
			}
			idx := -1
			for j, g := range a.fam.folds[arg.Sort()] {
				if g.fn == u.Func() {
					idx = j
				}
			}
			if idx < 0 {
				return nil
			}
			m[u] = vs[idx]
		}
		out[k] = st.SubstituteMap(cs, m)
	}
	return out
}

// lift is the concrete model of the abstract model m: each predicate's
// formula is its abstraction's with the folds of its datatype parameters
// for the abstract parameters.
func (a *abstraction) lift(m chc.Model) chc.Model {
	st := a.st
	out := chc.Model{}
	for _, p := range a.src.Preds {
		q := a.preds[p.ID]
		var to []*term.Term
		for _, x := range p.Params {
			if !x.Sort().IsDatatype() {
				to = append(to, x)
				continue
			}
			for _, f := range a.fam.folds[x.Sort()] {
				to = append(to, st.Apply(f.fn, x))
			}
		}
		out[p] = st.Substitute(m.Lookup(st, q), q.Params, to)
	}
	return out
}
