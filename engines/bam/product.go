package bam

import (
	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// productDomain is the product of value and predicate analysis, the
// paper's best configuration (its Table 1, and CPAchecker's choice for
// recursive programs in SV-COMP'20). Both parts abstract the same
// formula; coverage, join and widening are componentwise. Refinement
// splits each interpolant into its conjuncts and gives each to the part
// that can express it: a parameter equal to a constant (or a Boolean
// parameter's literal) makes the value part track that parameter, which
// is cheaper than the predicates that would say the same; any other
// conjunct, and one whose parameter is tracked already (the value part
// did not rule the counterexample out with it), becomes a predicate. (Giving the value part every variable of
// an interpolant first, as CPAchecker's refiner does, made the product
// enumerate the values of unbounded counters up to the widening bound
// before the predicates that prove the system came: on the paper's
// example 67 fixpoint iterations instead of 4.)
type productDomain struct {
	v *valueDomain
	p *predicateDomain
}

type prodElem struct {
	v valueElem
	p predElem
}

func (d *productDomain) name() string { return "value+predicate" }

func (d *productDomain) top(p *chc.Pred) elem { return prodElem{} }

func (d *productDomain) abstract(q *query, p *chc.Pred, args []*term.Term) (elem, error) {
	v, err := d.v.abstract(q, p, args)
	if err != nil {
		return nil, err
	}
	pr, err := d.p.abstract(q, p, args)
	if err != nil {
		return nil, err
	}
	return prodElem{v.(valueElem), pr.(predElem)}, nil
}

func (d *productDomain) leq(p *chc.Pred, a, b elem) bool {
	ea, eb := a.(prodElem), b.(prodElem)
	return d.v.leq(p, ea.v, eb.v) && d.p.leq(p, ea.p, eb.p)
}

func (d *productDomain) join(p *chc.Pred, a, b elem) elem {
	ea, eb := a.(prodElem), b.(prodElem)
	return prodElem{d.v.join(p, ea.v, eb.v).(valueElem), d.p.join(p, ea.p, eb.p).(predElem)}
}

// widen widens the value part and keeps b's predicates (the predicate
// part is finite).
func (d *productDomain) widen(p *chc.Pred, a, b elem) elem {
	ea, eb := a.(prodElem), b.(prodElem)
	return prodElem{d.v.widen(p, ea.v, eb.v).(valueElem), d.p.widen(p, ea.p, eb.p).(predElem)}
}

func (d *productDomain) formula(p *chc.Pred, e elem) *term.Term {
	ee := e.(prodElem)
	return d.v.st.And(d.v.formula(p, ee.v), d.p.formula(p, ee.p))
}

func (d *productDomain) key(e elem) string {
	ee := e.(prodElem)
	return d.v.key(ee.v) + "|" + d.p.key(ee.p)
}

func (d *productDomain) refine(rs []refinement) bool {
	st := d.v.st
	var values []refinement
	grew := false
	for _, r := range rs {
		for _, f := range conjuncts(st.Simplify(r.itp)) {
			if i := constantOf(f, r.pred); i >= 0 && !d.v.tracked[r.pred.ID][i] {
				values = append(values, refinement{r.pred, f})
			} else if d.p.add(r.pred, f) {
				grew = true
			}
		}
	}
	return d.v.refine(values) || grew
}

// constantOf is the index of the parameter of p that f gives a constant
// value (x = c, or a Boolean parameter or its negation), or -1.
func constantOf(f *term.Term, p *chc.Pred) int {
	param := func(t *term.Term) int {
		for i, x := range p.Params {
			if x == t {
				return i
			}
		}
		return -1
	}
	if f.Op() == term.OpNot {
		f = f.Arg(0)
	}
	if f.Sort().IsBool() && f.IsConst() {
		return param(f)
	}
	if f.Op() != term.OpEq || f.NumArgs() != 2 {
		return -1
	}
	a, b := f.Arg(0), f.Arg(1)
	if b.IsValue() {
		return param(a)
	}
	if a.IsValue() {
		return param(b)
	}
	return -1
}

func (d *productDomain) precision(p *chc.Pred) int { return d.v.precision(p) + d.p.precision(p) }
