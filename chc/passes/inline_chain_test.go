package passes_test

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/passes"
	"github.com/seed-f9c3434d/gospacer/term"
	"pgregory.net/rapid"
)

// TestPropInlineRelaxedChains: a chain of predicates c0 → … → cn-1 over
// three arguments, each within brute's range (lo, hi), read in the relaxed form as the command line reads
// Solidity's (an argument passed on unchanged is one variable of the body
// atom and the head), declared in any order (so that merges take a
// defining clause that merges made, or a using clause, or both), whose
// steps update an argument, pass one on, give one a value or bound it
// by a local variable, and sometimes have two defining clauses (a
// branch) or a query that uses the last predicate twice: Inline keeps
// the answer (by brute force), and the brute-force witness of its output
// translates back to a witness of the input (models clause by clause,
// derivations node by node through the merges of the chain).
func TestPropInlineRelaxedChains(t *testing.T) {
	shared, shuffled, removed, branched := 0, 0, 0, 0
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(2, 5).Draw(t, "chain")
		order := rapid.Permutation(seq(n)).Draw(t, "declarations")
		var b strings.Builder
		b.WriteString("(set-logic HORN)\n")
		for _, i := range order {
			b.WriteString("(declare-fun c" + strconv.Itoa(i) + " (Int Int Int) Bool)\n")
		}
		b.WriteString("(assert (forall ((a Int) (b Int) (e Int)) (=> (and (= a " + strconv.Itoa(rapid.IntRange(0, 1).Draw(t, "a0")) + ") (<= 0 b 1) (<= 0 e 2)) (c0 a b e))))\n")
		branch := false
		for i := 1; i < n; i++ {
			prev, cur := "c"+strconv.Itoa(i-1), "c"+strconv.Itoa(i)
			steps := 1
			if rapid.IntRange(0, 3).Draw(t, "branch") == 0 {
				steps, branch = 2, true
			}
			for range steps {
				// a: updated; b: passed on unchanged (one variable in
				// the relaxed form) or changed; e: a value, passed on,
				// or bounded by a local variable z
				var parts []string
				parts = append(parts, "(= a2 (+ a "+strconv.Itoa(rapid.IntRange(0, 1).Draw(t, "step"))+"))", "(<= a2 2)")
				b2 := "b"
				if rapid.Bool().Draw(t, "b changes") {
					b2 = "b2"
					parts = append(parts, "(= b2 (- 2 b))")
				}
				e2 := "e2"
				switch rapid.IntRange(0, 3).Draw(t, "e") {
				case 0:
					parts = append(parts, "(= e2 "+strconv.Itoa(rapid.IntRange(0, 2).Draw(t, "value"))+")")
				case 1:
					e2 = "e"
				case 2:
					parts = append(parts, "(<= 0 z e)", "(= e2 z)")
				default:
					parts = append(parts, "(= e2 (+ e a))", "(<= e2 2)")
				}
				b.WriteString("(assert (forall ((a Int) (b Int) (e Int) (a2 Int) (b2 Int) (e2 Int) (z Int)) (=> (and (" + prev + " a b e) " + strings.Join(parts, " ") + ") (" + cur + " a2 " + b2 + " " + e2 + "))))\n")
			}
		}
		last, bound := "c"+strconv.Itoa(n-1), strconv.Itoa(rapid.IntRange(0, 4).Draw(t, "bound"))
		if rapid.IntRange(0, 3).Draw(t, "twice") == 0 {
			b.WriteString("(assert (forall ((a Int) (b Int) (e Int) (x Int) (y Int) (w Int)) (=> (and (" + last + " a b e) (" + last + " x y w) (> (+ a x) " + bound + ")) false)))\n")
		} else {
			b.WriteString("(assert (forall ((a Int) (b Int) (e Int)) (=> (and (" + last + " a b e) (> (+ a b e) " + bound + ")) false)))\n")
		}
		s, _, err := chc.ReadRelaxed(context.Background(), "chain", strings.NewReader(b.String()), term.NewStore())
		if err != nil {
			t.Fatal(err)
		}
		r0 := brute(t, s)
		out, tr, err := passes.Inline{}.Apply(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		r1 := brute(t, out)
		if r0.Answer != r1.Answer {
			t.Fatalf("answer %v, after Inline %v\n%v\n%v", r0.Answer, r1.Answer, s, out)
		}
		translatedWitness(t, s, tr, r1)
		if hasSharedArg(s) {
			shared++
		}
		if !slices.IsSorted(order) {
			shuffled++
		}
		if len(out.Preds) < len(s.Preds) {
			removed++
		}
		if branch {
			branched++
		}
	})
	t.Logf("relaxed inputs with a shared argument %d, declared out of order %d, inlined %d, with a branch %d", shared, shuffled, removed, branched)
	if shared == 0 || shuffled == 0 || removed == 0 || branched == 0 {
		t.Fatal("a kind of input never drawn: the test checks less than it says")
	}
}

// hasSharedArg reports whether a clause of s has a variable that is an
// argument of two of its atoms (the relaxed form's shared arguments).
func hasSharedArg(s *chc.System) bool {
	for _, c := range s.Clauses {
		seen := map[*term.Term]bool{}
		atoms := slices.Clone(c.Body)
		if c.Head != nil {
			atoms = append(atoms, *c.Head)
		}
		for _, a := range atoms {
			for _, x := range a.Args {
				if seen[x] {
					return true
				}
			}
			for _, x := range a.Args {
				seen[x] = true
			}
		}
	}
	return false
}
