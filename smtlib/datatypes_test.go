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
		{"tester", list + "(assert ((_ is cons) x))", []string{"((_ is cons) x)"}},
		{"z3 tester", list + "(assert (is-nil x))", []string{"((_ is nil) x)"}},
		{"as", list + "(assert (= x (as nil List)))", []string{"(= x nil)"}},
		{"match", list + "(assert (= 1 (match x ((nil 0) ((cons h t) (+ h (head t)))))))",
			[]string{"(= 1 (ite ((_ is nil) x) 0 (+ (head x) (head (tail x)))))"}},
		{"match with a variable", list + "(assert (= x (match x (((cons h t) t) (y y)))))",
			[]string{"(= x (ite ((_ is cons) x) (tail x) x))"}},
		{"declare-datatype", "(declare-datatype Color ((red) (green) (blue)))\n(declare-const c Color)(assert (distinct c red green))",
			[]string{"(distinct c red green)"}},
		{"mutual recursion", "(declare-datatypes ((Tree 0) (Forest 0)) (((leaf) (node (val Int) (kids Forest))) ((fnil) (fcons (first Tree) (rest Forest)))))\n" +
			"(declare-const t Tree)(assert (= (kids t) (fcons leaf fnil)))",
			[]string{"(= (kids t) (fcons leaf fnil))"}},
		{"z3's older form", "(declare-datatypes () ((Tree leaf (node (val Int) (kids Forest))) (Forest fnil (fcons (first Tree) (rest Forest)))))\n" +
			"(declare-const t Tree)(assert ((_ is node) t))",
			[]string{"((_ is node) t)"}},
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
