package fuzz

import (
	"slices"
	"strconv"
	"strings"

	"github.com/seed-f9c3434d/gospacer/term"
)

// Theory is a bitmask of the theories a generator draws from.
type Theory uint8

const (
	Bool   Theory = 1 << iota // Boolean constants and connectives
	LIA                       // Int arithmetic, div and mod by numerals
	LRA                       // Real arithmetic, division by numerals
	Arrays                    // arrays, nested arrays
	UF                        // uninterpreted sort U and functions
)

// All is every theory.
const All = Bool | LIA | LRA | Arrays | UF

func (th Theory) String() string {
	var parts []string
	for i, name := range []string{"Bool", "LIA", "LRA", "Arrays", "UF"} {
		if th&(1<<i) != 0 {
			parts = append(parts, name)
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, "|")
}

// Config sets what the generators draw. Zero fields take the defaults.
type Config struct {
	Vars     int    // constants per sort (default 2)
	Depth    int    // maximal depth of terms (default 4)
	Theories Theory // default Bool|LIA
	MaxNum   int    // numerals and model values in [-MaxNum, MaxNum] (default 4)
	// NonLinear adds products of non-constants and div, mod and / by
	// non-numerals.
	NonLinear bool
	// Quantifiers adds forall and exists over the Bool variables q0, q1,
	// q2 (bound variables, which term.Model.Eval expands).
	Quantifiers bool
}

func (cfg Config) norm() Config {
	if cfg.Vars <= 0 {
		cfg.Vars = 2
	}
	if cfg.Depth <= 0 {
		cfg.Depth = 4
	}
	if cfg.Theories == 0 {
		cfg.Theories = Bool | LIA
	}
	if cfg.MaxNum <= 0 {
		cfg.MaxNum = 4
	}
	return cfg
}

func (cfg Config) has(th Theory) bool { return cfg.Theories&th != 0 }

// sig is the signature of a Config in a store.
type sig struct {
	bools, ints, reals, arrs, nested, us []*term.Term
	arrSort, nestedSort, uSort           *term.Sort
	f, g, p, h, fr                       *term.Func
}

func signature(st *term.Store, cfg Config) *sig {
	cfg = cfg.norm()
	s := &sig{
		arrSort: st.ArraySort(term.IntSort, term.IntSort),
	}
	s.nestedSort = st.ArraySort(term.IntSort, s.arrSort)
	consts := func(prefix string, sort *term.Sort) []*term.Term {
		cs := make([]*term.Term, cfg.Vars)
		for i := range cs {
			cs[i] = st.Const(prefix+strconv.Itoa(i), sort)
		}
		return cs
	}
	if cfg.has(Bool) {
		s.bools = consts("b", term.BoolSort)
	}
	if cfg.has(LIA | Arrays | UF) {
		s.ints = consts("x", term.IntSort)
	}
	if cfg.has(LRA) {
		s.reals = consts("r", term.RealSort)
	}
	if cfg.has(Arrays) {
		s.arrs = consts("a", s.arrSort)
		s.nested = consts("n", s.nestedSort)
	}
	if cfg.has(UF) {
		s.uSort = st.UninterpretedSort("U")
		s.us = consts("u", s.uSort)
		s.f = st.Func("f", []*term.Sort{term.IntSort}, term.IntSort)
		s.g = st.Func("g", []*term.Sort{term.IntSort, term.IntSort}, term.IntSort)
		s.p = st.Func("p", []*term.Sort{term.IntSort}, term.BoolSort)
		s.h = st.Func("h", []*term.Sort{s.uSort}, s.uSort)
		if cfg.has(LRA) {
			s.fr = st.Func("fr", []*term.Sort{term.RealSort}, term.RealSort)
		}
	}
	return s
}

// Consts returns the constants of cfg's signature (see the package
// documentation), declaring them in st, sorted by ID.
func Consts(st *term.Store, cfg Config) []*term.Term {
	s := signature(st, cfg)
	cs := slices.Concat(s.bools, s.ints, s.reals, s.arrs, s.nested, s.us)
	slices.SortFunc(cs, func(a, b *term.Term) int { return int(a.ID()) - int(b.ID()) })
	return cs
}

// Funcs returns the uninterpreted functions of cfg's signature, sorted by
// ID.
func Funcs(st *term.Store, cfg Config) []*term.Func {
	s := signature(st, cfg)
	var fs []*term.Func
	for _, f := range []*term.Func{s.f, s.g, s.p, s.h, s.fr} {
		if f != nil {
			fs = append(fs, f)
		}
	}
	slices.SortFunc(fs, func(a, b *term.Func) int { return int(a.ID()) - int(b.ID()) })
	return fs
}

// GoString is String, for %#v in rapid's logs.
func (th Theory) GoString() string { return th.String() }
