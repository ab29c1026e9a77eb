package itp

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/seed-f9c3434d/gospacer/sat"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// ErrIncompleteProof reports a refutation that does not hold together (a
// resolution chain that refers to no clause): a defect of the proof log,
// reported rather than trusted.
var ErrIncompleteProof = errors.New("itp: incomplete refutation")

// debugWalk prints every partial interpolant (tests only).
var debugWalk = false

// MaxParts is the number of formulas Sequence and Tree accept.
const MaxParts = 63

// witnessBit flags the partition masks an extensionality witness takes
// from its two arrays (see witnesses).
const witnessBit = uint64(1) << 63

// Interpolate returns an interpolant of A and B, whose conjunction must be
// unsatisfiable: I over the symbols they share with A ⇒ I and I ∧ B
// unsatisfiable, computed from smt's refutation of A ∧ B by McMillan's
// system (see doc.go). It returns ErrSatisfiable when A ∧ B is
// satisfiable, and an error wrapping ErrUnsupported when a proof step is
// out of reach.
func Interpolate(st *term.Store, A, B *term.Term) (*term.Term, error) {
	is, err := SequenceContext(context.Background(), st, []*term.Term{A, B})
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
	for j := range is {
		if is[j], err = w.interpolant(ctx, uint64(1)<<(j+1)-1); err != nil {
			return nil, err
		}
	}
	if w.guessed && len(parts) > 2 {
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
			return nil, err
		}
	}
	if w.guessed && n > 2 {
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
		w, err := refute(ctx, st, []*term.Term{st.And(as...), st.And(bs...)})
		if err != nil {
			return nil, err
		}
		if is[x], err = w.interpolant(ctx, 1); err != nil {
			return nil, err
		}
	}
	return is, nil
}

// walker computes partial interpolants over one refutation.
type walker struct {
	st                *term.Store
	ref               *smt.Refutation
	consts            map[*term.Term]uint64 // symbol -> partitions it occurs in (lookups only)
	defs              map[*term.Term]*term.Term
	memo              map[*term.Term][]uint64   // termMasks
	witness           map[*term.Term]*term.Term // extensionality witness k -> (= a b); see findWitnesses
	defKs             []*term.Term              // the solver's fresh constants and their terms
	defTs             []*term.Term
	funcs             map[*term.Func]uint64
	masks             [][]uint64                      // by sat.Var: partition masks of the term's symbols; nil: not computed
	noTerm            []bool                          // by sat.Var: the variable has no term
	order             []sat.ClauseID                  // the clauses Final depends on, premises first
	guessed           bool                            // a theory lemma's interpolant came from candidateInterpolant
	recorded, derived int                             // lemmas interpolated from smt's certificates, from a fresh simplex
	chains            map[sat.ClauseID][]sat.ClauseID // repaired chains (see repairChain)
	units             map[sat.Lit]sat.ClauseID        // unit clauses by literal, built by repairChain
	cur               []sat.Lit                       // by sat.Var: the literal in the current resolvent
	curVs             []sat.Var
}

// refute decides the conjunction of parts with proofs and returns a walker
// over the refutation.
func refute(ctx context.Context, st *term.Store, parts []*term.Term) (*walker, error) {
	if err := boolFormulas(parts...); err != nil {
		return nil, err
	}
	s := smt.New(st, smt.Options{Proofs: true})
	for i, p := range parts {
		if err := s.AssertPart(p, i); err != nil {
			return nil, err
		}
	}
	r, err := s.Check(ctx)
	if err != nil {
		return nil, err
	}
	switch r {
	case smt.Sat:
		return nil, ErrSatisfiable
	case smt.Unknown:
		return nil, fmt.Errorf("itp: the conjunction is unknown: %s", s.ReasonUnknown())
	}
	ref, err := s.Refutation()
	if err != nil {
		return nil, err
	}
	w := &walker{st: st, ref: ref, consts: map[*term.Term]uint64{}, funcs: map[*term.Func]uint64{}}
	for i, p := range parts {
		for _, c := range term.FreeConsts(p) {
			w.consts[c] |= 1 << i
		}
		for _, f := range term.Funcs(p) {
			w.funcs[f] |= 1 << i
		}
	}
	w.defKs, w.defTs = ref.Definitions()
	w.defs = map[*term.Term]*term.Term{}
	w.memo = map[*term.Term][]uint64{}
	for i, k := range w.defKs {
		w.defs[k] = w.defTs[i]
	}
	nv := ref.NumVars() + 1
	w.masks = make([][]uint64, nv)
	w.noTerm = make([]bool, nv)
	w.cur = make([]sat.Lit, nv)
	if err := w.sortClauses(); err != nil {
		return nil, err
	}
	w.findWitnesses()
	return w, nil
}

// findWitnesses records the extensionality witnesses of the refutation:
// a constant k of no partition that occurs in a literal
// (= (select a k) (select b k)) over arrays a, b of the formulas. k is
// the arrays package's diff(a, b) (the lemma a = b ∨ a[k] ≠ b[k]); it has
// no term in the formulas' vocabulary, so it is given a side: it takes
// the masks of a's and b's symbols, flagged with witnessBit, and
// classOfMasks puts it on B's side when one of them is B-local and on
// A's otherwise. Fresh on that side, its lemma is a conservative
// extension of that side's formulas: an input clause of that side.
func (w *walker) findWitnesses() {
	ref := w.ref
	for _, id := range w.order {
		for _, m := range ref.Clause(id) {
			t := ref.Term(m.Var())
			if t == nil || t.Op() != term.OpEq || t.NumArgs() != 2 {
				continue
			}
			x, y := t.Arg(0), t.Arg(1)
			if x.Op() != term.OpSelect || y.Op() != term.OpSelect || x.Arg(1) != y.Arg(1) {
				continue
			}
			k := x.Arg(1)
			if k.Op() != term.OpConst || w.consts[k] != 0 || w.defs[k] != nil || w.witness[k] != nil {
				continue
			}
			if w.witness == nil {
				w.witness = map[*term.Term]*term.Term{}
			}
			w.witness[k] = w.st.Eq(x.Arg(0), y.Arg(0))
		}
	}
}

// Variable classes with respect to a cut (A = the partitions in a set).
type class uint8

const (
	shared class = iota // every symbol occurs on both sides
	aLocal              // a symbol occurs only in A
	bLocal              // a symbol occurs only in B
	mixed               // both, or a symbol of no partition, or no term
)

// classOf classifies SAT variable v for the cut set.
func (w *walker) classOf(v sat.Var, set uint64) class {
	if w.masks[v] == nil && !w.noTerm[v] {
		if t := w.ref.Term(v); t == nil {
			w.noTerm[v] = true
		} else {
			w.masks[v] = w.masksOf(t)
		}
	}
	if w.noTerm[v] {
		return mixed
	}
	return classOfMasks(w.masks[v], set)
}

// masksOf returns the partition masks of the symbols of t, with the
// solver's fresh constants read as the terms they stand for.
func (w *walker) masksOf(t *term.Term) []uint64 {
	return w.termMasks(t, 0)
}

// termMasks returns the distinct partition masks of the symbols of t,
// memoized by term (bottom-up, so each node is visited once).
func (w *walker) termMasks(t *term.Term, depth int) []uint64 {
	if ms, ok := w.memo[t]; ok {
		return ms
	}
	var ms []uint64
	add := func(m uint64) {
		if !slices.Contains(ms, m) {
			ms = append(ms, m)
		}
	}
	switch {
	case t.Op() == term.OpConst && w.witness[t] != nil:
		for _, m := range w.termMasks(w.witness[t], depth) {
			add(m | witnessBit)
		}
	case t.Op() == term.OpConst:
		if d, ok := w.defs[t]; ok && depth < 8 {
			for _, m := range w.termMasks(d, depth+1) {
				add(m)
			}
		} else {
			add(w.consts[t])
		}
	case t.Op() == term.OpApply:
		add(w.funcs[t.Func()])
	}
	for _, a := range t.Args() {
		for _, m := range w.termMasks(a, depth) {
			add(m)
		}
	}
	if ms == nil {
		ms = []uint64{}
	}
	w.memo[t] = ms
	return ms
}

// expand replaces the solver's fresh constants in I by the terms they
// stand for.
func (w *walker) expand(I *term.Term) *term.Term {
	for i := 0; i < 8 && len(w.defKs) > 0; i++ {
		J := w.st.Substitute(I, w.defKs, w.defTs)
		if J == I {
			break
		}
		I = J
	}
	return I
}

// classOfMasks classifies a term whose symbols occur in the partitions
// ms for the cut set.
func classOfMasks(ms []uint64, set uint64) class {
	a, b := false, false
	wa, wb := false, false // witnesses' arrays: some symbol only in A, in B
	for _, m := range ms {
		if m&witnessBit != 0 {
			m &^= witnessBit
			wa = wa || m != 0 && m&^set == 0
			wb = wb || m != 0 && m&set == 0
			if m == 0 {
				return mixed
			}
			continue
		}
		switch {
		case m == 0:
			return mixed
		case m&^set == 0:
			a = true
		case m&set == 0:
			b = true
		}
	}
	switch {
	case wa && wb:
		return mixed
	case wb:
		b = true
	case hasWitness(ms):
		a = true
	}
	switch {
	case a && b:
		return mixed
	case a:
		return aLocal
	case b:
		return bLocal
	}
	return shared
}

// hasWitness reports whether ms holds a witness's masks.
func hasWitness(ms []uint64) bool {
	for _, m := range ms {
		if m&witnessBit != 0 {
			return true
		}
	}
	return false
}

// interpolant runs McMillan's system over the refutation for the cut
// whose A side is the partitions in set.
func (w *walker) interpolant(ctx context.Context, set uint64) (*term.Term, error) {
	st, ref := w.st, w.ref
	itps := make([]*term.Term, ref.Len()+1)
	for n, id := range w.order {
		if n&1023 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		var I *term.Term
		var err error
		switch ref.Kind(id) {
		case sat.KindDerived:
			I, err = w.resolve(id, set, itps)
		case sat.KindInput:
			p := ref.Part(id)
			switch {
			case p < 0 && w.isExtensionality(id):
				// The lemma that defines a witness: a clause of the
				// witness's side (see findWitnesses).
				switch {
				case !w.fits(id, set, bLocal):
					I = st.True()
					if !w.fits(id, set, aLocal) {
						err = fmt.Errorf("%w: extensionality lemma over both sides", ErrUnsupported)
					}
				default:
					I = w.sharedOr(id, set)
				}
			case p < 0:
				I, err = w.lemma(ctx, id, set)
			case set&(1<<p) == 0: // a B clause
				I = st.True()
				if !w.fits(id, set, aLocal) {
					I, err = w.lemma(ctx, id, set)
				}
			case !w.fits(id, set, bLocal):
				I, err = w.lemma(ctx, id, set)
			default: // an A clause: its non-A-local literals
				I = w.sharedOr(id, set)
			}
		default: // lemma
			I, err = w.lemma(ctx, id, set)
		}
		if err != nil {
			return nil, err
		}
		if debugWalk {
			fmt.Printf("clause %d %v part %d: %v\n", id, ref.Kind(id), ref.Part(id), I)
		}
		itps[id] = I
	}
	// McMillan's interpolants nest binary ∧ and ∨ deeply; the rewriter
	// flattens and folds them (17617 nodes become 279 on NEQ004_size4).
	return st.Simplify(w.expand(itps[ref.Final()])), nil
}

// sharedOr is the partial interpolant of an A clause: the disjunction of
// its shared literals.
func (w *walker) sharedOr(id sat.ClauseID, set uint64) *term.Term {
	var ds []*term.Term
	for _, m := range w.ref.Clause(id) {
		if w.classOf(m.Var(), set) == shared {
			ds = append(ds, w.ref.LitTerm(m))
		}
	}
	return orOf(w.st, ds)
}

// isExtensionality reports whether clause id is a = b ∨ a[k] ≠ b[k] for
// a witness k.
func (w *walker) isExtensionality(id sat.ClauseID) bool {
	c := w.ref.Clause(id)
	if len(c) != 2 || w.witness == nil {
		return false
	}
	for i, m := range c {
		t := w.ref.Term(m.Var())
		if t == nil || t.Op() != term.OpEq || t.Arg(0).Op() != term.OpSelect {
			continue
		}
		k := t.Arg(0).Arg(1)
		eq, ok := w.witness[k]
		if !ok {
			continue
		}
		other := w.ref.Term(c[1-i].Var())
		return other != nil && other.Op() == term.OpEq && (other.Arg(0) == eq.Arg(0) && other.Arg(1) == eq.Arg(1) || other.Arg(0) == eq.Arg(1) && other.Arg(1) == eq.Arg(0))
	}
	return false
}

// fits reports whether input clause id has no literal of class other
// (nor a mixed one), as a clause of its side must. A clause tagged with a
// partition that does not fit is a definition made while that partition
// was asserted (the encoding of an atom a theory created, say): valid
// under Refutation.Term, so it is interpolated as a theory lemma.
func (w *walker) fits(id sat.ClauseID, set uint64, other class) bool {
	for _, m := range w.ref.Clause(id) {
		if c := w.classOf(m.Var(), set); c == other || c == mixed {
			return false
		}
	}
	return true
}

// resolve computes the partial interpolant of derived clause id from its
// chain: at each step the pivot's class chooses ∨ (A-local) or ∧.
func (w *walker) resolve(id sat.ClauseID, set uint64, itps []*term.Term) (*term.Term, error) {
	ref, st := w.ref, w.st
	ch := w.chain(id)
	if len(ch) == 0 {
		return nil, fmt.Errorf("%w: derived clause without a chain", ErrUnsupported)
	}
	defer w.clearCur()
	for _, m := range ref.Clause(ch[0]) {
		w.addCur(m)
	}
	I := itps[ch[0]]
	for _, c := range ch[1:] {
		pivot := sat.LitNull
		for _, m := range ref.Clause(c) {
			if w.cur[m.Var()] == m.Not() {
				pivot = m
				break
			}
		}
		if pivot == sat.LitNull {
			return nil, fmt.Errorf("itp: internal error: resolution step without a pivot in clause %d", id)
		}
		J := itps[c]
		if w.classOf(pivot.Var(), set) == aLocal {
			I = or2(st, I, J)
		} else {
			I = and2(st, I, J)
		}
		w.cur[pivot.Var()] = sat.LitNull
		for _, m := range ref.Clause(c) {
			if m != pivot {
				w.addCur(m)
			}
		}
	}
	return I, nil
}

func (w *walker) addCur(m sat.Lit) {
	v := m.Var()
	if w.cur[v] == sat.LitNull {
		w.curVs = append(w.curVs, v)
	}
	w.cur[v] = m
}

func (w *walker) clearCur() {
	for _, v := range w.curVs {
		w.cur[v] = sat.LitNull
	}
	w.curVs = w.curVs[:0]
}

// lemma computes the partial interpolant of a clause valid in the
// theories: the theory interpolant of its negated literals split into the
// A-local ones and the others (McMillan's labelling: shared literals go
// to B).
func (w *walker) lemma(ctx context.Context, id sat.ClauseID, set uint64) (*term.Term, error) {
	ref, st := w.ref, w.st
	var as, bs []*term.Term
	for _, m := range ref.Clause(id) {
		t := ref.LitTerm(m.Not())
		switch w.classOf(m.Var(), set) {
		case aLocal:
			as = append(as, t)
		case shared, bLocal:
			bs = append(bs, t)
		default:
			return nil, fmt.Errorf("%w: theory lemma with literal %v over both sides", ErrUnsupported, t)
		}
	}
	switch {
	case len(as) == 0:
		return st.True(), nil
	case len(bs) == 0:
		return st.False(), nil
	}
	if I, ok := w.recordedFarkas(id, set); ok {
		return I, nil
	}
	I, err := w.theoryInterpolant(ctx, as, bs)
	if errors.Is(err, ErrUnsupported) {
		w.guessed = true
		return candidateInterpolant(ctx, st, as, bs, func(t *term.Term) bool {
			return classOfMasks(w.masksOf(t), set) == shared
		})
	}
	return I, err
}

// recordedFarkas returns the A-part of the Farkas certificate smt
// recorded for lemma id, when there is one and it verifies (every
// variable cancels, the constant contradicts); otherwise the caller
// derives a certificate itself.
func (w *walker) recordedFarkas(id sat.ClauseID, set uint64) (*term.Term, bool) {
	steps, ok := w.ref.Farkas(id)
	if !ok {
		return nil, false
	}
	total, apart := newLinSum(), newLinSum()
	var cs []constraint
	for _, step := range steps {
		t := w.ref.LitTerm(step.Lit)
		if t == nil {
			return nil, false
		}
		var err error
		if cs, err = constraints(w.st, t, cs[:0]); err != nil || len(cs) != 1 {
			return nil, false
		}
		total.add(step.Coeff, cs[0])
		if w.classOf(step.Lit.Var(), set) == aLocal {
			apart.add(step.Coeff, cs[0])
		}
	}
	for _, a := range total.cs {
		if !a.IsZero() {
			return nil, false
		}
	}
	if !(total.k.Sign() < 0 || total.k.Sign() == 0 && total.strict) {
		return nil, false
	}
	w.recorded++
	return apart.constraint().formula(w.st), true
}

// theoryInterpolant returns an interpolant of two conjunctions of
// literals that are unsatisfiable together in the theories.
func (w *walker) theoryInterpolant(ctx context.Context, as, bs []*term.Term) (*term.Term, error) {
	st := w.st
	var cons []constraint
	var err error
	linear := true
	for _, a := range as {
		if cons, err = constraints(st, a, cons); err != nil {
			linear = false
			break
		}
	}
	nA := len(cons)
	for _, b := range bs {
		if !linear {
			break
		}
		if cons, err = constraints(st, b, cons); err != nil {
			linear = false
		}
	}
	if linear {
		w.derived++
		I, err := farkasInterpolant(ctx, st, cons, nA)
		if errors.Is(err, ErrSatisfiable) {
			return nil, fmt.Errorf("%w: integer lemma not refutable by Farkas (a cut or branch across A and B)", ErrUnsupported)
		}
		return I, err
	}
	return nil, fmt.Errorf("%w: theory lemma across A and B outside linear arithmetic", ErrUnsupported)
}

// or2 and and2 build a ∨ b and a ∧ b with constant folding.
func or2(st *term.Store, a, b *term.Term) *term.Term {
	switch {
	case a.IsTrue() || b.IsFalse() || a == b:
		return a
	case b.IsTrue() || a.IsFalse():
		return b
	}
	return st.Or(a, b)
}

func and2(st *term.Store, a, b *term.Term) *term.Term {
	switch {
	case a.IsFalse() || b.IsTrue() || a == b:
		return a
	case b.IsFalse() || a.IsTrue():
		return b
	}
	return st.And(a, b)
}

// orOf is the disjunction of ds (false when empty).
func orOf(st *term.Store, ds []*term.Term) *term.Term {
	switch len(ds) {
	case 0:
		return st.False()
	case 1:
		return ds[0]
	}
	return st.Or(ds...)
}

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
