package smtlib

import (
	"fmt"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/term"
	"pgregory.net/rapid"
)

// TestPropSortMemo checks that the memo of sort texts changes nothing:
// scripts whose sorts are written over the built-in sort symbols (well
// formed or not, some texts repeated, some split by a line break that
// the memo does not cover, some shadowed by a pushed define-sort of a
// name they use) read to the same commands, sorts and errors with the
// memo on and off.
func TestPropSortMemo(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		var sorts []string
		for range rapid.IntRange(1, 4).Draw(rt, "sorts") {
			sorts = append(sorts, drawSortText(rt, 3))
		}
		var b strings.Builder
		for i := range rapid.IntRange(1, 12).Draw(rt, "commands") {
			s := sorts[rapid.IntRange(0, len(sorts)-1).Draw(rt, "sort")]
			switch rapid.IntRange(0, 5).Draw(rt, "command") {
			case 0:
				fmt.Fprintf(&b, "(declare-fun f%d (%s Int) Bool)\n", i, s)
			case 1:
				fmt.Fprintf(&b, "(assert (forall ((x %s) (y  %s)) (= x y)))\n", s, s)
			case 2:
				fmt.Fprintf(&b, "(declare-const c%d %s)\n", i, strings.Replace(s, " ", "\n ", 1))
			case 3:
				b.WriteString("(push 1)(define-sort Arr (X) (Array X X))(declare-sort Bol 0)\n")
			case 4:
				b.WriteString("(pop 1)\n")
			case 5:
				fmt.Fprintf(&b, "(declare-fun g%d () %s)\n", i, s)
			}
		}
		src := b.String()
		on := readAll(src)
		noSortMemo = true
		off := readAll(src)
		noSortMemo = false
		if on != off {
			rt.Fatalf("memo on:\n%s\nmemo off:\n%s\ninput:\n%s", on, off, src)
		}
	})
}

// drawSortText draws the text of a sort over Bool, Int, Real and Array
// (with some misspelt symbols and wrong arities), nested at most depth.
func drawSortText(rt *rapid.T, depth int) string {
	if depth == 0 || rapid.IntRange(0, 2).Draw(rt, "leaf") == 0 {
		return rapid.SampledFrom([]string{"Int", "Int", "Bool", "Real", "Arr", "Bol", "Array", "(Int)", "x"}).Draw(rt, "symbol")
	}
	head := rapid.SampledFrom([]string{"Array", "Array", "Array", "Arr", "Int"}).Draw(rt, "head")
	n := rapid.IntRange(1, 3).Draw(rt, "args")
	if rapid.IntRange(0, 3).Draw(rt, "arity") > 0 {
		n = 2
	}
	parts := []string{head}
	for range n {
		parts = append(parts, drawSortText(rt, depth-1))
	}
	return "(" + strings.Join(parts, rapid.SampledFrom([]string{" ", " ", "  "}).Draw(rt, "space")) + ")"
}

// readAll is every command read from src and every error, recovering
// after errors, one a line.
func readAll(src string) string {
	st := term.NewStore()
	rd := NewReader("memo", strings.NewReader(src), st)
	var b strings.Builder
	for i := 0; i < 100; i++ {
		c, err := rd.Next()
		if err != nil {
			fmt.Fprintln(&b, err)
			if rd.done || rd.Broken() {
				break
			}
			continue
		}
		fmt.Fprintf(&b, "%v %s", c.Kind, c.Name)
		if c.Func != nil {
			fmt.Fprintf(&b, " %v -> %v", c.Func.Domain(), c.Func.Range())
		}
		if c.Term != nil {
			fmt.Fprintf(&b, " %s", term.Sprint(c.Term))
		}
		fmt.Fprintln(&b)
	}
	return b.String()
}
