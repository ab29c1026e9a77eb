package tpa

import (
	"strconv"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Roles of the auxiliary constants: Init, Trans and Bad each get their own
// copy at every version, so that two of them at one version never share a
// constant.
const (
	roleInit = iota
	roleTrans
	roleBad
)

// A vocab holds the versions of the state: version 0 is the transition
// system's Vars, version 1 its Next, the others fresh copies made on
// demand; each version k also has a copy of the auxiliary constants per
// role. A formula "at version k" is over state k (and aux copies of k);
// a relation "at (k, k+1)" is over states k and k+1. Shift moves a formula
// by d versions; it finds the versions a formula mentions from its
// constants, so shifting costs the formula's size, not the number of
// versions.
type vocab struct {
	st    *term.Store
	ts    *chc.TransitionSystem
	state [][]*term.Term    // by version, in the order of ts.Vars
	aux   [][3][]*term.Term // by version and role, in the order of ts.Aux
	// where maps a versioned constant to its version and slot: slot i <
	// n is state variable i, then the aux copies role by role.
	where  map[*term.Term]slot
	shifts map[shiftKey]*term.Term
	// the input formulas with their aux copies renamed at version 0
	init, trans, bad *term.Term
}

type slot struct{ version, index int }

type shiftKey struct {
	f *term.Term
	d int
}

func newVocab(ts *chc.TransitionSystem) *vocab {
	v := &vocab{st: ts.St, ts: ts, where: map[*term.Term]slot{}, shifts: map[shiftKey]*term.Term{}}
	v.grow(1)
	st := ts.St
	from := append(append(append([]*term.Term(nil), ts.Vars...), ts.Next...), ts.Aux...)
	v.init = st.Substitute(ts.Init, append(ts.Vars[:len(ts.Vars):len(ts.Vars)], ts.Aux...), append(v.stateAt(0), v.aux[0][roleInit]...))
	v.trans = st.Substitute(ts.Trans, from, append(append(v.stateAt(0), v.stateAt(1)...), v.aux[0][roleTrans]...))
	v.bad = st.Substitute(ts.Bad, append(ts.Vars[:len(ts.Vars):len(ts.Vars)], ts.Aux...), append(v.stateAt(0), v.aux[0][roleBad]...))
	return v
}

// n is the number of state variables.
func (v *vocab) n() int { return len(v.ts.Vars) }

// grow makes versions 0 … k.
func (v *vocab) grow(k int) {
	for len(v.state) <= k {
		ver := len(v.state)
		var state []*term.Term
		switch ver {
		case 0:
			state = v.ts.Vars
		case 1:
			state = v.ts.Next
		default:
			tag := "@" + strconv.Itoa(ver)
			for _, x := range v.ts.Vars {
				state = append(state, v.st.Fresh(x.Name()+tag, x.Sort()))
			}
		}
		for i, x := range state {
			v.where[x] = slot{ver, i}
		}
		var aux [3][]*term.Term
		for r, role := range [3]string{"!init@", "!trans@", "!bad@"} {
			for j, a := range v.ts.Aux {
				c := v.st.Fresh(a.Name()+role+strconv.Itoa(ver), a.Sort())
				aux[r] = append(aux[r], c)
				v.where[c] = slot{ver, v.n() + r*len(v.ts.Aux) + j}
			}
		}
		v.state = append(v.state, state)
		v.aux = append(v.aux, aux)
	}
}

// stateAt is the copy of the state at version k.
func (v *vocab) stateAt(k int) []*term.Term {
	v.grow(k)
	return v.state[k][:len(v.state[k]):len(v.state[k])]
}

// sym is the constant of the given slot at version k.
func (v *vocab) sym(k, index int) *term.Term {
	v.grow(k)
	if index < v.n() {
		return v.state[k][index]
	}
	index -= v.n()
	na := len(v.ts.Aux)
	return v.aux[k][index/na][index%na]
}

// shift moves f by d versions: every versioned constant of version k
// becomes its copy at version k+d (which must be >= 0).
func (v *vocab) shift(f *term.Term, d int) *term.Term {
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
		if s.version+d < 0 {
			panic("tpa: shift below version 0")
		}
		from, to = append(from, c), append(to, v.sym(s.version+d, s.index))
	}
	g := v.st.Substitute(f, from, to)
	v.shifts[key] = g
	return g
}

// move rewrites the state of version a in f as the state of version b,
// leaving the other versions alone.
func (v *vocab) move(f *term.Term, a, b int) *term.Term {
	return v.st.Substitute(f, v.stateAt(a), v.stateAt(b))
}

// initAt, transAt and badAt are the input formulas at version k (Trans
// from k to k+1), each with its own aux copies.
func (v *vocab) initAt(k int) *term.Term  { return v.shift(v.init, k) }
func (v *vocab) transAt(k int) *term.Term { return v.shift(v.trans, k) }
func (v *vocab) badAt(k int) *term.Term   { return v.shift(v.bad, k) }

// identity is the relation state(k) = state(k+1).
func (v *vocab) identity(k int) *term.Term {
	a, b := v.stateAt(k), v.stateAt(k+1)
	eqs := make([]*term.Term, len(a))
	for i := range a {
		eqs[i] = v.st.Eq(a[i], b[i])
	}
	return v.st.And(eqs...)
}

// only reports whether f mentions no constant but the states of the
// given versions.
func (v *vocab) only(f *term.Term, versions ...int) bool {
	for _, c := range term.FreeConsts(f) {
		s, ok := v.where[c]
		if !ok || s.index >= v.n() {
			return false
		}
		found := false
		for _, k := range versions {
			found = found || s.version == k
		}
		if !found {
			return false
		}
	}
	return true
}

// others are the constants of f that are not the state of version k.
func (v *vocab) others(f *term.Term, k int) []*term.Term {
	var out []*term.Term
	for _, c := range term.FreeConsts(f) {
		if s, ok := v.where[c]; ok && s.version == k && s.index < v.n() {
			continue
		}
		out = append(out, c)
	}
	return out
}
