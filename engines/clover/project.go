package clover

import (
	"fmt"
	"slices"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/itp"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// project eliminates from phi every constant but keep (the paper's QE,
// approximated by model-based projection as it says): the disjunction of
// projections of phi under models of phi outside the projections so far,
// at most rounds of them. exact reports that the enumeration ended: the
// result is then equivalent to ∃others.phi; otherwise it implies it.
func (e *engine) project(phi *term.Term, keep []*term.Term, rounds int) (*term.Term, bool, error) {
	st := e.st
	t0 := time.Now()
	defer func() { e.stats.projTime += time.Since(t0) }()
	e.stats.projections++
	var vars []*term.Term
	for _, c := range term.FreeConsts(phi) {
		if !slices.Contains(keep, c) {
			vars = append(vars, c)
		}
	}
	if len(vars) == 0 {
		return phi, true, nil
	}
	sv := smt.New(st, smt.Options{})
	if err := sv.Assert(phi); err != nil {
		return nil, false, err
	}
	var disj []*term.Term
	for round := 0; ; round++ {
		tc := time.Now()
		r, err := sv.Check(e.ctx)
		if d := time.Since(tc); d > 100*time.Millisecond {
			e.log.Tracef("slow projection check: round %d %v size %d vars %d", round, d, term.Size(phi), len(vars))
		}
		if err != nil {
			return nil, false, err
		}
		switch r {
		case smt.Unsat:
			return st.Simplify(st.Or(append(disj, st.False())...)), true, nil
		case smt.Unknown:
			return nil, false, fmt.Errorf("smt: %s", sv.ReasonUnknown())
		}
		if round == rounds {
			return st.Simplify(st.Or(append(disj, st.False())...)), false, nil
		}
		res, err := e.mbp.Project(vars, phi, sv.Model())
		if err != nil {
			return nil, false, err
		}
		disj = append(disj, res.Formula)
		if err := sv.Assert(st.Not(res.Formula)); err != nil {
			return nil, false, err
		}
	}
}

// interpolate returns I over target with A ⇒ I and I ∧ B unsatisfiable
// (A ∧ B must be unsatisfiable), checked before it is returned: a proof
// interpolant (itp), else the exact projection of A, else the negated
// exact projection of B; nil when none is found.
func (e *engine) interpolate(A, B *term.Term, target []*term.Term) (*term.Term, error) {
	st := e.st
	t0 := time.Now()
	defer func() { e.stats.itpTime += time.Since(t0) }()
	var tries []*term.Term
	if I, err := itp.Binary(e.ctx, st, A, B); err == nil {
		tries = append(tries, I)
	} else if chc.Cause(e.ctx) != nil {
		return nil, chc.Cause(e.ctx)
	}
	for _, I := range tries {
		if ok, err := e.validItp(A, B, I, target); err != nil || ok {
			return I, err
		}
	}
	if f, exact, err := e.project(A, target, bodyRounds); err != nil {
		return nil, err
	} else if exact {
		return f, nil
	}
	if f, exact, err := e.project(B, target, bodyRounds); err != nil {
		return nil, err
	} else if exact {
		return st.Simplify(st.Not(f)), nil
	}
	e.stats.itpFailures++
	return nil, nil
}

// validItp checks an interpolant: over target only, implied by A,
// inconsistent with B.
func (e *engine) validItp(A, B, I *term.Term, target []*term.Term) (bool, error) {
	for _, c := range term.FreeConsts(I) {
		if !slices.Contains(target, c) {
			return false, nil
		}
	}
	r, _, err := e.check(A, e.st.Not(I))
	if err != nil || r != smt.Unsat {
		return false, err
	}
	r, _, err = e.check(I, B)
	if err != nil || r != smt.Unsat {
		return false, err
	}
	return true, nil
}

// bodyRounds bounds the projections of bodies and environments.
const bodyRounds = 16
