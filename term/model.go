package term

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"
)

// A Model assigns values to uninterpreted constants and interpretations to
// uninterpreted functions. It is total: a constant without a value takes
// the default value of its sort (Store.DefaultValue), a function without an
// interpretation is the constant function of its range's default, and an
// interpretation without a Default falls back to the range's default too.
//
// Division by zero. SMT-LIB leaves (/ x 0), (div x 0) and (mod x 0)
// unspecified: each is an unknown function of x. A model fixes them through
// the reserved symbols Store.DivByZero(OpDiv), (OpIntDiv) and (OpMod),
// unary functions of the dividend interpreted like any other function (so
// by default x/0 = 0, div and mod by 0 are 0). A solver that treats
// division by zero as an uninterpreted function of the dividend supplies
// its interpretation with SetFunc on these symbols, which keeps Eval
// consistent with the solver's answer.
type Model struct {
	st     *Store
	consts map[*Func]*Term
	funcs  map[*Func]*funcModel
}

// A FuncInterp interprets a function as a finite table plus a default:
// f(args) is the Value of the first entry whose Args equal the arguments,
// else Default (nil means the range's default value).
type FuncInterp struct {
	Entries []FuncEntry
	Default *Term
}

// A FuncEntry is one row of a function table.
type FuncEntry struct {
	Args  []*Term
	Value *Term
}

type funcModel struct {
	fi    FuncInterp       // canonical values, first entry per argument tuple
	def   *Term            // fi.Default or the range default
	index map[string]*Term // argument value IDs -> value
}

// NewModel returns the empty model over st.
func NewModel(st *Store) *Model {
	return &Model{st: st, consts: make(map[*Func]*Term)} // funcs when one is set
}

// Reset removes every interpretation, keeping the tables for reuse.
func (m *Model) Reset() {
	clear(m.consts)
	clear(m.funcs)
}

// Store is the store the model's terms belong to.
func (m *Model) Store() *Store { return m.st }

// Clone returns an independent copy of m.
func (m *Model) Clone() *Model {
	c := NewModel(m.st)
	for f, v := range m.consts {
		c.consts[f] = v
	}
	for f, fm := range m.funcs {
		if c.funcs == nil {
			c.funcs = make(map[*Func]*funcModel, len(m.funcs))
		}
		c.funcs[f] = fm // funcModels are immutable
	}
	return c
}

// Set gives the constant c (an OpConst term) the value v. v must be a value
// (v.IsValue()) of c's sort; an Int numeral is accepted for a Real
// constant. Array values are stored in canonical form. Set panics on a
// sort error, which is a bug in the caller.
func (m *Model) Set(c *Term, v *Term) {
	if c.op != OpConst {
		panic(fmt.Sprintf("term: Model.Set of non-constant %v", c))
	}
	m.consts[c.fn] = m.value(v, c.sort)
}

// value checks and canonicalizes a value of sort s.
func (m *Model) value(v *Term, s *Sort) *Term {
	if !v.IsValue() {
		panic(fmt.Sprintf("term: model value %v is not a value", v))
	}
	if v.sort != s {
		if v.op == OpNum && s.IsReal() {
			return m.st.Num(v.Num(), RealSort)
		}
		panic(fmt.Sprintf("term: model value %v of sort %v, expected %v", v, v.sort, s))
	}
	if v.sort.IsArray() {
		cv, err := NewModel(m.st).Eval(v)
		if err != nil {
			panic(err)
		}
		return cv
	}
	return v
}

// SetFunc interprets the function f, of arity at least 1 (see
// FuncInterp). The table is copied with its values canonicalized; SetFunc
// panics on a sort error.
func (m *Model) SetFunc(f *Func, fi *FuncInterp) {
	if len(f.domain) == 0 {
		panic("term: Model.SetFunc of the constant " + f.name + " (use Set)")
	}
	fm := &funcModel{index: make(map[string]*Term, len(fi.Entries))}
	var key []byte
	for _, e := range fi.Entries {
		if len(e.Args) != len(f.domain) {
			panic(fmt.Sprintf("term: interpretation of %s: entry with %d arguments, expected %d", f.name, len(e.Args), len(f.domain)))
		}
		args := make([]*Term, len(e.Args))
		for i, a := range e.Args {
			args[i] = m.value(a, f.domain[i])
		}
		key = appendKey(key[:0], args)
		if _, dup := fm.index[string(key)]; dup {
			continue
		}
		v := m.value(e.Value, f.rng)
		fm.index[string(key)] = v
		fm.fi.Entries = append(fm.fi.Entries, FuncEntry{Args: args, Value: v})
	}
	fm.def = m.st.DefaultValue(f.rng)
	if fi.Default != nil {
		fm.fi.Default = m.value(fi.Default, f.rng)
		fm.def = fm.fi.Default
	}
	if m.funcs == nil {
		m.funcs = make(map[*Func]*funcModel)
	}
	m.funcs[f] = fm
}

// Lookup returns the value assigned to the constant c, if any (not the
// default value an unassigned constant evaluates to).
func (m *Model) Lookup(c *Term) (*Term, bool) {
	if c.op != OpConst {
		return nil, false
	}
	v, ok := m.consts[c.fn]
	return v, ok
}

// LookupFunc returns the interpretation of f, if any, as a fresh copy
// (canonical values, duplicate argument tuples dropped).
func (m *Model) LookupFunc(f *Func) (*FuncInterp, bool) {
	fm, ok := m.funcs[f]
	if !ok {
		return nil, false
	}
	fi := &FuncInterp{Entries: slices.Clone(fm.fi.Entries), Default: fm.fi.Default}
	return fi, true
}

// Consts returns the constants with a value, sorted by ID.
func (m *Model) Consts() []*Term {
	cs := make([]*Term, 0, len(m.consts))
	for f := range m.consts {
		cs = append(cs, m.st.ConstOf(f))
	}
	SortByID(cs)
	return cs
}

// Funcs returns the functions with an interpretation, sorted by ID.
func (m *Model) Funcs() []*Func {
	fs := make([]*Func, 0, len(m.funcs))
	for f := range m.funcs {
		fs = append(fs, f)
	}
	slices.SortFunc(fs, func(f, g *Func) int { return cmp.Compare(f.id, g.id) })
	return fs
}

// ---- Division by zero ----

var divByZeroNames = map[Op]string{OpDiv: "@/0", OpIntDiv: "@div0", OpMod: "@mod0"}

// DivByZero returns the reserved unary function that gives the value of
// (op x 0) for op OpDiv (Real -> Real), OpIntDiv or OpMod (Int -> Int); see
// Model. Its name starts with @ (reserved for solvers by SMT-LIB) and it is
// interned apart from declared symbols, so no symbol a reader declares is
// ever this Func, even one with the same name.
func (st *Store) DivByZero(op Op) *Func {
	name, ok := divByZeroNames[op]
	if !ok {
		panic("term: DivByZero of " + op.String())
	}
	s := IntSort
	if op == OpDiv {
		s = RealSort
	}
	first := st.named(name)
	for f := first; f != nil; f = f.next {
		if f.divByZero && f.rng == s {
			return f
		}
	}
	f := &Func{name: name, domain: []*Sort{s}, rng: s, id: st.nfuncs, divByZero: true}
	st.nfuncs++
	st.addFunc(f, first)
	return f
}

// IsDivByZero reports whether f is one of the DivByZero symbols of st.
func (st *Store) IsDivByZero(f *Func) bool {
	if len(f.domain) != 1 {
		return false
	}
	for g := st.named(f.name); g != nil; g = g.next {
		if g == f {
			return f.divByZero
		}
	}
	return false
}

// ---- Printing ----

// Fprint writes m as an SMT-LIB 2.6 model: a parenthesized list of
// define-fun, constants first (by ID), then functions (by ID) as nested ite
// over their parameters x!0, x!1, ... Arrays print as canonical store
// chains over ((as const S) d). Abstract elements of uninterpreted sorts
// print as S!val!k, listed first in a ";; universe for S" comment.
func (m *Model) Fprint(w io.Writer) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("(\n")
	cs := m.Consts()
	fs := m.Funcs()
	m.printUniverses(bw, cs, fs)
	for _, c := range cs {
		fmt.Fprintf(bw, "  (define-fun %s () %v %v)\n", QuoteSymbol(c.fn.name), c.sort, m.consts[c.fn])
	}
	for _, f := range fs {
		fm := m.funcs[f]
		fmt.Fprintf(bw, "  (define-fun %s (", QuoteSymbol(f.name))
		for i, s := range f.domain {
			if i > 0 {
				bw.WriteByte(' ')
			}
			fmt.Fprintf(bw, "(x!%d %v)", i, s)
		}
		fmt.Fprintf(bw, ") %v\n    ", f.rng)
		for _, e := range fm.fi.Entries {
			bw.WriteString("(ite ")
			if len(e.Args) > 1 {
				bw.WriteString("(and")
			}
			for i, a := range e.Args {
				if len(e.Args) > 1 {
					bw.WriteByte(' ')
				}
				fmt.Fprintf(bw, "(= x!%d %v)", i, a)
			}
			if len(e.Args) > 1 {
				bw.WriteByte(')')
			}
			fmt.Fprintf(bw, " %v\n    ", e.Value)
		}
		bw.WriteString(fm.def.String())
		bw.WriteString(strings.Repeat(")", len(fm.fi.Entries)))
		bw.WriteString(")\n")
	}
	bw.WriteString(")\n")
	return bw.Flush()
}

// String returns the model as Fprint writes it.
func (m *Model) String() string {
	var b strings.Builder
	_ = m.Fprint(&b)
	return b.String()
}

// printUniverses lists, per uninterpreted sort, the abstract elements that
// occur in the model's values.
func (m *Model) printUniverses(w *bufio.Writer, cs []*Term, fs []*Func) {
	elems := map[*Sort][]*Term{}
	var sorts []*Sort
	seen := map[*Term]bool{}
	note := func(v *Term) {
		for u := range PostOrder(v) {
			if u.op == OpValue && !seen[u] {
				seen[u] = true
				if elems[u.sort] == nil {
					sorts = append(sorts, u.sort)
				}
				elems[u.sort] = append(elems[u.sort], u)
			}
		}
	}
	for _, c := range cs {
		note(m.consts[c.fn])
	}
	for _, f := range fs {
		fm := m.funcs[f]
		for _, e := range fm.fi.Entries {
			for _, a := range e.Args {
				note(a)
			}
			note(e.Value)
		}
		note(fm.def)
	}
	slices.SortFunc(sorts, func(s, r *Sort) int { return cmp.Compare(s.id, r.id) })
	for _, s := range sorts {
		es := elems[s]
		slices.SortFunc(es, CompareValues)
		fmt.Fprintf(w, "  ;; universe for %v:\n  ;;  ", s)
		for _, e := range es {
			w.WriteString(" " + e.String())
		}
		w.WriteString("\n")
	}
}

// GoString is String, so that %#v prints the model.
func (m *Model) GoString() string { return m.String() }
