package euf

import (
	"flag"
	"os"
	"slices"
	"testing"
)

// TestMain raises rapid's default number of cases (100) unless the command
// line sets -rapid.checks.
func TestMain(m *testing.M) {
	flag.Parse()
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "rapid.checks" })
	if !set {
		_ = flag.Set("rapid.checks", "1000")
	}
	os.Exit(m.Run())
}

// state is a deep copy of everything Push/Pop must restore, for exact
// comparison. The table is compared as a set: its layout may differ.
type state struct {
	Root, Next, PP     []Node
	Size               []uint32
	PJ                 []just
	Parents            [][]Node
	WatchesOf, Diseqs  [][]uint32
	Value, SharedOf    []Node
	Table              []Node
	Watches            []watch
	DiseqStack         []diseq
	Props              []Propagation
	PropHead           int
	Inconsistent       bool
	Conflict           conflictRec
	Trail, Merges, Pnd int
}

func snapshot(g *Graph) state {
	s := state{
		Root: clone(g.root), Next: clone(g.next), PP: clone(g.pp),
		Size: clone(g.size), PJ: clone(g.pj),
		Value: clone(g.value), SharedOf: clone(g.sharedOf),
		Watches: clone(g.watches), DiseqStack: clone(g.diseqs),
		Props: clone(g.props), PropHead: g.propHead,
		Inconsistent: g.inconsistent, Conflict: g.conflict,
		Trail: len(g.trail), Merges: len(g.merges), Pnd: len(g.pending),
	}
	for n := range g.terms {
		s.Parents = append(s.Parents, clone(g.parents[n]))
		s.WatchesOf = append(s.WatchesOf, clone(g.watchesOf[n]))
		s.Diseqs = append(s.Diseqs, clone(g.diseqsOf[n]))
	}
	for _, sl := range g.table.slots {
		if sl.n != NoNode {
			s.Table = append(s.Table, sl.n)
		}
	}
	slices.Sort(s.Table)
	return s
}

// clone copies xs into a non-nil slice, so that nil and empty compare equal.
func clone[T any](xs []T) []T { return append([]T{}, xs...) }
