package euf

type undoKind uint8

const (
	undoAttach      undoKind = iota + 1 // n entered its arguments' parent lists
	undoTableInsert                     // n became a table entry
	undoTableErase                      // n stopped being a table entry
	undoMerge                           // the top of g.merges was performed
	undoDiseq                           // the top of g.diseqs was asserted
	undoWatch                           // watch n entered its classes' lists
	undoWatchState                      // watch n was decided
	undoShared                          // sharedOf[n] was set
	undoConflict                        // the graph became inconsistent
)

// An undo is one trail entry: a change that Pop reverts. The trail is a
// stack, so each entry is undone in exactly the state it was made in.
type undo struct {
	kind undoKind
	n    Node
}

// scope is the state saved by Push.
type scope struct {
	trail    int
	nodes    int
	watches  int
	shared   int
	props    int
	propHead int
}

// Push opens a scope: Pop restores the state at this point.
func (g *Graph) Push() {
	g.scopes = append(g.scopes, scope{
		trail:    len(g.trail),
		nodes:    len(g.terms),
		watches:  len(g.watches),
		shared:   len(g.sharedLog),
		props:    len(g.props),
		propHead: g.propHead,
	})
}

// NumScopes is the number of open scopes.
func (g *Graph) NumScopes() int { return len(g.scopes) }

// Pop closes the n innermost scopes, restoring the equalities,
// disequalities, watch states, conflict and propagation queue of the
// outermost of them exactly. Registrations (nodes, watches, shared marks)
// made in the popped scopes are permanent: they are re-attached under the
// restored equalities, which may merge new nodes into old classes by
// congruence and queue propagations about them, but never change the
// relation between older nodes.
func (g *Graph) Pop(n int) {
	if n <= 0 {
		return
	}
	if n > len(g.scopes) {
		panic("euf: Pop of more scopes than pushed")
	}
	s := g.scopes[len(g.scopes)-n]
	g.scopes = g.scopes[:len(g.scopes)-n]
	for len(g.trail) > s.trail {
		u := g.trail[len(g.trail)-1]
		g.trail = g.trail[:len(g.trail)-1]
		g.undo(u)
	}
	g.pending = g.pending[:0]
	g.props = g.props[:s.props]
	g.propHead = s.propHead
	if debug {
		for m := s.nodes; m < len(g.terms); m++ {
			g.checkDetached(Node(m))
		}
	}
	for m := s.nodes; m < len(g.terms); m++ {
		g.attach(Node(m))
	}
	g.propagate()
	for w := s.watches; w < len(g.watches); w++ {
		g.attachWatch(uint32(w))
	}
	for _, m := range g.sharedLog[s.shared:] {
		g.shareRoot(m)
	}
}

func (g *Graph) undo(u undo) {
	switch u.kind {
	case undoAttach:
		g.detach(u.n)
	case undoTableInsert:
		if !g.table.erase(g, u.n) {
			panic("euf: undo of a table insert that is not there")
		}
	case undoTableErase:
		if q, ok := g.table.findOrInsert(g, u.n); !ok {
			panic("euf: undo of a table erase collides with " + g.terms[q].String())
		}
	case undoMerge:
		g.unmerge()
	case undoDiseq:
		d := g.diseqs[len(g.diseqs)-1]
		g.diseqs = g.diseqs[:len(g.diseqs)-1]
		ra, rb := g.root[d.a], g.root[d.b]
		g.diseqsOf[rb] = g.diseqsOf[rb][:len(g.diseqsOf[rb])-1]
		g.diseqsOf[ra] = g.diseqsOf[ra][:len(g.diseqsOf[ra])-1]
	case undoWatch:
		g.detachWatch(uint32(u.n))
	case undoWatchState:
		w := &g.watches[u.n]
		w.state, w.why = watchUnknown, 0
	case undoShared:
		g.sharedOf[u.n] = NoNode
	case undoConflict:
		g.inconsistent = false
		g.conflict = conflictRec{}
	default:
		panic("euf: bad trail entry")
	}
}
