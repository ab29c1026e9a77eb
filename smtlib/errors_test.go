package smtlib

import (
	"errors"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// decls is a prelude for the error cases; it has 2 lines.
const decls = "(declare-fun x () Int) (declare-fun p () Bool) (declare-fun r () Real)\n" +
	"(declare-fun f (Int) Int) (declare-fun a () (Array Int Int))\n"

// TestErrors checks the position and message of errors on malformed
// input. Positions are line:col; a case whose input starts with decls has
// its error on line 3 or later.
func TestErrors(t *testing.T) {
	for _, c := range []struct {
		name, in, want string // want: "line:col: message substring"
	}{
		// Lexical errors.
		{"unclosed paren", "(assert\n  (and true", "2:3: unclosed parenthesis"},
		{"unclosed command", "(check-sat", "1:1: unclosed parenthesis"},
		{"extra close paren", "(check-sat))", "1:12: unexpected ): no command is open"},
		{"close paren first", ")", "1:1: unexpected ): no command is open"},
		{"numeral with dot", decls + "(assert (= r 1.))", "3:14: invalid decimal 1.: digits must follow the point"},
		{"decimal without integer part", decls + "(assert (= r .5))", "3:14: unknown symbol .5 (write decimals with a leading digit: 0.5)"},
		{"numeral with letters", decls + "(assert (= x 12abc))", "3:14: invalid numeral 12abc"},
		{"leading zeros", decls + "(assert (= x 00x))", "3:14: invalid numeral 00x: leading zero"},
		{"leading zero", decls + "(assert (= x 007))", "3:14: invalid numeral 007: leading zero"},
		{"negative literal", decls + "(assert (= x -5))", "3:14: unknown symbol -5 (write negative numbers as (- 5))"},
		{"hex literal", decls + "(assert (= x #x0F))", "3:14: bit-vector literals are not supported (#x0F)"},
		{"binary literal", decls + "(assert (= x #b101))", "3:14: bit-vector literals are not supported (#b101)"},
		{"bad binary literal", decls + "(assert (= x #b102))", "3:14: invalid literal #b102"},
		{"hash", "(assert #t)", "1:9: unexpected character '#'"},
		{"unterminated string", "(echo \"abc)\n(check-sat)", "1:7: unterminated string literal"},
		{"unterminated quoted symbol", "(declare-fun |abc () Int)", "1:14: unterminated quoted symbol"},
		{"non-ascii", "(declare-fun x\u00e9 () Int)", "1:15: unexpected character 'é'"},
		{"comma", "(declare-fun x, () Int)", "1:15: unexpected character ','"},
		{"empty keyword", "(set-info : 1)", "1:11: empty keyword"},

		// Commands.
		{"unknown command", "(check-sat)\n(frobnicate 1)", "2:2: unknown command frobnicate"},
		{"no command name", "((check-sat))", "1:2: unexpected (, expected a command name"},
		{"atom at top level", "check-sat", "1:1: unexpected symbol check-sat, expected ( to start a command"},
		{"command arguments", "(check-sat 1)", "1:12: unexpected numeral 1, expected ) to end check-sat"},
		{"assert two terms", decls + "(assert p p)", "3:11: unexpected symbol p, expected ) to end assert"},
		{"missing term", "(assert)", "1:8: unexpected ), expected a term"},
		{"set-logic twice", "(set-logic QF_LIA)\n(set-logic QF_LRA)", "2:1: the logic is already set to QF_LIA"},
		{"echo without string", "(echo hello)", "1:7: unexpected symbol hello, expected a string literal"},
		{"pop below zero", "(push 1)\n(pop 2)", "2:6: pop 2: only 1 levels pushed"},
		{"pop at level zero", "(pop)", "1:1: pop 1: only 0 levels pushed"},
		{"get-value before any symbol", "(get-value (x))", "1:13: unknown symbol x"},
		{"get-value of nothing", "(get-value ())", "1:13: get-value: expected at least one term"},
		{"datatypes", "(declare-datatypes ((L 0)) (((nil))))", "1:1: datatypes are not supported"},
		{"define-fun-rec", "(define-fun-rec f ((x Int)) Int x)", "1:1: recursive definitions (define-fun-rec) are not supported"},
		{"set-info without keyword", "(set-info status sat)", "1:11: unexpected symbol status, expected a keyword"},

		// Declarations and scopes.
		{"duplicate declaration", "(declare-fun x () Int)\n(declare-const x Real)", "2:16: x is already declared"},
		{"duplicate across push", "(declare-fun x () Int)\n(push 1)\n(declare-fun x () Int)", "3:14: x is already declared"},
		{"declaration popped", "(push 1)\n(declare-fun x () Int)\n(pop 1)\n(assert (= x 0))", "4:12: unknown symbol x"},
		{"built-in redeclared", "(declare-fun and () Bool)", "1:14: cannot declare and: it is a built-in symbol"},
		{"duplicate sort", "(declare-sort U 0)\n(declare-sort U 0)", "2:15: sort U is already declared"},
		{"built-in sort redeclared", "(declare-sort Int 0)", "1:15: cannot declare sort Int: it is a built-in sort"},
		{"undefined sort", "(declare-fun x () Foo)", "1:19: unknown sort Foo"},
		{"string sort", "(declare-fun s () String)", "1:19: unknown sort String (only Bool, Int, Real, arrays and declared sorts are supported)"},
		{"bit-vector sort", "(declare-fun b () (_ BitVec 8))", "1:19: indexed sorts (_ ...) are not supported"},
		{"sort arity", "(declare-sort S 1)\n(declare-fun x () S)", "2:19: sort S expects 1 arguments"},
		{"sort too many arguments", "(declare-fun x () (Int Int))", "1:19: sort Int takes no arguments"},
		{"array arity", "(declare-fun x () (Array Int))", "1:19: sort Array expects 2 arguments, got 1"},
		{"define-sort parameter repeated", "(define-sort S (X X) X)", "1:19: define-sort: parameter X is repeated"},
		{"define-sort unknown body", "(define-sort S (X) (Array X Y))", "1:29: unknown sort Y"},
		{"reserved word as name", "(declare-fun let () Int)", "1:14: let is a reserved word, expected a function name"},
		{"declare-var outside rule", "(declare-var v Int)\n(assert (> v 0))", "2:9: assert: v is a variable of declare-var: it may occur only in rule and query"},

		// Sorts and arity of terms.
		{"unknown symbol", decls + "(assert (= y 1))", "3:12: unknown symbol y"},
		{"unknown function", decls + "(assert (g x))", "3:10: unknown symbol g"},
		{"sort error", decls + "(assert (and p x))", "3:9: and: argument 2 has sort Int, expected Bool"},
		{"nested sort error", decls + "(assert (or p\n  (< x p)))", "4:3: <: argument 2 has sort Bool, expected Int or Real"},
		{"wrong arity", decls + "(assert (= (f x x) 1))", "3:12: f: expected 1 arguments, got 2"},
		{"wrong arity of not", decls + "(assert (not p p))", "3:9: not: expected 1 arguments, got 2"},
		{"function without arguments", decls + "(assert (= f 1))", "3:12: f expects 1 arguments"},
		{"constant applied", decls + "(assert (x 1))", "3:10: cannot apply x: it is a term of sort Int, not a function"},
		{"infix slip", decls + "(assert (x = 1))", "3:10: cannot apply x: it is a term of sort Int, not a function"},
		{"operator alone", decls + "(assert and)", "3:9: and needs arguments"},
		{"assert non-Bool", decls + "(assert (+ x 1))", "3:9: assert: term has sort Int, expected Bool"},
		{"ite condition", decls + "(assert (= x (ite x 1 2)))", "3:14: ite: condition has sort Int, expected Bool"},
		{"select non-array", decls + "(assert (= (select x 0) 0))", "3:12: select: first argument has sort Int, expected an array"},
		{"mod of reals", decls + "(assert (= (mod r 2) 0))", "3:12: mod: argument 1 has sort Real, expected Int"},
		{"empty application", decls + "(assert ())", "3:9: empty application ()"},
		{"compound head", decls + "(assert ((f x) 1))", "3:11: unexpected symbol f, expected as or _"},
		{"indexed identifier", decls + "(assert (= x ((_ extract 1 0) x)))", "3:15: indexed identifiers (_ ...) are not supported"},
		{"string term", decls + "(assert (= x \"a\"))", "3:14: string terms are not supported"},
		{"as wrong sort", decls + "(assert (= (as x Real) r))", "3:12: as: x has sort Int, not Real"},
		{"as const of non-array", decls + "(assert (= ((as const Int) 0) x))", "3:17: unknown symbol const"},
		{"as const without value", decls + "(assert (= (as const (Array Int Int)) a))", "3:12: (as const (Array Int Int)) needs a value"},
		{"const array value sort", decls + "(assert (= ((as const (Array Int Int)) p) a))", "3:12: const: argument has sort Bool, expected Int"},

		// let, quantifiers, annotations.
		{"duplicate let name", decls + "(assert (let ((y 1) (y 2)) (= x y)))", "3:22: let: y is bound twice"},
		{"parallel let", decls + "(assert (let ((y 1) (z y)) (= x z)))", "3:24: unknown symbol y"},
		{"let name outside body", decls + "(assert (and (let ((y p)) y) y))", "3:30: unknown symbol y"},
		{"empty let", decls + "(assert (let () p))", "3:15: let: expected at least one binding"},
		{"let binding not a list", decls + "(assert (let (y 1) p))", "3:15: unexpected symbol y, expected ( to start a let binding"},
		{"let reserved name", decls + "(assert (let ((forall 1)) p))", "3:16: forall is a reserved word, expected a variable name"},
		{"quantifier body not Bool", decls + "(assert (forall ((y Int)) (+ y 1)))", "3:9: forall: body has sort Int, expected Bool"},
		{"quantifier without variables", decls + "(assert (exists () p))", "3:9: exists: expected at least one bound variable"},
		{"quantifier variable twice", decls + "(assert (forall ((y Int) (y Int)) p))", "3:27: forall: y is bound twice"},
		{"bound variable out of scope", decls + "(assert (and (forall ((y Int)) (> y 0)) (> y 0)))", "3:44: unknown symbol y"},
		{"named twice", decls + "(assert (! p :named n))\n(assert (! p :named n))", "4:21: n is already declared"},
		{"named bound term", decls + "(assert (forall ((y Int)) (! (> y 0) :named n)))", "3:45: :named n: the term contains the bound variable y"},
		{"named without name", decls + "(assert (! p :named))", "3:20: unexpected ), expected a name after :named"},
		{"match", decls + "(assert (match x ((y p))))", "3:10: match is not supported"},

		// define-fun.
		{"define-fun body sort", "(define-fun f ((y Int)) Bool (+ y 1))", "1:30: define-fun f: body has sort Int, expected Bool"},
		{"define-fun recursive", "(define-fun f ((y Int)) Int (f y))", "1:30: unknown symbol f"},
		{"define-fun parameter twice", "(define-fun f ((y Int) (y Int)) Int y)", "1:25: define-fun: y is bound twice"},
		{"define-fun argument sort", "(define-fun f ((y Int)) Int y)\n(assert (= (f true) 0))", "2:12: f: argument 1 has sort Bool, expected Int"},
		{"define-fun arity", "(define-fun f ((y Int)) Int y)\n(assert (= (f 1 2) 0))", "2:12: f: expected 1 arguments, got 2"},
		{"define-fun parameter escapes", "(define-fun f ((y Int)) Int y)\n(assert (= y 0))", "2:12: unknown symbol y"},

		// Fixedpoint format.
		{"rule not Bool", "(declare-var v Int)\n(rule (+ v 1))", "2:7: rule: term has sort Int, expected Bool"},
		{"query not Bool", "(declare-var v Int)\n(query v)", "2:8: query: term has sort Int, expected Bool"},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := term.NewStore()
			_, err := Parse("in.smt2", strings.NewReader(c.in), st)
			require.Error(t, err)
			var e *Error
			require.True(t, errors.As(err, &e), "%T is not an *Error", err)
			require.Equal(t, "in.smt2", e.Pos.File)
			got := e.Error()
			lc := strings.SplitN(c.want, ": ", 2)
			require.True(t, strings.HasPrefix(got, "in.smt2:"+lc[0]+": "), "want position %s, got %s", lc[0], got)
			require.Contains(t, got, lc[1])
		})
	}
}
