package term

// Convenience constructors for code that builds terms it knows to be well
// sorted. They panic on a sort error, which is a bug in the caller; code
// that handles user input uses Build, App, ConstArray and Quantifier.

func must(t *Term, err error) *Term {
	if err != nil {
		panic("term: " + err.Error())
	}
	return t
}

func (st *Store) Not(a *Term) *Term                { return must(st.Build(OpNot, a)) }
func (st *Store) And(as ...*Term) *Term            { return must(st.Build(OpAnd, as...)) }
func (st *Store) Or(as ...*Term) *Term             { return must(st.Build(OpOr, as...)) }
func (st *Store) Implies(a, b *Term) *Term         { return must(st.Build(OpImplies, a, b)) }
func (st *Store) Xor(as ...*Term) *Term            { return must(st.Build(OpXor, as...)) }
func (st *Store) Ite(c, a, b *Term) *Term          { return must(st.Build(OpIte, c, a, b)) }
func (st *Store) Eq(a, b *Term) *Term              { return must(st.Build(OpEq, a, b)) }
func (st *Store) Distinct(as ...*Term) *Term       { return must(st.Build(OpDistinct, as...)) }
func (st *Store) Add(as ...*Term) *Term            { return must(st.Build(OpAdd, as...)) }
func (st *Store) Sub(as ...*Term) *Term            { return must(st.Build(OpSub, as...)) }
func (st *Store) Neg(a *Term) *Term                { return must(st.Build(OpNeg, a)) }
func (st *Store) Mul(as ...*Term) *Term            { return must(st.Build(OpMul, as...)) }
func (st *Store) Div(a, b *Term) *Term             { return must(st.Build(OpDiv, a, b)) }
func (st *Store) IntDiv(a, b *Term) *Term          { return must(st.Build(OpIntDiv, a, b)) }
func (st *Store) Mod(a, b *Term) *Term             { return must(st.Build(OpMod, a, b)) }
func (st *Store) Abs(a *Term) *Term                { return must(st.Build(OpAbs, a)) }
func (st *Store) Le(a, b *Term) *Term              { return must(st.Build(OpLe, a, b)) }
func (st *Store) Lt(a, b *Term) *Term              { return must(st.Build(OpLt, a, b)) }
func (st *Store) Ge(a, b *Term) *Term              { return must(st.Build(OpGe, a, b)) }
func (st *Store) Gt(a, b *Term) *Term              { return must(st.Build(OpGt, a, b)) }
func (st *Store) ToReal(a *Term) *Term             { return must(st.Build(OpToReal, a)) }
func (st *Store) ToInt(a *Term) *Term              { return must(st.Build(OpToInt, a)) }
func (st *Store) IsInt(a *Term) *Term              { return must(st.Build(OpIsInt, a)) }
func (st *Store) Select(a, i *Term) *Term          { return must(st.Build(OpSelect, a, i)) }
func (st *Store) Store(a, i, v *Term) *Term        { return must(st.Build(OpStore, a, i, v)) }
func (st *Store) Apply(f *Func, as ...*Term) *Term { return must(st.App(f, as...)) }
func (st *Store) ConstArrayOf(s *Sort, v *Term) *Term {
	return must(st.ConstArray(s, v))
}
func (st *Store) Forall(vars []*Term, body *Term) *Term {
	return must(st.Quantifier(OpForall, vars, body))
}
func (st *Store) Exists(vars []*Term, body *Term) *Term {
	return must(st.Quantifier(OpExists, vars, body))
}

// Mk builds op over args like Build and panics on a sort error. It rebuilds
// a term with new arguments: Mk(t.Op(), newArgs...) for any non-leaf t other
// than applications, constant arrays, quantifiers and indexed bit-vector
// operators (see Rebuild).
func (st *Store) Mk(op Op, args ...*Term) *Term { return must(st.Build(op, args...)) }

// Rebuild returns a term like t with the given arguments.
func (st *Store) Rebuild(t *Term, args []*Term) *Term {
	switch t.op {
	case OpApply, OpCons, OpSel, OpTest: // Datatypes: App builds these too
		return must(st.App(t.fn, args...))
	case OpConstArray:
		return must(st.ConstArray(t.sort, args[0]))
	case OpForall, OpExists:
		n := len(args) - 1
		return must(st.Quantifier(t.op, args[:n], args[n]))
	}
	// Bit-vectors
	if t.op.IsBVIndexed() {
		if sameArgs(t.args, args) && len(t.args) == len(args) {
			return t
		}
		i, j := t.Indices()
		return must(st.buildBV(t.op, i, j, args))
	}
	if t.op.IsLeaf() {
		return t
	}
	if sameArgs(t.args, args) && len(t.args) == len(args) {
		return t
	}
	return must(st.Build(t.op, args...))
}
