package engines

import (
	_ "github.com/seed-f9c3434d/gospacer/engines/bam"
	_ "github.com/seed-f9c3434d/gospacer/engines/bmc"
	_ "github.com/seed-f9c3434d/gospacer/engines/clover"
	_ "github.com/seed-f9c3434d/gospacer/engines/imc"
	_ "github.com/seed-f9c3434d/gospacer/engines/kind"
	_ "github.com/seed-f9c3434d/gospacer/engines/pdkind"
	_ "github.com/seed-f9c3434d/gospacer/engines/portfolio"
	_ "github.com/seed-f9c3434d/gospacer/engines/tpa"
	_ "github.com/seed-f9c3434d/gospacer/engines/whale"
	_ "github.com/seed-f9c3434d/gospacer/spacer"
)

// DefaultEngine is the engine the library uses when none is named, and
// the CLI on one core.
const DefaultEngine = "spacer"

// DefaultFor is the engine the CLI runs when none is named, on cores
// cores: the portfolio on two or more (its members by cores, see
// portfolio.MembersFor), Spacer alone on one.
func DefaultFor(cores int) string {
	if cores >= 2 && portfolioByDefault {
		return "portfolio"
	}
	return DefaultEngine
}

// portfolioByDefault says whether the measurement holds the portfolio up
// as the default on two cores or more (see the README): on every dev
// folder it solves at least Spacer's files, and on the easy files its
// time is at most 1.05 times Spacer's.
const portfolioByDefault = false
