package fuzz

import (
	"fmt"
	"strings"

	"github.com/seed-f9c3434d/gospacer/term"
)

// ScriptBatch renders formulas as one SMT-LIB script that checks each on
// its own: the declarations of Script once (for all the formulas), then
// for each formula (push 1) (assert f) (check-sat) (pop 1). ExternalAll
// runs it in one solver process, answers in the order of fs; options
// (such as "(set-option :timeout 5000)") come first.
func ScriptBatch(st *term.Store, fs []*term.Term, options ...string) string {
	lines := strings.SplitAfter(Script(st, fs...), "\n")
	// Script ends with one line per assertion, (check-sat) and "".
	n := len(lines) - 2 - len(fs)
	if n < 1 || lines[len(lines)-2] != "(check-sat)\n" {
		panic("fuzz: ScriptBatch: unexpected Script layout")
	}
	var b strings.Builder
	b.WriteString(lines[0]) // set-logic
	for _, o := range options {
		b.WriteString(o + "\n")
	}
	for _, l := range lines[1:n] {
		b.WriteString(l)
	}
	for i, l := range lines[n : n+len(fs)] {
		if !strings.HasPrefix(l, "(assert ") {
			panic(fmt.Sprintf("fuzz: ScriptBatch: formula %d printed as %q", i, l))
		}
		b.WriteString("(push 1)\n")
		b.WriteString(l)
		b.WriteString("(check-sat)\n(pop 1)\n")
	}
	return b.String()
}
