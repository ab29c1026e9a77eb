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
const debugWalk = false

// MaxParts is the number of formulas Sequence and Tree accept.
const MaxParts = 63

// witnessBit flags the partition masks an extensionality witness takes
// from its two arrays (see witnesses).
const witnessBit = uint64(1) << 63

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
	splits            int                             // cut lemmas interpolated through their split
	closed            int                             // lemmas interpolated by congruence closure (eufInterpolant)
	cands             int                             // lemmas interpolated by candidateInterpolant
	modelRounds       int                             // implicants modelInterpolant interpolated
	chains            map[sat.ClauseID][]sat.ClauseID // repaired chains (see repairChain)
	units             map[sat.Lit]sat.ClauseID        // unit clauses by literal, built by repairChain
	cur               []sat.Lit                       // by sat.Var: the literal in the current resolvent
	curVs             []sat.Var
	in                []sat.Lit // by sat.Var: the literal of the derived clause (resolve's check)
	occ               []uint64  // by sat.Var: partitions of the proof's input clauses with it (LabelsOccurrence), nil for McMillan's labels
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
		return nil, &SatisfiableError{Model: s.Model()}
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
	w.in = make([]sat.Lit, nv)
	if err := w.sortClauses(); err != nil {
		return nil, err
	}
	w.findWitnesses()
	return w, nil
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
	return wordLevel(st, st.Simplify(w.expand(itps[ref.Final()]))), nil
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
	// Runs of pivots of one class make one n-ary ∨ or ∧ (McMillan's
	// binary steps nest as deep as the chain is long otherwise).
	acc := []*term.Term{itps[ch[0]]}
	disj := false
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
		d := w.classOf(pivot.Var(), set) == aLocal
		if d != disj && len(acc) > 1 {
			acc = append(acc[:0], junction(st, disj, acc))
		}
		disj = d
		acc = append(acc, itps[c])
		w.cur[pivot.Var()] = sat.LitNull
		for _, m := range ref.Clause(c) {
			if m != pivot {
				w.addCur(m)
			}
		}
	}
	// The resolvent must be within the clause (then I holds for it).
	d := ref.Clause(id)
	for _, m := range d {
		w.in[m.Var()] = m
	}
	ok := true
	for _, v := range w.curVs {
		if m := w.cur[v]; m != sat.LitNull && w.in[v] != m {
			ok = false
		}
	}
	for _, m := range d {
		w.in[m.Var()] = sat.LitNull
	}
	if !ok {
		return nil, fmt.Errorf("%w: the chain of clause %d does not derive it", ErrIncompleteProof, id)
	}
	return junction(st, disj, acc), nil
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
		if t == nil {
			// a variable without a term (a bit-blaster's gate) in a
			// clause that is not its partition's
			return nil, fmt.Errorf("%w: theory lemma with a variable of no term", ErrUnsupported)
		}
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
		if I, ok := w.splitInterpolant(ctx, id, set, as, bs); ok {
			return I, nil
		}
		w.guessed = true
		I, closed, err := closureOrCandidate(ctx, st, as, bs, func(t *term.Term) class {
			return classOfMasks(w.masksOf(t), set)
		})
		if closed {
			w.closed++
		} else {
			w.cands++
		}
		return I, err
	}
	return I, err
}

// closureOrCandidate interpolates the literals as against bs by
// congruence closure (closed true), else by the checked candidates.
// Closure interpolants are correct by construction; under selfCheck (the
// tests) every one is verified and a failure is an internal error.
func closureOrCandidate(ctx context.Context, st *term.Store, as, bs []*term.Term, color func(*term.Term) class) (I *term.Term, closed bool, err error) {
	if I, ok := eufInterpolant(st, as, bs, color); ok {
		if selfCheck {
			if ok, err := verifyLemma(ctx, st, as, bs, I); err != nil {
				return nil, true, err
			} else if !ok {
				return nil, true, fmt.Errorf("itp: internal error: congruence interpolant %v of %v and %v", I, as, bs)
			}
		}
		return I, true, nil
	}
	I, err = candidateInterpolant(ctx, st, as, bs, func(t *term.Term) bool { return color(t) == shared })
	return I, false, err
}

// splitInterpolant interpolates a cut lemma of integer reasoning by its
// proof (smt.Refutation.Split): the split π <= b ∨ π >= b+1 makes the
// lemma the resolvent of two arithmetic lemmas on the split atom, each
// interpolated by Farkas, and McMillan's rule joins them (∨ when the
// atom is A-local, ∧ otherwise). A split atom over both sides, or a case
// without a Farkas certificate, gives ok false.
func (w *walker) splitInterpolant(ctx context.Context, id sat.ClauseID, set uint64, as, bs []*term.Term) (*term.Term, bool) {
	p, ok := w.ref.Split(id)
	if !ok {
		return nil, false
	}
	c := classOfMasks(w.masksOf(p), set)
	if c == mixed {
		return nil, false
	}
	var is [2]*term.Term
	for k, lit := range [2]*term.Term{p, w.st.Not(p)} {
		a, b := as, bs
		if c == aLocal {
			a = append(append([]*term.Term(nil), as...), lit)
		} else {
			b = append(append([]*term.Term(nil), bs...), lit)
		}
		I, err := w.theoryInterpolant(ctx, a, b)
		if err != nil {
			return nil, false
		}
		is[k] = I
	}
	w.splits++
	if c == aLocal {
		return or2(w.st, is[0], is[1]), true
	}
	return and2(w.st, is[0], is[1]), true
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

// junction is the disjunction (disj) or conjunction of ts with constant
// folding and repeated operands dropped.
func junction(st *term.Store, disj bool, ts []*term.Term) *term.Term {
	unit, zero := st.True(), st.False() // the neutral and absorbing elements
	if disj {
		unit, zero = zero, unit
	}
	var out []*term.Term
	var seen map[*term.Term]bool // lookups only, for long runs
	for _, t := range ts {
		switch {
		case t == zero:
			return zero
		case t == unit || seen[t] || seen == nil && slices.Contains(out, t):
		default:
			out = append(out, t)
			if seen == nil && len(out) == 32 {
				seen = map[*term.Term]bool{}
				for _, u := range out {
					seen[u] = true
				}
			} else if seen != nil {
				seen[t] = true
			}
		}
	}
	switch {
	case len(out) == 0:
		return unit
	case len(out) == 1:
		return out[0]
	case disj:
		return st.Or(out...)
	}
	return st.And(out...)
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
