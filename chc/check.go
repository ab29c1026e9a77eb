package chc

import (
	"context"
	"fmt"

	"github.com/seed-f9c3434d/gospacer/smt"
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

// CheckModel checks that m is a model of s: for each clause, with every
// predicate replaced by its formula, body ∧ constraint ∧ ¬head must be
// unsatisfiable, which a fresh smt solver decides per clause. The formulas
// must be quantifier-free and mention only their predicate's parameters.
// The error names the first clause that fails, or says why a clause could
// not be decided.
func CheckModel(ctx context.Context, s *System, m Model) error {
	st := s.St
	for _, p := range s.Preds {
		f := m.Lookup(st, p)
		if f.Sort() != term.BoolSort {
			return fmt.Errorf("chc: model of %s is not Boolean", p.Name())
		}
		if f.HasQuantifier() || f.HasBound() {
			return fmt.Errorf("chc: model of %s has a quantifier or a bound variable", p.Name())
		}
		own := map[*term.Term]bool{}
		for _, x := range p.Params {
			own[x] = true
		}
		for _, c := range term.FreeConsts(f) {
			if !own[c] {
				return fmt.Errorf("chc: model of %s mentions %s, not one of its arguments", p.Name(), c.Name())
			}
		}
		for _, fn := range term.Funcs(f) {
			return fmt.Errorf("chc: model of %s applies the function %s", p.Name(), fn.Name())
		}
	}
	lin := newLinearizer(st) // non-linear terms, see nonlinear.go
	for i, c := range s.Clauses {
		parts := []*term.Term{c.Constraint}
		for j := range c.Body {
			b := &c.Body[j]
			parts = append(parts, b.Pred.Instantiate(st, m.Lookup(st, b.Pred), b.Args))
		}
		if c.Head != nil {
			parts = append(parts, st.Not(c.Head.Pred.Instantiate(st, m.Lookup(st, c.Head.Pred), c.Head.Args)))
		}
		f := st.And(parts...)
		sv := smt.New(st, smt.Options{})
		if err := sv.Assert(lin.abstract(f)); err != nil {
			return &ClauseError{i, c, "cannot be checked: " + err.Error()}
		}
		res, err := sv.Check(ctx)
		switch {
		case err != nil:
			return &ClauseError{i, c, "cannot be checked: " + err.Error()}
		case res == smt.Sat && NonLinear(st, f) != nil && !holds(sv.Model(), f):
			return &ClauseError{i, c, "cannot be checked: non-linear arithmetic " + term.Sprint(NonLinear(st, f))}
		case res == smt.Sat:
			return &ClauseError{i, c, "does not hold under the model: " + counterexample(sv.Model(), c)}
		case res != smt.Unsat:
			return &ClauseError{i, c, "cannot be checked: " + sv.ReasonUnknown()}
		}
	}
	return nil
}

func counterexample(m *term.Model, c *Clause) string {
	s := ""
	for i, v := range c.Vars {
		if i == 8 {
			return s + " ..."
		}
		val, err := m.Eval(v)
		if err != nil {
			continue
		}
		if s != "" {
			s += ", "
		}
		s += v.Name() + " = " + term.Sprint(val)
	}
	return s
}

// CheckDerivation replays the derivation below root on s: every node's
// clause belongs to s, its values are values of its variables' sorts, its
// constraint evaluates to true, it has one child per body atom, and each
// body atom's arguments evaluate to the values of the child's head
// arguments, whose predicate must be the atom's. The root must be a query.
func CheckDerivation(s *System, root *Node) error {
	if root == nil {
		return fmt.Errorf("chc: no derivation")
	}
	if root.Clause == nil || root.Clause.Head != nil {
		return fmt.Errorf("chc: the derivation's root is not a query")
	}
	index := clauseIndex(s)
	// head values of checked nodes
	heads := map[*Node][]*term.Term{}
	var visit func(n *Node, depth int) error
	visit = func(n *Node, depth int) error {
		if _, ok := heads[n]; ok {
			return nil
		}
		if depth > 1<<20 {
			return fmt.Errorf("chc: derivation too deep")
		}
		ci, ok := index[n.Clause]
		if !ok {
			return fmt.Errorf("chc: derivation node of a clause not in the system")
		}
		fail := func(format string, args ...any) error {
			return &ClauseError{ci, n.Clause, "derivation node: " + fmt.Sprintf(format, args...)}
		}
		m, err := nodeModel(s.St, n)
		if err != nil {
			return fail("%v", err)
		}
		ok, err = m.EvalBool(n.Clause.Constraint)
		if err != nil {
			return fail("%v", err)
		}
		if !ok {
			return fail("the constraint is false under the values")
		}
		if len(n.Children) != len(n.Clause.Body) {
			return fail("%d children for %d body atoms", len(n.Children), len(n.Clause.Body))
		}
		for j, ch := range n.Children {
			if ch == nil {
				return fail("child %d missing", j)
			}
			if err := visit(ch, depth+1); err != nil {
				return err
			}
			b := &n.Clause.Body[j]
			if ch.Clause.Head == nil || ch.Clause.Head.Pred != b.Pred {
				return fail("child %d does not derive %s", j, b.Pred.Name())
			}
			want := heads[ch]
			for k, a := range b.Args {
				v, err := m.Eval(a)
				if err != nil {
					return fail("%v", err)
				}
				if v != want[k] {
					return fail("argument %d of %s is %s, its child derives %s", k, b.Pred.Name(), term.Sprint(v), term.Sprint(want[k]))
				}
			}
		}
		var vals []*term.Term
		if n.Clause.Head != nil {
			for _, a := range n.Clause.Head.Args {
				v, err := m.Eval(a)
				if err != nil {
					return fail("%v", err)
				}
				vals = append(vals, v)
			}
		}
		heads[n] = vals
		return nil
	}
	return visit(root, 0)
}
