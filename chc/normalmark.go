package chc

import (
	"slices"

	"github.com/seed-f9c3434d/gospacer/term"
)

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
	na, nt, nl := m.size(s)
	m.atoms = make([]*Pred, 0, na)
	m.terms = make([]*term.Term, 0, nt)
	m.lens = make([]int, 0, nl)
	m.fill(s)
	m.preds = make([]*Pred, len(s.Preds))
	m.funcs = make([]*term.Func, len(s.Preds))
	m.ids = make([]int, len(s.Preds))
	for i, p := range s.Preds {
		m.preds[i], m.funcs[i], m.ids[i] = p, p.Func, p.ID
	}
	m.clauses = slices.Clone(s.Clauses)
	s.normal = m
}

// size is the number of atoms, terms and lengths fill records of s.
func (m *normalMark) size(s *System) (atoms, terms, lens int) {
	for _, p := range s.Preds {
		terms += len(p.Params)
	}
	lens = len(s.Preds)
	for _, c := range s.Clauses {
		atoms += 1 + len(c.Body)
		terms += 1 + len(c.Vars)
		lens += 2 + len(c.Body)
		if c.Head != nil {
			terms += len(c.Head.Args)
			lens++
		}
		for j := range c.Body {
			terms += len(c.Body[j].Args)
		}
	}
	return atoms, terms, lens
}

// fill appends to m's atoms, terms and lens those of s's parameters and
// clauses, in one fixed order.
func (m *normalMark) fill(s *System) {
	args := func(ts []*term.Term) {
		m.lens = append(m.lens, len(ts))
		m.terms = append(m.terms, ts...)
	}
	for _, p := range s.Preds {
		args(p.Params)
	}
	for _, c := range s.Clauses {
		if c.Head == nil {
			m.atoms = append(m.atoms, nil)
		} else {
			m.atoms = append(m.atoms, c.Head.Pred)
			args(c.Head.Args)
		}
		m.lens = append(m.lens, len(c.Body))
		for j := range c.Body {
			m.atoms = append(m.atoms, c.Body[j].Pred)
			args(c.Body[j].Args)
		}
		m.terms = append(m.terms, c.Constraint)
		args(c.Vars)
	}
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
	// (slices.Equal compares the lengths too: a system that grew or
	// shrank fails there)
	now := normalMark{atoms: make([]*Pred, 0, len(m.atoms)), terms: make([]*term.Term, 0, len(m.terms)), lens: make([]int, 0, len(m.lens))}
	now.fill(s)
	return slices.Equal(now.atoms, m.atoms) && slices.Equal(now.terms, m.terms) && slices.Equal(now.lens, m.lens)
}
