package chc

import "github.com/seed-f9c3434d/gospacer/term"

// A normalMark records a system that is in normal form when it is made
// (the reader's, or a copy Normalize made): everything Normalize reads,
// pointer by pointer, with the lengths of the slices. Terms never change,
// so a system that still holds the same pointers is still normal, and
// Normalize recognises it in time linear in its atoms and variables
// instead of walking every constraint again (on a lia-arrays file, the
// walk took a third of the time of the whole preprocessing).
type normalMark struct {
	st      *term.Store
	relaxed bool
	preds   []*Pred
	funcs   []*term.Func // Preds[i].Func
	ids     []int        // Preds[i].ID
	clauses []*Clause
	atoms   []*Pred      // per clause: the head's predicate (nil: none), the body's
	terms   []*term.Term // the parameters, then per clause the atoms' arguments, the constraint, the variables
	lens    []int        // the length of each slice the others flatten, in the order they are read
}

// markNormal records s, which must be in normal form.
func markNormal(s *System) {
	m := &normalMark{st: s.St, relaxed: s.Relaxed}
	m.walk(s, func(p *Pred) bool { m.atoms = append(m.atoms, p); return true },
		func(t *term.Term) bool { m.terms = append(m.terms, t); return true },
		func(n int) bool { m.lens = append(m.lens, n); return true })
	m.preds = make([]*Pred, len(s.Preds))
	m.funcs = make([]*term.Func, len(s.Preds))
	m.ids = make([]int, len(s.Preds))
	for i, p := range s.Preds {
		m.preds[i] = p
		if p != nil {
			m.funcs[i], m.ids[i] = p.Func, p.ID
		}
	}
	m.clauses = make([]*Clause, len(s.Clauses))
	copy(m.clauses, s.Clauses)
	s.normal = m
}

// holds reports whether s holds what m recorded.
func (m *normalMark) holds(s *System) bool {
	if s.St != m.st || s.Relaxed != m.relaxed || len(s.Preds) != len(m.preds) || len(s.Clauses) != len(m.clauses) {
		return false
	}
	for i, p := range s.Preds {
		if p != m.preds[i] || p == nil || p.Func != m.funcs[i] || p.ID != m.ids[i] {
			return false
		}
	}
	for i, c := range s.Clauses {
		if c != m.clauses[i] {
			return false
		}
	}
	a, t, l := 0, 0, 0
	return m.walk(s,
		func(p *Pred) bool { a++; return a <= len(m.atoms) && m.atoms[a-1] == p },
		func(x *term.Term) bool { t++; return t <= len(m.terms) && m.terms[t-1] == x },
		func(n int) bool { l++; return l <= len(m.lens) && m.lens[l-1] == n }) &&
		a == len(m.atoms) && t == len(m.terms) && l == len(m.lens)
}

// walk gives the predicates, terms and lengths of s's parameters and
// clauses in one fixed order, and stops at the first false.
func (m *normalMark) walk(s *System, pred func(*Pred) bool, tm func(*term.Term) bool, n func(int) bool) bool {
	terms := func(ts []*term.Term) bool {
		if !n(len(ts)) {
			return false
		}
		for _, x := range ts {
			if !tm(x) {
				return false
			}
		}
		return true
	}
	atom := func(a *Atom) bool { return pred(a.Pred) && terms(a.Args) }
	for _, p := range s.Preds {
		if p == nil || !terms(p.Params) {
			return false
		}
	}
	for _, c := range s.Clauses {
		if c == nil {
			return false
		}
		if c.Head == nil {
			if !pred(nil) {
				return false
			}
		} else if !atom(c.Head) {
			return false
		}
		if !n(len(c.Body)) {
			return false
		}
		for j := range c.Body {
			if !atom(&c.Body[j]) {
				return false
			}
		}
		if !tm(c.Constraint) || !terms(c.Vars) {
			return false
		}
	}
	return true
}
