package catamorphism

import (
	"fmt"

	"github.com/seed-f9c3434d/gospacer/term"
)

// A fold is one catamorphism of the family: a function of one datatype
// argument, defined by cases on the constructors (term.RecDef), with what
// the abstraction knows of its values: a lower and an upper bound on all
// of them (when it has one), and per constructor the value when it is a
// constant or a lower bound.
type fold struct {
	fn     *term.Func
	kind   string // "size", "index", "sum", "height", "field"
	lo, hi *int64
	// per constructor: exact[i] when the case is the constant, else
	// atLeast[i] when the case is at least that
	exact, atLeast []*int64
}

func ptr(v int64) *int64 { return &v }

// family is the folds of each datatype sort at one level of the
// abstraction: level 1 the sizes (the number of non-constant
// constructors, a Peano number's value, a list's length) and a
// non-recursive type's constructor index and fields; level 2 adds the sum
// of the elements and a tree's height.
type family struct {
	st    *term.Store
	level int
	folds map[*term.Sort][]*fold
	order []*term.Sort // the sorts, each after its fields' sorts
}

// maxFolds bounds the folds of one sort.
const maxFolds = 6

// newFamily builds the folds of the sorts and the sorts of their fields.
func newFamily(st *term.Store, level int, sorts []*term.Sort) *family {
	fam := &family{st: st, level: level, folds: map[*term.Sort][]*fold{}}
	state := map[*term.Sort]uint8{}
	var visit func(s *term.Sort)
	visit = func(s *term.Sort) {
		if !s.IsDatatype() || state[s] != 0 {
			return
		}
		state[s] = 1
		for _, c := range s.Datatype().Constructors() {
			for _, d := range c.Domain() {
				if state[d] == 0 {
					visit(d)
				}
			}
		}
		state[s] = 2
		fam.order = append(fam.order, s)
	}
	for _, s := range sorts {
		visit(s)
	}
	for _, s := range fam.order {
		fam.build(s)
	}
	return fam
}

// recursive reports whether a constructor of s has a field of sort s.
func recursive(s *term.Sort) bool {
	for _, c := range s.Datatype().Constructors() {
		for _, d := range c.Domain() {
			if d == s {
				return true
			}
		}
	}
	return false
}

// value is the first fold of a field's sort, the one that stands for an
// element's value in a sum (a Peano number's value, an enumeration's
// index); nil when it has none.
func (fam *family) value(s *term.Sort) *fold {
	if fs := fam.folds[s]; len(fs) > 0 {
		return fs[0]
	}
	return nil
}

// define makes the fold named prefix on s: caseOf gives, per constructor,
// its value over the fields and the fold's own function (for the
// recursive fields).
func (fam *family) define(s *term.Sort, kind string, caseOf func(fn *term.Func, c *term.Func, fields []*term.Term) *term.Term) *fold {
	st := fam.st
	fn := st.FreshFunc(fmt.Sprintf("%s_%s", kind, s.Name()), []*term.Sort{s}, term.IntSort)
	d := &term.RecDef{Param: st.Fresh("x", s)}
	for _, c := range s.Datatype().Constructors() {
		fields := make([]*term.Term, c.Arity())
		for j, fs := range c.Domain() {
			fields[j] = st.Fresh("y", fs)
		}
		d.Fields = append(d.Fields, fields)
		d.Cases = append(d.Cases, caseOf(fn, c, fields))
	}
	if err := st.DefineRec(fn, d); err != nil {
		panic(err) // fresh symbols and cases of the right shape: a bug
	}
	f := &fold{fn: fn, kind: kind}
	for _, cs := range d.Cases {
		if r := cs.Num(); cs.Op() == term.OpNum && r.IsInt() && r.Num().IsInt64() {
			f.exact = append(f.exact, ptr(r.Num().Int64()))
		} else {
			f.exact = append(f.exact, nil)
		}
		f.atLeast = append(f.atLeast, nil)
	}
	return f
}

// build makes the folds of s.
func (fam *family) build(s *term.Sort) {
	st := fam.st
	ctors := s.Datatype().Constructors()
	var out []*fold
	if recursive(s) {
		// size: 1 per non-constant constructor, plus the sizes of the
		// recursive fields (a list's length, a Peano number's value)
		size := fam.define(s, "size", func(fn, c *term.Func, fields []*term.Term) *term.Term {
			if c.Arity() == 0 {
				return st.Int(0)
			}
			parts := []*term.Term{st.Int(1)}
			for _, y := range fields {
				if y.Sort() == s {
					parts = append(parts, st.Apply(fn, y))
				}
			}
			return st.Add(parts...)
		})
		size.lo = ptr(0)
		for i, c := range ctors {
			if c.Arity() > 0 {
				size.atLeast[i] = ptr(1)
			}
		}
		out = append(out, size)
		if fam.level >= 2 {
			if sum := fam.sum(s); sum != nil {
				out = append(out, sum)
			}
			if h := fam.height(s); h != nil {
				out = append(out, h)
			}
		}
	} else {
		if len(ctors) > 1 {
			idx := fam.define(s, "index", func(fn, c *term.Func, _ []*term.Term) *term.Term {
				return st.Int(int64(c.CtorIndex()))
			})
			idx.lo, idx.hi = ptr(0), ptr(int64(len(ctors)-1))
			out = append(out, idx)
		}
		// the fields: an Int field as it is, a datatype field by its
		// first fold; 0 on the other constructors
		for ci, c := range ctors {
			for j, d := range c.Domain() {
				if len(out) >= maxFolds {
					break
				}
				var get func(y *term.Term) *term.Term
				switch {
				case d == term.IntSort:
					get = func(y *term.Term) *term.Term { return y }
				case d.IsDatatype() && fam.value(d) != nil:
					g := fam.value(d).fn
					get = func(y *term.Term) *term.Term { return st.Apply(g, y) }
				default:
					continue
				}
				f := fam.define(s, "field", func(fn, c2 *term.Func, fields []*term.Term) *term.Term {
					if c2.CtorIndex() != ci {
						return st.Int(0)
					}
					return get(fields[j])
				})
				if d.IsDatatype() {
					if v := fam.value(d); v.lo != nil && *v.lo >= 0 {
						f.lo = ptr(0)
					}
				}
				out = append(out, f)
			}
		}
	}
	fam.folds[s] = out
}

// sum is the sum of the elements of s (its Int fields, and the value of
// its fields of other datatype sorts) over the recursive structure; nil
// when s has no elements.
func (fam *family) sum(s *term.Sort) *fold {
	st := fam.st
	elems, nonneg := false, true
	for _, c := range s.Datatype().Constructors() {
		for _, d := range c.Domain() {
			switch {
			case d == term.IntSort:
				elems, nonneg = true, false
			case d != s && d.IsDatatype() && fam.value(d) != nil:
				elems = true
				if v := fam.value(d); v.lo == nil || *v.lo < 0 {
					nonneg = false
				}
			}
		}
	}
	if !elems {
		return nil
	}
	f := fam.define(s, "sum", func(fn, c *term.Func, fields []*term.Term) *term.Term {
		parts := []*term.Term{st.Int(0)}
		for _, y := range fields {
			switch d := y.Sort(); {
			case d == s:
				parts = append(parts, st.Apply(fn, y))
			case d == term.IntSort:
				parts = append(parts, y)
			case d.IsDatatype() && fam.value(d) != nil:
				parts = append(parts, st.Apply(fam.value(d).fn, y))
			}
		}
		return st.Add(parts...)
	})
	if nonneg {
		f.lo = ptr(0)
	}
	return f
}

// height is a tree's height (a constructor with two or more recursive
// fields makes s a tree); nil for a list-like s.
func (fam *family) height(s *term.Sort) *fold {
	st := fam.st
	tree := false
	for _, c := range s.Datatype().Constructors() {
		n := 0
		for _, d := range c.Domain() {
			if d == s {
				n++
			}
		}
		tree = tree || n >= 2
	}
	if !tree {
		return nil
	}
	f := fam.define(s, "height", func(fn, c *term.Func, fields []*term.Term) *term.Term {
		var h *term.Term
		for _, y := range fields {
			if y.Sort() != s {
				continue
			}
			fy := st.Apply(fn, y)
			if h == nil {
				h = fy
			} else {
				h = st.Ite(st.Ge(h, fy), h, fy)
			}
		}
		if h == nil {
			return st.Int(0)
		}
		return st.Add(st.Int(1), h)
	})
	f.lo = ptr(0)
	return f
}
