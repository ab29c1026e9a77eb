package fuzz

import (
	"github.com/seed-f9c3434d/gospacer/term"
	"pgregory.net/rapid"
)

// ModelFor draws a model that gives the constants consts small values:
// integers in [-MaxNum, MaxNum], rationals with denominators up to 3,
// arrays with up to three entries, abstract elements U!val!0..2. A constant
// whose first draw is 0 keeps its default value, so models shrink toward
// the all-default model. The model also interprets cfg's functions (Funcs)
// and, when cfg has LIA or LRA, the division-by-zero symbols of st, as
// small tables with a default.
func ModelFor(st *term.Store, consts []*term.Term, cfg Config) *rapid.Generator[*term.Model] {
	cfg = cfg.norm()
	return rapid.Custom(func(t *rapid.T) *term.Model {
		g := &gen{st: st, cfg: cfg, t: t, sig: signature(st, cfg)}
		m := term.NewModel(st)
		for _, c := range consts {
			if g.pick("assign "+c.Name(), 4) == 0 {
				continue
			}
			m.Set(c, g.value(c.Sort()))
		}
		fs := Funcs(st, cfg)
		if cfg.has(LIA) {
			fs = append(fs, st.DivByZero(term.OpIntDiv), st.DivByZero(term.OpMod))
		}
		if cfg.has(LRA) {
			fs = append(fs, st.DivByZero(term.OpDiv))
		}
		for _, f := range fs {
			n := g.small("entries "+f.Name(), 0, 3)
			if n == 0 && g.pick("interpret "+f.Name(), 2) == 0 {
				continue
			}
			fi := &term.FuncInterp{}
			for range n {
				e := term.FuncEntry{Args: make([]*term.Term, f.Arity())}
				for i, s := range f.Domain() {
					e.Args[i] = g.value(s)
				}
				e.Value = g.value(f.Range())
				fi.Entries = append(fi.Entries, e)
			}
			if g.pick("default "+f.Name(), 2) == 1 {
				fi.Default = g.value(f.Range())
			}
			m.SetFunc(f, fi)
		}
		return m
	})
}

// value draws a small value of sort s.
func (g *gen) value(s *term.Sort) *term.Term {
	st := g.st
	switch {
	case s.IsBool():
		return st.Bool(g.pick("b", 2) == 1)
	case s.IsInt():
		return st.Int(int64(g.small("i", -g.cfg.MaxNum, g.cfg.MaxNum)))
	case s.IsReal():
		return st.Real(g.rat())
	case s.IsArray():
		a := st.ConstArrayOf(s, g.value(s.Elem()))
		for n := g.small("size", 0, 3); n > 0; n-- {
			a = st.Store(a, g.value(s.Index()), g.value(s.Elem()))
		}
		return a // the model stores its canonical form
	}
	return st.Value(s, g.pick("elem", 3))
}
