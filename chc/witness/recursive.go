package witness

import (
	"context"
	"fmt"
	"slices"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Models with recursive functions (folds over a datatype, term.RecDef).
//
// A model's formula may apply a function defined by cases on a datatype's
// constructors (a catamorphism: a list's length, the sum of its elements).
// The smt solver knows nothing of such definitions: it sees the function as
// uninterpreted. The check adds, per clause, instances of the definition
// that the true function satisfies, and a clause that is valid for every
// function satisfying them is valid for the true one:
//
//   - at each constructor term t of the formula (and each application the
//     expansion makes), f(t) = f's case for t's constructor over f and the
//     other definitions applied to t's fields, expanded down to the
//     non-constructor terms;
//   - at each other datatype term t that f is applied to, one unfolding:
//     f(t) = ite(is-C1 t, case1 over the selectors of t, ...);
//   - at every application f(t), the range facts of f: f(x) ≥ c for a c
//     that structural induction proves once per function (the check of each
//     constructor's case, with the fact assumed on the fields, by the smt
//     solver), like a length's 0.
//
// The definitions must be well-founded, which recursiveFuncs checks before
// anything is evaluated or proved: each case applies defined functions only
// to the constructor's own fields, and no definition applies a function
// whose definition applies it back, except itself. Then every defined
// function is total (primitive recursion), evaluation (term.Eval) ends, and
// induction over the datatype is sound.

// recInfo is what the checker knows of the defined functions of a model:
// the lower bound proved for each (nil when none).
type recInfo struct {
	funcs []*term.Func
	lower map[string]*num.Rat // by recKey: the scratch store's copies share it
}

// recKey names a defined function across stores: its name and its
// argument's sort (two symbols may share a name with other signatures).
func recKey(f *term.Func) string { return f.Name() + " " + f.Domain()[0].String() }

// recursiveFuncs lists the defined functions m's formulas apply, checks
// that their definitions are well-founded and proves their range facts.
func recursiveFuncs(ctx context.Context, s *chc.System, m chc.Model) (*recInfo, error) {
	var fs []*term.Term
	for _, p := range s.Preds {
		fs = append(fs, m.Lookup(s.St, p))
	}
	funcs := term.RecFuncs(fs...)
	if len(funcs) == 0 {
		return nil, nil
	}
	before := map[*term.Func]bool{} // the functions defined before, in RecFuncs' order
	for _, f := range funcs {
		d := f.Rec()
		for i, c := range d.Cases {
			for u := range term.PostOrder(c) {
				if u.Op() != term.OpApply || u.Func().Rec() == nil {
					continue
				}
				g := u.Func()
				if g != f && !before[g] {
					return nil, fmt.Errorf("chc: the definition of %s applies %s, whose definition applies it", f.Name(), g.Name())
				}
				if !slices.Contains(d.Fields[i], u.Args()[0]) {
					return nil, fmt.Errorf("chc: the definition of %s applies %s to %s, not a field of its constructor", f.Name(), g.Name(), term.Sprint(u.Args()[0]))
				}
			}
		}
		before[f] = true
	}
	info := &recInfo{funcs: funcs, lower: map[string]*num.Rat{}}
	for _, f := range funcs {
		if f.Range() != term.IntSort {
			continue
		}
		for _, c := range []int64{1, 0} {
			ok, err := info.induction(ctx, s.St, f, num.NewInt(c).Rat())
			if err != nil {
				return nil, err
			}
			if ok {
				r := num.NewInt(c).Rat()
				info.lower[recKey(f)] = &r
				break
			}
		}
	}
	return info, nil
}

// induction reports whether f(x) ≥ c holds for every x, by structural
// induction: on each constructor, f's case is at least c when f of each
// field of f's sort is (and the other functions applied to the fields are
// within their bounds, proved before).
func (info *recInfo) induction(ctx context.Context, st *term.Store, f *term.Func, c num.Rat) (bool, error) {
	d := f.Rec()
	bound := st.Num(c, term.IntSort)
	for _, cs := range d.Cases {
		var hyps []*term.Term
		for u := range term.PostOrder(cs) {
			if u.Op() != term.OpApply || u.Func().Rec() == nil {
				continue
			}
			switch g := u.Func(); {
			case g == f:
				hyps = append(hyps, st.Ge(u, bound))
			case info.lower[recKey(g)] != nil:
				hyps = append(hyps, st.Ge(u, st.Num(*info.lower[recKey(g)], term.IntSort)))
			}
		}
		sv := smt.New(st, smt.Options{})
		if err := sv.Assert(st.And(append(hyps, st.Not(st.Ge(cs, bound)))...)); err != nil {
			return false, nil
		}
		res, err := sv.Check(ctx)
		if err != nil {
			return false, err
		}
		if res != smt.Unsat {
			return false, nil
		}
	}
	return true, nil
}

// axioms are the instances of the definitions and the range facts for the
// defined functions phi applies (see the comment at the top), in st.
func (info *recInfo) axioms(st *term.Store, phi *term.Term) []*term.Term {
	var out []*term.Term
	done := map[*term.Term]bool{}
	var queue []*term.Term // applications f(t) to instantiate
	dom := map[*term.Sort][]*term.Func{}
	for u := range term.PostOrder(phi) {
		if u.Op() == term.OpApply && u.Func().Rec() != nil {
			queue = append(queue, u)
			s := u.Func().Domain()[0]
			if !slices.Contains(dom[s], u.Func()) {
				dom[s] = append(dom[s], u.Func())
			}
		}
	}
	for u := range term.PostOrder(phi) { // the constructor terms: f of each
		if u.Op() == term.OpCons {
			for _, f := range dom[u.Sort()] {
				queue = append(queue, st.Apply(f, u))
			}
		}
	}
	ranged := map[*term.Term]bool{}
	facts := func(t *term.Term) {
		for u := range term.PostOrder(t) {
			if u.Op() == term.OpApply && u.Func().Rec() != nil && !ranged[u] {
				ranged[u] = true
				if lo := info.lower[recKey(u.Func())]; lo != nil {
					out = append(out, st.Ge(u, st.Num(*lo, term.IntSort)))
				}
			}
		}
	}
	for len(queue) > 0 {
		app := queue[0]
		queue = queue[1:]
		if done[app] {
			continue
		}
		f, t := app.Func(), app.Args()[0]
		d := f.Rec()
		var def *term.Term
		if t.Op() == term.OpCons {
			def = st.Case(d, t)
			for u := range term.PostOrder(def) { // expanded down to the non-constructor terms
				if u.Op() == term.OpApply && u.Func().Rec() != nil && !done[u] {
					queue = append(queue, u)
				}
			}
		} else {
			def = st.Substitute(st.Body(d), []*term.Term{d.Param}, []*term.Term{t})
		}
		facts(app)
		facts(def)
		done[app] = true
		out = append(out, st.Eq(app, def))
	}
	return out
}
