package fuzz

import (
	"strconv"

	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
	"pgregory.net/rapid"
)

// Formula draws a Boolean formula over cfg's signature: connectives over
// atoms of cfg's theories, of depth at most cfg.Depth.
func Formula(st *term.Store, cfg Config) *rapid.Generator[*term.Term] {
	return TermOf(st, term.BoolSort, cfg)
}

// TermOf draws a term of sort s over cfg's signature, of depth at most
// cfg.Depth. Any sort works: sorts outside the signature get numerals,
// constant arrays, stores, ite and abstract elements.
func TermOf(st *term.Store, s *term.Sort, cfg Config) *rapid.Generator[*term.Term] {
	cfg = cfg.norm()
	return rapid.Custom(func(t *rapid.T) *term.Term {
		g := &gen{st: st, cfg: cfg, t: t, sig: signature(st, cfg)}
		return g.term(s, cfg.Depth)
	})
}

// Sorts returns the sorts of cfg's signature: Bool, and those of its
// constants.
func Sorts(st *term.Store, cfg Config) []*term.Sort {
	s := signature(st, cfg)
	out := []*term.Sort{term.BoolSort}
	if s.ints != nil {
		out = append(out, term.IntSort)
	}
	if s.reals != nil {
		out = append(out, term.RealSort)
	}
	if s.arrs != nil {
		out = append(out, s.arrSort, s.nestedSort)
	}
	if s.us != nil {
		out = append(out, s.uSort)
	}
	return out
}

// gen is the state of one draw.
type gen struct {
	st    *term.Store
	cfg   Config
	t     *rapid.T
	sig   *sig
	scope []*term.Term // bound variables in scope
}

func (g *gen) pick(label string, n int) int {
	if n <= 1 {
		return 0
	}
	return rapid.IntRange(0, n-1).Draw(g.t, label)
}

func (g *gen) small(label string, lo, hi int) int {
	return rapid.IntRange(lo, hi).Draw(g.t, label)
}

// choose draws one of the options; option 0 is the leaf, the choice
// shrinking prefers.
func (g *gen) choose(label string, opts []func() *term.Term) *term.Term {
	return opts[g.pick(label, len(opts))]()
}

func (g *gen) term(s *term.Sort, d int) *term.Term {
	switch {
	case s.IsBool():
		return g.boolean(d)
	case s.IsInt():
		return g.integer(d)
	case s.IsReal():
		return g.real(d)
	case s.IsArray():
		return g.array(s, d)
	}
	return g.uninterpreted(s, d)
}

func (g *gen) args(s *term.Sort, d, lo, hi int) []*term.Term {
	n := g.small("n", lo, hi)
	as := make([]*term.Term, n)
	for i := range as {
		as[i] = g.term(s, d)
	}
	return as
}

// ---- Bool ----

func (g *gen) boolLeaf() *term.Term {
	if g.sig.bools == nil && len(g.scope) == 0 {
		return g.atom(0)
	}
	vars := append(g.sig.bools[:len(g.sig.bools):len(g.sig.bools)], g.scope...)
	k := g.pick("bool", len(vars)+2)
	switch {
	case k < len(vars):
		return vars[k]
	case k == len(vars):
		return g.st.True()
	}
	return g.st.False()
}

// quantifier draws (forall/exists (vars) body) over one or two of the
// bound Bool variables q0, q1, q2.
func (g *gen) quantifier(d int) *term.Term {
	st := g.st
	first := g.pick("q", 3)
	vars := []*term.Term{st.BoundVar("q"+strconv.Itoa(first), term.BoolSort)}
	if g.pick("two vars", 2) == 1 {
		vars = append(vars, st.BoundVar("q"+strconv.Itoa((first+1)%3), term.BoolSort))
	}
	saved := g.scope
	g.scope = append(g.scope[:len(g.scope):len(g.scope)], vars...)
	body := g.boolean(d)
	g.scope = saved
	if g.pick("exists", 2) == 1 {
		return st.Exists(vars, body)
	}
	return st.Forall(vars, body)
}

func (g *gen) boolean(d int) *term.Term {
	if d <= 0 {
		return g.boolLeaf()
	}
	st, e := g.st, d-1
	b := func() *term.Term { return g.boolean(e) }
	opts := []func() *term.Term{
		g.boolLeaf,
		func() *term.Term { return g.atom(e) },
		func() *term.Term { return st.Not(b()) },
		func() *term.Term { return st.And(g.args(term.BoolSort, e, 2, 3)...) },
		func() *term.Term { return st.Or(g.args(term.BoolSort, e, 2, 3)...) },
		func() *term.Term { return st.Implies(b(), b()) },
		func() *term.Term { return st.Xor(g.args(term.BoolSort, e, 2, 3)...) },
		func() *term.Term { return st.Ite(b(), b(), b()) },
		func() *term.Term { return st.Mk(term.OpEq, g.args(term.BoolSort, e, 2, 3)...) },
		func() *term.Term { return st.Distinct(g.args(term.BoolSort, e, 2, 3)...) },
	}
	if g.cfg.Quantifiers {
		opts = append(opts, func() *term.Term { return g.quantifier(e) })
	}
	return g.choose("bool op", opts)
}

// atom draws a theory atom whose arguments have depth at most d.
func (g *gen) atom(d int) *term.Term {
	st := g.st
	var opts []func() *term.Term
	cmp := func(s *term.Sort) func() *term.Term {
		return func() *term.Term {
			ops := []term.Op{term.OpLe, term.OpLt, term.OpGe, term.OpGt, term.OpEq}
			op := ops[g.pick("cmp", len(ops))]
			return st.Mk(op, g.term(s, d), g.term(s, d))
		}
	}
	if g.sig.ints != nil {
		opts = append(opts, cmp(term.IntSort))
	}
	if g.cfg.has(LRA) {
		opts = append(opts, cmp(term.RealSort),
			func() *term.Term { return st.IsInt(g.real(d)) })
	}
	if g.sig.ints != nil {
		opts = append(opts, func() *term.Term { return st.Distinct(g.args(term.IntSort, d, 3, 3)...) })
	}
	if g.cfg.has(Arrays) {
		opts = append(opts,
			func() *term.Term { return st.Eq(g.array(g.sig.arrSort, d), g.array(g.sig.arrSort, d)) },
			func() *term.Term { return st.Eq(g.array(g.sig.nestedSort, d), g.array(g.sig.nestedSort, d)) })
	}
	if g.cfg.has(UF) {
		opts = append(opts,
			func() *term.Term { return st.Apply(g.sig.p, g.integer(d)) },
			func() *term.Term { return st.Eq(g.uninterpreted(g.sig.uSort, d), g.uninterpreted(g.sig.uSort, d)) })
	}
	if len(opts) == 0 {
		return g.boolLeaf()
	}
	return g.choose("atom", opts)
}

// ---- Arithmetic ----

func (g *gen) intLeaf() *term.Term {
	if n := len(g.sig.ints); n > 0 && g.pick("int leaf", 2) == 0 {
		return g.sig.ints[g.pick("x", n)]
	}
	return g.st.Int(int64(g.small("int", -g.cfg.MaxNum, g.cfg.MaxNum)))
}

func (g *gen) realLeaf() *term.Term {
	if n := len(g.sig.reals); n > 0 && g.pick("real leaf", 2) == 0 {
		return g.sig.reals[g.pick("r", n)]
	}
	return g.st.Real(g.rat())
}

func (g *gen) rat() num.Rat {
	n := g.small("num", -g.cfg.MaxNum, g.cfg.MaxNum)
	den := g.small("den", 1, 3)
	return num.NewRat(int64(n), int64(den))
}

func (g *gen) integer(d int) *term.Term {
	if d <= 0 {
		return g.intLeaf()
	}
	st, e := g.st, d-1
	x := func() *term.Term { return g.integer(e) }
	k := func() *term.Term { return g.st.Int(int64(g.small("k", -3, 3))) }
	opts := []func() *term.Term{
		g.intLeaf,
		func() *term.Term { return st.Ite(g.boolean(e), x(), x()) },
	}
	if g.cfg.has(LIA) {
		opts = append(opts,
			func() *term.Term { return st.Add(g.args(term.IntSort, e, 2, 3)...) },
			func() *term.Term { return st.Sub(x(), x()) },
			func() *term.Term { return st.Neg(x()) },
			func() *term.Term { return st.Mul(k(), x()) },
			func() *term.Term { return st.IntDiv(x(), k()) },
			func() *term.Term { return st.Mod(x(), k()) },
			func() *term.Term { return st.Abs(x()) },
		)
		if g.cfg.NonLinear {
			opts = append(opts,
				func() *term.Term { return st.Mul(x(), x()) },
				func() *term.Term { return st.IntDiv(x(), x()) },
				func() *term.Term { return st.Mod(x(), x()) },
			)
		}
		if g.cfg.has(LRA) {
			opts = append(opts, func() *term.Term { return st.ToInt(g.real(e)) })
		}
	}
	if g.cfg.has(Arrays) {
		opts = append(opts, func() *term.Term { return st.Select(g.array(g.sig.arrSort, e), x()) })
	}
	if g.cfg.has(UF) {
		opts = append(opts,
			func() *term.Term { return st.Apply(g.sig.f, x()) },
			func() *term.Term { return st.Apply(g.sig.g, x(), x()) },
		)
	}
	return g.choose("int op", opts)
}

func (g *gen) real(d int) *term.Term {
	if d <= 0 {
		return g.realLeaf()
	}
	st, e := g.st, d-1
	x := func() *term.Term { return g.real(e) }
	c := func() *term.Term { return st.Real(num.NewRat(int64(g.small("c", -2, 2)), int64(g.small("cd", 1, 2)))) }
	opts := []func() *term.Term{
		g.realLeaf,
		func() *term.Term { return st.Ite(g.boolean(e), x(), x()) },
		func() *term.Term { return st.Add(g.args(term.RealSort, e, 2, 3)...) },
		func() *term.Term { return st.Sub(x(), x()) },
		func() *term.Term { return st.Neg(x()) },
		func() *term.Term { return st.Mul(c(), x()) },
		func() *term.Term { return st.Div(x(), c()) },
	}
	if g.cfg.has(LIA) {
		opts = append(opts, func() *term.Term { return st.ToReal(g.integer(e)) })
	}
	if g.cfg.NonLinear {
		opts = append(opts,
			func() *term.Term { return st.Mul(x(), x()) },
			func() *term.Term { return st.Div(x(), x()) },
		)
	}
	if g.cfg.has(UF) && g.sig.fr != nil {
		opts = append(opts, func() *term.Term { return st.Apply(g.sig.fr, x()) })
	}
	return g.choose("real op", opts)
}

// ---- Arrays and uninterpreted sorts ----

func (g *gen) arrayLeaf(s *term.Sort) *term.Term {
	var vars []*term.Term
	switch s {
	case g.sig.arrSort:
		vars = g.sig.arrs
	case g.sig.nestedSort:
		vars = g.sig.nested
	}
	if n := len(vars); n > 0 && g.pick("array leaf", 2) == 0 {
		return vars[g.pick("a", n)]
	}
	return g.st.ConstArrayOf(s, g.term(s.Elem(), 0))
}

func (g *gen) array(s *term.Sort, d int) *term.Term {
	if d <= 0 {
		return g.arrayLeaf(s)
	}
	st, e := g.st, d-1
	opts := []func() *term.Term{
		func() *term.Term { return g.arrayLeaf(s) },
		func() *term.Term { return st.Store(g.array(s, e), g.term(s.Index(), e), g.term(s.Elem(), e)) },
		func() *term.Term { return st.Ite(g.boolean(e), g.array(s, e), g.array(s, e)) },
		func() *term.Term { return st.ConstArrayOf(s, g.term(s.Elem(), e)) },
	}
	if s == g.sig.arrSort && g.sig.nested != nil {
		opts = append(opts, func() *term.Term { return st.Select(g.array(g.sig.nestedSort, e), g.integer(e)) })
	}
	return g.choose("array op", opts)
}

func (g *gen) uninterpreted(s *term.Sort, d int) *term.Term {
	leaf := func() *term.Term {
		if s == g.sig.uSort && len(g.sig.us) > 0 {
			return g.sig.us[g.pick("u", len(g.sig.us))]
		}
		return g.st.Value(s, g.pick("value", 3))
	}
	if d <= 0 {
		return leaf()
	}
	e := d - 1
	opts := []func() *term.Term{
		leaf,
		func() *term.Term { return g.st.Ite(g.boolean(e), g.uninterpreted(s, e), g.uninterpreted(s, e)) },
	}
	if s == g.sig.uSort && g.sig.h != nil {
		opts = append(opts, func() *term.Term { return g.st.Apply(g.sig.h, g.uninterpreted(s, e)) })
	}
	return g.choose("u op", opts)
}
