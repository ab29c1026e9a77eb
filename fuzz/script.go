package fuzz

import (
	"fmt"
	"slices"
	"strings"

	"github.com/seed-f9c3434d/gospacer/term"
)

// Script renders assertions as an SMT-LIB script: set-logic ALL, sort and
// symbol declarations (by ID), the assertions (with let for shared
// subterms) and check-sat, for readable counterexamples. Abstract elements
// (U!val!k) are declared as constants asserted distinct. Applications of
// the division-by-zero symbols are not declarable and noted in a comment.
func Script(st *term.Store, assertions ...*term.Term) string {
	var consts, values []*term.Term
	var funcs []*term.Func
	seenC, seenV := map[*term.Term]bool{}, map[*term.Term]bool{}
	seenF := map[*term.Func]bool{}
	for _, a := range assertions {
		for u := range term.PostOrder(a) {
			switch {
			case u.Op() == term.OpConst && !seenC[u]:
				seenC[u] = true
				consts = append(consts, u)
			case u.Op() == term.OpValue && !seenV[u]:
				seenV[u] = true
				values = append(values, u)
			case u.Op() == term.OpApply && !seenF[u.Func()]:
				seenF[u.Func()] = true
				funcs = append(funcs, u.Func())
			}
		}
	}
	slices.SortFunc(consts, func(a, b *term.Term) int { return int(a.ID()) - int(b.ID()) })
	slices.SortFunc(values, func(a, b *term.Term) int {
		if c := strings.Compare(a.Sort().String(), b.Sort().String()); c != 0 {
			return c
		}
		return a.Num().Cmp(b.Num())
	})
	slices.SortFunc(funcs, func(a, b *term.Func) int { return int(a.ID()) - int(b.ID()) })

	var b strings.Builder
	b.WriteString("(set-logic ALL)\n")
	declared := map[string]bool{}
	var declare func(s *term.Sort)
	declare = func(s *term.Sort) {
		for _, p := range s.Params() {
			declare(p)
		}
		if s.IsUninterpreted() && !declared[s.Name()] {
			declared[s.Name()] = true
			fmt.Fprintf(&b, "(declare-sort %s %d)\n", s.Name(), len(s.Params()))
		}
	}
	for _, c := range consts {
		declare(c.Sort())
	}
	for _, v := range values {
		declare(v.Sort())
	}
	for _, f := range funcs {
		for _, s := range f.Domain() {
			declare(s)
		}
		declare(f.Range())
	}
	for _, g := range st.DatatypeGroups() { // Datatypes: every group of the store
		for _, d := range g {
			for _, c := range d.Datatype().Constructors() {
				for _, fs := range c.Domain() {
					declare(fs)
				}
			}
		}
		term.FprintDatatypes(&b, g)
		b.WriteByte('\n')
	}
	for _, c := range consts {
		fmt.Fprintf(&b, "(declare-fun %v () %v)\n", c, c.Sort())
	}
	for _, f := range funcs {
		if st.IsDivByZero(f) {
			fmt.Fprintf(&b, "; %v is the division-by-zero function of the model\n", f)
			continue
		}
		dom := make([]string, len(f.Domain()))
		for i, s := range f.Domain() {
			dom[i] = s.String()
		}
		fmt.Fprintf(&b, "(declare-fun %v (%s) %v)\n", f, strings.Join(dom, " "), f.Range())
	}
	for i := 0; i < len(values); {
		j := i
		for j < len(values) && values[j].Sort() == values[i].Sort() {
			fmt.Fprintf(&b, "(declare-fun %v () %v)\n", values[j], values[j].Sort())
			j++
		}
		if j-i > 1 {
			fmt.Fprintf(&b, "(assert (distinct")
			for _, v := range values[i:j] {
				fmt.Fprintf(&b, " %v", v)
			}
			b.WriteString("))\n")
		}
		i = j
	}
	for _, a := range assertions {
		b.WriteString("(assert ")
		b.WriteString(term.Sprint(a))
		b.WriteString(")\n")
	}
	b.WriteString("(check-sat)\n")
	return b.String()
}
