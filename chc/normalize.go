package chc

import (
	"fmt"
	"slices"
	"sync"

	"github.com/seed-f9c3434d/gospacer/term"
)

// Normalize checks a system built by hand and returns it in the normal
// form that the preprocessing passes and the engines take (Read's):
// every argument of every atom a distinct clause variable, every constant
// of a clause among its Vars, no clause variable that is also a
// predicate's parameter. An argument that is a term, or a variable already
// used as an argument, becomes a fresh variable a with a = term in the
// constraint; constants the clause mentions but Vars lacks join Vars (so
// Vars may be left nil); a nil constraint means true. A system with
// Relaxed set stays in the relaxed clause form (see System.Relaxed): the
// arguments of one atom distinct variables, a variable shared by two
// atoms left shared.
//
// A system the reader made, or a copy Normalize made, that holds the
// same predicates, clauses, atoms and terms as then is normal without a
// look at its terms (see normalMark): Normalize gives it back at the cost
// of comparing pointers.
//
// The result is sys itself when it is already normal, else a new System
// over the same store and the same predicates (so a model of one is a
// model of the other), its clauses new, each with the Origin of the one it
// comes from or "clause i". sys is never changed.
//
// What Normalize cannot normalise is an error naming the clause (a
// *ClauseError) or the predicate: a predicate that is not the
// system's (Pred.ID is its index in Preds), an atom of the wrong arity or
// sorts, a predicate or a quantifier inside a constraint or an argument,
// an uninterpreted function, a sort other than Bool, Int, Real,
// bit-vectors and arrays of them.
func Normalize(sys *System) (*System, error) {
	if sys == nil || sys.St == nil {
		return nil, fmt.Errorf("a system needs a term store (System.St)")
	}
	if sys.normal != nil && sys.normal.holds(sys) {
		return sys, nil
	}
	n := &normalizer{sys: sys, st: sys.St, isParam: map[*term.Term]bool{}, predFunc: map[*term.Func]bool{}}
	if err := n.decls(); err != nil {
		return nil, err
	}
	changed := false
	out := make([]*Clause, len(sys.Clauses))
	for i, c := range sys.Clauses {
		if c == nil {
			return nil, fmt.Errorf("clause %d is nil", i)
		}
		nc, err := n.clause(i, c)
		if err != nil {
			return nil, err
		}
		out[i] = nc
		changed = changed || nc != c
	}
	if !changed {
		return sys, nil
	}
	cp := *sys
	cp.Clauses = out
	markNormal(&cp)
	return &cp, nil
}

type normalizer struct {
	sys      *System
	st       *term.Store
	isParam  map[*term.Term]bool
	predFunc map[*term.Func]bool
	// the tables of one clause, kept for the next: the variables seen,
	// the argument variables taken
	seen term.TermMap[*term.Term] // (each maps to itself: exact for a term of another store)
	used term.TermMap[int]
}

// decls checks each predicate's declaration: its index, a Boolean symbol
// over supported sorts, distinct parameter constants of the domain's
// sorts.
func (n *normalizer) decls() error {
	for i, p := range n.sys.Preds {
		if p == nil || p.Func == nil {
			return fmt.Errorf("predicate %d is nil or has no symbol", i)
		}
		bad := func(format string, args ...any) error {
			return fmt.Errorf("predicate %s: %s", term.QuoteSymbol(p.Name()), fmt.Sprintf(format, args...))
		}
		if p.ID != i {
			return bad("ID %d at index %d of Preds (make predicates with System.NewPred)", p.ID, i)
		}
		if p.Func.Range() != term.BoolSort {
			return bad("of range %s, not Bool", p.Func.Range())
		}
		dom := p.Func.Domain()
		if len(p.Params) != len(dom) {
			return bad("%d parameters for arity %d", len(p.Params), len(dom))
		}
		for k, x := range p.Params {
			switch {
			case !supportedSort(dom[k]):
				return bad("sort %s is not supported (Bool, Int, Real, bit-vectors, datatypes and arrays of them are)", dom[k])
			case x == nil || !x.IsConst() || x.Sort() != dom[k]:
				return bad("parameter %d is not a constant of sort %s", k, dom[k])
			case n.isParam[x]:
				return bad("parameter %s is also a parameter of another predicate or position", x.Name())
			}
			n.isParam[x] = true
		}
		n.predFunc[p.Func] = true
	}
	return nil
}

// clause is c normalised (c itself when it already is), or the error.
func (n *normalizer) clause(i int, c *Clause) (*Clause, error) {
	st := n.st
	bad := func(format string, args ...any) error {
		return &ClauseError{Index: i, Clause: c, Msg: fmt.Sprintf(format, args...)}
	}
	cons := c.Constraint
	if cons == nil {
		cons = st.True()
	}
	if cons.Sort() != term.BoolSort {
		return nil, bad("the constraint is of sort %s, not Bool", cons.Sort())
	}
	if err := n.plainTerm(cons); err != "" {
		return nil, bad("the constraint %s", err)
	}
	atoms := make([]*Atom, 0, len(c.Body)+1)
	if c.Head != nil {
		atoms = append(atoms, c.Head)
	}
	for j := range c.Body {
		atoms = append(atoms, &c.Body[j])
	}
	for _, a := range atoms {
		p := a.Pred
		if p == nil || p.ID < 0 || p.ID >= len(n.sys.Preds) || n.sys.Preds[p.ID] != p {
			return nil, bad("an atom's predicate is not one of the system's")
		}
		if len(a.Args) != p.Arity() {
			return nil, bad("%s applied to %d arguments, its arity is %d", term.QuoteSymbol(p.Name()), len(a.Args), p.Arity())
		}
		for k, x := range a.Args {
			if x == nil || x.Sort() != p.Params[k].Sort() {
				return nil, bad("argument %d of %s is not of sort %s", k, term.QuoteSymbol(p.Name()), p.Params[k].Sort())
			}
			if err := n.plainTerm(x); err != "" {
				return nil, bad("argument %d of %s %s", k, term.QuoteSymbol(p.Name()), err)
			}
		}
	}

	if c.Constraint != nil && n.normal(c, atoms) {
		return c, nil // (what the code below finds, without its tables)
	}

	// the variables: Vars, then the constants of the atoms and the
	// constraint in order of appearance; a predicate's parameter is renamed
	vars := make([]*term.Term, 0, len(c.Vars))
	seen := &n.seen
	defer seen.Clear()
	var from, to []*term.Term
	addVar := func(x *term.Term) {
		if seen.Get(x) == x {
			return
		}
		seen.Set(x, x)
		if n.isParam[x] {
			y := st.Fresh(x.Name(), x.Sort())
			from, to = append(from, x), append(to, y)
			x = y
		}
		vars = append(vars, x)
	}
	for _, x := range c.Vars {
		if x == nil || !x.IsConst() {
			return nil, bad("Vars holds %v, not a constant", x)
		}
		if n.predFunc[x.Func()] {
			return nil, bad("Vars holds the predicate %s", term.QuoteSymbol(x.Name()))
		}
		addVar(x)
	}
	for _, a := range atoms {
		for _, x := range a.Args {
			for _, y := range term.FreeConsts(x) {
				addVar(y)
			}
		}
	}
	for _, y := range term.FreeConsts(cons) {
		addVar(y)
	}
	rename := func(t *term.Term) *term.Term {
		if len(from) == 0 {
			return t
		}
		return st.Substitute(t, from, to)
	}

	// the atoms: each argument a distinct variable
	changed := len(from) > 0 || c.Constraint == nil || !slices.Equal(vars, c.Vars)
	args := argVars{st: st, isVar: (*term.Term).IsConst, relaxed: n.sys.Relaxed, used: &n.used}
	defer n.used.Clear()
	atom := func(a *Atom) Atom {
		renamed := make([]*term.Term, len(a.Args))
		for k, x := range a.Args {
			renamed[k] = rename(x)
		}
		return args.atom(a.Pred, renamed, func(v *term.Term, fresh bool) {
			if fresh {
				vars = append(vars, v)
				changed = true
			}
		})
	}
	nc := &Clause{Origin: c.Origin}
	if c.Head != nil {
		h := atom(c.Head)
		nc.Head = &h
	}
	for j := range c.Body {
		nc.Body = append(nc.Body, atom(&c.Body[j]))
	}
	if !changed {
		return c, nil
	}
	if nc.Origin == "" {
		nc.Origin = fmt.Sprintf("clause %d", i)
	}
	nc.Constraint = rename(cons)
	if len(args.eqs) > 0 {
		nc.Constraint = st.And(append([]*term.Term{nc.Constraint}, args.eqs...)...)
	}
	nc.Vars = vars
	return nc, nil
}

// normal reports whether c (with a constraint, its atoms checked) is in
// normal form as it is: distinct constant Vars, none a predicate or a
// parameter; the atoms' arguments distinct variables of Vars (those of
// one atom, for a relaxed system); the constraint's constants among Vars. The reader's clauses are: Normalize
// then gives c itself without building its copy. false leaves the clause
// (and the error, if any) to clause.
func (n *normalizer) normal(c *Clause, atoms []*Atom) bool {
	in := &n.seen // a variable of Vars maps to itself
	defer in.Clear()
	taken := &n.used
	defer taken.Clear()
	for _, x := range c.Vars {
		if x == nil || !x.IsConst() || !InStore(n.st, x) || in.Get(x) == x || n.predFunc[x.Func()] || n.isParam[x] {
			return false
		}
		in.Set(x, x)
	}
	for j, a := range atoms {
		for _, x := range a.Args {
			last := taken.Get(x)
			if in.Get(x) != x || last == j+1 || (last != 0 && !n.sys.Relaxed) {
				return false
			}
			taken.Set(x, j+1)
		}
	}
	for _, x := range term.FreeConsts(c.Constraint) {
		if in.Get(x) != x {
			return false
		}
	}
	return true
}

// argVars gives atoms the normal form's arguments, for the reader and
// Normalize alike: an argument that isVar accepts and no earlier argument
// took stays; any other becomes a fresh variable a, with the equality
// a = argument in eqs. In the strict form every argument of the clause
// is then a distinct variable; with relaxed, only those of one atom are
// (System.Relaxed): a variable an earlier atom took stays shared.
type argVars struct {
	st      *term.Store
	isVar   func(*term.Term) bool
	relaxed bool
	// used is, per variable taken, the number of the last atom that
	// took it (from 1; 0 when none)
	used  *term.TermMap[int]
	atoms int
	eqs   []*term.Term // the fresh variables' equalities, in order
}

// atom is p applied to args in normal form; took receives each argument
// variable the first time the clause takes it, in order, fresh when it
// is new.
func (av *argVars) atom(p *Pred, args []*term.Term, took func(v *term.Term, fresh bool)) Atom {
	av.atoms++
	out := make([]*term.Term, len(args))
	for k, x := range args {
		if av.isVar(x) {
			switch last := av.used.Get(x); {
			case last == 0:
				av.used.Set(x, av.atoms)
				out[k] = x
				took(x, false)
				continue
			case av.relaxed && last != av.atoms:
				av.used.Set(x, av.atoms)
				out[k] = x
				continue
			}
		}
		v := av.st.Fresh("a", x.Sort())
		av.used.Set(v, av.atoms)
		av.eqs = append(av.eqs, av.st.Eq(v, x))
		out[k] = v
		took(v, true)
	}
	return Atom{Pred: p, Args: out}
}

// plainTerm says what makes t unfit for a clause ("" when nothing): a
// quantifier, a predicate, an uninterpreted function.
func (n *normalizer) plainTerm(t *term.Term) string {
	if t.HasQuantifier() || t.HasBound() {
		return "has a quantifier or a bound variable"
	}
	for u := range term.PostOrder(t) {
		if !InStore(n.st, u) {
			return "has a term of another store (" + term.Sprint(u) + ")"
		}
		switch u.Op() {
		case term.OpConst:
			if n.predFunc[u.Func()] {
				return "mentions the predicate " + term.QuoteSymbol(u.Name())
			}
			if !supportedSort(u.Sort()) {
				return fmt.Sprintf("has %s of sort %s (Bool, Int, Real, bit-vectors, datatypes and arrays of them are supported)", term.QuoteSymbol(u.Name()), u.Sort())
			}
		case term.OpApply:
			if n.predFunc[u.Func()] {
				return "applies the predicate " + term.QuoteSymbol(u.Func().Name())
			}
			return "applies the uninterpreted function " + term.QuoteSymbol(u.Func().Name()) + " (not supported in CHCs)"
		}
	}
	return ""
}

// InStore reports whether t was built in st.
func InStore(st *term.Store, t *term.Term) bool {
	id := int(t.ID())
	return id < st.NumTerms() && st.Term(t.ID()) == t
}

// A ClauseError names the clause a witness fails on.
type ClauseError struct {
	Index  int // in System.Clauses
	Clause *Clause
	Msg    string
}

func (e *ClauseError) Error() string {
	return fmt.Sprintf("clause %d (%s): %s", e.Index, e.Clause.Origin, e.Msg)
}

// CheckPreds reports a predicate of s whose ID is not its index, or a
// clause with an atom of a predicate that is not one of s: the passes
// index their tables by ID.
func CheckPreds(poll *Budget, s *System) error {
	for i, p := range s.Preds {
		if p == nil || p.ID != i {
			return fmt.Errorf("chc: predicate %d of the system has ID %d", i, p.ID)
		}
	}
	ours := func(a *Atom) bool {
		return a.Pred != nil && a.Pred.ID >= 0 && a.Pred.ID < len(s.Preds) && s.Preds[a.Pred.ID] == a.Pred && len(a.Args) == a.Pred.Arity()
	}
	for i, c := range s.Clauses {
		if err := poll.Step(); err != nil {
			return err
		}
		ok := c.Head == nil || ours(c.Head)
		for j := range c.Body {
			ok = ok && ours(&c.Body[j])
		}
		if !ok {
			return &ClauseError{i, c, "an atom's predicate is not one of the system's, or has the wrong number of arguments"}
		}
	}
	return nil
}

// CheckNormal reports the first clause of s that is not normalised: an
// atom argument that is not a constant, two atom arguments that are the
// same variable, or a constant of an atom or the constraint missing from
// Vars (and what CheckPreds reports).
func CheckNormal(poll *Budget, s *System) error {
	if err := CheckPreds(poll, s); err != nil {
		return err
	}
	for i, c := range s.Clauses {
		if err := poll.Step(); err != nil {
			return err
		}
		if err := CheckClauseNormal(i, c); err != nil {
			return err
		}
	}
	return nil
}

// CheckClauseNormal is CheckNormal's test of one clause, the i-th of its
// system, whose atoms CheckPreds accepts: nil, or the *ClauseError that
// says what is not normalised.
func CheckClauseNormal(i int, c *Clause) error {
	return CheckClauseNormalIn(nil, i, c)
}

// CheckClauseNormalIn is CheckClauseNormal, with the free constants of
// the constraint from st's memo (term.Store.SharedFreeConsts) when st is
// not nil: a pass that checks clauses another pass built meets their
// conjuncts again.
func CheckClauseNormalIn(st *term.Store, i int, c *Clause) error {
	return checkClauseForm(st, i, c, false)
}

// CheckClauseRelaxedIn is CheckClauseNormalIn for the relaxed clause form
// of preprocessing: two atoms may share a variable, the arguments of one
// atom are distinct.
func CheckClauseRelaxedIn(st *term.Store, i int, c *Clause) error {
	return checkClauseForm(st, i, c, true)
}

func checkClauseForm(st *term.Store, i int, c *Clause, relaxed bool) error {
	if !relaxed && normalSmall(c) {
		return nil
	}
	// the clause's variables and the atom arguments met, each mapped to
	// itself (recycled tables by ID, not two maps per clause; a term of
	// another store with the ID of one maps to another term)
	varOf, seen := normalMarks.Get().(*term.TermMap[*term.Term]), normalMarks.Get().(*term.TermMap[*term.Term])
	defer func() {
		varOf.Clear()
		seen.Clear()
		normalMarks.Put(varOf)
		normalMarks.Put(seen)
	}()
	for _, v := range c.Vars {
		varOf.Set(v, v)
	}
	vars := func(x *term.Term) bool { return varOf.Get(x) == x }
	bad := ""
	check := func(a *Atom) {
		if relaxed {
			seen.Clear()
		}
		for _, x := range a.Args {
			switch {
			case bad != "":
			case !x.IsConst():
				bad = "an argument of " + a.Pred.Name() + " is not a variable"
			case seen.Get(x) == x:
				bad = "variable " + x.Name() + " is two atom arguments"
			case !vars(x):
				bad = "argument " + x.Name() + " is not a clause variable"
			}
			seen.Set(x, x)
		}
	}
	if c.Head != nil {
		check(c.Head)
	}
	for j := range c.Body {
		check(&c.Body[j])
	}
	if bad == "" {
		var fc []*term.Term
		if st != nil {
			fc = st.SharedFreeConsts(c.Constraint)
		} else {
			fc = term.FreeConsts(c.Constraint)
		}
		for _, x := range fc {
			if !vars(x) {
				bad = "constant " + x.Name() + " of the constraint is not a clause variable"
				break
			}
		}
	}
	if bad != "" {
		return &ClauseError{i, c, "not normalised: " + bad}
	}
	return nil
}

// normalMarks recycles the tables of CheckClauseNormalIn.
var normalMarks = sync.Pool{New: func() any { return new(term.TermMap[*term.Term]) }}

// normalSmall reports whether c, with few variables, is normalised, by
// scans of its Vars instead of the maps CheckClauseNormal builds; false
// leaves the answer (and the message) to CheckClauseNormal.
func normalSmall(c *Clause) bool {
	const small = 16
	if len(c.Vars) > small {
		return false
	}
	var args [small]*term.Term
	n := 0
	ok := func(a *Atom) bool {
		for _, x := range a.Args {
			if n == small || !x.IsConst() || slices.Contains(args[:n], x) || !slices.Contains(c.Vars, x) {
				return false
			}
			args[n] = x
			n++
		}
		return true
	}
	if c.Head != nil && !ok(c.Head) {
		return false
	}
	for j := range c.Body {
		if !ok(&c.Body[j]) {
			return false
		}
	}
	for u := range term.PostOrder(c.Constraint) {
		if u.Op() == term.OpConst && !slices.Contains(c.Vars, u) {
			return false
		}
	}
	return true
}
