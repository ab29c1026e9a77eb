package fuzz

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// A CHCAnswer is BruteCHC's verdict with its witnesses.
type CHCAnswer struct {
	Answer chc.Answer
	// Tuples is the least model restricted to the domain, per predicate,
	// in order of derivation (complete only for Sat).
	Tuples map[*chc.Pred][][]*term.Term
	// Model is Tuples as formulas: per predicate the disjunction of the
	// conjunctions Params[i] = value; set for Sat.
	Model chc.Model
	// Derivation is a derivation of false; set for Unsat.
	Derivation *chc.Node
}

// chcBruteLimit bounds the assignments BruteCHC enumerates per clause.
const chcBruteLimit = 1 << 21

// BruteCHC decides s by computing its least model over the finite domain:
// every Int variable of a clause ranges over [lo, hi], every Bool variable
// over both values, every bit-vector variable of width at most 4 over all
// its values, every datatype variable over DatatypeValues(s, [lo, hi], 2)
// (lists of at most two elements for a list). Each clause's satisfying assignments are enumerated
// once (term.Model.Eval); then the head tuples of assignments whose body
// tuples are derived are added until nothing changes, or until a query
// fires (Unsat, with the derivation). The answer is exact when every
// clause's constraint bounds its Int and datatype variables to that
// domain, as the systems of CHCSystem, CHCSystemBitVec and CHCSystemLists
// do, since then no derivation leaves the domain. Variables of
// other sorts, and more than 2^21 assignments in a clause, are an error.
func BruteCHC(s *chc.System, lo, hi int) (*CHCAnswer, error) {
	st := s.St
	type inst struct {
		vals []*term.Term
		head []*term.Term
		args [][]*term.Term // per body atom
	}
	insts := make([][]inst, len(s.Clauses))
	var ints []*term.Term
	for v := lo; v <= hi; v++ {
		ints = append(ints, st.Int(int64(v)))
	}
	bools := []*term.Term{st.False(), st.True()}
	dts := map[*term.Sort][]*term.Term{} // the values of each datatype sort met
	for ci, c := range s.Clauses {
		doms := make([][]*term.Term, len(c.Vars))
		total := 1
		for i, v := range c.Vars {
			switch {
			case v.Sort().IsInt():
				doms[i] = ints
			case v.Sort().IsBool():
				doms[i] = bools
			case v.Sort().IsDatatype():
				if dts[v.Sort()] == nil {
					dts[v.Sort()] = DatatypeValues(st, v.Sort(), ints, chcListDepth)
				}
				doms[i] = dts[v.Sort()]
			default:
				doms[i] = sortValues(st, v.Sort(), ints)
			}
			if len(doms[i]) == 0 {
				return nil, fmt.Errorf("fuzz: BruteCHC: variable %s of sort %s", v.Name(), v.Sort())
			}
			total *= len(doms[i])
			if total > chcBruteLimit {
				return nil, fmt.Errorf("%w: clause %d has more than %d assignments", ErrTooLarge, ci, chcBruteLimit)
			}
		}
		// Depth-first over the variables in order; each conjunct is checked
		// as soon as its last variable has a value.
		index := map[*term.Term]int{}
		for i, v := range c.Vars {
			index[v] = i
		}
		checks := make([][]*term.Term, len(c.Vars)+1)
		for _, f := range conjunctsOf(c.Constraint) {
			last := 0
			for _, x := range term.FreeConsts(f) {
				i, ok := index[x]
				if !ok {
					return nil, fmt.Errorf("fuzz: BruteCHC: constant %s is not a variable of clause %d", x.Name(), ci)
				}
				last = max(last, i+1)
			}
			checks[last] = append(checks[last], f)
		}
		for _, a := range clauseArgs(c) {
			if _, ok := index[a]; !ok {
				return nil, fmt.Errorf("fuzz: BruteCHC: clause %d is not normalised: argument %s is not a clause variable", ci, term.Sprint(a))
			}
		}
		m := term.NewModel(st)
		vals := make([]*term.Term, len(c.Vars))
		var failure error
		var dfs func(i int) bool
		dfs = func(i int) bool {
			for _, f := range checks[i] {
				ok, err := m.EvalBool(f)
				if err != nil {
					failure = err
					return false
				}
				if !ok {
					return true
				}
			}
			if i < len(c.Vars) {
				for _, v := range doms[i] {
					vals[i] = v
					m.Set(c.Vars[i], v)
					if !dfs(i + 1) {
						return false
					}
				}
				return true
			}
			in := inst{vals: append([]*term.Term(nil), vals...)}
			eval := func(args []*term.Term) []*term.Term {
				out := make([]*term.Term, len(args))
				for i, a := range args {
					out[i] = vals[index[a]]
				}
				return out
			}
			if c.Head != nil {
				in.head = eval(c.Head.Args)
			}
			for j := range c.Body {
				in.args = append(in.args, eval(c.Body[j].Args))
			}
			insts[ci] = append(insts[ci], in)
			return true
		}
		dfs(0)
		if failure != nil {
			return nil, failure
		}
	}
	res := &CHCAnswer{Tuples: map[*chc.Pred][][]*term.Term{}}
	nodes := map[string]*chc.Node{} // by predicate and tuple
	key := func(p *chc.Pred, vals []*term.Term) string {
		var b strings.Builder
		b.WriteString(strconv.Itoa(p.ID))
		b.WriteString(p.Name())
		for _, v := range vals {
			b.WriteByte(' ')
			b.WriteString(strconv.FormatUint(uint64(v.ID()), 10))
		}
		return b.String()
	}
	for changed := true; changed; {
		changed = false
		for ci, c := range s.Clauses {
			for _, in := range insts[ci] {
				if c.Head != nil && nodes[key(c.Head.Pred, in.head)] != nil {
					continue
				}
				kids := make([]*chc.Node, len(c.Body))
				ok := true
				for j := range c.Body {
					kids[j] = nodes[key(c.Body[j].Pred, in.args[j])]
					if kids[j] == nil {
						ok = false
						break
					}
				}
				if !ok {
					continue
				}
				n := &chc.Node{Clause: c, Values: in.vals, Children: kids}
				if c.Head == nil {
					res.Answer = chc.Unsat
					res.Derivation = n
					return res, nil
				}
				nodes[key(c.Head.Pred, in.head)] = n
				res.Tuples[c.Head.Pred] = append(res.Tuples[c.Head.Pred], in.head)
				changed = true
			}
		}
	}
	res.Answer = chc.Sat
	res.Model = TuplesModel(s, res.Tuples)
	return res, nil
}

func clauseArgs(c *chc.Clause) []*term.Term {
	var out []*term.Term
	if c.Head != nil {
		out = append(out, c.Head.Args...)
	}
	for j := range c.Body {
		out = append(out, c.Body[j].Args...)
	}
	return out
}

func conjunctsOf(f *term.Term) []*term.Term {
	if f.Op() != term.OpAnd {
		return []*term.Term{f}
	}
	var out []*term.Term
	for _, a := range f.Args() {
		out = append(out, conjunctsOf(a)...)
	}
	return out
}

// TuplesModel is the model whose formula for each predicate holds exactly
// at its tuples: the disjunction over the tuples of the conjunctions
// Params[i] = value.
func TuplesModel(s *chc.System, tuples map[*chc.Pred][][]*term.Term) chc.Model {
	st := s.St
	m := chc.Model{}
	for _, p := range s.Preds {
		var ors []*term.Term
		for _, tu := range tuples[p] {
			var ands []*term.Term
			for i, v := range tu {
				ands = append(ands, st.Eq(p.Params[i], v))
			}
			switch len(ands) {
			case 0:
				ors = append(ors, st.True())
			case 1:
				ors = append(ors, ands[0])
			default:
				ors = append(ors, st.And(ands...))
			}
		}
		switch len(ors) {
		case 0:
			m[p] = st.False()
		case 1:
			m[p] = ors[0]
		default:
			m[p] = st.Or(ors...)
		}
	}
	return m
}
