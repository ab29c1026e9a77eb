package sat

import "fmt"

// Stats are the solver's counters. They depend only on the input and the
// options, never on timing, so equal runs give equal stats.
type Stats struct {
	Solves          uint64 // Solve calls
	Conflicts       uint64
	Decisions       uint64
	Propagations    uint64 // literals propagated
	Chrono          uint64 // backjumps made chronological (Options.NoChrono)
	Restarts        uint64
	ModeSwitches    uint64 // focused/stable switches (RestartMixed)
	Reductions      uint64 // reduceDB runs
	Simplifications uint64 // level-0 simplify runs
	GCs             uint64 // arena compactions
	Learned         uint64 // learned clauses (units included)
	LearnedLits     uint64 // their literals, after minimisation
	MinimizedLits   uint64 // literals removed by minimisation
	Deleted         uint64 // learned clauses deleted by reduceDB
	Eliminated      uint64 // variables eliminated by Eliminate
	TheoryProps     uint64 // literals implied by the theory
	TheoryConflicts uint64 // conflict clauses from the theory
	Explanations    uint64 // explanations asked of the theory
	Lemmas          uint64 // theory lemmas added
	Vars            int    // variables now
	Clauses         int    // irredundant clauses now (binary and longer)
	Learnts         int    // redundant clauses now
}

// String formats the main counters on one line.
func (st Stats) String() string {
	return fmt.Sprintf("conflicts=%d decisions=%d propagations=%d restarts=%d reductions=%d learned=%d vars=%d clauses=%d learnts=%d",
		st.Conflicts, st.Decisions, st.Propagations, st.Restarts, st.Reductions,
		st.Learned, st.Vars, st.Clauses, st.Learnts)
}
