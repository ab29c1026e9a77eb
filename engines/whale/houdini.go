package whale

import (
	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Closing by Houdini (an addition to the paper, see doc.go): the pairs
// WHALE guesses for different ARGs of a predicate, each true of one
// calling context, often combine into an invariant that no single ARG's
// specification is. Every guard ⇒ summary pair, its summary, the
// literals of its summary, and the bounds the facts give the arguments
// (x = c as x <= c and x >= c) become candidates of the predicate; the
// largest subset of the candidates that is inductive (every clause, with
// the candidates of its body atoms assumed, implies those of its head) is
// computed by dropping, for each clause in turn, the head candidates a
// model of the clause refutes (Flanagan and Leino's Houdini). If that
// invariant makes every query unsatisfiable it is a model; otherwise its
// candidates are invariants of every derivation, which each ARG's
// clause instances assume from then on (they only remove executions that
// no derivation has).

// maxCandidates bounds the candidates of a predicate.
const maxPredCandidates = 128

// pool is the candidates of each predicate, over its parameters.
type pool struct {
	cands [][]*term.Term // by pred ID
	seen  []map[*term.Term]bool
	added int // candidates added since the last run
}

func newPool(s *chc.System) *pool {
	p := &pool{cands: make([][]*term.Term, len(s.Preds)), seen: make([]map[*term.Term]bool, len(s.Preds))}
	for i := range p.seen {
		p.seen[i] = map[*term.Term]bool{}
	}
	return p
}

// add makes f a candidate of pred (unless it is one, or trivial).
func (p *pool) add(pred *chc.Pred, f *term.Term) {
	if f.IsTrue() || f.IsFalse() || p.seen[pred.ID][f] || len(p.cands[pred.ID]) >= maxPredCandidates {
		return
	}
	p.seen[pred.ID][f] = true
	p.cands[pred.ID] = append(p.cands[pred.ID], f)
	p.added++
}

// addPair adds the candidates a guard/summary pair gives.
func (r *run) addPairCandidates(pred *chc.Pred, pr pair) {
	st := r.st
	r.pool.add(pred, st.Simplify(st.Implies(pr.guard, pr.sum)))
	r.pool.add(pred, pr.sum)
	for _, l := range literals(st, pr.sum, nil) {
		r.pool.add(pred, l)
		if !pr.guard.IsTrue() {
			r.pool.add(pred, st.Simplify(st.Implies(pr.guard, l)))
		}
	}
}

// literals lists the atoms (with their sign) of f in negation normal form.
func literals(st *term.Store, f *term.Term, dst []*term.Term) []*term.Term {
	var walk func(t *term.Term)
	seen := map[*term.Term]bool{}
	walk = func(t *term.Term) {
		if seen[t] {
			return
		}
		seen[t] = true
		switch t.Op() {
		case term.OpAnd, term.OpOr:
			for _, a := range t.Args() {
				walk(a)
			}
		default:
			if t.Sort().IsBool() {
				dst = append(dst, t)
			}
		}
	}
	walk(st.NNF(f))
	return dst
}

// maxPairParams bounds the integer parameters whose pairs
// paramCandidates relates.
const maxPairParams = 6

// paramCandidates adds, for the integer parameters of each predicate,
// x >= 0 and, for each pair (of at most maxPairParams), x <= y and x >= y.
func (r *run) paramCandidates() {
	st := r.st
	for _, p := range r.sys.Preds {
		var ints []*term.Term
		for _, x := range p.Params {
			if x.Sort().IsInt() {
				ints = append(ints, x)
			}
		}
		for i, x := range ints {
			r.pool.add(p, st.Ge(x, st.Int(0)))
			if len(ints) > maxPairParams {
				continue
			}
			for _, y := range ints[i+1:] {
				r.pool.add(p, st.Le(x, y))
				r.pool.add(p, st.Ge(x, y))
			}
		}
	}
}

// factCandidates adds, for each clause, the literals of its constraint
// over the head's arguments alone (an equality also as its two halves).
func (r *run) factCandidates() {
	st := r.st
	for _, c := range r.sys.Clauses {
		if c.Head == nil {
			continue
		}
		p := c.Head.Pred
		head := map[*term.Term]bool{}
		for _, a := range c.Head.Args {
			head[a] = true
		}
		for _, l := range literals(st, r.template(c).cons, nil) {
			only := true
			for _, v := range term.FreeConsts(l) {
				only = only && head[v]
			}
			if !only {
				continue
			}
			f := st.Substitute(l, c.Head.Args, p.Params)
			r.pool.add(p, f)
			if f.Op() == term.OpEq && f.Arg(0).Sort().IsArith() {
				r.pool.add(p, st.Le(f.Arg(0), f.Arg(1)))
				r.pool.add(p, st.Ge(f.Arg(0), f.Arg(1)))
			}
		}
	}
}

// houdini computes the largest inductive subset of the candidates. It
// returns the model when the subset also excludes every query, else nil;
// the subset becomes r.inv.
func (r *run) houdini() (chc.Model, error) {
	st := r.st
	r.stats.houdiniRuns++
	r.pool.added = 0
	keep := make([][]*term.Term, len(r.sys.Preds))
	for i, cs := range r.pool.cands {
		keep[i] = append([]*term.Term(nil), cs...)
	}
	conj := func(p *chc.Pred, args []*term.Term) *term.Term {
		return p.Instantiate(st, st.And(keep[p.ID]...), args)
	}
	for changed := true; changed; {
		changed = false
		for _, c := range r.sys.Clauses {
			if c.Head == nil || len(keep[c.Head.Pred.ID]) == 0 {
				continue
			}
			h := c.Head.Pred
			for len(keep[h.ID]) > 0 {
				if chc.Cause(r.ctx) != nil {
					return nil, chc.Cause(r.ctx)
				}
				parts := []*term.Term{r.template(c).cons, st.Not(conj(h, c.Head.Args))}
				for _, b := range c.Body {
					parts = append(parts, conj(b.Pred, b.Args))
				}
				r.stats.houdiniChecks++
				m, err := r.check(st.And(parts...))
				if err != nil {
					return nil, err
				}
				if m == nil {
					break
				}
				var next []*term.Term
				for _, f := range keep[h.ID] {
					v, err := m.EvalBool(h.Instantiate(st, f, c.Head.Args))
					if err == nil && v {
						next = append(next, f)
					}
				}
				if len(next) == len(keep[h.ID]) {
					// The model satisfies every head candidate: an
					// evaluation error; drop them all rather than loop.
					next = nil
				}
				keep[h.ID] = next
				changed = true
			}
		}
	}
	grew := r.inv == nil
	inv := make([]*term.Term, len(r.sys.Preds))
	for _, p := range r.sys.Preds {
		inv[p.ID] = st.Simplify(st.And(keep[p.ID]...))
		grew = grew || r.inv[p.ID] != inv[p.ID]
	}
	if grew {
		for k, v := range r.implied {
			if !v {
				delete(r.implied, k)
			}
		}
	}
	r.inv = make([]*term.Term, len(r.sys.Preds))
	for _, p := range r.sys.Preds {
		r.inv[p.ID] = st.Simplify(st.And(keep[p.ID]...))
		r.tracef("whale: Houdini keeps %d of %d candidates of %s: %s", len(keep[p.ID]), len(r.pool.cands[p.ID]), p, short(r.inv[p.ID]))
	}
	for _, c := range r.sys.Clauses {
		if c.Head != nil {
			continue
		}
		parts := []*term.Term{r.template(c).cons}
		for _, b := range c.Body {
			parts = append(parts, conj(b.Pred, b.Args))
		}
		r.stats.houdiniChecks++
		m, err := r.check(st.And(parts...))
		if err != nil || m != nil {
			return nil, err
		}
	}
	model := chc.Model{}
	for _, p := range r.sys.Preds {
		model[p] = r.inv[p.ID]
	}
	return model, nil
}

// maxQueryLiterals bounds the literals of a query whose subsets
// queryCandidates negates, and maxSubset the size of those subsets.
const (
	maxQueryLiterals = 6
	maxSubset        = 4
)

// queryCandidates adds, for each query with one body atom (or clause
// whose head has no arguments, a query one step removed), the negations
// of the conjunctions of up to maxSubset literals of its constraint over
// the atom's arguments: the query's own safety property and its weaker
// forms, such as ¬(flag ∧ n > 0 ∧ r < n) from flag ∧ 0 < n ≤ 31 ∧ r < n.
func (r *run) queryCandidates() {
	st := r.st
	for _, c := range r.sys.Clauses {
		if len(c.Body) != 1 || c.Head != nil && c.Head.Pred.Arity() > 0 {
			continue
		}
		b := c.Body[0]
		args := map[*term.Term]bool{}
		for _, a := range b.Args {
			args[a] = true
		}
		var lits []*term.Term
		for _, l := range literals(st, r.template(c).cons, nil) {
			only := len(term.FreeConsts(l)) > 0
			for _, v := range term.FreeConsts(l) {
				only = only && args[v]
			}
			if only && len(lits) < maxQueryLiterals {
				lits = append(lits, st.Substitute(l, b.Args, b.Pred.Params))
			}
		}
		var subsets func(i int, cur []*term.Term)
		subsets = func(i int, cur []*term.Term) {
			if len(cur) > 0 {
				r.pool.add(b.Pred, st.Simplify(st.Not(st.And(cur...))))
			}
			if len(cur) == maxSubset {
				return
			}
			for j := i; j < len(lits); j++ {
				subsets(j+1, append(cur[:len(cur):len(cur)], lits[j]))
			}
		}
		subsets(0, nil)
	}
}

// propagate carries candidates from a clause's head to a body atom when
// the clause's constraint defines every head argument the candidate
// mentions as an argument of that atom or a numeral (top-level
// equalities), over rounds until nothing new comes: hanoi(f, n, r) ←
// ret(r', n') ∧ r = r' ∧ n = n' ∧ f makes a candidate of hanoi over n and
// r one of ret.
func (r *run) propagate() {
	st := r.st
	for round := 0; round < len(r.sys.Preds); round++ {
		before := r.pool.added
		for _, c := range r.sys.Clauses {
			if c.Head == nil || len(c.Body) == 0 {
				continue
			}
			def := r.definitions(r.template(c).cons)
			h := c.Head
			for _, b := range c.Body {
				inBody := map[*term.Term]int{}
				for i, a := range b.Args {
					inBody[a] = i
				}
				var from, to []*term.Term
				for i, a := range h.Args {
					if j, ok := inBody[a]; ok {
						from, to = append(from, h.Pred.Params[i]), append(to, b.Pred.Params[j])
						continue
					}
					t := def[a]
					if t == nil {
						continue
					}
					over := true
					for _, v := range term.FreeConsts(t) {
						_, in := inBody[v]
						over = over && in
					}
					if over {
						from, to = append(from, h.Pred.Params[i]), append(to, st.Substitute(t, b.Args, b.Pred.Params))
					}
				}
				mapped := map[*term.Term]bool{}
				for _, x := range from {
					mapped[x] = true
				}
				for _, f := range r.pool.cands[h.Pred.ID] {
					ok := true
					for _, v := range term.FreeConsts(f) {
						ok = ok && mapped[v]
					}
					if ok {
						r.pool.add(b.Pred, st.Simplify(st.Substitute(f, from, to)))
					}
				}
			}
		}
		if r.pool.added == before {
			return
		}
	}
}

// definitions reads x = t off the top-level conjuncts of f: a Boolean
// constant or its negation, an equality of two Boolean constants, and a
// linear equality of one variable (x = numeral) or of two with opposite
// unit coefficients (x = y + k).
func (r *run) definitions(f *term.Term) map[*term.Term]*term.Term {
	st := r.st
	def := map[*term.Term]*term.Term{}
	for _, l := range conjuncts(f, nil) {
		switch {
		case l.IsConst() && l.Sort().IsBool():
			def[l] = st.True()
		case l.Op() == term.OpNot && l.Arg(0).IsConst():
			def[l.Arg(0)] = st.False()
		case l.Op() == term.OpEq && l.NumArgs() == 2 && l.Arg(0).Sort().IsBool():
			if a, b := l.Arg(0), l.Arg(1); a.IsConst() && b.IsConst() {
				def[a], def[b] = b, a
			}
		case l.Op() == term.OpEq && l.NumArgs() == 2 && l.Arg(0).Sort().IsArith():
			lin, ok := st.Linearize(st.Sub(l.Arg(0), l.Arg(1)))
			if !ok {
				continue
			}
			srt := l.Arg(0).Sort()
			switch {
			case len(lin.Vars) == 1 && lin.Vars[0].IsConst():
				v := lin.Const.Neg().Quo(lin.Coeffs[0])
				if srt.IsReal() || v.IsInt() {
					def[lin.Vars[0]] = st.Num(v, srt)
				}
			case len(lin.Vars) == 2 && lin.Vars[0].IsConst() && lin.Vars[1].IsConst() &&
				lin.Coeffs[0].Abs().IsOne() && lin.Coeffs[0].Equal(lin.Coeffs[1].Neg()):
				// c·x - c·y + k = 0: x = y - k/c, y = x + k/c.
				x, y := lin.Vars[0], lin.Vars[1]
				k := lin.Const.Quo(lin.Coeffs[0])
				def[x] = st.Sub(y, st.Num(k, srt))
				def[y] = st.Add(x, st.Num(k, srt))
			}
		}
	}
	return def
}

// conjuncts lists the top-level conjuncts of f.
func conjuncts(f *term.Term, dst []*term.Term) []*term.Term {
	if f.Op() == term.OpAnd {
		for _, a := range f.Args() {
			dst = conjuncts(a, dst)
		}
		return dst
	}
	return append(dst, f)
}
