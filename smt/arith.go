package smt

import (
	"fmt"

	"github.com/seed-f9c3434d/gospacer/lia"
	"github.com/seed-f9c3434d/gospacer/lra"
	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/sat"
	"github.com/seed-f9c3434d/gospacer/term"
)

// arith is the linear arithmetic plugin over the lra simplex, with integer
// reasoning from lia. Each atom is a bound on one simplex variable (a
// term's variable or a slack shared by all atoms over the same normalized
// linear combination):
//
//	v <= c   or   v < c   (strict)
//
// with one SAT variable; its negation is v > c, respectively v >= c. Over
// an integer variable (an Int constant, or a slack whose definition has
// integer coefficients over Int constants) atoms are never strict and c is
// an integer, so the negation is v >= c+1 (see linAtom).
//
// Integer reasoning runs at the final check (intCheck): a fractional
// integer variable leads to a branch — a fresh atom v <= floor(value) that
// the SAT solver must decide — or to a cut lemma (bounds ⇒ cut atom), each
// recorded with its proof (see cutRecord).
type arith struct {
	s      *Solver
	lra    *lra.Solver
	li     *lia.Solver
	varOf  map[*term.Term]lra.Var // arithmetic constants -> simplex variables
	terms  []*term.Term           // by simplex variable; nil for slacks
	atoms  []arithAtom
	atomOf map[atomKey]sat.Lit // bound atoms (findAtom)
	// bound atoms whose bound does not fit two int64s (findAtom)
	atomOfBig map[bigAtomKey]sat.Lit
	byVar     []int32 // by SAT variable: atom index + 1 (0: not an atom)
	pending   bool    // bounds asserted since the last check
	// bound propagation was skipped while the SAT solver placed
	// assumptions (see propagate)
	deferred bool
	confl    bool // an assertion conflicted; see lra.Conflict
	implied  []lra.Implied
	expl     [][]lra.Explained // by literal: the explanation it was implied with
	// values of the term variables, taken at the last final check: the
	// SAT solver backtracks before Solve returns, and the simplex bounds
	// (which decide δ) with it.
	values []num.Rat

	elim   eliminator  // div, mod, abs, to_int, division by zero (int_elim.go)
	ints   intSearch   // integer search state (lia_check.go)
	cuts   []cutRecord // the cut lemmas added, with their proofs
	farkas farkasLog   // certificates of conflicts and explanations (Options.Proofs)
	lemma  []sat.Lit   // scratch

	// scratch for linAtom
	linCs []num.Rat
	linVs []lra.Var

	engine arithEngine // difference logic or the simplex (difflogic.go)
	dl     *diffLogic  // engineDiff's state, else nil
	noDiff bool        // tests: the simplex always
	dense  bool        // tests: difflogic's dense mode whenever it is chosen
}

type arithAtom struct {
	v      lra.Var
	c      num.Rat
	strict bool
	isInt  bool // v is integer: the negation is v >= c+1
	lower  bool // the atom is v >= c (integer v only), negation v <= c-1
}

// atomKey is a bound atom's key in atomOf: its variable and kind, and
// its bound as numerator and denominator when they fit in an int64 (the
// bound's decimal string was a tenth of the time an atom took to make);
// a bigger bound's atom is in atomOfBig, by the bound's string.
type atomKey struct {
	v             lra.Var
	strict, lower bool
	n, d          int64
}

type bigAtomKey struct {
	v             lra.Var
	strict, lower bool
	c             string
}

// findAtom is the literal of the atom v <= c (strict: v < c; lower:
// v >= c), if it has been made.
func (a *arith) findAtom(v lra.Var, c num.Rat, strict, lower bool) (sat.Lit, bool) {
	if n, d, ok := c.Parts64(); ok {
		m, ok := a.atomOf[atomKey{v, strict, lower, n, d}]
		return m, ok
	}
	m, ok := a.atomOfBig[bigAtomKey{v, strict, lower, c.String()}]
	return m, ok
}

// keepAtom records m as the literal of the atom of findAtom.
func (a *arith) keepAtom(v lra.Var, c num.Rat, strict, lower bool, m sat.Lit) {
	if n, d, ok := c.Parts64(); ok {
		a.atomOf[atomKey{v, strict, lower, n, d}] = m
		return
	}
	if a.atomOfBig == nil {
		a.atomOfBig = map[bigAtomKey]sat.Lit{}
	}
	a.atomOfBig[bigAtomKey{v, strict, lower, c.String()}] = m
}

func newArith(s *Solver) *arith {
	lp := lra.New()
	return &arith{
		s:      s,
		lra:    lp,
		li:     lia.New(lp),
		varOf:  map[*term.Term]lra.Var{},
		atomOf: map[atomKey]sat.Lit{},
		elim:   newEliminator(),
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
		if err := a.checkLinear(lin, t); err != nil {
			return sat.LitNull, err
		}
	}
	// Σ c_i x_i + k  op  0
	coeffs := make([]num.Rat, len(lin.Vars))
	vars := make([]lra.Var, len(lin.Vars))
	for i, x := range lin.Vars {
		v, err := a.variable(x, t)
		if err != nil {
			return sat.LitNull, err
		}
		coeffs[i], vars[i] = lin.Coeffs[i], v
	}
	return a.linAtom(coeffs, vars, lin.Const, t.Op()), nil
}

// checkLinear reports the first variable of lin that is a non-linear
// product or a division by a non-numeral; a division by zero is fine (it
// is an uninterpreted function, see int_elim.go).
func (a *arith) checkLinear(lin term.Linear, t *term.Term) error {
	for _, x := range lin.Vars {
		switch x.Op() {
		case term.OpMul:
			return &UnsupportedError{t, "non-linear arithmetic"}
		case term.OpDiv:
			if _, zero := a.constDivisor(x); !zero {
				return &UnsupportedError{t, "division by a non-constant"}
			}
		}
	}
	return nil
}

// linAtom returns the literal of Σ coeffs[i]·vars[i] + k op 0 for a
// comparison op (OpLe, OpLt, OpGe, OpGt). The slices may be modified.
//
// Over integer variables only, the form is scaled to coprime integer
// coefficients whose first (by variable) is positive and the bound is
// rounded (x < 3 is x <= 2, 2x <= 5 is x <= 2, 2x >= 5 is not x <= 2), so
// the atom is v <= c with integral c and never strict. Otherwise the form
// is divided by its first coefficient (lra.Normalize).
func (a *arith) linAtom(coeffs []num.Rat, vars []lra.Var, k num.Rat, op term.Op) sat.Lit {
	allInt := true
	for _, v := range vars {
		allInt = allInt && a.li.IsInt(v)
	}
	if allInt {
		return a.intAtom(coeffs, vars, k, op)
	}
	coeffs, vars, f := lra.Normalize(coeffs, vars)
	if len(vars) == 0 {
		return a.constAtom(op, k.Sign())
	}
	v := a.lra.AddRow(coeffs, vars)
	// f·norm + k op 0  <=>  norm op' -k/f, op' flipped when f < 0.
	c := k.Neg().Quo(f)
	if f.Sign() < 0 {
		op = mirror(op)
	}
	switch op {
	case term.OpLe:
		return a.boundAtom(v, c, false)
	case term.OpLt:
		return a.boundAtom(v, c, true)
	case term.OpGe:
		return a.boundAtom(v, c, true).Not()
	default: // OpGt
		return a.boundAtom(v, c, false).Not()
	}
}

// intAtom is linAtom over integer variables.
func (a *arith) intAtom(coeffs []num.Rat, vars []lra.Var, k num.Rat, op term.Op) sat.Lit {
	coeffs, vars = lra.Canonicalize(coeffs, vars)
	if len(vars) == 0 {
		return a.constAtom(op, k.Sign())
	}
	l := num.NewInt(1)
	for _, c := range coeffs {
		l = l.Lcm(c.Den())
	}
	var g num.Int
	for _, c := range coeffs {
		g = g.Gcd(c.Num().Mul(l.Div(c.Den())))
	}
	f := l.Rat().Quo(g.Rat()) // scale: integer coprime coefficients
	if coeffs[0].Sign() < 0 {
		f = f.Neg()
		op = mirror(op)
	}
	for i := range coeffs {
		coeffs[i] = coeffs[i].Mul(f)
	}
	b := k.Mul(f).Neg() // Σ A·x op b
	v := a.lra.AddRow(coeffs, vars)
	a.li.SetInt(v)
	one := num.NewInt(1)
	switch op {
	case term.OpLe: // Σ <= floor(b)
		return a.boundAtom(v, b.Floor().Rat(), false)
	case term.OpLt: // Σ <= ceil(b) - 1
		return a.boundAtom(v, b.Ceil().Sub(one).Rat(), false)
	case term.OpGe: // not Σ <= ceil(b) - 1
		return a.boundAtom(v, b.Ceil().Sub(one).Rat(), false).Not()
	default: // OpGt: not Σ <= floor(b)
		return a.boundAtom(v, b.Floor().Rat(), false).Not()
	}
}

// constAtom is the literal of "k op 0" for a constant k of the given sign.
func (a *arith) constAtom(op term.Op, sign int) sat.Lit {
	if holds(op, sign) {
		return a.s.enc.tru
	}
	return a.s.enc.tru.Not()
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

// variable returns the simplex variable of the monomial x of atom t:
// a constant's own variable, or for div, mod, abs, to_int and division
// by zero the variable of the fresh constant that replaces the term.
func (a *arith) variable(x, t *term.Term) (lra.Var, error) {
	if v, ok := a.varOf[x]; ok {
		return v, nil
	}
	if x.Op() != term.OpConst {
		if isEufTerm(x) { // select or application, shared with euf (see eufVar)
			return a.eufVar(x, t)
		}
		k, err := a.eliminate(x, t)
		if err != nil {
			return 0, err
		}
		v, err := a.variable(k, t)
		if err != nil {
			return 0, err
		}
		a.varOf[x] = v
		return v, nil
	}
	return a.newVar(x), nil
}

func (a *arith) boundAtom(v lra.Var, c num.Rat, strict bool) sat.Lit {
	if m, ok := a.findAtom(v, c, strict, false); ok {
		return m
	}
	b := lra.Exact(c)
	if strict {
		b = lra.Below(c)
	}
	return a.newAtom(arithAtom{v, c, strict, a.li.IsInt(v), false}, lra.Upper, b)
}

// lowerAtom returns the atom v >= c of an integer variable v (the
// negation is v <= c-1). Branches use it to choose the first case: the
// SAT solver decides a new variable false first.
func (a *arith) lowerAtom(v lra.Var, c num.Rat) sat.Lit {
	if m, ok := a.findAtom(v, c, false, true); ok {
		return m
	}
	return a.newAtom(arithAtom{v, c, false, true, true}, lra.Lower, lra.Exact(c))
}

// atomIndex is the index of v's atom, or -1.
func (a *arith) atomIndex(v sat.Var) int {
	if int(v) >= len(a.byVar) {
		return -1
	}
	return int(a.byVar[v]) - 1
}

// phase is the value of the atom of v under the current simplex
// assignment: deciding it so keeps the assignment a model of the bounds.
func (a *arith) phase(v sat.Var) (value, ok bool) {
	i := a.atomIndex(v)
	if i < 0 {
		return false, false
	}
	if a.dl != nil {
		return a.dl.phase(i), true
	}
	at := &a.atoms[i]
	val := a.lra.Assignment(at.v)
	switch {
	case at.lower:
		return val.Cmp(lra.Exact(at.c)) >= 0, true
	case at.strict:
		return val.Cmp(lra.Below(at.c)) <= 0, true
	default:
		return val.Cmp(lra.Exact(at.c)) <= 0, true
	}
}

func (a *arith) newAtom(at arithAtom, kind lra.BoundKind, b lra.DeltaRat) sat.Lit {
	sv := a.s.sat.NewVar()
	m := sv.Pos()
	a.keepAtom(at.v, at.c, at.strict, at.lower, m)
	for int(sv) >= len(a.byVar) {
		a.byVar = append(a.byVar, make([]int32, len(a.byVar)+64)...)
	}
	a.byVar[sv] = int32(len(a.atoms)) + 1
	a.atoms = append(a.atoms, at)
	a.s.th.register(sv, a)
	a.lra.RegisterAtom(at.v, kind, b, lra.Reason(m))
	return m
}

func (a *arith) assign(m sat.Lit) {
	if a.dl != nil {
		a.dl.assign(a, m)
		return
	}
	if a.confl {
		return
	}
	at := &a.atoms[a.byVar[m.Var()]-1]
	if a.s.sat.Implied(m.Var()) && !(at.isInt && m.IsNeg()) {
		// A literal arith implied follows from the bounds asserted
		// already: asserting its bound would add nothing. Not so for
		// the negation of an integer atom, which rounds (v > 2.5 gives
		// v >= 3).
		return
	}
	a.assertBound(m)
}

// assertBound asserts the bound of literal m in the simplex.
func (a *arith) assertBound(m sat.Lit) {
	at := &a.atoms[a.byVar[m.Var()]-1]
	var conflict bool
	switch {
	case at.lower && !m.IsNeg(): // v >= c
		conflict = a.lra.AssertLower(at.v, lra.Exact(at.c), lra.Reason(m))
	case at.lower: // not (v >= c): v <= c-1
		conflict = a.lra.AssertUpper(at.v, lra.Exact(at.c.Sub(ratOne)), lra.Reason(m))
	case !m.IsNeg() && at.strict:
		conflict = a.lra.AssertUpper(at.v, lra.Below(at.c), lra.Reason(m))
	case !m.IsNeg():
		conflict = a.lra.AssertUpper(at.v, lra.Exact(at.c), lra.Reason(m))
	case at.strict: // not (v < c): v >= c
		conflict = a.lra.AssertLower(at.v, lra.Exact(at.c), lra.Reason(m))
	case at.isInt: // not (v <= c): v >= c+1
		conflict = a.lra.AssertLower(at.v, lra.Exact(at.c.Add(ratOne)), lra.Reason(m))
	default: // not (v <= c): v > c
		conflict = a.lra.AssertLower(at.v, lra.Above(at.c), lra.Reason(m))
	}
	a.pending = true
	a.confl = conflict
}

var ratOne = num.NewRat(1, 1)

// conflictClause appends the negations of the bounds in the conflict.
func (a *arith) conflictClause(dst []sat.Lit) []sat.Lit {
	n := len(dst)
	for _, e := range a.lra.Conflict() {
		dst = append(dst, sat.Lit(e.Reason).Not())
	}
	if a.s.opts.Proofs {
		a.farkas.record(dst[n:], a.lra.Conflict(), sat.LitNull)
	}
	return dst
}

func (a *arith) propagate(dst []sat.Lit) []sat.Lit {
	if a.dl != nil {
		return a.dl.propagate(a, dst)
	}
	if a.confl {
		return a.conflictClause(dst)
	}
	if !a.pending && !(a.deferred && !a.s.sat.PlacingAssumptions()) {
		return dst
	}
	if a.pending {
		a.pending = false
		switch a.lra.Check(a.s.th.context()) {
		case lra.Unsat:
			a.confl = true
			return a.conflictClause(dst)
		case lra.Unknown:
			return dst
		}
	}
	// Bound propagation waits for the last assumption: an incremental
	// check under many assumptions (a frame of level literals) would
	// otherwise scan the atoms of the same variables once per assumption.
	if a.deferred = a.s.sat.PlacingAssumptions(); a.deferred {
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
		for int(m) >= len(a.expl) {
			a.expl = append(a.expl, make([][]lra.Explained, len(a.expl)+128)...)
		}
		a.expl[m] = im.Expl
		if !a.s.sat.Imply(m) {
			break
		}
	}
	return dst
}

func (a *arith) explain(dst []sat.Lit, m sat.Lit) []sat.Lit {
	if a.dl != nil {
		return a.dl.explain(a, dst, m)
	}
	n := len(dst)
	dst = append(dst, m)
	for _, e := range a.expl[m] {
		dst = append(dst, sat.Lit(e.Reason).Not())
	}
	if a.s.opts.Proofs {
		a.farkas.record(dst[n:], a.expl[m], m)
	}
	return dst
}

func (a *arith) push() {
	if a.dl != nil {
		a.dl.g.Push()
		a.dl.marks = append(a.dl.marks, len(a.dl.arena))
		return
	}
	a.lra.Push()
}

func (a *arith) pop(n int) {
	if a.dl != nil {
		a.dl.g.Pop(n)
		a.dl.arena = a.dl.arena[:a.dl.marks[len(a.dl.marks)-n]]
		a.dl.marks = a.dl.marks[:len(a.dl.marks)-n]
		a.dl.confl = false
		return
	}
	a.lra.Pop(n)
	a.confl = false
	a.pending = true
}

func (a *arith) finalCheck(dst []sat.Lit) []sat.Lit {
	if a.dl != nil {
		return a.dl.finalCheck(a, dst)
	}
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
	if dst, done := a.intCheck(dst); !done {
		return dst
	}
	a.values = a.values[:0]
	for v, x := range a.terms {
		var val num.Rat
		if x != nil {
			val = a.lra.Value(lra.Var(v))
		}
		a.values = append(a.values, val)
	}
	return dst
}

// model sets the values of the arithmetic constants and the
// interpretation of division by zero.
func (a *arith) model(m *term.Model) error {
	for v, x := range a.terms {
		if x == nil || x.Op() != term.OpConst { // selects and applications: see eufVar
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
	return a.elim.model(a.s.st, m)
}

// checkAtoms reports the first atom whose SAT value disagrees with the
// simplex model (a debugging aid for tests).
func (a *arith) checkAtoms() error {
	for v, i := range a.byVar {
		if i == 0 {
			continue
		}
		sv, i := sat.Var(v), i-1
		at := a.atoms[i]
		if a.lra.IsSlack(at.v) || int(at.v) >= len(a.values) {
			continue // the snapshot holds term variables only
		}
		val := a.values[at.v]
		holds := val.Cmp(at.c) < 0 || (!at.strict && val.Cmp(at.c) == 0)
		if at.lower {
			holds = val.Cmp(at.c) >= 0
		}
		if a.s.sat.Value(sv.Pos()) != holds {
			return fmt.Errorf("atom %d: v%d (value %v) %s %v is %v in the SAT model (slack %v, delta %v)",
				i, at.v, val, map[bool]string{true: "<", false: "<="}[at.strict], at.c, a.s.sat.Value(sv.Pos()), a.lra.IsSlack(at.v), a.lra.Delta())
		}
	}
	return nil
}

// newVar makes a simplex variable for the term x, integer when x is.
func (a *arith) newVar(x *term.Term) lra.Var {
	v := a.lra.NewVar()
	a.varOf[x] = v
	for int(v) >= len(a.terms) {
		a.terms = append(a.terms, nil)
	}
	a.terms[v] = x
	if x.Sort().IsInt() {
		a.li.SetInt(v)
	}
	return v
}

// ---- Shared with euf (issue 6, smt/euf.go) ----

// eufVar returns the simplex variable of x, a select or application of
// arithmetic sort: the variable of the term the euf plugin knows x as
// (eufPlugin.lift), which the plugin internalizes and shares. The model
// takes the values of such variables from euf, not from model above.
func (a *arith) eufVar(x, t *term.Term) (lra.Var, error) {
	y, err := a.s.eu.lift(x)
	if err != nil {
		return 0, err
	}
	if y != x {
		v, err := a.variable(y, t)
		if err == nil {
			a.varOf[x] = v
		}
		return v, err
	}
	v := a.newVar(x)
	_, err = a.s.eu.internalize(x)
	return v, err
}
