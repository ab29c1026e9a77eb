package smtlib

import (
	"bufio"
	"io"
	"strconv"
	"strings"

	"github.com/seed-f9c3434d/gospacer/term"
)

// WriteScript writes s in SMT-LIB syntax, one command per line, terms
// with term.Fprint (shared subterms named with let). Reading the output
// back into the same Store gives the same terms, pointer for pointer, for
// scripts made by Parse. Rules and queries come out as the assert and
// check-sat they stand for: the Query mark of a CheckSat is not kept.
func WriteScript(w io.Writer, s *Script) error {
	bw := bufio.NewWriter(w)
	for i := range s.Commands {
		writeCommand(bw, &s.Commands[i])
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// WriteCommand writes one command, without a newline.
func WriteCommand(w io.Writer, c *Command) error {
	bw := bufio.NewWriter(w)
	writeCommand(bw, c)
	return bw.Flush()
}

// writeCommand writes c; write errors stay in w until Flush.
func writeCommand(w *bufio.Writer, c *Command) {
	switch c.Kind {
	case SetLogic:
		w.WriteString("(set-logic " + term.QuoteSymbol(c.Name) + ")")
	case SetInfo, SetOption:
		w.WriteString("(" + c.Kind.String() + " " + c.Keyword)
		if c.Value != "" {
			w.WriteString(" " + c.Value)
		}
		w.WriteByte(')')
	case GetInfo, GetOption:
		w.WriteString("(" + c.Kind.String() + " " + c.Keyword + ")")
	case DeclareSort:
		w.WriteString("(declare-sort " + term.QuoteSymbol(c.Name) + " " + strconv.Itoa(c.N) + ")")
	case DefineSort:
		w.WriteString("(define-sort " + term.QuoteSymbol(c.Name) + " (")
		for i, p := range c.Names {
			if i > 0 {
				w.WriteByte(' ')
			}
			w.WriteString(term.QuoteSymbol(p))
		}
		w.WriteString(") " + c.Text + ")")
	case DeclareDatatypes: // Datatypes
		if c.Sort == nil { // parametric: the template
			w.WriteString(c.Text)
			break
		}
		term.FprintDatatypes(w, c.Sort.Datatype().GroupSorts())
	case DeclareFun:
		f := c.Func
		w.WriteString("(declare-fun " + f.String() + " (")
		for i, s := range f.Domain() {
			if i > 0 {
				w.WriteByte(' ')
			}
			w.WriteString(s.String())
		}
		w.WriteString(") " + f.Range().String() + ")")
	case DefineFun:
		w.WriteString("(define-fun " + term.QuoteSymbol(c.Name) + " (")
		for i, v := range c.Terms {
			if i > 0 {
				w.WriteByte(' ')
			}
			w.WriteString("(" + term.QuoteSymbol(v.Name()) + " " + v.Sort().String() + ")")
		}
		w.WriteString(") " + c.Sort.String() + " ")
		term.Fprint(w, c.Term)
		w.WriteByte(')')
	case Assert:
		w.WriteString("(assert ")
		if c.Name != "" {
			w.WriteString("(! ")
		}
		term.Fprint(w, c.Term)
		if c.Name != "" {
			w.WriteString(" :named " + term.QuoteSymbol(c.Name) + ")")
		}
		w.WriteByte(')')
	case CheckSatAssuming, GetValue:
		w.WriteString("(" + c.Kind.String() + " (")
		for i, t := range c.Terms {
			if i > 0 {
				w.WriteByte(' ')
			}
			term.Fprint(w, t)
		}
		w.WriteString("))")
	case Push, Pop:
		w.WriteString("(" + c.Kind.String() + " " + strconv.Itoa(c.N) + ")")
	case Echo:
		w.WriteString("(echo " + quoteString(c.Text) + ")")
	case GetInterpolants:
		w.WriteString("(get-interpolants " + partitionText(c, len(c.Parts)-1) + ")")
	case GetProjection:
		writeProjection(w, c) // projection.go
	case Unsupported:
		w.WriteString(c.Text)
	default:
		w.WriteString("(" + c.Kind.String() + ")")
	}
}

// partitionText is the subtree of get-interpolants' partition n in
// post-order: its first child's subtree at the same level, the others'
// subtrees in parentheses, then n itself.
func partitionText(c *Command, n int) string {
	var items []string
	first := true
	for ch, parent := range c.Parents {
		switch {
		case parent != n:
		case first:
			items = append(items, partitionText(c, ch))
			first = false
		default:
			items = append(items, "("+partitionText(c, ch)+")")
		}
	}
	names := make([]string, len(c.Parts[n]))
	for i, name := range c.Parts[n] {
		names[i] = term.QuoteSymbol(name)
	}
	if len(names) == 1 {
		items = append(items, names[0])
	} else {
		items = append(items, "(and "+strings.Join(names, " ")+")")
	}
	return strings.Join(items, " ")
}

func quoteString(s string) string {
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}
