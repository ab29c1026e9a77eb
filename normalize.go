package gospacer

import (
	"errors"
	"fmt"

	"github.com/seed-f9c3434d/gospacer/chc"
)

// Normalize checks a system built by hand and returns it in the normal
// form that chc.Read gives and the passes and the engines take: every
// argument of every atom a distinct clause variable, every constant of a
// clause among its Vars (which may be left nil), a nil constraint true.
// It is chc.Normalize, the one normal form, with "gospacer:" before an
// error that names no clause (one that does is a *chc.ClauseError). The
// result is sys itself when it is already normal, else a new System over
// the same store and predicates; sys is never changed. A system with
// Relaxed set (as SolveReader reads) stays in the relaxed clause form, in
// which two atoms of a clause may share a variable (see chc.System.Relaxed).
func Normalize(sys *chc.System) (*chc.System, error) {
	norm, err := chc.Normalize(sys)
	var ce *chc.ClauseError
	if err != nil && !errors.As(err, &ce) {
		err = fmt.Errorf("gospacer: %w", err)
	}
	return norm, err
}
