package bam

import (
	"math/bits"
	"strconv"
	"strings"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// predicateDomain is predicate abstraction (the paper's Predicate-CPA):
// per predicate a list of formulas over its parameters, the precision,
// which grows by the conjuncts of the interpolants of spurious
// counterexamples. An element is the set of those formulas that hold
// (Cartesian abstraction: the strongest conjunction of them); the
// disjunctions the paper's Boolean abstraction keeps come from the sets of
// exit states of a block, one per combination of body states.
type predicateDomain struct {
	st    *term.Store
	preds [][]*term.Term        // pred ID -> predicates over Params
	index []map[*term.Term]bool // pred ID -> predicates known
}

// A predElem is a bit set over the predicate list of its predicate. A
// list only grows, so a set made before a refinement reads the new
// predicates as unknown: still sound.
type predElem []uint64

func newPredicateDomain(sys *chc.System) *predicateDomain {
	d := &predicateDomain{st: sys.St, preds: make([][]*term.Term, len(sys.Preds)), index: make([]map[*term.Term]bool, len(sys.Preds))}
	for i := range d.index {
		d.index[i] = map[*term.Term]bool{}
	}
	return d
}

func (d *predicateDomain) name() string { return "predicate" }

func (d *predicateDomain) top(p *chc.Pred) elem { return predElem(nil) }

// abstract keeps the predicates the formula implies. Those false in a
// model are not implied; the others are checked together, and a model
// that refutes their conjunction drops the ones it falsifies, until the
// conjunction is implied (usually in one or two checks).
func (d *predicateDomain) abstract(q *query, p *chc.Pred, args []*term.Term) (elem, error) {
	insts := make([]*term.Term, len(d.preds[p.ID]))
	for i, f := range d.preds[p.ID] {
		insts[i] = p.Instantiate(d.st, f, args)
	}
	cands, err := impliedAmong(q, insts)
	if err != nil {
		return nil, err
	}
	var out predElem
	for _, i := range cands {
		for len(out) <= i/64 {
			out = append(out, 0)
		}
		out[i/64] |= 1 << (i % 64)
	}
	return trim(out), nil
}

// impliedAmong are the indices of the formulas fs that q's formula
// implies: the ones true in every model met, once their conjunction is
// implied.
func impliedAmong(q *query, fs []*term.Term) ([]int, error) {
	var cands []int
	for i, f := range fs {
		ok, err := q.m.EvalBool(f)
		if err != nil {
			return nil, err
		}
		if ok {
			cands = append(cands, i)
		}
	}
	st := q.sv.Store()
	for len(cands) > 0 {
		conj := make([]*term.Term, len(cands))
		for k, i := range cands {
			conj[k] = fs[i]
		}
		ok, err := q.implied(st.And(conj...))
		if err != nil {
			return nil, err
		}
		if ok {
			return cands, nil
		}
		kept := cands[:0]
		for _, i := range cands {
			on, err := q.m.EvalBool(fs[i])
			if err != nil {
				return nil, err
			}
			if on {
				kept = append(kept, i)
			}
		}
		cands = kept
	}
	return nil, nil
}

// trim drops the zero words at the end of a bit set, so that equal sets
// have equal keys.
func trim(s predElem) predElem {
	for len(s) > 0 && s[len(s)-1] == 0 {
		s = s[:len(s)-1]
	}
	return s
}

// leq: b's predicates are among a's.
func (d *predicateDomain) leq(p *chc.Pred, a, b elem) bool {
	ea, eb := a.(predElem), b.(predElem)
	for w, x := range eb {
		var y uint64
		if w < len(ea) {
			y = ea[w]
		}
		if x&^y != 0 {
			return false
		}
	}
	return true
}

func (d *predicateDomain) join(p *chc.Pred, a, b elem) elem {
	ea, eb := a.(predElem), b.(predElem)
	n := min(len(ea), len(eb))
	out := make(predElem, n)
	for w := range out {
		out[w] = ea[w] & eb[w]
	}
	return trim(out)
}

// widen is b: a predicate's lattice is finite, and joining would drop
// the predicates a block's states disagree on.
func (d *predicateDomain) widen(p *chc.Pred, a, b elem) elem { return b }

func (d *predicateDomain) formula(p *chc.Pred, e elem) *term.Term {
	var parts []*term.Term
	for w, x := range e.(predElem) {
		for x != 0 {
			i := bits.TrailingZeros64(x)
			x &^= 1 << i
			parts = append(parts, d.preds[p.ID][w*64+i])
		}
	}
	return d.st.And(parts...)
}

func (d *predicateDomain) key(e elem) string {
	var b strings.Builder
	for _, x := range e.(predElem) {
		b.WriteString(strconv.FormatUint(x, 16))
		b.WriteByte(' ')
	}
	return b.String()
}

// refine adds the top-level conjuncts of each interpolant: with all of
// them in the precision, the abstraction at that node implies the
// interpolant, which is what rules the counterexample out.
func (d *predicateDomain) refine(rs []refinement) bool {
	grew := false
	for _, r := range rs {
		for _, f := range conjuncts(d.st.Simplify(r.itp)) {
			if d.add(r.pred, f) {
				grew = true
			}
		}
	}
	return grew
}

// add puts f in p's precision unless it is there or trivial.
func (d *predicateDomain) add(p *chc.Pred, f *term.Term) bool {
	if f.IsTrue() || f.IsFalse() || d.index[p.ID][f] {
		return false
	}
	d.index[p.ID][f] = true
	d.preds[p.ID] = append(d.preds[p.ID], f)
	return true
}

func (d *predicateDomain) precision(p *chc.Pred) int { return len(d.preds[p.ID]) }

// conjuncts are the top-level conjuncts of f.
func conjuncts(f *term.Term) []*term.Term {
	if f.Op() == term.OpAnd {
		return f.Args()
	}
	return []*term.Term{f}
}
