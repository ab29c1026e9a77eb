package smt

import (
	"fmt"

	"github.com/seed-f9c3434d/gospacer/lra"
	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/sat"
	"github.com/seed-f9c3434d/gospacer/term"
)

// arith is the linear arithmetic plugin over the lra simplex. Each atom is
// a bound on one simplex variable (a term's variable or a slack shared by
// all atoms over the same normalized linear combination):
//
//	v <= c   or   v < c   (strict)
//
// with one SAT variable; its negation is v > c, respectively v >= c.
type arith struct {
	s       *Solver
	lra     *lra.Solver
	varOf   map[*term.Term]lra.Var // arithmetic constants -> simplex variables
	terms   []*term.Term           // by simplex variable; nil for slacks
	atoms   []arithAtom
	atomOf  map[atomKey]sat.Lit
	byVar   map[sat.Var]int32 // SAT variable -> atom index
	pending bool              // bounds asserted since the last check
	confl   bool              // an assertion conflicted; see lra.Conflict
	implied []lra.Implied
	expl    map[sat.Lit][]lra.Explained // explanations of implied literals
	// values of the term variables, taken at the last final check: the
	// SAT solver backtracks before Solve returns, and the simplex bounds
	// (which decide δ) with it.
	values []num.Rat
}

type arithAtom struct {
	v      lra.Var
	c      num.Rat
	strict bool
}

type atomKey struct {
	v      lra.Var
	c      string
	strict bool
}

func newArith(s *Solver) *arith {
	return &arith{
		s:      s,
		lra:    lra.New(),
		varOf:  map[*term.Term]lra.Var{},
		atomOf: map[atomKey]sat.Lit{},
		byVar:  map[sat.Var]int32{},
		expl:   map[sat.Lit][]lra.Explained{},
	}
}

// atom returns the literal of the comparison t.
func (a *arith) atom(t *term.Term) (sat.Lit, error) {
	st := a.s.st
	lhs, err := a.s.enc.lift(t.Arg(0))
	if err != nil {
		return sat.LitNull, err
	}
	rhs, err := a.s.enc.lift(t.Arg(1))
	if err != nil {
		return sat.LitNull, err
	}
	lin, ok := st.Linearize(st.Sub(lhs, rhs))
	if !ok {
		return sat.LitNull, &UnsupportedError{t, "non-linear arithmetic"}
	}
	// Σ c_i x_i + k  op  0
	if lin.IsConst() {
		if holds(t.Op(), lin.Const.Sign()) {
			return a.s.enc.tru, nil
		}
		return a.s.enc.tru.Not(), nil
	}
	coeffs := make([]num.Rat, len(lin.Vars))
	vars := make([]lra.Var, len(lin.Vars))
	for i, x := range lin.Vars {
		v, err := a.variable(x, t)
		if err != nil {
			return sat.LitNull, err
		}
		coeffs[i], vars[i] = lin.Coeffs[i], v
	}
	coeffs, vars, f := lra.Normalize(coeffs, vars)
	if len(vars) == 0 {
		if holds(t.Op(), lin.Const.Sign()) {
			return a.s.enc.tru, nil
		}
		return a.s.enc.tru.Not(), nil
	}
	v := a.lra.AddRow(coeffs, vars)
	// f·norm + k op 0  <=>  norm op' -k/f, op' flipped when f < 0.
	c := lin.Const.Neg().Quo(f)
	op := t.Op()
	if f.Sign() < 0 {
		op = mirror(op)
	}
	switch op {
	case term.OpLe:
		return a.boundAtom(v, c, false), nil
	case term.OpLt:
		return a.boundAtom(v, c, true), nil
	case term.OpGe:
		return a.boundAtom(v, c, true).Not(), nil
	default: // OpGt
		return a.boundAtom(v, c, false).Not(), nil
	}
}

// holds evaluates "k op 0" for a constant k of the given sign.
func holds(op term.Op, sign int) bool {
	switch op {
	case term.OpLe:
		return sign <= 0
	case term.OpLt:
		return sign < 0
	case term.OpGe:
		return sign >= 0
	}
	return sign > 0
}

// mirror turns "x op c" into the comparison for "-x op' -c".
func mirror(op term.Op) term.Op {
	switch op {
	case term.OpLe:
		return term.OpGe
	case term.OpLt:
		return term.OpGt
	case term.OpGe:
		return term.OpLe
	}
	return term.OpLt
}

// variable returns the simplex variable of the monomial x of atom t.
func (a *arith) variable(x, t *term.Term) (lra.Var, error) {
	if v, ok := a.varOf[x]; ok {
		return v, nil
	}
	if x.Op() != term.OpConst {
		return 0, &UnsupportedError{t, fmt.Sprintf("arithmetic term %v", short(x))}
	}
	v := a.lra.NewVar()
	a.varOf[x] = v
	for int(v) >= len(a.terms) {
		a.terms = append(a.terms, nil)
	}
	a.terms[v] = x
	return v, nil
}

func (a *arith) boundAtom(v lra.Var, c num.Rat, strict bool) sat.Lit {
	k := atomKey{v, c.String(), strict}
	if m, ok := a.atomOf[k]; ok {
		return m
	}
	sv := a.s.sat.NewVar()
	m := sv.Pos()
	a.atomOf[k] = m
	a.byVar[sv] = int32(len(a.atoms))
	a.atoms = append(a.atoms, arithAtom{v, c, strict})
	a.s.th.register(sv, a)
	b := lra.Exact(c)
	if strict {
		b = lra.Below(c)
	}
	a.lra.RegisterAtom(v, lra.Upper, b, lra.Reason(m))
	return m
}

func (a *arith) assign(m sat.Lit) {
	if a.confl {
		return
	}
	at := a.atoms[a.byVar[m.Var()]]
	var conflict bool
	switch {
	case !m.IsNeg() && at.strict:
		conflict = a.lra.AssertUpper(at.v, lra.Below(at.c), lra.Reason(m))
	case !m.IsNeg():
		conflict = a.lra.AssertUpper(at.v, lra.Exact(at.c), lra.Reason(m))
	case at.strict: // not (v < c): v >= c
		conflict = a.lra.AssertLower(at.v, lra.Exact(at.c), lra.Reason(m))
	default: // not (v <= c): v > c
		conflict = a.lra.AssertLower(at.v, lra.Above(at.c), lra.Reason(m))
	}
	a.pending = true
	a.confl = conflict
}

// conflictClause appends the negations of the bounds in the conflict.
func (a *arith) conflictClause(dst []sat.Lit) []sat.Lit {
	for _, e := range a.lra.Conflict() {
		dst = append(dst, sat.Lit(e.Reason).Not())
	}
	return dst
}

func (a *arith) propagate(dst []sat.Lit) []sat.Lit {
	if a.confl {
		return a.conflictClause(dst)
	}
	if !a.pending {
		return dst
	}
	a.pending = false
	switch a.lra.Check(a.s.th.context()) {
	case lra.Unsat:
		a.confl = true
		return a.conflictClause(dst)
	case lra.Unknown:
		return dst
	}
	a.implied = a.lra.Propagate(a.implied[:0])
	for _, im := range a.implied {
		m := sat.Lit(im.Lit)
		if !im.Value {
			m = m.Not()
		}
		if a.s.sat.ValueNow(m) == sat.True {
			// Keep the explanation it was assigned with: a new one may
			// use literals assigned after m.
			continue
		}
		a.expl[m] = im.Expl
		if !a.s.sat.Imply(m) {
			break
		}
	}
	return dst
}

func (a *arith) explain(dst []sat.Lit, m sat.Lit) []sat.Lit {
	dst = append(dst, m)
	for _, e := range a.expl[m] {
		dst = append(dst, sat.Lit(e.Reason).Not())
	}
	return dst
}

func (a *arith) push() { a.lra.Push() }

func (a *arith) pop(n int) {
	a.lra.Pop(n)
	a.confl = false
	a.pending = true
}

func (a *arith) finalCheck(dst []sat.Lit) []sat.Lit {
	if a.confl {
		return a.conflictClause(dst)
	}
	switch a.lra.Check(a.s.th.context()) {
	case lra.Unsat:
		a.confl = true
		return a.conflictClause(dst)
	case lra.Unknown:
		a.s.th.incomplete = "arithmetic check interrupted"
		return dst
	}
	a.pending = false
	a.values = a.values[:0]
	for v, x := range a.terms {
		var val num.Rat
		if x != nil {
			val = a.lra.Value(lra.Var(v))
			if x.Sort().IsInt() && !val.IsInt() {
				a.s.th.incomplete = "integer arithmetic is not supported yet"
			}
		}
		a.values = append(a.values, val)
	}
	return dst
}

// model sets the values of the arithmetic constants.
func (a *arith) model(m *term.Model) error {
	for v, x := range a.terms {
		if x == nil {
			continue
		}
		var val num.Rat // a variable created after the last final check is free
		if v < len(a.values) {
			val = a.values[v]
		}
		if x.Sort().IsInt() && !val.IsInt() {
			return fmt.Errorf("no integer value for %v", x)
		}
		m.Set(x, a.s.st.Num(val, x.Sort()))
	}
	return nil
}

// checkAtoms reports the first atom whose SAT value disagrees with the
// simplex model (a debugging aid for tests).
func (a *arith) checkAtoms() error {
	for sv, i := range a.byVar {
		at := a.atoms[i]
		if a.lra.IsSlack(at.v) {
			continue // the snapshot holds term variables only
		}
		val := a.values[at.v]
		holds := val.Cmp(at.c) < 0 || (!at.strict && val.Cmp(at.c) == 0)
		if a.s.sat.Value(sv.Pos()) != holds {
			return fmt.Errorf("atom %d: v%d (value %v) %s %v is %v in the SAT model (slack %v, delta %v)",
				i, at.v, val, map[bool]string{true: "<", false: "<="}[at.strict], at.c, a.s.sat.Value(sv.Pos()), a.lra.IsSlack(at.v), a.lra.Delta())
		}
	}
	return nil
}
