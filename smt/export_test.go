package smt

// CheckAtoms exposes arith.checkAtoms to tests.
func (s *Solver) CheckAtoms() error { return s.ar.checkAtoms() }

// CheckAtomsOf is CheckAtoms for the external test package.
func CheckAtomsOf(s *Solver) error { return s.CheckAtoms() }
