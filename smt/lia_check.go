package smt

import (
	"github.com/seed-f9c3434d/gospacer/lia"
	"github.com/seed-f9c3434d/gospacer/lra"
	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/sat"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Integer reasoning at the final check: lia answers whether the simplex
// solution is integral, else a branch or a cut, which become SAT-level
// objects:
//
//   - a branch on v <= k (k the floor of v's value) is a fresh atom and
//     nothing else: the SAT solver must decide it, and both decisions
//     exclude the current solution (for an integer v, not v <= k asserts
//     v >= k+1). Branches are thus ordinary case splits of the SAT proof.
//   - a cut Σ a·x >= b with its bounds B is the lemma (¬B ∨ cut atom),
//     added with sat.Solver.AddLemma; the cut and its proof (a split and
//     two Farkas derivations, see lia.Lemma) are kept in arith.cuts with
//     the atom's literal, for proof-producing callers such as
//     interpolation.
//
// The search gives up (Unknown, the dispatcher's incomplete flag) after
// maxIntRounds branches and cuts in one Check, or when lia has nothing to
// branch on; the context ends it too.

// maxIntRounds bounds the branches and cuts of one Check. Branch and
// bound can walk to infinity on an unbounded problem, and every step adds
// an atom on the same few variables, whose scans make each step slower
// than the last: with 1<<20 a check of script's TestGetProjectionProp ran
// ten minutes in lra.Propagate (TestLIABranchBudget has such a formula).
// No file of the QF_LIA dev folder uses more than 73 branches to answer,
// or 6642 in 10 s without answering.
const maxIntRounds = 1 << 14

// intSearch is the integer search state of a solver.
type intSearch struct {
	check  int // the Check the counters belong to (Stats.Checks)
	rounds int // branches and cuts in that Check
}

// A cutRecord is a cut lemma as added: the literal of its atom and its
// proof. The lemma is the clause of the negated reasons of
// cut.Split.Le.Expl and cut.Split.Ge.Expl, and lit.
type cutRecord struct {
	lit sat.Lit
	cut lia.Lemma
}

// intCheck runs the integer reasoning at a final check whose simplex
// answered Sat. done means the assignment stands (integral, or the search
// gave up and said so); otherwise a new atom or lemma was added, or a
// conflict clause appended to dst.
func (a *arith) intCheck(dst []sat.Lit) ([]sat.Lit, bool) {
	if a.ints.check != a.s.stats.Checks {
		a.ints = intSearch{check: a.s.stats.Checks}
	}
	if a.s.relaxed {
		if !a.integral() {
			a.s.th.incomplete = ReasonRelaxed
		}
		return dst, true
	}
	switch a.li.Check(a.s.th.context()) {
	case lia.Sat:
		return dst, true
	case lia.Branch:
		if a.giveUp() {
			return dst, true
		}
		v, k, up := a.li.Branch()
		k1 := k.Add(num.NewInt(1)).Rat()
		_, e1 := a.findAtom(v, k.Rat(), false, false)
		_, e2 := a.findAtom(v, k1, false, true)
		if e1 || e2 {
			// Its bound would exclude the value: an atom is out of step.
			a.s.th.incomplete = "internal error: branch atom already decided"
			return dst, true
		}
		// The SAT solver decides the new atom false first.
		if up {
			a.boundAtom(v, k.Rat(), false) // false: v >= k+1
		} else {
			a.lowerAtom(v, k1) // false: v <= k
		}
		return dst, false
	case lia.Cut:
		if a.giveUp() {
			return dst, true
		}
		return a.addCut(dst)
	}
	a.s.th.incomplete = "integer arithmetic: no branch or cut applies"
	if ctx := a.s.th.context(); ctx.Err() != nil {
		a.s.th.incomplete = ctx.Err().Error()
	}
	return dst, true
}

// integral reports whether every integer term variable has an integral
// value.
func (a *arith) integral() bool {
	for v, x := range a.terms {
		if x != nil && a.li.IsInt(lra.Var(v)) && !a.lra.Value(lra.Var(v)).IsInt() {
			return false
		}
	}
	return true
}

// giveUp counts a branch or cut and reports when the budget is spent.
func (a *arith) giveUp() bool {
	a.ints.rounds++
	if a.ints.rounds > maxIntRounds {
		a.s.th.incomplete = "integer arithmetic: branch and cut budget exhausted"
		return true
	}
	return false
}

// addCut adds the lemma of lia's cut.
func (a *arith) addCut(dst []sat.Lit) ([]sat.Lit, bool) {
	c := a.li.Cut()
	lits := a.lemma[:0]
	for _, r := range c.Reasons(nil) {
		lits = append(lits, sat.Lit(r).Not())
	}
	a.lemma = lits
	cs := append(a.linCs[:0], c.Coeffs...)
	vs := append(a.linVs[:0], c.Vars...)
	a.linCs, a.linVs = cs, vs
	m := a.linAtom(cs, vs, c.Bound.Neg(), term.OpGe) // Σ a·x - b >= 0
	a.cuts = append(a.cuts, cutRecord{lit: m, cut: c.Clone()})
	switch m {
	case a.s.enc.tru:
		// A cut that always holds cannot exclude the current point.
		a.s.th.incomplete = "internal error: trivial cut"
		return dst, true
	case a.s.enc.tru.Not():
		if a.s.opts.Proofs {
			a.farkas.recordCut(lits, len(a.cuts)-1)
		}
		return append(dst, lits...), false // the bounds are infeasible
	}
	lits = append(lits, m)
	a.lemma = lits
	if a.s.opts.Proofs {
		a.farkas.recordCut(lits, len(a.cuts)-1)
	}
	a.s.sat.AddLemma(lits...)
	return dst, false
}
