package smt

// # Symmetry breaking (Options.Symmetry)
//
// Formulas over uninterpreted sorts are often invariant under permuting
// some constants: the quasigroup families (yices2 qg) state the same
// axioms for e0, ..., e5, so every model comes with its images under all
// permutations of the e's, and every conflict the search learns has as
// many symmetric copies it must learn again. The algorithm of Déharbe,
// Fontaine, Merz and Woltzenlogel Paleo ("Exploiting symmetry in SMT
// problems", CADE 2011; z3's symmetry-reduce tactic, which z3 runs on
// QF_UF) adds constraints that keep one model of each orbit:
//
//   - candidates: constants of one uninterpreted sort that occur equally
//     often at equal depth (a cheap necessary condition);
//   - a candidate set C is symmetric when the formula, normalised (the
//     arguments of and, or, distinct and = sorted), is unchanged by the
//     swap of its first two constants and by the cycle through all of them:
//     these two permutations generate every permutation of C, and
//     syntactic equality after normalisation implies equivalence;
//   - the terms t with a conjunct (or (= t c) ...) over constants c of C
//     are range restricted; for each such t in turn, with cts the
//     constants used so far plus those of C occurring in t, and c a
//     constant of C not in cts, the formula is strengthened by
//     t ∈ cts ∪ {c}.
//
// Sound (equisatisfiable): the strengthened formula stays invariant under
// the permutations of R = C \ cts, which t does not mention; a model where
// t equals some r ∈ R and no constant of cts becomes, by swapping r with c
// (both in R), a model where t = c, and t equals a constant of C in every
// model by its range restriction. So a model of the formula is a model of
// the input, and unsat of the strengthened formula is unsat of the input.
//
// Check adds the constraints for one call, under an activation literal it
// retires afterwards, computed over every assertion in force and the
// assumptions: later assertions that break the symmetry find nothing of
// it left. Proof-producing solvers never use it (the constraints are not
// consequences of the input).

import (
	"slices"

	"github.com/seed-f9c3434d/gospacer/term"
)

// maxSymmetryTerms bounds the formula size symmetry detection looks at:
// each invariance test rebuilds the formula.
const maxSymmetryTerms = 200000

// maxSwapTests bounds the invariance tests (each rebuilds the formula).
const maxSwapTests = 64

// symNormalizer normalises formulas modulo the order of the arguments of
// and, or, distinct and =.
type symNormalizer struct {
	st   *term.Store
	memo map[*term.Term]*term.Term
}

func (n *symNormalizer) norm(t *term.Term) *term.Term {
	if r, ok := n.memo[t]; ok {
		return r
	}
	r := t
	if t.NumArgs() > 0 && t.Op() != term.OpForall && t.Op() != term.OpExists {
		args := make([]*term.Term, t.NumArgs())
		changed := false
		for i, a := range t.Args() {
			args[i] = n.norm(a)
			changed = changed || args[i] != a
		}
		if op := t.Op(); op == term.OpAnd || op == term.OpOr {
			// Flattened: (and (and a b) c) is (and a b c).
			flat := args[:0:0]
			for _, a := range args {
				if a.Op() == op {
					flat = append(flat, a.Args()...)
				} else {
					flat = append(flat, a)
				}
			}
			if len(flat) != len(args) {
				args, changed = flat, true
			}
		}
		switch t.Op() {
		case term.OpAnd, term.OpOr, term.OpDistinct, term.OpEq:
			if !slices.IsSortedFunc(args, byID) {
				slices.SortFunc(args, byID)
				changed = true
			}
		}
		if changed {
			r = n.st.Rebuild(t, args)
		}
	}
	n.memo[t] = r
	return r
}

func byID(a, b *term.Term) int {
	switch {
	case a.ID() < b.ID():
		return -1
	case a.ID() > b.ID():
		return 1
	}
	return 0
}

// symmetryBreaking returns constraints that preserve the satisfiability
// of the conjunction of fs and break the symmetries it finds (see above).
func symmetryBreaking(st *term.Store, fs []*term.Term) []*term.Term {
	if len(fs) == 0 {
		return nil
	}
	// Occurrences, depths and size over the DAG.
	occs := map[*term.Term]int{}
	depth := map[*term.Term]int{}
	var consts []*term.Term
	type item struct {
		t *term.Term
		d int
	}
	var todo []item
	for _, f := range fs {
		todo = append(todo, item{f, 0})
	}
	visited := map[*term.Term]bool{}
	for work := 0; len(todo) > 0; work++ {
		if work > 4*maxSymmetryTerms {
			return nil
		}
		it := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if d, ok := depth[it.t]; ok && it.d <= d {
			continue
		}
		depth[it.t] = it.d
		if len(depth) > maxSymmetryTerms {
			return nil
		}
		if it.t.Op() == term.OpForall || it.t.Op() == term.OpExists {
			return nil
		}
		first := !visited[it.t]
		visited[it.t] = true
		if first && it.t.Op() == term.OpConst && it.t.Sort().IsUninterpreted() {
			consts = append(consts, it.t)
		}
		for _, a := range it.t.Args() {
			if first {
				occs[a]++
			}
			todo = append(todo, item{a, it.d + 1})
		}
	}
	// Candidate sets: constants of one sort, occurrence count and depth.
	type color struct {
		s    *term.Sort
		o, d int
	}
	slices.SortFunc(consts, byID)
	groups := map[color][]*term.Term{}
	var order []color
	for _, c := range consts {
		k := color{c.Sort(), occs[c], depth[c]}
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], c)
	}
	n := &symNormalizer{st: st, memo: map[*term.Term]*term.Term{}}
	var phi *term.Term // normalised when a candidate set needs it
	var out []*term.Term
	budget := maxSwapTests
	for _, k := range order {
		C := groups[k]
		if len(C) < 2 || k.o < 2 {
			continue
		}
		if phi == nil {
			phi = n.norm(st.And(fs...))
		}
		if len(rangeRestricted(phi, C)) == 0 {
			continue // nothing to restrict: no invariance tests
		}
		for _, K := range symClasses(n, phi, C, &budget) {
			phi, out = n.breakClass(phi, K, occs, &budget, out)
		}
	}
	return out
}

// breakClass adds to out the symmetry-breaking constraints for the class
// K of interchangeable constants, when phi (which may have gained
// constraints since K was found) is still invariant under K's
// permutations, and returns phi with them.
func (n *symNormalizer) breakClass(phi *term.Term, C []*term.Term, occs map[*term.Term]int, budget *int, out []*term.Term) (*term.Term, []*term.Term) {
	st := n.st
	if len(C) < 2 {
		return phi, out
	}
	for _, c := range C[1:] {
		if *budget <= 0 {
			return phi, out
		}
		*budget--
		if !swapInvariant(n, phi, C[0], c) {
			return phi, out
		}
	}
	{
		T := rangeRestricted(phi, C)
		var cts []*term.Term
		for len(T) > 0 && len(cts) < len(C) {
			i := promising(T, cts, C, occs)
			t := T[i]
			T = slices.Delete(T, i, i+1)
			cts = usedIn(t, cts, C)
			var pick *term.Term
			for _, x := range C {
				if !slices.Contains(cts, x) {
					pick = x
					break
				}
			}
			if pick == nil {
				break
			}
			cts = append(cts, pick)
			eqs := make([]*term.Term, len(cts))
			for j, x := range cts {
				eqs[j] = st.Eq(t, x)
			}
			mem := st.Or(eqs...)
			if len(eqs) == 1 {
				mem = eqs[0]
			}
			out = append(out, mem)
			phi = n.norm(st.And(phi, mem))
		}
	}
	return phi, out
}

// swapInvariant reports whether phi (normalised) is unchanged by the
// swap of the constants a and b.
func swapInvariant(n *symNormalizer, phi, a, b *term.Term) bool {
	swap := map[*term.Term]*term.Term{a: b, b: a}
	return n.norm(n.st.SubstituteMap(phi, swap)) == phi
}

// symClasses splits the candidate set C into the classes of constants
// interchangeable in phi: a and b are in one class when swapping them
// leaves phi unchanged. That is an equivalence (the swap of a and c is
// the swap of a and b conjugated by the swap of b and c), and the
// transpositions within a class generate all its permutations. It stops
// after budget swap tests.
func symClasses(n *symNormalizer, phi *term.Term, C []*term.Term, budget *int) [][]*term.Term {
	var classes [][]*term.Term
	for _, c := range C {
		placed := false
		for i, K := range classes {
			if *budget <= 0 {
				return nil
			}
			*budget--
			if swapInvariant(n, phi, K[0], c) {
				classes[i] = append(K, c)
				placed = true
				break
			}
		}
		if !placed {
			classes = append(classes, []*term.Term{c})
		}
	}
	return classes
}

// rangeRestricted returns the terms t with a conjunct of phi of the form
// (or (= t c1) ... (= t ck)), each ci in C, in order of first
// occurrence.
func rangeRestricted(phi *term.Term, C []*term.Term) []*term.Term {
	var T []*term.Term
	seen := map[*term.Term]bool{}
	done := map[*term.Term]bool{}
	todo := []*term.Term{phi}
	for len(todo) > 0 {
		f := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if done[f] {
			continue
		}
		done[f] = true
		if f.Op() == term.OpAnd {
			for i := f.NumArgs() - 1; i >= 0; i-- {
				todo = append(todo, f.Arg(i))
			}
			continue
		}
		if t := restriction(f, C); t != nil && !seen[t] {
			seen[t] = true
			T = append(T, t)
		}
	}
	return T
}

func restriction(f *term.Term, C []*term.Term) *term.Term {
	if f.Op() != term.OpOr {
		return nil
	}
	var t *term.Term
	for _, e := range f.Args() {
		if e.Op() != term.OpEq || e.NumArgs() != 2 {
			return nil
		}
		a, b := e.Arg(0), e.Arg(1)
		switch {
		case slices.Contains(C, a) && (t == nil || t == b):
			t = b
		case slices.Contains(C, b) && (t == nil || t == a):
			t = a
		default:
			return nil
		}
	}
	return t
}

// usedIn appends to cts the constants of C that occur in t and are not
// in cts yet.
func usedIn(t *term.Term, cts, C []*term.Term) []*term.Term {
	seen := map[*term.Term]bool{}
	todo := []*term.Term{t}
	for len(todo) > 0 {
		u := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if seen[u] {
			continue
		}
		seen[u] = true
		if slices.Contains(C, u) && !slices.Contains(cts, u) {
			cts = append(cts, u)
		}
		todo = append(todo, u.Args()...)
	}
	return cts
}

// promising returns the index in T of the next term to restrict: fewer
// arguments first, then more occurrences, then fewer new constants of C.
func promising(T, cts, C []*term.Term, occs map[*term.Term]int) int {
	delta := func(t *term.Term) int {
		if len(cts) == len(C) {
			return 0
		}
		return len(usedIn(t, slices.Clone(cts), C)) - len(cts)
	}
	best := 0
	w, d := occs[T[0]], delta(T[0])
	for i := 1; i < len(T); i++ {
		t, b := T[i], T[best]
		w1 := occs[t]
		if w1 < w && b.NumArgs() <= t.NumArgs() {
			continue
		}
		d1 := delta(t)
		if b.NumArgs() == t.NumArgs() && (w1 > w || d1 < d) || b.NumArgs() > t.NumArgs() {
			best, w, d = i, w1, d1
		}
	}
	return best
}
