package term

import (
	"fmt"

	"github.com/seed-f9c3434d/gospacer/num"
)

// Build returns op applied to args after checking arity and sorts. It is
// the checked constructor for every operator except OpApply (use App),
// OpConstArray (ConstArray), quantifiers (Quantifier) and leaves.
//
// Int arguments where Real is expected are coerced with to_real (numerals
// become Real numerals), as z3 does for mixed arithmetic. The only other
// simplifications are on numerals: (- c) and (/ c d) with d != 0 and
// (to_real c) fold to numerals, so a printed numeral reads back as the same
// term.
func (st *Store) Build(op Op, args ...*Term) (*Term, error) {
	for _, a := range args {
		if a == nil {
			return nil, fmt.Errorf("%v: nil argument", op)
		}
	}
	switch op {
	case OpNot:
		if err := st.checkBool(op, args, 1, 1); err != nil {
			return nil, err
		}
		return st.intern(op, BoolSort, args, nil, num.Rat{}), nil
	case OpAnd, OpOr:
		if err := st.checkBool(op, args, 0, -1); err != nil {
			return nil, err
		}
	case OpImplies:
		if err := st.checkBool(op, args, 2, 2); err != nil {
			return nil, err
		}
	case OpXor:
		if err := st.checkBool(op, args, 2, -1); err != nil {
			return nil, err
		}
	case OpIte:
		if len(args) != 3 {
			return nil, arityError(op, 3, len(args))
		}
		if !args[0].sort.IsBool() {
			return nil, fmt.Errorf("ite: condition has sort %v, expected Bool", args[0].sort)
		}
		xs, s, err := st.unify(op, args[1:])
		if err != nil {
			return nil, err
		}
		return st.intern(op, s, []*Term{args[0], xs[0], xs[1]}, nil, num.Rat{}), nil
	case OpEq, OpDistinct:
		if len(args) < 2 {
			return nil, fmt.Errorf("%v: expected at least 2 arguments, got %d", op, len(args))
		}
		xs, _, err := st.unify(op, args)
		if err != nil {
			return nil, err
		}
		return st.intern(op, BoolSort, xs, nil, num.Rat{}), nil
	case OpAdd, OpMul, OpSub:
		if len(args) == 0 {
			return nil, fmt.Errorf("%v: expected at least 1 argument", op)
		}
		if op == OpSub && len(args) == 1 {
			return st.Build(OpNeg, args...)
		}
		xs, s, err := st.arith(op, args)
		if err != nil {
			return nil, err
		}
		return st.intern(op, s, xs, nil, num.Rat{}), nil
	case OpNeg, OpAbs:
		if len(args) != 1 {
			return nil, arityError(op, 1, len(args))
		}
		xs, s, err := st.arith(op, args)
		if err != nil {
			return nil, err
		}
		if op == OpNeg && xs[0].op == OpNum {
			return st.Num(xs[0].Num().Neg(), s), nil
		}
		return st.intern(op, s, xs, nil, num.Rat{}), nil
	case OpDiv:
		if len(args) != 2 {
			return nil, arityError(op, 2, len(args))
		}
		xs, err := st.coerceAll(op, args, RealSort)
		if err != nil {
			return nil, err
		}
		if xs[0].op == OpNum && xs[1].op == OpNum && !xs[1].Num().IsZero() {
			return st.Num(xs[0].Num().Quo(xs[1].Num()), RealSort), nil
		}
		return st.intern(op, RealSort, xs, nil, num.Rat{}), nil
	case OpIntDiv, OpMod:
		if len(args) != 2 {
			return nil, arityError(op, 2, len(args))
		}
		if err := checkSorts(op, args, IntSort); err != nil {
			return nil, err
		}
		return st.intern(op, IntSort, args, nil, num.Rat{}), nil
	case OpLe, OpLt, OpGe, OpGt:
		if len(args) != 2 {
			return nil, arityError(op, 2, len(args))
		}
		xs, _, err := st.arith(op, args)
		if err != nil {
			return nil, err
		}
		return st.intern(op, BoolSort, xs, nil, num.Rat{}), nil
	case OpToReal:
		if len(args) != 1 {
			return nil, arityError(op, 1, len(args))
		}
		a := args[0]
		switch {
		case a.sort.IsReal():
			return a, nil
		case !a.sort.IsInt():
			return nil, fmt.Errorf("to_real: argument has sort %v, expected Int", a.sort)
		case a.op == OpNum:
			return st.Num(a.Num(), RealSort), nil
		}
		return st.intern(op, RealSort, args, nil, num.Rat{}), nil
	case OpToInt, OpIsInt:
		if len(args) != 1 {
			return nil, arityError(op, 1, len(args))
		}
		xs, err := st.coerceAll(op, args, RealSort)
		if err != nil {
			return nil, err
		}
		s := IntSort
		if op == OpIsInt {
			s = BoolSort
		}
		return st.intern(op, s, xs, nil, num.Rat{}), nil
	case OpSelect:
		if len(args) != 2 {
			return nil, arityError(op, 2, len(args))
		}
		a := args[0]
		if !a.sort.IsArray() {
			return nil, fmt.Errorf("select: first argument has sort %v, expected an array", a.sort)
		}
		i, err := st.coerce(op, args[1], a.sort.Index())
		if err != nil {
			return nil, err
		}
		return st.intern(op, a.sort.Elem(), []*Term{a, i}, nil, num.Rat{}), nil
	case OpStore:
		if len(args) != 3 {
			return nil, arityError(op, 3, len(args))
		}
		a := args[0]
		if !a.sort.IsArray() {
			return nil, fmt.Errorf("store: first argument has sort %v, expected an array", a.sort)
		}
		i, err := st.coerce(op, args[1], a.sort.Index())
		if err != nil {
			return nil, err
		}
		v, err := st.coerce(op, args[2], a.sort.Elem())
		if err != nil {
			return nil, err
		}
		return st.intern(op, a.sort, []*Term{a, i, v}, nil, num.Rat{}), nil
	default:
		// Bit-vectors
		if op.IsBVIndexed() {
			return nil, fmt.Errorf("term: %v takes indices: build it with BuildIndexed", op)
		}
		if op.IsBV() {
			return st.buildBV(op, 0, 0, args)
		}
		return nil, fmt.Errorf("term: Build cannot construct %v", op)
	}
	return st.intern(op, BoolSort, args, nil, num.Rat{}), nil
}

// App applies the function symbol f to args; a 0-ary f gives its constant.
func (st *Store) App(f *Func, args ...*Term) (*Term, error) {
	if f.adt != nil { // Datatypes
		return st.adtApp(f, args)
	}
	if len(args) != len(f.domain) {
		return nil, fmt.Errorf("%s: expected %d arguments, got %d", f.name, len(f.domain), len(args))
	}
	if len(args) == 0 {
		if f.bound {
			return st.intern(OpBound, f.rng, nil, f, num.Rat{}), nil
		}
		return st.ConstOf(f), nil
	}
	xs, err := st.applyArgs(f, args)
	if err != nil {
		return nil, err
	}
	return st.intern(OpApply, f.rng, xs, f, num.Rat{}), nil
}

// applyArgs checks the arguments of f against its domain, coerced where
// the sorts allow it (an Int where a Real is expected); args itself is
// never changed.
func (st *Store) applyArgs(f *Func, args []*Term) ([]*Term, error) {
	if len(args) != len(f.domain) {
		return nil, fmt.Errorf("%s: expected %d arguments, got %d", f.name, len(f.domain), len(args))
	}
	xs := args
	for i, a := range args {
		c, err := st.coerce(OpApply, a, f.domain[i])
		if err != nil {
			return nil, fmt.Errorf("%s: argument %d has sort %v, expected %v", f.name, i+1, a.sort, f.domain[i])
		}
		if c != a {
			if &xs[0] == &args[0] {
				xs = append([]*Term(nil), args...)
			}
			xs[i] = c
		}
	}
	return xs, nil
}

// ConstArray returns the array of sort s mapping every index to v.
func (st *Store) ConstArray(s *Sort, v *Term) (*Term, error) {
	if !s.IsArray() {
		return nil, fmt.Errorf("const: sort %v is not an array sort", s)
	}
	v, err := st.coerce(OpConstArray, v, s.Elem())
	if err != nil {
		return nil, err
	}
	return st.intern(OpConstArray, s, []*Term{v}, nil, num.Rat{}), nil
}

// Quantifier returns (forall vars body) or (exists vars body). vars must be
// distinct bound variables (from BoundVar) and body Boolean.
func (st *Store) Quantifier(op Op, vars []*Term, body *Term) (*Term, error) {
	if !op.IsQuantifier() {
		return nil, fmt.Errorf("term: %v is not a quantifier", op)
	}
	if len(vars) == 0 {
		return nil, fmt.Errorf("%v: no bound variables", op)
	}
	for i, v := range vars {
		if v.op != OpBound {
			return nil, fmt.Errorf("%v: %v is not a bound variable", op, v)
		}
		for _, w := range vars[:i] {
			if w == v {
				return nil, fmt.Errorf("%v: variable %v bound twice", op, v)
			}
		}
	}
	if !body.sort.IsBool() {
		return nil, fmt.Errorf("%v: body has sort %v, expected Bool", op, body.sort)
	}
	args := append(append(make([]*Term, 0, len(vars)+1), vars...), body)
	return st.intern(op, BoolSort, args, nil, num.Rat{}), nil
}

func arityError(op Op, want, got int) error {
	return fmt.Errorf("%v: expected %d arguments, got %d", op, want, got)
}

func (st *Store) checkBool(op Op, args []*Term, min, max int) error {
	if len(args) < min || (max >= 0 && len(args) > max) {
		if min == max {
			return arityError(op, min, len(args))
		}
		return fmt.Errorf("%v: expected at least %d arguments, got %d", op, min, len(args))
	}
	return checkSorts(op, args, BoolSort)
}

func checkSorts(op Op, args []*Term, s *Sort) error {
	for i, a := range args {
		if a.sort != s {
			return fmt.Errorf("%v: argument %d has sort %v, expected %v", op, i+1, a.sort, s)
		}
	}
	return nil
}

// coerce returns a as a term of sort s, inserting to_real for Int -> Real.
func (st *Store) coerce(op Op, a *Term, s *Sort) (*Term, error) {
	if a.sort == s {
		return a, nil
	}
	if a.sort.IsInt() && s.IsReal() {
		return st.Build(OpToReal, a)
	}
	return nil, fmt.Errorf("%v: argument has sort %v, expected %v", op, a.sort, s)
}

func (st *Store) coerceAll(op Op, args []*Term, s *Sort) ([]*Term, error) {
	xs := args
	for i, a := range args {
		c, err := st.coerce(op, a, s)
		if err != nil {
			return nil, fmt.Errorf("%v: argument %d has sort %v, expected %v", op, i+1, a.sort, s)
		}
		if c != a {
			if &xs[0] == &args[0] {
				xs = append([]*Term(nil), args...)
			}
			xs[i] = c
		}
	}
	return xs, nil
}

// arith checks that args are arithmetic and coerces them to a common sort.
func (st *Store) arith(op Op, args []*Term) ([]*Term, *Sort, error) {
	s := IntSort
	for i, a := range args {
		if !a.sort.IsArith() {
			return nil, nil, fmt.Errorf("%v: argument %d has sort %v, expected Int or Real", op, i+1, a.sort)
		}
		if a.sort.IsReal() {
			s = RealSort
		}
	}
	xs, err := st.coerceAll(op, args, s)
	return xs, s, err
}

// unify coerces args to one sort (Int and Real mix to Real).
func (st *Store) unify(op Op, args []*Term) ([]*Term, *Sort, error) {
	s := args[0].sort
	for _, a := range args[1:] {
		if a.sort != s {
			if a.sort.IsArith() && s.IsArith() {
				s = RealSort
				continue
			}
			return nil, nil, fmt.Errorf("%v: arguments of sorts %v and %v", op, args[0].sort, a.sort)
		}
	}
	xs, err := st.coerceAll(op, args, s)
	return xs, s, err
}
