package witness

import (
	"context"
	"fmt"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// smallSet is the size past which a checker indexes a list with a map.
const smallSet = 16

// CheckModel checks that m is a model of s: for each clause, with every
// predicate replaced by its formula, body ∧ constraint ∧ ¬head must be
// unsatisfiable, which a fresh smt solver decides per clause. The formulas
// must be quantifier-free and mention only their predicate's parameters.
// The error names the first clause that fails, or says why a clause could
// not be decided.
func CheckModel(ctx context.Context, s *chc.System, m chc.Model) error {
	st := s.St
	poll := chc.NewBudget(ctx)
	for _, p := range s.Preds {
		if err := poll.Step(); err != nil {
			return err
		}
		f := m.Lookup(st, p)
		if f.Sort() != term.BoolSort {
			return fmt.Errorf("chc: model of %s is not Boolean", p.Name())
		}
		if f.HasQuantifier() || f.HasBound() {
			return fmt.Errorf("chc: model of %s has a quantifier or a bound variable", p.Name())
		}
		if p.OverParams(f) {
			continue
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
	mc := &modelChecker{from: st, m: m}
	for i, c := range s.Clauses {
		if err := poll.Step(); err != nil {
			return err
		}
		if msg := mc.clause(ctx, c); msg != "" {
			return &chc.ClauseError{Index: i, Clause: c, Msg: msg}
		}
	}
	return nil
}

// A modelChecker checks the clauses of a system one by one (see
// CheckModel). It works in a scratch store of its own, renewed as it
// grows, so that what it builds per clause is garbage afterwards and its
// tables stay as small as a few clauses: the check of a system is linear
// in its size.
type modelChecker struct {
	from  *term.Store
	m     chc.Model
	st    *term.Store  // scratch
	cp    *term.Copier // from → st
	forms map[*chc.Pred]*formInfo
	// forcedClause's scratch: the values of a clause's variables and of
	// an atom's parameters, which variables it needs and has forced
	vals, pvals *term.Model
	need        []bool
	atoms       []*chc.Atom
}

// formInfo is what forcedClause needs of a predicate's formula: whether
// evaluation decides it exactly, its conjuncts x = t (x a parameter), and
// which parameters it mentions.
type formInfo struct {
	exact bool
	eqs   []formEq
	uses  []bool // by parameter position
}

type formEq struct {
	x    int // parameter position
	t    *term.Term
	deps []int // parameter positions t mentions
}

// scratchTerms is the size past which the scratch store is renewed.
const scratchTerms = 1 << 14

// clause checks c: body ∧ constraint ∧ ¬head, with the model's formulas
// instantiated, must be unsatisfiable. It returns what fails, or "".
//
// When the equalities among the conjuncts force the value of every
// variable (x = 3, y = x + 1, and the like, the clauses of straight-line
// code), evaluation under the forced values decides: first without
// instantiating the formulas (forcedClause, which adds no term to the
// system's store but the values it computes), else in a scratch store
// (see forced); otherwise an smt solver does, in the scratch store, whose
// renewal at scratchTerms keeps the solver's tables (which grow with the
// largest term ID of its store) small.
func (mc *modelChecker) clause(ctx context.Context, c *chc.Clause) string {
	if holds, vals, ok := mc.forcedClause(c); ok {
		if holds {
			return "does not hold under the model: " + counterexample(vals, c.Vars)
		}
		return ""
	}
	return mc.scratchClause(ctx, c)
}

// scratchClause is clause in the scratch store, with forced or the smt
// solver.
func (mc *modelChecker) scratchClause(ctx context.Context, c *chc.Clause) string {
	if mc.st == nil || mc.st.NumTerms() > scratchTerms {
		mc.st = term.NewStore()
		mc.cp = term.NewCopier(mc.from, mc.st)
	}
	st, cp := mc.st, mc.cp
	inst := func(a *chc.Atom) *term.Term {
		f := cp.Term(mc.m.Lookup(mc.from, a.Pred))
		if a.Pred.Arity() == 0 {
			return f
		}
		return st.Substitute(f, cp.Terms(a.Pred.Params), cp.Terms(a.Args))
	}
	parts := []*term.Term{cp.Term(c.Constraint)}
	for j := range c.Body {
		parts = append(parts, inst(&c.Body[j]))
	}
	body := st.And(parts...)
	// the negations of the head formula's conjuncts, each refuted on its
	// own: a model's formula is a conjunction of lemmas, and refuting its
	// negation whole is a search through their disjunction
	var goals []*term.Term
	if c.Head != nil {
		h := inst(c.Head)
		parts = append(parts, st.Not(h))
		if h.Op() == term.OpAnd {
			for _, a := range h.Args() {
				goals = append(goals, st.Not(a))
			}
		} else {
			goals = []*term.Term{st.Not(h)}
		}
	} else {
		goals = []*term.Term{st.True()} // a query: the body alone
	}
	phi := st.And(parts...)
	if holds, model, ok := forced(st, phi); ok {
		if holds {
			return "does not hold under the model: " + counterexample(model, cp.Terms(c.Vars))
		}
		return ""
	}
	if refutedByEqualities(st, phi) {
		return ""
	}
	sv := smt.New(st, smt.Options{})
	lin := newLinearizer(st) // non-linear terms are abstracted, see nonlinear.go
	if err := sv.Assert(lin.abstract(body)); err != nil {
		return "cannot be checked: " + err.Error()
	}
	for _, g := range goals {
		var assume []*term.Term
		if !g.IsTrue() {
			assume = []*term.Term{lin.abstract(g)}
		}
		whole := st.And(body, g)
		res, err := sv.Check(ctx, assume...)
		switch {
		case err != nil:
			return "cannot be checked: " + err.Error()
		case res == smt.Sat && chc.NonLinear(st, whole) != nil && !holds(sv.Model(), whole):
			return "cannot be checked: non-linear arithmetic " + term.Sprint(chc.NonLinear(st, whole))
		case res == smt.Sat:
			return "does not hold under the model: " + counterexample(sv.Model(), cp.Terms(c.Vars))
		case res != smt.Unsat:
			return "cannot be checked: " + sv.ReasonUnknown()
		}
	}
	return ""
}

// forcedClause is forced for c under the model without instantiating
// the formulas (see clause): a formula's conjunct p = t, p a parameter,
// forces the atom's argument at p to the value of t with the parameters
// at the arguments' values; the constraint's conjuncts x = t force as in
// forced. When every variable that the constraint or an instantiated
// formula mentions is forced (the clauses of straight-line code, with
// the formulas x = v of their predicates), evaluation in the system's
// store decides: holds reports whether body ∧ constraint ∧ ¬head holds
// under the forced values (the clause fails; vals are the values), which
// are the only values that can satisfy it. ok is false when c's atoms are
// not over distinct variables, when some variable is not forced, or when
// a formula or the constraint has an operator that evaluation does not
// decide exactly (see forced); then clause decides in its scratch store.
func (mc *modelChecker) forcedClause(c *chc.Clause) (holds bool, vals *term.Model, ok bool) {
	st := mc.from
	// the variables by position in c.Vars, which a normalised clause's
	// atoms and constraint mention only
	var index map[*term.Term]int
	if len(c.Vars) > smallSet {
		index = make(map[*term.Term]int, len(c.Vars))
		for i, x := range c.Vars {
			index[x] = i
		}
	}
	indexOf := func(x *term.Term) int {
		if index != nil {
			if i, ok := index[x]; ok {
				return i
			}
			return -1
		}
		for i, y := range c.Vars {
			if y == x {
				return i
			}
		}
		return -1
	}
	n := len(c.Vars)
	if cap(mc.need) < 2*n {
		mc.need = make([]bool, 2*n)
	}
	mc.need = mc.need[:2*n]
	clear(mc.need)
	need, set := mc.need[:n], mc.need[n:]
	exact := true
	for u := range term.PostOrder(c.Constraint) {
		switch u.Op() {
		case term.OpConst:
			i := indexOf(u)
			if i < 0 || u.Sort().IsArray() {
				exact = false
			} else {
				need[i] = true
			}
		case term.OpDiv, term.OpIntDiv, term.OpMod, term.OpSelect, term.OpStore, term.OpConstArray,
			term.OpApply, term.OpForall, term.OpExists, term.OpBound, term.OpValue:
			exact = false
		}
		if !exact {
			return false, nil, false
		}
	}
	atoms := mc.atoms[:0]
	for j := range c.Body {
		atoms = append(atoms, &c.Body[j])
	}
	if c.Head != nil {
		atoms = append(atoms, c.Head)
	}
	mc.atoms = atoms
	// each argument a distinct variable, forced where its parameter
	// occurs in the formula
	for _, a := range atoms {
		fi := mc.form(a.Pred)
		if !fi.exact {
			return false, nil, false
		}
		for k, x := range a.Args {
			i := indexOf(x)
			if i < 0 || set[i] { // set marks the arguments met, for now
				return false, nil, false
			}
			set[i] = true
			if fi.uses[k] {
				need[i] = true
			}
		}
	}
	clear(set)
	type eq struct {
		x    int        // the variable forced
		t    *term.Term // to the value of t
		atom *chc.Atom  // whose formula t is in (over its parameters), or nil
		deps []int      // the variables t mentions
	}
	var eqs []eq
	if mc.vals == nil {
		mc.vals, mc.pvals = term.NewModel(st), term.NewModel(st)
	}
	vals = mc.vals
	vals.Reset()
	for _, a := range term.Conjuncts(nil, c.Constraint) {
		switch {
		case a.Op() == term.OpConst:
			vals.Set(a, st.True())
			set[indexOf(a)] = true
		case a.Op() == term.OpNot && a.Arg(0).Op() == term.OpConst:
			vals.Set(a.Arg(0), st.False())
			set[indexOf(a.Arg(0))] = true
		case a.Op() == term.OpEq && a.NumArgs() == 2:
			for _, p := range [][2]*term.Term{{a.Arg(0), a.Arg(1)}, {a.Arg(1), a.Arg(0)}} {
				if p[0].Op() == term.OpConst {
					e := eq{x: indexOf(p[0]), t: p[1]}
					for _, y := range term.FreeConsts(p[1]) {
						e.deps = append(e.deps, indexOf(y))
					}
					eqs = append(eqs, e)
				}
			}
		}
	}
	for _, a := range atoms[:len(c.Body)] {
		for _, fe := range mc.form(a.Pred).eqs {
			e := eq{x: indexOf(a.Args[fe.x]), t: fe.t, atom: a}
			for _, k := range fe.deps {
				e.deps = append(e.deps, indexOf(a.Args[k]))
			}
			eqs = append(eqs, e)
		}
	}
	// atomVals are the values of a's parameters: its arguments'
	atomVals := func(a *chc.Atom) *term.Model {
		m := mc.pvals
		m.Reset()
		for k, x := range a.Args {
			if v, ok := vals.Lookup(x); ok {
				m.Set(a.Pred.Params[k], v)
			}
		}
		return m
	}
	missing := func() bool {
		for i := range need {
			if need[i] && !set[i] {
				return true
			}
		}
		return false
	}
	// propagate, a few sweeps over the equalities
	for sweep, progress := 0, true; progress && sweep < 8 && missing(); sweep++ {
		progress = false
		for _, e := range eqs {
			if set[e.x] {
				continue
			}
			ready := true
			for _, y := range e.deps {
				ready = ready && set[y]
			}
			if !ready {
				continue
			}
			m := vals
			if e.atom != nil {
				m = atomVals(e.atom)
			}
			v, err := m.Eval(e.t)
			if err != nil {
				return false, nil, false
			}
			vals.Set(c.Vars[e.x], v)
			set[e.x] = true
			progress = true
		}
	}
	if missing() {
		return false, nil, false
	}
	holds, err := vals.EvalBool(c.Constraint)
	for _, a := range atoms {
		if !holds || err != nil {
			break
		}
		var v bool
		v, err = atomVals(a).EvalBool(mc.m.Lookup(st, a.Pred))
		holds = v != (a == c.Head)
	}
	if err != nil {
		return false, nil, false
	}
	return holds, vals, true
}

// form is the formInfo of p's formula, memoized.
func (mc *modelChecker) form(p *chc.Pred) *formInfo {
	if fi := mc.forms[p]; fi != nil {
		return fi
	}
	if mc.forms == nil {
		mc.forms = map[*chc.Pred]*formInfo{}
	}
	f := mc.m.Lookup(mc.from, p)
	fi := &formInfo{exact: exactTerm(f), uses: make([]bool, p.Arity())}
	mc.forms[p] = fi
	pos := make(map[*term.Term]int, p.Arity())
	for i, x := range p.Params {
		pos[x] = i
	}
	for _, x := range term.FreeConsts(f) {
		if i, ok := pos[x]; ok {
			fi.uses[i] = true
		} else {
			fi.exact = false // CheckModel has rejected such a formula
		}
	}
	for _, a := range term.Conjuncts(nil, f) {
		if a.Op() != term.OpEq || a.NumArgs() != 2 {
			continue
		}
		for _, pr := range [][2]*term.Term{{a.Arg(0), a.Arg(1)}, {a.Arg(1), a.Arg(0)}} {
			i, ok := pos[pr[0]]
			if !ok {
				continue
			}
			e := formEq{x: i, t: pr[1]}
			for _, y := range term.FreeConsts(pr[1]) {
				e.deps = append(e.deps, pos[y])
			}
			fi.eqs = append(fi.eqs, e)
		}
	}
	return fi
}

// exactTerm reports whether evaluation decides t exactly for
// satisfiability (see forced): no array constant, division, array
// operation, uninterpreted function, quantifier or bound variable.
func exactTerm(t *term.Term) bool {
	for u := range term.PostOrder(t) {
		switch u.Op() {
		case term.OpConst:
			if u.Sort().IsArray() {
				return false
			}
		case term.OpDiv, term.OpIntDiv, term.OpMod, term.OpSelect, term.OpStore, term.OpConstArray,
			term.OpApply, term.OpForall, term.OpExists, term.OpBound, term.OpValue:
			return false
		}
	}
	return true
}

// forced decides the satisfiability of phi by evaluation when its
// conjuncts force the value of each of its constants: a conjunct x = t
// (or t = x) with x a constant and t a term whose constants are forced
// forces x to t's value, a conjunct b or ¬b forces the Boolean constant b.
// Every model of phi gives its constants these values, so phi is
// satisfiable iff it evaluates to true under them (model). ok is false
// when some constant is not forced, or phi has an operator whose
// evaluation is not exact for satisfiability (division, arrays,
// uninterpreted functions, quantifiers): then the smt solver decides.
func forced(st *term.Store, phi *term.Term) (sat bool, model *term.Model, ok bool) {
	free := 0
	for u := range term.PostOrder(phi) {
		switch u.Op() {
		case term.OpConst:
			if u.Sort().IsArray() {
				return false, nil, false
			}
			free++
		case term.OpDiv, term.OpIntDiv, term.OpMod, term.OpSelect, term.OpStore, term.OpConstArray,
			term.OpApply, term.OpForall, term.OpExists, term.OpBound, term.OpValue:
			return false, nil, false
		}
	}
	type eq struct {
		x, t *term.Term
		deps []*term.Term
	}
	var eqs []eq
	m := term.NewModel(st)
	set := map[*term.Term]bool{}
	for _, a := range term.Conjuncts(nil, phi) {
		switch {
		case a.Op() == term.OpConst:
			m.Set(a, st.True())
			set[a] = true
		case a.Op() == term.OpNot && a.Arg(0).Op() == term.OpConst:
			m.Set(a.Arg(0), st.False())
			set[a.Arg(0)] = true
		case a.Op() == term.OpEq && a.NumArgs() == 2:
			for _, p := range [][2]*term.Term{{a.Arg(0), a.Arg(1)}, {a.Arg(1), a.Arg(0)}} {
				if p[0].Op() == term.OpConst {
					eqs = append(eqs, eq{p[0], p[1], term.FreeConsts(p[1])})
				}
			}
		}
	}
	// propagate, a few sweeps over the equalities
	for sweep, progress := 0, true; progress && sweep < 8 && len(set) < free; sweep++ {
		progress = false
		for _, e := range eqs {
			if set[e.x] {
				continue
			}
			ready := true
			for _, y := range e.deps {
				ready = ready && set[y]
			}
			if !ready {
				continue
			}
			v, err := m.Eval(e.t)
			if err != nil {
				return false, nil, false
			}
			m.Set(e.x, v)
			set[e.x] = true
			progress = true
		}
	}
	if len(set) < free {
		return false, nil, false
	}
	sat, err := m.EvalBool(phi)
	if err != nil {
		return false, nil, false
	}
	return sat, m, true
}

// refutedByEqualities reports whether phi is unsatisfiable because of its
// conjuncts x = y and x = v (constants x, y, a value v): each class of
// constants they make equal is replaced by one member (its value, if it
// has one, else the constant of lowest ID), and phi simplifies to false.
// Every model of phi satisfies those equalities, so it would be a model
// of the replaced formula too. Renamings of variables are most of the
// clauses of programs' encodings (the head's arguments copied from the
// body's), and simplification decides them at a fraction of the smt
// solver's cost.
func refutedByEqualities(st *term.Store, phi *term.Term) bool {
	parent := map[*term.Term]*term.Term{} // the constants met; a root is its own parent
	var consts []*term.Term               // the same, in the order met
	var find func(x *term.Term) *term.Term
	find = func(x *term.Term) *term.Term {
		p, ok := parent[x]
		if !ok || p == x {
			return x // a root, or a value
		}
		r := find(p)
		parent[x] = r
		return r
	}
	for _, a := range term.Conjuncts(nil, phi) {
		if a.Op() != term.OpEq || a.NumArgs() != 2 {
			continue
		}
		x, y := a.Arg(0), a.Arg(1)
		if x.Op() != term.OpConst {
			x, y = y, x
		}
		if x.Op() != term.OpConst || (y.Op() != term.OpConst && (!y.IsValue() || y.Sort().IsArray())) {
			continue // (array values need not be canonical terms)
		}
		for _, z := range []*term.Term{x, y} {
			if _, ok := parent[z]; !ok && z.Op() == term.OpConst {
				parent[z] = z
				consts = append(consts, z)
			}
		}
		rx, ry := find(x), find(y)
		switch {
		case rx == ry:
			continue
		case rx.IsValue() && ry.IsValue():
			return true // two values for one class
		case rx.IsValue() || (ry.Op() == term.OpConst && term.CompareID(rx, ry) < 0):
			rx, ry = ry, rx
		}
		parent[rx] = ry // ry is kept: a value, else the lower ID
	}
	sub := map[*term.Term]*term.Term{}
	for _, x := range consts {
		if r := find(x); r != x {
			sub[x] = r
		}
	}
	return len(sub) > 0 && st.SimplifyMap(phi, sub).IsFalse()
}

func counterexample(m *term.Model, vars []*term.Term) string {
	s := ""
	for i, v := range vars {
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

// CheckResult checks the witness of res on s: the model of a chc.Sat answer
// with CheckModel, the derivation of an chc.Unsat one with CheckDerivation.
// An Unknown answer has nothing to check.
func CheckResult(ctx context.Context, s *chc.System, res chc.Result) error {
	switch res.Answer {
	case chc.Sat:
		if res.Model == nil {
			return fmt.Errorf("chc: sat without a model")
		}
		return CheckModel(ctx, s, res.Model)
	case chc.Unsat:
		if res.Derivation == nil {
			return fmt.Errorf("chc: unsat without a derivation")
		}
		return CheckDerivation(ctx, s, res.Derivation)
	}
	return nil
}
