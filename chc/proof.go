package chc

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// WriteProof prints the derivation below root as one s-expression, the
// answer to (get-proof) after unsat: a step per node from the facts to the
// query, each with its head instance, the index of its clause in s, where
// the clause was read, and the steps that derive its body atoms:
//
//	(proof
//	  (step 0 (Inv 0 0) :clause 0 :origin "counter.smt2:3:1")
//	  (step 1 (Inv 1 2) :clause 1 :origin "counter.smt2:4:1" :from (0))
//	  (step 2 false :clause 2 :origin "counter.smt2:5:1" :from (1)))
//
// It is the derivation WriteDerivation prints, in a form a program reads.
func WriteProof(w io.Writer, s *System, root *Node) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("(proof")
	err := walkDerivation(s, root, func(st derivationStep) {
		fmt.Fprintf(bw, "\n  (step %d %s :clause %d", st.line, st.head, st.clause)
		if o := st.node.Clause.Origin; o != "" {
			bw.WriteString(" :origin " + quoteString(o))
		}
		if len(st.children) > 0 {
			lines := make([]string, len(st.children))
			for i, ch := range st.children {
				lines[i] = strconv.Itoa(ch)
			}
			bw.WriteString(" :from (" + strings.Join(lines, " ") + ")")
		}
		bw.WriteString(")")
	})
	if err != nil {
		return err
	}
	bw.WriteString(")\n")
	return bw.Flush()
}

// quoteString is s as an SMT-LIB string literal.
func quoteString(s string) string {
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}
