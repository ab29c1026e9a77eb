package chc

import (
	"fmt"

	"github.com/seed-f9c3434d/gospacer/term"
)

// A ClauseError names the clause a witness fails on.
type ClauseError struct {
	Index  int // in System.Clauses
	Clause *Clause
	Msg    string
}

func (e *ClauseError) Error() string {
	return fmt.Sprintf("clause %d (%s): %s", e.Index, e.Clause.Origin, e.Msg)
}

// CheckPreds reports a predicate of s whose ID is not its index, or a
// clause with an atom of a predicate that is not one of s: the passes
// index their tables by ID.
func CheckPreds(poll *Budget, s *System) error {
	for i, p := range s.Preds {
		if p == nil || p.ID != i {
			return fmt.Errorf("chc: predicate %d of the system has ID %d", i, p.ID)
		}
	}
	ours := func(a *Atom) bool {
		return a.Pred != nil && a.Pred.ID >= 0 && a.Pred.ID < len(s.Preds) && s.Preds[a.Pred.ID] == a.Pred && len(a.Args) == a.Pred.Arity()
	}
	for i, c := range s.Clauses {
		if err := poll.Step(); err != nil {
			return err
		}
		ok := c.Head == nil || ours(c.Head)
		for j := range c.Body {
			ok = ok && ours(&c.Body[j])
		}
		if !ok {
			return &ClauseError{i, c, "an atom's predicate is not one of the system's, or has the wrong number of arguments"}
		}
	}
	return nil
}

// CheckNormal reports the first clause of s that is not normalised: an
// atom argument that is not a constant, two atom arguments that are the
// same variable, or a constant of an atom or the constraint missing from
// Vars (and what CheckPreds reports).
func CheckNormal(poll *Budget, s *System) error {
	if err := CheckPreds(poll, s); err != nil {
		return err
	}
	for i, c := range s.Clauses {
		if err := poll.Step(); err != nil {
			return err
		}
		vars := map[*term.Term]bool{}
		for _, v := range c.Vars {
			vars[v] = true
		}
		seen := map[*term.Term]bool{}
		bad := ""
		check := func(a *Atom) {
			for _, x := range a.Args {
				switch {
				case bad != "":
				case !x.IsConst():
					bad = "an argument of " + a.Pred.Name() + " is not a variable"
				case seen[x]:
					bad = "variable " + x.Name() + " is two atom arguments"
				case !vars[x]:
					bad = "argument " + x.Name() + " is not a clause variable"
				}
				seen[x] = true
			}
		}
		if c.Head != nil {
			check(c.Head)
		}
		for j := range c.Body {
			check(&c.Body[j])
		}
		if bad == "" {
			for _, x := range term.FreeConsts(c.Constraint) {
				if !vars[x] {
					bad = "constant " + x.Name() + " of the constraint is not a clause variable"
					break
				}
			}
		}
		if bad != "" {
			return &ClauseError{i, c, "not normalised: " + bad}
		}
	}
	return nil
}
