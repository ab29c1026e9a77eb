package smtlib

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/term"
)

// FuzzParse checks that no input makes the reader panic, that every error
// is a positioned *Error, that Reader.Next recovers after errors, and that
// what reads without error prints and reads back to the same terms. The
// corpus in testdata/fuzz/FuzzParse holds bench files and past findings.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"(set-logic QF_LIA)(declare-fun x () Int)(assert (< 0 x 5))(check-sat)(get-value (x))",
		"(set-logic QF_LRA)(declare-const r Real)(assert (let ((a (+ r 1)) (b 2)) (> a b 1.5)))",
		"(declare-sort U 1)(define-sort S (X) (Array X (U X)))(declare-fun a () (S Int))(assert (= a a))",
		"(define-fun f ((x Int)) Bool (forall ((y Int)) (> y x)))(assert (forall ((y Int)) (f y)))",
		"(declare-fun p () Bool)(assert (! p :named n))(push 1)(assert (not n))(pop 1)(check-sat-assuming (n))",
		"(set-logic HORN)(declare-fun I (Int) Bool)(assert (forall ((x Int)) (=> (= x 0) (I x))))(check-sat)",
		"(declare-rel R (Int))(declare-var a Int)(rule (=> (= a 0) (R a)))(query R)",
		"(declare-fun a () (Array Int Int))(assert (= a ((as const (Array Int Int)) 0)))",
		"(echo \"a\"\"b\")(set-info :source |x|)(get-info :name)(exit)",
		"(assert (exists ((and Bool)) and))",
		"(declare-fun x () Int)(assert (let ((c x)) (forall ((x Int)) (> x c))))",
		"(declare-datatypes ((L 0) (T 0)) (((nil) (cons (hd Int) (tl L))) ((leaf) (node (kids L) (v T)))))(declare-const x L)(assert ((_ is cons) (tl x)))",
		"(declare-datatypes () ((L nil (cons (hd Int) (tl L)))))(assert (= 1 (match nil ((nil 0) ((cons h t) h)))))(assert (is-nil nil))",
		"(declare-datatype R ((mk (a (Array Int Bool)) (b Real))))(declare-const r R)(assert (select (a r) (to_int (b r))))",
		"(declare-datatypes ((L 1)) ((par (T) ((nil) (cons (hd T) (tl (L T)))))))(declare-const x (L (L Int)))(assert (= (hd x) (as nil (L Int))))(assert ((_ is cons) (tl x)))",
		"(declare-datatypes ((P 2) (E 0)) ((par (X Y) ((p (a X) (b (P Y X))) (q))) ((e (f (P Int E))))))(declare-const x E)(assert (= (a (b (f x))) e))",
		"(declare-const t (Tuple Int (Tuple Bool Real)))(assert (= ((_ tuple.update 0) t 1) (tuple 2 ((_ tuple.select 1) t))))(declare-const u UnitTuple)(assert (= u tuple.unit))",
		"(declare-datatypes ((A 0)) (((a (i Int)))))(declare-datatypes ((B 0)) (((b (i Bool)))))(declare-const x A)(assert (= ((_ update i) x 3) (a (i x))))",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		st := term.NewStore()
		s, err := Parse("fuzz", bytes.NewReader(data), st)
		if err != nil {
			checkError(t, err)
		} else {
			roundTrip(t, st, s)
		}
		// Reading on after errors terminates and never panics.
		rd := NewReader("fuzz", bytes.NewReader(data), term.NewStore())
		for i := 0; ; i++ {
			if i > len(data)+2 {
				t.Fatalf("Next made no progress")
			}
			_, err := rd.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				checkError(t, err)
			}
		}
	})
}

func checkError(t *testing.T, err error) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v of type %T is not an *Error", err, err)
	}
	if strings.Contains(e.Msg, "internal error") {
		t.Fatalf("panic: %v", err)
	}
}

func roundTrip(t *testing.T, st *term.Store, s *Script) {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteScript(&buf, s); err != nil {
		t.Fatal(err)
	}
	s2, err := Parse("printed", bytes.NewReader(buf.Bytes()), st)
	if err != nil {
		t.Fatalf("reading the printed script: %v\n%s", err, buf.String())
	}
	a, b := assertions(s), assertions(s2)
	if len(a) != len(b) {
		t.Fatalf("%d terms, read back %d\n%s", len(a), len(b), buf.String())
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("term %d: %v read back as %v\n%s", i, a[i], b[i], buf.String())
		}
	}
}
