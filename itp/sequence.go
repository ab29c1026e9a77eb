package itp

import (
	"context"
	"errors"
	"fmt"

	"github.com/seed-f9c3434d/gospacer/term"
)

// Interpolate returns an interpolant of A and B, whose conjunction must be
// unsatisfiable: I over the symbols they share with A ⇒ I and I ∧ B
// unsatisfiable, computed from smt's refutation of A ∧ B by McMillan's
// system (see doc.go). It returns ErrSatisfiable when A ∧ B is
// satisfiable, and an error wrapping ErrUnsupported when a proof step is
// out of reach.
func Interpolate(st *term.Store, A, B *term.Term) (*term.Term, error) {
	return Binary(context.Background(), st, A, B)
}

// Binary is Interpolate under a context: the interpolant of A and B
// (unsatisfiable together), or ErrSatisfiable, an error wrapping
// ErrUnsupported, or the context's error.
func Binary(ctx context.Context, st *term.Store, A, B *term.Term) (*term.Term, error) {
	is, err := SequenceContext(ctx, st, []*term.Term{A, B})
	if err != nil {
		return nil, err
	}
	return is[0], nil
}

// Sequence returns a sequence interpolant of parts (at least two
// formulas, at most MaxParts, unsatisfiable together): I[0..n-2] with
// parts[0] ⇒ I[0], I[j-1] ∧ parts[j] ⇒ I[j], I[n-2] ∧ parts[n-1]
// unsatisfiable, each I[j] over the symbols that parts[0..j] and
// parts[j+1..] share. All come from one refutation.
func Sequence(st *term.Store, parts []*term.Term) ([]*term.Term, error) {
	return SequenceContext(context.Background(), st, parts)
}

// SequenceContext is Sequence under a context.
func SequenceContext(ctx context.Context, st *term.Store, parts []*term.Term) ([]*term.Term, error) {
	if len(parts) < 2 || len(parts) > MaxParts {
		return nil, fmt.Errorf("itp: a sequence needs 2 to %d formulas, got %d", MaxParts, len(parts))
	}
	w, err := refute(ctx, st, parts)
	if err != nil {
		return nil, err
	}
	is := make([]*term.Term, len(parts)-1)
	byParts := false // a cut out of reach of the proof
	for j := range is {
		if is[j], err = w.interpolant(ctx, uint64(1)<<(j+1)-1); err != nil {
			if !errors.Is(err, ErrUnsupported) {
				return nil, err
			}
			if len(parts) == 2 {
				if is[0], err = w.modelInterpolant(ctx, parts[0], parts[1], err); err != nil {
					return nil, err
				}
				break
			}
			byParts = true
			break
		}
	}
	if (w.guessed || byParts) && len(parts) > 2 {
		parent := make([]int, len(parts))
		for j := range parent {
			parent[j] = j + 1
		}
		parent[len(parts)-1] = -1
		if is, err = treeByParts(ctx, st, parts, parent); err != nil {
			return nil, err
		}
		is = is[:len(parts)-1]
	}
	if selfCheck {
		if err := CheckSequence(st, parts, is); err != nil {
			return nil, fmt.Errorf("itp: internal error: sequence interpolant: %w", err)
		}
	}
	return is, nil
}

// Tree returns a tree interpolant of the formulas parts of a tree given
// by parent (parent[j] > j; the last node is the root, parent -1): I[j]
// is over the symbols the subtree of j shares with the rest, the
// children's interpolants and parts[j] imply I[j], and I[root] is false.
// All come from one refutation of the conjunction of parts.
func Tree(st *term.Store, parts []*term.Term, parent []int) ([]*term.Term, error) {
	return TreeContext(context.Background(), st, parts, parent)
}

// TreeContext is Tree under a context.
func TreeContext(ctx context.Context, st *term.Store, parts []*term.Term, parent []int) ([]*term.Term, error) {
	n := len(parts)
	if n > MaxParts {
		return nil, fmt.Errorf("itp: a tree of %d nodes: at most %d", n, MaxParts)
	}
	if err := checkTreeShape(parent, n); err != nil {
		return nil, err
	}
	w, err := refute(ctx, st, parts)
	if err != nil {
		return nil, err
	}
	is := make([]*term.Term, n)
	is[n-1] = st.False()
	byParts := false // a cut out of reach of the proof
	for j := 0; j < n-1; j++ {
		var set uint64
		for k := 0; k <= j; k++ {
			u := k
			for u < j {
				u = parent[u]
			}
			if u == j {
				set |= 1 << k
			}
		}
		if is[j], err = w.interpolant(ctx, set); err != nil {
			if !errors.Is(err, ErrUnsupported) {
				return nil, err
			}
			if n == 2 {
				if is[0], err = w.modelInterpolant(ctx, parts[0], parts[1], err); err != nil {
					return nil, err
				}
				break
			}
			byParts = true
			break
		}
	}
	if (w.guessed || byParts) && n > 2 {
		if is, err = treeByParts(ctx, st, parts, parent); err != nil {
			return nil, err
		}
	}
	if selfCheck {
		if err := CheckTree(st, parts, parent, is); err != nil {
			return nil, fmt.Errorf("itp: internal error: tree interpolant: %w", err)
		}
	}
	return is, nil
}

// treeByParts computes a tree interpolant by one binary interpolation per
// node, children first: I[x] interpolates A[x] ∧ I[children of x] against
// the formulas of the nodes after x and the interpolants of the finished
// subtrees outside x (nodes y < x whose parent comes after x). Each step
// is unsatisfiable by the previous steps' interpolants, and the tree
// property holds by construction: this is the fallback when the theory
// interpolants of one refutation need not agree across cuts (those
// guessed by candidateInterpolant).
func treeByParts(ctx context.Context, st *term.Store, parts []*term.Term, parent []int) ([]*term.Term, error) {
	n := len(parts)
	is := make([]*term.Term, n)
	is[n-1] = st.False()
	for x := 0; x < n-1; x++ {
		as := []*term.Term{parts[x]}
		var bs []*term.Term
		for y := 0; y < x; y++ {
			switch {
			case parent[y] == x:
				as = append(as, is[y])
			case parent[y] > x:
				bs = append(bs, is[y])
			}
		}
		bs = append(bs, parts[x+1:]...)
		var err error
		if is[x], err = binaryInterpolant(ctx, st, st.And(as...), st.And(bs...)); err != nil {
			return nil, err
		}
	}
	return is, nil
}
