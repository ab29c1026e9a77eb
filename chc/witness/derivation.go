package witness

import (
	"context"
	"fmt"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// CheckDerivation replays the derivation below root on s: every node's
// clause belongs to s, its values are values of its variables' sorts, its
// constraint evaluates to true, it has one child per body atom, and each
// body atom's arguments evaluate to the values of the child's head
// arguments, whose predicate must be the atom's. The root must be a query.
// It takes time linear in the size of the derivation and stops with the
// reason (ErrTimeout, ErrMemory, ErrCanceled) when ctx ends or a limit of
// the run is passed (see chc.Budget).
func CheckDerivation(ctx context.Context, s *chc.System, root *chc.Node) error {
	if root == nil {
		return fmt.Errorf("chc: no derivation")
	}
	if root.Clause == nil || root.Clause.Head != nil {
		return fmt.Errorf("chc: the derivation's root is not a query")
	}
	index := s.ClauseIndex()
	poll := chc.NewBudget(ctx)
	// head values of checked nodes
	heads := map[*chc.Node][]*term.Term{}
	var visit func(n *chc.Node, depth int) error
	visit = func(n *chc.Node, depth int) error {
		if _, ok := heads[n]; ok {
			return nil
		}
		if err := poll.Step(); err != nil {
			return err
		}
		if depth > 1<<20 {
			return fmt.Errorf("chc: derivation too deep")
		}
		ci, ok := index[n.Clause]
		if !ok {
			return fmt.Errorf("chc: derivation node of a clause not in the system")
		}
		fail := func(format string, args ...any) error {
			return &chc.ClauseError{Index: ci, Clause: n.Clause, Msg: "derivation node: " + fmt.Sprintf(format, args...)}
		}
		m, err := n.Bindings(s.St)
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
