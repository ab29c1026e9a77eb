package bam

import (
	"slices"
	"strings"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
)

// intervalDomain is interval analysis (the paper's Interval-CPA): an
// element bounds each numeric parameter of a predicate from below and
// above, and gives a Boolean parameter its value when it has one. Bounds
// are found among thresholds: the constants of the system (and of the
// interpolants of spurious counterexamples, the domain's refinement),
// plus the exact bound when a model attains it. Widening jumps to the
// next threshold, or to infinity.
type intervalDomain struct {
	st         *term.Store
	thresholds [][][]num.Rat // pred ID -> parameter -> sorted, distinct
}

// A bound is a number or an infinity (inf: -∞ for a lower bound, +∞ for
// an upper one).
type bound struct {
	v   num.Rat
	inf bool
}

// An itv is the interval [lo, hi]; a Boolean parameter uses [0, 0] for
// false, [1, 1] for true, and top when it may be either.
type itv struct{ lo, hi bound }

// An itvElem has one interval per parameter; nil is top.
type itvElem []itv

var unbounded = itv{bound{inf: true}, bound{inf: true}}

// isTop reports whether x bounds nothing.
func (x itv) isTop() bool { return x.lo.inf && x.hi.inf }

func newIntervalDomain(sys *chc.System) *intervalDomain {
	d := &intervalDomain{st: sys.St, thresholds: make([][][]num.Rat, len(sys.Preds))}
	consts := []num.Rat{{}}
	for _, c := range sys.Clauses {
		for t := range term.PostOrder(c.Constraint) {
			if t.IsNum() {
				consts = append(consts, t.Num())
			}
		}
	}
	consts = sortRats(consts)
	var ints []num.Rat // over Int, the constants rounded both ways
	for _, c := range consts {
		ints = append(ints, c.Floor().Rat(), c.Ceil().Rat())
	}
	ints = sortRats(ints)
	for _, p := range sys.Preds {
		d.thresholds[p.ID] = make([][]num.Rat, len(p.Params))
		for i, x := range p.Params {
			switch {
			case x.Sort().IsInt():
				d.thresholds[p.ID][i] = ints
			case x.Sort().IsReal():
				d.thresholds[p.ID][i] = consts
			}
		}
	}
	return d
}

// sortRats sorts rs and removes duplicates.
func sortRats(rs []num.Rat) []num.Rat {
	slices.SortFunc(rs, num.Rat.Cmp)
	return slices.CompactFunc(rs, num.Rat.Equal)
}

func (d *intervalDomain) name() string { return "interval" }

func (d *intervalDomain) top(p *chc.Pred) elem { return itvElem(nil) }

// abstract bounds each parameter: the model's value when the formula
// implies it as a bound, else the best threshold the formula implies,
// found by binary search (the implication is monotone in the threshold).
func (d *intervalDomain) abstract(q *query, p *chc.Pred, args []*term.Term) (elem, error) {
	out := make(itvElem, len(args))
	for i, a := range args {
		out[i] = unbounded
		switch {
		case a.Sort().IsBool():
			v, err := q.value(a)
			if err != nil {
				return nil, err
			}
			ok, err := q.implied(d.st.Eq(a, v))
			if err != nil {
				return nil, err
			}
			if ok {
				b := bound{v: num.NewRat(0, 1)}
				if v.IsTrue() {
					b.v = num.NewRat(1, 1)
				}
				out[i] = itv{b, b}
			}
		case a.Sort().IsArith():
			lo, err := d.bound(q, a, d.thresholds[p.ID][i], true)
			if err != nil {
				return nil, err
			}
			hi, err := d.bound(q, a, d.thresholds[p.ID][i], false)
			if err != nil {
				return nil, err
			}
			out[i] = itv{lo, hi}
		}
	}
	return d.normalize(p, out), nil
}

// bound is the best lower (or upper) bound of a the formula implies among
// a's value in the model and the thresholds ts.
func (d *intervalDomain) bound(q *query, a *term.Term, ts []num.Rat, lower bool) (bound, error) {
	val := func() (num.Rat, error) {
		v, err := q.value(a)
		if err != nil {
			return num.Rat{}, err
		}
		return v.Num(), nil
	}
	implies := func(c num.Rat) (bool, error) {
		k := d.st.Num(c, a.Sort())
		if lower {
			return q.implied(d.st.Ge(a, k))
		}
		return q.implied(d.st.Le(a, k))
	}
	v, err := val()
	if err != nil {
		return bound{}, err
	}
	if ok, err := implies(v); err != nil || ok {
		return bound{v: v}, err
	}
	// candidates: thresholds strictly beyond the model's value, nearest
	// last (a bound is at most every value the formula allows)
	var cands []num.Rat
	for _, t := range ts {
		if lower && t.Cmp(v) < 0 || !lower && t.Cmp(v) > 0 {
			cands = append(cands, t)
		}
	}
	if !lower {
		cands = slices.Clone(cands)
		slices.Reverse(cands)
	}
	best := bound{inf: true}
	lo, hi := 0, len(cands)-1
	for lo <= hi {
		mid := (lo + hi) / 2
		ok, err := implies(cands[mid])
		if err != nil {
			return bound{}, err
		}
		if ok {
			best = bound{v: cands[mid]}
			lo = mid + 1
			continue
		}
		// the new model's value caps the bound
		w, err := val()
		if err != nil {
			return bound{}, err
		}
		hi = mid - 1
		for hi >= lo && (lower && cands[hi].Cmp(w) > 0 || !lower && cands[hi].Cmp(w) < 0) {
			hi--
		}
	}
	return best, nil
}

// normalize makes a Boolean that may be either top, and the element
// whose intervals are all top nil, so that equal elements have one key.
func (d *intervalDomain) normalize(p *chc.Pred, e itvElem) itvElem {
	top := true
	for i, x := range e {
		if p.Params[i].Sort().IsBool() && !x.isTop() && x.lo.v.Cmp(x.hi.v) != 0 {
			e[i] = unbounded
			continue
		}
		if !x.isTop() {
			top = false
		}
	}
	if top {
		return nil
	}
	return e
}

// get is the interval of parameter i of e.
func (e itvElem) get(i int) itv {
	if e == nil {
		return unbounded
	}
	return e[i]
}

// within reports whether x ⊆ y.
func (x itv) within(y itv) bool {
	loOK := y.lo.inf || !x.lo.inf && x.lo.v.Cmp(y.lo.v) >= 0
	hiOK := y.hi.inf || !x.hi.inf && x.hi.v.Cmp(y.hi.v) <= 0
	return loOK && hiOK
}

func (d *intervalDomain) leq(p *chc.Pred, a, b elem) bool {
	ea, eb := a.(itvElem), b.(itvElem)
	if eb == nil {
		return true
	}
	for i := range p.Params {
		if !ea.get(i).within(eb.get(i)) {
			return false
		}
	}
	return true
}

// hull is the smallest interval containing x and y.
func hull(x, y itv) itv {
	out := x
	if y.lo.inf || !x.lo.inf && y.lo.v.Cmp(x.lo.v) < 0 {
		out.lo = y.lo
	}
	if y.hi.inf || !x.hi.inf && y.hi.v.Cmp(x.hi.v) > 0 {
		out.hi = y.hi
	}
	return out
}

func (d *intervalDomain) join(p *chc.Pred, a, b elem) elem {
	ea, eb := a.(itvElem), b.(itvElem)
	if ea == nil || eb == nil {
		return itvElem(nil)
	}
	out := make(itvElem, len(ea))
	for i := range out {
		out[i] = hull(ea[i], eb[i])
	}
	return d.normalize(p, out)
}

// widen keeps a's bounds that b respects and moves the others to the next
// threshold beyond b's, or to infinity.
func (d *intervalDomain) widen(p *chc.Pred, a, b elem) elem {
	j := d.join(p, a, b).(itvElem)
	ea := a.(itvElem)
	if j == nil || ea == nil {
		return j
	}
	out := make(itvElem, len(j))
	for i, x := range j {
		out[i] = x
		old := ea[i]
		if x.isTop() || !p.Params[i].Sort().IsArith() {
			continue
		}
		ts := d.thresholds[p.ID][i]
		if !x.lo.inf && (old.lo.inf || x.lo.v.Cmp(old.lo.v) < 0) {
			out[i].lo = bound{inf: true}
			for k := len(ts) - 1; k >= 0; k-- {
				if ts[k].Cmp(x.lo.v) <= 0 {
					out[i].lo = bound{v: ts[k]}
					break
				}
			}
		}
		if !x.hi.inf && (old.hi.inf || x.hi.v.Cmp(old.hi.v) > 0) {
			out[i].hi = bound{inf: true}
			for _, t := range ts {
				if t.Cmp(x.hi.v) >= 0 {
					out[i].hi = bound{v: t}
					break
				}
			}
		}
	}
	return d.normalize(p, out)
}

func (d *intervalDomain) formula(p *chc.Pred, e elem) *term.Term {
	var parts []*term.Term
	for i, x := range e.(itvElem) {
		par := p.Params[i]
		switch {
		case x.isTop():
		case par.Sort().IsBool():
			if x.lo.v.IsOne() {
				parts = append(parts, par)
			} else {
				parts = append(parts, d.st.Not(par))
			}
		default:
			if !x.lo.inf {
				parts = append(parts, d.st.Ge(par, d.st.Num(x.lo.v, par.Sort())))
			}
			if !x.hi.inf {
				parts = append(parts, d.st.Le(par, d.st.Num(x.hi.v, par.Sort())))
			}
		}
	}
	return d.st.And(parts...)
}

func (d *intervalDomain) key(e elem) string {
	var b strings.Builder
	for _, x := range e.(itvElem) {
		for _, bd := range []bound{x.lo, x.hi} {
			if bd.inf {
				b.WriteString("inf")
			} else {
				b.WriteString(bd.v.String())
			}
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// refine adds the constants that bound one parameter in an interpolant's
// atoms as thresholds of that parameter (rounded both ways over Int).
func (d *intervalDomain) refine(rs []refinement) bool {
	grew := false
	for _, r := range rs {
		param := map[*term.Term]int{}
		for i, x := range r.pred.Params {
			param[x] = i
		}
		for t := range term.PostOrder(d.st.Simplify(r.itp)) {
			switch t.Op() {
			case term.OpLe, term.OpLt, term.OpGe, term.OpGt, term.OpEq:
			default:
				continue
			}
			if t.NumArgs() != 2 || !t.Arg(0).Sort().IsArith() {
				continue
			}
			l, ok := d.st.Linearize(d.st.Sub(t.Arg(0), t.Arg(1)))
			if !ok || len(l.Vars) != 1 {
				continue
			}
			i, ok := param[l.Vars[0]]
			if !ok {
				continue
			}
			c := l.Const.Neg().Quo(l.Coeffs[0])
			cs := []num.Rat{c}
			if r.pred.Params[i].Sort().IsInt() {
				cs = []num.Rat{c.Floor().Rat(), c.Ceil().Rat()}
			}
			for _, c := range cs {
				ts := d.thresholds[r.pred.ID][i]
				if _, found := slices.BinarySearchFunc(ts, c, num.Rat.Cmp); !found {
					d.thresholds[r.pred.ID][i] = sortRats(append(slices.Clone(ts), c))
					grew = true
				}
			}
		}
	}
	return grew
}

func (d *intervalDomain) precision(p *chc.Pred) int {
	n := 0
	for _, ts := range d.thresholds[p.ID] {
		n += len(ts)
	}
	return n
}
