package passes

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// parseFormula reads the assertion of a script declaring x, y (Int) and
// r (Real).
func parseFormula(t *testing.T, st *term.Store, f string) *term.Term {
	t.Helper()
	src := "(declare-fun x () Int) (declare-fun y () Int) (declare-fun r () Real) (assert " + f + ")"
	script, err := smtlib.Parse("test.smt2", strings.NewReader(src), st)
	require.NoError(t, err)
	for _, c := range script.Commands {
		if c.Kind == smtlib.Assert {
			return c.Term
		}
	}
	t.Fatal("no assertion")
	return nil
}

func TestBoundsConflict(t *testing.T) {
	for _, tc := range []struct {
		f    string
		want bool
	}{
		{"(and (> x 2) (<= x 0))", true},
		{"(and (>= x 1) (<= x 1))", false},
		{"(and (> r 1.0) (<= r 1.0))", true},
		{"(and (>= r 1.0) (<= r 1.0))", false},
		{"(and (> r 1.0) (< r 1.5))", false},
		{"(and (<= (* 2 x) 3) (>= x 2))", true},
		{"(and (<= (* 2 x) 3) (>= x 1))", false},
		{"(and (<= (- x) (- 3)) (<= x 2))", true},
		{"(and (= x 3) (< x 3))", true},
		{"(and (not (= x 3)) (<= x 3) (>= x 3))", false},
		{"(and (not (<= x 3)) (not (>= x 4)))", true},
		{"(and (<= x y) (<= y 0) (>= x 1))", false}, // needs two variables
		{"(and (<= (to_real x) 2.5) (>= (to_real x) 2.2))", true},
		// bounds of either sign, tightened, and 256-bit ones
		{"(and (>= x (- 5)) (<= x (- 6)))", true},
		{"(and (>= x (- 5)) (<= x 0) (>= x (- 2)) (<= x (- 3)))", true},
		{"(and (<= x (- 1)) (>= x 0) (<= x 5))", true},
		{"(and (>= x (- 1)) (<= x 5) (>= x (- 7)) (<= x 9))", false},
		{"(and (>= x 0) (<= x 115792089237316195423570985008687907853269984665640564039457584007913129639935))", false},
		{"(and (>= x 115792089237316195423570985008687907853269984665640564039457584007913129639935) (<= x 0))", true},
		{"(and (>= x 115792089237316195423570985008687907853269984665640564039457584007913129639935) (<= x 115792089237316195423570985008687907853269984665640564039457584007913129639934))", true},
	} {
		st := term.NewStore()
		f := parseFormula(t, st, tc.f)
		require.Equal(t, tc.want, boundsConflict(st, f), tc.f)
		g := st.Simplify(f)
		require.Equal(t, tc.want, g.IsFalse() || boundsConflict(st, g), "simplified %s", tc.f)
	}
}

// TestSimplifyConstArrays: Simplify refutes a clause whose constraint
// puts two constant arrays of distinct values in one class, and
// unionSimple reads x = ((as const) v) as a definition by a value at once
// (a contradiction in one call, a value for the class).
func TestSimplifyConstArrays(t *testing.T) {
	const src = `(set-logic HORN)
(declare-fun P ((Array Int Int) Int) Bool)
(assert (forall ((a (Array Int Int)) (b (Array Int Int)) (c (Array Int Int)) (i Int))
  (=> (and (= a ((as const (Array Int Int)) 0)) (= b a) (= c b) (= c ((as const (Array Int Int)) 1))) (P a i))))
(assert (forall ((a (Array Int Int)) (b (Array Int Int)) (i Int))
  (=> (and (= b ((as const (Array Int Int)) 0)) (= a b) (= i (select b 3))) (P a i))))
(assert (forall ((a (Array Int Int)) (i Int)) (=> (and (P a i) (not (= i 0))) false)))
`
	s, _, err := chc.Read("t.smt2", strings.NewReader(src), term.NewStore())
	require.NoError(t, err)
	out, _, err := Simplify{}.Apply(context.Background(), s)
	require.NoError(t, err)
	require.Len(t, out.Clauses, 2, "the refuted fact is removed:\n%s", out)

	st := s.St
	yes := func(*term.Term) bool { return true }
	refuted := st.Simplify(s.Clauses[0].Constraint)
	var defined idMap[*term.Term]
	_, _, _, ok := unionSimple(st, term.Conjuncts(nil, refuted), yes, yes, func(x, t *term.Term) { defined.Set(x, t) }, &defined, false)
	require.False(t, ok, "unionSimple misses the contradiction of %v", refuted)
	var defs []*term.Term
	zeroed := st.Simplify(s.Clauses[1].Constraint)
	defined.Clear()
	_, _, _, ok = unionSimple(st, term.Conjuncts(nil, zeroed), yes, yes, func(x, t *term.Term) { defs = append(defs, t); defined.Set(x, t) }, &defined, false)
	require.True(t, ok)
	require.NotEmpty(t, defs)
	for _, d := range defs {
		require.Equal(t, term.OpConstArray, d.Op(), "a variable of %v defined as %v, not the zeroed array", zeroed, d)
	}
}

// TestPropSimplifyFixpoint: whenever simplifyFixpoint says a clause is
// a fixpoint of Simplify, Simplify (with Relax and without) gives the
// clause back as it is. The clauses drawn have constraints simplified or
// not, of values, copies, bounds, definitions by other terms and Boolean
// literals, over head and body arguments and local variables, so that
// both answers come up (checked at the end), and fixpoints with a copy
// one of whose sides other conjuncts mention: the lower ID (unionSimple's
// representative) or the higher (the copy set aside by peelCopies).
func TestPropSimplifyFixpoint(t *testing.T) {
	var yes, no, shared, peeled int
	rapid.Check(t, func(t *rapid.T) {
		st := term.NewStore()
		var ints []*term.Term
		for i := range 6 {
			ints = append(ints, st.Const("x"+strconv.Itoa(i), term.IntSort))
		}
		arr := st.Const("a", st.ArraySort(term.IntSort, term.IntSort))
		b := st.Const("b", term.BoolSort)
		r := st.Const("r", term.RealSort)
		// head and body arguments: distinct variables drawn, the rest local
		perm := rapid.Permutation(ints).Draw(t, "perm")
		// (half of the clauses: a copy between two arguments and a
		// bound on one of them first, and fewer other conjuncts)
		copyCase := rapid.Bool().Draw(t, "copy case")
		nh := rapid.IntRange(0, 3).Draw(t, "head")
		nb := rapid.IntRange(0, 6-nh).Draw(t, "body")
		if copyCase {
			nh, nb = 1, 1+rapid.IntRange(0, 2).Draw(t, "more body")
		}
		head, body := perm[:nh], perm[nh:nh+nb]
		if rapid.Bool().Draw(t, "real arg") {
			head = append(head[:len(head):len(head)], r)
		}
		if rapid.Bool().Draw(t, "array arg") {
			body = append(body[:len(body):len(body)], arr)
		}
		x := func(label string) *term.Term { return rapid.SampledFrom(ints).Draw(t, label) }
		k := func(label string) *term.Term { return st.Int(int64(rapid.IntRange(-1, 2).Draw(t, label))) }
		var cs []*term.Term
		n := rapid.IntRange(0, 6).Draw(t, "conjuncts")
		if copyCase {
			n = 1 + rapid.IntRange(0, 2).Draw(t, "others")
		}
		for i := range n {
			var a *term.Term
			kind := rapid.IntRange(0, 12).Draw(t, "kind")
			if copyCase && i == 0 {
				kind = 11
			}
			switch kind {
			case 11, 12:
				// a copy, and a bound on one side (the representative,
				// or not)
				l, r := x("l"), x("r")
				if copyCase {
					// (of two arguments: a copy that Simplify keeps)
					l, r = head[0], body[0]
				}
				bounded := rapid.SampledFrom([]*term.Term{l, r}).Draw(t, "bounded")
				if copyCase {
					// the representative (the lower ID), or the other
					// side (the copy that peelCopies sets aside)
					lo, hi := l, r
					if term.CompareID(r, l) < 0 {
						lo, hi = r, l
					}
					bounded = lo
					if rapid.Bool().Draw(t, "bound the higher") {
						bounded = hi
					}
				}
				cs = append(cs, st.Le(bounded, k("v")))
				a = st.Eq(l, r)
			case 0, 1, 2:
				a = st.Eq(x("l"), k("v"))
			case 3:
				a = st.Eq(x("l"), x("r"))
			case 4:
				a = st.Le(x("l"), k("v"))
			case 5:
				a = st.Not(st.Le(x("l"), k("v")))
			case 6:
				a = st.Eq(x("l"), st.Add(x("r"), st.Int(1)))
			case 7:
				a = st.Eq(x("l"), st.Select(arr, k("i")))
			case 8:
				a = st.Eq(st.Mul(st.Int(2), x("l")), k("v"))
			case 9:
				// a definition by a value that simpleEq does not read
				a = st.Eq(st.Mul(st.Real(num.NewRat(2, 1)), r), st.ToReal(k("v")))
				if rapid.Bool().Draw(t, "no value") {
					a = st.Eq(st.Mul(st.Real(num.NewRat(2, 1)), r), st.ToReal(x("l")))
				}
			default:
				a = b
				if rapid.Bool().Draw(t, "neg") {
					a = st.Not(b)
				}
			}
			cs = append(cs, a)
		}
		f := chc.Conj(st, cs)
		if copyCase || rapid.IntRange(0, 3).Draw(t, "raw") > 0 {
			f = st.Simplify(f)
		}
		pred := func(name string, args []*term.Term) chc.Atom {
			dom := make([]*term.Sort, len(args))
			params := make([]*term.Term, len(args))
			for i, y := range args {
				dom[i] = y.Sort()
				params[i] = st.Fresh("p", y.Sort())
			}
			p := &chc.Pred{Func: st.Func(name, dom, term.BoolSort), Params: params}
			return chc.Atom{Pred: p, Args: args}
		}
		h, q := pred("P", head), pred("Q", body)
		h.Pred.ID, q.Pred.ID = 0, 1
		c := &chc.Clause{Head: &h, Constraint: f}
		if len(body) > 0 || rapid.Bool().Draw(t, "body atom") {
			c.Body = []chc.Atom{q}
		}
		c.Vars = append(append([]*term.Term{}, head...), body...)
		for _, y := range term.FreeConsts(f) {
			if !slices.Contains(c.Vars, y) {
				c.Vars = append(c.Vars, y)
			}
		}
		s := &chc.System{St: st, Preds: []*chc.Pred{h.Pred, q.Pred}, Clauses: []*chc.Clause{c}}
		var ca clauseArgs
		defer ca.release()
		args := ca.of(c)
		var seen idMap[uint8]
		relax := rapid.Bool().Draw(t, "relax")
		if !simplifyFixpoint(st, f, &args, relax && len(c.Body) > 0, &seen) {
			no++
			return
		}
		yes++
		// a copy whose representative (the lower ID) occurs in another
		// conjunct; one whose other side (the higher ID) does
		for _, a := range term.Conjuncts(nil, f) {
			x, y := simpleEq(st, a)
			if x == nil || y.Op() != term.OpConst {
				continue
			}
			if term.CompareID(y, x) < 0 {
				x, y = y, x
			}
			for _, b := range term.Conjuncts(nil, f) {
				if b != a && slices.Contains(term.FreeConsts(b), x) {
					shared++
				}
				if b != a && slices.Contains(term.FreeConsts(b), y) {
					peeled++
				}
			}
		}
		{
			out, _, err := Simplify{Relax: relax, noShortcut: true}.Apply(context.Background(), s)
			require.NoError(t, err)
			if len(out.Clauses) != 1 || out.Clauses[0] != c {
				t.Fatalf("simplifyFixpoint says %v is a fixpoint; Simplify{Relax: %v} gives %v", c, relax, out.Clauses)
			}
		}
	})
	require.Positive(t, yes, "no fixpoint drawn")
	require.Positive(t, no, "no other clause drawn")
	require.Positive(t, shared, "no fixpoint with a copy's representative in another conjunct")
	require.Positive(t, peeled, "no fixpoint with a copy's higher side in another conjunct")
	t.Logf("%d fixpoints (%d with a copy's representative in another conjunct, %d with its other side), %d others", yes, shared, peeled, no)
}

// TestSimplifyRecordsLocalsKept: every clause that Simplify (with Relax
// and without, on the dev files of lia-arrays and lia-lin) records in
// the memo as kept by EliminateLocals is kept by EliminateLocals run
// without a memo.
func TestSimplifyRecordsLocalsKept(t *testing.T) {
	eachRecorded(t, "locals", func(f string, one *chc.System, c *chc.Clause) {
		got, _, err := EliminateLocals{}.Apply(context.Background(), one)
		require.NoError(t, err)
		if len(got.Clauses) != 1 || got.Clauses[0] != c {
			t.Fatalf("%s: Simplify records %v as kept by EliminateLocals, which gives %v", f, c, got.Clauses)
		}
	})
}

// TestSimplifyRecordsKept: every clause that Simplify (with Relax and
// without, on the dev files of lia-arrays and lia-lin: raw clauses,
// whose definitions unionSimple reads before it simplifies them)
// records in the memo as its own result is kept by Simplify run again
// without a memo and without its shortcut (simplifyFixpoint): the
// constraint it builds from the definitions and the conjuncts left is
// a fixpoint.
func TestSimplifyRecordsKept(t *testing.T) {
	eachRecorded(t, "simplify", func(f string, one *chc.System, c *chc.Clause) {
		got, _, err := Simplify{noShortcut: true}.Apply(context.Background(), one)
		require.NoError(t, err)
		if len(got.Clauses) != 1 || got.Clauses[0].Constraint != c.Constraint {
			t.Fatalf("%s: Simplify records %v as its own result, which it simplifies to %v", f, c, got.Clauses)
		}
	})
}

// eachRecorded runs Simplify (with Relax and without) on the dev files
// of lia-arrays and lia-lin and calls check with every clause c of its
// output that it records in the memo under pass, as the system of c
// alone (one); it fails when no clause was recorded.
func eachRecorded(t *testing.T, pass string, check func(f string, one *chc.System, c *chc.Clause)) {
	var files, srcs []string
	for _, d := range []string{"lia-arrays", "lia-lin"} {
		f, s := folderFiles(t, "../../../shared/bench/chc/"+d)
		files, srcs = append(files, f...), append(srcs, s...)
	}
	if len(files) == 0 {
		t.Skip("../shared/bench/chc not present")
	}
	recorded := 0
	for i, f := range files {
		for _, relax := range []bool{false, true} {
			s, err := readFolderFile(f, srcs[i])
			require.NoError(t, err)
			memo := &kept{}
			ctx := context.WithValue(context.Background(), keptKey{}, memo)
			out, _, err := Simplify{Relax: relax}.Apply(ctx, s)
			require.NoError(t, err)
			for _, c := range out.Clauses {
				if !memo.has(pass, c) {
					continue
				}
				recorded++
				check(f, &chc.System{St: out.St, Preds: out.Preds, Clauses: []*chc.Clause{c}, Relaxed: out.Relaxed}, c)
			}
		}
	}
	require.Positive(t, recorded)
}
