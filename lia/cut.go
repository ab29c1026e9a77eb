package lia

import (
	"slices"

	"github.com/seed-f9c3434d/gospacer/lra"
	"github.com/seed-f9c3434d/gospacer/num"
)

// CutKind says how a cut was found.
type CutKind uint8

const (
	// Gomory is a Gomory mixed-integer cut from a tableau row.
	Gomory CutKind = iota
	// GCD is the rounding of a row whose free coefficients have a common
	// divisor that does not divide the contribution of its fixed variables.
	GCD
	// Diophantine is the rounding of a combination of equalities with
	// integer coefficients and a fractional right side.
	Diophantine
	// Equality is a bound v <= l (v >= l) of an integer variable sitting
	// on its bound l that the relaxation cannot leave (tight.go); it
	// held where it was found (the tests move the point) and fixes v.
	Equality
)

func (k CutKind) String() string {
	switch k {
	case GCD:
		return "gcd"
	case Diophantine:
		return "diophantine"
	case Equality:
		return "equality"
	}
	return "gomory"
}

// A Lemma is a cut of linear integer arithmetic with its proof:
//
//	(the bounds of Split.Le.Expl and Split.Ge.Expl)  ⇒  Σ Coeffs[i]·Vars[i] >= Bound
//
// over variables that are not slacks (Vars increasing). The proof is a
// case split on an integer linear form π (Split) and, for each case, a
// Farkas combination (Derivation) of the case's inequality and bounds
// that yields the cut — or a contradiction, when the case is impossible.
// Cuts are thus LRA reasoning plus one case split on an integer atom: a
// proof-producing caller records the two cases as two LRA lemmas and a
// resolution on the split atom. See Solver.Verify for the exact reading.
type Lemma struct {
	Kind   CutKind
	Coeffs []num.Rat
	Vars   []lra.Var
	Bound  num.Rat
	Split  Split
}

// A Split is the disjunction π <= Bound ∨ π >= Bound+1, valid over the
// integers: π = Σ Coeffs[i]·Vars[i] has integer coefficients over integer
// variables that are not slacks.
type Split struct {
	Coeffs []num.Rat
	Vars   []lra.Var
	Bound  num.Int
	Le, Ge Derivation // the cases π <= Bound and π >= Bound+1
}

// A Derivation is a Farkas combination: Mult >= 0 times the case's
// inequality (π - Bound <= 0, respectively -π + Bound + 1 <= 0) plus the
// bounds of Expl with their multipliers, read as in lra.Explained.
type Derivation struct {
	Mult num.Rat
	Expl []lra.Explained
}

// Reasons appends the distinct reasons of the bounds the cut depends on,
// in order of first occurrence, and returns the extended slice.
func (c *Lemma) Reasons(dst []lra.Reason) []lra.Reason {
	start := len(dst)
	for _, d := range [2]*Derivation{&c.Split.Le, &c.Split.Ge} {
		for _, e := range d.Expl {
			if !slices.Contains(dst[start:], e.Reason) {
				dst = append(dst, e.Reason)
			}
		}
	}
	return dst
}

// Clone returns a deep copy of c, for callers that keep cuts.
func (c *Lemma) Clone() Lemma {
	d := *c
	d.Coeffs = slices.Clone(c.Coeffs)
	d.Vars = slices.Clone(c.Vars)
	d.Split.Coeffs = slices.Clone(c.Split.Coeffs)
	d.Split.Vars = slices.Clone(c.Split.Vars)
	d.Split.Le.Expl = slices.Clone(c.Split.Le.Expl)
	d.Split.Ge.Expl = slices.Clone(c.Split.Ge.Expl)
	return d
}

// reset empties the solver's cut for reuse.
func (c *Lemma) reset(k CutKind) {
	c.Kind = k
	c.Coeffs, c.Vars = c.Coeffs[:0], c.Vars[:0]
	c.Bound = num.Rat{}
	c.Split.Coeffs, c.Split.Vars = c.Split.Coeffs[:0], c.Split.Vars[:0]
	c.Split.Bound = num.Int{}
	c.Split.Le = Derivation{Expl: c.Split.Le.Expl[:0]}
	c.Split.Ge = Derivation{Expl: c.Split.Ge.Expl[:0]}
}

// rounding starts a rounding cut P <= bound (GCD, Diophantine, Equality): the
// split is on P itself, each case taken once.
func (c *Lemma) rounding(k CutKind, bound num.Int) {
	c.reset(k)
	one := num.NewRat(1, 1)
	c.Split.Bound = bound
	c.Split.Le.Mult, c.Split.Ge.Mult = one, one
}

// roundingDone reads the cut -P >= -bound off the split form P, once
// collected: the case P <= bound is the cut itself.
func (c *Lemma) roundingDone() {
	for i, v := range c.Split.Vars {
		c.Coeffs, c.Vars = append(c.Coeffs, c.Split.Coeffs[i].Neg()), append(c.Vars, v)
	}
	c.Bound = c.Split.Bound.Rat().Neg()
}

// ---- Linear forms over original variables ----

// add adds c·v to the accumulator, expanding slacks into their
// definitions (recursively).
func (s *Solver) add(v lra.Var, c num.Rat) {
	if c.IsZero() {
		return
	}
	if s.lp.IsSlack(v) {
		cs, vs := s.lp.Definition(v)
		for i, x := range vs {
			s.add(x, c.Mul(cs[i]))
		}
		return
	}
	for int(v) >= len(s.acc) {
		s.acc = append(s.acc, num.Rat{})
		s.accSet = append(s.accSet, false)
	}
	if !s.accSet[v] {
		s.accSet[v] = true
		s.accVs = append(s.accVs, v)
		s.acc[v] = c
		return
	}
	s.acc[v] = s.acc[v].Add(c)
}

// collect appends the accumulated form (increasing variables, no zero
// coefficients) to cs, vs and clears the accumulator.
func (s *Solver) collect(cs []num.Rat, vs []lra.Var) ([]num.Rat, []lra.Var) {
	slices.Sort(s.accVs)
	for _, v := range s.accVs {
		if c := s.acc[v]; !c.IsZero() {
			cs, vs = append(cs, c), append(vs, v)
		}
		s.acc[v], s.accSet[v] = num.Rat{}, false
	}
	s.accVs = s.accVs[:0]
	return cs, vs
}

// small reports whether the form scaled to integer coefficients (by the
// lcm of the denominators) has coefficients of at most maxCutBits bits
// and a bound that fits an int64.
func small(cs []num.Rat, bound num.Rat) bool {
	l := num.NewInt(1)
	for _, c := range cs {
		l = l.Lcm(c.Den())
		if !l.IsInt64() || l.Int64() > 1<<maxCutBits {
			return false
		}
	}
	lr := l.Rat()
	for _, c := range cs {
		n := c.Mul(lr).Num()
		if !n.IsInt64() || n.Abs().Int64() > 1<<maxCutBits {
			return false
		}
	}
	b := bound.Mul(lr).Floor()
	return b.IsInt64() && b.Abs().Int64() < 1<<62
}
