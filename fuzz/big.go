package fuzz

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
	"pgregory.net/rapid"
)

// A Shape is the form of a big CHC system (see WriteBig).
type Shape uint8

// The shapes of big systems, each the shape of clauses that program
// verifiers generate by the ten thousand.
const (
	// Chain: P0(0); Pi(x) ∧ y = x+1 ⇒ Pi+1(y); the query on Pn: a long
	// straight-line program, one predicate per program point.
	Chain Shape = iota
	// Tree: a binary tree of predicates, leaves facts L(1), inner nodes
	// A(x) ∧ B(y) ∧ z = x+y ⇒ N(z), the query on the root: nonlinear
	// clauses, a program of procedure calls.
	Tree
	// FanIn: n facts P(i) into one predicate, the query P(x) ∧ x ≥ n (or
	// x = n-1): wide fan-in, many paths joining at one program point.
	FanIn
	// Program: a straight-line program over eight variables, one
	// predicate per statement, each statement an assignment of a
	// variable plus a constant to another: long linear programs with
	// many variables.
	Program
)

// Shapes lists the shapes.
var Shapes = []Shape{Chain, Tree, FanIn, Program}

func (s Shape) String() string {
	switch s {
	case Chain:
		return "chain"
	case Tree:
		return "tree"
	case FanIn:
		return "fan-in"
	case Program:
		return "program"
	}
	return fmt.Sprintf("Shape(%d)", uint8(s))
}

// programVars is the number of variables of a Program.
const programVars = 8

// WriteBig writes a HORN script of the given shape with about n clauses
// (n ≥ 1) whose answer is want: chc.Sat (the query is unreachable) or
// chc.Unsat (it is reached, by a derivation of n clause instances or, for
// FanIn, of two). Every shape is decided by the default pipeline
// (preprocessing eliminates Chain, Tree and Program entirely; FanIn needs
// an engine to find x < n).
func WriteBig(w io.Writer, shape Shape, n int, want chc.Answer) error {
	if n < 1 {
		return fmt.Errorf("fuzz: a big system of %d clauses", n)
	}
	if want != chc.Sat && want != chc.Unsat {
		return fmt.Errorf("fuzz: a big system answers sat or unsat, not %s", want)
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "(set-logic HORN)\n; %s of %d clauses, %s\n", shape, n, want)
	rel := "distinct"
	if want == chc.Unsat {
		rel = "="
	}
	switch shape {
	case Chain:
		for i := 0; i <= n; i++ {
			fmt.Fprintf(bw, "(declare-fun P%d (Int) Bool)\n", i)
		}
		fmt.Fprintln(bw, "(assert (P0 0))")
		for i := range n {
			fmt.Fprintf(bw, "(assert (forall ((x Int) (y Int)) (=> (and (P%d x) (= y (+ x 1))) (P%d y))))\n", i, i+1)
		}
		fmt.Fprintf(bw, "(assert (forall ((x Int)) (=> (and (P%d x) (%s x %d)) false)))\n", n, rel, n)
	case Tree:
		// nodes 1..m in heap order, m = n rounded down to an odd number
		// (every inner node has two children); leaves count 1 each
		m := max(1, n-(1-n%2))
		leaves := make([]int, m+1)
		for i := m; i >= 1; i-- {
			if 2*i > m {
				leaves[i] = 1
			} else {
				leaves[i] = leaves[2*i] + leaves[2*i+1]
			}
		}
		for i := 1; i <= m; i++ {
			fmt.Fprintf(bw, "(declare-fun N%d (Int) Bool)\n", i)
		}
		for i := m; i >= 1; i-- {
			if 2*i > m {
				fmt.Fprintf(bw, "(assert (N%d 1))\n", i)
				continue
			}
			fmt.Fprintf(bw, "(assert (forall ((x Int) (y Int) (z Int)) (=> (and (N%d x) (N%d y) (= z (+ x y))) (N%d z))))\n", 2*i, 2*i+1, i)
		}
		fmt.Fprintf(bw, "(assert (forall ((x Int)) (=> (and (N1 x) (%s x %d)) false)))\n", rel, leaves[1])
	case FanIn:
		fmt.Fprintln(bw, "(declare-fun P (Int) Bool)")
		for i := range n {
			fmt.Fprintf(bw, "(assert (P %d))\n", i)
		}
		if want == chc.Unsat {
			fmt.Fprintf(bw, "(assert (forall ((x Int)) (=> (and (P x) (= x %d)) false)))\n", n-1)
		} else {
			fmt.Fprintf(bw, "(assert (forall ((x Int)) (=> (and (P x) (>= x %d)) false)))\n", n)
		}
	case Program:
		vars, next := argList("v"), argList("w")
		for i := 0; i <= n; i++ {
			fmt.Fprintf(bw, "(declare-fun S%d (%s) Bool)\n", i, strings.Repeat("Int ", programVars-1)+"Int")
		}
		fmt.Fprintf(bw, "(assert (S0 %s))\n", strings.TrimSpace(strings.Repeat("0 ", programVars)))
		val := make([]int, programVars)
		for i := range n {
			// statement i: v[j] := v[k] + c, the others unchanged
			j, k, c := i%programVars, (i*5+3)%programVars, i%7-3
			var eqs []string
			for v := range programVars {
				if v == j {
					eqs = append(eqs, fmt.Sprintf("(= w%d (+ v%d %s))", v, k, intLit(c)))
				} else {
					eqs = append(eqs, fmt.Sprintf("(= w%d v%d)", v, v))
				}
			}
			val[j] = val[k] + c
			fmt.Fprintf(bw, "(assert (forall (%s %s) (=> (and (S%d %s) %s) (S%d %s))))\n",
				binders("v"), binders("w"), i, vars, strings.Join(eqs, " "), i+1, next)
		}
		fmt.Fprintf(bw, "(assert (forall (%s) (=> (and (S%d %s) (%s v0 %s)) false)))\n", binders("v"), n, vars, rel, intLit(val[0]))
	default:
		return fmt.Errorf("fuzz: no shape %d", shape)
	}
	fmt.Fprintln(bw, "(check-sat)")
	return bw.Flush()
}

// intLit is the SMT-LIB numeral of c.
func intLit(c int) string {
	if c < 0 {
		return fmt.Sprintf("(- %d)", -c)
	}
	return fmt.Sprint(c)
}

// argList is "v0 v1 ... v7" for prefix v.
func argList(prefix string) string { return eachVar(prefix + "%d") }

// binders is "(v0 Int) ... (v7 Int)" for prefix v.
func binders(prefix string) string { return eachVar("(" + prefix + "%d Int)") }

// eachVar joins format applied to each variable number of a Program.
func eachVar(format string) string {
	parts := make([]string, programVars)
	for v := range parts {
		parts[v] = fmt.Sprintf(format, v)
	}
	return strings.Join(parts, " ")
}

// Big is the system of WriteBig, read into st.
func Big(st *term.Store, shape Shape, n int, want chc.Answer) (*chc.System, error) {
	var b strings.Builder
	if err := WriteBig(&b, shape, n, want); err != nil {
		return nil, err
	}
	s, _, err := chc.Read(fmt.Sprintf("%s-%d.smt2", shape, n), strings.NewReader(b.String()), st)
	return s, err
}

// A BigCase is a drawn big system with its answer.
type BigCase struct {
	Shape Shape
	N     int
	Want  chc.Answer
	Sys   *chc.System
}

// BigSystem draws a system of WriteBig: a shape, a size in [1, maxN] and
// an answer.
func BigSystem(st *term.Store, maxN int) *rapid.Generator[BigCase] {
	return rapid.Custom(func(t *rapid.T) BigCase {
		bc := BigCase{
			Shape: Shapes[rapid.IntRange(0, len(Shapes)-1).Draw(t, "shape")],
			N:     rapid.IntRange(1, maxN).Draw(t, "n"),
			Want:  chc.Sat,
		}
		if rapid.Bool().Draw(t, "unsat") {
			bc.Want = chc.Unsat
		}
		s, err := Big(st, bc.Shape, bc.N, bc.Want)
		if err != nil {
			t.Fatalf("%v", err)
		}
		bc.Sys = s
		return bc
	})
}
