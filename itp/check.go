package itp

import (
	"context"
	"errors"
	"fmt"

	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// selfCheck makes every entry point check its answer with Check before
// returning it (tests turn it on; see export_test.go).
var selfCheck = false

// Check reports whether I is an interpolant of A and B: every constant
// and function symbol of I occurs in both A and B, A ∧ ¬I is
// unsatisfiable and I ∧ B is unsatisfiable. Each satisfiability question
// goes to a fresh smt.Solver; an Unknown answer is an error too.
func Check(st *term.Store, A, B, I *term.Term) error {
	return CheckContext(context.Background(), st, A, B, I)
}

// CheckContext is Check under a context.
func CheckContext(ctx context.Context, st *term.Store, A, B, I *term.Term) error {
	if err := boolFormulas(A, B, I); err != nil {
		return err
	}
	if err := checkVocabulary(I, []*term.Term{A}, []*term.Term{B}); err != nil {
		return err
	}
	if err := unsat(ctx, st, A, st.Not(I)); err != nil {
		return fmt.Errorf("A does not imply I: %w", err)
	}
	if err := unsat(ctx, st, I, B); err != nil {
		return fmt.Errorf("I ∧ B: %w", err)
	}
	return nil
}

// CheckSequence reports whether I[0..n-2] is a sequence interpolant of
// A[0..n-1]: with I_-1 = true and I_n-1 = false, A[0] ⇒ I[0], I[j-1] ∧
// A[j] ⇒ I[j], I[n-2] ∧ A[n-1] unsatisfiable, and each I[j] only over
// symbols that occur both in A[0..j] and in A[j+1..n-1].
func CheckSequence(st *term.Store, A, I []*term.Term) error {
	if len(I) != len(A)-1 {
		return fmt.Errorf("itp: %d interpolants for %d formulas", len(I), len(A))
	}
	if err := boolFormulas(append(append([]*term.Term(nil), A...), I...)...); err != nil {
		return err
	}
	ctx := context.Background()
	for j, ij := range I {
		if err := checkVocabulary(ij, A[:j+1], A[j+1:]); err != nil {
			return fmt.Errorf("interpolant %d: %w", j, err)
		}
	}
	prev := st.True()
	for j, a := range A {
		next := st.False()
		if j < len(I) {
			next = I[j]
		}
		if err := unsat(ctx, st, prev, a, st.Not(next)); err != nil {
			return fmt.Errorf("interpolant %d: I_%d ∧ A_%d does not imply it: %w", j, j-1, j, err)
		}
		prev = next
	}
	return nil
}

// CheckTree reports whether I is a tree interpolant of the formulas A of
// a tree given by parent (parent[j] > j, or -1 for the root, which must
// be the last node): for every node j, the conjunction of its children's
// interpolants and A[j] implies I[j]; I[root] is false; and every I[j] is
// over symbols that occur both in the subtree of j and outside it.
func CheckTree(st *term.Store, A []*term.Term, parent []int, I []*term.Term) error {
	n := len(A)
	if err := checkTreeShape(parent, n); err != nil {
		return err
	}
	if len(I) != n {
		return fmt.Errorf("itp: %d interpolants for %d nodes", len(I), n)
	}
	if err := boolFormulas(append(append([]*term.Term(nil), A...), I...)...); err != nil {
		return err
	}
	if !I[n-1].IsFalse() {
		return fmt.Errorf("itp: the root's interpolant is %v, not false", I[n-1])
	}
	ctx := context.Background()
	for j := 0; j < n-1; j++ {
		in, out := subtree(parent, j, A)
		if err := checkVocabulary(I[j], in, out); err != nil {
			return fmt.Errorf("node %d: %w", j, err)
		}
	}
	for j := 0; j < n; j++ {
		fs := []*term.Term{A[j], st.Not(I[j])}
		for c := 0; c < j; c++ {
			if parent[c] == j {
				fs = append(fs, I[c])
			}
		}
		if err := unsat(ctx, st, fs...); err != nil {
			return fmt.Errorf("node %d: its children and formula do not imply its interpolant: %w", j, err)
		}
	}
	return nil
}

// checkTreeShape checks that parent describes a tree whose nodes come
// after their children and whose root is the last node.
func checkTreeShape(parent []int, n int) error {
	if n == 0 || len(parent) != n {
		return fmt.Errorf("itp: a tree of %d nodes needs %d parents, got %d", n, n, len(parent))
	}
	for j, p := range parent {
		switch {
		case j == n-1 && p != -1:
			return fmt.Errorf("itp: the last node must be the root, it has parent %d", p)
		case j < n-1 && (p <= j || p >= n):
			return fmt.Errorf("itp: node %d has parent %d: parents must come after their children", j, p)
		}
	}
	return nil
}

// subtree splits A into the formulas of the subtree rooted at j and the
// others.
func subtree(parent []int, j int, A []*term.Term) (in, out []*term.Term) {
	for k := range A {
		u := k
		for u < j {
			u = parent[u]
		}
		if u == j {
			in = append(in, A[k])
		} else {
			out = append(out, A[k])
		}
	}
	return in, out
}

// boolFormulas reports the first argument that is nil or not Boolean.
func boolFormulas(fs ...*term.Term) error {
	for _, f := range fs {
		if f == nil {
			return fmt.Errorf("itp: nil formula")
		}
		if !f.Sort().IsBool() {
			return fmt.Errorf("itp: %v is of sort %v, not Bool", f, f.Sort())
		}
	}
	return nil
}

// errSat is unsat's answer for a satisfiable conjunction.
var errSat = errors.New("satisfiable")

// unsat reports an error unless the conjunction of fs is unsatisfiable.
func unsat(ctx context.Context, st *term.Store, fs ...*term.Term) error {
	s := smt.New(st, smt.Options{})
	for _, f := range fs {
		if err := s.Assert(f); err != nil {
			return err
		}
	}
	r, err := s.Check(ctx)
	if err != nil {
		return err
	}
	switch r {
	case smt.Unsat:
		return nil
	case smt.Sat:
		return errSat
	}
	return fmt.Errorf("unknown (%s)", s.ReasonUnknown())
}

// symbols is a set of constants and function symbols.
type symbols struct {
	consts map[*term.Term]bool
	funcs  map[*term.Func]bool
}

func symbolsOf(fs []*term.Term) symbols {
	s := symbols{consts: map[*term.Term]bool{}, funcs: map[*term.Func]bool{}}
	for _, f := range fs {
		for _, c := range term.FreeConsts(f) {
			s.consts[c] = true
		}
		for _, g := range term.Funcs(f) {
			s.funcs[g] = true
		}
	}
	return s
}

// checkVocabulary reports the first symbol of I (in ID order) that does
// not occur both in the formulas A and in the formulas B.
func checkVocabulary(I *term.Term, A, B []*term.Term) error {
	a, b := symbolsOf(A), symbolsOf(B)
	for _, c := range term.FreeConsts(I) {
		if !a.consts[c] || !b.consts[c] {
			return fmt.Errorf("itp: interpolant mentions %v, which A and B do not share", c)
		}
	}
	for _, g := range term.Funcs(I) {
		if !a.funcs[g] || !b.funcs[g] {
			return fmt.Errorf("itp: interpolant applies %v, which A and B do not share", g.Name())
		}
	}
	return nil
}
