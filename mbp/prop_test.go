package mbp_test

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/mbp"
	"github.com/seed-f9c3434d/gospacer/term"
	"pgregory.net/rapid"
)

// Property tests over the shared generators (package fuzz). Every case
// checks model preservation (M ⊨ ψ by evaluation, no projected variable in
// ψ) and under-approximation (ψ ⇒ ∃x̄.φ) by independent means: the QE
// oracle fuzz.QE and smt for arithmetic, bounded witness search for
// arrays, and z3 (when on PATH) on ψ ∧ ∀x̄.¬φ for every theory, in one
// batch per test.

const cases = 1000

// counts tallies what the cases of a property exercised.
type counts struct {
	cases, skipped, sampled, oracle, oracleSkipped, oracleBroken, smtUnknown, finite, substituted, z3 int
}

func (c counts) String() string {
	return fmt.Sprintf("%d cases (%d without a model from smt, %d models by sampling), %d checked against fuzz.QE (%d outside its fragment, %d oracle results with foreign constants, %d not for smt), %d finite, %d by substitution, %d sent to z3",
		c.cases, c.skipped, c.sampled, c.oracle, c.oracleSkipped, c.oracleBroken, c.smtUnknown, c.finite, c.substituted, c.z3)
}

func (c *counts) result(res mbp.Result) {
	if res.Finite() {
		c.finite++
	} else {
		c.substituted++
	}
}

// arithProperty runs the model-preservation and under-approximation
// properties for an arithmetic configuration whose models come from smt.
func arithProperty(t *testing.T, cfg fuzz.Config) {
	t.Parallel()
	var z z3Batch
	var n counts
	fuzz.Check(t, cases, func(rt *rapid.T) {
		n.cases++
		st := term.NewStore()
		phi, m, sampled, ok := smtCase(rt, st, cfg)
		if !ok {
			n.skipped++
			return
		}
		if sampled {
			n.sampled++
		}
		vars := subset(rt, fuzz.Consts(st, cfg))
		p := mbp.New(st, mbp.Options{})
		res := projectChecked(rt, p, st, vars, phi, m)
		n.result(res)
		q, err := fuzz.QE(st, vars, st.Simplify(phi)) // simplified: much faster
		switch {
		case errors.Is(err, fuzz.ErrUnsupported), errors.Is(err, fuzz.ErrTooLarge):
			n.oracleSkipped++
		case err != nil:
			rt.Fatalf("fuzz.QE: %v", err)
		case hasIntConv(q) || hasIntConv(res.Formula):
			n.smtUnknown++ // smt is often unknown on is_int, to_int
		case !within(q, phi):
			// The oracle broke its contract (a constant of its own in the
			// result): not a verdict on ψ.
			n.oracleBroken++
			if n.oracleBroken == 1 {
				rt.Logf("fuzz.QE result %v mentions constants outside %v", q, phi)
			}
		default:
			u, err := tryUnsat(st, st.And(res.Formula, st.Not(q)))
			if err != nil {
				n.smtUnknown++
				break
			}
			n.oracle++
			if !u {
				rt.Fatalf("ψ does not imply ∃x̄.φ\nvars %v\nψ = %v\nQE = %v\n%s", vars, res.Formula, q, fuzz.Script(st, phi))
			}
		}
		if haveZ3() {
			n.z3++
			z.add(fmt.Sprintf("vars %v", vars), st, res.Formula, forallNot(st, vars, phi))
		}
	})
	if haveZ3() {
		u, unk := z.run(t)
		t.Logf("z3: %d as expected, %d unknown", u, unk)
	}
	t.Log(n)
}

func TestPropLRA(t *testing.T) {
	arithProperty(t, fuzz.Config{Theories: fuzz.LRA | fuzz.Bool})
}

func TestPropLIA(t *testing.T) {
	arithProperty(t, fuzz.Config{Theories: fuzz.LIA | fuzz.Bool})
}

// TestPropBool projects Boolean constants out of formulas over Booleans
// and linear integer arithmetic.
func TestPropBool(t *testing.T) {
	cfg := fuzz.Config{Theories: fuzz.Bool, Vars: 4, Depth: 5}
	var n counts
	fuzz.Check(t, cases, func(rt *rapid.T) {
		n.cases++
		st := term.NewStore()
		phi, m := sampleCase(rt, st, cfg)
		vars := subset(rt, fuzz.Consts(st, cfg))
		res := projectChecked(rt, mbp.New(st, mbp.Options{}), st, vars, phi, m)
		n.result(res)
		if !res.Finite() {
			rt.Fatalf("Boolean projection not finite: %v", res.Substituted)
		}
		q, err := fuzz.QE(st, vars, st.Simplify(phi)) // simplified: much faster
		if err != nil {
			rt.Fatalf("fuzz.QE: %v", err)
		}
		n.oracle++
		if !unsat(rt, st, st.And(res.Formula, st.Not(q))) {
			rt.Fatalf("ψ = %v does not imply ∃x̄.φ = %v", res.Formula, q)
		}
	})
	t.Log(n)
}

// within reports whether every constant of q occurs in phi.
func within(q, phi *term.Term) bool {
	cs := term.FreeConsts(phi)
	for _, c := range term.FreeConsts(q) {
		if !slices.Contains(cs, c) {
			return false
		}
	}
	return true
}

// TestPropArrays: arrays (including nested ones) with LIA and Booleans;
// models by sampling. Under-approximation: for random ȳ satisfying ψ, a
// bounded search finds x̄ with φ(x̄, ȳ); when it does not, z3 (if on PATH)
// must find φ(x̄, ȳ) satisfiable. And z3 finds ψ ∧ ∀x̄.¬φ unsat. The
// option ArrayEqualities is drawn per case.
func TestPropArrays(t *testing.T) {
	t.Parallel()
	cfg := fuzz.Config{Theories: fuzz.Arrays | fuzz.LIA | fuzz.Bool}
	var z z3Batch
	var n counts
	var w witnessCounts
	fuzz.Check(t, cases, func(rt *rapid.T) {
		n.cases++
		st := term.NewStore()
		phi, m := sampleCase(rt, st, cfg)
		consts := fuzz.Consts(st, cfg)
		vars := subset(rt, consts)
		opts := mbp.Options{ArrayEqualities: rapid.Bool().Draw(rt, "ArrayEqualities")}
		res := projectChecked(rt, mbp.New(st, opts), st, vars, phi, m)
		n.result(res)
		seed := rapid.Uint64().Draw(rt, "seed")
		searchWitnesses(rt, st, consts, vars, phi, res.Formula, m, seed, &w, &z)
		if haveZ3() {
			n.z3++
			z.add(fmt.Sprintf("vars %v", vars), st, res.Formula, forallNot(st, vars, phi))
		}
	})
	if haveZ3() {
		ok, unk := z.run(t)
		t.Logf("z3: %d as expected, %d unknown", ok, unk)
	}
	t.Log(n)
	t.Log(w)
}

// TestPropAll: every theory of the generators at once (Booleans, LIA,
// LRA, arrays, uninterpreted sorts and functions, non-linear terms),
// deeper terms, three constants per sort; models by sampling. z3 checks
// under-approximation on a quarter of the cases.
func TestPropAll(t *testing.T) {
	t.Parallel()
	cfg := fuzz.Config{Theories: fuzz.All, Vars: 3, Depth: 5, NonLinear: true}
	var z z3Batch
	var n counts
	fuzz.Check(t, cases, func(rt *rapid.T) {
		n.cases++
		st := term.NewStore()
		phi, m := sampleCase(rt, st, cfg)
		vars := subset(rt, fuzz.Consts(st, cfg))
		opts := mbp.Options{ArrayEqualities: rapid.Bool().Draw(rt, "ArrayEqualities")}
		res := projectChecked(rt, mbp.New(st, opts), st, vars, phi, m)
		n.result(res)
		if haveZ3() && rapid.IntRange(0, 3).Draw(rt, "z3") == 0 {
			n.z3++
			z.add(fmt.Sprintf("vars %v", vars), st, res.Formula, forallNot(st, vars, phi))
		}
	})
	if haveZ3() {
		ok, unk := z.run(t)
		t.Logf("z3: %d as expected, %d unknown", ok, unk)
	}
	t.Log(n)
}
