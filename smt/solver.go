package smt

import (
	"context"
	"errors"
	"fmt"

	"github.com/seed-f9c3434d/gospacer/sat"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Result is the answer of Check: the SAT solver's answers, whose String
// gives "sat", "unsat" and "unknown".
type Result = sat.Result

const (
	Unknown = sat.Unknown
	Sat     = sat.Sat
	Unsat   = sat.Unsat
)

// UnsupportedError reports a term the solver cannot decide.
type UnsupportedError struct {
	Term   *term.Term
	Reason string
}

func (e *UnsupportedError) Error() string {
	return fmt.Sprintf("unsupported: %s in %v", e.Reason, short(e.Term))
}

func short(t *term.Term) string {
	s := t.String()
	if len(s) > 120 {
		s = s[:117] + "..."
	}
	return s
}

// Options configure a Solver.
type Options struct {
	// NoModelCheck skips the evaluation of every assertion under the
	// model after a Sat answer. The check is on by default: a model that
	// fails it turns the answer into Unknown with an error.
	NoModelCheck bool
	// Proofs makes the solver keep a resolution refutation of each Unsat
	// answer, with input clauses tagged by partition (AssertPart); see
	// Refutation. Off, it costs nothing.
	Proofs bool
	// Symmetry makes Check add symmetry-breaking constraints for the
	// constants of uninterpreted sorts the formula does not distinguish
	// (symmetry.go), for that call only. Ignored with Proofs and by a
	// Check with assumptions (its unsat core must hold without them).
	Symmetry bool
}

// A Solver decides quantifier-free formulas over Booleans and linear real
// arithmetic, incrementally. It is not safe for concurrent use.
type Solver struct {
	st   *term.Store
	opts Options
	sat  *sat.Solver
	enc  encoder
	th   dispatcher
	ar   *arith
	eu   *eufPlugin // uninterpreted functions and arrays (euf.go)
	bvb  *bvBlaster // Bit-vectors (bv.go): nil until a bit-vector term comes

	scopes     []scope
	assertions []*term.Term // in force, for model checking
	lastErr    error        // sticky error from Assert
	part       uint32       // proof tag of the clauses being encoded: partition+1, 0 outside Assert

	model  *term.Model
	core   []*term.Term
	result Result
	reason string // why the last answer was Unknown
	stats  Stats

	relaxed bool // integer reasoning off (SetRelaxed)
}

// ReasonRelaxed is ReasonUnknown after a check with integer reasoning off
// (SetRelaxed) whose rational model is not integral.
const ReasonRelaxed = "integer relaxation: no integral model"

// SetRelaxed turns integer reasoning (branches and cuts) off for the next
// checks, or back on: an Unsat answer still holds over the integers (the
// integer atoms are tightened, so the rational problem is a relaxation),
// a Sat answer whose integer variables are not all integral becomes
// Unknown with ReasonRelaxed. A cheap first try before a full check that
// may need integer search, as z3's Spacer does ("weak abstraction").
func (s *Solver) SetRelaxed(on bool) { s.relaxed = on }

type scope struct {
	act        sat.Lit // activation literal guarding the scope's assertions
	assertions int     // len(assertions) at Push
}

// New returns a solver over the terms of st.
func New(st *term.Store, opts Options) *Solver {
	s := &Solver{st: st, opts: opts}
	s.init()
	return s
}

func (s *Solver) init() {
	s.sat = sat.New(sat.Options{Proof: s.opts.Proofs})
	s.ar = newArith(s)
	s.eu = newEuf(s)
	s.th = dispatcher{s: s, plugins: []plugin{s.ar, s.eu}}
	s.sat.SetTheory(&s.th)
	s.enc = newEncoder(s)
	s.bvb = nil // Bit-vectors
	s.scopes = s.scopes[:0]
	s.assertions = s.assertions[:0]
	s.lastErr = nil
	s.model, s.core, s.result = nil, nil, Unknown
}

// Store is the term store of the solver.
func (s *Solver) Store() *term.Store { return s.st }

// Assert adds the Boolean formula t to the current scope. A formula the
// solver does not support gives an error and is not asserted. It is
// AssertPart(t, 0).
func (s *Solver) Assert(t *term.Term) error { return s.AssertPart(t, 0) }

// MaxParts is the number of partitions AssertPart accepts.
const MaxParts = 1 << 16

// AssertPart is Assert for interpolation: with Options.Proofs, the clauses
// that encode t (its definitions and the assertion itself) carry the
// partition part in the refutation (Refutation.Part). A part outside
// [0, MaxParts) is an error.
func (s *Solver) AssertPart(t *term.Term, part int) error {
	if !t.Sort().IsBool() {
		return fmt.Errorf("assert: formula of sort %v", t.Sort())
	}
	if part < 0 || part >= MaxParts {
		return fmt.Errorf("assert: partition %d out of range", part)
	}
	s.part = uint32(part) + 1
	defer func() { s.part = 0 }()
	m, err := s.enc.encode(t)
	if err != nil {
		return err
	}
	if len(s.scopes) > 0 {
		s.define(s.scopes[len(s.scopes)-1].act.Not(), m)
	} else {
		s.define(m)
	}
	s.assertions = append(s.assertions, t)
	return nil
}

// define adds a clause of the encoding of the formula being asserted
// (tagged with its partition) or, outside Assert, a definition valid by
// construction (tag 0).
func (s *Solver) define(lits ...sat.Lit) { s.sat.AddClauseTagged(s.part, lits...) }

// Push opens a scope: assertions made until the matching Pop are removed
// by it.
func (s *Solver) Push() {
	v := s.sat.NewVar()
	s.scopes = append(s.scopes, scope{act: v.Pos(), assertions: len(s.assertions)})
}

// Pop closes the n innermost scopes.
func (s *Solver) Pop(n int) error {
	if n < 0 || n > len(s.scopes) {
		return fmt.Errorf("pop %d: only %d scopes open", n, len(s.scopes))
	}
	for ; n > 0; n-- {
		sc := s.scopes[len(s.scopes)-1]
		s.scopes = s.scopes[:len(s.scopes)-1]
		s.sat.AddClause(sc.act.Not()) // retires the scope's clauses for good
		s.assertions = s.assertions[:sc.assertions]
	}
	return nil
}

// NumScopes is the number of open scopes.
func (s *Solver) NumScopes() int { return len(s.scopes) }

// Reset removes every assertion and scope.
func (s *Solver) Reset() { s.init() }

// Assertions returns the formulas in force.
func (s *Solver) Assertions() []*term.Term { return append([]*term.Term(nil), s.assertions...) }

// Check decides the assertions together with the assumptions (Boolean
// terms that hold for this call only). On Sat, Model gives a model; on
// Unsat, UnsatCore gives assumptions that are unsatisfiable with the
// assertions. Unknown comes with an explanation in ReasonUnknown, and
// with a non-nil error when an assumption is unsupported or the answer
// failed its own check.
func (s *Solver) Check(ctx context.Context, assumptions ...*term.Term) (Result, error) {
	s.model, s.core, s.result, s.reason = nil, nil, Unknown, ""
	s.stats.Checks++
	lits := make([]sat.Lit, 0, len(s.scopes)+len(assumptions))
	for _, sc := range s.scopes {
		lits = append(lits, sc.act)
	}
	pctx := newPolling(ctx)
	if s.bvb != nil { // Bit-vectors: the atoms Assert deferred (bv.go flush)
		if err := s.bvb.flush(pctx); err != nil {
			return s.interruptedOr(pctx, err)
		}
	}
	s.th.ctx = pctx // the blaster polls it while it encodes an assumption
	defer func() { s.th.ctx = nil }()
	byLit := make(map[sat.Lit]*term.Term, len(assumptions))
	for _, a := range assumptions {
		if !a.Sort().IsBool() {
			return Unknown, fmt.Errorf("check: assumption of sort %v", a.Sort())
		}
		m, err := s.enc.encode(a)
		if err != nil {
			return s.interruptedOr(pctx, err)
		}
		if _, dup := byLit[m]; !dup {
			byLit[m] = a
			lits = append(lits, m)
		}
	}
	// Not under assumptions: a core with the activation literal in it is
	// a core of the strengthened formula, and its assumptions alone need
	// not be unsat with the assertions.
	if s.opts.Symmetry && !s.opts.Proofs && len(assumptions) == 0 {
		fs := append(s.Assertions(), assumptions...)
		if sb := symmetryBreaking(s.st, fs); len(sb) > 0 {
			s.stats.Symmetry += len(sb)
			act := s.sat.NewVar().Pos()
			for _, f := range sb {
				m, err := s.enc.encode(f)
				if err != nil {
					return s.interruptedOr(pctx, err)
				}
				s.define(act.Not(), m)
			}
			lits = append(lits, act)
			defer s.sat.AddClause(act.Not()) // retired after this call
		}
	}
	s.th.incomplete = ""
	s.ar.chooseEngine()
	r := s.sat.Solve(pctx, lits)
	s.th.ctx = nil
	switch r {
	case sat.Unsat:
		s.result = Unsat
		for _, m := range s.sat.Failed(nil) {
			if a, ok := byLit[m]; ok {
				s.core = append(s.core, a)
			}
		}
	case sat.Sat:
		if s.th.incomplete != "" {
			s.reason = s.th.incomplete
			return Unknown, nil
		}
		m, err := s.buildModel(assumptions)
		if err != nil {
			s.reason = err.Error()
			return Unknown, err
		}
		s.model = m
		s.result = Sat
	default:
		s.reason = "canceled"
		if err := pctx.Err(); err != nil {
			s.reason = err.Error()
		}
	}
	return s.result, nil
}

// interruptedOr is Check's answer to an error while it encodes: Unknown
// with the context's error as the reason when the context is done (the
// bit-blaster stopped), else Unknown with err.
func (s *Solver) interruptedOr(pctx polling, err error) (Result, error) {
	if cerr := pctx.Err(); cerr != nil {
		s.reason = cerr.Error()
		return Unknown, nil
	}
	return Unknown, err
}

// ReasonUnknown says why the last Check answered Unknown.
func (s *Solver) ReasonUnknown() string { return s.reason }

// Model returns the model of the last Sat answer, else nil.
func (s *Solver) Model() *term.Model { return s.model }

// UnsatCore returns, after an Unsat answer, assumptions of that Check
// that are unsatisfiable together with the assertions.
func (s *Solver) UnsatCore() []*term.Term { return append([]*term.Term(nil), s.core...) }

// errModel reports a model that does not satisfy an assertion: a bug.
var errModel = errors.New("internal error: the model does not satisfy an assertion")

// buildModel collects the values of the theories and checks them against
// the assertions and assumptions.
func (s *Solver) buildModel(assumptions []*term.Term) (*term.Model, error) {
	m := term.NewModel(s.st)
	for _, c := range s.enc.boolConsts {
		m.Set(c, s.st.Bool(s.sat.Value(s.enc.tab.lit(c.ID()))))
	}
	if err := s.eu.model(m); err != nil { // before arith: division by zero evaluates terms
		return nil, err
	}
	if err := s.ar.model(m); err != nil {
		return nil, err
	}
	if s.bvb != nil { // Bit-vectors
		if err := s.bvb.model(m); err != nil {
			return nil, err
		}
	}
	if s.opts.NoModelCheck {
		return m, nil
	}
	check := func(t *term.Term) error {
		ok, err := m.EvalBool(t)
		if err != nil {
			return fmt.Errorf("model check: %v", err)
		}
		if !ok {
			return fmt.Errorf("%w: %v", errModel, short(t))
		}
		return nil
	}
	for _, t := range s.assertions {
		if err := check(t); err != nil {
			return nil, err
		}
	}
	for _, t := range assumptions {
		if err := check(t); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// Stats are counters of a solver's work.
type Stats struct {
	Checks       int
	Atoms        int // theory atoms
	Conflicts    uint64
	Decisions    uint64
	Propagations uint64
	Restarts     uint64
	TheoryProps  uint64
	Pivots       uint64
	Branches     uint64 // integer branches (lia)
	Cuts         uint64 // integer cuts (lia)
	TransAtoms   int    // equality atoms added by transitivity lemmas (euf)
	Vars         int    // SAT variables
	Clauses      uint64 // clauses added to the SAT solver (input and theory lemmas)
	Symmetry     int    // symmetry-breaking constraints added (Options.Symmetry)
}

// Stats returns the counters so far.
func (s *Solver) Stats() Stats {
	st := s.stats
	ss := s.sat.Stats()
	st.Conflicts, st.Decisions, st.Propagations, st.Restarts = ss.Conflicts, ss.Decisions, ss.Propagations, ss.Restarts
	st.TheoryProps = ss.TheoryProps
	st.Atoms = len(s.ar.atoms)
	st.Pivots = uint64(s.ar.lra.Stats().Pivots)
	ls := s.ar.li.Stats()
	st.Branches, st.Cuts = uint64(ls.Branches), uint64(ls.GomoryCuts+ls.GCDCuts+ls.DiophCuts+ls.EqualCuts)
	st.TransAtoms = s.eu.stats.TransAtoms
	st.Vars, st.Clauses = s.sat.NumVars(), s.sat.NumAdded()
	return st
}
