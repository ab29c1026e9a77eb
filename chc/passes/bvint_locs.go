package passes

import (
	"context"
	"fmt"
	"slices"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// SplitLocations is the pass that splits a predicate by a location
// argument, on systems over bit-vectors only (Bit-vectors: a system
// without a bit-vector sort comes back as it is). Position i of P is a
// location when every atom of P, in a head or a body, has at i a variable
// that a top-level conjunct of its clause's constraint equates with a
// value (x = c): the program counter of a control-flow graph that a
// front end (Eldarica's SLayerCF, ssh, the chaining programs) encoded as
// data. P becomes one predicate P@c per value c, without the argument i,
// and every atom of P the predicate of its value; the clauses keep their
// variables and constraints. The inliner then merges the chains of
// locations with one predecessor or one successor into large blocks,
// which z3's linear rule inliner does on the same files (fp.xform.
// inline_linear: without it, z3 answers no_loops_unsafe and
// reverse_div4_unsafe of the dev bv folder in none of 20 s, with it in
// under a second).
//
// Of the positions that qualify, P is split at the one with the most
// values (at least two, at most splitMaxValues).
//
// Models: P(x̄) is the disjunction over c of x_i = c ∧ P@c(x̄ without x_i)
// (each P@c has parameters of its own);
// where the constraint fixes x_i = c, it is P@c's formula, so every clause
// holds. Derivations: a node of a new clause is the node of its old clause
// with the same values (the clause's variables are the same).
type SplitLocations struct{}

// Name is "locations".
func (SplitLocations) Name() string { return "locations" }

// splitMaxValues bounds the values of a location: beyond, the predicates
// would outnumber what the engines serve well.
const splitMaxValues = 4096

// Apply runs the pass on s.
func (SplitLocations) Apply(ctx context.Context, s *chc.System) (*chc.System, Translator, error) {
	poll := chc.NewBudget(ctx)
	if err := poll.Poll(); err != nil {
		return nil, nil, err
	}
	if !systemHasBitVec(s) {
		return s, Identity{}, nil
	}
	if err := checkForm(ctx, poll, s); err != nil {
		return nil, nil, err
	}
	// values[c][x]: the value a top-level conjunct of c's constraint
	// gives to the variable x
	values := make([]map[*term.Term]*term.Term, len(s.Clauses))
	// cand[p][i]: position i of p is still a candidate; vals the values
	// seen at it, in order of first sight
	cand := make([][]bool, len(s.Preds))
	vals := make([][][]*term.Term, len(s.Preds))
	for _, p := range s.Preds {
		if p.ID < 0 || p.ID >= len(s.Preds) || s.Preds[p.ID] != p {
			return s, Identity{}, nil
		}
		cand[p.ID] = make([]bool, p.Arity())
		vals[p.ID] = make([][]*term.Term, p.Arity())
		for i := range cand[p.ID] {
			cand[p.ID][i] = true
		}
	}
	see := func(vs map[*term.Term]*term.Term, a *chc.Atom) {
		for i, x := range a.Args {
			if !cand[a.Pred.ID][i] {
				continue
			}
			v, ok := vs[x]
			if !ok {
				cand[a.Pred.ID][i] = false
				continue
			}
			if !slices.Contains(vals[a.Pred.ID][i], v) {
				vals[a.Pred.ID][i] = append(vals[a.Pred.ID][i], v)
				if len(vals[a.Pred.ID][i]) > splitMaxValues {
					cand[a.Pred.ID][i] = false
				}
			}
		}
	}
	for ci, c := range s.Clauses {
		if err := poll.Step(); err != nil {
			return nil, nil, err
		}
		vs := map[*term.Term]*term.Term{}
		for _, f := range term.Conjuncts(nil, c.Constraint) {
			x, v := fixedValue(s.St, f)
			if x == nil {
				continue
			}
			if old, ok := vs[x]; ok && old != v {
				// x = c ∧ x = d: the clause is dead, x fixed to
				// neither (its atoms then block the split)
				vs[x] = nil
				continue
			}
			vs[x] = v
		}
		for x, v := range vs {
			if v == nil {
				delete(vs, x)
			}
		}
		values[ci] = vs
		if c.Head != nil {
			see(vs, c.Head)
		}
		for j := range c.Body {
			see(vs, &c.Body[j])
		}
	}
	// the position of each split predicate (-1: none)
	at := make([]int, len(s.Preds))
	any := false
	for _, p := range s.Preds {
		at[p.ID] = -1
		best := 1
		for i, ok := range cand[p.ID] {
			if ok && len(vals[p.ID][i]) > best {
				at[p.ID], best = i, len(vals[p.ID][i])
			}
		}
		any = any || at[p.ID] >= 0
	}
	if !any {
		return s, Identity{}, nil
	}
	st := s.St
	names := map[string]bool{}
	for _, p := range s.Preds {
		names[p.Name()] = true
	}
	out := &chc.System{St: st, FixedpointFormat: s.FixedpointFormat, Skipped: s.Skipped, Relaxed: s.Relaxed}
	tr := &splitTranslator{old: s, split: map[*chc.Pred][]splitPart{}, keep: map[*chc.Pred]*chc.Pred{}}
	// new predicate of (p, value)
	part := map[*chc.Pred]map[*term.Term]*chc.Pred{}
	for _, p := range s.Preds {
		i := at[p.ID]
		if i < 0 {
			np := p
			if p.ID != len(out.Preds) {
				np = &chc.Pred{ID: len(out.Preds), Func: p.Func, Params: p.Params}
			}
			out.Preds = append(out.Preds, np)
			tr.keep[p] = np
			continue
		}
		part[p] = map[*term.Term]*chc.Pred{}
		params := slices.Delete(slices.Clone(p.Params), i, i+1)
		dom := make([]*term.Sort, len(params))
		for k, x := range params {
			dom[k] = x.Sort()
		}
		for _, v := range vals[p.ID][i] {
			name := fmt.Sprintf("%s@%s", p.Name(), v)
			for n := 1; names[name]; n++ {
				name = fmt.Sprintf("%s@%s!%d", p.Name(), v, n)
			}
			names[name] = true
			// parameters of its own: engines index their state by a
			// predicate's parameters, which no two predicates share
			own := make([]*term.Term, len(params))
			for k, x := range params {
				own[k] = st.Fresh(fmt.Sprintf("%s!%d", name, k), x.Sort())
			}
			np := &chc.Pred{ID: len(out.Preds), Func: st.Func(name, dom, term.BoolSort), Params: own}
			out.Preds = append(out.Preds, np)
			part[p][v] = np
			tr.split[p] = append(tr.split[p], splitPart{value: v, pred: np})
		}
		tr.at = append(tr.at, splitAt{p, i})
	}
	mapAtom := func(vs map[*term.Term]*term.Term, a *chc.Atom) chc.Atom {
		i := at[a.Pred.ID]
		if i < 0 {
			return chc.Atom{Pred: tr.keep[a.Pred], Args: a.Args}
		}
		return chc.Atom{Pred: part[a.Pred][vs[a.Args[i]]], Args: slices.Delete(slices.Clone(a.Args), i, i+1)}
	}
	tr.origin = map[*chc.Clause]*chc.Clause{}
	for ci, c := range s.Clauses {
		if err := poll.Step(); err != nil {
			return nil, nil, err
		}
		nc := &chc.Clause{Constraint: c.Constraint, Vars: c.Vars, Origin: c.Origin}
		if c.Head != nil {
			h := mapAtom(values[ci], c.Head)
			nc.Head = &h
		}
		for j := range c.Body {
			nc.Body = append(nc.Body, mapAtom(values[ci], &c.Body[j]))
		}
		out.Clauses = append(out.Clauses, nc)
		tr.origin[nc] = c
	}
	return out, tr, nil
}

// fixedValue returns x and v when f is x = v (either way round) for a
// constant x and a value v, else nil, nil. A Boolean constant alone or
// negated is x = true or x = false.
func fixedValue(st *term.Store, f *term.Term) (x, v *term.Term) {
	switch {
	case f.IsConst() && f.Sort().IsBool():
		return f, st.True()
	case f.Op() == term.OpNot && f.Arg(0).IsConst():
		return f.Arg(0), st.False()
	case f.Op() == term.OpEq && len(f.Args()) == 2:
		a, b := f.Arg(0), f.Arg(1)
		if a.IsValue() {
			a, b = b, a
		}
		if a.IsConst() && b.IsValue() && (b.Op() == term.OpBVNum || b.IsNum() || b.IsTrue() || b.IsFalse()) {
			return a, b
		}
	}
	return nil, nil
}

// systemHasBitVec reports whether a predicate parameter or a clause
// variable of s has a bit-vector sort.
func systemHasBitVec(s *chc.System) bool {
	for _, p := range s.Preds {
		for _, x := range p.Params {
			if x.Sort().IsBitVec() {
				return true
			}
		}
	}
	for _, c := range s.Clauses {
		for _, x := range c.Vars {
			if x.Sort().IsBitVec() {
				return true
			}
		}
	}
	return false
}

type splitPart struct {
	value *term.Term
	pred  *chc.Pred
}

type splitAt struct {
	pred *chc.Pred
	i    int
}

// splitTranslator translates SplitLocations' witnesses back.
type splitTranslator struct {
	old    *chc.System
	split  map[*chc.Pred][]splitPart // old predicate → its parts, in order
	at     []splitAt                 // the split predicates and their positions, in order
	keep   map[*chc.Pred]*chc.Pred   // old predicate → the same one in the new system
	origin map[*chc.Clause]*chc.Clause
}

func (t *splitTranslator) Model(ctx context.Context, m chc.Model) (chc.Model, error) {
	st := t.old.St
	poll := chc.NewBudget(ctx)
	out := make(chc.Model, len(t.old.Preds))
	for _, p := range t.old.Preds {
		if np := t.keep[p]; np != nil {
			out[p] = m.Lookup(st, np)
		}
	}
	for _, sa := range t.at {
		if err := poll.Step(); err != nil {
			return nil, err
		}
		x := sa.pred.Params[sa.i]
		rest := slices.Delete(slices.Clone(sa.pred.Params), sa.i, sa.i+1)
		var ds []*term.Term
		for _, pt := range t.split[sa.pred] {
			f := m.Lookup(st, pt.pred)
			if f.IsFalse() {
				continue
			}
			ds = append(ds, st.And(st.Eq(x, pt.value), pt.pred.Instantiate(st, f, rest)))
		}
		out[sa.pred] = st.Or(ds...)
	}
	return out, nil
}

func (t *splitTranslator) Derivation(ctx context.Context, root *chc.Node) (*chc.Node, error) {
	return mapDerivation(chc.NewBudget(ctx), root, func(n *chc.Node, kids []*chc.Node) (*chc.Node, error) {
		old, ok := t.origin[n.Clause]
		if !ok {
			return nil, fmt.Errorf("chc: derivation node of a clause not in the transformed system")
		}
		return &chc.Node{Clause: old, Values: n.Values, Children: kids}, nil
	})
}
