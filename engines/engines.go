package engines

import (
	_ "github.com/seed-f9c3434d/gospacer/engines/bam"
	_ "github.com/seed-f9c3434d/gospacer/engines/bmc"
	_ "github.com/seed-f9c3434d/gospacer/engines/bvint"
	_ "github.com/seed-f9c3434d/gospacer/engines/catamorphism"
	_ "github.com/seed-f9c3434d/gospacer/engines/clover"
	_ "github.com/seed-f9c3434d/gospacer/engines/imc"
	_ "github.com/seed-f9c3434d/gospacer/engines/kind"
	_ "github.com/seed-f9c3434d/gospacer/engines/pdkind"
	_ "github.com/seed-f9c3434d/gospacer/engines/portfolio"
	_ "github.com/seed-f9c3434d/gospacer/engines/tpa"
	_ "github.com/seed-f9c3434d/gospacer/engines/whale"
	_ "github.com/seed-f9c3434d/gospacer/spacer"
)

// DefaultEngine is the engine used when none is named.
const DefaultEngine = "spacer"
