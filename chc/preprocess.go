package chc

import "context"

// A Pass transforms a system into an equisatisfiable one. It never changes
// its input: the new system has new clauses (it may share predicates and
// clauses that it keeps unchanged), and the Translator maps the new
// system's witnesses back to the input's.
type Pass interface {
	Name() string
	Apply(ctx context.Context, s *System) (*System, Translator, error)
}

// A Translator maps witnesses of a transformed system back to the system
// the transformation started from: a model of the new system to a model of
// the old one, a derivation of the new system to a derivation of the old
// one.
//
// Both take time linear in the size of the witness and the system, and
// stop with the reason (ErrTimeout, ErrMemory, ErrCanceled) when ctx ends
// or a limit of the run is passed (see Budget).
type Translator interface {
	Model(ctx context.Context, m Model) (Model, error)
	Derivation(ctx context.Context, root *Node) (*Node, error)
}

// Identity is the Translator of a pass that changed nothing.
type Identity struct{}

func (Identity) Model(_ context.Context, m Model) (Model, error)         { return m, nil }
func (Identity) Derivation(_ context.Context, root *Node) (*Node, error) { return root, nil }

// chain applies translators from the last pass back to the first.
type chain []Translator

func (c chain) Model(ctx context.Context, m Model) (Model, error) {
	var err error
	for i := len(c) - 1; i >= 0 && err == nil; i-- {
		m, err = c[i].Model(ctx, m)
	}
	return m, err
}

func (c chain) Derivation(ctx context.Context, root *Node) (*Node, error) {
	var err error
	for i := len(c) - 1; i >= 0 && err == nil; i-- {
		root, err = c[i].Derivation(ctx, root)
	}
	return root, err
}

// Preprocess applies the passes in order and returns the final system with
// one Translator back to s. It stops with the reason (ErrTimeout,
// ErrMemory, ErrCanceled) when ctx ends or a limit of the run is passed
// (see Budget); so does every pass.
func Preprocess(ctx context.Context, s *System, passes ...Pass) (*System, Translator, error) {
	var c chain
	poll := NewBudget(ctx)
	for _, p := range passes {
		if err := poll.Poll(); err != nil {
			return nil, nil, err
		}
		next, tr, err := p.Apply(ctx, s)
		if err != nil {
			return nil, nil, err
		}
		s = next
		c = append(c, tr)
	}
	return s, c, nil
}

// DefaultPasses is the preprocessing pipeline, in the order of Golem's
// (see CHC-NOTES §3): simplification and local elimination first, so that
// the cone and inlining see simple clauses; the facts of a predicate
// merged into one; then the cone of influence, inlining of singly defined
// predicates, removal of unused arguments, and a second round, since each
// pass exposes work for the others; the predicates only queries use
// (CHC-COMP's fail) are composed into their queries before the last
// simplification.
func DefaultPasses() []Pass {
	return []Pass{
		Simplify{}, EliminateLocals{}, MergeFacts{}, RemoveUnreachable{}, Inline{},
		Simplify{}, EliminateLocals{}, RemoveUnusedArgs{}, RemoveUnreachable{},
		Inline{}, InlineIntoQueries{}, Simplify{}, EliminateLocals{}, RemoveUnusedArgs{},
	}
}
