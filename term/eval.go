package term

import (
	"errors"
	"fmt"
	"slices"

	"github.com/seed-f9c3434d/gospacer/num"
)

// Evaluation is total: every closed, quantifier-free term has a value under
// every model (see Model). Values are canonical, so two values are equal
// iff they are the same *Term; for arrays see arrayValue.

// maxBoolQuantVars bounds the Bool-only quantifiers Eval expands.
const maxBoolQuantVars = 10

// Eval returns the value of t under m: true, false, a numeral, an abstract
// element or a canonical array value. Constants without a value, functions
// without an interpretation and division by zero follow the conventions of
// Model. Eval is linear in the DAG size of t (times the size of the array
// values involved). It fails on a free bound variable and on a quantifier
// unless all its variables are Bool (at most 10 of them), which it expands.
// Eval adds the values it computes to the store, so like every use of a
// Store it must not run concurrently with other uses of that store.
func (m *Model) Eval(t *Term) (*Term, error) {
	ev := evaluator{m: m, st: m.st, memo: termTables.get()}
	defer termTables.put(ev.memo)
	return ev.eval(t)
}

// EvalBool evaluates a Boolean term.
func (m *Model) EvalBool(t *Term) (bool, error) {
	if !t.sort.IsBool() {
		return false, fmt.Errorf("term: EvalBool of a term of sort %v", t.sort)
	}
	v, err := m.Eval(t)
	if err != nil {
		return false, err
	}
	return v == m.st.tru, nil
}

type evaluator struct {
	m    *Model
	st   *Store
	memo *TermMap[*Term]
	vals []*Term // scratch: argument values
	key  []byte  // scratch: function-table key
}

func (ev *evaluator) eval(t *Term) (*Term, error) {
	err := walkPost(t,
		ev.memo.Has,
		func(u *Term) bool { return u.op.IsQuantifier() },
		func(u *Term) error {
			v, err := ev.node(u)
			if err != nil {
				return err
			}
			ev.memo.Set(u, v)
			return nil
		})
	if err != nil {
		return nil, err
	}
	return ev.memo.Get(t), nil
}

// node computes the value of u from the values of its arguments.
func (ev *evaluator) node(u *Term) (*Term, error) {
	st := ev.st
	switch u.op {
	case OpTrue, OpFalse, OpNum, OpValue, OpBVNum: // Bit-vectors: OpBVNum
		return u, nil
	case OpConst:
		if v, ok := ev.m.consts[u.fn]; ok {
			return v, nil
		}
		return st.DefaultValue(u.sort), nil
	case OpBound:
		return nil, fmt.Errorf("term: cannot evaluate free bound variable %s", QuoteSymbol(u.fn.name))
	case OpForall, OpExists:
		return ev.quantifier(u)
	}
	vs := ev.vals[:0]
	for _, a := range u.args {
		vs = append(vs, ev.memo.Get(a))
	}
	ev.vals = vs
	switch u.op {
	case OpNot:
		return st.Bool(vs[0] == st.fls), nil
	case OpAnd:
		for _, v := range vs {
			if v == st.fls {
				return st.fls, nil
			}
		}
		return st.tru, nil
	case OpOr:
		for _, v := range vs {
			if v == st.tru {
				return st.tru, nil
			}
		}
		return st.fls, nil
	case OpImplies:
		return st.Bool(vs[0] == st.fls || vs[1] == st.tru), nil
	case OpXor:
		odd := false
		for _, v := range vs {
			odd = odd != (v == st.tru)
		}
		return st.Bool(odd), nil
	case OpIte:
		if vs[0] == st.tru {
			return vs[1], nil
		}
		return vs[2], nil
	case OpEq:
		for _, v := range vs[1:] {
			if v != vs[0] {
				return st.fls, nil
			}
		}
		return st.tru, nil
	case OpDistinct:
		seen := make(map[*Term]bool, len(vs))
		for _, v := range vs {
			if seen[v] {
				return st.fls, nil
			}
			seen[v] = true
		}
		return st.tru, nil
	case OpAdd:
		r := vs[0].Num()
		for _, v := range vs[1:] {
			r = r.Add(v.Num())
		}
		return st.Num(r, u.sort), nil
	case OpSub:
		r := vs[0].Num()
		for _, v := range vs[1:] {
			r = r.Sub(v.Num())
		}
		return st.Num(r, u.sort), nil
	case OpNeg:
		return st.Num(vs[0].Num().Neg(), u.sort), nil
	case OpMul:
		r := vs[0].Num()
		for _, v := range vs[1:] {
			r = r.Mul(v.Num())
		}
		return st.Num(r, u.sort), nil
	case OpDiv:
		if vs[1].Num().IsZero() {
			return ev.apply(st.DivByZero(OpDiv), vs[:1]), nil
		}
		return st.Num(vs[0].Num().Quo(vs[1].Num()), RealSort), nil
	case OpIntDiv, OpMod:
		if vs[1].Num().IsZero() {
			return ev.apply(st.DivByZero(u.op), vs[:1]), nil
		}
		a, b := vs[0].Num().Num(), vs[1].Num().Num()
		if u.op == OpIntDiv {
			return st.IntNum(a.Div(b)), nil
		}
		return st.IntNum(a.Mod(b)), nil
	case OpAbs:
		return st.Num(vs[0].Num().Abs(), u.sort), nil
	case OpLe:
		return st.Bool(vs[0].Num().Cmp(vs[1].Num()) <= 0), nil
	case OpLt:
		return st.Bool(vs[0].Num().Cmp(vs[1].Num()) < 0), nil
	case OpGe:
		return st.Bool(vs[0].Num().Cmp(vs[1].Num()) >= 0), nil
	case OpGt:
		return st.Bool(vs[0].Num().Cmp(vs[1].Num()) > 0), nil
	case OpToReal:
		return st.Num(vs[0].Num(), RealSort), nil
	case OpToInt:
		return st.IntNum(vs[0].Num().Floor()), nil
	case OpIsInt:
		return st.Bool(vs[0].Num().IsInt()), nil
	case OpSelect:
		return selectValue(vs[0], vs[1]), nil
	case OpStore:
		return st.storeValue(vs[0], vs[1], vs[2]), nil
	case OpConstArray:
		return st.intern(OpConstArray, u.sort, vs[:1], nil, num.Rat{}), nil
	case OpApply:
		if u.fn.rec != nil && ev.m.funcs[u.fn] == nil { // a table, like an smt model's, first
			return ev.applyRec(u.fn, vs[0])
		}
		return ev.apply(u.fn, vs), nil
	case OpCons, OpSel, OpTest: // Datatypes
		return ev.evalADT(u, vs), nil
	}
	// Bit-vectors
	if u.op.IsBV() {
		return st.evalBV(u, vs), nil
	}
	return nil, fmt.Errorf("term: cannot evaluate %v", u.op)
}

// apply returns the value of f at the argument values vs.
func (ev *evaluator) apply(f *Func, vs []*Term) *Term {
	fm := ev.m.funcs[f]
	if fm == nil {
		return ev.st.DefaultValue(f.rng)
	}
	ev.key = appendKey(ev.key[:0], vs)
	if v, ok := fm.index[string(ev.key)]; ok {
		return v
	}
	return fm.def
}

func appendKey(b []byte, vs []*Term) []byte {
	for _, v := range vs {
		b = append(b, byte(v.id), byte(v.id>>8), byte(v.id>>16), byte(v.id>>24))
	}
	return b
}

var errQuantifier = errors.New("term: cannot evaluate quantifier")

// quantifier expands a quantifier over Bool variables by substitution.
func (ev *evaluator) quantifier(q *Term) (*Term, error) {
	n := len(q.args) - 1
	vars, body := q.args[:n], q.args[n]
	if n > maxBoolQuantVars {
		return nil, errQuantifier
	}
	for _, v := range vars {
		if !v.sort.IsBool() {
			return nil, errQuantifier
		}
	}
	st := ev.st
	vals := make([]*Term, n)
	for bits := 0; bits < 1<<n; bits++ {
		for i := range vals {
			vals[i] = st.Bool(bits>>i&1 == 1)
		}
		v, err := ev.eval(st.Substitute(body, vars, vals))
		if err != nil {
			return nil, err
		}
		if q.op == OpForall && v == st.fls {
			return st.fls, nil
		}
		if q.op == OpExists && v == st.tru {
			return st.tru, nil
		}
	}
	return st.Bool(q.op == OpForall), nil
}

// ---- Values ----

// DefaultValue is the value of sort s that unassigned constants take:
// false, 0, 0.0, the first abstract element of an uninterpreted sort, and
// for arrays the constant array of the element default.
func (st *Store) DefaultValue(s *Sort) *Term {
	switch s.kind {
	case KindBool:
		return st.fls
	case KindInt, KindReal:
		return st.Num(num.Rat{}, s)
	case KindUninterpreted:
		return st.Value(s, 0)
	case KindArray:
		return st.intern(OpConstArray, s, []*Term{st.DefaultValue(s.Elem())}, nil, num.Rat{})
	case KindDatatype: // Datatypes
		return st.datatypeDefault(s)
	// Bit-vectors
	case KindBitVec:
		return st.intern(OpBVNum, s, nil, nil, num.Rat{})
	}
	panic("term: DefaultValue of bad sort")
}

// CompareValues is the fixed total order on the values of one sort that
// canonical arrays sort their indices by: false < true, numerals and
// abstract elements by number, arrays by default value and then by their
// entries in order.
func CompareValues(a, b *Term) int {
	if a == b {
		return 0
	}
	switch a.op {
	case OpTrue, OpFalse:
		if a.op == OpFalse {
			return -1
		}
		return 1
	case OpNum, OpValue, OpBVNum: // Bit-vectors: OpBVNum
		return a.Num().Cmp(b.Num())
	case OpCons: // Datatypes
		return compareADT(a, b)
	}
	da, ia, va := arrayEntries(a)
	db, ib, vb := arrayEntries(b)
	if c := CompareValues(da, db); c != 0 {
		return c
	}
	for k := 0; k < len(ia) && k < len(ib); k++ {
		if c := CompareValues(ia[k], ib[k]); c != 0 {
			return c
		}
		if c := CompareValues(va[k], vb[k]); c != 0 {
			return c
		}
	}
	return len(ia) - len(ib)
}

// A canonical array value is store(...store(const(d), i1, v1)..., in, vn)
// with i1 < ... < in in CompareValues order, no vk equal to d, and all of
// d, ik, vk canonical values; equal arrays are thus the same *Term.

// arrayEntries decomposes a canonical array value into its default and its
// entries in increasing index order.
func arrayEntries(a *Term) (def *Term, idx, vals []*Term) {
	for a.op == OpStore {
		idx = append(idx, a.args[1])
		vals = append(vals, a.args[2])
		a = a.args[0]
	}
	slices.Reverse(idx)
	slices.Reverse(vals)
	return a.args[0], idx, vals
}

// selectValue reads a canonical array value at the value i.
func selectValue(a, i *Term) *Term {
	for a.op == OpStore {
		if a.args[1] == i {
			return a.args[2]
		}
		a = a.args[0]
	}
	return a.args[0]
}

// storeValue returns the canonical value of (store a i v) for a canonical
// array a and values i, v.
func (st *Store) storeValue(a, i, v *Term) *Term {
	// chain holds the store nodes from the outermost in; their indices
	// decrease.
	var chain []*Term
	base := a
	for base.op == OpStore {
		chain = append(chain, base)
		base = base.args[0]
	}
	// Find the first node (from the inside) whose index is >= i: the nodes
	// below it stay as they are.
	k := len(chain) // chain[k:] are the nodes with index < i
	for k > 0 && CompareValues(chain[k-1].args[1], i) < 0 {
		k--
	}
	inner := base
	if k < len(chain) {
		inner = chain[k]
	}
	rest := chain[:k] // indices >= i, innermost last
	if k > 0 && chain[k-1].args[1] == i {
		rest = chain[:k-1]
	}
	r := inner
	if v != base.args[0] {
		r = st.intern(OpStore, a.sort, []*Term{r, i, v}, nil, num.Rat{})
	}
	for j := len(rest) - 1; j >= 0; j-- {
		r = st.intern(OpStore, a.sort, []*Term{r, rest[j].args[1], rest[j].args[2]}, nil, num.Rat{})
	}
	return r
}
