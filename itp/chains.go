package itp

import (
	"fmt"

	"github.com/seed-f9c3434d/gospacer/sat"
)

// chain returns the resolution chain of clause id, repaired if needed.
func (w *walker) chain(id sat.ClauseID) []sat.ClauseID {
	if ch, ok := w.chains[id]; ok {
		return ch
	}
	return w.ref.Chain(id)
}

// sortClauses lists the clauses Final depends on in w.order, each after
// its premises (depth-first post-order), repairing broken chains.
func (w *walker) sortClauses() error {
	ref := w.ref
	const (
		unseen = iota
		onStack
		done
	)
	state := make([]uint8, ref.Len()+1)
	type frame struct {
		id sat.ClauseID
		i  int
	}
	stack := []frame{{ref.Final(), 0}}
	state[ref.Final()] = onStack
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.i == 0 && ref.Kind(top.id) == sat.KindDerived {
			if err := w.repairChain(top.id); err != nil {
				return err
			}
		}
		ch := w.chain(top.id)
		if top.i == len(ch) {
			state[top.id] = done
			w.order = append(w.order, top.id)
			stack = stack[:len(stack)-1]
			continue
		}
		c := ch[top.i]
		top.i++
		switch state[c] {
		case onStack:
			return fmt.Errorf("%w: clause %d depends on itself", ErrIncompleteProof, c)
		case unseen:
			state[c] = onStack
			stack = append(stack, frame{c, 0})
		}
	}
	return nil
}

// repairChain mends a chain that names clause 0 where a level-0 unit
// clause belongs (the sat log can record a root conflict before the unit
// of a variable propagated in the same round): the other steps are
// replayed, and each literal left over that the derived clause does not
// hold is resolved away at the end with a unit clause of its negation
// found elsewhere in the log. A chain that cannot be mended is an error.
func (w *walker) repairChain(id sat.ClauseID) error {
	ref := w.ref
	ch := ref.Chain(id)
	broken := false
	for _, c := range ch {
		broken = broken || c == 0
	}
	if !broken {
		return nil
	}
	if selfCheck {
		// The sat log logs a level-0 unit before a chain names it (fixed
		// at the source); the tests hold it to that.
		return fmt.Errorf("itp: internal error: the chain of clause %d names clause 0", id)
	}
	if w.units == nil {
		w.units = map[sat.Lit]sat.ClauseID{}
		for u := sat.ClauseID(1); int(u) <= ref.Len(); u++ {
			if c := ref.Clause(u); len(c) == 1 {
				if _, ok := w.units[c[0]]; !ok {
					w.units[c[0]] = u
				}
			}
		}
	}
	var fixed []sat.ClauseID
	for _, c := range ch {
		if c != 0 {
			fixed = append(fixed, c)
		}
	}
	if len(fixed) == 0 {
		return fmt.Errorf("%w: clause %d has an empty chain", ErrIncompleteProof, id)
	}
	// Replay the steps that are there.
	defer w.clearCur()
	for _, m := range ref.Clause(fixed[0]) {
		w.addCur(m)
	}
	for _, c := range fixed[1:] {
		pivot := sat.LitNull
		for _, m := range ref.Clause(c) {
			if w.cur[m.Var()] == m.Not() {
				pivot = m
				break
			}
		}
		if pivot != sat.LitNull {
			w.cur[pivot.Var()] = sat.LitNull
		}
		for _, m := range ref.Clause(c) {
			if m != pivot {
				w.addCur(m)
			}
		}
	}
	keep := map[sat.Lit]bool{}
	for _, m := range ref.Clause(id) {
		keep[m] = true
	}
	for _, v := range w.curVs {
		m := w.cur[v]
		if m == sat.LitNull || keep[m] {
			continue
		}
		u, ok := w.units[m.Not()]
		if !ok || u == id {
			return fmt.Errorf("%w: clause %d: no unit clause for %v", ErrIncompleteProof, id, m.Not())
		}
		keep[m] = true // once
		fixed = append(fixed, u)
	}
	if w.chains == nil {
		w.chains = map[sat.ClauseID][]sat.ClauseID{}
	}
	w.chains[id] = fixed
	return nil
}
