package houdini

import "github.com/seed-f9c3434d/gospacer/term"

// WithoutNeighbours is o with the neighbours of the checks' models off
// (dropNeighbours): each check's model alone drops candidates.
func WithoutNeighbours(o Options) Options {
	o.noNeighbours = true
	return o
}

// ClauseOrder exports clauseOrder.
var ClauseOrder = clauseOrder

// Plain is o with the group checks of fact clauses off and no head
// candidate held syntactically: a whole check per step.
func Plain(o Options) Options {
	o.noGroups, o.noJustify = true, true
	return o
}

// ImpliedBy exports impliedBy's first result.
func ImpliedBy(st *term.Store, f *term.Term, heads []*term.Term) []bool {
	implied, _ := impliedBy(st, f, heads)
	return implied
}

// Compatible exports compatible over the negations of heads.
func Compatible(st *term.Store, heads []*term.Term) []bool {
	negs := make([]negation, len(heads))
	for k, h := range heads {
		negs[k] = negationOf(st, h)
	}
	return compatible(negs)
}
