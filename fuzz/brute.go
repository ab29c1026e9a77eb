package fuzz

import (
	"fmt"
	"slices"

	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
)

// A Domain bounds the models BruteForce enumerates. Zero fields take the
// defaults.
type Domain struct {
	Ints  []int64   // Int values, also array indices (default -2..2)
	Reals []num.Rat // Real values (default -1, -1/2, 0, 1/2, 1)
	Elems int       // abstract elements per uninterpreted sort (default 2)
	Limit int       // most candidate models (default 200000)
}

func (d Domain) norm() Domain {
	if d.Ints == nil {
		d.Ints = []int64{-2, -1, 0, 1, 2}
	}
	if d.Reals == nil {
		d.Reals = []num.Rat{num.NewRat(-1, 1), num.NewRat(-1, 2), {}, num.NewRat(1, 2), num.NewRat(1, 1)}
	}
	if d.Elems <= 0 {
		d.Elems = 2
	}
	if d.Limit <= 0 {
		d.Limit = 200_000
	}
	return d
}

// BruteForce searches the models over dom for one that satisfies phi, by
// enumeration and term.Model.Eval, and returns the first it finds (in a
// fixed order) or nil. The constants of phi range over dom's values of
// their sorts: Bool both values, Int dom.Ints, Real dom.Reals, abstract
// elements U!val!0 .. U!val!(Elems-1), arrays every function from the
// index values to the element values with every default. Functions, and
// the division-by-zero functions of (div a b), (mod a b), (/ a b) whose
// divisor is not a nonzero numeral, are enumerated where they matter: each
// application gets every value of its range, in an order that builds the
// tables bottom up, so every interpretation is covered at the argument
// values the formula uses.
//
// A model found is a real model (Eval is exact); none found means none
// over dom, which decides satisfiability only when the formula bounds its
// constants to dom. BruteForce returns an error wrapping ErrTooLarge if
// there are more than dom.Limit candidates, and Eval's errors
// (quantifiers over non-Bool variables).
func BruteForce(st *term.Store, phi *term.Term, dom Domain) (*term.Model, error) {
	dom = dom.norm()
	if !phi.Sort().IsBool() {
		return nil, fmt.Errorf("fuzz: BruteForce of a term of sort %v", phi.Sort())
	}
	bf := &brute{st: st, dom: dom, vals: map[*term.Sort][]*term.Term{}}
	consts := term.FreeConsts(phi)
	apps := bf.apps(phi)
	slots := make([][]*term.Term, 0, len(consts)+len(apps))
	total := 1
	for _, c := range consts {
		vs, err := bf.values(c.Sort())
		if err != nil {
			return nil, err
		}
		slots = append(slots, vs)
		total *= len(vs)
		if total > dom.Limit {
			return nil, fmt.Errorf("%w: more than %d models", ErrTooLarge, dom.Limit)
		}
	}
	for _, a := range apps {
		vs, err := bf.values(a.f.Range())
		if err != nil {
			return nil, err
		}
		slots = append(slots, vs)
		total *= len(vs)
		if total > dom.Limit {
			return nil, fmt.Errorf("%w: more than %d models", ErrTooLarge, dom.Limit)
		}
	}
	choice := make([]int, len(slots))
	for {
		m, err := bf.model(consts, apps, slots, choice)
		if err != nil {
			return nil, err
		}
		ok, err := m.EvalBool(phi)
		if err != nil {
			return nil, err
		}
		if ok {
			return m, nil
		}
		// next choice, odometer style
		i := len(choice) - 1
		for ; i >= 0; i-- {
			choice[i]++
			if choice[i] < len(slots[i]) {
				break
			}
			choice[i] = 0
		}
		if i < 0 {
			return nil, nil
		}
	}
}

type brute struct {
	st   *term.Store
	dom  Domain
	vals map[*term.Sort][]*term.Term
}

// bfApp is an application whose value BruteForce chooses: f applied to
// args (for division by zero, f is the DivByZero function and args the
// dividend).
type bfApp struct {
	f    *term.Func
	args []*term.Term
}

// apps lists the applications of phi in post-order, so that the
// arguments of an application are evaluated after the applications they
// contain got their values.
func (bf *brute) apps(phi *term.Term) []bfApp {
	var out []bfApp
	for u := range term.PostOrder(phi) {
		switch u.Op() {
		case term.OpApply:
			out = append(out, bfApp{f: u.Func(), args: u.Args()})
		case term.OpIntDiv, term.OpMod, term.OpDiv:
			if d := u.Arg(1); !d.IsNum() || d.Num().IsZero() {
				out = append(out, bfApp{f: bf.st.DivByZero(u.Op()), args: u.Args()[:1]})
			}
		}
	}
	return out
}

// model builds the model of one choice.
func (bf *brute) model(consts []*term.Term, apps []bfApp, slots [][]*term.Term, choice []int) (*term.Model, error) {
	m := term.NewModel(bf.st)
	for i, c := range consts {
		m.Set(c, slots[i][choice[i]])
	}
	tables := map[*term.Func]*term.FuncInterp{}
	for j, a := range apps {
		k := len(consts) + j
		e := term.FuncEntry{Args: make([]*term.Term, len(a.args)), Value: slots[k][choice[k]]}
		for i, x := range a.args {
			v, err := m.Eval(x)
			if err != nil {
				return nil, err
			}
			e.Args[i] = v
		}
		fi := tables[a.f]
		if fi == nil {
			fi = &term.FuncInterp{}
			tables[a.f] = fi
		}
		fi.Entries = append(fi.Entries, e)
		m.SetFunc(a.f, fi)
	}
	return m, nil
}

// values returns the candidate values of sort s.
func (bf *brute) values(s *term.Sort) ([]*term.Term, error) {
	if vs, ok := bf.vals[s]; ok {
		return vs, nil
	}
	st := bf.st
	var vs []*term.Term
	switch {
	case s.IsBool():
		vs = []*term.Term{st.False(), st.True()}
	case s.IsInt():
		for _, i := range bf.dom.Ints {
			vs = append(vs, st.Int(i))
		}
	case s.IsReal():
		for _, r := range bf.dom.Reals {
			vs = append(vs, st.Real(r))
		}
	case s.IsUninterpreted():
		for i := range bf.dom.Elems {
			vs = append(vs, st.Value(s, i))
		}
	case s.IsArray():
		idx, err := bf.values(s.Index())
		if err != nil {
			return nil, err
		}
		elems, err := bf.values(s.Elem())
		if err != nil {
			return nil, err
		}
		n := 1
		for range len(idx) + 1 {
			n *= len(elems)
			if n > bf.dom.Limit {
				return nil, fmt.Errorf("%w: more than %d values of %v", ErrTooLarge, bf.dom.Limit, s)
			}
		}
		empty := term.NewModel(st)
		seen := map[*term.Term]bool{}
		digits := make([]int, len(idx)+1)
		for {
			a := st.ConstArrayOf(s, elems[digits[0]])
			for i, x := range idx {
				a = st.Store(a, x, elems[digits[i+1]])
			}
			v, err := empty.Eval(a)
			if err != nil {
				return nil, err
			}
			if !seen[v] {
				seen[v] = true
				vs = append(vs, v)
			}
			i := 0
			for ; i < len(digits); i++ {
				digits[i]++
				if digits[i] < len(elems) {
					break
				}
				digits[i] = 0
			}
			if i == len(digits) {
				break
			}
		}
		slices.SortFunc(vs, term.CompareValues)
	default:
		return nil, fmt.Errorf("fuzz: BruteForce over sort %v", s)
	}
	if len(vs) == 0 {
		return nil, fmt.Errorf("fuzz: BruteForce: no values of sort %v in the domain", s)
	}
	bf.vals[s] = vs
	return vs, nil
}
