package chc

import (
	"context"
	"fmt"
	"strconv"

	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// A TransitionSystem is a linear system seen as one loop, as Golem's
// TransitionSystem: Init, Trans and Bad over state variables Vars (and
// their next-state copies Next), so that the system is safe (Sat) iff no
// path s0 … sn with Init(s0), Trans(si, si+1) and Bad(sn) exists.
//
// A system with one predicate P is its own transition system: Vars are
// P's parameters, facts are Init, clauses P ⇒ P are Trans, queries are
// Bad. A linear system with several predicates is merged into one loop
// with a location variable (Loc): its states are a location and every
// predicate's parameters; a clause P ⇒ Q moves from location P to
// location Q, fixes Q's next parameters by the clause and resets every
// other predicate's to a default value (0, false, the constant array of
// the default), so that a state at location P is determined by P's
// parameters alone. An invariant I of the loop is then a model of the
// system: P(x) := I[Loc := P, P's parameters := x, others := defaults].
//
// Init, Trans and Bad may mention other constants than the state (the
// clauses' local variables): Aux, existentially quantified at each step.
// An engine that unrolls the loop takes a fresh copy of them per step:
// InitAt, TransAt, BadAt and StateAt give the formulas and states at step
// k, over copies made once and remembered (a TransitionSystem is not safe
// for concurrent use).
//
// Witnesses go back to the system: Model maps an inductive invariant that
// excludes Bad to a model, Derivation a path of states (values of Vars,
// for instance read off an unrolling's model with Path) to a derivation,
// finding each step's clause and local values with a small smt query.
type TransitionSystem struct {
	St    *term.Store
	Vars  []*term.Term // current state
	Next  []*term.Term // next state, in the order of Vars
	Aux   []*term.Term // the other constants of Init, Trans and Bad
	Init  *term.Term   // over Vars and Aux
	Trans *term.Term   // over Vars, Next and Aux
	Bad   *term.Term   // over Vars and Aux
	// Loc is the location variable of a merged system, nil for a system
	// of one predicate.
	Loc *term.Term

	sys    *System
	loc    map[*Pred]*term.Term // location value of each predicate
	steps  []stepCopy           // per k: state copy and aux copies
	single *Pred                // the predicate of a one-predicate system
}

type stepCopy struct {
	state []*term.Term
	aux   [3][]*term.Term // for Init, Trans, Bad
}

// TransitionSystem returns the view of s as a transition system; s must
// be linear and have no query without a body atom, else the error wraps
// ErrIncomplete ("not a transition system"). Use it on a preprocessed
// system: preprocessing inlines chains of predicates, and fewer
// predicates make a smaller loop.
func (s *System) TransitionSystem() (*TransitionSystem, error) {
	st := s.St
	for i, c := range s.Clauses {
		if len(c.Body) > 1 {
			return nil, Incomplete("not a transition system: clause %d has %d body atoms", i, len(c.Body))
		}
		if c.Head == nil && len(c.Body) == 0 {
			return nil, Incomplete("not a transition system: clause %d is a query without a body atom", i)
		}
	}
	ts := &TransitionSystem{St: st, sys: s}
	if len(s.Preds) == 1 {
		ts.single = s.Preds[0]
		ts.Vars = append([]*term.Term(nil), ts.single.Params...)
	} else {
		sort := term.IntSort
		if allReal(s) {
			sort = term.RealSort
		}
		ts.Loc = st.Fresh("loc", sort)
		ts.Vars = append(ts.Vars, ts.Loc)
		ts.loc = map[*Pred]*term.Term{}
		for _, p := range s.Preds {
			ts.loc[p] = st.Num(num.NewInt(int64(p.ID)).Rat(), sort)
			ts.Vars = append(ts.Vars, p.Params...)
		}
	}
	for _, v := range ts.Vars {
		ts.Next = append(ts.Next, st.Fresh(v.Name()+"'", v.Sort()))
	}
	isState := map[*term.Term]bool{}
	for _, v := range ts.Vars {
		isState[v] = true
	}
	isAux := map[*term.Term]bool{}
	var inits, trans, bads []*term.Term
	for _, c := range s.Clauses {
		from := map[*term.Term]*term.Term{}
		var parts []*term.Term
		if len(c.Body) == 1 {
			b := c.Body[0]
			for i, a := range b.Args {
				from[a] = b.Pred.Params[i]
			}
			if ts.Loc != nil {
				parts = append(parts, st.Eq(ts.Loc, ts.loc[b.Pred]))
			}
		}
		if c.Head != nil {
			h := c.Head
			for i, a := range h.Args {
				target := h.Pred.Params[i]
				if len(c.Body) == 1 {
					target = ts.next(target)
				}
				if prev, ok := from[a]; ok {
					parts = append(parts, st.Eq(prev, target)) // cannot happen in a normalised clause
				} else {
					from[a] = target
				}
			}
			if ts.Loc != nil {
				locT := ts.Loc
				if len(c.Body) == 1 {
					locT = ts.next(ts.Loc)
				}
				parts = append(parts, st.Eq(locT, ts.loc[h.Pred]))
				for _, p := range s.Preds {
					if p == h.Pred {
						continue
					}
					for _, x := range p.Params {
						t := x
						if len(c.Body) == 1 {
							t = ts.next(x)
						}
						parts = append(parts, st.Eq(t, st.DefaultValue(x.Sort())))
					}
				}
			}
		}
		var vars, to []*term.Term
		for _, v := range c.Vars {
			if t, ok := from[v]; ok {
				vars, to = append(vars, v), append(to, t)
			} else if !isState[v] && !isAux[v] {
				isAux[v] = true
				ts.Aux = append(ts.Aux, v)
			}
		}
		parts = append(parts, st.Substitute(c.Constraint, vars, to))
		f := st.And(parts...)
		switch {
		case len(c.Body) == 0:
			inits = append(inits, f)
		case c.Head == nil:
			bads = append(bads, f)
		default:
			trans = append(trans, f)
		}
	}
	ts.Init, ts.Trans, ts.Bad = st.Or(inits...), st.Or(trans...), st.Or(bads...)
	return ts, nil
}

func allReal(s *System) bool {
	for _, p := range s.Preds {
		for _, x := range p.Params {
			if x.Sort().IsInt() {
				return false
			}
		}
	}
	return true
}

// next is the next-state copy of the state variable v.
func (ts *TransitionSystem) next(v *term.Term) *term.Term {
	for i, x := range ts.Vars {
		if x == v {
			return ts.Next[i]
		}
	}
	panic("chc: next of a non-state variable " + v.Name())
}

// step returns the copies of step k, making them on first use.
func (ts *TransitionSystem) step(k int) *stepCopy {
	for len(ts.steps) <= k {
		n := len(ts.steps)
		tag := "@" + strconv.Itoa(n)
		sc := stepCopy{}
		for _, v := range ts.Vars {
			sc.state = append(sc.state, ts.St.Fresh(v.Name()+tag, v.Sort()))
		}
		for f, name := range []string{"init", "trans", "bad"} {
			for _, a := range ts.Aux {
				sc.aux[f] = append(sc.aux[f], ts.St.Fresh(a.Name()+"!"+name+tag, a.Sort()))
			}
		}
		ts.steps = append(ts.steps, sc)
	}
	return &ts.steps[k]
}

// Location is the value of Loc at p's states (nil in a one-predicate
// system).
func (ts *TransitionSystem) Location(p *Pred) *term.Term { return ts.loc[p] }

// StateAt is the copy of Vars at step k.
func (ts *TransitionSystem) StateAt(k int) []*term.Term { return ts.step(k).state }

// InitAt is Init over the state of step k.
func (ts *TransitionSystem) InitAt(k int) *term.Term {
	sc := ts.step(k)
	return ts.St.Substitute(ts.Init, append(ts.Vars[:len(ts.Vars):len(ts.Vars)], ts.Aux...), append(sc.state[:len(sc.state):len(sc.state)], sc.aux[0]...))
}

// TransAt is Trans from the state of step k to the state of step k+1.
func (ts *TransitionSystem) TransAt(k int) *term.Term {
	sc, nx := ts.step(k), ts.step(k+1)
	from := append(append(append([]*term.Term(nil), ts.Vars...), ts.Next...), ts.Aux...)
	to := append(append(append([]*term.Term(nil), sc.state...), nx.state...), sc.aux[1]...)
	return ts.St.Substitute(ts.Trans, from, to)
}

// BadAt is Bad over the state of step k.
func (ts *TransitionSystem) BadAt(k int) *term.Term {
	sc := ts.step(k)
	return ts.St.Substitute(ts.Bad, append(ts.Vars[:len(ts.Vars):len(ts.Vars)], ts.Aux...), append(sc.state[:len(sc.state):len(sc.state)], sc.aux[2]...))
}

// AtState rewrites f, a formula over Vars, over the state of step k.
func (ts *TransitionSystem) AtState(f *term.Term, k int) *term.Term {
	return ts.St.Substitute(f, ts.Vars, ts.StateAt(k))
}

// Path reads the states of steps 0 … n off a model of an unrolling.
func (ts *TransitionSystem) Path(m *term.Model, n int) ([][]*term.Term, error) {
	path := make([][]*term.Term, n+1)
	for k := 0; k <= n; k++ {
		for _, x := range ts.StateAt(k) {
			v, err := m.Eval(x)
			if err != nil {
				return nil, err
			}
			path[k] = append(path[k], v)
		}
	}
	return path, nil
}

// Model maps inv, a formula over Vars that holds in every initial state,
// is closed under Trans and excludes Bad, to a model of the system: P(x)
// := inv at P's location with the other predicates' parameters at their
// defaults. The model is not checked here (pipeline.Solve checks it).
func (ts *TransitionSystem) Model(inv *term.Term) Model {
	st := ts.St
	m := Model{}
	if ts.single != nil {
		m[ts.single] = inv
		return m
	}
	for _, p := range ts.sys.Preds {
		from, to := []*term.Term{ts.Loc}, []*term.Term{ts.loc[p]}
		for _, q := range ts.sys.Preds {
			if q == p {
				continue
			}
			for _, x := range q.Params {
				from, to = append(from, x), append(to, st.DefaultValue(x.Sort()))
			}
		}
		m[p] = st.Simplify(st.Substitute(inv, from, to))
	}
	return m
}

// Derivation maps a path s0 … sn (values of Vars, with Init(s0),
// Trans(si, si+1) and Bad(sn)) to a derivation of false: for each step it
// finds a clause that makes it and the values of the clause's variables
// with an smt query. The error says which step no clause makes.
func (ts *TransitionSystem) Derivation(ctx context.Context, path [][]*term.Term) (*Node, error) {
	if len(path) == 0 {
		return nil, fmt.Errorf("chc: empty path")
	}
	var prev *Node
	for k := 0; k <= len(path); k++ {
		var cur, next []*term.Term
		var kind int // 0: init, 1: trans, 2: bad
		switch {
		case k == 0:
			next = path[0]
		case k == len(path):
			cur, kind = path[k-1], 2
		default:
			cur, next, kind = path[k-1], path[k], 1
		}
		n, err := ts.stepNode(ctx, kind, cur, next, prev)
		if err != nil {
			return nil, fmt.Errorf("chc: step %d of the path: %w", k, err)
		}
		prev = n
	}
	return prev, nil
}

// stepNode finds a clause of the given kind from state cur to state next
// and its instance; prev derives its body atom.
func (ts *TransitionSystem) stepNode(ctx context.Context, kind int, cur, next []*term.Term, prev *Node) (*Node, error) {
	st := ts.St
	atLoc := func(state []*term.Term, p *Pred) bool {
		return ts.Loc == nil || state[0] == ts.loc[p]
	}
	stateOf := func(state []*term.Term, p *Pred) map[*term.Term]*term.Term {
		vals := map[*term.Term]*term.Term{}
		for i, v := range ts.Vars {
			vals[v] = state[i]
		}
		out := map[*term.Term]*term.Term{}
		for _, x := range p.Params {
			out[x] = vals[x]
		}
		return out
	}
	for _, c := range ts.sys.Clauses {
		isInit, isBad := len(c.Body) == 0, c.Head == nil
		if (kind == 0) != isInit || (kind == 2) != isBad {
			continue
		}
		if !isInit && !atLoc(cur, c.Body[0].Pred) {
			continue
		}
		if !isBad && !atLoc(next, c.Head.Pred) {
			continue
		}
		parts := []*term.Term{c.Constraint}
		if !isInit {
			vals := stateOf(cur, c.Body[0].Pred)
			for i, a := range c.Body[0].Args {
				parts = append(parts, st.Eq(a, vals[c.Body[0].Pred.Params[i]]))
			}
		}
		if !isBad {
			vals := stateOf(next, c.Head.Pred)
			for i, a := range c.Head.Args {
				parts = append(parts, st.Eq(a, vals[c.Head.Pred.Params[i]]))
			}
		}
		sv := smt.New(st, smt.Options{})
		if err := sv.Assert(st.And(parts...)); err != nil {
			return nil, err
		}
		r, err := sv.Check(ctx)
		if err != nil {
			return nil, err
		}
		if r != smt.Sat {
			if r != smt.Unsat {
				return nil, fmt.Errorf("smt: %s", sv.ReasonUnknown())
			}
			continue
		}
		m := sv.Model()
		n := &Node{Clause: c, Values: make([]*term.Term, len(c.Vars))}
		for i, v := range c.Vars {
			val, err := m.Eval(v)
			if err != nil {
				return nil, err
			}
			n.Values[i] = val
		}
		if !isInit {
			n.Children = []*Node{prev}
		}
		return n, nil
	}
	return nil, fmt.Errorf("no clause makes it")
}
