package passes

import (
	"slices"
	"strconv"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
	"pgregory.net/rapid"
)

// TestPropSolveDefs: on random conjunctions of equalities between
// variables, with values, Boolean literals and bounds (what unionSimple
// reads, and what it must leave), solveDefs gives definitions of variables
// that can allows only, in solved form, and conjuncts left that mention no
// defined variable, whose conjunction with the definitions is equivalent
// to the input under every assignment of a small domain; solveDefsOf of
// the conjuncts, unbuilt, gives what solveDefs of their conjunction gives.
func TestPropSolveDefs(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		st := term.NewStore()
		ints := []*term.Term{st.Const("x0", term.IntSort), st.Const("x1", term.IntSort), st.Const("x2", term.IntSort), st.Const("x3", term.IntSort)}
		bools := []*term.Term{st.Const("b0", term.BoolSort), st.Const("b1", term.BoolSort)}
		all := append(append([]*term.Term{}, ints...), bools...)
		canSet := map[*term.Term]bool{}
		preferSet := map[*term.Term]bool{}
		for _, x := range all {
			canSet[x] = rapid.Bool().Draw(t, "can "+x.Name())
			preferSet[x] = rapid.Bool().Draw(t, "prefer "+x.Name())
		}
		x := func(label string) *term.Term { return rapid.SampledFrom(ints).Draw(t, label) }
		n := rapid.IntRange(1, 8).Draw(t, "conjuncts")
		var cs []*term.Term
		for range n {
			var a *term.Term
			switch rapid.IntRange(0, 6).Draw(t, "kind") {
			case 0, 1:
				a = st.Eq(x("l"), x("r"))
			case 2:
				a = st.Eq(x("l"), st.Int(int64(rapid.IntRange(-1, 1).Draw(t, "v"))))
			case 3:
				b := rapid.SampledFrom(bools).Draw(t, "b")
				if rapid.Bool().Draw(t, "neg") {
					b = st.Not(b)
				}
				a = b
			case 4:
				a = st.Le(x("l"), st.Int(int64(rapid.IntRange(-1, 1).Draw(t, "v"))))
			case 5:
				a = st.Eq(x("l"), st.Add(x("r"), st.Int(1)))
			default:
				a = st.Eq(rapid.SampledFrom(bools).Draw(t, "b"), st.Le(x("l"), x("r")))
			}
			cs = append(cs, a)
		}
		f := chc.Conj(st, cs)
		simple := rapid.Bool().Draw(t, "simple")
		needSub := rapid.Bool().Draw(t, "needSub")
		sv := solveDefs(st, f, func(x *term.Term) bool { return canSet[x] }, func(x *term.Term) bool { return preferSet[x] }, simple, needSub)
		if needSub && len(sv.sub) != len(sv.defs) {
			t.Fatalf("%d entries in sub for %d definitions", len(sv.sub), len(sv.defs))
		}
		for _, d := range sv.defs {
			if needSub && sv.sub[d.x] != d.t {
				t.Fatalf("sub maps %v to %v, its definition is %v", d.x, sv.sub[d.x], d.t)
			}
		}
		defined := map[*term.Term]bool{}
		var parts []*term.Term
		for _, d := range sv.defs {
			if !canSet[d.x] {
				t.Fatalf("%v defined, which can does not allow, in %v", d.x, f)
			}
			defined[d.x] = true
			parts = append(parts, st.Eq(d.x, d.t))
		}
		for _, d := range sv.defs {
			for _, y := range term.FreeConsts(d.t) {
				if defined[y] {
					t.Fatalf("the definition %v = %v mentions the defined %v, in %v", d.x, d.t, y, f)
				}
			}
		}
		for _, a := range sv.rest {
			for _, y := range term.FreeConsts(a) {
				if defined[y] {
					t.Fatalf("the conjunct %v left mentions the defined %v, in %v", a, y, f)
				}
			}
		}
		g := chc.Conj(st, append(parts, sv.rest...))
		for code := range 81 * 4 {
			m := term.NewModel(st)
			c := code
			for _, v := range ints {
				m.Set(v, st.Int(int64(c%3-1)))
				c /= 3
			}
			for _, b := range bools {
				m.Set(b, st.Bool(c%2 == 1))
				c /= 2
			}
			want, err := m.EvalBool(f)
			if err != nil {
				t.Fatal(err)
			}
			got, err := m.EvalBool(g)
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Fatalf("%v is %v and its definitions and rest %v are %v under\n%v", f, want, g, got, m)
			}
		}
		if len(cs) >= 2 && f.Op() == term.OpAnd && !f.IsSimplified() {
			// the conjuncts unbuilt (as peelCopiesList hands them on):
			// the same definitions, rest and simplification
			sl := solveDefsOf(st, nil, cs, func(x *term.Term) bool { return canSet[x] }, func(x *term.Term) bool { return preferSet[x] }, simple, needSub)
			if !slices.Equal(sl.defs, sv.defs) || !slices.Equal(sl.rest, sv.rest) || sl.used != sv.used {
				t.Fatalf("solveDefsOf of the conjuncts of %v: definitions %v, rest %v (%d used); of the conjunction: %v, %v (%d)", f, sl.defs, sl.rest, sl.used, sv.defs, sv.rest, sv.used)
			}
			if a, b := sl.simplifiedOf(), sv.simplifiedOf(); a != b {
				t.Fatalf("solveDefsOf of the conjuncts of %v simplifies them to %v, not %v", f, a, b)
			}
		}
	})
}

// TestPropSplitLocal: splitLocal parts a conjunction's conjuncts, in
// order, into those with a variable outside the arguments and the others,
// as hasLocal decides them one by one (shared subterms among them).
func TestPropSplitLocal(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		st := term.NewStore()
		xs := []*term.Term{st.Const("x0", term.IntSort), st.Const("x1", term.IntSort), st.Const("x2", term.IntSort), st.Const("x3", term.IntSort)}
		var args varSet
		for _, x := range xs {
			if rapid.Bool().Draw(t, "arg "+x.Name()) {
				args.add(x)
			}
		}
		x := func(label string) *term.Term { return rapid.SampledFrom(xs).Draw(t, label) }
		shared := st.Add(x("s0"), x("s1"))
		var cs []*term.Term
		for i := range rapid.IntRange(0, 6).Draw(t, "conjuncts") {
			_ = i
			switch rapid.IntRange(0, 2).Draw(t, "kind") {
			case 0:
				cs = append(cs, st.Le(shared, st.Int(int64(i))))
			case 1:
				cs = append(cs, st.Eq(x("l"), st.Add(x("r"), st.Int(1))))
			default:
				cs = append(cs, st.Le(st.Mul(st.Int(2), x("m")), st.Int(5)))
			}
		}
		f := chc.Conj(st, cs)
		local, kept := splitLocal(f, &args)
		var wantLocal, wantKept []*term.Term
		for _, a := range term.Conjuncts(nil, f) {
			if hasLocal(a, &args) {
				wantLocal = append(wantLocal, a)
			} else {
				wantKept = append(wantKept, a)
			}
		}
		if !slices.Equal(local, wantLocal) || !slices.Equal(kept, wantKept) {
			t.Fatalf("splitLocal(%v) = %v, %v; want %v, %v", f, local, kept, wantLocal, wantKept)
		}
	})
}

// TestPropVarSet: a varSet has exactly the terms added, short or long,
// added in the order of IDs or not (searched by halves or hashed), and
// after more are added to a set already searched.
func TestPropVarSet(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		st := term.NewStore()
		n := rapid.IntRange(1, 80).Draw(t, "n")
		var xs []*term.Term
		for i := range n {
			xs = append(xs, st.Const("x"+strconv.Itoa(i), term.IntSort))
		}
		in := map[*term.Term]bool{}
		var s varSet
		check := func() {
			for _, x := range xs {
				if s.has(x) != in[x] {
					t.Fatalf("has(%v) = %v, want %v (members %v)", x, s.has(x), in[x], s.list)
				}
			}
		}
		for round := range 2 {
			for _, i := range rapid.SliceOf(rapid.IntRange(0, n-1)).Draw(t, "added "+strconv.Itoa(round)) {
				s.add(xs[i])
				in[xs[i]] = true
			}
			check()
		}
	})
}

// TestPropRawSimpleEq: rawSimpleEq reads a conjunct (simplified or not) as
// x = y only when simpleEq reads its simplification as the same pair
// (either way round), and reads every equality between two distinct
// constants of one sort other than a datatype's: the first round of
// solveDefs reads the conjuncts as they are on that ground.
func TestPropRawSimpleEq(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		st := term.NewStore()
		arr := st.ArraySort(term.IntSort, term.IntSort)
		bv := st.BitVecSort(8)
		sorts := []*term.Sort{term.IntSort, term.RealSort, term.BoolSort, arr, bv}
		var consts [][]*term.Term
		for i, s := range sorts {
			consts = append(consts, []*term.Term{st.Const("a"+strconv.Itoa(i), s), st.Const("b"+strconv.Itoa(i), s)})
		}
		values := [][]*term.Term{
			{st.Int(0), st.Int(-3), st.Int(7)},
			{st.Real(num.NewRat(1, 2)), st.Real(num.NewRat(0, 1))},
			{st.True(), st.False()},
			{st.ConstArrayOf(arr, st.Int(0)), st.ConstArrayOf(arr, st.Int(5))},
			{st.BVInt(3, 8), st.BVInt(0, 8)},
		}
		k := rapid.IntRange(0, len(sorts)-1).Draw(t, "sort")
		x := rapid.SampledFrom(consts[k]).Draw(t, "x")
		var a *term.Term
		switch rapid.IntRange(0, 4).Draw(t, "shape") {
		case 0:
			a = st.Eq(x, rapid.SampledFrom(consts[k]).Draw(t, "y"))
		case 1:
			a = st.Eq(x, rapid.SampledFrom(values[k]).Draw(t, "v"))
		case 2:
			a = st.Eq(rapid.SampledFrom(values[k]).Draw(t, "v"), x)
		case 3:
			if k != 2 {
				t.Skip("a literal is Boolean")
			}
			a = x
			if rapid.Bool().Draw(t, "neg") {
				a = st.Not(x)
			}
		default:
			if k != 0 {
				t.Skip("a sum is arithmetic")
			}
			a = st.Eq(x, st.Add(rapid.SampledFrom(consts[k]).Draw(t, "y"), st.Int(0)))
		}
		if rapid.Bool().Draw(t, "simplified") {
			a = st.Simplify(a) // (simpleEq's forms)
		}
		rx, ry := rawSimpleEq(st, a)
		sx, sy := simpleEq(st, st.Simplify(a))
		if rx == nil {
			if a.Op() == term.OpEq && a.Arg(0).Op() == term.OpConst && a.Arg(1).Op() == term.OpConst && a.Arg(0) != a.Arg(1) {
				t.Fatalf("rawSimpleEq does not read %v", a)
			}
			return
		}
		if rx.Op() != term.OpConst || (ry.Op() != term.OpConst && ry != sy) {
			t.Fatalf("rawSimpleEq reads %v as %v = %v", a, rx, ry)
		}
		if !(rx == sx && ry == sy) && !(rx == sy && ry == sx) {
			t.Fatalf("rawSimpleEq reads %v as %v = %v, simpleEq its simplification %v as %v = %v", a, rx, ry, st.Simplify(a), sx, sy)
		}
	})
}

// TestPropNoSimpleDef: when noSimpleDef rules an equality out, solving
// it (arithDefinition without the rule) gives no definition by a
// variable or a value either: the rule only saves the linear forms.
func TestPropNoSimpleDef(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		st := term.NewStore()
		arr := st.ArraySort(term.IntSort, term.IntSort)
		a := st.Const("a", arr)
		xs := []*term.Term{st.Const("x", term.IntSort), st.Const("y", term.IntSort), st.Const("z", term.IntSort)}
		var leaf func(depth int) *term.Term
		leaf = func(depth int) *term.Term {
			switch k := rapid.IntRange(0, 5).Draw(t, "leaf"); {
			case k <= 2 || depth > 1:
				return rapid.SampledFrom(xs).Draw(t, "x")
			case k == 3:
				return st.Int(int64(rapid.IntRange(-2, 2).Draw(t, "k")))
			case k == 4:
				return st.Select(a, leaf(depth+1))
			default:
				return st.Mul(st.Int(int64(rapid.IntRange(-2, 2).Draw(t, "c"))), leaf(depth+1))
			}
		}
		sum := func(label string) *term.Term {
			n := rapid.IntRange(1, 3).Draw(t, label)
			var ts []*term.Term
			for range n {
				ts = append(ts, leaf(0))
			}
			if n == 1 {
				return ts[0]
			}
			return st.Add(ts...)
		}
		e := st.Simplify(st.Eq(sum("l"), sum("r")))
		if e.Op() != term.OpEq || !e.Arg(0).Sort().IsArith() || !e.IsSimplified() {
			t.Skip("not an arithmetic equality")
		}
		l, r := e.Arg(0), e.Arg(1)
		if !noSimpleDef(l, r) && !noSimpleDef(r, l) {
			return
		}
		lin, ok := linearDiff(st, l, r)
		if !ok {
			return
		}
		for i, v := range lin.Vars {
			if v.Op() != term.OpConst || !lin.Coeffs[i].Abs().IsOne() {
				continue
			}
			// v = the rest: a simple definition only when the rest is
			// a value or a variable
			var rest term.Linear
			for j, w := range lin.Vars {
				if j != i {
					rest.Vars = append(rest.Vars, w)
					rest.Coeffs = append(rest.Coeffs, lin.Coeffs[j].Neg().Quo(lin.Coeffs[i]))
				}
			}
			rest.Const = lin.Const.Neg().Quo(lin.Coeffs[i])
			if u := st.Simplify(st.FromLinear(rest, term.IntSort)); u.IsValue() || u.IsConst() {
				t.Fatalf("noSimpleDef rules %v out, which defines %v as %v", e, v, u)
			}
		}
	})
}

// TestPropArithDefinitionValue: arithDefinition of x = c or c = x (x an
// Int or Real variable, c a numeral of its sort), which it reads without
// the linear form, gives x defined as c when can allows x, and nothing
// otherwise, in both modes: what the linear form x - c solved for x
// gives.
func TestPropArithDefinitionValue(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		st := term.NewStore()
		srt := term.IntSort
		if rapid.Bool().Draw(t, "real") {
			srt = term.RealSort
		}
		x := st.Const("x", srt)
		c := st.Num(num.NewRat(int64(rapid.IntRange(-300, 300).Draw(t, "c")), 1), srt)
		l, r := x, c
		if rapid.Bool().Draw(t, "swap") {
			l, r = c, x
		}
		allowed := rapid.Bool().Draw(t, "can")
		can := func(*term.Term) bool { return allowed }
		prefer := func(*term.Term) bool { return rapid.Bool().Draw(t, "prefer") }
		gx, gt := arithDefinition(st, l, r, can, prefer, rapid.Bool().Draw(t, "simple"))
		var wx, wt *term.Term
		if allowed {
			wx, wt = x, st.Simplify(st.FromLinear(term.Linear{Const: c.Num()}, srt))
		}
		if gx != wx || gt != wt {
			t.Fatalf("arithDefinition(%v, %v) = %v, %v; want %v, %v", l, r, gx, gt, wx, wt)
		}
	})
}
