package spacer

import (
	"context"
	"fmt"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Inductive is the Level of a lemma that holds at every level: an
// inductive lemma (z3's level -1 in add_cover).
const Inductive = -1

// A PredLemma is an over-approximation of a predicate: Formula, over
// Pred.Params, holds for every fact of Pred derivable by a derivation of
// height at most Level (every fact when Level is Inductive). The lemmas
// Spacer learns are such facts about the clauses other than the queries:
// they stay true when only the queries change, so a later run on the same
// clauses with other queries may start from them (SolveWithLemmas).
type PredLemma struct {
	Pred    *chc.Pred
	Level   int
	Formula *term.Term
}

// SolveWithLemmas is Solve started from the lemmas seed (learned by an
// earlier run on the same non-query clauses, or known to the caller, as
// z3's add_cover); it returns with the result the lemmas the engine holds
// at the end (seeded and learned, subsumed ones left out, the queries'
// own left out), in a deterministic order; the lemmas above the lowest
// level at which no predicate holds a lemma together form an inductive
// invariant of the non-query clauses, and are returned as Inductive
// (whatever the answer, even Unknown). A seed lemma is trusted, not
// proved: a wrong one can make the engine answer Sat with a model that
// fails its check (pipeline.Solve then answers Unknown) or search without end,
// never give a wrong checked answer. A seed whose predicate is not one of
// s's, or whose formula mentions constants other than its parameters, is
// refused with an ErrInternal reason (a caller's bug).
func (en *Engine) SolveWithLemmas(ctx context.Context, s *chc.System, seed []PredLemma) (chc.Result, []PredLemma) {
	e := newEngine(ctx, en.opts, s)
	res := e.run(seed)
	res.Stats = e.statistics()
	return res, e.heldLemmas()
}

// addSeed learns the seed lemmas; run calls it after build.
func (e *engine) addSeed(seed []PredLemma) error {
	for i, lm := range seed {
		p := lm.Pred
		if p == nil || p.ID < 0 || p.ID >= len(e.sys.Preds) || e.sys.Preds[p.ID] != p {
			return &errUnknown{fmt.Sprintf("internal: seed lemma %d: predicate not in the system", i)}
		}
		if err := onlyParams(lm.Formula, p); err != nil {
			return &errUnknown{fmt.Sprintf("internal: seed lemma %d of %s: %v", i, p.Name(), err)}
		}
		level := lm.Level
		if level == Inductive {
			level = infLevel
		}
		if level < 0 {
			return &errUnknown{fmt.Sprintf("internal: seed lemma %d of %s: level %d", i, p.Name(), lm.Level)}
		}
		for _, cube := range e.cubes(lm.Formula) {
			if err := e.addLemma(e.preds[p.ID], cube, level); err != nil {
				return err
			}
		}
	}
	return nil
}

// onlyParams checks that f is a quantifier-free Boolean formula over p's
// parameters.
func onlyParams(f *term.Term, p *chc.Pred) error {
	if f == nil || f.Sort() != term.BoolSort || f.HasQuantifier() || f.HasBound() {
		return fmt.Errorf("not a quantifier-free Boolean formula")
	}
	own := map[*term.Term]bool{}
	for _, x := range p.Params {
		own[x] = true
	}
	for _, c := range term.FreeConsts(f) {
		if !own[c] {
			return fmt.Errorf("mentions %s, not a parameter", c.Name())
		}
	}
	return nil
}

// cubes splits a lemma formula into the cubes it blocks: one per
// conjunct, each the negated disjuncts (so ¬cube is the conjunct).
func (e *engine) cubes(f *term.Term) [][]*term.Term {
	var conj []*term.Term
	if f.Op() == term.OpAnd {
		conj = f.Args()
	} else {
		conj = []*term.Term{f}
	}
	var out [][]*term.Term
	for _, c := range conj {
		switch {
		case c.IsTrue():
			continue
		case c.Op() == term.OpNot && c.Arg(0).Op() == term.OpAnd:
			out = append(out, c.Arg(0).Args())
		case c.Op() == term.OpOr:
			cube := make([]*term.Term, 0, c.NumArgs())
			for _, d := range c.Args() {
				cube = append(cube, negate(e.st, d))
			}
			out = append(out, cube)
		default:
			out = append(out, []*term.Term{negate(e.st, c)})
		}
	}
	return out
}

func negate(st *term.Store, t *term.Term) *term.Term {
	if t.Op() == term.OpNot {
		return t.Arg(0)
	}
	return st.Not(t)
}

// heldLemmas are the live lemmas of the system's predicates, by predicate
// and then in the order learned. Those above the lowest level k at which
// no predicate holds a lemma are returned as Inductive: a lemma of level
// j > k is blocked relative to the frame of level j-1, which the frame of
// level k (equal to the frame of level k+1, as no lemma has level k)
// contains, so together they are closed under every clause whose head is
// a predicate (the queries play no part) and hold of every fact.
func (e *engine) heldLemmas() []PredLemma {
	var at []bool // at[k]: a live lemma of level k
	for _, p := range e.preds {
		if p.p == nil {
			continue
		}
		for _, lm := range p.lemmas {
			if !lm.dead && lm.level < infLevel {
				for len(at) <= lm.level {
					at = append(at, false)
				}
				at[lm.level] = true
			}
		}
	}
	fix := 0
	for fix < len(at) && at[fix] {
		fix++
	}
	// the reserve invariants learned need the rest of the reserve when
	// they are not inductive relative to the lemmas (houdini.go)
	withReserve := e.reserveUsed && !e.reserveInductive(fix)
	var out []PredLemma
	for _, p := range e.preds {
		if p.p == nil {
			continue
		}
		for _, lm := range p.lemmas {
			if lm.dead {
				continue
			}
			level := lm.level
			if level >= infLevel || level > fix {
				level = Inductive
			}
			out = append(out, PredLemma{Pred: p.p, Level: level, Formula: e.st.Simplify(e.st.Not(e.st.And(lm.cube...)))})
		}
		if withReserve {
			for _, f := range e.reserveParts(p, nil) {
				out = append(out, PredLemma{Pred: p.p, Level: Inductive, Formula: f})
			}
		}
	}
	return out
}
