package smt_test

import (
	"context"
	"fmt"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

const dtDecls = `
(declare-datatypes ((List 0)) (((nil) (cons (head Int) (tail List)))))
(declare-datatypes ((Nat 0)) (((Z) (S (pred Nat)))))
(declare-datatype Color ((red) (green) (blue)))
(declare-datatypes ((Tree 0) (Forest 0)) (((leaf) (node (val Int) (kids Forest))) ((fnil) (fcons (first Tree) (rest Forest)))))
(declare-datatype Rec ((mk (fa (Array Int Int)) (fb Int))))
(declare-sort U 0)
(declare-datatype Box ((box (unbox U))))
(declare-const x List) (declare-const y List) (declare-const z List)
(declare-const n Nat) (declare-const m Nat)
(declare-const c Color) (declare-const d Color) (declare-const e Color)
(declare-const t Tree) (declare-const fo Forest)
(declare-const r Rec) (declare-const q Rec)
(declare-const i Int) (declare-const j Int)
(declare-const a (Array Int Int))
(declare-const al (Array List Int))
(declare-fun f (List) Int)
(declare-const u U) (declare-const v U)
(declare-const bx Box) (declare-const by Box)
`

// TestDatatypeTable decides small datatype formulas with known answers.
func TestDatatypeTable(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     smt.Result
	}{
		{"cycle", "(assert (= x (cons 1 x)))", smt.Unsat},
		{"cycle through a selector", "(assert (= (tail x) x)) (assert ((_ is cons) x))", smt.Unsat},
		{"selector of nil", "(assert (= (tail x) x))", smt.Sat},
		{"cycle of two", "(assert (= x (cons 1 y))) (assert (= y (cons 2 x)))", smt.Unsat},
		{"clash", "(assert (= x nil)) (assert (= x (cons i y)))", smt.Unsat},
		{"injectivity of the head", "(assert (= (cons i x) (cons 3 y))) (assert (not (= i 3)))", smt.Unsat},
		{"injectivity of the tail", "(assert (= (cons i x) (cons 3 y))) (assert (not (= x y)))", smt.Unsat},
		{"exhaustive", "(assert (not ((_ is nil) x))) (assert (not ((_ is cons) x)))", smt.Unsat},
		{"finite pigeonhole", "(assert (distinct c d e)) (assert (not (= c red))) (assert (not (= d red))) (assert (not (= e red)))", smt.Unsat},
		{"finite distinct", "(assert (distinct c d e))", smt.Sat},
		{"nat cycle", "(assert (= n (S m))) (assert (= m (S n)))", smt.Unsat},
		{"nat", "(assert (not (= n Z))) (assert (= (pred n) m)) (assert (= m Z))", smt.Sat},
		{"uf over lists", "(assert ((_ is cons) x)) (assert (= (head x) 5)) (assert (= (f x) (+ (head x) 1))) (assert (> (f (cons 5 (tail x))) 6))", smt.Unsat},
		{"three lists, two heads", "(assert (distinct x y z)) (assert (= (tail x) nil)) (assert (= (tail y) nil)) (assert (= (tail z) nil)) (assert (is-cons x)) (assert (is-cons y)) (assert (is-cons z)) (assert (<= 0 (head x) 1)) (assert (<= 0 (head y) 1)) (assert (<= 0 (head z) 1))", smt.Unsat},
		{"three lists, three heads", "(assert (distinct x y z)) (assert (= (tail x) nil)) (assert (= (tail y) nil)) (assert (= (tail z) nil)) (assert (is-cons x)) (assert (is-cons y)) (assert (is-cons z)) (assert (<= 0 (head x) 2)) (assert (<= 0 (head y) 2)) (assert (<= 0 (head z) 2))", smt.Sat},
		{"ite", "(assert (= x (ite (> i 0) nil (cons i nil)))) (assert ((_ is cons) x)) (assert (> i 0))", smt.Unsat},
		{"wrong selector, two values", "(assert (= x nil)) (assert (= (head x) 7)) (assert (= (head y) 8)) (assert (= y nil))", smt.Unsat},
		{"wrong selector", "(assert (= x nil)) (assert (= (head x) 7)) (assert (= (head y) 7)) (assert (= y nil))", smt.Sat},
		{"fresh values", "(assert (distinct x y z))", smt.Sat},
		{"fresh nats", "(assert (distinct n m (S n) (S m) Z))", smt.Sat},
		{"mutual recursion", "(assert (= t (node 1 fo))) (assert (= fo (fcons t fnil)))", smt.Unsat},
		{"mutual recursion sat", "(assert (= t (node i fo))) (assert ((_ is fcons) fo)) (assert (= (val (first fo)) 2)) (assert (> i 2))", smt.Sat},
		{"record with an array", "(assert (= (select (fa r) 0) 3)) (assert (= q (mk (store (fa r) 0 4) (fb r)))) (assert (= (select (fa q) 0) (select (fa r) 0)))", smt.Unsat},
		{"record with an array sat", "(assert (= (select (fa r) 0) 3)) (assert (= q (mk (store (fa r) 1 4) (fb r)))) (assert (not (= q r)))", smt.Sat},
		{"array over lists", "(assert (= (select al (cons 1 nil)) 3)) (assert (= x (cons i nil))) (assert (= i 1)) (assert (not (= (select al x) 3)))", smt.Unsat},
		{"array over lists sat", "(assert (= (select al (cons 1 nil)) 3)) (assert (= x (cons i nil))) (assert (not (= (select al x) 3)))", smt.Sat},
		{"boxes", "(assert (not (= u v))) (assert (= bx (box u))) (assert (= by (box v))) (assert (= bx by))", smt.Unsat},
		{"boxes sat", "(assert (distinct bx by)) (assert (= (unbox bx) u))", smt.Sat},
		{"records are their fields", "(assert (= (fb r) (fb q))) (assert (= (fa r) (fa q))) (assert (not (= r q)))", smt.Unsat},
		{"match", "(assert (= 3 (match x ((nil 0) ((cons h tl) (+ h 1)))))) (assert (= (head x) 1))", smt.Unsat},
		{"fresh values over arrays of themselves", "(declare-datatypes ((AT 0)) (((anil) (amap (am (Array Int AT)))))) (declare-const a1 AT) (declare-const a2 AT) (declare-const a3 AT) (declare-const a4 AT) (assert (distinct a1 a2 a3 a4))", smt.Sat},
		// A class nothing asks of gets a fresh value, which must differ from
		// every value built of constructors: a collision was split on again
		// and again ("theory combination does not converge").
		{"fresh nat next to a deep constant", "(assert (not (= n (S (S (S (S (S (S (S (S Z)))))))))))", smt.Sat},
		{"fresh nats next to deep constants", "(assert (distinct n m (S n) (S (S (S (S (S (S (S (S Z)))))))) (S (S (S (S (S (S (S (S (S Z))))))))) (S (S (S (S (S (S (S (S (S (S (S (S (S (S (S (S Z)))))))))))))))) (S (S (S (S (S (S (S (S (S (S (S (S (S (S (S (S (S (S (S (S (S (S (S (S Z))))))))))))))))))))))))))", smt.Sat},
		{"fresh lists next to deep constants", "(assert (distinct x y (cons 0 x) (cons 0 (cons 0 (cons 0 (cons 0 (cons 0 (cons 0 (cons 0 (cons 0 (cons 0 (cons 0 nil))))))))))))", smt.Sat},
		{"Boolean selector", "(declare-datatype BB ((bb (bs Bool)) (bn))) (declare-const w BB) (assert (bs w)) (assert (not (bs (bb false))))", smt.Sat},
		{"Boolean selector unsat", "(declare-datatype BB ((bb (bs Bool)) (bn))) (declare-const w BB) (assert (bs w)) (assert (= w (bb false)))", smt.Unsat},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, s, _ := checkScript(t, dtDecls+tc.in)
			require.Equal(t, tc.want, r, s.ReasonUnknown())
		})
	}
}

// TestPropDatatypes decides random list formulas: a sat model satisfies
// the formula (the solver checks it, and so does this test); an unsat
// formula has no model among small values.
func TestPropDatatypes(t *testing.T) {
	var sat, unsat, unknown int
	rapid.Check(t, func(t *rapid.T) {
		st := term.NewStore()
		g := fuzz.NewLists(st)
		f := g.Formula(t)
		s := smt.New(st, smt.Options{})
		require.NoError(t, s.Assert(f))
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		r, err := s.Check(ctx)
		require.NoError(t, err)
		switch r {
		case smt.Sat:
			sat++
			ok, err := s.Model().EvalBool(f)
			require.NoError(t, err)
			require.True(t, ok, "model violates %v\n%v", f, s.Model())
		case smt.Unsat:
			unsat++
			if m, ok := g.Satisfiable(f); ok {
				t.Fatalf("unsat, but satisfiable: %v\n%v", f, m)
			}
		default:
			unknown++
			t.Logf("unknown (%s): %v", s.ReasonUnknown(), f)
		}
	})
	t.Logf("sat %d, unsat %d, unknown %d", sat, unsat, unknown)
	require.Zero(t, unknown)
}

// TestDatatypeModelPrints checks that a model prints values as
// constructor terms that read back.
func TestDatatypeModelPrints(t *testing.T) {
	r, s, st := checkScript(t, dtDecls+"(assert (= (tail x) (cons 3 nil))) (assert (= (head x) i)) (assert (> i 7))")
	require.Equal(t, smt.Sat, r)
	v, ok := s.Model().Lookup(st.Const("x", st.LookupDatatypes([]string{"List"})[0]))
	require.True(t, ok)
	require.True(t, strings.HasPrefix(v.String(), "(cons "), v.String())
	require.True(t, strings.HasSuffix(v.String(), " (cons 3 nil))"), v.String())
	// The value reads back as a term of the script's store.
	_, err := smtlib.Parse("v.smt2", strings.NewReader(dtDecls+fmt.Sprintf("(assert (= x %v))", v)), term.NewStore())
	require.NoError(t, err)
}

// TestDatatypesDifferential compares the answers on random list formulas
// with z3's and cvc5's, those installed (skipped without them): no sat
// against unsat.
func TestDatatypesDifferential(t *testing.T) {
	var peers []string
	for _, p := range []string{"z3", "cvc5"} {
		if _, err := exec.LookPath(p); err == nil {
			peers = append(peers, p)
		}
	}
	if len(peers) == 0 || testing.Short() {
		t.Skip("neither z3 nor cvc5 on PATH, or -short")
	}
	agree, unknown := 0, 0
	rapid.Check(t, func(t *rapid.T) {
		st := term.NewStore()
		g := fuzz.NewLists(st)
		f := g.Formula(t)
		s := smt.New(st, smt.Options{})
		require.NoError(t, s.Assert(f))
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		r, err := s.Check(ctx)
		require.NoError(t, err)
		script := fuzz.Script(st, f)
		for _, p := range peers {
			args := []string{"-in", "-T:10"}
			if p == "cvc5" {
				args = []string{"--lang=smt2", "--tlimit=10000"}
			}
			cmd := exec.Command(p, args...)
			cmd.Stdin = strings.NewReader(script)
			out, _ := cmd.Output()
			ans := strings.TrimSpace(string(out))
			if i := strings.IndexByte(ans, '\n'); i >= 0 {
				ans = ans[:i]
			}
			switch {
			case ans != "sat" && ans != "unsat", r == smt.Unknown:
				unknown++
			case ans == r.String():
				agree++
			default:
				t.Fatalf("gospacer %v, %s %s on\n%s", r, p, ans, script)
			}
		}
	})
	t.Logf("%d agree, %d unknown (%v)", agree, unknown, peers)
}

// BenchmarkDatatypes decides a chain of lists, each the tail of the
// next, pairwise distinct, with bounded heads: unfolding, axioms,
// acyclicity and the model's values.
func BenchmarkDatatypes(b *testing.B) {
	var sb strings.Builder
	sb.WriteString(dtDecls)
	const n = 12
	for k := 0; k < n; k++ {
		fmt.Fprintf(&sb, "(declare-const l%d List)\n", k)
	}
	for k := 1; k < n; k++ {
		fmt.Fprintf(&sb, "(assert (= (tail l%d) l%d)) (assert ((_ is cons) l%d)) (assert (<= 0 (head l%d) 1))\n", k, k-1, k, k)
	}
	sb.WriteString("(assert (distinct")
	for k := 0; k < n; k++ {
		fmt.Fprintf(&sb, " l%d", k)
	}
	sb.WriteString("))\n")
	text := sb.String()
	for b.Loop() {
		st := term.NewStore()
		script, err := smtlib.Parse("bench.smt2", strings.NewReader(text), st)
		if err != nil {
			b.Fatal(err)
		}
		s := smt.New(st, smt.Options{})
		for _, c := range script.Commands {
			if c.Kind == smtlib.Assert {
				if err := s.Assert(c.Term); err != nil {
					b.Fatal(err)
				}
			}
		}
		if r, err := s.Check(context.Background()); err != nil || r != smt.Sat {
			b.Fatalf("%v %v %s", r, err, s.ReasonUnknown())
		}
	}
}

// TestDatatypeArrayModels builds models where datatype values hold arrays
// whose elements or indices are datatypes again (the Solidity encoding's
// arrays of tuples of arrays): every class gets a value, whatever the
// order in which arrays and datatypes need each other's (these were
// answered unknown: "arrays: no value for the index or element of ...").
// checkScript checks the model against every assertion.
func TestDatatypeArrayModels(t *testing.T) {
	const decls = `
(declare-datatype AT ((at (arr (Array Int Int)) (len Int))))
(declare-datatype AAT ((aat (arr2 (Array Int AT)) (len2 Int))))
(declare-datatype AAAT ((aaat (arr3 (Array Int AAT)) (len3 Int))))
(declare-datatype MT ((mt (marr (Array Int (Array Int Int))) (mlen Int))))
(declare-const p AT) (declare-const q AT)
(declare-const pp AAT) (declare-const qq AAT)
(declare-const ppp AAAT)
(declare-const m MT)
(declare-const ia (Array AT Int))
(declare-const ib (Array AAT AT))
(declare-const i Int) (declare-const j Int) (declare-const k Int)
`
	for _, tc := range []struct {
		name, in string
		want     smt.Result
	}{
		{"array of records of arrays", "(assert (= (select (arr (select (arr2 pp) i)) j) 5)) (assert (= (len (select (arr2 pp) i)) 3))", smt.Sat},
		{"two levels, two records", "(assert (= (select (arr (select (arr2 pp) 0)) 1) 5)) (assert (= qq (aat (store (arr2 pp) 0 (at (store (arr (select (arr2 pp) 0)) 1 6) 2)) (len2 pp)))) (assert (not (= pp qq)))", smt.Sat},
		{"two levels unsat", "(assert (= (select (arr (select (arr2 pp) 0)) 1) 5)) (assert (= qq (aat (store (arr2 pp) 0 (at (store (arr (select (arr2 pp) 0)) 1 5) (len (select (arr2 pp) 0)))) (len2 pp)))) (assert (not (= pp qq)))", smt.Unsat},
		{"three levels", "(assert (= (select (arr (select (arr2 (select (arr3 ppp) i)) j)) k) 7)) (assert (> (len3 ppp) (len2 (select (arr3 ppp) i)))) (assert (distinct i j k))", smt.Sat},
		{"record of an array of arrays", "(assert (= (select (select (marr m) i) j) 4)) (assert (= (select (marr m) (+ i 1)) (select (marr m) i)))", smt.Sat},
		{"array indexed by records of arrays", "(assert (= (select ia p) 1)) (assert (= (select ia q) 2)) (assert (= (len p) (len q))) (assert (= (select (arr p) 0) (select (arr q) 0)))", smt.Sat},
		{"array indexed by records of arrays unsat", "(assert (= (select ia p) 1)) (assert (= (select ia q) 2)) (assert (= (len p) (len q))) (assert (= (arr p) (arr q)))", smt.Unsat},
		{"records of arrays indexed and valued by records", "(assert (= (select ib pp) p)) (assert (= (select (arr (select ib qq)) 0) 9)) (assert (= (select (arr p) 0) 8)) (assert (= (arr2 pp) (arr2 qq)))", smt.Sat},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, s, _ := checkScript(t, decls+tc.in)
			require.Equal(t, tc.want, r, s.ReasonUnknown())
		})
	}
}

// TestPropFreshNats: variables of Nat (no constructor reaches a number,
// so fresh values are deep terms) pairwise distinct and distinct from
// random numerals S^k(Z), some under S: always sat, and the model (checked
// by checkScript) gives the variables values apart from every numeral.
func TestPropFreshNats(t *testing.T) {
	nat := func(k int) string { return strings.Repeat("(S ", k) + "Z" + strings.Repeat(")", k) }
	rapid.Check(t, func(rt *rapid.T) {
		vars := rapid.IntRange(1, 4).Draw(rt, "vars")
		var b strings.Builder
		b.WriteString("(declare-datatypes ((Nat 0)) (((Z) (S (pred Nat)))))\n")
		var terms []string
		for v := range vars {
			fmt.Fprintf(&b, "(declare-const v%d Nat)\n", v)
			terms = append(terms, fmt.Sprintf("v%d", v))
			if rapid.Bool().Draw(rt, "under S") {
				terms = append(terms, fmt.Sprintf("(S v%d)", v))
			}
		}
		for _, k := range rapid.SliceOfNDistinct(rapid.IntRange(0, 40), 1, 6, rapid.ID[int]).Draw(rt, "numerals") {
			terms = append(terms, nat(k))
		}
		fmt.Fprintf(&b, "(assert (distinct %s))", strings.Join(terms, " "))
		r, s, _ := checkScript(t, b.String())
		require.Equal(rt, smt.Sat, r, "%s\n%s", s.ReasonUnknown(), b.String())
	})
}
