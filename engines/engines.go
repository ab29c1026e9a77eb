package engines

import (
	"github.com/seed-f9c3434d/gospacer/chc"
	_ "github.com/seed-f9c3434d/gospacer/engines/bam"
	_ "github.com/seed-f9c3434d/gospacer/engines/bmc"
	_ "github.com/seed-f9c3434d/gospacer/engines/bvint"
	_ "github.com/seed-f9c3434d/gospacer/engines/catamorphism"
	_ "github.com/seed-f9c3434d/gospacer/engines/clover"
	_ "github.com/seed-f9c3434d/gospacer/engines/imc"
	_ "github.com/seed-f9c3434d/gospacer/engines/kind"
	_ "github.com/seed-f9c3434d/gospacer/engines/pdkind"
	"github.com/seed-f9c3434d/gospacer/engines/portfolio"
	_ "github.com/seed-f9c3434d/gospacer/engines/tpa"
	_ "github.com/seed-f9c3434d/gospacer/engines/whale"
	_ "github.com/seed-f9c3434d/gospacer/spacer"
)

// DefaultEngine is the engine the library uses when none is named, and
// the CLI on one core.
const DefaultEngine = "spacer"

// DefaultFor is the engine the CLI runs when none is named, on cores
// cores: the portfolio on two or more (its members by cores, see
// portfolio.MembersFor) when portfolioByDefault, else Spacer alone.
func DefaultFor(cores int) string {
	if cores >= 2 && portfolioByDefault {
		return "portfolio"
	}
	return DefaultEngine
}

// DefaultForSystem is the engine the CLI runs on s when none is named:
// on two cores or more, the portfolio on a system over bit-vectors or
// datatypes (portfolio.Specialised: its members there, the integer
// reading of bit-vectors and the catamorphism abstraction, answer files
// Spacer cannot; the README's "The default engine"), else DefaultFor.
func DefaultForSystem(cores int, s *chc.System) string {
	if cores >= 2 && portfolio.Specialised(s) {
		return "portfolio"
	}
	return DefaultFor(cores)
}

// portfolioByDefault says whether the measurement holds the portfolio up
// as the default on two cores or more: on every dev folder at least
// Spacer's files solved, and on the easy files at most 1.05 times
// Spacer's time. It does not (2026-11-29, the README's "Portfolios on N
// cores"): on two cores shared with Spacer, the members cost it files it
// answers in 4-10 s alone (lia-nonlin's incremental.36, lia-lin's
// DRAGON_13), more than they add on lia-nonlin.
const portfolioByDefault = false
