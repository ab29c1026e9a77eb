package smtlib

import (
	"bytes"
	"io"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// parse reads in and returns the script and its store; it fails the test
// on error and checks that the script prints and reads back to the same
// terms.
func parse(t *testing.T, in string) (*Script, *term.Store) {
	t.Helper()
	st := term.NewStore()
	s, err := Parse("in.smt2", strings.NewReader(in), st)
	require.NoError(t, err)
	require.True(t, checkRoundTrip(t, "in.smt2", st, s))
	return s, st
}

// asserted returns the assertions of s as trees.
func asserted(s *Script) []string {
	var out []string
	for _, c := range s.Commands {
		if c.Kind == Assert {
			out = append(out, c.Term.String())
		}
	}
	return out
}

// TestTerms checks how terms read: each input is a script, want are its
// assertions printed as trees.
func TestTerms(t *testing.T) {
	const xs = "(declare-fun x () Int) (declare-fun y () Int) (declare-fun p () Bool) (declare-fun q () Bool) (declare-fun r () Real)\n"
	for _, c := range []struct {
		name string
		in   string
		want []string
	}{
		// let
		{"let shadows a constant", xs + "(assert (let ((x p)) x))", []string{"p"}},
		{"let shadows an outer let", xs + "(assert (let ((z 1)) (let ((z (+ z 1))) (= x z))))", []string{"(= x (+ 1 1))"}},
		{"let is parallel", xs + "(assert (let ((x y) (y x)) (< x y)))", []string{"(< y x)"}},
		{"let names end with the body", xs + "(assert (and (let ((x p)) x) (= x 0)))", []string{"(and p (= x 0))"}},
		{"let of a let", xs + "(assert (let ((z (let ((x 2)) (+ x x)))) (= z x)))", []string{"(= (+ 2 2) x)"}},
		{"quoted let name", xs + "(assert (let ((|a b| x)) (= |a b| 1)))", []string{"(= x 1)"}},

		// chains and n-ary operators
		{"comparison chain", xs + "(assert (< x y 3))", []string{"(and (< x y) (< y 3))"}},
		{"ge chain", xs + "(assert (>= x y 3 0))", []string{"(and (>= x y) (>= y 3) (>= 3 0))"}},
		{"implication chain", xs + "(assert (=> p q p))", []string{"(=> p (=> q p))"}},
		{"division chain", xs + "(assert (= (/ r 2 3) r))", []string{"(= (/ (/ r 2.0) 3.0) r)"}},
		{"div chain", xs + "(assert (= (div x 2 3) x))", []string{"(= (div (div x 2) 3) x)"}},
		{"divisible", xs + "(assert ((_ divisible 3) (+ x 1)))", []string{"(= (mod (+ x 1) 3) 0)"}},
		{"unary minus", xs + "(assert (= (- x) (- 3)))", []string{"(= (- x) (- 3))"}},
		{"n-ary", xs + "(assert (and (= x y 1) (distinct x y 2) (xor p q p) (= (+ x y 1) (- x y 1) (* x y 2))))",
			[]string{"(and (= x y 1) (distinct x y 2) (xor p q p) (= (+ x y 1) (- x y 1) (* x y 2)))"}},
		{"mixed arithmetic", xs + "(assert (< (+ x r) 1.5))", []string{"(< (+ (to_real x) r) 1.5)"}},
		{"int to real equality", xs + "(assert (= x 1.5))", []string{"(= (to_real x) 1.5)"}},
		{"ite", xs + "(assert (= (ite p x y) (abs x)))", []string{"(= (ite p x y) (abs x))"}},
		{"true and false", xs + "(assert (or true false (f)))", nil},

		// arrays
		{"const array", xs + "(declare-fun a () (Array Int Int))\n(assert (= a ((as const (Array Int Int)) 0)))",
			[]string{"(= a ((as const (Array Int Int)) 0))"}},
		{"select store", xs + "(declare-fun a () (Array Int Bool))\n(assert (select (store a x p) y))",
			[]string{"(select (store a x p) y)"}},
		{"as", xs + "(assert (= (as x Int) (as y Int)))", []string{"(= x y)"}},

		// quantifiers
		{"bound variable shadows a constant", xs + "(assert (forall ((x Int)) (> x y)))", []string{"(forall ((x Int)) (> x y))"}},
		{"exists", xs + "(assert (exists ((z Real) (b Bool)) (and b (> z r))))", []string{"(exists ((z Real) (b Bool)) (and b (> z r)))"}},
		{"quantifier over a declared sort", "(declare-sort U 0) (declare-fun c () U)\n(assert (forall ((u U)) (= u c)))",
			[]string{"(forall ((u U)) (= u c))"}},
		{"patterns are skipped", xs + "(declare-fun g (Int) Int)\n(assert (forall ((z Int)) (! (> (g z) 0) :pattern ((g z)) :qid q1)))",
			[]string{"(forall ((z Int)) (> (g z) 0))"}},

		// numerals
		{"numerals are integers by default", xs + "(assert (= x 1))", []string{"(= x 1)"}},
		{"decimals are reals", "(declare-fun z () Real) (assert (= z 0.5))", []string{"(= z 0.5)"}},
		{"big numerals", xs + "(assert (= x 123456789012345678901234567890))", []string{"(= x 123456789012345678901234567890)"}},
		{"numerals in QF_LRA", "(set-logic QF_LRA) (declare-fun z () Real) (assert (< z 1))", []string{"(< z 1.0)"}},
		{"numerals in QF_RDL", "(set-logic QF_RDL) (declare-fun z () Real) (assert (< (- z z) 2))", []string{"(< (- z z) 2.0)"}},
		{"numerals in QF_UFLRA", "(set-logic QF_UFLRA) (declare-fun g (Real) Real) (assert (= (g 1) 2))", []string{"(= (g 1.0) 2.0)"}},
		{"numerals in QF_LIA", "(set-logic QF_LIA) (declare-fun z () Int) (assert (< z 1))", []string{"(< z 1)"}},
		{"numerals in QF_AUFLIRA", "(set-logic QF_AUFLIRA) (declare-fun z () Real) (assert (< z 1))", []string{"(< z 1.0)"}},
		{"numerals in HORN", "(set-logic HORN) (declare-fun z () Int) (assert (< z 1))", []string{"(< z 1)"}},
		{"negative numerals fold", xs + "(assert (= x (- 5)))", []string{"(= x (- 5))"}},
		{"rational numerals fold", xs + "(assert (= r (/ 1 3)))", []string{"(= r (/ 1 3))"}},

		// sorts
		{"declare-sort with arity", "(declare-sort S 2) (declare-fun s () (S Int Bool)) (declare-fun t () (S Int Bool))\n(assert (= s t))",
			[]string{"(= s t)"}},
		{"define-sort with parameters", "(define-sort M (X Y) (Array X Y)) (define-sort N () (M Int Bool)) (declare-fun a () (M Int Bool)) (declare-fun b () N)\n(assert (= a b))",
			[]string{"(= a b)"}},
		{"define-sort parameters shadow sorts", "(define-sort F (Int) (Array Int Int)) (declare-fun a () (F Bool))\n(assert (select a true))",
			[]string{"(select a true)"}},

		// define-fun
		{"define-fun", xs + "(define-fun inc ((z Int)) Int (+ z 1))\n(assert (= (inc (inc x)) y))", []string{"(= (+ (+ x 1) 1) y)"}},
		{"define-fun constant", xs + "(define-fun two () Int 2)\n(assert (= two (two)))", []string{"(= 2 2)"}},
		{"define-const", xs + "(define-const two Int 2)\n(assert (= two x))", []string{"(= 2 x)"}},
		{"define-fun coerces arguments", xs + "(define-fun pos ((z Real)) Bool (> z 0.0))\n(assert (pos x))", []string{"(> (to_real x) 0.0)"}},
		{"define-fun coerces the body", xs + "(define-fun half () Real 1)\n(assert (= r half))", []string{"(= r 1.0)"}},
		{"define-fun parameter shadows", xs + "(define-fun g ((x Bool)) Bool (and x p))\n(assert (g q))", []string{"(and q p)"}},
		{"define-fun uses definitions", xs + "(define-fun a () Int (+ x 1)) (define-fun b ((z Int)) Bool (< z a))\n(assert (b y))",
			[]string{"(< y (+ x 1))"}},

		// :named
		{"named assertion", xs + "(assert (! (> x 0) :named n))\n(assert (not n))", []string{"(> x 0)", "(not (> x 0))"}},
		{"named subterm", xs + "(assert (or (! (= x 5) :named five) (= x y)))\n(assert (= five p))", []string{"(or (= x 5) (= x y))", "(= (= x 5) p)"}},

		// hygiene: a bound variable never captures, and prints back unambiguously
		{"let value under a binder of its name", xs + "(assert (let ((c x)) (forall ((x Int)) (> x c))))",
			[]string{"(forall ((x!1 Int)) (> x!1 x))"}},
		{"nested binders of one variable", xs + "(assert (forall ((z Int)) (let ((c (+ z 1))) (forall ((z Int)) (> z c)))))",
			[]string{"(forall ((z Int)) (forall ((z!1 Int)) (> z!1 (+ z 1))))"}},
		{"nested binders without capture", xs + "(assert (forall ((z Int)) (and (> z 0) (forall ((z Real)) (> z 0.0)))))",
			[]string{"(forall ((z Int)) (and (> z 0) (forall ((z Real)) (> z 0.0))))"}},
		{"binder named like an operator", xs + "(assert (forall ((and Bool)) and))", []string{"(forall ((and!1 Bool)) and!1)"}},
		{"macro argument under a binder of the macro", xs + "(define-fun all ((y Int)) Bool (forall ((z Int)) (> z y)))\n(assert (forall ((z Int)) (all z)))",
			[]string{"(forall ((z Int)) (forall ((z!1 Int)) (> z!1 z)))"}},
		{"macro without capture", xs + "(define-fun all ((y Int)) Bool (forall ((z Int)) (> z y)))\n(assert (all x))",
			[]string{"(forall ((z Int)) (> z x))"}},
		{"definition under a binder of its constant", xs + "(define-fun big () Bool (> x 9))\n(assert (exists ((x Int)) (and big (< x 0))))",
			[]string{"(exists ((x!1 Int)) (and (> x 9) (< x!1 0)))"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.name == "true and false" {
				c.in = xs + "(declare-fun f () Bool) (assert (or true false (f)))"
				c.want = []string{"(or true false f)"}
			}
			s, _ := parse(t, c.in)
			require.Equal(t, c.want, asserted(s))
		})
	}
}

func TestCommands(t *testing.T) {
	s, st := parse(t, `; a comment
(set-logic QF_UFLIA)
(set-info :status sat) (set-info :source |two
lines|) (set-info :flag)
(set-option :produce-models true)
(set-option :unknown-option (1 (2 "three")))
(get-info :name) (get-option :produce-models)
(declare-sort U 0)
(declare-sort P 1)
(define-sort Q (X) (P X))
(declare-fun f (U Int) Bool)
(declare-const c U)
(define-fun g ((u U)) Bool (f u 0))
(assert (! (g c) :named a1))
(check-sat-assuming ((g c) (not (f c 1))))
(push 2) (pop) (pop 1)
(check-sat)
(get-value (c (+ 1 2) (g   c)))
(get-model) (get-unsat-core) (get-assertions)
(echo "say ""hi""")
(get-proof :all)
(reset-assertions) (reset)
(exit)
(this is not read
`)
	kinds := []Kind{SetLogic, SetInfo, SetInfo, SetInfo, SetOption, SetOption, GetInfo, GetOption,
		DeclareSort, DeclareSort, DefineSort, DeclareFun, DeclareFun, DefineFun, Assert, CheckSatAssuming,
		Push, Pop, Pop, CheckSat, GetValue, GetModel, GetUnsatCore, GetAssertions, Echo, Unsupported,
		ResetAssertions, Reset, Exit}
	var got []Kind
	for _, c := range s.Commands {
		got = append(got, c.Kind)
	}
	require.Equal(t, kinds, got)
	cs := s.Commands
	require.Equal(t, "QF_UFLIA", s.Logic)
	require.Equal(t, Pos{"in.smt2", 2, 1}, cs[0].Pos)
	require.Equal(t, "in.smt2:2:1", cs[0].Pos.String())
	require.Equal(t, []string{":status", "sat"}, []string{cs[1].Keyword, cs[1].Value})
	require.Equal(t, "|two\nlines|", cs[2].Value)
	require.Equal(t, "", cs[3].Value)
	require.Equal(t, `(1 (2 "three"))`, cs[5].Value)
	require.Equal(t, ":produce-models", cs[7].Keyword)
	u := st.UninterpretedSort("U")
	require.Same(t, u, cs[8].Sort)
	require.Equal(t, 1, cs[9].N)
	require.Nil(t, cs[9].Sort)
	require.Equal(t, []string{"X"}, cs[10].Names)
	require.Equal(t, "(P X)", cs[10].Text)
	require.Equal(t, "f", cs[11].Func.Name())
	require.Equal(t, []*term.Sort{u, term.IntSort}, cs[11].Func.Domain())
	require.Equal(t, "g", cs[13].Name)
	require.Equal(t, "(f u 0)", cs[13].Term.String())
	require.Equal(t, "a1", cs[14].Name)
	require.Equal(t, "(f c 0)", cs[14].Term.String())
	require.Len(t, cs[15].Terms, 2)
	require.Equal(t, []int{2, 1, 1}, []int{cs[16].N, cs[17].N, cs[18].N})
	require.False(t, cs[19].Query)
	require.Equal(t, []string{"c", "(+ 1 2)", "(g   c)"}, cs[20].Names)
	require.Equal(t, "(f c 0)", cs[20].Terms[2].String())
	require.Equal(t, `say "hi"`, cs[24].Text)
	require.Equal(t, "get-proof", cs[25].Name)
	require.Equal(t, "(get-proof :all)", cs[25].Text)

	var b strings.Builder
	require.NoError(t, WriteScript(&b, s))
	require.Equal(t, `(set-logic QF_UFLIA)
(set-info :status sat)
(set-info :source |two
lines|)
(set-info :flag)
(set-option :produce-models true)
(set-option :unknown-option (1 (2 "three")))
(get-info :name)
(get-option :produce-models)
(declare-sort U 0)
(declare-sort P 1)
(define-sort Q (X) (P X))
(declare-fun f (U Int) Bool)
(declare-fun c () U)
(define-fun g ((u U)) Bool (f u 0))
(assert (! (f c 0) :named a1))
(check-sat-assuming ((f c 0) (not (f c 1))))
(push 2)
(pop 1)
(pop 1)
(check-sat)
(get-value (c (+ 1 2) (f c 0)))
(get-model)
(get-unsat-core)
(get-assertions)
(echo "say ""hi""")
(get-proof :all)
(reset-assertions)
(reset)
(exit)
`, b.String())
}

func TestScopes(t *testing.T) {
	s, _ := parse(t, `
(declare-fun x () Int)
(push 1)
(declare-fun y () Int)
(define-fun z () Int (+ x y))
(declare-sort U 0)
(assert (= z 1))
(push 3)
(declare-fun u () U)
(pop 3)
(declare-fun u () Bool)
(pop 1)
(declare-fun y () Bool)
(declare-fun z () Bool)
(declare-sort U 1)
(assert (and y z (= x 0)))
(reset-assertions)
(declare-fun x () Real)
(assert (= x 0.5))
(set-option :global-declarations true)
(push 1)
(declare-fun g () Int)
(pop 1)
(assert (= g 1))
(reset)
(set-logic QF_LRA)
(declare-fun g () Real)
(assert (= g 1))
`)
	require.Equal(t, []string{"(= (+ x y) 1)", "(and y z (= x 0))", "(= x 0.5)", "(= g 1)", "(= g 1.0)"}, asserted(s))
}

func TestFixedpoint(t *testing.T) {
	s, _ := parse(t, `
(set-option :fixedpoint.engine spacer)
(declare-rel P (Int Int))
(declare-rel Bad ())
(declare-var a Int)
(declare-var b Int)
(declare-var c Bool)
(rule (P 0 0))
(rule (=> (and (P a b) (= b (+ a 1))) (P b a)) step)
(rule (! (=> (and (P b a) (< a 0)) Bad) :named bad))
(rule (=> (and (P a b) (exists ((b Int)) (> b a))) (P a a)))
(query Bad)
(query (and (P a b) (> b a)) :print-certificate true)
(query P)
`)
	require.Equal(t, []string{
		"(P 0 0)",
		"(forall ((a Int) (b Int)) (=> (and (P a b) (= b (+ a 1))) (P b a)))",
		"(forall ((a Int) (b Int)) (=> (and (P b a) (< a 0)) Bad))",
		"(forall ((a Int) (b Int)) (=> (and (P a b) (exists ((b!1 Int)) (> b!1 a))) (P a a)))",
		"(=> Bad false)",
		"(forall ((a Int) (b Int)) (=> (and (P a b) (> b a)) false))",
		"(forall ((q!2 Int) (q!3 Int)) (=> (P q!2 q!3) false))",
	}, asserted(s))
	var queries int
	for i, c := range s.Commands {
		if c.Kind == CheckSat {
			require.True(t, c.Query)
			require.Equal(t, Assert, s.Commands[i-1].Kind)
			queries++
		}
	}
	require.Equal(t, 3, queries)
	require.Equal(t, DeclareFun, s.Commands[1].Kind)
	require.Equal(t, term.BoolSort, s.Commands[1].Func.Range())
}

// TestNextContinues checks that Reader.Next goes on after an error.
func TestNextContinues(t *testing.T) {
	in := "(declare-fun x () Int)\n(assert (= x y))\n(assert (and (= x \"s\") (foo (bar))))\n(assert (> x 0))\n(declare-fun x () Int)\n(check-sat)"
	rd := NewReader("in", strings.NewReader(in), term.NewStore())
	var got []string
	for {
		c, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			got = append(got, err.Error())
			continue
		}
		got = append(got, c.Kind.String())
	}
	require.Equal(t, []string{
		"declare-fun",
		"in:2:14: unknown symbol y",
		"in:3:19: strings are not supported: string literal",
		"assert",
		"in:5:14: x is already declared",
		"check-sat",
	}, got)
}

// TestInteractive checks that the reader returns each command without
// reading past it.
func TestInteractive(t *testing.T) {
	pr, pw := io.Pipe()
	rd := NewReader("stdin", pr, term.NewStore())
	go pw.Write([]byte("(declare-fun x () Int) (assert (> x 0))\n(check-sat)"))
	for _, k := range []Kind{DeclareFun, Assert, CheckSat} {
		c, err := rd.Next()
		require.NoError(t, err)
		require.Equal(t, k, c.Kind)
	}
	go pw.Close()
	_, err := rd.Next()
	require.Equal(t, io.EOF, err)
}

func TestDeepNesting(t *testing.T) {
	const n = maxDepth - 10
	in := "(declare-fun p () Bool)\n(assert " + strings.Repeat("(not ", n) + "p" + strings.Repeat(")", n) + ")"
	s, _ := parse(t, in)
	require.Len(t, asserted(s), 1)

	in = "(assert " + strings.Repeat("(not ", 2*maxDepth) + "true" + strings.Repeat(")", 2*maxDepth) + ")"
	_, err := Parse("in", strings.NewReader(in), term.NewStore())
	require.ErrorContains(t, err, "parentheses nested deeper than")

	// Deep lets are nested too; long let lists are not.
	var b bytes.Buffer
	b.WriteString("(declare-fun x () Int)\n(assert (let (")
	for i := 0; i < 20000; i++ {
		b.WriteString("(v" + strconv.Itoa(i) + " (+ x " + strconv.Itoa(i) + "))")
	}
	b.WriteString(") (> x 0)))")
	parse(t, b.String())
}

func TestEmptyAndPartial(t *testing.T) {
	for _, in := range []string{"", "  \n\t", "; only a comment", "; no newline at the end\n;"} {
		s, err := Parse("in", strings.NewReader(in), term.NewStore())
		require.NoError(t, err)
		require.Empty(t, s.Commands)
		require.Equal(t, "", s.Logic)
	}
	// Parse stops at the first error and returns what it read before.
	s, err := Parse("in", strings.NewReader("(set-logic QF_LIA)\n(declare-fun x () Int)\n(assert (= x))\n(check-sat)"), term.NewStore())
	require.EqualError(t, err, "in:3:9: =: expected at least 2 arguments, got 1")
	require.Len(t, s.Commands, 2)
	require.Equal(t, "QF_LIA", s.Logic)
}

// TestSmallReads reads scripts one byte at a time and in halves: tokens
// and recorded source text then span many buffer refills.
func TestSmallReads(t *testing.T) {
	var b strings.Builder
	b.WriteString("(set-info :source |" + strings.Repeat("long text ", 10000) + "|)\n")
	b.WriteString("(declare-fun " + strings.Repeat("x", 100000) + " () Int)\n")
	b.WriteString("(get-value ((+ " + strings.Repeat("(- ", 20000) + strings.Repeat("x", 100000) + strings.Repeat(")", 20000) + " 1)))\n")
	b.WriteString("(echo \"" + strings.Repeat("\"\"", 50000) + "\")")
	in := b.String()
	want := WriteScriptString(t, in, strings.NewReader(in))
	for name, r := range map[string]io.Reader{
		"one byte": iotest.OneByteReader(strings.NewReader(in)),
		"half":     iotest.HalfReader(strings.NewReader(in)),
		// a lexer's buffer is the size its input tells, and grows
		"size 0":   sizedReader{strings.NewReader(in), 0},
		"size 100": sizedReader{strings.NewReader(in), 100},
	} {
		require.Equal(t, want, WriteScriptString(t, in, r), name)
	}
	s, err := Parse("in", strings.NewReader(in), term.NewStore())
	require.NoError(t, err)
	require.Equal(t, 10000*10+2, len(s.Commands[0].Value))
	require.True(t, strings.Repeat(`"`, 50000) == s.Commands[3].Text)
	require.Equal(t, 3+3*20000+100000+20000+3, len(s.Commands[2].Names[0]))

	s, err = Parse("in", iotest.TimeoutReader(strings.NewReader("(check-sat)\n(check-sat)")), term.NewStore())
	require.EqualError(t, err, "in:2:12: read error: timeout")
	require.Len(t, s.Commands, 2)
	_, err = Parse("in", io.MultiReader(strings.NewReader("(check-sat)\n(assert"), iotest.ErrReader(io.ErrUnexpectedEOF)), term.NewStore())
	require.EqualError(t, err, "in:2:8: read error: unexpected EOF")
}

// A sizedReader tells a size of its own (Len), not what it holds.
type sizedReader struct {
	io.Reader
	n int
}

func (r sizedReader) Len() int { return r.n }

// WriteScriptString parses in from r and prints it.
func WriteScriptString(t *testing.T, in string, r io.Reader) string {
	s, err := Parse("in", r, term.NewStore())
	require.NoError(t, err)
	var b strings.Builder
	require.NoError(t, WriteScript(&b, s))
	return b.String()
}

// TestLogics checks which logic names set-logic accepts: SMT-LIB's,
// z3's HORN and QF_FD, and ALL; anything else is an error.
func TestLogics(t *testing.T) {
	for _, l := range []string{"QF_LIA", "QF_LRA", "QF_AUFLIA", "QF_AX", "QF_UF", "QF_IDL", "QF_RDL",
		"QF_ALIA", "LIA", "UFLIA", "AUFLIRA", "QF_BV", "QF_ABVFP", "QF_UFDTLIA", "QF_SLIA", "QF_NIRA",
		"HORN", "ALL", "QF_FD", "UF", "QF_FPLRA", "QF_FFDT"} {
		_, err := Parse("in", strings.NewReader("(set-logic "+l+")"), term.NewStore())
		require.NoError(t, err, l)
	}
	for _, l := range []string{"QF_FOOBAR", "QF_", "FOO", "QF_LIAX", "LIAUF", "horn", "QF_QF_LIA"} {
		_, err := Parse("in", strings.NewReader("(set-logic "+l+")"), term.NewStore())
		require.ErrorContains(t, err, "in:1:12: unknown logic", l)
	}
}

// TestLexerBufferFitsInput: the lexer of an input that tells its size
// has a buffer of that size and one byte (a command piece of a session
// does not zero 64 KB), and of lexBuffer bytes when the size is unknown
// or larger.
func TestLexerBufferFitsInput(t *testing.T) {
	src := "(declare-const x Int)(assert (> x 0))"
	rd := NewReader("in", strings.NewReader(src), term.NewStore())
	require.Len(t, rd.lx.buf, len(src)+1)
	rd.Continue("piece", strings.NewReader("(check-sat)"))
	require.Len(t, rd.lx.buf, len("(check-sat)")+1)
	rd = NewReader("in", iotest.HalfReader(strings.NewReader(src)), term.NewStore())
	require.Len(t, rd.lx.buf, lexBuffer)
	rd = NewReader("in", strings.NewReader(strings.Repeat(" ", 2*lexBuffer)), term.NewStore())
	require.Len(t, rd.lx.buf, lexBuffer)
	// the small buffer reads the whole script
	s, err := Parse("in", strings.NewReader(src+"(check-sat)"), term.NewStore())
	require.NoError(t, err)
	require.Len(t, s.Commands, 3)
}
