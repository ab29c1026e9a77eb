package transition

import (
	"context"
	"fmt"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/mbp"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// The helpers of this file serve every engine over the transition-system
// view (kind, imc, pdkind): the view of a system with its trivial queries
// decided, the reversed loop, state formulas, and counterexamples of a
// known length.

// View returns the transition-system view of s. A query without body
// atom is no step of a loop: when its constraint is satisfiable it
// derives false alone, and View returns that Unsat result instead of a
// view; when it is not, the query is left out of the view (it constrains
// nothing). Systems that are not linear give an ErrIncomplete error.
func View(ctx context.Context, s *chc.System) (*chc.TransitionSystem, *chc.Result, error) {
	var keep []*chc.Clause
	for _, c := range s.Clauses {
		if c.Head != nil || len(c.Body) != 0 {
			keep = append(keep, c)
			continue
		}
		sv := smt.New(s.St, smt.Options{})
		if err := sv.Assert(c.Constraint); err != nil {
			return nil, nil, chc.Incomplete("%v", err)
		}
		r, err := sv.Check(ctx)
		if err != nil || r == smt.Unknown {
			if chc.Cause(ctx) != nil {
				return nil, nil, chc.Cause(ctx)
			}
			return nil, nil, chc.Incomplete("a query without body atom: smt: %v %s", err, sv.ReasonUnknown())
		}
		if r == smt.Unsat {
			continue
		}
		n := &chc.Node{Clause: c, Values: make([]*term.Term, len(c.Vars))}
		for i, v := range c.Vars {
			val, err := sv.Model().Eval(v)
			if err != nil {
				return nil, nil, chc.Internal("a query without body atom: %v", err)
			}
			n.Values[i] = val
		}
		return nil, &chc.Result{Answer: chc.Unsat, Derivation: n}, nil
	}
	if len(keep) < len(s.Clauses) {
		cp := *s
		cp.Clauses = keep
		s = &cp
	}
	ts, err := s.TransitionSystem()
	if err != nil {
		return nil, nil, err
	}
	return ts, nil, nil
}

// Reverse is the loop of ts run backwards: its initial states are ts's
// bad states, its bad states ts's initial ones, and its steps ts's steps
// reversed (Trans with Vars and Next exchanged). An invariant J of the
// reverse (J holds in Bad, is closed under backward steps, excludes
// Init) gives the invariant ¬J of ts. The result is for unrolling only
// (InitAt, TransAt, BadAt, StateAt, AtState): its Model and Derivation do
// not apply. Its state copies are its own.
func Reverse(ts *chc.TransitionSystem) *chc.TransitionSystem {
	from := append(append([]*term.Term(nil), ts.Vars...), ts.Next...)
	to := append(append([]*term.Term(nil), ts.Next...), ts.Vars...)
	return &chc.TransitionSystem{
		St:    ts.St,
		Vars:  ts.Vars,
		Next:  ts.Next,
		Aux:   ts.Aux,
		Init:  ts.Bad,
		Trans: ts.St.Substitute(ts.Trans, from, to),
		Bad:   ts.Init,
		Loc:   ts.Loc,
	}
}

// StateFormula is a quantifier-free formula over ts.Vars equivalent to
// ∃Aux. f, for f over Vars and Aux: f itself when it mentions no Aux,
// else the quantifier elimination of mbp.QE. The negation of a state
// formula is what an engine may assert as "not bad" or "not initial"; the
// negation of a formula with Aux would only say that some Aux falsifies
// it.
func StateFormula(ctx context.Context, ts *chc.TransitionSystem, f *term.Term) (*term.Term, error) {
	aux := map[*term.Term]bool{}
	for _, a := range ts.Aux {
		aux[a] = true
	}
	var elim []*term.Term
	for _, c := range term.FreeConsts(f) {
		if aux[c] {
			elim = append(elim, c)
		}
	}
	if len(elim) == 0 {
		return f, nil
	}
	st := ts.St
	g, err := mbp.QE(st, elim, f, solveFunc(ctx, st))
	if err != nil {
		return nil, fmt.Errorf("eliminating %d local variables: %w", len(elim), err)
	}
	return g, nil
}

// solveFunc is an mbp.Solve over a fresh smt solver per call, under ctx.
func solveFunc(ctx context.Context, st *term.Store) mbp.Solve {
	return func(phi *term.Term) (*term.Model, bool, error) {
		sv := smt.New(st, smt.Options{})
		if err := sv.Assert(phi); err != nil {
			return nil, false, err
		}
		r, err := sv.Check(ctx)
		if err != nil {
			return nil, false, err
		}
		switch r {
		case smt.Sat:
			return sv.Model(), true, nil
		case smt.Unsat:
			return nil, false, nil
		}
		return nil, false, fmt.Errorf("smt: %s", sv.ReasonUnknown())
	}
}

// Counterexample is the derivation of false along a path of exactly n
// steps, found by one bounded query (Init at step 0, Trans from each step
// to the next, Bad at step n); an engine that knows a counterexample's
// length but not its states calls it. An error when no such path exists.
func Counterexample(ctx context.Context, ts *chc.TransitionSystem, n int) (*chc.Node, error) {
	sv := smt.New(ts.St, smt.Options{})
	parts := []*term.Term{ts.InitAt(0)}
	for i := 0; i < n; i++ {
		parts = append(parts, ts.TransAt(i))
	}
	parts = append(parts, ts.BadAt(n))
	for _, p := range parts {
		if err := sv.Assert(p); err != nil {
			return nil, err
		}
	}
	r, err := sv.Check(ctx)
	if err != nil {
		return nil, err
	}
	if r != smt.Sat {
		return nil, fmt.Errorf("no path of %d steps to a bad state (%s %s)", n, r, sv.ReasonUnknown())
	}
	return PathDerivation(ctx, ts, sv.Model(), n)
}

// PathDerivation reads the path of n steps off m, a model of an
// unrolling of ts (InitAt(0), TransAt(0) … TransAt(n-1), BadAt(n)), and
// maps it to a derivation of false.
func PathDerivation(ctx context.Context, ts *chc.TransitionSystem, m *term.Model, n int) (*chc.Node, error) {
	path, err := ts.Path(m, n)
	if err != nil {
		return nil, err
	}
	return ts.Derivation(ctx, path)
}

// Short is t printed for a trace line: its text when short, else its
// size.
func Short(t *term.Term) string {
	if term.Size(t) > 40 {
		return fmt.Sprintf("(a formula of size %d)", term.Size(t))
	}
	s := t.String()
	if len(s) > 200 {
		return s[:197] + "..."
	}
	return s
}
