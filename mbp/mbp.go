package mbp

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/seed-f9c3434d/gospacer/term"
)

// debug turns on expensive internal checks: after every elimination step,
// every literal of the cube is evaluated under the (extended) model.
const debug = false

// Options configure a Projector. The zero value is the default.
type Options struct {
	// ArrayEqualities strengthens every result with the equality or the
	// disequality, whichever the model makes true, of every pair of
	// distinct array terms of the same sort occurring in it (FMCAD'15,
	// Section IV-C.2). It steers Spacer towards array equalities in
	// summaries; the result stays a model-preserving under-approximation.
	ArrayEqualities bool
	// DatatypeEqualities strengthens every result the same way with the
	// (dis)equality of every pair of distinct constants of one datatype
	// sort occurring in it (Datatypes): a relation between two lists that
	// the selector literals cannot say.
	DatatypeEqualities bool
}

// A Projector computes model-based projections over the terms of one
// store. It holds no state between calls; like the store it is not safe
// for concurrent use.
type Projector struct {
	st      *term.Store
	opts    Options
	scratch scratch
}

// scratch holds the dense tables of a run, kept between runs so that a
// run pays for what it touches and not for the size of the store.
type scratch struct {
	isVar, gone term.TermMap[bool]
	hasVar      term.TermMap[uint8]
	vals        term.TermMap[*term.Term]
	im          term.Implicant
}

func (s *scratch) clear() {
	s.isVar.Clear()
	s.gone.Clear()
	s.hasVar.Clear()
	s.vals.Clear()
}

// New returns a projector over st.
func New(st *term.Store, opts Options) *Projector {
	return &Projector{st: st, opts: opts}
}

// Result is the outcome of a projection.
type Result struct {
	// Formula is ψ: quantifier free, free of the projected variables,
	// true in the model, and ψ ⇒ ∃vars.φ.
	Formula *term.Term
	// Substituted lists the variables, given or introduced by the
	// projection, that were eliminated by substituting their model value
	// because no finite projection applied (see the package
	// documentation), in the order they were eliminated. Boolean and
	// bit-vector variables, whose substitution is finite, are not listed. Introduced
	// variables have names "mbp.s!k" (array reads), "mbp.v!k" (array
	// values), "mbp.q!k" and "mbp.r!k" (div and mod).
	Substituted []*term.Term
}

// Finite reports whether the projection took no model value of an
// infinite sort: then the projection belongs to a finite image (over all
// models of φ, finitely many results).
func (r Result) Finite() bool { return len(r.Substituted) == 0 }

// Errors of Project and QE. Errors wrap them (use errors.Is).
var (
	// ErrNotModel: the model does not satisfy the formula.
	ErrNotModel = errors.New("mbp: the model does not satisfy the formula")
	// ErrInternal: a result failed its own check (a bug).
	ErrInternal = errors.New("mbp: internal error")
	// ErrNotFinite: QE met a projection that is not finite, so the
	// enumeration need not terminate.
	ErrNotFinite = errors.New("mbp: projection is not finite")
)

// Project eliminates vars from phi under the model m with default options:
// see Projector.Project.
func Project(st *term.Store, vars []*term.Term, phi *term.Term, m *term.Model) (Result, error) {
	return New(st, Options{}).Project(vars, phi, m)
}

// Project returns a model-based projection of the quantifier-free formula
// phi onto its constants other than vars, for the model m of phi: a
// quantifier-free ψ over the other constants with m ⊨ ψ and ψ ⇒ ∃vars.φ.
// vars are constants (OpConst terms) of any sort; constants that do not
// occur in phi are ignored. Projection never calls a solver: it evaluates
// terms under m. The answer is checked: ψ is evaluated under m and its
// constants are checked to exclude vars. Errors: phi not Boolean or
// quantified, a var that is not a constant, m ⊭ phi (ErrNotModel), or a
// failed check (ErrInternal).
func (p *Projector) Project(vars []*term.Term, phi *term.Term, m *term.Model) (Result, error) {
	st := p.st
	if !phi.Sort().IsBool() {
		return Result{}, fmt.Errorf("mbp: formula of sort %v", phi.Sort())
	}
	if phi.HasQuantifier() || phi.HasBound() {
		return Result{}, errors.New("mbp: the formula is not quantifier free")
	}
	if m == nil || m.Store() != st {
		return Result{}, errors.New("mbp: the model belongs to another store")
	}
	for _, v := range vars {
		if v == nil || !v.IsConst() {
			return Result{}, fmt.Errorf("mbp: cannot project %v: not a constant", v)
		}
	}
	ok, err := m.EvalBool(phi)
	if err != nil {
		return Result{}, fmt.Errorf("mbp: %w", err)
	}
	if !ok {
		return Result{}, ErrNotModel
	}
	r := newRun(p, m)
	defer p.scratch.clear()
	for _, v := range vars {
		r.addVar(v)
	}
	r.phi = phi
	r.implicant(phi)
	r.projectDatatypes() // Datatypes
	r.projectArrays()
	r.projectArith()
	r.projectRest()
	psi := r.result()
	res := Result{Formula: psi, Substituted: r.substituted}
	if err := r.check(psi, m); err != nil {
		return Result{}, err
	}
	return res, nil
}

// check verifies the answer: m ⊨ psi and no projected variable occurs.
func (r *run) check(psi *term.Term, m *term.Model) error {
	for _, c := range term.FreeConsts(psi) {
		if r.isVar.Get(c) {
			return fmt.Errorf("%w: %v remains in the projection", ErrInternal, c)
		}
	}
	ok, err := m.EvalBool(psi)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrInternal, err)
	}
	if !ok {
		return fmt.Errorf("%w: the projection is false in the model", ErrInternal)
	}
	return nil
}

// result conjoins the literals left, with the optional strengthening.
func (r *run) result() *term.Term {
	st := r.st
	lits := slices.Clone(r.out)
	for _, l := range r.cube.lits {
		if l != nil { // every projected variable is gone: a bug
			panic(fmt.Sprintf("mbp: literal %v left in the cube", l))
		}
	}
	psi := st.Simplify(st.And(append(lits, st.True())...))
	if r.opts.ArrayEqualities {
		psi = r.arrayEqualities(psi)
	}
	if r.opts.DatatypeEqualities {
		psi = r.datatypeEqualities(psi)
	}
	return r.distinctValues(psi)
}

// distinctValues conjoins to psi, per uninterpreted sort, the (unsimplified)
// distinctness of the abstract values that value substitution brought in
// together with those of phi, when there are two or more. The rewriter
// folds (= v w) of distinct values to false: a projection that relied on
// it, such as u1 != u2 with u1 and u2 replaced by two values, would
// otherwise lose the fact that the sort has two elements, and ψ would
// not imply ∃x̄.φ over a one-element universe.
func (r *run) distinctValues(psi *term.Term) *term.Term {
	if len(r.absVals) == 0 {
		return psi
	}
	vals := slices.Clone(r.absVals)
	for u := range term.PostOrder(r.phi) {
		if u.Op() == term.OpValue && !r.absSeen[u] {
			r.absSeen[u] = true
			vals = append(vals, u)
		}
	}
	slices.SortStableFunc(vals, func(a, b *term.Term) int {
		if a.Sort() != b.Sort() {
			return strings.Compare(a.Sort().String(), b.Sort().String())
		}
		return a.Num().Cmp(b.Num())
	})
	lits := []*term.Term{psi}
	for i := 0; i < len(vals); {
		j := i + 1
		for j < len(vals) && vals[j].Sort() == vals[i].Sort() {
			j++
		}
		if j-i >= 2 {
			lits = append(lits, r.st.Distinct(vals[i:j]...))
		}
		i = j
	}
	if len(lits) == 1 {
		return psi
	}
	return r.st.And(lits...)
}
