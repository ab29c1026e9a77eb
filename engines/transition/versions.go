package transition

import (
	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Versions index the step copies of a transition system (its StateAt and
// AuxAt copies) so that a formula over some of them moves between steps:
// Shift moves every copy a formula mentions by d steps, finding the step
// of each from the constant itself, so that shifting costs the formula's
// size and not the number of steps. Init, Trans and Bad start as the
// system's at step 0 (Trans from step 0 to 1); an engine may replace them
// by equivalent formulas over the same copies (say, with the local
// variables eliminated). Engines that compose relations over several
// steps (tpa, split-tpa) work in these terms.
type Versions struct {
	ts               *chc.TransitionSystem
	Init, Trans, Bad *term.Term

	where  map[*term.Term]slot
	steps  int // steps 0 … steps-1 are in where
	shifts map[shiftKey]*term.Term
}

// slot is where a copy stands: its step, and its index, i < n for state
// variable i, then the copies of Aux for Init, Trans and Bad in turn.
type slot struct{ step, index int }

type shiftKey struct {
	f *term.Term
	d int
}

// NewVersions indexes ts's copies.
func NewVersions(ts *chc.TransitionSystem) *Versions {
	v := &Versions{ts: ts, where: map[*term.Term]slot{}, shifts: map[shiftKey]*term.Term{}}
	v.grow(1)
	v.Init, v.Trans, v.Bad = ts.InitAt(0), ts.TransAt(0), ts.BadAt(0)
	return v
}

// n is the number of state variables.
func (v *Versions) n() int { return len(v.ts.Vars) }

// grow indexes the copies of steps 0 … k.
func (v *Versions) grow(k int) {
	for ; v.steps <= k; v.steps++ {
		s := v.steps
		for i, x := range v.ts.StateAt(s) {
			v.where[x] = slot{s, i}
		}
		for of := chc.AuxOfInit; of <= chc.AuxOfBad; of++ {
			for j, a := range v.ts.AuxAt(s, of) {
				v.where[a] = slot{s, v.n() + of*len(v.ts.Aux) + j}
			}
		}
	}
}

// StateAt is the copy of the state at step k (the caller may append to
// it).
func (v *Versions) StateAt(k int) []*term.Term {
	v.grow(k)
	s := v.ts.StateAt(k)
	return s[:len(s):len(s)]
}

// sym is the copy of the given slot at step k.
func (v *Versions) sym(k, index int) *term.Term {
	v.grow(k)
	if index < v.n() {
		return v.ts.StateAt(k)[index]
	}
	index -= v.n()
	na := len(v.ts.Aux)
	return v.ts.AuxAt(k, index/na)[index%na]
}

// Shift moves f by d steps: every copy of step k it mentions becomes its
// copy at step k+d (which must be ≥ 0); other constants stay.
func (v *Versions) Shift(f *term.Term, d int) *term.Term {
	if d == 0 {
		return f
	}
	key := shiftKey{f, d}
	if g, ok := v.shifts[key]; ok {
		return g
	}
	var from, to []*term.Term
	for _, c := range term.FreeConsts(f) {
		s, ok := v.where[c]
		if !ok {
			continue
		}
		if s.step+d < 0 {
			panic("transition: shift below step 0")
		}
		from, to = append(from, c), append(to, v.sym(s.step+d, s.index))
	}
	g := v.ts.St.Substitute(f, from, to)
	v.shifts[key] = g
	return g
}

// Move rewrites the state of step a in f as the state of step b, leaving
// the other steps alone.
func (v *Versions) Move(f *term.Term, a, b int) *term.Term {
	return v.ts.St.Substitute(f, v.StateAt(a), v.StateAt(b))
}

// InitAt, TransAt and BadAt are Init, Trans and Bad moved to step k (Trans
// from k to k+1).
func (v *Versions) InitAt(k int) *term.Term  { return v.Shift(v.Init, k) }
func (v *Versions) TransAt(k int) *term.Term { return v.Shift(v.Trans, k) }
func (v *Versions) BadAt(k int) *term.Term   { return v.Shift(v.Bad, k) }

// Identity is the relation state(k) = state(k+1).
func (v *Versions) Identity(k int) *term.Term {
	st := v.ts.St
	a, b := v.StateAt(k), v.StateAt(k+1)
	eqs := make([]*term.Term, len(a))
	for i := range a {
		eqs[i] = st.Eq(a[i], b[i])
	}
	return st.And(eqs...)
}

// Only reports whether f mentions no constant but the states of the given
// steps.
func (v *Versions) Only(f *term.Term, steps ...int) bool {
	for _, c := range term.FreeConsts(f) {
		s, ok := v.where[c]
		if !ok || s.index >= v.n() {
			return false
		}
		found := false
		for _, k := range steps {
			found = found || s.step == k
		}
		if !found {
			return false
		}
	}
	return true
}

// Others are the constants of f that are not the state of step k.
func (v *Versions) Others(f *term.Term, k int) []*term.Term {
	var out []*term.Term
	for _, c := range term.FreeConsts(f) {
		if s, ok := v.where[c]; ok && s.step == k && s.index < v.n() {
			continue
		}
		out = append(out, c)
	}
	return out
}

// ToVars rewrites f, over the state of step k, over ts.Vars (what
// chc.TransitionSystem.Model takes).
func (v *Versions) ToVars(f *term.Term, k int) *term.Term {
	return v.ts.St.Substitute(f, v.StateAt(k), v.ts.Vars)
}
