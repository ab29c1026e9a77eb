package witness

import (
	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

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

// forcedClause is forced for c under the model without instantiating
// the formulas (see clause): a formula's conjunct p = t, p a parameter,
// forces the atom's argument at p to the value of t with the parameters
// at the arguments' values; the constraint's conjuncts x = t force as in
// forced. When every variable that the constraint or an instantiated
// formula mentions is forced (the clauses of straight-line code, with
// the formulas x = v of their predicates), evaluation in the system's
// store decides: holds reports whether body ∧ constraint ∧ ¬head holds
// under the forced values (the clause fails; vals are the values), which
// are the only values that can satisfy it. ok is false when an atom's
// argument is not one of c's variables, when some variable is not forced, or when
// a formula or the constraint has an operator that evaluation does not
// decide exactly (see forced); then clause decides in its scratch store.
func (mc *modelChecker) forcedClause(c *chc.Clause) (holds bool, vals *term.Model, ok bool) {
	f := mc.forcing(c)
	if !f.needs() {
		return false, nil, false
	}
	f.equalities()
	if !f.propagate() {
		return false, nil, false
	}
	return f.decide()
}

// A forcing is forcedClause's work on one clause: which variables the
// clause needs, the equalities that may force them, and the values
// forced so far.
type forcing struct {
	mc    *modelChecker
	st    *term.Store
	c     *chc.Clause
	index map[*term.Term]int // past smallSet variables: their positions
	atoms []*chc.Atom        // the body's, then the head
	need  []bool             // by position in c.Vars: mentioned where it counts
	set   []bool             // by position: forced (or, in needs, met as an argument)
	eqs   []forcingEq        // what may force a variable
	vals  *term.Model        // the forced values
}

// A forcingEq is an equality that forces variable x to the value of t.
type forcingEq struct {
	x    int        // the variable forced
	t    *term.Term // to the value of t
	atom *chc.Atom  // whose formula t is in (over its parameters), or nil
	deps []int      // the variables t mentions
}

// forcing starts forcedClause's work on c, in mc's buffers.
func (mc *modelChecker) forcing(c *chc.Clause) *forcing {
	f := &forcing{mc: mc, st: mc.from, c: c}
	// the variables by position in c.Vars, which a normalised clause's
	// atoms and constraint mention only
	if len(c.Vars) > smallSet {
		if mc.index == nil {
			mc.index = make(map[*term.Term]int, len(c.Vars))
		}
		clear(mc.index)
		f.index = mc.index
		for i, x := range c.Vars {
			f.index[x] = i
		}
	}
	n := len(c.Vars)
	if cap(mc.need) < 2*n {
		mc.need = make([]bool, 2*n)
	}
	mc.need = mc.need[:2*n]
	clear(mc.need)
	f.need, f.set = mc.need[:n], mc.need[n:]
	atoms := mc.atoms[:0]
	for j := range c.Body {
		atoms = append(atoms, &c.Body[j])
	}
	if c.Head != nil {
		atoms = append(atoms, c.Head)
	}
	mc.atoms, f.atoms = atoms, atoms
	if mc.vals == nil {
		mc.vals, mc.pvals = term.NewModel(f.st), term.NewModel(f.st)
	}
	f.vals = mc.vals
	f.vals.Reset()
	return f
}

// indexOf is the position of x in c.Vars, -1 if it is not one.
func (f *forcing) indexOf(x *term.Term) int {
	if f.index != nil {
		if i, ok := f.index[x]; ok {
			return i
		}
		return -1
	}
	for i, y := range f.c.Vars {
		if y == x {
			return i
		}
	}
	return -1
}

// needs marks the variables the constraint and the atoms' formulas
// mention; false when evaluation cannot decide the clause (an operator it
// does not evaluate exactly, an argument that is not a variable).
func (f *forcing) needs() bool {
	for u := range term.PostOrder(f.c.Constraint) {
		switch u.Op() {
		case term.OpConst:
			i := f.indexOf(u)
			if i < 0 || u.Sort().IsArray() {
				return false
			}
			f.need[i] = true
		case term.OpDiv, term.OpIntDiv, term.OpMod, term.OpSelect, term.OpStore, term.OpConstArray,
			term.OpApply, term.OpForall, term.OpExists, term.OpBound, term.OpValue:
			return false
		}
	}
	// each argument a variable, forced where its parameter occurs in
	// the formula; a variable may be the argument of several atoms (a
	// relaxed system's clause, see chc.System.Relaxed) or of several
	// positions of one: each of its equalities may force it, and decide
	// evaluates every atom under its one value
	for _, a := range f.atoms {
		fi := f.mc.form(a.Pred)
		if !fi.exact {
			return false
		}
		for k, x := range a.Args {
			i := f.indexOf(x)
			if i < 0 {
				return false
			}
			if fi.uses[k] {
				f.need[i] = true
			}
		}
	}
	return true
}

// equalities sets the variables the constraint's literals force and
// gathers the equalities of the constraint and of the body atoms'
// formulas.
func (f *forcing) equalities() {
	st, vals := f.st, f.vals
	for _, a := range term.Conjuncts(nil, f.c.Constraint) {
		switch {
		case a.Op() == term.OpConst:
			vals.Set(a, st.True())
			f.set[f.indexOf(a)] = true
		case a.Op() == term.OpNot && a.Arg(0).Op() == term.OpConst:
			vals.Set(a.Arg(0), st.False())
			f.set[f.indexOf(a.Arg(0))] = true
		case a.Op() == term.OpEq && a.NumArgs() == 2:
			for _, p := range [][2]*term.Term{{a.Arg(0), a.Arg(1)}, {a.Arg(1), a.Arg(0)}} {
				if p[0].Op() == term.OpConst {
					e := forcingEq{x: f.indexOf(p[0]), t: p[1]}
					for _, y := range term.FreeConsts(p[1]) {
						e.deps = append(e.deps, f.indexOf(y))
					}
					f.eqs = append(f.eqs, e)
				}
			}
		}
	}
	for _, a := range f.atoms[:len(f.c.Body)] {
		for _, fe := range f.mc.form(a.Pred).eqs {
			e := forcingEq{x: f.indexOf(a.Args[fe.x]), t: fe.t, atom: a}
			for _, k := range fe.deps {
				e.deps = append(e.deps, f.indexOf(a.Args[k]))
			}
			f.eqs = append(f.eqs, e)
		}
	}
}

// atomVals are the values of a's parameters: its arguments'.
func (f *forcing) atomVals(a *chc.Atom) *term.Model {
	m := f.mc.pvals
	m.Reset()
	for k, x := range a.Args {
		if v, ok := f.vals.Lookup(x); ok {
			m.Set(a.Pred.Params[k], v)
		}
	}
	return m
}

// missing reports whether a variable needed is not forced yet.
func (f *forcing) missing() bool {
	for i := range f.need {
		if f.need[i] && !f.set[i] {
			return true
		}
	}
	return false
}

// propagate forces what the equalities force, a few sweeps over them;
// false when a needed variable stays unforced or a value cannot be
// evaluated.
func (f *forcing) propagate() bool {
	for sweep, progress := 0, true; progress && sweep < 8 && f.missing(); sweep++ {
		progress = false
		for _, e := range f.eqs {
			if f.set[e.x] {
				continue
			}
			ready := true
			for _, y := range e.deps {
				ready = ready && f.set[y]
			}
			if !ready {
				continue
			}
			m := f.vals
			if e.atom != nil {
				m = f.atomVals(e.atom)
			}
			v, err := m.Eval(e.t)
			if err != nil {
				return false
			}
			f.vals.Set(f.c.Vars[e.x], v)
			f.set[e.x] = true
			progress = true
		}
	}
	return !f.missing()
}

// decide evaluates body ∧ constraint ∧ ¬head under the forced values.
func (f *forcing) decide() (holds bool, vals *term.Model, ok bool) {
	holds, err := f.vals.EvalBool(f.c.Constraint)
	for _, a := range f.atoms {
		if !holds || err != nil {
			break
		}
		var v bool
		v, err = f.atomVals(a).EvalBool(f.mc.m.Lookup(f.st, a.Pred))
		holds = v != (a == f.c.Head)
	}
	if err != nil {
		return false, nil, false
	}
	return holds, f.vals, true
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
