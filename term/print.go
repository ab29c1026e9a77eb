package term

import (
	"io"
	"sort"
	"strconv"
	"strings"
)

// String prints t in SMT-LIB syntax as a tree (shared subterms repeated).
// Use Fprint for large terms.
func (t *Term) String() string {
	var b strings.Builder
	p := printer{w: &b}
	p.term(t)
	return b.String()
}

// Fprint writes t in SMT-LIB syntax, naming subterms that occur more than
// once with let, so the output is linear in the size of the DAG. Reading
// the output back gives the same hash-consed term provided no quantifier
// binds a variable already bound around it and no constant shares a name
// with a bound variable in whose scope it occurs (terms read by smtlib
// satisfy both: the reader renames such variables).
func Fprint(w io.Writer, t *Term) error {
	var b strings.Builder
	p := printer{w: &b, share: true}
	p.names = symbolNames(t)
	p.scope(t)
	_, err := io.WriteString(w, b.String())
	return err
}

// Sprint is Fprint to a string.
func Sprint(t *Term) string {
	var b strings.Builder
	Fprint(&b, t)
	return b.String()
}

type printer struct {
	w     *strings.Builder
	share bool
	bound map[*Term]string // let names in scope
	names map[string]bool  // symbols occurring in the printed term
	next  int
}

// scope prints t with its own let bindings: quantifier bodies are scopes.
func (p *printer) scope(t *Term) {
	refs := map[*Term]int{}
	var order []*Term // post-order of non-leaf nodes
	var count func(t *Term)
	count = func(t *Term) {
		refs[t]++
		if refs[t] > 1 || t.op.IsLeaf() {
			return
		}
		if !t.op.IsQuantifier() {
			for _, a := range t.args {
				count(a)
			}
		}
		order = append(order, t)
	}
	count(t)
	level := map[*Term]int{}
	var shared []*Term
	for _, u := range order {
		l := 0
		if !u.op.IsQuantifier() {
			for _, a := range u.args {
				if level[a] > l {
					l = level[a]
				}
			}
		}
		if refs[u] > 1 && u != t && !trivial(u) {
			l++
			shared = append(shared, u)
		}
		level[u] = l
	}
	if len(shared) == 0 {
		p.term(t)
		return
	}
	sort.SliceStable(shared, func(i, j int) bool { return level[shared[i]] < level[shared[j]] })
	saved := p.bound
	p.bound = make(map[*Term]string, len(saved)+len(shared))
	for k, v := range saved {
		p.bound[k] = v
	}
	opened := 0
	for i := 0; i < len(shared); {
		j := i
		for j < len(shared) && level[shared[j]] == level[shared[i]] {
			j++
		}
		p.w.WriteString("(let (")
		opened++
		group := shared[i:j]
		names := make([]string, len(group))
		for k, u := range group {
			if k > 0 {
				p.w.WriteByte(' ')
			}
			names[k] = p.fresh()
			p.w.WriteString("(" + names[k] + " ")
			p.term(u)
			p.w.WriteByte(')')
		}
		p.w.WriteString(") ")
		// Names become visible after the whole group: let is parallel.
		for k, u := range group {
			p.bound[u] = names[k]
		}
		i = j
	}
	p.term(t)
	for ; opened > 0; opened-- {
		p.w.WriteByte(')')
	}
	p.bound = saved
}

// trivial terms are not worth a let name.
func trivial(t *Term) bool {
	return t.op.IsLeaf() || (t.op == OpNeg && t.args[0].op.IsLeaf()) ||
		t.op == OpCons && len(t.args) == 0 // Datatypes: a nullary constructor
}

func (p *printer) fresh() string {
	for {
		p.next++
		name := "?a" + strconv.Itoa(p.next)
		if !p.names[name] {
			return name
		}
	}
}

// symbolNames collects the names of the symbols in t.
func symbolNames(t *Term) map[string]bool {
	names := map[string]bool{}
	seen := map[*Term]bool{}
	var walk func(t *Term)
	walk = func(t *Term) {
		if seen[t] {
			return
		}
		seen[t] = true
		if t.fn != nil {
			names[t.fn.name] = true
		}
		for _, a := range t.args {
			walk(a)
		}
	}
	walk(t)
	return names
}

func (p *printer) term(t *Term) {
	if name, ok := p.bound[t]; ok {
		p.w.WriteString(name)
		return
	}
	w := p.w
	switch t.op {
	case OpTrue, OpFalse:
		w.WriteString(t.op.String())
		return
	case OpNum:
		writeNum(w, t)
		return
	case OpConst, OpBound:
		w.WriteString(QuoteSymbol(t.fn.name))
		return
	case OpValue:
		w.WriteString(QuoteSymbol(t.sort.name + "!val!" + t.Num().String()))
		return
	// Bit-vectors
	case OpBVNum:
		writeBVNum(w, t)
		return
	case OpExtract, OpZeroExtend, OpSignExtend, OpRotateLeft, OpRotateRight, OpRepeat, OpInt2BV:
		w.WriteString("(")
		writeIndexed(w, t)
	case OpApply:
		w.WriteByte('(')
		w.WriteString(QuoteSymbol(t.fn.name))
	case OpCons, OpSel, OpTest: // Datatypes
		if p.headADT(t) {
			return
		}
	case OpConstArray:
		w.WriteString("((as const ")
		w.WriteString(t.sort.String())
		w.WriteByte(')')
	case OpForall, OpExists:
		w.WriteByte('(')
		w.WriteString(t.op.String())
		w.WriteString(" (")
		n := len(t.args) - 1
		for i, v := range t.args[:n] {
			if i > 0 {
				w.WriteByte(' ')
			}
			w.WriteString("(" + QuoteSymbol(v.fn.name) + " " + v.sort.String() + ")")
		}
		w.WriteString(") ")
		if p.share {
			// The body is a scope of its own: its lets may use the
			// variables bound here. Outer let names stay visible.
			p.scope(t.args[n])
		} else {
			p.term(t.args[n])
		}
		w.WriteByte(')')
		return
	default:
		w.WriteByte('(')
		w.WriteString(t.op.String())
	}
	for _, a := range t.args {
		w.WriteByte(' ')
		p.term(a)
	}
	w.WriteByte(')')
}

func writeNum(w *strings.Builder, t *Term) {
	v := t.Num()
	neg := v.Sign() < 0
	if neg {
		w.WriteString("(- ")
		v = v.Neg()
	}
	switch {
	case t.sort.IsInt():
		w.WriteString(v.String())
	case v.IsInt():
		w.WriteString(v.String())
		w.WriteString(".0")
	default:
		if d, ok := v.DecimalString(); ok {
			w.WriteString(d)
		} else {
			w.WriteString("(/ " + v.Num().String() + " " + v.Den().String() + ")")
		}
	}
	if neg {
		w.WriteByte(')')
	}
}

var reserved = map[string]bool{
	"BINARY": true, "DECIMAL": true, "HEXADECIMAL": true, "NUMERAL": true, "STRING": true,
	"_": true, "!": true, "as": true, "let": true, "exists": true, "forall": true, "match": true, "par": true,
}

// QuoteSymbol returns name as an SMT-LIB symbol, with |...| when needed
// (reserved words, a leading digit, characters outside simple symbols).
func QuoteSymbol(name string) string {
	if name == "" || reserved[name] || (name[0] >= '0' && name[0] <= '9') {
		return "|" + name + "|"
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("~!@$%^&*_-+=<>.?/", c) >= 0) {
			return "|" + name + "|"
		}
	}
	return name
}

// GoString is String, so that %#v (used by rapid and testify to show
// values) prints SMT-LIB.
func (t *Term) GoString() string { return t.String() }

// GoString is String.
func (s *Sort) GoString() string { return s.String() }
