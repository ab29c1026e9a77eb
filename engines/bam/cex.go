package bam

import (
	"errors"
	"fmt"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/itp"
	"github.com/seed-f9c3434d/gospacer/mbp"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// A cexNode is one clause instance of an abstract counterexample: the
// tree the derivation links of the states unfold into from a query
// combination. vals are the node's copies of the clause's variables; a
// child's head arguments are its parent's copies of the body atom's
// arguments, so nodes share exactly the arguments that link them.
type cexNode struct {
	clause   int
	state    int // the state the node derives, -1 at the root
	children []*cexNode
	vals     []*term.Term
	parent   int // post-order index of the parent, -1 at the root
}

// errTooLarge is an abstract counterexample over the node budget.
var errTooLarge = errors.New("the abstract counterexample is too large")

// tree unfolds a counterexample found by the fixpoint into a tree with
// fresh copies of the clauses' variables, in post order (children before
// parents, the root last, as itp.Tree wants).
func (a *analysis) tree(cex cexRoot) ([]*cexNode, error) {
	var order []*cexNode
	var build func(clause, st int, children []int, headVals []*term.Term) (*cexNode, error)
	build = func(clause, st int, children []int, headVals []*term.Term) (*cexNode, error) {
		if len(order) >= a.opts.CexNodes {
			return nil, errTooLarge
		}
		if err := chc.Cause(a.ctx); err != nil {
			return nil, err
		}
		c := a.sys.Clauses[clause]
		n := &cexNode{clause: clause, state: st, parent: -1}
		n.vals = make([]*term.Term, len(c.Vars))
		bound := map[*term.Term]*term.Term{}
		if c.Head != nil {
			for k, x := range c.Head.Args {
				bound[x] = headVals[k]
			}
		}
		for i, v := range c.Vars {
			if t, ok := bound[v]; ok {
				n.vals[i] = t
			} else {
				n.vals[i] = a.st.Fresh(v.Name(), v.Sort())
			}
		}
		sub := map[*term.Term]*term.Term{}
		for i, v := range c.Vars {
			sub[v] = n.vals[i]
		}
		for i, at := range c.Body {
			args := make([]*term.Term, len(at.Args))
			for k, x := range at.Args {
				args[k] = sub[x]
			}
			s := a.states[children[i]]
			ch, err := build(s.clause, children[i], s.children, args)
			if err != nil {
				return nil, err
			}
			n.children = append(n.children, ch)
		}
		order = append(order, n)
		return n, nil
	}
	if _, err := build(cex.clause, -1, cex.children, nil); err != nil {
		return nil, err
	}
	index := map[*cexNode]int{}
	for j, n := range order {
		index[n] = j
	}
	for _, n := range order {
		for _, ch := range n.children {
			ch.parent = index[n]
		}
	}
	return order, nil
}

// check decides whether the counterexample tree is feasible. If it is,
// the answer is its derivation (values from the model); if not, the
// refinements are the tree interpolants at its nodes, over each node's
// predicate's parameters.
func (a *analysis) check(order []*cexNode) (*chc.Node, []refinement, error) {
	parts := make([]*term.Term, len(order))
	parent := make([]int, len(order))
	for j, n := range order {
		parts[j] = a.st.Substitute(a.cons[n.clause], a.sys.Clauses[n.clause].Vars, n.vals)
		parent[j] = n.parent
	}
	sv := smt.New(a.st, smt.Options{})
	for _, p := range parts {
		if err := sv.Assert(p); err != nil {
			return nil, nil, err
		}
	}
	a.c.checks++
	res, err := sv.Check(a.ctx)
	if err != nil {
		return nil, nil, err
	}
	switch res {
	case smt.Sat:
		d, err := a.derivation(order, sv.Model())
		return d, nil, err
	case smt.Unknown:
		if err := chc.Cause(a.ctx); err != nil {
			return nil, nil, err
		}
		return nil, nil, fmt.Errorf("smt: %s", sv.ReasonUnknown())
	}
	if a.hunting {
		return nil, nil, nil // hunting only looks for a feasible one
	}
	shared := make([][]*term.Term, len(order))
	for j, n := range order[:len(order)-1] {
		head := a.sys.Clauses[n.clause].Head
		shared[j] = make([]*term.Term, len(head.Args))
		for k := range head.Args {
			shared[j][k] = n.vals[a.varIndex(n.clause, head.Args[k])]
		}
	}
	is, err := a.interpolate(parts, parent, shared)
	if err != nil {
		return nil, nil, err
	}
	var rs []refinement
	for j, n := range order[:len(order)-1] {
		head := a.sys.Clauses[n.clause].Head
		f, err := a.clean(a.st.Substitute(is[j], shared[j], head.Pred.Params))
		if err != nil {
			return nil, nil, err
		}
		if !over(f, head.Pred.Params) {
			return nil, nil, fmt.Errorf("internal: an interpolant at %s mentions more than its arguments: %v", head.Pred.Name(), f)
		}
		rs = append(rs, refinement{pred: head.Pred, itp: f})
		a.log.Tracef("interpolant at %s: %v\n", head.Pred.Name(), rs[len(rs)-1].itp)
	}
	return nil, rs, nil
}

// clean drops the conjuncts of an interpolant that the others imply:
// proof-based interpolants carry tautologies of the theory lemmas they
// come from ((or (<= x 0) (not (= x 0))) next to (= x 0)), which would
// only cost checks as predicates. Conjuncts are dropped from the last.
func (a *analysis) clean(f *term.Term) (*term.Term, error) {
	cs := conjuncts(a.st.Simplify(f))
	keep := make([]bool, len(cs))
	for i := range keep {
		keep[i] = true
	}
	sv := smt.New(a.st, smt.Options{})
	for i := len(cs) - 1; i >= 0; i-- {
		assume := []*term.Term{a.st.Not(cs[i])}
		for j, c := range cs {
			if j != i && keep[j] {
				assume = append(assume, c)
			}
		}
		a.c.checks++
		r, err := sv.Check(a.ctx, assume...)
		if err != nil {
			return nil, err
		}
		if r == smt.Unsat {
			keep[i] = false
		}
	}
	var out []*term.Term
	for i, c := range cs {
		if keep[i] {
			out = append(out, c)
		}
	}
	return a.st.And(out...), nil
}

// over reports whether f mentions no constant but params.
func over(f *term.Term, params []*term.Term) bool {
	for _, c := range term.FreeConsts(f) {
		found := false
		for _, x := range params {
			if x == c {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// varIndex is the index of v in the variables of clause ci.
func (a *analysis) varIndex(ci int, v *term.Term) int {
	for i, x := range a.sys.Clauses[ci].Vars {
		if x == v {
			return i
		}
	}
	panic(fmt.Sprintf("bam: %v is not a variable of clause %d", v, ci))
}

// interpolate is a tree interpolant of parts: one refutation when the
// tree is small enough for itp.Tree, else, or when a step of that
// refutation is out of itp's reach, node by node in post order (each
// node's interpolant separates its formula and its children's
// interpolants from the formulas outside its subtree, which gives the
// tree property by construction). A binary interpolant out of itp's
// reach is the projection of its A side onto the node's shared
// arguments (projections). shared[j] are the symbols node j shares with
// its parent.
func (a *analysis) interpolate(parts []*term.Term, parent []int, shared [][]*term.Term) ([]*term.Term, error) {
	a.c.interpolations++
	if len(parts) == 1 {
		return []*term.Term{a.st.False()}, nil
	}
	if len(parts) <= itp.MaxParts {
		is, err := itp.TreeContext(a.ctx, a.st, parts, parent)
		if err == nil || !errors.Is(err, itp.ErrUnsupported) {
			return is, err
		}
	}
	n := len(parts)
	first := make([]int, n) // the first post-order index of each subtree
	for j := range first {
		first[j] = j
	}
	for j := 0; j < n; j++ {
		if p := parent[j]; p >= 0 && first[j] < first[p] {
			first[p] = first[j]
		}
	}
	is := make([]*term.Term, n)
	is[n-1] = a.st.False()
	for j := 0; j < n-1; j++ {
		if err := chc.Cause(a.ctx); err != nil {
			return nil, err
		}
		A := []*term.Term{parts[j]}
		for c := first[j]; c < j; c++ {
			if parent[c] == j {
				A = append(A, is[c])
			}
		}
		B := append(append([]*term.Term{}, parts[:first[j]]...), parts[j+1:]...)
		I, err := itp.Binary(a.ctx, a.st, a.st.And(A...), a.st.And(B...))
		if errors.Is(err, itp.ErrUnsupported) {
			a.c.projections++
			I, err = a.projections(a.st.And(A...), shared[j])
		}
		if err != nil {
			return nil, err
		}
		is[j] = I
	}
	return is, nil
}

// maxProjections bounds the projections of one interpolant.
const maxProjections = 64

// projections is an interpolant of A against any B that A contradicts
// and that shares with A only the symbols keep: the disjunction of model
// based projections of A onto keep (mbp.Project), one per model of A
// outside the disjunction so far. Each projection implies ∃ others. A,
// which contradicts B; the loop ends when A implies the disjunction.
func (a *analysis) projections(A *term.Term, keep []*term.Term) (*term.Term, error) {
	kept := map[*term.Term]bool{}
	for _, x := range keep {
		kept[x] = true
	}
	var elim []*term.Term
	for _, c := range term.FreeConsts(A) {
		if !kept[c] {
			elim = append(elim, c)
		}
	}
	sv := smt.New(a.st, smt.Options{})
	if err := sv.Assert(A); err != nil {
		return nil, err
	}
	var ds []*term.Term
	for range maxProjections {
		a.c.checks++
		r, err := sv.Check(a.ctx)
		if err != nil {
			return nil, err
		}
		switch r {
		case smt.Unsat:
			return a.st.Or(ds...), nil
		case smt.Unknown:
			return nil, fmt.Errorf("smt: %s", sv.ReasonUnknown())
		}
		res, err := mbp.Project(a.st, elim, A, sv.Model())
		if err != nil {
			return nil, err
		}
		ds = append(ds, res.Formula)
		if err := sv.Assert(a.st.Not(res.Formula)); err != nil {
			return nil, err
		}
	}
	return nil, fmt.Errorf("%w (and more than %d projections)", itp.ErrUnsupported, maxProjections)
}

// derivation reads the counterexample's values off the model.
func (a *analysis) derivation(order []*cexNode, m *term.Model) (*chc.Node, error) {
	nodes := make([]*chc.Node, len(order))
	index := map[*cexNode]int{}
	for j, n := range order {
		index[n] = j
		d := &chc.Node{Clause: a.sys.Clauses[n.clause], Values: make([]*term.Term, len(n.vals))}
		for i, v := range n.vals {
			val, err := m.Eval(v)
			if err != nil {
				return nil, err
			}
			d.Values[i] = val
		}
		for _, ch := range n.children {
			d.Children = append(d.Children, nodes[index[ch]])
		}
		nodes[j] = d
	}
	return nodes[len(nodes)-1], nil
}
