package passes

import (
	"context"
	"errors"
	"sync"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

// A Pass transforms a system into an equisatisfiable one. It never changes
// its input: the new system has new clauses (it may share predicates and
// clauses that it keeps unchanged), and the Translator maps the new
// system's witnesses back to the input's.
type Pass interface {
	Name() string
	Apply(ctx context.Context, s *chc.System) (*chc.System, Translator, error)
}

// A Translator maps witnesses of a transformed system back to the system
// the transformation started from: a model of the new system to a model of
// the old one, a derivation of the new system to a derivation of the old
// one.
//
// Both take time linear in the size of the witness and the system, and
// stop with the reason (chc.ErrTimeout, chc.ErrMemory, chc.ErrCanceled) when ctx ends
// or a limit of the run is passed (see chc.Budget).
type Translator interface {
	Model(ctx context.Context, m chc.Model) (chc.Model, error)
	Derivation(ctx context.Context, root *chc.Node) (*chc.Node, error)
}

// Identity is the Translator of a pass that changed nothing.
type Identity struct{}

func (Identity) Model(_ context.Context, m chc.Model) (chc.Model, error)         { return m, nil }
func (Identity) Derivation(_ context.Context, root *chc.Node) (*chc.Node, error) { return root, nil }

// chain applies translators from the last pass back to the first.
type chain []Translator

func (c chain) Model(ctx context.Context, m chc.Model) (chc.Model, error) {
	var err error
	for i := len(c) - 1; i >= 0 && err == nil; i-- {
		m, err = c[i].Model(ctx, m)
	}
	return m, err
}

func (c chain) Derivation(ctx context.Context, root *chc.Node) (*chc.Node, error) {
	var err error
	for i := len(c) - 1; i >= 0 && err == nil; i-- {
		root, err = c[i].Derivation(ctx, root)
	}
	return root, err
}

// Preprocess applies the passes in order and returns the final system with
// one Translator back to s. It stops with the reason (chc.ErrTimeout,
// chc.ErrMemory, chc.ErrCanceled) when ctx ends or a limit of the run is passed
// (see chc.Budget); so does every pass.
//
// The passes of one call share a memo (see kept): a clause that Simplify
// or EliminateLocals kept as it was is kept again, without the work, when
// a later run of the same pass meets it, EliminateLocals' outcome on a
// constraint is reused for a new clause on the same constraint and
// locals (localsKey: Inline and Simplify rebuild clauses they leave), and
// a clause found normalised is not checked again (checkNormal).
func Preprocess(ctx context.Context, s *chc.System, passes ...Pass) (*chc.System, Translator, error) {
	var c chain
	ctx = context.WithValue(ctx, keptKey{}, &kept{})
	poll := chc.NewBudget(ctx)
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
	if s.Relaxed {
		// the strict form for the engines, whatever the passes
		next, tr, err := Restrict{}.Apply(ctx, s)
		if err != nil {
			return nil, nil, err
		}
		s = next
		c = append(c, tr)
	}
	return s, c, nil
}

// Default is the preprocessing pipeline, in the order of Golem's
// (see CHC-NOTES §3): simplification and local elimination first, so that
// the cone and inlining see simple clauses; the facts of a predicate
// merged into one; then the cone of influence, inlining of singly defined
// predicates, removal of unused arguments, and a second round, since each
// pass exposes work for the others; the predicates only queries use
// (CHC-COMP's fail) are composed into their queries before the last
// simplification; the head arguments that the last removal of arguments
// leaves in their clauses as local variables are eliminated at the end.
// The passes run in the relaxed clause form (see the package
// documentation), from Simplify{Relax: true} to Restrict.
func Default() []Pass {
	return []Pass{
		Simplify{Relax: true}, EliminateLocals{}, SplitLocations{}, MergeFacts{}, RemoveUnreachable{}, Inline{},
		Simplify{}, EliminateLocals{}, RemoveUnusedArgs{}, RemoveUnreachable{},
		Inline{}, InlineIntoQueries{}, Simplify{}, EliminateLocals{}, RemoveUnusedArgs{},
		EliminateLocals{}, Restrict{},
	}
}

// kept is the memo of one Preprocess call: the clauses that a pass left
// as they were, by pass name, and ("normal") those found normalised. Simplify and EliminateLocals decide a
// clause from the clause alone (its constraint and its atoms' arguments),
// so a clause one run kept, met again by a later run of the same pass, is
// kept again: the memo saves the work and changes nothing. Simplify also
// records what the next passes would find of the clauses it gives: its
// own result kept (Simplify is idempotent), and kept by EliminateLocals
// when the constraint mentions atom arguments only (noLocals).
type kept struct {
	// m: by clause, a bit per name (memoBit): one map read per clause
	// and pass, a pointer hashed (the memo is read for every clause of
	// every pass, and a key of name and clause hashed the name each
	// time)
	m map[*chc.Clause]uint8
	// locals: EliminateLocals' outcome by constraint and locals (see
	// localsKey), whatever clause it came from
	locals map[localsKey]localsOutcome
}

type keptKey struct{}

// keptOf is the memo of the Preprocess call that ctx comes from, or nil
// (a pass applied on its own).
func keptOf(ctx context.Context) *kept {
	k, _ := ctx.Value(keptKey{}).(*kept)
	return k
}

// has reports whether the pass kept c before (false for a nil memo).
func (k *kept) has(pass string, c *chc.Clause) bool {
	return k != nil && k.m[c]&memoBit(pass) != 0
}

// hasEither reports whether pass a or pass b kept c before, in one read
// of the table (false for a nil memo).
func (k *kept) hasEither(a, b string, c *chc.Clause) bool {
	return k != nil && k.m[c]&(memoBit(a)|memoBit(b)) != 0
}

// add records that the pass kept c (nothing for a nil memo).
func (k *kept) add(pass string, c *chc.Clause) {
	if k == nil {
		return
	}
	if k.m == nil {
		k.m = map[*chc.Clause]uint8{}
	}
	k.m[c] |= memoBit(pass)
}

// localsOutcome is the outcome recorded under key (seen false: none, or
// no key, or a nil memo).
func (k *kept) localsOutcome(key localsKey, keyed bool) (out localsOutcome, seen bool) {
	if k == nil || !keyed {
		return out, false
	}
	out, seen = k.locals[key]
	return out, seen
}

// addLocalsOutcome records out under key (nothing without a key or memo).
func (k *kept) addLocalsOutcome(key localsKey, keyed bool, out localsOutcome) {
	if k == nil || !keyed {
		return
	}
	if k.locals == nil {
		k.locals = map[localsKey]localsOutcome{}
	}
	k.locals[key] = out
}

// memoBit is the bit in kept.m of the name pass, one of those under
// which the memo records clauses; it panics on another (a bug).
func memoBit(pass string) uint8 {
	switch pass {
	case "simplify":
		return 1
	case "locals":
		return 2
	case "normal":
		return 4
	case "relaxed":
		return 8
	}
	panic("passes: no memo of " + pass)
}

// carry records of nc what k records of c: nc is c with its atoms on
// other predicates, the same constraint, variables and arguments, which
// is all that Simplify, EliminateLocals and the normal-form check read.
func (k *kept) carry(c, nc *chc.Clause) {
	if k == nil || c == nc {
		return
	}
	if b := k.m[c]; b != 0 {
		k.m[nc] |= b
	}
}

// checkNormal is chc.CheckNormal, the precondition of the passes that
// take a normalised system, with the memo of ctx's Preprocess call: a
// clause found normalised once is not checked again (a clause never
// changes).
func checkNormal(ctx context.Context, poll *chc.Budget, s *chc.System) error {
	if s.Relaxed {
		return errRelaxed
	}
	k := keptOf(ctx)
	if k == nil {
		return chc.CheckNormal(poll, s)
	}
	if err := chc.CheckPreds(poll, s); err != nil {
		return err
	}
	for i, c := range s.Clauses {
		if err := poll.Step(); err != nil {
			return err
		}
		if k.has("normal", c) {
			continue
		}
		if err := chc.CheckClauseNormalIn(s.St, i, c); err != nil {
			return err
		}
		k.add("normal", c)
	}
	return nil
}

// errRelaxed is checkNormal's error on a system in the relaxed form.
var errRelaxed = errors.New("passes: the system is in the relaxed clause form (Restrict gives the strict one)")

// checkForm is checkNormal for a pass that takes the relaxed clause form
// too (see chc.System.Relaxed): on such a system, the test of
// chc.CheckClauseRelaxedIn (every atom argument a variable of the clause,
// the arguments of one atom distinct, the constraint over the clause's
// variables), with the memo of ctx's Preprocess call. The test is made by
// stamps in two tables kept for the whole system rather than two tables
// emptied per clause and per atom (Inline checks most of the clauses
// Simplify and EliminateLocals made, and the test was an eighth of its
// time); a clause that fails it is checked again by
// chc.CheckClauseRelaxedIn, for its error.
func checkForm(ctx context.Context, poll *chc.Budget, s *chc.System) error {
	if !s.Relaxed {
		return checkNormal(ctx, poll, s)
	}
	if err := chc.CheckPreds(poll, s); err != nil {
		return err
	}
	k := keptOf(ctx)
	// varOf: the clause's stamp on its variables; seen: the atom's on
	// its arguments
	varOf, seen := formStamps.Get().(*term.TermMap[int32]), formStamps.Get().(*term.TermMap[int32])
	defer func() {
		varOf.Clear()
		seen.Clear()
		formStamps.Put(varOf)
		formStamps.Put(seen)
	}()
	var clauseStamp, atomStamp int32
	for i, c := range s.Clauses {
		if err := poll.Step(); err != nil {
			return err
		}
		if k.hasEither("normal", "relaxed", c) {
			continue
		}
		clauseStamp++
		for _, v := range c.Vars {
			varOf.Set(v, clauseStamp)
		}
		ok := true
		atom := func(a *chc.Atom) {
			atomStamp++
			for _, x := range a.Args {
				if !x.IsConst() || seen.Get(x) == atomStamp || varOf.Get(x) != clauseStamp {
					ok = false
					return
				}
				seen.Set(x, atomStamp)
			}
		}
		if c.Head != nil {
			atom(c.Head)
		}
		for j := range c.Body {
			if ok {
				atom(&c.Body[j])
			}
		}
		if ok {
			for x := range conjunctConsts(s.St, c.Constraint) {
				if varOf.Get(x) != clauseStamp {
					ok = false
					break
				}
			}
		}
		if !ok {
			if err := chc.CheckClauseRelaxedIn(s.St, i, c); err != nil {
				return err
			}
		}
		k.add("relaxed", c)
	}
	return nil
}

// formStamps recycles the tables of checkForm.
var formStamps = sync.Pool{New: func() any { return new(term.TermMap[int32]) }}
