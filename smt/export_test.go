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
