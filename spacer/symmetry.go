package spacer

import (
	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Symmetric lemmas (Options.NoSymmetry). A clause P(h) ← P(b) whose
// constraint only says h_i = b_π(i) for a permutation π of the arguments
// (the swap of two threads' local states in a parameterised system, as
// in the ultimate LIA-NonLin files) makes P's facts closed under π: a
// fact b of height k gives b∘π of height k+1. A lemma ℓ of level k+1
// therefore gives ℓ∘π at level k, and the invariant, if there is one, is
// symmetric. Spacer learns each permuted lemma on its own, from its own
// obligation; this generalizer tries, for each lemma learned, the cubes
// its permutations give (up to maxSymmetric), each checked like any
// candidate, and learns those blocked besides it.
const maxSymmetric = 8

type symmetry struct{}

func (symmetry) name() string { return "symmetry" }

// symmetries lists, per predicate, the permutations its clauses give,
// each as the params' images (Substitute(f, params, image) is f∘π).
func (e *engine) symmetries(p *pred) [][]*term.Term {
	if p.syms != nil || p.p == nil {
		return p.syms
	}
	p.syms = [][]*term.Term{}
	for _, cs := range p.heads {
		if len(cs.body) != 1 || cs.body[0] != p {
			continue
		}
		if img := permutation(e.st, cs.c, p.params); img != nil {
			p.syms = append(p.syms, img)
		}
	}
	return p.syms
}

// permutation reads π off a clause P(h) ← P(b) ∧ h_i = b_π(i) (each
// conjunct one such equality, π a permutation other than the identity)
// and returns params[π(i)] per i; nil when the clause is not one.
func permutation(st *term.Store, c *chc.Clause, params []*term.Term) []*term.Term {
	h, b := c.Head.Args, c.Body[0].Args
	hIdx, bIdx := map[*term.Term]int{}, map[*term.Term]int{}
	for i, a := range h {
		hIdx[a] = i
	}
	for j, a := range b {
		bIdx[a] = j
	}
	pi := make([]int, len(h))
	for i := range pi {
		pi[i] = -1
	}
	for _, l := range term.Conjuncts(nil, c.Constraint) {
		x, y, ok := copyEq(st, l)
		if !ok {
			return nil
		}
		i, hok := hIdx[x]
		j, bok := bIdx[y]
		if !hok || !bok {
			i, hok = hIdx[y]
			j, bok = bIdx[x]
		}
		if !hok || !bok || pi[i] >= 0 {
			return nil
		}
		pi[i] = j
	}
	seen := make([]bool, len(pi))
	identity := true
	img := make([]*term.Term, len(pi))
	for i, j := range pi {
		if j < 0 || seen[j] || params[i].Sort() != params[j].Sort() {
			return nil
		}
		seen[j] = true
		identity = identity && i == j
		img[i] = params[j]
	}
	if identity {
		return nil
	}
	return img
}

func (symmetry) generalize(e *engine, c *cand) error {
	syms := e.symmetries(c.p)
	if len(syms) == 0 || len(c.cube) == 0 {
		return nil
	}
	seen := map[string]bool{cubeKey(sortCube(c.cube)): true}
	queue := [][]*term.Term{c.cube}
	for n := 0; n < len(queue) && len(seen) <= maxSymmetric; n++ {
		for _, img := range syms {
			cube := make([]*term.Term, len(queue[n]))
			for i, l := range queue[n] {
				cube[i] = e.subst(l, c.p.params, img)
			}
			cube = sortCube(cube)
			key := cubeKey(cube)
			if seen[key] || len(seen) > maxSymmetric {
				continue
			}
			seen[key] = true
			queue = append(queue, cube)
			if lm := c.p.byKey[key]; lm != nil && lm.level >= c.level {
				continue
			}
			w := &cand{p: c.p, cube: cube, level: c.L, L: c.L}
			ok, err := e.try(w, cube, c.L)
			if err != nil {
				return err
			}
			e.stats.symmetricTries++
			if ok {
				e.stats.symmetricLemmas++
				c.extra = append(c.extra, w)
			}
		}
	}
	return nil
}
