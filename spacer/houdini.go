package spacer

import (
	"errors"
	"fmt"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/houdini"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Houdini's invariants (Options.NoHoudini). When the bound reaches
// houdiniLevel, candidate invariants are read off the clauses (houdini.Pool: the
// literals of the constraints over a head's arguments, the negated query
// and its weaker forms, x >= 0 and the order of pairs of few parameters,
// carried from heads to bodies through copies) and the largest inductive
// subset of them is computed (houdini.Run). Spacer's lemmas are the
// strongest facts a level needs: the equalities and bounds a system keeps
// unchanged (x = x0 on a copy of an argument, y <= n) it learns one level
// at a time, and a lemma that needs another to be inductive is pushed
// only when both are.
//
// Not before: most small systems are answered in the first levels, and
// on the array files of the dev set (Solidity, svcomp) Houdini's checks,
// a millisecond each with arrays, cost 10-70 ms, more than the answer.
//
// The subset is a reserve, not a set of lemmas: asserted at once, its
// hundreds of differences on a file like Consistency incremental.36 made
// every query slower (19 s against 9 s). An obligation of P is first
// checked against P's reserve alone (one small solver per predicate, each
// invariant behind an activation literal); when they exclude it, the
// invariants of the unsat core become inductive lemmas and the obligation
// is blocked. Each invariant is an invariant (the subset's conjunction
// holds of every derivable fact), but a part of the subset need not be
// inductive on its own: once one is used, the model checks that the
// invariants used are inductive relative to the other lemmas, and takes
// the whole subset in when they are not (modelAbove); so do the lemmas
// handed out (heldLemmas).
const (
	houdiniLevel      = 3    // the bound at which Houdini runs
	houdiniMaxClauses = 2000 // larger systems go without
	houdiniMaxChecks  = 4000
)

// reserve is one predicate's Houdini invariants.
type reserve struct {
	inv  []*term.Term // over the predicate's params
	act  []*term.Term // activation literals, one per invariant
	used []bool
	sv   *smt.Solver
}

// houdini computes the reserves. It leaves them empty when the system is
// too large or the checks run out.
func (e *engine) houdini() error {
	if e.opts.NoHoudini || len(e.sys.Clauses) > houdiniMaxClauses {
		return nil
	}
	t0 := time.Now()
	defer func() { e.stats.houdiniTime += time.Since(t0) }()
	pool := houdini.NewPool(e.sys)
	pool.QueryCandidates(e.sys, nil)
	pool.FactCandidates(e.sys, nil)
	pool.ParamCandidates(e.sys)
	pool.Propagate(e.sys, nil)
	keep, checks, err := houdini.Run(e.ctx, e.sys, pool.Cands, houdini.Options{MaxChecks: houdiniMaxChecks})
	e.stats.houdiniChecks += checks
	if errors.Is(err, houdini.ErrBudget) {
		return nil
	}
	if err != nil {
		if c := chc.Cause(e.ctx); c != nil {
			return c
		}
		return &errUnknown{"houdini: " + err.Error()}
	}
	for _, p := range e.sys.Preds {
		if len(keep[p.ID]) == 0 {
			continue
		}
		r := &reserve{inv: keep[p.ID], used: make([]bool, len(keep[p.ID])), sv: smt.New(e.st, smt.Options{NoModelCheck: true})}
		for i, f := range r.inv {
			a := e.st.Fresh(fmt.Sprintf("reserve!%s!%d", p.Name(), i), term.BoolSort)
			if err := r.sv.Assert(e.st.Implies(a, f)); err != nil {
				return &errUnknown{"houdini: " + err.Error()}
			}
			r.act = append(r.act, a)
			e.log.Tracef("houdini %s: %s\n", p.Name(), term.Sprint(f))
		}
		e.preds[p.ID].reserve = r
		e.stats.houdiniInvariants += len(r.inv)
	}
	return nil
}

// fromReserve reports whether p's reserve excludes the cube; if so the
// invariants that do are learned as inductive lemmas.
func (e *engine) fromReserve(p *pred, cube []*term.Term) (bool, error) {
	r := p.reserve
	if r == nil {
		return false, nil
	}
	t0 := time.Now()
	e.stats.reserveChecks++
	res, err := r.sv.Check(e.ctx, append(append([]*term.Term(nil), r.act...), cube...)...)
	e.stats.checkTime += time.Since(t0)
	if err != nil {
		return false, &errUnknown{"smt: " + err.Error()}
	}
	if res != smt.Unsat {
		if c := chc.Cause(e.ctx); c != nil {
			return false, c
		}
		return false, nil
	}
	inCore := map[*term.Term]bool{}
	for _, l := range r.sv.UnsatCore() {
		inCore[l] = true
	}
	learned := false
	for i, a := range r.act {
		if !inCore[a] || r.used[i] {
			continue
		}
		r.used[i], learned = true, true
		e.reserveUsed = true
		e.stats.reserveLemmas++
		for _, c := range e.cubes(r.inv[i]) {
			if err := e.addLemma(p, c, infLevel); err != nil {
				return false, err
			}
		}
	}
	// With every invariant of the core learned already, the lemmas
	// exclude the cube too: the caller's clause queries will say so.
	return learned, nil
}

// reserveParts adds p's whole reserve to parts once any invariant has
// been used (see the comment at the top).
func (e *engine) reserveParts(p *pred, parts []*term.Term) []*term.Term {
	if !e.reserveUsed || p.reserve == nil {
		return parts
	}
	return append(parts, p.reserve.inv...)
}

// reserveInductive reports whether the lemmas above k, the frame of a
// fixpoint at k, are inductive with the reserve invariants learned among
// them: every other lemma above k is blocked relative to that frame
// already (it was pushed there, or learned inductive), so it remains to
// check the invariants, each relative to the frame. An error (a limit)
// counts as no.
func (e *engine) reserveInductive(k int) bool {
	for _, p := range e.preds {
		r := p.reserve
		if r == nil {
			continue
		}
		for i, used := range r.used {
			if !used {
				continue
			}
			for _, cube := range e.cubes(r.inv[i]) {
				ok, _, _, err := e.blocked(p, cube, k+1, false)
				if err != nil || !ok {
					return false
				}
			}
		}
	}
	return true
}
