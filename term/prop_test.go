package term_test

import (
	"slices"
	"testing"

	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
	"pgregory.net/rapid"
)

// The properties run through fuzz.Check with at least propCases cases each
// (ten rapid.Check rounds of rapid's default 100); -rapid.checks=N on the
// command line runs exactly N instead, e.g.
//
//	go test ./term -run Prop -rapid.checks=20000
const propCases = 3000

var propConfigs = []fuzz.Config{
	{Theories: fuzz.Bool | fuzz.LIA},
	{Theories: fuzz.All},
	{Theories: fuzz.Bool | fuzz.LRA},
	{Theories: fuzz.Bool | fuzz.LIA | fuzz.LRA, NonLinear: true},
	{Theories: fuzz.Bool | fuzz.Arrays | fuzz.UF},
	{Theories: fuzz.All, NonLinear: true, Depth: 5},
	{Theories: fuzz.All, Vars: 1, Depth: 6},
	{Theories: fuzz.Bool | fuzz.LIA, Vars: 1, Depth: 6, MaxNum: 2},
	{Theories: fuzz.Bool | fuzz.LIA, Quantifiers: true, Depth: 5},
}

type propCase struct {
	st  *term.Store
	cfg fuzz.Config
	t   *term.Term
	m   *term.Model
}

// drawCase draws a term of a random sort (Bool half the time) and a model.
func drawCase(t *rapid.T, boolOnly bool) propCase {
	st := term.NewStore()
	cfg := rapid.SampledFrom(propConfigs).Draw(t, "cfg")
	s := term.BoolSort
	if !boolOnly && rapid.Bool().Draw(t, "non-Bool") {
		s = rapid.SampledFrom(fuzz.Sorts(st, cfg)).Draw(t, "sort")
	}
	u := fuzz.TermOf(st, s, cfg).Draw(t, "t")
	m := fuzz.ModelFor(st, fuzz.Consts(st, cfg), cfg).Draw(t, "model")
	return propCase{st, cfg, u, m}
}

func mustEval(t *rapid.T, m *term.Model, u *term.Term) *term.Term {
	v, err := m.Eval(u)
	if err != nil {
		t.Fatalf("eval %v: %v", u, err)
	}
	if !v.IsValue() {
		t.Fatalf("eval %v gave the non-value %v", u, v)
	}
	return v
}

// counterexample prints the case: the script asserts that the two terms
// differ, which holds in the model printed after it.
func counterexample(c propCase, u, v *term.Term) string {
	return fuzz.Script(c.st, c.st.Distinct(u, v)) + "model:\n" + c.m.String()
}

func TestPropSimplifyPreservesValue(t *testing.T) {
	fuzz.Check(t, propCases, func(t *rapid.T) {
		c := drawCase(t, false)
		s := c.st.Simplify(c.t)
		if s.Sort() != c.t.Sort() {
			t.Fatalf("Simplify changed the sort of %v to %v", c.t, s.Sort())
		}
		v, w := mustEval(t, c.m, c.t), mustEval(t, c.m, s)
		if v != w {
			t.Fatalf("Simplify changed the value from %v to %v\nterm:       %v\nsimplified: %v\n%s",
				v, w, c.t, s, counterexample(c, c.t, s))
		}
		checkNormalForm(t, s)
	})
}

func TestPropSimplifyIdempotent(t *testing.T) {
	fuzz.Check(t, propCases, func(t *rapid.T) {
		c := drawCase(t, false)
		s := c.st.Simplify(c.t)
		if s2 := c.st.Simplify(s); s2 != s {
			t.Fatalf("Simplify is not idempotent\nterm: %v\nonce:  %v\ntwice: %v", c.t, s, s2)
		}
	})
}

func TestPropNNFPreservesValue(t *testing.T) {
	fuzz.Check(t, propCases, func(t *rapid.T) {
		c := drawCase(t, true)
		n := c.st.NNF(c.t)
		v, w := mustEval(t, c.m, c.t), mustEval(t, c.m, n)
		if v != w {
			t.Fatalf("NNF changed the value from %v to %v\nterm: %v\nNNF:  %v\n%s",
				v, w, c.t, n, counterexample(c, c.t, n))
		}
		checkNNF(t, n)
	})
}

func TestPropSubstitute(t *testing.T) {
	fuzz.Check(t, propCases, func(t *rapid.T) {
		c := drawCase(t, false)
		consts := fuzz.Consts(c.st, c.cfg)
		x := rapid.SampledFrom(consts).Draw(t, "x")
		cfg := c.cfg
		cfg.Depth = 2
		v := fuzz.TermOf(c.st, x.Sort(), cfg).Draw(t, "v")
		r := c.st.Substitute(c.t, []*term.Term{x}, []*term.Term{v})
		if rs := c.st.SubstituteTerms([]*term.Term{c.t, v}, []*term.Term{x}, []*term.Term{v}); rs[0] != r || rs[1] != c.st.Substitute(v, []*term.Term{x}, []*term.Term{v}) {
			t.Fatalf("SubstituteTerms %v := %v in %v and %v gave %v, Substitute %v", x, v, c.t, v, rs, r)
		}
		m2 := c.m.Clone()
		m2.Set(x, mustEval(t, c.m, v))
		got, want := mustEval(t, c.m, r), mustEval(t, m2, c.t)
		if got != want {
			t.Fatalf("Substitute %v := %v in %v gave %v, value %v, want %v", x, v, c.t, r, got, want)
		}
		// Simultaneous substitution: swapping two constants twice is the
		// identity.
		y := rapid.SampledFrom(consts).Draw(t, "y")
		if x.Sort() == y.Sort() {
			sw := []*term.Term{x, y}
			ws := []*term.Term{y, x}
			if back := c.st.Substitute(c.st.Substitute(c.t, sw, ws), sw, ws); back != c.t {
				t.Fatalf("swapping %v and %v twice in %v gave %v", x, y, c.t, back)
			}
		}
	})
}

// TestPropSubstituteBuilds: Substitute gives the term that rebuilding
// with the substituted arguments (Store.Rebuild, which checks, coerces
// and folds as Build does) gives, on quantifier-free terms.
func TestPropSubstituteBuilds(t *testing.T) {
	fuzz.Check(t, propCases, func(t *rapid.T) {
		c := drawCase(t, false)
		if c.t.HasQuantifier() {
			return
		}
		consts := fuzz.Consts(c.st, c.cfg)
		x := rapid.SampledFrom(consts).Draw(t, "x")
		cfg := c.cfg
		cfg.Depth = 2
		v := fuzz.TermOf(c.st, x.Sort(), cfg).Draw(t, "v")
		memo := map[*term.Term]*term.Term{}
		var rebuild func(u *term.Term) *term.Term
		rebuild = func(u *term.Term) *term.Term {
			if u == x {
				return v
			}
			if r, ok := memo[u]; ok {
				return r
			}
			args := make([]*term.Term, u.NumArgs())
			for i, a := range u.Args() {
				args[i] = rebuild(a)
			}
			r := c.st.Rebuild(u, args)
			memo[u] = r
			return r
		}
		if got, want := c.st.Substitute(c.t, []*term.Term{x}, []*term.Term{v}), rebuild(c.t); got != want {
			t.Fatalf("Substitute %v := %v in %v gave %v, Rebuild gives %v", x, v, c.t, got, want)
		}
	})
}

// TestPropSimplifyMarks: Simplify gives the same term whether or not
// parts of it were simplified before (which marks their results as
// simplified), and SimplifyMap still substitutes inside marked terms.
func TestPropSimplifyMarks(t *testing.T) {
	fuzz.Check(t, propCases, func(t *rapid.T) {
		c := drawCase(t, false)
		fresh := c.st.Clone()
		want := term.Sprint(fresh.Simplify(fresh.Term(c.t.ID())))
		for _, a := range c.t.Args() {
			c.st.Simplify(a)
		}
		if got := term.Sprint(c.st.Simplify(c.t)); got != want {
			t.Fatalf("Simplify %v after its arguments gave %s, without %s", c.t, got, want)
		}
		consts := fuzz.Consts(c.st, c.cfg)
		x := rapid.SampledFrom(consts).Draw(t, "x")
		cfg := c.cfg
		cfg.Depth = 2
		v := fuzz.TermOf(c.st, x.Sort(), cfg).Draw(t, "v")
		m := map[*term.Term]*term.Term{x: v}
		if got, want := c.st.SimplifyMap(c.t, m), c.st.Simplify(c.st.SubstituteMap(c.t, m)); got != want {
			t.Fatalf("SimplifyMap %v := %v in %v gave %v, want %v", x, v, c.t, got, want)
		}
	})
}

// TestPropSimplifyMap: simplifying with a substitution gives the
// simplification of the substituted term, and its value.
func TestPropSimplifyMap(t *testing.T) {
	fuzz.Check(t, propCases, func(t *rapid.T) {
		c := drawCase(t, false)
		consts := fuzz.Consts(c.st, c.cfg)
		cfg := c.cfg
		cfg.Depth = 2
		from := rapid.SliceOfNDistinct(rapid.SampledFrom(consts), 1, 3, func(x *term.Term) uint32 { return x.ID() }).Draw(t, "from")
		to := make([]*term.Term, len(from))
		m := map[*term.Term]*term.Term{}
		for i, x := range from {
			to[i] = fuzz.TermOf(c.st, x.Sort(), cfg).Draw(t, "to")
			m[x] = to[i]
		}
		got := c.st.SimplifySubstitute(c.t, from, to)
		if want := c.st.Simplify(c.st.SubstituteMap(c.t, m)); got != want {
			t.Fatalf("SimplifySubstitute %v := %v in %v gave %v, want %v", from, to, c.t, got, want)
		}
	})
}

// drawArith draws a configuration and an arithmetic sort it allows: Int,
// or Real when it has LRA.
func drawArith(t *rapid.T) (fuzz.Config, *term.Sort) {
	cfg := rapid.SampledFrom(propConfigs).Draw(t, "cfg")
	if cfg.Theories&fuzz.LRA != 0 && rapid.Bool().Draw(t, "real") {
		return cfg, term.RealSort
	}
	return cfg, term.IntSort
}

func TestPropLinearize(t *testing.T) {
	fuzz.Check(t, propCases, func(t *rapid.T) {
		st := term.NewStore()
		cfg, s := drawArith(t)
		u := fuzz.TermOf(st, s, cfg).Draw(t, "t")
		m := fuzz.ModelFor(st, fuzz.Consts(st, cfg), cfg).Draw(t, "model")
		l, _ := st.Linearize(u)
		back := st.FromLinear(l, s)
		if v, w := mustEval(t, m, u), mustEval(t, m, back); v != w {
			t.Fatalf("FromLinear(Linearize(%v)) = %v has value %v, want %v", u, back, w, v)
		}
		for i, x := range l.Vars {
			if i > 0 && l.Vars[i-1].ID() >= x.ID() || l.Coeffs[i].IsZero() {
				t.Fatalf("Linearize(%v) = %+v is not normalized", u, l)
			}
		}
	})
}

// checkNormalForm checks the shapes doc.go promises for simplified terms.
func checkNormalForm(t *rapid.T, s *term.Term) {
	for u := range term.PostOrder(s) {
		switch u.Op() {
		case term.OpImplies, term.OpSub, term.OpNeg, term.OpLt, term.OpGt:
			t.Fatalf("operator %v in simplified %v", u.Op(), s)
		case term.OpToReal:
			if !isVar(u.Arg(0)) {
				t.Fatalf("%v of a non-variable in simplified %v", u, s)
			}
		case term.OpMul:
			// (* c x) for a variable x, or a product of non-numerals
			if u.Arg(0).IsNum() && (len(u.Args()) != 2 || !isVar(u.Arg(1))) {
				t.Fatalf("bad monomial %v in simplified %v", u, s)
			}
			for i, a := range u.Args() {
				if u.Arg(0).IsNum() {
					break
				}
				if a.IsNum() || a.Op() == term.OpMul || i > 0 && factorID(u.Arg(i-1)) > factorID(a) {
					t.Fatalf("bad product %v in simplified %v", u, s)
				}
			}
		case term.OpGe:
			if !u.Arg(0).Sort().IsReal() {
				t.Fatalf(">= over Int in simplified %v", s)
			}
		case term.OpNot:
			if a := u.Arg(0); a.Op() == term.OpNot || a.Op() == term.OpTrue || a.Op() == term.OpFalse {
				t.Fatalf("not of %v in simplified %v", a, s)
			}
		case term.OpAnd, term.OpOr:
			for i, a := range u.Args() {
				if a.Op() == u.Op() || a.IsTrue() || a.IsFalse() || i > 0 && u.Arg(i-1).ID() >= a.ID() {
					t.Fatalf("%v not flat, sorted and constant-free in simplified %v", u, s)
				}
			}
		case term.OpIte:
			if c := u.Arg(0); c.Op() == term.OpNot || c.IsTrue() || c.IsFalse() || u.Arg(1) == u.Arg(2) {
				t.Fatalf("ite %v not simplified in %v", u, s)
			}
		case term.OpLe, term.OpEq:
			a, b := u.Arg(0), u.Arg(1)
			if a.Sort().IsArith() && (a.IsNum() || !b.IsNum()) {
				t.Fatalf("comparison %v not of the shape (op L c) in %v", u, s)
			}
		}
	}
}

// isVar reports whether u may be a variable of a simplified linear form.
func isVar(u *term.Term) bool {
	switch u.Op() {
	case term.OpToReal:
		return isVar(u.Arg(0))
	case term.OpNum, term.OpAdd, term.OpSub, term.OpNeg, term.OpDiv:
		return u.Op() == term.OpDiv && !u.Arg(1).IsNum() || u.Op() == term.OpDiv && u.Arg(1).Num().IsZero()
	case term.OpMul:
		return !u.Arg(0).IsNum()
	}
	return true
}

// factorID is the ID a factor of a non-linear product is sorted by.
func factorID(a *term.Term) uint32 {
	if a.Op() == term.OpToReal {
		return a.Arg(0).ID()
	}
	return a.ID()
}

// checkNNF checks that n is in negation normal form: and, or and
// quantifiers over literals.
func checkNNF(t *rapid.T, n *term.Term) {
	var walk func(u *term.Term)
	walk = func(u *term.Term) {
		switch u.Op() {
		case term.OpAnd, term.OpOr:
			for _, a := range u.Args() {
				walk(a)
			}
		case term.OpForall, term.OpExists:
			walk(u.Arg(len(u.Args()) - 1))
		case term.OpNot:
			u = u.Arg(0)
			fallthrough
		default:
			switch u.Op() {
			case term.OpNot, term.OpAnd, term.OpOr, term.OpImplies, term.OpXor, term.OpForall, term.OpExists:
				t.Fatalf("%v below a negation in NNF %v", u.Op(), n)
			case term.OpIte, term.OpEq, term.OpDistinct:
				if u.Arg(1).Sort().IsBool() {
					t.Fatalf("Boolean %v in NNF %v", u.Op(), n)
				}
			}
		}
	}
	walk(n)
}

// TestPropArrayValuesCanonical checks canonical array values against
// extensional equality computed independently, by reading both arrays at
// every index either mentions and at one index neither does.
func TestPropArrayValuesCanonical(t *testing.T) {
	fuzz.Check(t, propCases, func(t *rapid.T) {
		st := term.NewStore()
		cfg := fuzz.Config{Theories: fuzz.Bool | fuzz.LIA | fuzz.Arrays, Vars: 1, MaxNum: 2}
		sorts := fuzz.Sorts(st, cfg)
		s := rapid.SampledFrom(sorts[len(sorts)-2:]).Draw(t, "sort") // the two array sorts
		a := fuzz.TermOf(st, s, cfg).Draw(t, "a")
		b := fuzz.TermOf(st, s, cfg).Draw(t, "b")
		m := fuzz.ModelFor(st, fuzz.Consts(st, cfg), cfg).Draw(t, "model")
		va, vb := mustEval(t, m, a), mustEval(t, m, b)
		if ext := extEqual(t, m, va, vb); ext != (va == vb) {
			t.Fatalf("arrays %v and %v: extensionally equal %v, same term %v", va, vb, ext, va == vb)
		}
		if eq := mustEval(t, m, st.Eq(a, b)); eq.IsTrue() != (va == vb) {
			t.Fatalf("(= a b) is %v for values %v and %v", eq, va, vb)
		}
	})
}

// extEqual compares two values, arrays pointwise over Int indices.
func extEqual(t *rapid.T, m *term.Model, v, w *term.Term) bool {
	if !v.Sort().IsArray() {
		return v == w
	}
	st := m.Store()
	idx := map[int64]bool{}
	fresh := int64(1)
	for _, u := range []*term.Term{v, w} {
		for ; u.Op() == term.OpStore; u = u.Arg(0) {
			k := u.Arg(1).Num().Num().Int64()
			idx[k] = true
			fresh = max(fresh, k+1, -k+1)
		}
	}
	idx[fresh] = true
	for k := range idx {
		i := st.Int(k)
		if !extEqual(t, m, mustEval(t, m, st.Select(v, i)), mustEval(t, m, st.Select(w, i))) {
			return false
		}
	}
	return true
}

// TestPropLinearizeMemo checks the store's memo of linear forms: terms
// linearized one after another in one store, sharing subterms, get the
// forms a fresh store computes for them alone.
func TestPropLinearizeMemo(t *testing.T) {
	fuzz.Check(t, propCases, func(t *rapid.T) {
		st := term.NewStore()
		cfg, s := drawArith(t)
		us := rapid.SliceOfN(fuzz.TermOf(st, s, cfg), 1, 6).Draw(t, "ts")
		us = append(us, st.Add(us...), st.Sub(us[0], us[len(us)-1]))
		for _, u := range us {
			l, ok := st.Linearize(u)
			fresh := term.NewStore()
			fl, fok := fresh.Linearize(term.NewCopier(st, fresh).Term(u))
			if ok != fok {
				t.Fatalf("Linearize(%v): ok %v, in a fresh store %v", u, ok, fok)
			}
			got := st.Simplify(st.FromLinear(l, s))
			want := st.Simplify(term.NewCopier(fresh, st).Term(fresh.FromLinear(fl, s)))
			if got != want {
				t.Fatalf("Linearize(%v) = %v, in a fresh store %v", u, got, want)
			}
		}
	})
}

// TestPropSimplifyAndEq: SimplifyAnd and SimplifyEq, which skip building
// the conjunction or the equality, give what Simplify gives for it, on
// simplified and raw arguments alike (numerals and variables among them).
func TestPropSimplifyAndEq(t *testing.T) {
	fuzz.Check(t, propCases, func(t *rapid.T) {
		st := term.NewStore()
		cfg, s := drawArith(t)
		consts := fuzz.Consts(st, cfg)
		leaf := func(name string, s *term.Sort) *term.Term {
			var same []*term.Term
			for _, x := range consts {
				if x.Sort() == s {
					same = append(same, x)
				}
			}
			switch k := rapid.IntRange(0, 3).Draw(t, name+"-kind"); {
			case k == 0 && len(same) > 0:
				return rapid.SampledFrom(same).Draw(t, name)
			case k == 1 && s.IsArith():
				return st.Num(num.NewRat(int64(rapid.IntRange(-3, 3).Draw(t, name+"-num")), 1), s)
			}
			u := fuzz.TermOf(st, s, cfg).Draw(t, name)
			if rapid.Bool().Draw(t, name+"-simplified") {
				u = st.Simplify(u)
			}
			return u
		}
		{
			a, b := leaf("a", s), leaf("b", s)
			if got, want := st.SimplifyEq(a, b), st.Simplify(st.Eq(a, b)); got != want {
				t.Fatalf("SimplifyEq(%v, %v) = %v, want %v", a, b, got, want)
			}
		}
		n := rapid.IntRange(0, 5).Draw(t, "n")
		var ts []*term.Term
		for i := range n {
			ts = append(ts, leaf("c"+string(rune('0'+i)), term.BoolSort))
		}
		want := st.True()
		switch len(ts) {
		case 1:
			want = st.Simplify(ts[0])
		default:
			if len(ts) > 1 {
				want = st.Simplify(st.And(ts...))
			}
		}
		if got := st.SimplifyAnd(ts); got != want {
			t.Fatalf("SimplifyAnd(%v) = %v, want %v", ts, got, want)
		}
	})
}

// TestPropFreeConstsSmall: FreeConsts, which collects the constants of a
// small term without a walk's tables, gives the constants PostOrder
// meets, sorted by ID, once each, on small and large terms alike.
func TestPropFreeConstsSmall(t *testing.T) {
	fuzz.Check(t, propCases, func(t *rapid.T) {
		c := drawCase(t, false)
		var want []*term.Term
		for u := range term.PostOrder(c.t) {
			if u.Op() == term.OpConst {
				want = append(want, u)
			}
		}
		term.SortByID(want)
		got := term.FreeConsts(c.t)
		if len(got) != len(want) {
			t.Fatalf("FreeConsts(%v) = %v, want %v", c.t, got, want)
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("FreeConsts(%v) = %v, want %v", c.t, got, want)
			}
		}
	})
}

// TestPropSimplifyEqConsts: SimplifyEq of two constants of any sort (the
// arrays and Booleans of a clause's copies x' = x among them), or of a
// constant or a simplified term and true, false or a term of its sort,
// simplified or not (a Boolean definition written back, x = true), gives
// what Simplify gives for the equality.
func TestPropSimplifyEqConsts(t *testing.T) {
	fuzz.Check(t, propCases, func(t *rapid.T) {
		st := term.NewStore()
		cfg := rapid.SampledFrom(propConfigs).Draw(t, "cfg")
		consts := fuzz.Consts(st, cfg)
		a := rapid.SampledFrom(consts).Draw(t, "a")
		var same []*term.Term
		for _, x := range consts {
			if x.Sort() == a.Sort() {
				same = append(same, x)
			}
		}
		b := rapid.SampledFrom(same).Draw(t, "b")
		switch rapid.IntRange(0, 3).Draw(t, "b-kind") {
		case 1:
			if a.Sort().IsBool() {
				b = st.Bool(rapid.Bool().Draw(t, "b-bool"))
			}
		case 2:
			b = fuzz.TermOf(st, a.Sort(), cfg).Draw(t, "b-term")
			if rapid.Bool().Draw(t, "b-simplified") {
				b = st.Simplify(b)
			}
		case 3:
			a = st.Simplify(fuzz.TermOf(st, a.Sort(), cfg).Draw(t, "a-term"))
		}
		if got, want := st.SimplifyEq(a, b), st.Simplify(st.Eq(a, b)); got != want {
			t.Fatalf("SimplifyEq(%v, %v) = %v, want %v", a, b, got, want)
		}
	})
}

// TestPropSortByID: SortByID orders the nodes of a term, drawn in any
// order and with repetitions (short lists and long ones), as SortFunc
// with CompareID does.
func TestPropSortByID(t *testing.T) {
	fuzz.Check(t, propCases/3, func(t *rapid.T) {
		c := drawCase(t, false)
		var nodes []*term.Term
		for u := range term.PostOrder(c.t) {
			nodes = append(nodes, u)
		}
		n := rapid.IntRange(0, 120).Draw(t, "n")
		ts := make([]*term.Term, n)
		for i := range ts {
			ts[i] = nodes[rapid.IntRange(0, len(nodes)-1).Draw(t, "i")]
		}
		want := slices.Clone(ts)
		slices.SortFunc(want, term.CompareID)
		term.SortByID(ts)
		if !slices.Equal(ts, want) {
			t.Fatalf("SortByID gave %v, want %v", ts, want)
		}
	})
}

// TestPropSimplifyMemo: the store remembers the simplifications it made
// (Simplify, SimplifyMap below no key, SimplifyAnd), and a result read
// back is the one the store gives without them: Simplify, SimplifyMap,
// SimplifyAnd and SimplifyAndMap after simplifications of other terms
// and of parts of theirs (under substitutions or not) give what
// Simplify and SimplifyMap of the terms (of the conjunction) give once
// the store has forgotten them; SimplifyAndMap is SimplifyMap of the
// conjunction.
func TestPropSimplifyMemo(t *testing.T) {
	fuzz.Check(t, propCases, func(t *rapid.T) {
		c := drawCase(t, true)
		st := c.st
		cfg := c.cfg
		var xs []*term.Term // constants: SimplifyAndMap's keys
		for _, x := range fuzz.Consts(st, cfg) {
			if x.IsConst() {
				xs = append(xs, x)
			}
		}
		small := cfg
		small.Depth = 2
		m := map[*term.Term]*term.Term{}
		if len(xs) > 0 {
			from := rapid.SliceOfNDistinct(rapid.SampledFrom(xs), 1, 3, func(x *term.Term) uint32 { return x.ID() }).Draw(t, "from")
			for _, x := range from {
				m[x] = fuzz.TermOf(st, x.Sort(), small).Draw(t, "to")
			}
		}
		// conjuncts: t, some of its Boolean arguments, and others
		ts := []*term.Term{c.t}
		for _, a := range c.t.Args() {
			if a.Sort().IsBool() && rapid.Bool().Draw(t, "arg") {
				ts = append(ts, a)
			}
		}
		for i := range rapid.IntRange(0, 3).Draw(t, "others") {
			ts = append(ts, fuzz.TermOf(st, term.BoolSort, cfg).Draw(t, "other"+string(rune('0'+i))))
		}
		// simplifications that fill the memo: parts of the terms, the
		// terms, under m or not
		var parts []*term.Term
		for _, u := range ts {
			for v := range term.PostOrder(u) {
				parts = append(parts, v)
			}
		}
		for i := range rapid.IntRange(0, 6).Draw(t, "before") {
			u := rapid.SampledFrom(parts).Draw(t, "part"+string(rune('0'+i)))
			if rapid.Bool().Draw(t, "under-m") {
				st.SimplifyMap(u, m)
			} else {
				st.Simplify(u)
			}
		}
		got := []*term.Term{
			st.Simplify(ts[0]),
			st.SimplifyMap(ts[0], m),
			st.SimplifyAnd(ts),
			st.SimplifyAndMap(ts, m),
		}
		and := st.And(ts...)
		term.ForgetSimplifications(st)
		want := []*term.Term{
			st.Simplify(ts[0]),
			st.SimplifyMap(ts[0], m),
			st.Simplify(and),
			st.SimplifyMap(and, m),
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("result %d on %v under %v: %v with the memo, %v without", i, ts, m, got[i], want[i])
			}
		}
	})
}

// TestPropSimplifyConjuncts: SimplifyConjuncts appends to its list the
// conjuncts of SimplifyAnd of the plain terms and of SimplifyAndMap of
// the mapped ones, in the order of that conjunction (false: nothing
// appended); the flat atoms Solidity's clauses are made of (x ≤ 3, x ≥ 0,
// x = 3, x = y, ¬b), which the simplifier rewrites without a walk, are
// drawn often, and a few of them checked against an equivalent atom that
// takes another rule to the same normal form; so are conjuncts that
// simplify to true or false (x + c ≤ x), at any place of the list.
func TestPropSimplifyConjuncts(t *testing.T) {
	fuzz.Check(t, propCases, func(t *rapid.T) {
		st := term.NewStore()
		cfg := rapid.SampledFrom(propConfigs[:6]).Draw(t, "cfg")
		consts := fuzz.Consts(st, cfg)
		ofSort := func(s *term.Sort) []*term.Term {
			var same []*term.Term
			for _, x := range consts {
				if x.Sort() == s {
					same = append(same, x)
				}
			}
			return same
		}
		ints, bools := ofSort(term.IntSort), ofSort(term.BoolSort)
		flat := func(name string) *term.Term {
			c := st.Int(int64(rapid.IntRange(-2, 2).Draw(t, name+"-num")))
			switch k := rapid.IntRange(0, 7).Draw(t, name+"-kind"); {
			case k <= 4 && len(ints) > 0:
				x := rapid.SampledFrom(ints).Draw(t, name+"-x")
				y := rapid.SampledFrom(ints).Draw(t, name+"-y")
				switch k {
				case 0:
					if got, want := st.Simplify(st.Le(x, c)), st.Simplify(st.Not(st.Gt(x, c))); got != want {
						t.Fatalf("%v simplifies to %v, ¬(%v > %v) to %v", st.Le(x, c), got, x, c, want)
					}
					return st.Le(x, c)
				case 1:
					return st.Ge(x, c)
				case 2:
					if got, want := st.Simplify(st.Eq(x, c)), st.Simplify(st.Eq(c, x)); got != want {
						t.Fatalf("%v = %v simplifies to %v, the other way round to %v", x, c, got, want)
					}
					return st.Eq(x, c)
				case 3:
					return st.Eq(x, y)
				}
				return st.Not(st.Eq(x, y))
			case k == 5 && len(bools) > 0:
				b := rapid.SampledFrom(bools).Draw(t, name+"-b")
				if got, want := st.Simplify(st.Not(b)), st.Simplify(st.Not(st.Not(st.Not(b)))); got != want {
					t.Fatalf("¬%v simplifies to %v, ¬¬¬%v to %v", b, got, b, want)
				}
				return st.Not(b)
			case k == 6 && len(bools) > 1:
				a, b := rapid.SampledFrom(bools).Draw(t, name+"-a"), rapid.SampledFrom(bools).Draw(t, name+"-b")
				if got, want := st.Simplify(st.Eq(a, b)), st.Simplify(st.Eq(b, a)); got != want {
					t.Fatalf("%v = %v simplifies to %v, the other way round to %v", a, b, got, want)
				}
				return st.Eq(a, b)
			case k == 7 && len(ints) > 0:
				// x + c ≤ x: no flat atom, and true or false whatever x
				// is (a conjunct that decides the conjunction, read
				// before or after the others)
				x := rapid.SampledFrom(ints).Draw(t, name+"-x")
				return st.Le(st.Add(x, c), x)
			}
			return fuzz.TermOf(st, term.BoolSort, cfg).Draw(t, name)
		}
		conj := func(name string) []*term.Term {
			var ts []*term.Term
			for i := range rapid.IntRange(0, 5).Draw(t, name+"-n") {
				u := flat(name + string(rune('0'+i)))
				if rapid.IntRange(0, 3).Draw(t, name+"-simplified") == 0 {
					u = st.Simplify(u)
				}
				ts = append(ts, u)
			}
			return ts
		}
		ts, mapped := conj("t"), conj("mapped")
		m := map[*term.Term]*term.Term{}
		if len(consts) > 0 {
			sub := cfg
			sub.Depth = 1
			for _, x := range rapid.SliceOfNDistinct(rapid.SampledFrom(consts), 0, 3, func(x *term.Term) uint32 { return x.ID() }).Draw(t, "from") {
				if rapid.Bool().Draw(t, "leaf image") {
					if same := ofSort(x.Sort()); len(same) > 0 {
						m[x] = rapid.SampledFrom(same).Draw(t, "to")
						continue
					}
				}
				m[x] = st.Simplify(fuzz.TermOf(st, x.Sort(), sub).Draw(t, "to"))
			}
		}
		// (got first, from a store that has not simplified ts and mapped:
		// the conjuncts it walks itself; then want, without the memo)
		prefix := []*term.Term{st.True()}
		got, ok := st.SimplifyConjuncts(slices.Clip(prefix), ts, mapped, m)
		term.ForgetSimplifications(st)
		want := st.SimplifyAnd(append(slices.Clip(ts), st.SimplifyAndMap(mapped, m)))
		if got[0] != prefix[0] {
			t.Fatalf("SimplifyConjuncts changed the list it appends to: %v", got)
		}
		if want.IsFalse() {
			if ok || len(got) != 1 {
				t.Fatalf("SimplifyConjuncts(%v, %v, %v) = %v, %v; want false", ts, mapped, m, got[1:], ok)
			}
			return
		}
		if !ok || !slices.Equal(got[1:], term.Conjuncts(nil, want)) {
			t.Fatalf("SimplifyConjuncts(%v, %v, %v) = %v, %v; want the conjuncts of %v", ts, mapped, m, got[1:], ok, want)
		}
	})
}

// TestPropSimplifyConjunctsTable: SimplifyConjunctsTable, the
// substitution a table of constants (with another key that no mapped
// term mentions, as the callers' tables of earlier definitions hold),
// gives what SimplifyConjuncts gives with the map.
func TestPropSimplifyConjunctsTable(t *testing.T) {
	fuzz.Check(t, propCases, func(t *rapid.T) {
		st := term.NewStore()
		cfg := rapid.SampledFrom(propConfigs[:6]).Draw(t, "cfg")
		consts := fuzz.Consts(st, cfg)
		if len(consts) == 0 {
			return
		}
		var ts, mapped []*term.Term
		for range rapid.IntRange(0, 5).Draw(t, "n") {
			u := fuzz.TermOf(st, term.BoolSort, cfg).Draw(t, "t")
			if rapid.Bool().Draw(t, "simplified") {
				u = st.Simplify(u)
			}
			if rapid.Bool().Draw(t, "mapped") {
				mapped = append(mapped, u)
			} else {
				ts = append(ts, u)
			}
		}
		from := rapid.SliceOfNDistinct(rapid.SampledFrom(consts), 0, 4, func(x *term.Term) uint32 { return x.ID() }).Draw(t, "from")
		m := map[*term.Term]*term.Term{}
		var tb term.TermMap[*term.Term]
		var keys []*term.Term
		sub := cfg
		sub.Depth = 1
		for _, x := range from {
			var img *term.Term
			if rapid.IntRange(0, 2).Draw(t, "leaf") > 0 {
				// a constant or a value, as unionSimple's definitions
				same := []*term.Term{}
				for _, y := range consts {
					if y.Sort() == x.Sort() && y != x {
						same = append(same, y)
					}
				}
				if x.Sort().IsInt() {
					same = append(same, st.Int(int64(rapid.IntRange(-2, 2).Draw(t, "v"))))
				}
				if x.Sort().IsBool() {
					same = append(same, st.True(), st.False())
				}
				if len(same) == 0 {
					continue
				}
				img = rapid.SampledFrom(same).Draw(t, "to")
			} else {
				img = st.Simplify(fuzz.TermOf(st, x.Sort(), sub).Draw(t, "to"))
			}
			if img.HasBound() {
				continue
			}
			m[x], keys = img, append(keys, x)
			tb.Set(x, img)
		}
		// a key that no term mentions (an earlier definition)
		unused := st.Const("unused!", term.IntSort)
		tb.Set(unused, st.Int(7))
		prefix := []*term.Term{st.True()}
		want, wok := st.SimplifyConjuncts(slices.Clip(prefix), ts, mapped, m)
		got, gok := st.SimplifyConjunctsTable(slices.Clip(prefix), ts, mapped, keys, &tb)
		if gok != wok || !slices.Equal(got, want) {
			t.Fatalf("SimplifyConjunctsTable(%v, %v, %v) = %v, %v; SimplifyConjuncts gives %v, %v", ts, mapped, m, got, gok, want, wok)
		}
	})
}
