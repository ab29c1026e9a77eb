package chc

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/seed-f9c3434d/gospacer/term"
)

// Write prints s as an SMT-LIB HORN script: the datatypes of its store,
// the predicates' declarations,
// one (assert (forall ...)) per clause with the variables named x!0, x!1,
// ... in the order of Vars, then (check-sat). Reading the output gives back
// the same system up to the names of variables.
func Write(w io.Writer, s *System) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "(set-logic HORN)")
	// Datatypes: every group of the store, in declaration order (a group
	// may name an earlier one in its fields).
	for _, g := range s.St.DatatypeGroups() {
		if err := term.FprintDatatypes(bw, g); err != nil {
			return err
		}
		fmt.Fprintln(bw)
	}
	for _, p := range s.Preds {
		fmt.Fprintf(bw, "(declare-fun %s (%s) Bool)\n", term.QuoteSymbol(p.Name()), sortList(p.Func.Domain()))
	}
	for _, c := range s.Clauses {
		fmt.Fprintf(bw, "(assert %s)\n", term.Sprint(ClauseTerm(s.St, c, true)))
	}
	fmt.Fprintln(bw, "(check-sat)")
	return bw.Flush()
}

func sortList(ss []*term.Sort) string {
	names := make([]string, len(ss))
	for i, srt := range ss {
		names[i] = srt.String()
	}
	return strings.Join(names, " ")
}

// AtomTerm is the application of a's predicate to its arguments.
func AtomTerm(st *term.Store, a *Atom) *term.Term {
	f := a.Pred.Func
	if f.Arity() == 0 {
		return st.ConstOf(f)
	}
	return st.Apply(f, a.Args...)
}

// ClauseTerm is the formula of c: (=> (and body constraint) head), closed
// by forall over its variables (named x!i) when closed is set.
func ClauseTerm(st *term.Store, c *Clause, closed bool) *term.Term {
	prem := make([]*term.Term, 0, len(c.Body)+1)
	for i := range c.Body {
		prem = append(prem, AtomTerm(st, &c.Body[i]))
	}
	if !c.Constraint.IsTrue() || len(prem) == 0 {
		prem = append(prem, c.Constraint)
	}
	head := st.False()
	if c.Head != nil {
		head = AtomTerm(st, c.Head)
	}
	t := st.Implies(Conj(st, prem), head)
	if !closed || len(c.Vars) == 0 {
		return t
	}
	bound := make([]*term.Term, len(c.Vars))
	for i, v := range c.Vars {
		bound[i] = st.BoundVar(fmt.Sprintf("x!%d", i), v.Sort())
	}
	return st.Forall(bound, st.Substitute(t, c.Vars, bound))
}

// ParamVars are the bound variables x!0, x!1, ... that stand for p's
// parameters in printed models.
func ParamVars(st *term.Store, p *Pred) []*term.Term {
	vs := make([]*term.Term, len(p.Params))
	for i, x := range p.Params {
		vs[i] = st.BoundVar(fmt.Sprintf("x!%d", i), x.Sort())
	}
	return vs
}

// WriteModel prints m in CHC-COMP's format: one
// (define-fun P ((x!0 S0) ...) Bool body) per predicate of s, in order of
// declaration, wrapped in parentheses; before them, one (define-fun-rec f
// ((x S)) Int body) per recursive function the formulas apply, each after
// those its body applies.
func WriteModel(w io.Writer, s *System, m Model) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "(")
	// the recursive functions the formulas apply, each after those it
	// applies (term.RecDef)
	forms := make([]*term.Term, len(s.Preds))
	for i, p := range s.Preds {
		forms[i] = m.Lookup(s.St, p)
	}
	for _, f := range term.RecFuncs(forms...) {
		d := f.Rec()
		fmt.Fprintf(bw, "  (define-fun-rec %s ((%s %s)) %s\n    %s)\n", term.QuoteSymbol(f.Name()),
			term.QuoteSymbol(d.Param.Name()), d.Param.Sort(), f.Range(), term.Sprint(s.St.Body(d)))
	}
	for _, p := range s.Preds {
		vs := ParamVars(s.St, p)
		params := make([]string, len(vs))
		for i, v := range vs {
			params[i] = fmt.Sprintf("(%s %s)", term.QuoteSymbol(v.Name()), v.Sort())
		}
		body := s.St.Substitute(m.Lookup(s.St, p), p.Params, vs)
		fmt.Fprintf(bw, "  (define-fun %s (%s) Bool\n    %s)\n", term.QuoteSymbol(p.Name()), strings.Join(params, " "), term.Sprint(body))
	}
	fmt.Fprintln(bw, ")")
	return bw.Flush()
}

// WriteDerivation prints the derivation below root, one line per node from
// the facts to the query: "k: (P v1 ... vn) <- clause c [children]", where
// c is the clause's index in s (from 0) and the children are earlier line
// numbers. A node shared in the DAG prints once.
func WriteDerivation(w io.Writer, s *System, root *Node) error {
	bw := bufio.NewWriter(w)
	err := walkDerivation(s, root, func(st derivationStep) {
		fmt.Fprintf(bw, "%d: %s <- clause %d", st.line, st.head, st.clause)
		if len(st.children) > 0 {
			fmt.Fprint(bw, " [")
			for i, ch := range st.children {
				if i > 0 {
					fmt.Fprint(bw, " ")
				}
				fmt.Fprint(bw, ch)
			}
			fmt.Fprint(bw, "]")
		}
		fmt.Fprintln(bw)
	})
	if err != nil {
		return err
	}
	return bw.Flush()
}

// A derivationStep is one node of a derivation as printed: its line
// number, its head instance ("false" for the query), the index of its
// clause in the system, and the line numbers of its children.
type derivationStep struct {
	line     int
	head     string
	clause   int
	node     *Node
	children []int
}

// walkDerivation calls emit for each node below root once, children first.
func walkDerivation(s *System, root *Node, emit func(derivationStep)) error {
	index := s.ClauseIndex()
	line := map[*Node]int{}
	var visit func(n *Node) error
	visit = func(n *Node) error {
		if _, ok := line[n]; ok {
			return nil
		}
		for _, ch := range n.Children {
			if err := visit(ch); err != nil {
				return err
			}
		}
		ci, ok := index[n.Clause]
		if !ok {
			return fmt.Errorf("chc: derivation node of a clause not in the system")
		}
		head := "false"
		if n.Clause.Head != nil {
			v, err := n.Bindings(s.St)
			if err != nil {
				return err
			}
			args := make([]string, 0, len(n.Clause.Head.Args))
			for _, a := range n.Clause.Head.Args {
				val, err := v.Eval(a)
				if err != nil {
					return err
				}
				args = append(args, term.Sprint(val))
			}
			head = term.QuoteSymbol(n.Clause.Head.Pred.Name())
			if len(args) > 0 {
				head = "(" + head + " " + strings.Join(args, " ") + ")"
			}
		}
		k := len(line)
		line[n] = k
		children := make([]int, len(n.Children))
		for i, ch := range n.Children {
			children[i] = line[ch]
		}
		emit(derivationStep{line: k, head: head, clause: ci, node: n, children: children})
		return nil
	}
	return visit(root)
}

// ClauseIndex maps each clause of s to its index in s.Clauses.
func (s *System) ClauseIndex() map[*Clause]int {
	index := make(map[*Clause]int, len(s.Clauses))
	for i, c := range s.Clauses {
		index[c] = i
	}
	return index
}

// Bindings is the model, in st, that gives n's clause variables their
// values; an error when a value is missing or of the wrong sort.
func (n *Node) Bindings(st *term.Store) (*term.Model, error) {
	if len(n.Values) != len(n.Clause.Vars) {
		return nil, fmt.Errorf("chc: derivation node has %d values for %d variables", len(n.Values), len(n.Clause.Vars))
	}
	m := term.NewModel(st)
	for i, v := range n.Clause.Vars {
		if n.Values[i] == nil || !n.Values[i].IsValue() || n.Values[i].Sort() != v.Sort() {
			return nil, fmt.Errorf("chc: derivation node: value %v of %s is not a value of sort %s", n.Values[i], v.Name(), v.Sort())
		}
		m.Set(v, n.Values[i])
	}
	return m, nil
}
