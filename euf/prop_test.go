package euf

import (
	"fmt"
	"testing"

	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// The property test drives a Graph with random merges, disequalities,
// watches, shared marks, term additions and Push/Pop over a few constants,
// two abstract values and unary, binary and Boolean applications, and
// after every step compares it with:
//   - a naive congruence closure (union-find plus a fixpoint over all pairs
//     of applications) over the same terms and the active assertions,
//     written here independently of the package;
//   - a Graph built from scratch from the active assertions;
//   - at Pop, a snapshot taken at the matching Push.
// Every explanation is checked by re-running the naive closure on just the
// assertions it names.

type assertion struct {
	eq   bool // a = b, else a != b
	a, b *term.Term
}

type world struct {
	st      *term.Store
	u       *term.Sort
	pool    []*term.Term // candidate terms: subterm-closed
	added   []*term.Term // terms in g, in node order
	inAdded map[*term.Term]bool
	reasons []assertion // by Reason
	levels  [][]Reason  // active assertions per scope level
	watches []assertion // registered watches (eq = true)
	shared  []*term.Term
	g       *Graph
}

func newWorld(t *rapid.T) *world {
	st := term.NewStore()
	u := st.UninterpretedSort("U")
	w := &world{st: st, u: u, inAdded: map[*term.Term]bool{}, levels: [][]Reason{nil}}
	w.g = New(st)
	w.note(st.True())
	w.note(st.False())
	w.reasons = append(w.reasons, assertion{}) // Reason 0 unused
	for i := 0; i < 4; i++ {
		w.pool = append(w.pool, st.Const(fmt.Sprintf("c%d", i), u))
	}
	w.pool = append(w.pool, st.Value(u, 0), st.Value(u, 1))
	f := st.Func("f", []*term.Sort{u}, u)
	h := st.Func("h", []*term.Sort{u, u}, u)
	p := st.Func("p", []*term.Sort{u}, term.BoolSort)
	seen := map[*term.Term]bool{}
	for _, x := range w.pool {
		seen[x] = true
	}
	n := rapid.IntRange(2, 12).Draw(t, "napps")
	for len(w.pool) < 6+n {
		us := w.ofSort(u)
		x := us[rapid.IntRange(0, len(us)-1).Draw(t, "arg1")]
		var y *term.Term
		switch rapid.IntRange(0, 2).Draw(t, "fn") {
		case 0:
			y = st.Apply(f, x)
		case 1:
			y = st.Apply(h, x, us[rapid.IntRange(0, len(us)-1).Draw(t, "arg2")])
		default:
			y = st.Apply(p, x)
		}
		if !seen[y] {
			seen[y] = true
			w.pool = append(w.pool, y)
		}
	}
	w.pool = append(w.pool, st.True(), st.False())
	// Adding every term up front makes most Pops comparable with the
	// snapshot taken at their Push (see step).
	if rapid.Bool().Draw(t, "preadd") {
		for _, x := range w.pool {
			w.add(x)
		}
		for k := rapid.IntRange(0, 4).Draw(t, "prewatch"); k > 0; k-- {
			w.watch(t)
		}
	}
	return w
}

func (w *world) watch(t *rapid.T) {
	x, y := w.pickPair(t)
	w.watches = append(w.watches, assertion{eq: true, a: x, b: y})
	w.g.WatchEq(w.add(x), w.add(y), Reason(1000+len(w.watches)-1))
}

func (w *world) ofSort(s *term.Sort) []*term.Term {
	var out []*term.Term
	for _, x := range w.pool {
		if x.Sort() == s {
			out = append(out, x)
		}
	}
	return out
}

// note records t (after its subterms) in the oracle's universe.
func (w *world) note(t *term.Term) {
	if w.inAdded[t] {
		return
	}
	for _, a := range t.Args() {
		w.note(a)
	}
	w.inAdded[t] = true
	w.added = append(w.added, t)
}

func (w *world) add(t *term.Term) Node {
	w.note(t)
	return w.g.Add(t)
}

func (w *world) pickPair(t *rapid.T) (*term.Term, *term.Term) {
	s := w.u
	if len(w.ofSort(term.BoolSort)) > 2 && rapid.IntRange(0, 3).Draw(t, "bool") == 0 {
		s = term.BoolSort
	}
	xs := w.ofSort(s)
	return xs[rapid.IntRange(0, len(xs)-1).Draw(t, "x")], xs[rapid.IntRange(0, len(xs)-1).Draw(t, "y")]
}

func (w *world) active() []Reason {
	var out []Reason
	for _, l := range w.levels {
		out = append(out, l...)
	}
	return out
}

// ---- The oracle: naive congruence closure ----

type oracle struct {
	idx    map[*term.Term]int
	terms  []*term.Term
	parent []int
}

func newOracle(terms []*term.Term, eqs []assertion) *oracle {
	o := &oracle{idx: map[*term.Term]int{}, terms: terms, parent: make([]int, len(terms))}
	for i, t := range terms {
		o.idx[t] = i
		o.parent[i] = i
	}
	for _, e := range eqs {
		if e.eq {
			o.union(o.idx[e.a], o.idx[e.b])
		}
	}
	for changed := true; changed; {
		changed = false
		for i, s := range terms {
			for j := i + 1; j < len(terms); j++ {
				if o.congruent(s, terms[j]) && o.find(i) != o.find(j) {
					o.union(i, j)
					changed = true
				}
			}
		}
	}
	return o
}

func (o *oracle) congruent(s, t *term.Term) bool {
	if s.NumArgs() == 0 || s.Op() != t.Op() || s.Func() != t.Func() || s.Sort() != t.Sort() || s.NumArgs() != t.NumArgs() {
		return false
	}
	for k := range s.Args() {
		if o.find(o.idx[s.Arg(k)]) != o.find(o.idx[t.Arg(k)]) {
			return false
		}
	}
	return true
}

func (o *oracle) find(i int) int {
	for o.parent[i] != i {
		i = o.parent[i]
	}
	return i
}

func (o *oracle) union(i, j int) { o.parent[o.find(i)] = o.find(j) }

func (o *oracle) same(s, t *term.Term) bool { return o.find(o.idx[s]) == o.find(o.idx[t]) }

func isValue(t *term.Term) bool {
	return t.Op() == term.OpTrue || t.Op() == term.OpFalse || t.Op() == term.OpValue
}

// consistent: no disequality inside a class, no two values in a class.
func (o *oracle) consistent(as []assertion) bool {
	for _, a := range as {
		if !a.eq && o.same(a.a, a.b) {
			return false
		}
	}
	for i, s := range o.terms {
		for _, t := range o.terms[i+1:] {
			if isValue(s) && isValue(t) && o.same(s, t) {
				return false
			}
		}
	}
	return true
}

// disequal: the classes of s and t hold an asserted disequality or two
// distinct values.
func (o *oracle) disequal(s, t *term.Term, as []assertion) bool {
	if o.same(s, t) {
		return false
	}
	for _, a := range as {
		if !a.eq && (o.same(a.a, s) && o.same(a.b, t) || o.same(a.a, t) && o.same(a.b, s)) {
			return true
		}
	}
	for _, x := range o.terms {
		for _, y := range o.terms {
			if isValue(x) && isValue(y) && x != y && o.same(x, s) && o.same(y, t) {
				return true
			}
		}
	}
	return false
}

func (w *world) assertions(rs []Reason) []assertion {
	out := make([]assertion, len(rs))
	for i, r := range rs {
		out[i] = w.reasons[r]
	}
	return out
}

// entailsEq checks that the equalities among rs alone entail s = t.
func (w *world) entailsEq(t *rapid.T, rs []Reason, s, u *term.Term) {
	as := w.assertions(rs)
	for i, a := range as {
		require.True(t, a.eq, "explanation of %v = %v names disequality %d", s, u, rs[i])
	}
	require.True(t, newOracle(w.added, as).same(s, u), "reasons %v do not entail %v = %v", rs, s, u)
}

// entailsFalse checks that rs alone are unsatisfiable.
func (w *world) entailsFalse(t *rapid.T, rs []Reason, what string) {
	as := w.assertions(rs)
	require.False(t, newOracle(w.added, as).consistent(as), "reasons %v do not entail %s", rs, what)
}

func (w *world) checkActive(t *rapid.T, rs []Reason) {
	act := map[Reason]bool{}
	for _, r := range w.active() {
		act[r] = true
	}
	for _, r := range rs {
		require.True(t, act[r], "reason %d is not active", r)
	}
}

// ---- Steps ----

func (w *world) step(t *rapid.T, snaps *[]pushSnap) {
	g := w.g
	op := rapid.IntRange(0, 10).Draw(t, "op")
	if g.Inconsistent() && len(w.levels) > 1 && rapid.Bool().Draw(t, "popConflict") {
		op = 5
	}
	switch {
	case op <= 2: // merge
		x, y := w.pickPair(t)
		r := Reason(len(w.reasons))
		w.reasons = append(w.reasons, assertion{eq: true, a: x, b: y})
		w.levels[len(w.levels)-1] = append(w.levels[len(w.levels)-1], r)
		g.Merge(w.add(x), w.add(y), r)
	case op == 3: // disequality
		x, y := w.pickPair(t)
		r := Reason(len(w.reasons))
		w.reasons = append(w.reasons, assertion{a: x, b: y})
		w.levels[len(w.levels)-1] = append(w.levels[len(w.levels)-1], r)
		g.AssertDiseq(w.add(x), w.add(y), r)
	case op == 4 || op == 5 && len(w.levels) == 1:
		*snaps = append(*snaps, pushSnap{snapshot(g), g.NumNodes(), g.NumWatches(), len(w.shared)})
		g.Push()
		w.levels = append(w.levels, nil)
	case op == 5:
		k := rapid.IntRange(1, len(w.levels)-1).Draw(t, "pop")
		g.Pop(k)
		w.levels = w.levels[:len(w.levels)-k]
		s := (*snaps)[len(*snaps)-k]
		*snaps = (*snaps)[:len(*snaps)-k]
		if s.nodes == g.NumNodes() && s.watches == g.NumWatches() && s.shared == len(w.shared) {
			require.Equal(t, s.state, snapshot(g), "Pop(%d) did not restore the state", k)
			coverage.snapshots++
		}
	case op == 6:
		w.watch(t)
	case op == 7:
		xs := w.ofSort(w.u)
		x := xs[rapid.IntRange(0, len(xs)-1).Draw(t, "shared")]
		n := w.add(x)
		if !g.IsShared(n) {
			w.shared = append(w.shared, x)
		}
		g.SetShared(n)
	default:
		w.add(w.pool[rapid.IntRange(0, len(w.pool)-1).Draw(t, "add")])
	}
}

type pushSnap struct {
	state                  state
	nodes, watches, shared int
}

// verify compares the graph with the oracle and with a graph built from
// scratch.
func (w *world) verify(t *rapid.T) {
	g := w.g
	require.NoError(t, g.Check())
	require.Equal(t, len(w.added), g.NumNodes())
	for i, x := range w.added {
		n, ok := g.Node(x)
		require.True(t, ok)
		require.Equal(t, Node(i), n)
	}
	act := w.assertions(w.active())
	o := newOracle(w.added, act)
	consistent := o.consistent(act)
	require.Equal(t, !consistent, g.Inconsistent(), "verdict")

	// From scratch.
	h := New(w.st)
	for _, x := range w.added {
		h.Add(x)
	}
	for i, x := range w.watches {
		h.WatchEq(h.Add(x.a), h.Add(x.b), Reason(1000+i))
	}
	for _, x := range w.shared {
		h.SetShared(h.Add(x))
	}
	for _, r := range w.active() {
		a := w.reasons[r]
		if a.eq {
			h.Merge(h.Add(a.a), h.Add(a.b), r)
		} else {
			h.AssertDiseq(h.Add(a.a), h.Add(a.b), r)
		}
	}
	require.Equal(t, h.Inconsistent(), g.Inconsistent(), "verdict from scratch")

	coverage.steps++
	if !consistent {
		coverage.conflicts++
		rs := g.Conflict(nil)
		w.checkActive(t, rs)
		w.entailsFalse(t, rs, "a conflict")
		return
	}
	for i, x := range w.added {
		for j := i + 1; j < len(w.added); j++ {
			y := w.added[j]
			require.Equal(t, o.same(x, y), g.Same(Node(i), Node(j)), "%v = %v", x, y)
			require.Equal(t, g.Same(Node(i), Node(j)), h.Same(Node(i), Node(j)))
		}
	}
	for k, x := range w.watches {
		st := g.watches[k].state
		require.Equal(t, h.watches[k].state, st, "watch %d from scratch", k)
		switch {
		case o.same(x.a, x.b):
			require.Equal(t, watchTrue, st, "watch %v = %v", x.a, x.b)
		case o.disequal(x.a, x.b, act):
			require.Equal(t, watchFalse, st, "watch %v = %v", x.a, x.b)
		default:
			require.Equal(t, watchUnknown, st, "watch %v = %v", x.a, x.b)
		}
	}

	// Explanations of a few random equalities.
	for k := 0; k < 2; k++ {
		x := Node(rapid.IntRange(0, len(w.added)-1).Draw(t, "explain"))
		cls := g.Class(x, nil)
		y := cls[rapid.IntRange(0, len(cls)-1).Draw(t, "member")]
		rs := g.Explain(x, y, nil)
		w.checkActive(t, rs)
		w.entailsEq(t, rs, g.Term(x), g.Term(y))
	}
	// Every new propagation, explained.
	for _, p := range g.Propagations(nil) {
		coverage.props[p.Kind]++
		rs := g.ExplainPropagation(p, nil)
		w.checkActive(t, rs)
		a, b := g.Term(p.A), g.Term(p.B)
		switch p.Kind {
		case PropEqual:
			x := w.watches[p.Lit-1000]
			require.True(t, x.a == a && x.b == b)
			w.entailsEq(t, rs, a, b)
		case PropShared:
			require.True(t, g.IsShared(p.A) && g.IsShared(p.B))
			w.entailsEq(t, rs, a, b)
		case PropDiseq:
			x := w.watches[p.Lit-1000]
			require.True(t, x.a == a && x.b == b)
			as := append(w.assertions(rs), assertion{eq: true, a: a, b: b})
			require.False(t, newOracle(w.added, as).consistent(as), "reasons %v do not entail %v != %v", rs, a, b)
		}
	}
}

// coverage counts what the property test exercised, logged with -v.
var coverage struct {
	steps, conflicts, snapshots int
	props                       [4]int
}

func TestRandomAgainstOracle(t *testing.T) {
	defer func() {
		t.Logf("steps %d, inconsistent %d, exact Pop snapshots %d, propagations equal/diseq/shared %v",
			coverage.steps, coverage.conflicts, coverage.snapshots, coverage.props[1:])
	}()
	rapid.Check(t, func(t *rapid.T) {
		w := newWorld(t)
		var snaps []pushSnap
		steps := rapid.IntRange(1, 40).Draw(t, "steps")
		for i := 0; i < steps; i++ {
			w.step(t, &snaps)
			w.verify(t)
		}
	})
}
