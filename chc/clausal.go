package chc

import "github.com/seed-f9c3434d/gospacer/term"

// Clausal form. An assertion is read as a conjunction of clauses, each a
// disjunction of literals, by the standard transformations: universal
// quantifiers (in positive position, existentials in negative position)
// open into fresh constants, negations move to the atoms, => and Boolean
// ite, = and xor expand into and/or, and or distributes over and. A
// predicate application is an atom; so is a constraint, a subformula
// without predicates and quantifiers, which the conversion leaves whole
// unless it flattens into the clause for free (and under a negation, or,
// =>). The assertion is Horn when each clause has at most one positive
// predicate atom; hornClause (read.go) checks that clause by clause.
//
// Distribution can multiply clauses: (P1 ∨ Q1) ∧ ... ∧ (Pn ∨ Qn) in a body
// gives 2^n clauses. One assertion may give at most maxClauses; beyond that
// it is an error rather than a long wait.

// A lit is a literal of a clause: t, or (not t) when neg.
type lit struct {
	t   *term.Term
	neg bool
}

// A cnf is a conjunction of clauses, each a disjunction of literals. No
// clause is true; one empty clause is false.
type cnf [][]lit

var cnfFalse = cnf{nil}

// maxClauses bounds the clauses one assertion splits into.
const maxClauses = 1 << 12

// A clausifier converts the assertions of one reader. Within an assertion
// a term converts once per polarity, wherever it occurs (a quantifier opens
// once, into the same constants, which is sound: each clause quantifies its
// own variables), so the work is linear in the assertion's DAG size plus
// the clauses produced.
type clausifier struct {
	rd     *reader
	st     *term.Store
	locals []*term.Term // constants standing for opened quantifiers, in order
	memo   map[polarTerm]cnf
	// whether a predicate or a quantifier occurs in t: activeYes,
	// activeNo, or 0 when not known yet (a table by ID: every term of
	// an assertion is asked once)
	active term.TermMap[uint8]
}

const (
	activeNo uint8 = 1 + iota
	activeYes
)

type polarTerm struct {
	t   *term.Term
	neg bool
}

func newClausifier(rd *reader) *clausifier {
	return &clausifier{rd: rd, st: rd.sys.St, memo: map[polarTerm]cnf{}}
}

// isActive reports whether a predicate or a quantifier occurs in t: whether
// the conversion must look inside t.
func (c *clausifier) isActive(t *term.Term) bool {
	if t.HasQuantifier() {
		return true
	}
	if v := c.active.Get(t); v != 0 {
		return v == activeYes
	}
	v := c.rd.pred(t) != nil
	for _, a := range t.Args() {
		if v {
			break
		}
		v = c.isActive(a)
	}
	if v {
		c.active.Set(t, activeYes)
	} else {
		c.active.Set(t, activeNo)
	}
	return v
}

// convert is the clausal form of t, or of (not t) when neg.
func (c *clausifier) convert(t *term.Term, neg bool) (cnf, error) {
	key := polarTerm{t, neg}
	if r, ok := c.memo[key]; ok {
		return r, nil
	}
	r, err := c.conv(t, neg)
	if err != nil {
		return nil, err
	}
	c.memo[key] = r
	return r, nil
}

func (c *clausifier) conv(t *term.Term, neg bool) (cnf, error) {
	st := c.st
	switch t.Op() {
	case term.OpTrue:
		if !neg {
			return nil, nil
		}
		return cnfFalse, nil
	case term.OpFalse:
		if !neg {
			return cnfFalse, nil
		}
		// A false premise stays a constraint, so that a clause printed
		// as (=> false h) reads back as itself.
		return c.leaf(t, neg)
	case term.OpNot:
		if a := t.Arg(0); neg && a.Op() != term.OpNot && !c.isActive(a) {
			// A negated constraint among the premises stays whole, as
			// it was written (and printed: Write's output reads back as
			// itself).
			return c.leaf(t, neg)
		}
		return c.convert(t.Arg(0), !neg)
	case term.OpAnd, term.OpOr:
		// and under a negation and or elsewhere are disjunctions: they
		// flatten into the clause, constraints or not. A conjunction
		// without predicates or quantifiers is one constraint.
		disj := (t.Op() == term.OpOr) != neg
		if !disj && !c.isActive(t) {
			return c.leaf(t, neg)
		}
		parts := make([]polarTerm, len(t.Args()))
		for i, a := range t.Args() {
			parts[i] = polarTerm{a, neg}
		}
		if disj {
			return c.disjunction(parts)
		}
		return c.conjunction(parts)
	case term.OpImplies:
		parts := []polarTerm{{t.Arg(0), !neg}, {t.Arg(1), neg}}
		if !neg {
			return c.disjunction(parts)
		}
		if !c.isActive(t) {
			return c.leaf(t, neg)
		}
		return c.conjunction(parts)
	case term.OpForall, term.OpExists:
		if (t.Op() == term.OpForall) == neg {
			if c.rd.hasPred(t) {
				return nil, c.rd.errorf("predicate under an existential quantifier: not a Horn clause")
			}
			return nil, c.rd.errorf("%s", quantifiedConstraint)
		}
		return c.convert(c.open(t), neg)
	}
	if c.rd.pred(t) != nil {
		return cnf{{{t, neg}}}, nil
	}
	if !t.Sort().IsBool() || !c.isActive(t) {
		return c.leaf(t, neg)
	}
	// A Boolean connective over predicates that is not and/or/=>.
	switch t.Op() {
	case term.OpIte:
		// (ite a b e) is (¬a ∨ b) ∧ (a ∨ e); its negation (¬a ∨ ¬b) ∧ (a ∨ ¬e).
		return c.conjunctionOf(
			[]polarTerm{{t.Arg(0), true}, {t.Arg(1), neg}},
			[]polarTerm{{t.Arg(0), false}, {t.Arg(2), neg}})
	case term.OpEq, term.OpXor, term.OpDistinct:
		if !t.Arg(0).Sort().IsBool() {
			break
		}
		args := t.Args()
		if t.Op() == term.OpDistinct && len(args) > 2 {
			// Three Booleans are never pairwise distinct.
			return c.convert(st.False(), neg)
		}
		if t.Op() == term.OpXor && len(args) > 2 {
			return c.convert(st.Xor(st.Xor(args[:len(args)-1]...), args[len(args)-1]), neg)
		}
		if t.Op() != term.OpEq {
			return c.convert(st.Eq(args[0], args[1]), !neg)
		}
		if len(args) > 2 {
			eqs := make([]*term.Term, len(args)-1)
			for i := range eqs {
				eqs[i] = st.Eq(args[i], args[i+1])
			}
			return c.convert(st.And(eqs...), neg)
		}
		// (= a b) is (¬a ∨ b) ∧ (a ∨ ¬b); its negation (a ∨ b) ∧ (¬a ∨ ¬b).
		a, b := args[0], args[1]
		return c.conjunctionOf(
			[]polarTerm{{a, !neg}, {b, false}},
			[]polarTerm{{a, neg}, {b, true}})
	}
	if p := c.firstPred(t); p != nil {
		return nil, c.rd.errorf("predicate %s under %s in a clause: not a Horn clause", term.QuoteSymbol(p.Name()), t.Op())
	}
	return nil, c.rd.errorf("%s", quantifiedConstraint)
}

// quantifiedConstraint is the error of a quantifier inside a clause's
// constraint; ScriptReader.Add skips such an assertion (System.Skipped).
const quantifiedConstraint = "quantifier inside a constraint: not a CHC"

// leaf is the clausal form of a constraint (or its negation): one literal.
func (c *clausifier) leaf(t *term.Term, neg bool) (cnf, error) {
	if t.HasQuantifier() {
		return nil, c.rd.errorf("%s", quantifiedConstraint)
	}
	return cnf{{{t, neg}}}, nil
}

// firstPred is a predicate occurring in t, or nil.
func (c *clausifier) firstPred(t *term.Term) *Pred {
	for u := range term.PostOrder(t) {
		if p := c.rd.pred(u); p != nil {
			return p
		}
	}
	return nil
}

// open replaces the bound variables of quantifier q by fresh constants and
// returns its body.
func (c *clausifier) open(q *term.Term) *term.Term {
	n := q.NumArgs() - 1
	vars := q.Args()[:n]
	return c.st.Substitute(q.Arg(n), vars, c.fresh(vars))
}

// fresh is a fresh constant for each bound variable of vars, in order,
// recorded as locals.
func (c *clausifier) fresh(vars []*term.Term) []*term.Term {
	consts := make([]*term.Term, len(vars))
	for i, v := range vars {
		consts[i] = c.st.Fresh(v.Name(), v.Sort())
	}
	c.locals = append(c.locals, consts...)
	return consts
}

// conjunction is the clausal form of the conjunction of parts.
func (c *clausifier) conjunction(parts []polarTerm) (cnf, error) {
	return c.conjoin(len(parts), func(i int) (cnf, error) { return c.convert(parts[i].t, parts[i].neg) })
}

// conjunctionOf is the clausal form of the conjunction of disjunctions.
func (c *clausifier) conjunctionOf(disjs ...[]polarTerm) (cnf, error) {
	return c.conjoin(len(disjs), func(i int) (cnf, error) { return c.disjunction(disjs[i]) })
}

// conjoin is the conjunction of the clausal forms part(0), ..., part(n-1).
func (c *clausifier) conjoin(n int, part func(int) (cnf, error)) (cnf, error) {
	var r cnf
	for i := range n {
		f, err := part(i)
		if err != nil {
			return nil, err
		}
		if len(r)+len(f) > maxClauses {
			return nil, c.tooMany()
		}
		r = append(r, f...)
	}
	return r, nil
}

// disjunction is the clausal form of the disjunction of parts: or
// distributed over the parts' conjunctions.
func (c *clausifier) disjunction(parts []polarTerm) (cnf, error) {
	r := cnfFalse
	owned := false // r and its one clause were made here: extend in place
	for _, p := range parts {
		f, err := c.convert(p.t, p.neg)
		if err != nil {
			return nil, err
		}
		if len(f) == 0 { // true
			return nil, nil
		}
		if len(r)*len(f) > maxClauses {
			return nil, c.tooMany()
		}
		if len(r) == 1 && len(f) == 1 {
			// one clause: a disjunction of literals, built in time
			// linear in its length (f's clause may be a memo's: copied)
			if !owned {
				r = cnf{append(make([]lit, 0, len(r[0])+len(f[0])+8), r[0]...)}
				owned = true
			}
			r[0] = append(r[0], f[0]...)
			continue
		}
		owned = false
		prod := make(cnf, 0, len(r)*len(f))
		for _, a := range r {
			for _, b := range f {
				cl := make([]lit, 0, len(a)+len(b))
				prod = append(prod, append(append(cl, a...), b...))
			}
		}
		r = prod
	}
	return r, nil
}

func (c *clausifier) tooMany() error {
	return c.rd.errorf("the assertion splits into more than %d clauses", maxClauses)
}

// rule is the clause of t when t is (=> (and A1 ... Ak) H), or
// (=> A1 H), with H a predicate atom or false and each Ai a predicate atom,
// true, a conjunction of such, or a constraint that convert keeps whole
// (a negated constraint, a disjunction of constraints, an atom): the most
// common shape of an assertion, which convert would take to the same
// clause (¬A1 ∨ ... ∨ ¬Ak ∨ H) through its memo and distribution. ok is
// false for any other t.
func (c *clausifier) rule(t *term.Term) (cl []lit, ok bool) {
	if t.Op() != term.OpImplies || t.NumArgs() != 2 {
		return nil, false
	}
	body, head := t.Arg(0), t.Arg(1)
	if head.Op() != term.OpFalse && c.rd.pred(head) == nil {
		return nil, false
	}
	n := 1
	if body.Op() == term.OpAnd {
		n = body.NumArgs()
	}
	cl = make([]lit, 0, n+1)
	// the body's conjuncts, nested conjunctions flattened and true left
	// out (Solidity's (and (P ...) true) and (and (P ...) (and (= ...)
	// ...))), each the negative literal convert makes of it
	var add func(a *term.Term) bool
	add = func(a *term.Term) bool {
		switch a.Op() {
		case term.OpTrue:
			return true
		case term.OpAnd:
			for _, b := range a.Args() {
				if !add(b) {
					return false
				}
			}
			return true
		case term.OpNot:
			// (convert keeps a negated constraint whole, as written)
			if b := a.Arg(0); b.Op() == term.OpNot || c.isActive(b) {
				return false
			}
		case term.OpOr:
			// (a disjunction of constraints is one constraint)
			if c.isActive(a) {
				return false
			}
		case term.OpFalse, term.OpImplies, term.OpForall, term.OpExists:
			return false
		}
		if c.rd.pred(a) == nil && (c.isActive(a) || a.HasQuantifier()) {
			return false
		}
		cl = append(cl, lit{a, true})
		return true
	}
	if !add(body) {
		return nil, false
	}
	if head.Op() != term.OpFalse {
		cl = append(cl, lit{head, false})
	}
	return cl, true
}

// clauses converts the assertion t (a closed formula) into clauses over
// fresh constants; locals are the constants its quantifiers opened into.
func (c *clausifier) clauses(t *term.Term) (cls cnf, locals []*term.Term, err error) {
	c.locals = c.locals[:0]
	clear(c.memo)
	if c.active.Len() > 1<<12 {
		// the memo of isActive serves within an assertion: do not let
		// it grow with the script
		c.active.Clear()
	}
	if t.Op() == term.OpForall {
		// The rule's literals are opened one by one: the opened body and
		// its implication would be terms the store keeps for nothing.
		n := t.NumArgs() - 1
		if cl, ok := c.rule(t.Arg(n)); ok {
			vars := t.Args()[:n]
			consts := c.fresh(vars)
			ts := make([]*term.Term, len(cl))
			for i, l := range cl {
				ts[i] = l.t
			}
			for i, u := range c.st.SubstituteTerms(ts, vars, consts) {
				cl[i].t = u
			}
			return cnf{cl}, append([]*term.Term(nil), c.locals...), nil
		}
		// convert opens a universal quantifier at the top first too
		t = c.open(t)
	} else if cl, ok := c.rule(t); ok {
		return cnf{cl}, append([]*term.Term(nil), c.locals...), nil
	}
	cls, err = c.convert(t, false)
	if err != nil {
		return nil, nil, err
	}
	return cls, append([]*term.Term(nil), c.locals...), nil
}
