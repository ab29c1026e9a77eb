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
type Translator interface {
	Model(m Model) (Model, error)
	Derivation(root *Node) (*Node, error)
}

// Identity is the Translator of a pass that changed nothing.
type Identity struct{}

func (Identity) Model(m Model) (Model, error)         { return m, nil }
func (Identity) Derivation(root *Node) (*Node, error) { return root, nil }

// chain applies translators from the last pass back to the first.
type chain []Translator

func (c chain) Model(m Model) (Model, error) {
	var err error
	for i := len(c) - 1; i >= 0 && err == nil; i-- {
		m, err = c[i].Model(m)
	}
	return m, err
}

func (c chain) Derivation(root *Node) (*Node, error) {
	var err error
	for i := len(c) - 1; i >= 0 && err == nil; i-- {
		root, err = c[i].Derivation(root)
	}
	return root, err
}

// Preprocess applies the passes in order and returns the final system with
// one Translator back to s. It stops with ctx's error when ctx ends.
func Preprocess(ctx context.Context, s *System, passes ...Pass) (*System, Translator, error) {
	var c chain
	for _, p := range passes {
		if err := ctx.Err(); err != nil {
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
// the cone and inlining see simple clauses; then the cone of influence,
// inlining of singly defined predicates, removal of unused arguments, and
// a second round, since each pass exposes work for the others; the
// predicates only queries use (CHC-COMP's fail) are composed into their
// queries before the last simplification.
func DefaultPasses() []Pass {
	return []Pass{
		Simplify{}, EliminateLocals{}, RemoveUnreachable{}, Inline{},
		Simplify{}, EliminateLocals{}, RemoveUnusedArgs{}, RemoveUnreachable{},
		Inline{}, InlineIntoQueries{}, Simplify{}, EliminateLocals{}, RemoveUnusedArgs{},
	}
}
