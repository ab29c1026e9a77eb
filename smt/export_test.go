package smt

// CheckAtoms exposes arith.checkAtoms to tests.
func (s *Solver) CheckAtoms() error { return s.ar.checkAtoms() }

// CheckAtomsOf is CheckAtoms for the external test package.
func CheckAtomsOf(s *Solver) error { return s.CheckAtoms() }

// VerifyCutsOf checks the proofs of every cut lemma the solver added.
func VerifyCutsOf(s *Solver) error {
	for _, c := range s.ar.cuts {
		if err := s.ar.li.Verify(&c.cut); err != nil {
			return err
		}
	}
	return nil
}

// NoDiffLogicOf makes s decide arithmetic with the simplex even when
// every atom is a difference (the oracle of the difference-logic tests).
func NoDiffLogicOf(s *Solver) { s.ar.noDiff = true }

// DenseDiffLogicOf makes s use difflogic's dense mode whenever it
// decides with difflogic (without proofs), whatever the graph's size.
func DenseDiffLogicOf(s *Solver) { s.ar.dense = true }

// UsesDiffLogicOf reports whether s decides its atoms with difflogic.
func UsesDiffLogicOf(s *Solver) bool { return s.ar.dl != nil }
