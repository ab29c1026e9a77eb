package fuzz

import (
	"github.com/seed-f9c3434d/gospacer/term"
)

// Shrink makes a failing formula smaller while it keeps failing: it
// replaces one subterm at a time by one of its arguments of the same sort
// or by the default value of its sort, keeps every replacement after which
// fails still reports true, and repeats until no replacement helps or
// budget calls of fails are spent. Campaigns draw formulas without rapid's
// shrinking (gen.Example); Shrink turns their failures into small
// regression tests. fails(phi) must hold on entry.
func Shrink(st *term.Store, phi *term.Term, budget int, fails func(*term.Term) bool) *term.Term {
	for changed := true; changed && budget > 0; {
		changed = false
		// Larger subterms first: one success removes the most.
		var subs []*term.Term
		for u := range term.PostOrder(phi) {
			subs = append(subs, u)
		}
		for i := len(subs) - 1; i >= 0 && budget > 0; i-- {
			u := subs[i]
			for _, v := range shrinkCandidates(st, u) {
				if budget == 0 {
					break
				}
				next := st.Substitute(phi, []*term.Term{u}, []*term.Term{v})
				if next == phi {
					continue
				}
				budget--
				if fails(next) {
					phi, changed = next, true
					break
				}
			}
			if changed {
				break
			}
		}
	}
	return phi
}

// shrinkCandidates are the terms that may replace u: its arguments of the
// same sort, then the default value of its sort and, for a formula, true
// (for a term that is not a leaf already).
func shrinkCandidates(st *term.Store, u *term.Term) []*term.Term {
	var cs []*term.Term
	if u.Op() == term.OpForall || u.Op() == term.OpExists {
		return nil
	}
	for _, a := range u.Args() {
		if a.Sort() == u.Sort() {
			cs = append(cs, a)
		}
	}
	if u.NumArgs() > 0 && u.Sort().Kind() != term.KindUninterpreted {
		if d := st.DefaultValue(u.Sort()); d != nil && d != u {
			cs = append(cs, d)
		}
		if u.Sort() == term.BoolSort && u != st.True() {
			cs = append(cs, st.True())
		}
	}
	return cs
}
