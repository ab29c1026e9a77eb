package itp

import (
	"context"
	"errors"
	"fmt"

	"github.com/seed-f9c3434d/gospacer/lra"
	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
)

// ErrSatisfiable reports that the formulas given as A and B are jointly
// satisfiable (over the rationals, for the Farkas-based entry points): no
// interpolant exists, or none is reachable by one simplex run.
var ErrSatisfiable = errors.New("itp: A ∧ B is satisfiable")

// ErrUnsupported reports a proof step the interpolation procedure does not
// cover (see doc.go, "What is out of reach"). The caller gets no formula.
var ErrUnsupported = errors.New("itp: unsupported")

// farkas decides the conjunction of cons over the rationals with a fresh
// simplex. When it is unsatisfiable it returns one multiplier per
// constraint, λ_i >= 0, zero outside the conflict, such that Σ λ_i·cons[i]
// is 0 <= k with k < 0, or 0 < 0: the Farkas certificate, verified before
// it is returned. It returns ErrSatisfiable when the conjunction is
// satisfiable over the rationals.
func farkas(ctx context.Context, cons []constraint) ([]num.Rat, error) {
	lambda := make([]num.Rat, len(cons))
	for i, c := range cons {
		if len(c.vs) == 0 && !c.holds() {
			lambda[i] = ratOne
			return lambda, nil
		}
	}
	s := lra.New()
	vars := map[*term.Term]lra.Var{} // lookups only
	scale := make([]num.Rat, len(cons))
	var cs []num.Rat
	var vs []lra.Var
	conflict := false
	for i, c := range cons {
		if len(c.vs) == 0 {
			continue
		}
		cs, vs = cs[:0], vs[:0]
		for j, x := range c.vs {
			v, ok := vars[x]
			if !ok {
				v = s.NewVar()
				vars[x] = v
			}
			cs, vs = append(cs, c.cs[j]), append(vs, v)
		}
		ncs, nvs, f := lra.Normalize(cs, vs)
		slack := s.AddRow(ncs, nvs)
		b := c.k.Quo(f)
		scale[i] = f.Abs().Inv()
		if f.Sign() > 0 {
			bd := lra.Exact(b)
			if c.strict {
				bd = lra.Below(b)
			}
			conflict = s.AssertUpper(slack, bd, lra.Reason(i))
		} else {
			bd := lra.Exact(b)
			if c.strict {
				bd = lra.Above(b)
			}
			conflict = s.AssertLower(slack, bd, lra.Reason(i))
		}
		if conflict {
			break
		}
	}
	if !conflict {
		switch s.Check(ctx) {
		case lra.Sat:
			return nil, ErrSatisfiable
		case lra.Unknown:
			return nil, fmt.Errorf("itp: simplex interrupted: %w", ctx.Err())
		}
	}
	for _, e := range s.Conflict() {
		i := int(e.Reason)
		lambda[i] = lambda[i].Add(e.Coeff.Mul(scale[i]))
	}
	if err := verifyFarkas(cons, lambda); err != nil {
		return nil, err
	}
	return lambda, nil
}

// verifyFarkas checks that Σ λ_i·cons[i] is a contradiction 0 <= k < 0 or
// 0 < 0 with every λ_i >= 0.
func verifyFarkas(cons []constraint, lambda []num.Rat) error {
	sum := newLinSum()
	for i, c := range cons {
		switch lambda[i].Sign() {
		case -1:
			return fmt.Errorf("itp: internal error: negative Farkas multiplier")
		case 1:
			sum.add(lambda[i], c)
		}
	}
	for _, a := range sum.cs {
		if !a.IsZero() {
			return fmt.Errorf("itp: internal error: Farkas sum does not cancel")
		}
	}
	if !(sum.k.Sign() < 0 || sum.k.Sign() == 0 && sum.strict) {
		return fmt.Errorf("itp: internal error: Farkas sum is not contradictory")
	}
	return nil
}

// Conjunctive returns an interpolant of A and B, two conjunctions of
// linear arithmetic literals over Int and Real terms (<=, <, >=, >, = and
// the negations of the inequalities; a disequality gives an error): a
// formula I over the terms A and B share with A ⇒ I and I ∧ B
// unsatisfiable. I is one inequality, the A-part of the Farkas combination
// of one simplex conflict of A ∧ B: Σ λ_i·a_i <= Σ λ_i·k_i summed over A's
// constraints, strict when a strict constraint of A has λ_i > 0, divided by
// the gcd of its coefficients and rounded down when every term of the sum
// is an integer (or true, or false, when no variable remains).
//
// Integer literals are tightened first (x < 3 is x <= 2, ¬(x <= 2) is
// x >= 3, 2x <= 5 is x <= 2), so conflicts that need only these roundings
// are found; an integer conjunction that is satisfiable over the rationals
// gives ErrSatisfiable even when it is unsatisfiable over the integers
// (branch and bound is out of reach of one simplex run).
func Conjunctive(st *term.Store, A, B []*term.Term) (*term.Term, error) {
	return conjunctive(context.Background(), st, A, B)
}

func conjunctive(ctx context.Context, st *term.Store, A, B []*term.Term) (*term.Term, error) {
	if err := boolFormulas(append(append([]*term.Term(nil), A...), B...)...); err != nil {
		return nil, shapeError{err}
	}
	var cons []constraint
	var err error
	for _, a := range A {
		if cons, err = constraints(st, a, cons); err != nil {
			return nil, shapeError{err}
		}
	}
	nA := len(cons)
	for _, b := range B {
		if cons, err = constraints(st, b, cons); err != nil {
			return nil, shapeError{err}
		}
	}
	I, err := farkasInterpolant(ctx, st, cons, nA)
	if err != nil {
		return nil, err
	}
	if selfCheck {
		if err := Check(st, st.And(A...), st.And(B...), I); err != nil {
			return nil, fmt.Errorf("itp: internal error: conjunctive interpolant: %w", err)
		}
	}
	return I, nil
}

// farkasInterpolant returns the A-part of the Farkas combination of cons,
// whose first nA constraints are A's.
func farkasInterpolant(ctx context.Context, st *term.Store, cons []constraint, nA int) (*term.Term, error) {
	lambda, err := farkas(ctx, cons)
	if err != nil {
		return nil, err
	}
	sum := newLinSum()
	for i := 0; i < nA; i++ {
		if lambda[i].Sign() > 0 {
			sum.add(lambda[i], cons[i])
		}
	}
	return sum.constraint().formula(st), nil
}
