package bmc

import (
	"fmt"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/engines/internal/unfold"
	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
)

// maxModelSize bounds the DAG size of one predicate's model formula.
const maxModelSize = 50000

// maxSplits bounds the case splits (on Boolean locals, and distributing a
// conjunction over a disjunction) per clause.
const maxSplits = 32

// strongestModel is the least model of a system whose relevant part (the
// predicates that can be derived and can reach a query) is acyclic; see
// doc.go. The caller checks it.
func strongestModel(u *unfold.Tree) (chc.Model, error) {
	sys := u.System()
	st := sys.St
	n := len(sys.Preds)
	// relevant: can reach a query through usable clauses
	relevant := make([]bool, n)
	var stack []*chc.Pred
	mark := func(p *chc.Pred) {
		if !relevant[p.ID] && u.Derivable(p) {
			relevant[p.ID] = true
			stack = append(stack, p)
		}
	}
	for _, ci := range u.Queries() {
		for _, b := range sys.Clauses[ci].Body {
			mark(b.Pred)
		}
	}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, ci := range u.ByHead(p) {
			for _, b := range sys.Clauses[ci].Body {
				mark(b.Pred)
			}
		}
	}
	m := chc.Model{}
	// 0 unvisited, 1 in progress, 2 done
	state := make([]uint8, n)
	var visit func(p *chc.Pred) error
	visit = func(p *chc.Pred) error {
		switch state[p.ID] {
		case 1:
			return fmt.Errorf("%s is recursive", p.Name())
		case 2:
			return nil
		}
		state[p.ID] = 1
		if err := u.Poll().Step(); err != nil {
			return err
		}
		var ds []*term.Term
		for _, ci := range u.ByHead(p) {
			c := sys.Clauses[ci]
			for _, b := range c.Body {
				if err := visit(b.Pred); err != nil {
					return err
				}
			}
			d, err := clauseDisjunct(u, m, p, ci)
			if err != nil {
				return fmt.Errorf("%s: %v", p.Name(), err)
			}
			ds = append(ds, d)
		}
		f := st.Simplify(st.Or(ds...))
		if term.Size(f) > maxModelSize {
			return fmt.Errorf("the model of %s is too large", p.Name())
		}
		m[p] = f
		state[p.ID] = 2
		return nil
	}
	for _, p := range sys.Preds {
		switch {
		case !u.Derivable(p):
			m[p] = st.False()
		case !relevant[p.ID]:
			m[p] = st.True()
		default:
			if err := visit(p); err != nil {
				return nil, err
			}
		}
	}
	return m, nil
}

// clauseDisjunct is ∃ locals. constraint ∧ ∧ M(body) over p's Params for
// the clause ci with head p, without quantifier.
func clauseDisjunct(u *unfold.Tree, m chc.Model, p *chc.Pred, ci int) (*term.Term, error) {
	st := u.System().St
	c := u.System().Clauses[ci]
	to := map[*term.Term]*term.Term{}
	var parts []*term.Term
	for j, a := range c.Head.Args {
		if old, ok := to[a]; ok {
			parts = append(parts, st.Eq(old, p.Params[j]))
			continue
		}
		to[a] = p.Params[j]
	}
	var locals []*term.Term
	for _, v := range c.Vars {
		if _, ok := to[v]; !ok {
			locals = append(locals, v)
		}
	}
	parts = append(parts, u.Constraint(ci))
	for _, b := range c.Body {
		parts = append(parts, b.Pred.Instantiate(st, m[b.Pred], b.Args))
	}
	f := st.SubstituteMap(st.And(parts...), to)
	isLocal := map[*term.Term]bool{}
	for _, v := range locals {
		isLocal[v] = true
	}
	splits := maxSplits
	return eliminate(st, st.Simplify(f), isLocal, &splits)
}

// eliminate is ∃ locals. f without quantifier, by substituting definitions
// of locals taken from f's top-level conjuncts and splitting on Boolean
// locals; an error names a local it cannot eliminate.
func eliminate(st *term.Store, f *term.Term, isLocal map[*term.Term]bool, splits *int) (*term.Term, error) {
	for {
		if term.Size(f) > maxModelSize {
			return nil, fmt.Errorf("formula too large")
		}
		var left *term.Term
		for _, c := range term.FreeConsts(f) {
			if isLocal[c] {
				left = c
				break
			}
		}
		if left == nil {
			return f, nil
		}
		if f.Op() == term.OpOr {
			ds := make([]*term.Term, f.NumArgs())
			for i, d := range f.Args() {
				e, err := eliminate(st, d, isLocal, splits)
				if err != nil {
					return nil, err
				}
				ds[i] = e
			}
			return st.Simplify(st.Or(ds...)), nil
		}
		if v, t, side := definition(st, f, isLocal); v != nil {
			f = st.Simplify(st.And(side, st.Substitute(f, []*term.Term{v}, []*term.Term{t})))
			continue
		}
		if *splits > 0 && f.Op() == term.OpAnd {
			// distribute over a disjunction that mentions a local:
			// definitions may sit inside its disjuncts
			if k := disjunctWithLocal(f, isLocal); k >= 0 {
				*splits--
				rest := append([]*term.Term{}, f.Args()[:k]...)
				rest = append(rest, f.Args()[k+1:]...)
				ds := make([]*term.Term, f.Arg(k).NumArgs())
				for i, d := range f.Arg(k).Args() {
					ds[i] = st.Simplify(st.And(append([]*term.Term{d}, rest...)...))
				}
				f = st.Simplify(st.Or(ds...))
				continue
			}
		}
		if g, ok := projectBounds(st, f, left); ok {
			f = g
			continue
		}
		if left.Sort() == term.BoolSort && *splits > 0 {
			*splits--
			pos := st.Substitute(f, []*term.Term{left}, []*term.Term{st.True()})
			neg := st.Substitute(f, []*term.Term{left}, []*term.Term{st.False()})
			f = st.Simplify(st.Or(pos, neg))
			continue
		}
		return nil, fmt.Errorf("cannot eliminate the local %s", left.Name())
	}
}

// definition finds a top-level conjunct of f that defines a local v as a
// term t free of v, under the condition side: ∃v. f ≡ side ∧ f[v:=t]. An
// Int equality k·v = e with |k| ≠ 1 gives t = e div k and side
// e mod k = 0.
func definition(st *term.Store, f *term.Term, isLocal map[*term.Term]bool) (v, t, side *term.Term) {
	conjuncts := []*term.Term{f}
	if f.Op() == term.OpAnd {
		conjuncts = f.Args()
	}
	free := func(x, t *term.Term) bool {
		for _, c := range term.FreeConsts(t) {
			if c == x {
				return false
			}
		}
		return true
	}
	for _, c := range conjuncts {
		switch {
		case isLocal[c]:
			return c, st.True(), st.True()
		case c.Op() == term.OpNot && isLocal[c.Arg(0)]:
			return c.Arg(0), st.False(), st.True()
		case c.Op() == term.OpEq && c.NumArgs() == 2:
			a, b := c.Arg(0), c.Arg(1)
			if isLocal[a] && free(a, b) {
				return a, b, st.True()
			}
			if isLocal[b] && free(b, a) {
				return b, a, st.True()
			}
			srt := a.Sort()
			if srt != term.IntSort && srt != term.RealSort {
				continue
			}
			l, ok := st.Linearize(st.Sub(a, b))
			if !ok {
				continue
			}
			for i, x := range l.Vars {
				k := l.Coeffs[i]
				if !isLocal[x] || x.Sort() != srt || !k.IsInt() && srt == term.IntSort {
					continue
				}
				unit := srt == term.RealSort || k.Abs().IsOne()
				if !unit {
					k = num.RatFromInt(num.NewInt(1)) // k·x = rest below
				}
				// x = -(rest)/k
				rest := term.Linear{Const: l.Const.Quo(k).Neg()}
				ok := true
				for j, y := range l.Vars {
					if j == i {
						continue
					}
					if !free(x, y) || (!unit && (y.Sort() != term.IntSort || !l.Coeffs[j].IsInt())) {
						ok = false
						break
					}
					rest.Vars = append(rest.Vars, y)
					rest.Coeffs = append(rest.Coeffs, l.Coeffs[j].Quo(k).Neg())
				}
				if !ok || (!unit && !l.Const.IsInt()) {
					continue
				}
				e := st.FromLinear(rest, srt)
				if unit {
					return x, e, st.True()
				}
				kt := st.Num(l.Coeffs[i], term.IntSort)
				return x, st.IntDiv(e, kt), st.Eq(st.Mod(e, kt), st.Int(0))
			}
		}
	}
	return nil, nil, nil
}

// disjunctWithLocal is the index of the first conjunct of f that is a
// disjunction mentioning a local, -1 if none.
func disjunctWithLocal(f *term.Term, isLocal map[*term.Term]bool) int {
	for k, c := range f.Args() {
		if c.Op() != term.OpOr {
			continue
		}
		for _, x := range term.FreeConsts(c) {
			if isLocal[x] {
				return k
			}
		}
	}
	return -1
}

// A bound is x ≥ t (lower) or x ≤ t (upper), strict or not.
type bound struct {
	t      *term.Term
	strict bool
}

// projectBounds eliminates the arithmetic local x from the conjunction f
// when every conjunct mentioning x is an inequality that bounds x with
// coefficient ±1 (any coefficient over Real): ∃x. ∧ l_i ⋈ x ∧ ∧ x ⋈ u_j is
// ∧ l_i ⋈ u_j (Fourier–Motzkin, exact in this case; over Int, strict
// bounds become non-strict by ±1 first, all terms being integral).
func projectBounds(st *term.Store, f, x *term.Term) (*term.Term, bool) {
	srt := x.Sort()
	if srt != term.IntSort && srt != term.RealSort {
		return nil, false
	}
	conjuncts := []*term.Term{f}
	if f.Op() == term.OpAnd {
		conjuncts = f.Args()
	}
	mentions := func(t *term.Term) bool {
		for _, c := range term.FreeConsts(t) {
			if c == x {
				return true
			}
		}
		return false
	}
	var rest []*term.Term
	var lower, upper []bound
	for _, c := range conjuncts {
		if !mentions(c) {
			rest = append(rest, c)
			continue
		}
		neg := false
		a := c
		if a.Op() == term.OpNot {
			neg, a = true, a.Arg(0)
		}
		var le, strict bool // a: lhs ≤ rhs (le) or lhs ≥ rhs, strictly or not
		switch a.Op() {
		case term.OpLe:
			le = true
		case term.OpLt:
			le, strict = true, true
		case term.OpGe:
		case term.OpGt:
			strict = true
		default:
			return nil, false
		}
		if a.NumArgs() != 2 || a.Arg(0).Sort() != srt || a.Arg(1).Sort() != srt {
			return nil, false
		}
		if neg {
			le, strict = !le, !strict
		}
		// lhs - rhs ⋈ 0
		l, ok := st.Linearize(st.Sub(a.Arg(0), a.Arg(1)))
		if !ok {
			return nil, false
		}
		k := l.Coeff(x)
		if k.IsZero() {
			return nil, false // x inside a non-linear variable
		}
		// k·x + r ⋈ 0, r free of x: x ⋈' -r/k
		r := term.Linear{Const: l.Const.Quo(k).Neg()}
		for i, y := range l.Vars {
			if y == x {
				continue
			}
			if mentions(y) {
				return nil, false
			}
			r.Vars = append(r.Vars, y)
			r.Coeffs = append(r.Coeffs, l.Coeffs[i].Quo(k).Neg())
		}
		if k.Sign() < 0 {
			le = !le
		}
		if srt == term.IntSort {
			if !k.Abs().IsOne() || !r.Const.IsInt() {
				return nil, false
			}
			for _, q := range r.Coeffs {
				if !q.IsInt() {
					return nil, false
				}
			}
			if strict { // x < t is x ≤ t-1, x > t is x ≥ t+1
				one := num.RatFromInt(num.NewInt(1))
				if le {
					r.Const = r.Const.Sub(one)
				} else {
					r.Const = r.Const.Add(one)
				}
				strict = false
			}
		}
		b := bound{st.FromLinear(r, srt), strict}
		if le {
			upper = append(upper, b)
		} else {
			lower = append(lower, b)
		}
	}
	for _, lb := range lower {
		for _, ub := range upper {
			if lb.strict || ub.strict {
				rest = append(rest, st.Lt(lb.t, ub.t))
			} else {
				rest = append(rest, st.Le(lb.t, ub.t))
			}
		}
	}
	return st.Simplify(st.And(rest...)), true
}
