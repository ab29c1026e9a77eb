package itp_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/seed-f9c3434d/gospacer/itp"
	"github.com/seed-f9c3434d/gospacer/term"
	"pgregory.net/rapid"
)

// theory is a signature for random formulas of one theory.
type theory struct {
	name string
	// atom draws an atom over the constants of side (0 A-local and
	// shared, 1 B-local and shared; for sequences and trees: node i).
	atom func(t *rapid.T, st *term.Store, side int, label string) *term.Term
}

// boolFormula draws a Boolean combination of atoms of depth <= d.
func boolFormula(t *rapid.T, st *term.Store, th theory, side, d int, label string) *term.Term {
	k := 0
	if d > 0 {
		k = rapid.IntRange(0, 3).Draw(t, label+"op")
	}
	switch k {
	case 0:
		a := th.atom(t, st, side, label)
		if rapid.Bool().Draw(t, label+"neg") {
			a = st.Not(a)
		}
		return a
	case 1, 2:
		n := rapid.IntRange(2, 3).Draw(t, label+"n")
		args := make([]*term.Term, n)
		for i := range args {
			args[i] = boolFormula(t, st, th, side, d-1, label)
		}
		if k == 1 {
			return st.And(args...)
		}
		return st.Or(args...)
	}
	return st.Not(boolFormula(t, st, th, side, d-1, label))
}

// sideVars returns the constants of node side among n nodes in a chain
// signature: node i sees constants s(i-1), l(i), s(i) (shared with the
// neighbours) where l(i) is local.
func sideVars(st *term.Store, sort *term.Sort, prefix string, side, n int) []*term.Term {
	var vs []*term.Term
	if side > 0 {
		vs = append(vs, st.Const(fmt.Sprintf("%ss%d", prefix, side-1), sort))
	}
	vs = append(vs, st.Const(fmt.Sprintf("%sl%d", prefix, side), sort), st.Const(fmt.Sprintf("%sl%db", prefix, side), sort))
	if side < n-1 {
		vs = append(vs, st.Const(fmt.Sprintf("%ss%d", prefix, side), sort))
	}
	// a constant shared by everybody
	vs = append(vs, st.Const(prefix+"g", sort))
	return vs
}

func propTheory(n int) theory {
	return theory{"prop", func(t *rapid.T, st *term.Store, side int, label string) *term.Term {
		vs := sideVars(st, term.BoolSort, "p", side, n)
		return vs[rapid.IntRange(0, len(vs)-1).Draw(t, label+"v")]
	}}
}

func linTheory(name string, sort *term.Sort, n int) theory {
	return theory{name, func(t *rapid.T, st *term.Store, side int, label string) *term.Term {
		return linLit(t, st, sideVars(st, sort, "x", side, n), label)
	}}
}

func TestInterpolateProperty(t *testing.T) {
	for _, th := range []theory{propTheory(2), linTheory("LRA", term.RealSort, 2), linTheory("LIA", term.IntSort, 2)} {
		t.Run(th.name, func(t *testing.T) {
			var cnt counter
			rapid.Check(t, func(t *rapid.T) {
				st := term.NewStore()
				var A, B []*term.Term
				for i, n := 0, rapid.IntRange(1, 4).Draw(t, "nA"); i < n; i++ {
					A = append(A, boolFormula(t, st, th, 0, 2, "a"))
				}
				for i, n := 0, rapid.IntRange(1, 4).Draw(t, "nB"); i < n; i++ {
					B = append(B, boolFormula(t, st, th, 1, 2, "b"))
				}
				parts := []*term.Term{st.And(A...), st.And(B...)}
				if !unsatParts(t, st, th, parts) {
					cnt.add("sat")
					return
				}
				a, b := parts[0], parts[1]
				I, err := itp.Interpolate(st, a, b)
				if err != nil {
					if !errors.Is(err, itp.ErrUnsupported) {
						t.Fatalf("A=%v B=%v: %v", a, b, err)
					}
					cnt.fail(err)
					return
				}
				if err := itp.Check(st, a, b, I); err != nil {
					t.Fatalf("A=%v B=%v I=%v: %v", a, b, I, err)
				}
				cnt.add("ok")
			})
			cnt.report(t, "pairs "+th.name)
		})
	}
}

// maxTighten bounds the literals unsatParts adds.
const maxTighten = 6

// unsatParts biases a property towards unsatisfiable cases (random draws
// are mostly satisfiable): while the conjunction of parts is satisfiable,
// at most maxTighten times, a drawn part gets one more drawn formula over
// its own vocabulary. It reports whether parts end unsatisfiable.
func unsatParts(t *rapid.T, st *term.Store, th theory, parts []*term.Term) bool {
	for k := 0; ; k++ {
		if isUnsat(t, st, parts...) {
			return true
		}
		if k == maxTighten {
			return false
		}
		i := rapid.IntRange(0, len(parts)-1).Draw(t, "tighten")
		parts[i] = st.And(parts[i], boolFormula(t, st, th, i, 1, "t"))
	}
}

// allTheories are the signatures of the sequence and tree properties.
var allTheories = []func(n int) theory{
	propTheory,
	func(n int) theory { return linTheory("LRA", term.RealSort, n) },
	func(n int) theory { return linTheory("LIA", term.IntSort, n) },
	eufTheory, ufLRATheory, arrayTheory,
}

func TestSequenceProperty(t *testing.T) {
	checkChains(t, "sequences", 2, func(st *term.Store, parts []*term.Term) error {
		is, err := itp.Sequence(st, parts)
		if err != nil {
			return err
		}
		if err := itp.CheckSequence(st, parts, is); err != nil {
			return fmt.Errorf("I=%v: %w", is, err)
		}
		return nil
	})
}

func TestTreeProperty(t *testing.T) {
	for _, mk := range allTheories {
		name := mk(2).name
		t.Run(name, func(t *testing.T) {
			var cnt counter
			rapid.Check(t, func(t *rapid.T) {
				st := term.NewStore()
				n := rapid.IntRange(1, 7).Draw(t, "n")
				th := mk(n)
				parent := make([]int, n)
				for j := range parent {
					if j == n-1 {
						parent[j] = -1
					} else {
						parent[j] = rapid.IntRange(j+1, n-1).Draw(t, "parent")
					}
				}
				parts := make([]*term.Term, n)
				for i := range parts {
					var fs []*term.Term
					for k, m := 0, rapid.IntRange(1, 3).Draw(t, "m"); k < m; k++ {
						fs = append(fs, boolFormula(t, st, th, i, 2, "f"))
					}
					parts[i] = st.And(fs...)
				}
				if !unsatParts(t, st, th, parts) {
					cnt.add("sat")
					return
				}
				is, err := itp.Tree(st, parts, parent)
				if err != nil {
					if !errors.Is(err, itp.ErrUnsupported) {
						t.Fatalf("parts=%v parent=%v: %v", parts, parent, err)
					}
					cnt.fail(err)
					return
				}
				if err := itp.CheckTree(st, parts, parent, is); err != nil {
					t.Fatalf("parts=%v parent=%v I=%v: %v", parts, parent, is, err)
				}
				cnt.add("ok")
			})
			cnt.report(t, "trees "+name)
		})
	}
}

// eufTheory: sort U, function h: U -> U, atoms (= t u) over constants and
// h applications.
func eufTheory(n int) theory {
	return theory{"EUF", func(t *rapid.T, st *term.Store, side int, label string) *term.Term {
		u := st.UninterpretedSort("U")
		h := st.Func("h", []*term.Sort{u}, u)
		vs := sideVars(st, u, "u", side, n)
		tm := func() *term.Term {
			x := vs[rapid.IntRange(0, len(vs)-1).Draw(t, label+"v")]
			for k := rapid.IntRange(0, 2).Draw(t, label+"h"); k > 0; k-- {
				x = st.Apply(h, x)
			}
			return x
		}
		return st.Eq(tm(), tm())
	}}
}

// ufLRATheory: Real constants, fr: Real -> Real, linear literals over
// constants and fr applications, and equalities between them.
func ufLRATheory(n int) theory {
	return theory{"UFLRA", func(t *rapid.T, st *term.Store, side int, label string) *term.Term {
		fr := st.Func("fr", []*term.Sort{term.RealSort}, term.RealSort)
		vs := sideVars(st, term.RealSort, "r", side, n)
		m := len(vs)
		for i := 0; i < m; i++ {
			vs = append(vs, st.Apply(fr, vs[i]))
		}
		if rapid.IntRange(0, 2).Draw(t, label+"eq") == 0 {
			// an equality of terms, for congruence across the sides
			return st.Eq(vs[rapid.IntRange(0, len(vs)-1).Draw(t, label+"x")], vs[rapid.IntRange(0, len(vs)-1).Draw(t, label+"y")])
		}
		return linLit(t, st, vs, label)
	}}
}

// arrayTheory: arrays (Array Int Int) and Int indices; atoms are
// equalities between selects, stores and constants.
func arrayTheory(n int) theory {
	return theory{"arrays", func(t *rapid.T, st *term.Store, side int, label string) *term.Term {
		as := sideVars(st, st.ArraySort(term.IntSort, term.IntSort), "a", side, n)
		is := sideVars(st, term.IntSort, "i", side, n)
		arr := func() *term.Term {
			a := as[rapid.IntRange(0, len(as)-1).Draw(t, label+"a")]
			if rapid.IntRange(0, 2).Draw(t, label+"st") == 0 {
				a = st.Store(a, is[rapid.IntRange(0, len(is)-1).Draw(t, label+"i")], is[rapid.IntRange(0, len(is)-1).Draw(t, label+"i")])
			}
			return a
		}
		idx := func() *term.Term {
			if rapid.Bool().Draw(t, label+"sel") {
				return st.Select(arr(), is[rapid.IntRange(0, len(is)-1).Draw(t, label+"i")])
			}
			return is[rapid.IntRange(0, len(is)-1).Draw(t, label+"i")]
		}
		if rapid.IntRange(0, 3).Draw(t, label+"k") == 0 {
			return st.Eq(arr(), arr())
		}
		return st.Eq(idx(), idx())
	}}
}

func TestInterpolateEUFProperty(t *testing.T) {
	for _, th := range []theory{eufTheory(2), ufLRATheory(2), arrayTheory(2)} {
		t.Run(th.name, func(t *testing.T) {
			var cnt counter
			rapid.Check(t, func(t *rapid.T) {
				st := term.NewStore()
				var A, B []*term.Term
				for i, n := 0, rapid.IntRange(1, 4).Draw(t, "nA"); i < n; i++ {
					A = append(A, boolFormula(t, st, th, 0, 2, "a"))
				}
				for i, n := 0, rapid.IntRange(1, 4).Draw(t, "nB"); i < n; i++ {
					B = append(B, boolFormula(t, st, th, 1, 2, "b"))
				}
				parts := []*term.Term{st.And(A...), st.And(B...)}
				if !unsatParts(t, st, th, parts) {
					cnt.add("sat")
					return
				}
				a, b := parts[0], parts[1]
				I, err := itp.Interpolate(st, a, b)
				if err != nil {
					if !errors.Is(err, itp.ErrUnsupported) {
						t.Fatalf("A=%v B=%v: %v", a, b, err)
					}
					cnt.fail(err)
					return
				}
				if err := itp.Check(st, a, b, I); err != nil {
					t.Fatalf("A=%v B=%v I=%v: %v", a, b, I, err)
				}
				cnt.add("ok")
			})
			cnt.report(t, "pairs "+th.name)
		})
	}
}

// TestDeterministic: the same formulas, built in two fresh stores, get
// the same interpolants (no map order leaks into answers).
func TestDeterministic(t *testing.T) {
	for _, mk := range allTheories {
		th := mk(3)
		t.Run(th.name, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				seed := rapid.Uint64().Draw(t, "seed")
				var out [2]string
				for k := range out {
					st := term.NewStore()
					parts := make([]*term.Term, 3)
					gen := rapid.Custom(func(t *rapid.T) []*term.Term {
						for i := range parts {
							parts[i] = boolFormula(t, st, th, i, 2, "f")
						}
						return parts
					})
					ps := gen.Example(int(seed % 1000))
					is, err := itp.Sequence(st, ps)
					out[k] = fmt.Sprint(is, err)
				}
				if out[0] != out[1] {
					t.Fatalf("two runs differ:\n%s\n%s", out[0], out[1])
				}
			})
		})
	}
}
