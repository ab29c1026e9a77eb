package passes

import (
	"context"
	"errors"

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
// variables), with the memo of ctx's Preprocess call. The test is made in
// a small table of the clause's variables (see formTable) rather than in
// two tables by term ID (Inline checks most of the clauses Simplify and
// EliminateLocals made, once each, and the tables by ID were an eighth of
// its time: every variable of every clause a new entry); a clause that
// fails it is checked again by chc.CheckClauseRelaxedIn, for its error.
func checkForm(ctx context.Context, poll *chc.Budget, s *chc.System) error {
	if !s.Relaxed {
		return checkNormal(ctx, poll, s)
	}
	if err := chc.CheckPreds(poll, s); err != nil {
		return err
	}
	k := keptOf(ctx)
	var tb formTable
	for i, c := range s.Clauses {
		if err := poll.Step(); err != nil {
			return err
		}
		if k.hasEither("normal", "relaxed", c) {
			continue
		}
		if !tb.inForm(s.St, c) {
			if err := chc.CheckClauseRelaxedIn(s.St, i, c); err != nil {
				return err
			}
		}
		k.add("relaxed", c)
	}
	return nil
}

// A formTable is checkForm's set of one clause's variables: open
// addressing by term ID over a power of two of slots, at least twice the
// variables, each slot a variable (nil: empty) and the last atom that
// had it as an argument (a stamp, counted per clause). It is emptied
// per clause at the cost of its slots, which are few, where tables by
// term ID cost a page entry per variable, every one new.
type formTable struct {
	vars  []*term.Term
	atom  []int32
	shift uint
}

// reset empties tb for a clause of n variables.
func (tb *formTable) reset(n int) {
	bits := uint(4)
	for 1<<bits < 2*n {
		bits++
	}
	if size := 1 << bits; cap(tb.vars) >= size {
		tb.vars, tb.atom = tb.vars[:size], tb.atom[:size]
		clear(tb.vars)
		clear(tb.atom)
	} else {
		tb.vars, tb.atom = make([]*term.Term, size), make([]int32, size)
	}
	tb.shift = 32 - bits
}

// slot is x's slot: where it is, or the empty one where it would go.
func (tb *formTable) slot(x *term.Term) int {
	mask := uint32(len(tb.vars) - 1)
	for i := (x.ID() * 0x9e3779b1) >> tb.shift; ; i = (i + 1) & mask {
		if y := tb.vars[i]; y == nil || y == x {
			return int(i)
		}
	}
}

// inForm is chc.CheckClauseRelaxedIn's test on c, which it passes when
// inForm holds (its error is found there when it does not).
func (tb *formTable) inForm(st *term.Store, c *chc.Clause) bool {
	tb.reset(len(c.Vars))
	for _, v := range c.Vars {
		tb.vars[tb.slot(v)] = v
	}
	var stamp int32
	atom := func(a *chc.Atom) bool {
		stamp++
		for _, x := range a.Args {
			if !x.IsConst() {
				return false
			}
			i := tb.slot(x)
			if tb.vars[i] == nil || tb.atom[i] == stamp {
				return false // no variable of c, or twice an argument
			}
			tb.atom[i] = stamp
		}
		return true
	}
	if c.Head != nil && !atom(c.Head) {
		return false
	}
	for j := range c.Body {
		if !atom(&c.Body[j]) {
			return false
		}
	}
	for x := range conjunctConsts(st, c.Constraint) {
		if tb.vars[tb.slot(x)] == nil {
			return false
		}
	}
	return true
}
