package smtlib

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// TestDatatypes reads the forms of datatype declarations and terms; parse
// checks that each script prints and reads back to the same terms.
func TestDatatypes(t *testing.T) {
	const list = "(declare-datatypes ((List 0)) (((nil) (cons (head Int) (tail List)))))\n(declare-const x List)\n"
	for _, c := range []struct {
		name string
		in   string
		want []string
	}{
		{"constructors and selectors", list + "(assert (= (tail (cons 1 x)) (cons (head x) nil)))",
			[]string{"(= (tail (cons 1 x)) (cons (head x) nil))"}},
		{"tester", list + "(assert ((_ is cons) x))", []string{"(is-cons x)"}},
		{"z3 tester", list + "(assert (is-nil x))", []string{"(is-nil x)"}},
		{"a function named is-C, declared after", list + "(declare-fun is-cons (List) Bool)(assert (and (is-cons x) ((_ is cons) x) (is-nil x)))",
			[]string{"(and (is-cons x) ((_ is cons) x) (is-nil x))"}},
		{"a function named is-C, declared before", "(declare-fun is-cons (Int) Bool)" + list + "(assert (and (is-cons 1) ((_ is cons) x)))",
			[]string{"(and (is-cons 1) ((_ is cons) x))"}},
		{"as", list + "(assert (= x (as nil List)))", []string{"(= x nil)"}},
		{"match", list + "(assert (= 1 (match x ((nil 0) ((cons h t) (+ h (head t)))))))",
			[]string{"(= 1 (ite (is-nil x) 0 (+ (head x) (head (tail x)))))"}},
		{"match with a variable", list + "(assert (= x (match x (((cons h t) t) (y y)))))",
			[]string{"(= x (ite (is-cons x) (tail x) x))"}},
		{"declare-datatype", "(declare-datatype Color ((red) (green) (blue)))\n(declare-const c Color)(assert (distinct c red green))",
			[]string{"(distinct c red green)"}},
		{"mutual recursion", "(declare-datatypes ((Tree 0) (Forest 0)) (((leaf) (node (val Int) (kids Forest))) ((fnil) (fcons (first Tree) (rest Forest)))))\n" +
			"(declare-const t Tree)(assert (= (kids t) (fcons leaf fnil)))",
			[]string{"(= (kids t) (fcons leaf fnil))"}},
		{"z3's older form", "(declare-datatypes () ((Tree leaf (node (val Int) (kids Forest))) (Forest fnil (fcons (first Tree) (rest Forest)))))\n" +
			"(declare-const t Tree)(assert ((_ is node) t))",
			[]string{"(is-node t)"}},
		{"a bare nullary constructor (z3, Eldarica)", "(declare-datatypes ((L 0)) ((empty (push (top Int) (rest L)))))\n(declare-const l L)(assert (= (rest l) empty))",
			[]string{"(= (rest l) empty)"}},
		{"records in arrays", "(declare-datatypes ((R 0)) (((mk (a Int) (b (Array Int Bool))))))\n" +
			"(declare-const m (Array R Int))(assert (= (select m (mk 1 ((as const (Array Int Bool)) true))) 2))",
			[]string{"(= (select m (mk 1 ((as const (Array Int Bool)) true))) 2)"}},
		{"quoted names", "(declare-datatypes ((|struct C.S| 0)) (((|struct C.S| (|x.y| Int)))))\n(declare-const s |struct C.S|)(assert (= (|x.y| s) 1))",
			[]string{"(= (x.y s) 1)"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, _ := parse(t, c.in)
			require.Equal(t, c.want, asserted(s))
		})
	}
}

// TestDatatypesReadTwice reads a declaration twice into one store: the
// same definition is kept, another is an error.
func TestDatatypesReadTwice(t *testing.T) {
	const decl = "(declare-datatypes ((List 0)) (((nil) (cons (head Int) (tail List)))))\n"
	_, st := parse(t, decl)
	_, err := Parse("b.smt2", strings.NewReader(decl+"(declare-const x List)"), st)
	require.NoError(t, err)
	_, err = Parse("c.smt2", strings.NewReader("(declare-datatypes ((List 0)) (((nil) (cons (head Int)))))"), st)
	require.ErrorContains(t, err, "c.smt2:1:1: declare-datatypes: datatype List declared again with another definition")
}

// TestDatatypeBench reads the CHC-COMP datatype files of
// ../shared/bench-next/chc/adt (when present), round trip included, and
// the cvc5 datatype scripts of bench/dev/qf_dt: the latter read, or are
// refused with a positioned error.
func TestDatatypeBench(t *testing.T) {
	adt, _ := filepath.Glob("../../shared/bench-next/chc/adt/*.smt2")
	for _, path := range adt {
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		st := term.NewStore()
		s, err := Parse(filepath.Base(path), bytes.NewReader(data), st)
		require.NoError(t, err, path)
		checkRoundTrip(t, path, st, s)
	}
	dev, _ := filepath.Glob("../bench/dev/qf_dt/*.smt2")
	read := 0
	for _, path := range dev {
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		st := term.NewStore()
		s, err := Parse(filepath.Base(path), bytes.NewReader(data), st)
		if err != nil {
			require.Regexp(t, `^`+regexp.QuoteMeta(filepath.Base(path))+`:\d+:\d+: `, err.Error())
			continue
		}
		read++
		checkRoundTrip(t, path, st, s)
	}
	t.Logf("%d CHC-COMP datatype files, %d of %d cvc5 scripts read", len(adt), read, len(dev))
}

// TestParametricDatatypes reads parametric datatypes: instances made as
// used, constructors found from their arguments or from as, selectors,
// testers and match over instances; parse checks that each script prints
// (templates included) and reads back to the same terms.
func TestParametricDatatypes(t *testing.T) {
	const list = "(declare-datatypes ((List 1)) ((par (T) ((nil) (cons (head T) (tail (List T)))))))\n"
	const pair = "(declare-datatype Pair (par (X Y) ((pair (first X) (second Y)))))\n"
	for _, c := range []struct {
		name string
		in   string
		want []string
	}{
		{"constructor from its arguments", list + "(declare-const x (List Int))(assert (= x (cons 1 (as nil (List Int)))))",
			[]string{"(= x ((as cons (List Int)) 1 (as nil (List Int))))"}},
		{"qualified constructor", list + "(declare-const x (List Real))(assert (= x ((as cons (List Real)) 1.0 (as nil (List Real)))))",
			[]string{"(= x ((as cons (List Real)) 1.0 (as nil (List Real))))"}},
		{"selectors and testers", list + "(declare-const x (List Bool))(assert (and (head x) ((_ is cons) (tail x)) (is-nil (tail (tail x)))))",
			[]string{"(and (head x) (is-cons (tail x)) (is-nil (tail (tail x))))"}},
		{"nested instances", list + "(declare-const x (List (List Int)))(assert (= (head (head x)) 2))",
			[]string{"(= (head (head x)) 2)"}},
		{"two parameters", pair + "(declare-const p (Pair Real Bool))(assert (= p (pair 1.5 (second p))))",
			[]string{"(= p ((as pair (Pair Real Bool)) 1.5 (second p)))"}},
		{"instances of two templates", list + pair + "(declare-const p (Pair (List Int) Int))(assert (= (head (first p)) (second p)))",
			[]string{"(= (head (first p)) (second p))"}},
		{"match", list + "(declare-const x (List Int))(assert (= 1 (match x ((nil 0) ((cons h t) (+ h (head t)))))))",
			[]string{"(= 1 (ite (is-nil x) 0 (+ (head x) (head (tail x)))))"}},
		{"alternating parameters", "(declare-datatypes ((L 2)) ((par (X Y) ((n) (c (hd X) (tl (L Y X)))))))\n" +
			"(declare-const x (L Int Bool))(assert (hd (tl x)))", []string{"(hd (tl x))"}},
		{"mutual recursion", "(declare-datatypes ((Tree 1) (Forest 1)) ((par (X) ((node (val X) (kids (Forest X))))) (par (Y) ((fnil) (fcons (first (Tree Y)) (rest (Forest Y)))))))\n" +
			"(declare-const t (Tree Int))(assert (= (kids t) (fcons (node 1 (as fnil (Forest Int))) (as fnil (Forest Int)))))",
			[]string{"(= (kids t) ((as fcons (Forest Int)) ((as node (Tree Int)) 1 (as fnil (Forest Int))) (as fnil (Forest Int))))"}},
		{"a parameter-free datatype in a parametric group", "(declare-datatypes ((E 0) (B 1)) (((e0) (e1 (b (B Int)))) (par (T) ((bx (v T))))))\n" +
			"(declare-const x E)(assert (= (v (b x)) 3))", []string{"(= (v (b x)) 3)"}},
		{"a field over a parameter-free instance", list + "(declare-datatypes ((R 0)) (((mk (items (List Int))))))\n" +
			"(declare-const r R)(assert ((_ is cons) (items r)))", []string{"(is-cons (items r))"}},
		{"a field nesting its datatype once", "(declare-datatypes ((T 1)) ((par (x) ((Data (s x)) (Map (m (Array Int (T (T Int)))))))))\n" +
			"(declare-const a (T Int))(assert (= (select (m a) 5) (Data a)))", []string{"(= (select (m a) 5) ((as Data (T (T Int))) a))"}},
		{"define-sort in a field", "(define-sort Arr (E) (Array Int E))\n(declare-datatype W (par (T) ((w (arr (Arr T))))))\n" +
			"(declare-const x (W Bool))(assert (select (arr x) 0))", []string{"(select (arr x) 0)"}},
		{"a name in a plain and a parametric datatype", "(declare-datatype L ((cons (hd Int) (tl L)) (nil)))\n" + list +
			"(declare-const a L)(declare-const b (List Int))(assert (and (= (hd a) (head b)) (is-cons a) ((_ is nil) b) (= a (cons 1 nil)) (= b (cons 1 (as nil (List Int))))))",
			[]string{"(and (= (hd a) (head b)) (is-cons a) (is-nil b) (= a ((as cons L) 1 (as nil L))) (= b ((as cons (List Int)) 1 (as nil (List Int)))))"}},
		{"a selector name in two templates", "(declare-datatypes ((t1 1)) ((par (T1) ((mkt1 (p1 T1))))))(declare-datatypes ((t2 1)) ((par (T1) ((mkt2 (p1 T1))))))\n" +
			"(assert (= (p1 (mkt1 3)) (p1 (mkt2 3))))", []string{"(= (p1 ((as mkt1 (t1 Int)) 3)) (p1 ((as mkt2 (t2 Int)) 3)))"}},
		{"a constructor name in two datatypes of a group", "(declare-datatypes ((L 1) (L2 1)) ((par (X) ((cons (head X) (tail (L2 X))) (nil))) (par (Y) ((cons2 (head2 Y) (tail2 (L Y))) (nil)))))\n" +
			"(declare-const a (L Int))(assert (= (tail2 (tail a)) (as nil (L Int))))(assert (match (tail a) ((nil true) (y false))))",
			[]string{"(= (tail2 (tail a)) (as nil (L Int)))", "(ite (is-nil (tail a)) true false)"}},
		{"declare-datatype with a parameter-free instance", "(declare-datatype D (par (T) ((d))))(declare-const x (D Int))(assert (= x (as d (D Int))))",
			[]string{"(= x (as d (D Int)))"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, _ := parse(t, c.in)
			require.Equal(t, c.want, asserted(s))
		})
	}
}

// TestParametricTemplatePrinted writes a script over instances: the
// template is printed once, as read, and reading the output makes the
// same instances.
func TestParametricTemplatePrinted(t *testing.T) {
	const in = "(define-sort I () Int)\n(declare-datatypes ((List 1)) ((par (T) ((nil) (cons (head T) (tail (List T)))))))\n" +
		"(declare-const x (List I))(declare-const y (List (List I)))(assert (= (head y) x))"
	s, st := parse(t, in)
	var b strings.Builder
	require.NoError(t, WriteScript(&b, s))
	require.Equal(t, 1, strings.Count(b.String(), "declare-datatypes"), b.String())
	require.Contains(t, b.String(), "(declare-datatypes ((List 1)) ((par (T) ((nil) (cons (head T) (tail (List T)))))))")
	// Every group of the store printed in order declares the template
	// once (how chc.Write prints datatypes).
	var g strings.Builder
	for _, grp := range st.DatatypeGroups() {
		require.NoError(t, term.FprintDatatypes(&g, grp))
		g.WriteByte('\n')
	}
	require.Equal(t, 1, strings.Count(g.String(), "(declare-datatypes"), g.String())
	_, err := Parse("again.smt2", strings.NewReader(g.String()+"(declare-const z (List (List Int)))"), term.NewStore())
	require.NoError(t, err)
}

// TestParametricReadTwice reads a template twice into one store: the
// instances are shared; another template of the name is an error where
// its instance meets the store's.
func TestParametricReadTwice(t *testing.T) {
	const decl = "(declare-datatypes ((List 1)) ((par (T) ((nil) (cons (head T) (tail (List T)))))))\n(declare-const x (List Int))\n"
	s1, st := parse(t, decl)
	s2, err := Parse("b.smt2", strings.NewReader(decl), st)
	require.NoError(t, err)
	require.Same(t, s1.Commands[1].Func.Range(), s2.Commands[1].Func.Range())
	_, err = Parse("c.smt2", strings.NewReader("(declare-datatypes ((List 1)) ((par (T) ((nil) (cons (head T))))))\n(declare-const x (List Int))"), st)
	require.ErrorContains(t, err, "c.smt2:2:18: datatype (List Int) is declared again with another definition")
}

// TestTuples reads cvc5's tuples and datatype updates as datatypes.
func TestTuples(t *testing.T) {
	const list = "(declare-datatypes ((L 0)) (((nil) (cons (hd Int) (tl L)))))\n(declare-const x L)\n"
	for _, c := range []struct {
		name string
		in   string
		want []string
	}{
		{"tuple and select", "(declare-const t (Tuple Int Bool))(assert (= t (tuple ((_ tuple.select 0) t) false)))",
			[]string{"(= t (tuple ((_ tuple.select 0) t) false))"}},
		{"nested tuples", "(declare-const t (Tuple (Tuple Int Int) Real))(assert (= ((_ tuple.select 1) ((_ tuple.select 0) t)) 3))",
			[]string{"(= ((_ tuple.select 1) ((_ tuple.select 0) t)) 3)"}},
		{"unit tuple", "(declare-const u UnitTuple)(assert (= u tuple.unit))", []string{"(= u tuple.unit)"}},
		{"qualified tuple", "(declare-const t (Tuple Int Real))(assert (= t ((as tuple (Tuple Int Real)) 1 2.0)))(assert (= tuple.unit (as tuple.unit UnitTuple)))",
			[]string{"(= t (tuple 1 2.0))", "(= tuple.unit tuple.unit)"}},
		{"tuple update", "(declare-const t (Tuple Int Bool))(assert (= t ((_ tuple.update 1) t true)))",
			[]string{"(= t (tuple ((_ tuple.select 0) t) true))"}},
		{"tuple project", "(declare-const t (Tuple Int Bool Real))(assert (= (tuple 1.0 1) ((_ tuple.project 2 0) t)))",
			[]string{"(= (tuple 1.0 1) (tuple ((_ tuple.select 2) t) ((_ tuple.select 0) t)))"}},
		{"datatype update", list + "(assert (= x ((_ update hd) x 2)))",
			[]string{"(= x (ite (is-cons x) (cons 2 (tl x)) x))"}},
		{"record update", "(declare-datatype R ((mk (a Int) (b Bool))))(declare-const r R)(assert (= r ((_ update b) r true)))",
			[]string{"(= r (mk (a r) true))"}},
		{"parametric update", "(declare-datatype P (par (X) ((none) (some (val X)))))(declare-const p (P Int))(assert (= p ((_ update val) p 2)))",
			[]string{"(= p (ite (is-some p) ((as some (P Int)) 2) p))"}},
		{"a script's own Tuple", "(declare-sort Tuple 2)(declare-const t (Tuple Int Bool))(declare-fun tuple (Int) (Tuple Int Bool))(assert (= t (tuple 1)))",
			[]string{"(= t (tuple 1))"}},
		{"datatype term in a define-fun", list + "(define-fun f ((y L)) Int (hd y))(assert (= (f (cons 1 x)) 2))",
			[]string{"(= (hd (cons 1 x)) 2)"}},
		{"overloaded selectors and constructors", list + "(declare-datatypes ((M 0)) (((nil) (mk (hd Bool) (tl L)))))\n" +
			"(declare-const m M)(assert (and (hd m) (= (hd (tl m)) 1) ((_ is nil) m) (is-nil x) (= m (as nil M)) (= (mk true x) (match m ((nil m) ((mk a b) (mk a (tl b))))))))",
			[]string{"(and (hd m) (= (hd (tl m)) 1) (is-nil m) (is-nil x) (= m (as nil M)) (= (mk true x) (ite (is-nil m) m (mk (hd m) (tl (tl m))))))"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, _ := parse(t, c.in)
			require.Equal(t, c.want, asserted(s))
		})
	}
}

// TestParametricHorn reads the Horn scripts over a parametric list of
// testdata/horn (cmd/gospacer answers them sat and unsat), round trip
// included.
func TestParametricHorn(t *testing.T) {
	paths, _ := filepath.Glob("testdata/horn/par-*.smt2")
	require.Len(t, paths, 2)
	for _, path := range paths {
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		s, st := parse(t, string(data))
		require.Equal(t, "HORN", s.Commands[0].Name)
		require.Len(t, st.DatatypeGroups(), 1)
		require.Equal(t, "(List Int)", st.DatatypeGroups()[0][0].String())
	}
}

// TestParametricTemplatesInOrder prints the groups of a store where one
// group is the first instance of two templates, one naming the other:
// they print in declaration order, each once, also after a second read of
// the script into the store makes new instances; the output reads back.
func TestParametricTemplatesInOrder(t *testing.T) {
	const decls = "(declare-datatypes ((List 1)) ((par (T) ((nil) (cons (head T) (tail (List T)))))))\n" +
		"(declare-datatypes ((Tree 1)) ((par (T) ((node (val T) (kids (List (Tree T))))))))\n"
	_, st := parse(t, decls+"(declare-const t (Tree Int))(assert (= (val (head (kids t))) 1))")
	require.Len(t, st.DatatypeGroups(), 1)
	_, err := Parse("b.smt2", strings.NewReader(decls+"(declare-const u (Tree Bool))(declare-const l (List Real))"), st)
	require.NoError(t, err)
	var b strings.Builder
	for _, g := range st.DatatypeGroups() {
		require.NoError(t, term.FprintDatatypes(&b, g))
		b.WriteByte('\n')
	}
	out := b.String()
	require.Equal(t, 2, strings.Count(out, "(declare-datatypes"), out)
	require.Less(t, strings.Index(out, "((List 1))"), strings.Index(out, "((Tree 1))"), out)
	_, err = Parse("again.smt2", strings.NewReader(out+"(declare-const t (Tree Int))(assert (= (val (head (kids t))) 1))"), term.NewStore())
	require.NoError(t, err)
}
