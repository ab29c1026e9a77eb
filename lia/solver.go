package lia

import (
	"context"
	"fmt"

	"github.com/seed-f9c3434d/gospacer/lra"
	"github.com/seed-f9c3434d/gospacer/num"
)

// Result is the outcome of Check.
type Result uint8

const (
	// Unknown: cancelled, or no progress is possible within the budget.
	Unknown Result = iota
	// Sat: every integer variable has an integral value.
	Sat
	// Branch: split on Branch(): v <= k or v >= k+1.
	Branch
	// Cut: add the lemma Cut() (its bounds imply the cut inequality).
	Cut
)

func (r Result) String() string {
	switch r {
	case Sat:
		return "sat"
	case Branch:
		return "branch"
	case Cut:
		return "cut"
	}
	return "unknown"
}

// Stats are counters of the integer reasoning; deterministic for a given
// sequence of calls.
type Stats struct {
	Checks      int // calls of Check that found a fractional variable
	Branches    int // Branch answers
	GomoryCuts  int // Cut answers from a Gomory mixed-integer cut
	GCDCuts     int // Cut answers from the GCD test
	DiophCuts   int // Cut answers from the Diophantine equality check
	EqualCuts   int // Cut answers fixing a variable on a bound it cannot leave (tight.go)
	BigGiveUps  int // cuts not made because their numbers grew too big
	NoCandidate int // Unknown answers: nothing left to branch on
	Patches     int // fractional variables made integral by patching
}

// Solver adds integer reasoning to an lra.Solver (see the package doc).
// The zero value is not usable; call New.
type Solver struct {
	lp    *lra.Solver
	isInt []bool    // by lra.Var
	ints  []lra.Var // integer variables that are not slacks, in SetInt order

	calls int // Check calls with a fractional variable
	// every gomoryPeriod-th (gcdPeriod-th, boundedPeriod-th,
	// tightPeriod-th) fractional Check tries a Gomory cut (the GCD test,
	// the Diophantine check with bounded rows, the hidden equalities);
	// tests change them
	gomoryPeriod, gcdPeriod, boundedPeriod, tightPeriod int
	noPatch                                             bool // tests: skip patching
	stats                                               Stats

	branchVar lra.Var
	branchVal num.Int
	branchUp  bool
	rng       uint64 // xorshift state for branch directions
	cut       Lemma

	// scratch, named after their users
	rowCs     []num.Rat
	rowVs     []lra.Var
	acc       []num.Rat // dense accumulator by variable (expand)
	accSet    []bool
	accVs     []lra.Var
	frac      []lra.Var // fractional variables found by Check
	dio       dioph
	gs        []num.Rat // Gomory coefficients by row position (makeGomory)
	colCs     []num.Rat // a column (canMove)
	colVs     []lra.Var
	tight     []tightCand // bounds to test (tightTest)
	tightFrom int         // the variable tightTest starts from
}

// Parameters of the search (see the package doc, "Strategy").
const (
	defaultGomoryPeriod = 4 // every 4th fractional Check tries a Gomory cut
	defaultGCDPeriod    = 1 // every fractional Check runs the GCD test
	// every 8th fractional Check gives the Diophantine check the bounded
	// rows (dioph.go): their bounds change with every branch, and it is
	// rarely needed
	defaultBoundedPeriod = 8
	// every 128th fractional Check looks for hidden equalities (tight.go):
	// each costs a simplex check per bound, and it moves the simplex
	// off its vertex, which sends branch and bound elsewhere: every 16th
	// made a QF_LIA file that branch and bound answers in 433 decisions
	// take more than 25,000 (z3doc jpg2gif-query-1347, unknown in 10 s).
	// Most problems answer in fewer rounds; a walk takes thousands.
	defaultTightPeriod = 128
	// maxCutBits bounds the coefficients of a cut scaled to integers, in
	// bits: larger cuts are dropped (they slow the simplex down more than
	// they help).
	maxCutBits = 32
)

// New returns integer reasoning over lp, with no integer variables yet.
func New(lp *lra.Solver) *Solver {
	return &Solver{lp: lp, gomoryPeriod: defaultGomoryPeriod, gcdPeriod: defaultGCDPeriod, boundedPeriod: defaultBoundedPeriod, tightPeriod: defaultTightPeriod, rng: 0x9e3779b97f4a7c15}
}

// LP returns the simplex the solver works on.
func (s *Solver) LP() *lra.Solver { return s.lp }

// Stats returns the counters.
func (s *Solver) Stats() Stats { return s.stats }

func (s *Solver) grow() {
	for n := s.lp.NumVars(); len(s.isInt) < n; {
		s.isInt = append(s.isInt, false)
	}
}

// SetInt declares v an integer variable. A slack may be declared integer
// only when its definition has integer coefficients over integer
// variables (then its value is an integer whenever theirs are); only
// variables that are not slacks are branched on. Bounds asserted on
// integer variables must be integers (tighten them first: an upper bound
// c is floor(c), see Floor).
func (s *Solver) SetInt(v lra.Var) {
	s.grow()
	if s.isInt[v] {
		return
	}
	if s.lp.IsSlack(v) {
		cs, vs := s.lp.Definition(v)
		for i, x := range vs {
			if !s.isInt[x] || !cs[i].IsInt() {
				panic(fmt.Sprintf("lia: SetInt of slack x%d whose definition is not integral", v))
			}
		}
		s.lp.KeepRow(v) // integer reasoning reads its row (lra.KeepRow)
	} else {
		s.ints = append(s.ints, v)
	}
	s.isInt[v] = true
}

// IsInt reports whether v was declared integer.
func (s *Solver) IsInt(v lra.Var) bool { return int(v) < len(s.isInt) && s.isInt[v] }

// Branch returns the split of the last Branch answer: v <= k or v >= k+1,
// with k = floor of v's value, and whether to try v >= k+1 first.
func (s *Solver) Branch() (v lra.Var, k num.Int, up bool) {
	return s.branchVar, s.branchVal, s.branchUp
}

// Cut returns the cut of the last Cut answer. It is owned by the solver
// and valid until the next Check.
func (s *Solver) Cut() *Lemma { return &s.cut }

// Check looks for integer infeasibility of the current simplex solution.
// Call it after lp.Check answered Sat. It answers Sat when every integer
// variable has an integral value (then lp's model is an integer model),
// else Branch or Cut (see Branch, Cut). It answers Unknown when ctx is
// done or when a fractional variable is left but neither a cut nor a
// branch applies (which does not happen when bounds on integer variables
// are integral). Check changes lp's assignment only (patching, see
// patch.go, and the simplex checks of tight.go, which it undoes), never
// its bounds or rows, and leaves it feasible.
func (s *Solver) Check(ctx context.Context) Result {
	s.grow()
	if ctx != nil && ctx.Err() != nil {
		return Unknown
	}
	if s.fractional() == 0 {
		return Sat
	}
	if !s.noPatch && s.patch() && s.fractional() == 0 {
		return Sat
	}
	s.calls++
	s.stats.Checks++
	if s.calls%s.gcdPeriod == 0 && s.gcdTest() {
		s.stats.GCDCuts++
		return Cut
	}
	if s.diophTest() {
		s.stats.DiophCuts++
		return Cut
	}
	if s.calls%s.tightPeriod == 0 {
		found, ok := s.tightTest(ctx)
		switch {
		case !ok:
			return Unknown
		case found:
			s.stats.EqualCuts++
			return Cut
		case s.fractional() == 0: // the tests moved the assignment
			return Sat
		}
	}
	if s.calls%s.gomoryPeriod == 0 && s.gomory() {
		s.stats.GomoryCuts++
		return Cut
	}
	v, ok := s.selectBranch()
	if !ok {
		s.stats.NoCandidate++
		return Unknown
	}
	s.branchVar, s.branchVal = v, Floor(s.lp.Assignment(v))
	s.branchUp = s.random()&1 == 1
	s.stats.Branches++
	return Branch
}

// fractional collects the integer variables (not slacks) with a
// fractional value in s.frac and returns how many there are.
func (s *Solver) fractional() int {
	s.frac = s.frac[:0]
	for _, v := range s.ints {
		if !IsIntegral(s.lp.Assignment(v)) {
			s.frac = append(s.frac, v)
		}
	}
	return len(s.frac)
}

// selectBranch picks the fractional variable to branch on: the one with
// the smallest domain (both bounds, upper - lower smallest), then one with
// a single bound, then any; ties go to the smallest variable.
func (s *Solver) selectBranch() (lra.Var, bool) {
	best, found := lra.Var(0), false
	bestRank := 3
	var bestWidth num.Rat
	for _, v := range s.frac {
		lo, _, hasLo := s.lp.Lower(v)
		hi, _, hasHi := s.lp.Upper(v)
		rank := 2
		var width num.Rat
		switch {
		case hasLo && hasHi:
			rank, width = 0, hi.R.Sub(lo.R)
		case hasLo || hasHi:
			rank = 1
		}
		if !found || rank < bestRank || (rank == 0 && bestRank == 0 && width.Cmp(bestWidth) < 0) {
			best, found, bestRank, bestWidth = v, true, rank, width
		}
	}
	return best, found
}

// random is xorshift64*: deterministic for a given sequence of calls.
func (s *Solver) random() uint64 {
	s.rng ^= s.rng >> 12
	s.rng ^= s.rng << 25
	s.rng ^= s.rng >> 27
	return (s.rng * 0x2545f4914f6cdd1d) >> 32
}

// IsIntegral reports whether a delta-rational is an integer (no δ part).
func IsIntegral(d lra.DeltaRat) bool { return d.D.IsZero() && d.R.IsInt() }

// Floor returns the largest integer <= d for an infinitesimal δ > 0:
// floor(R), or R - 1 when R is an integer and the δ part negative.
func Floor(d lra.DeltaRat) num.Int {
	f := d.R.Floor()
	if d.D.Sign() < 0 && d.R.IsInt() {
		f = f.Sub(num.NewInt(1))
	}
	return f
}

// fracPart returns r - floor(r), in [0, 1).
func fracPart(r num.Rat) num.Rat { return r.Sub(r.Floor().Rat()) }
