package smtlib

import (
	"fmt"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestHygiene generates Boolean scripts whose names collide on purpose
// (lets, quantifiers and define-fun parameters over a few names that are
// also constants) and checks that every assertion means what the text
// says: a reference interpreter of the text and an evaluator of the built
// term agree under every assignment of the constants. It also checks that
// the scripts print and read back to the same terms.
func TestHygiene(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		g := &gen{t: rt}
		text := g.script()
		st := term.NewStore()
		s, err := Parse("gen.smt2", strings.NewReader(text), st)
		if err != nil {
			rt.Fatalf("%v\n%s", err, text)
		}
		var asserts []*term.Term
		for _, c := range s.Commands {
			if c.Kind == Assert {
				asserts = append(asserts, c.Term)
			}
		}
		require.Len(rt, asserts, len(g.asserts))
		for m := 0; m < 1<<len(constants); m++ {
			model := map[string]bool{}
			for i, c := range constants {
				model[c] = m>>i&1 == 1
			}
			g.values = map[string]bool{}
			for i, n := range g.asserts {
				want := g.eval(n, model, nil)
				got := evalBool(rt, asserts[i], model, map[*term.Term]bool{})
				if want != got {
					rt.Fatalf("assertion %d under %v: text gives %v, term %v gives %v\n%s", i, model, want, asserts[i], got, text)
				}
			}
		}
		var buf strings.Builder
		require.NoError(rt, WriteScript(&buf, s))
		s2, err := Parse("printed", strings.NewReader(buf.String()), st)
		if err != nil {
			rt.Fatalf("%v\n%s\nprinted:\n%s", err, text, buf.String())
		}
		for i, c := range s2.Commands {
			if c.Kind == Assert && c.Term != s.Commands[i].Term {
				rt.Fatalf("round trip: %v\nread back as %v\n%s\nprinted:\n%s", s.Commands[i].Term, c.Term, text, buf.String())
			}
		}
	})
}

var (
	constants = []string{"a", "b"}
	binders   = []string{"x", "y", "a", "b"} // a and b are constants too
)

// A node is a generated Boolean term.
type node struct {
	op    string // "var", "true", "false", an operator, "let", "forall", "exists", "call", "named"
	name  string // var, call, named
	kids  []*node
	binds []string // let, forall, exists
}

type macro struct {
	params []string
	body   *node
}

type gen struct {
	t       *rapid.T
	macros  map[string]*macro
	mnames  []string
	values  map[string]bool // of the :named terms, under the model being checked
	nnames  []string        // usable :named names
	pending []string        // :named in the assertion being generated
	asserts []*node
	b       strings.Builder
}

func (g *gen) script() string {
	g.macros = map[string]*macro{}
	for _, c := range constants {
		g.b.WriteString("(declare-const " + c + " Bool)\n")
	}
	n := rapid.IntRange(1, 6).Draw(g.t, "commands")
	for i := 0; i < n; i++ {
		switch rapid.IntRange(0, 3).Draw(g.t, "command") {
		case 0: // a macro
			name := fmt.Sprintf("m%d", len(g.mnames))
			k := rapid.IntRange(1, 2).Draw(g.t, "arity")
			params := rapid.SliceOfNDistinct(rapid.SampledFrom(binders), k, k, rapid.ID[string]).Draw(g.t, "params")
			body := g.term(3, params, true, false)
			g.macros[name] = &macro{params, body}
			g.mnames = append(g.mnames, name)
			g.b.WriteString("(define-fun " + name + " (")
			for _, p := range params {
				g.b.WriteString("(" + p + " Bool)")
			}
			g.b.WriteString(") Bool " + g.render(body) + ")\n")
		default:
			n := g.term(4, nil, false, true)
			g.asserts = append(g.asserts, n)
			g.b.WriteString("(assert " + g.render(n) + ")\n")
			g.nnames = append(g.nnames, g.pending...)
			g.pending = g.pending[:0]
		}
	}
	return g.b.String()
}

// term generates a term over the names in scope. inMacro: parameters are
// in scope (so :named is not allowed); mayName: no variable is bound.
func (g *gen) term(depth int, scope []string, inMacro, mayName bool) *node {
	leaf := depth == 0 || rapid.IntRange(0, 3).Draw(g.t, "leaf") == 0
	if leaf {
		names := append(append([]string(nil), constants...), scope...)
		names = append(names, g.nnames...)
		switch k := rapid.IntRange(0, len(names)+1).Draw(g.t, "atom"); {
		case k == len(names):
			return &node{op: "true"}
		case k == len(names)+1:
			return &node{op: "false"}
		default:
			return &node{op: "var", name: names[k]}
		}
	}
	sub := func() *node { return g.term(depth-1, scope, inMacro, mayName) }
	switch rapid.IntRange(0, 8).Draw(g.t, "form") {
	case 0:
		return &node{op: "not", kids: []*node{sub()}}
	case 1:
		op := rapid.SampledFrom([]string{"and", "or", "=>", "xor", "=", "distinct"}).Draw(g.t, "op")
		n := rapid.IntRange(2, 3).Draw(g.t, "n")
		nd := &node{op: op}
		for i := 0; i < n; i++ {
			nd.kids = append(nd.kids, sub())
		}
		return nd
	case 2:
		return &node{op: "ite", kids: []*node{sub(), sub(), sub()}}
	case 3, 4: // let
		k := rapid.IntRange(1, 2).Draw(g.t, "nlet")
		names := rapid.SliceOfNDistinct(rapid.SampledFrom(binders), k, k, rapid.ID[string]).Draw(g.t, "letnames")
		nd := &node{op: "let", binds: names}
		for range names {
			nd.kids = append(nd.kids, sub())
		}
		inner := append(append([]string(nil), scope...), names...)
		nd.kids = append(nd.kids, g.term(depth-1, inner, inMacro, mayName))
		return nd
	case 5, 6: // quantifier
		k := rapid.IntRange(1, 2).Draw(g.t, "nvars")
		names := rapid.SliceOfNDistinct(rapid.SampledFrom(binders), k, k, rapid.ID[string]).Draw(g.t, "vars")
		op := rapid.SampledFrom([]string{"forall", "exists"}).Draw(g.t, "q")
		inner := append(append([]string(nil), scope...), names...)
		return &node{op: op, binds: names, kids: []*node{g.term(depth-1, inner, inMacro, false)}}
	case 7:
		if len(g.mnames) > 0 {
			name := rapid.SampledFrom(g.mnames).Draw(g.t, "macro")
			nd := &node{op: "call", name: name}
			for range g.macros[name].params {
				nd.kids = append(nd.kids, sub())
			}
			return nd
		}
	case 8:
		if mayName && !inMacro {
			name := fmt.Sprintf("n%d", len(g.nnames)+len(g.pending))
			g.pending = append(g.pending, name)
			return &node{op: "named", name: name, kids: []*node{sub()}}
		}
	}
	return sub()
}

func (g *gen) render(n *node) string {
	switch n.op {
	case "var":
		return n.name
	case "true", "false":
		return n.op
	case "let":
		var b strings.Builder
		b.WriteString("(let (")
		for i, x := range n.binds {
			b.WriteString("(" + x + " " + g.render(n.kids[i]) + ")")
		}
		b.WriteString(") " + g.render(n.kids[len(n.kids)-1]) + ")")
		return b.String()
	case "forall", "exists":
		var b strings.Builder
		b.WriteString("(" + n.op + " (")
		for _, x := range n.binds {
			b.WriteString("(" + x + " Bool)")
		}
		b.WriteString(") " + g.render(n.kids[0]) + ")")
		return b.String()
	case "named":
		return "(! " + g.render(n.kids[0]) + " :named " + n.name + ")"
	case "call":
		return "(" + n.name + " " + g.renderKids(n) + ")"
	}
	return "(" + n.op + " " + g.renderKids(n) + ")"
}

func (g *gen) renderKids(n *node) string {
	var ss []string
	for _, k := range n.kids {
		ss = append(ss, g.render(k))
	}
	return strings.Join(ss, " ")
}

// eval interprets n as SMT-LIB says: lexical scopes, parallel lets,
// define-fun by value in the scope of its definition.
func (g *gen) eval(n *node, model map[string]bool, env []binding2) bool {
	switch n.op {
	case "true":
		return true
	case "false":
		return false
	case "var":
		for i := len(env) - 1; i >= 0; i-- {
			if env[i].name == n.name {
				return env[i].v
			}
		}
		if v, ok := g.values[n.name]; ok {
			return v
		}
		return model[n.name]
	case "not":
		return !g.eval(n.kids[0], model, env)
	case "named": // defines the name for the assertions that follow
		v := g.eval(n.kids[0], model, env)
		g.values[n.name] = v
		return v
	case "let":
		k := len(n.binds)
		inner := append([]binding2(nil), env...)
		for i, x := range n.binds {
			inner = append(inner, binding2{x, g.eval(n.kids[i], model, env)})
		}
		return g.eval(n.kids[k], model, inner)
	case "forall", "exists":
		all := n.op == "forall"
		for m := 0; m < 1<<len(n.binds); m++ {
			inner := append([]binding2(nil), env...)
			for i, x := range n.binds {
				inner = append(inner, binding2{x, m>>i&1 == 1})
			}
			if g.eval(n.kids[0], model, inner) != all {
				return !all
			}
		}
		return all
	case "call":
		mc := g.macros[n.name]
		var inner []binding2
		for i, p := range mc.params {
			inner = append(inner, binding2{p, g.eval(n.kids[i], model, env)})
		}
		return g.eval(mc.body, model, inner)
	}
	vs := make([]bool, len(n.kids))
	for i, k := range n.kids {
		vs[i] = g.eval(k, model, env)
	}
	return boolOp(n.op, vs)
}

type binding2 struct {
	name string
	v    bool
}

func boolOp(op string, vs []bool) bool {
	switch op {
	case "and":
		for _, v := range vs {
			if !v {
				return false
			}
		}
		return true
	case "or":
		for _, v := range vs {
			if v {
				return true
			}
		}
		return false
	case "=>": // right-associative
		r := vs[len(vs)-1]
		for i := len(vs) - 2; i >= 0; i-- {
			r = !vs[i] || r
		}
		return r
	case "xor":
		r := false
		for _, v := range vs {
			r = r != v
		}
		return r
	case "=":
		for _, v := range vs {
			if v != vs[0] {
				return false
			}
		}
		return true
	case "distinct":
		for i := range vs {
			for j := range vs[:i] {
				if vs[i] == vs[j] {
					return false
				}
			}
		}
		return true
	case "ite":
		if vs[0] {
			return vs[1]
		}
		return vs[2]
	}
	panic("unknown op " + op)
}

// evalBool evaluates a Boolean term: constants by name from model, bound
// variables from env (the innermost binder of a variable wins).
func evalBool(t require.TestingT, u *term.Term, model map[string]bool, env map[*term.Term]bool) bool {
	switch u.Op() {
	case term.OpTrue:
		return true
	case term.OpFalse:
		return false
	case term.OpConst:
		return model[u.Name()]
	case term.OpBound:
		v, ok := env[u]
		require.True(t, ok, "free variable %v", u)
		return v
	case term.OpForall, term.OpExists:
		n := u.NumArgs() - 1
		vars := u.Args()[:n]
		all := u.Op() == term.OpForall
		for m := 0; m < 1<<n; m++ {
			inner := make(map[*term.Term]bool, len(env)+n)
			for k, v := range env {
				inner[k] = v
			}
			for i, v := range vars {
				inner[v] = m>>i&1 == 1
			}
			if evalBool(t, u.Arg(n), model, inner) != all {
				return !all
			}
		}
		return all
	}
	vs := make([]bool, u.NumArgs())
	for i, a := range u.Args() {
		vs[i] = evalBool(t, a, model, env)
	}
	ops := map[term.Op]string{term.OpNot: "not", term.OpAnd: "and", term.OpOr: "or", term.OpImplies: "=>",
		term.OpXor: "xor", term.OpEq: "=", term.OpDistinct: "distinct", term.OpIte: "ite"}
	if u.Op() == term.OpNot {
		return !vs[0]
	}
	op, ok := ops[u.Op()]
	require.True(t, ok, "unexpected %v", u.Op())
	return boolOp(op, vs)
}
