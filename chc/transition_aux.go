package chc

import "github.com/seed-f9c3434d/gospacer/term"

// The formulas whose copies of Aux AuxAt gives: each of Init, Trans and
// Bad has its own copy at every step, so that two of them at one step
// never share a local variable.
const (
	AuxOfInit = iota
	AuxOfTrans
	AuxOfBad
)

// AuxAt is the copy of Aux that InitAt(k) (of AuxOfInit), TransAt(k)
// (AuxOfTrans) or BadAt(k) (AuxOfBad) is over, in the order of Aux.
func (ts *TransitionSystem) AuxAt(k, of int) []*term.Term {
	a := ts.step(k).aux[of]
	return a[:len(a):len(a)]
}
