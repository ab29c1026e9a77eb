package bam

import (
	"strconv"
	"strings"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// valueDomain is explicit-value analysis (the paper's Value-CPA, after
// Beyer and Löwe's CEGAR for it): an element maps some of a predicate's
// tracked parameters to constants. The precision is the set of tracked
// parameters per predicate; it starts empty and grows by the variables of
// the interpolants of spurious counterexamples.
type valueDomain struct {
	st      *term.Store
	tracked [][]bool // pred ID -> parameter -> tracked
}

// A valueElem lists the parameters with a known value, by increasing
// index; the empty list is top.
type valueElem []valueEntry

type valueEntry struct {
	i int        // parameter index
	v *term.Term // its value
}

func newValueDomain(sys *chc.System) *valueDomain {
	d := &valueDomain{st: sys.St, tracked: make([][]bool, len(sys.Preds))}
	for _, p := range sys.Preds {
		d.tracked[p.ID] = make([]bool, len(p.Params))
	}
	return d
}

func (d *valueDomain) name() string { return "value" }

func (d *valueDomain) top(p *chc.Pred) elem { return valueElem(nil) }

// abstract keeps the tracked arguments that have one value in every
// model: the paper's "c is the only satisfying assignment". Each round
// asks whether some candidate can take another value; a model that says
// so removes the candidates it changes.
func (d *valueDomain) abstract(q *query, p *chc.Pred, args []*term.Term) (elem, error) {
	var cands []valueEntry
	for i, on := range d.tracked[p.ID] {
		if !on {
			continue
		}
		v, err := q.value(args[i])
		if err != nil {
			return nil, err
		}
		cands = append(cands, valueEntry{i, v})
	}
	for len(cands) > 0 {
		eqs := make([]*term.Term, len(cands))
		for k, c := range cands {
			eqs[k] = d.st.Eq(args[c.i], c.v)
		}
		ok, err := q.implied(d.st.And(eqs...))
		if err != nil {
			return nil, err
		}
		if ok {
			break
		}
		kept := cands[:0]
		for _, c := range cands {
			v, err := q.value(args[c.i])
			if err != nil {
				return nil, err
			}
			if v == c.v {
				kept = append(kept, c)
			}
		}
		cands = kept
	}
	return valueElem(cands), nil
}

// leq: b's values are among a's.
func (d *valueDomain) leq(p *chc.Pred, a, b elem) bool {
	ea, eb := a.(valueElem), b.(valueElem)
	k := 0
	for _, x := range eb {
		for k < len(ea) && ea[k].i < x.i {
			k++
		}
		if k == len(ea) || ea[k].i != x.i || ea[k].v != x.v {
			return false
		}
	}
	return true
}

// join keeps the values a and b agree on.
func (d *valueDomain) join(p *chc.Pred, a, b elem) elem {
	ea, eb := a.(valueElem), b.(valueElem)
	var out valueElem
	k := 0
	for _, x := range eb {
		for k < len(ea) && ea[k].i < x.i {
			k++
		}
		if k < len(ea) && ea[k].i == x.i && ea[k].v == x.v {
			out = append(out, x)
		}
	}
	return out
}

// widen is join: the lattice has the height of the parameter list.
func (d *valueDomain) widen(p *chc.Pred, a, b elem) elem { return d.join(p, a, b) }

func (d *valueDomain) formula(p *chc.Pred, e elem) *term.Term {
	ee := e.(valueElem)
	parts := make([]*term.Term, len(ee))
	for k, x := range ee {
		parts[k] = d.st.Eq(p.Params[x.i], x.v)
	}
	return d.st.And(parts...)
}

func (d *valueDomain) key(e elem) string {
	var b strings.Builder
	for _, x := range e.(valueElem) {
		b.WriteString(strconv.Itoa(x.i))
		b.WriteByte('=')
		b.WriteString(strconv.FormatUint(uint64(x.v.ID()), 10))
		b.WriteByte(' ')
	}
	return b.String()
}

// refine tracks the parameters an interpolant mentions.
func (d *valueDomain) refine(rs []refinement) bool {
	grew := false
	for _, r := range rs {
		free := map[*term.Term]bool{}
		for _, c := range term.FreeConsts(r.itp) {
			free[c] = true
		}
		for i, x := range r.pred.Params {
			if free[x] && !d.tracked[r.pred.ID][i] && trackable(x.Sort()) {
				d.tracked[r.pred.ID][i] = true
				grew = true
			}
		}
	}
	return grew
}

func (d *valueDomain) precision(p *chc.Pred) int {
	n := 0
	for _, on := range d.tracked[p.ID] {
		if on {
			n++
		}
	}
	return n
}
