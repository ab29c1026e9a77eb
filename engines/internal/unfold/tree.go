package unfold

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/passes"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// A slot is one node of the unfolding tree (see doc.go).
type slot struct {
	depth    int
	preds    []*chc.Pred    // predicates that may be derived here, by ID; none at the root
	active   []*term.Term   // per pred
	args     [][]*term.Term // per pred: the copy of its Params
	clauses  []int          // clause indices usable here: head in preds (queries at the root)
	sels     []*term.Term   // per clause
	locals   [][]*term.Term // per clause: the term each of c.Vars stands for, once instantiated
	pending  bool           // some clause has a body and no instance yet
	children []int          // slot indices per body position, once expanded
}

// predIndex is the position of p in sl.preds, -1 if absent.
func (sl *slot) predIndex(p *chc.Pred) int {
	for i, q := range sl.preds {
		if q == p {
			return i
		}
	}
	return -1
}

// A Tree is the unfolding of a system into one smt solver (see doc.go).
type Tree struct {
	sys       *chc.System
	st        *term.Store
	sv        *smt.Solver
	cons      []*term.Term // simplified clause constraints
	pos       [][]int      // per clause: the child position of each body atom
	byHead    [][]int      // pred ID -> usable clauses with that head
	queries   []int        // usable query clauses
	derivable []bool       // pred ID -> some derivation of it may exist
	slots     []*slot
	deep      []*term.Term // deep(d) per depth
	instances int          // clause instances asserted
	budget    int          // most clause instances, 0 = no limit
	log       chc.Logger   // traces one line per slot
	poll      *chc.Budget  // the run's limits, polled per clause instance and slot
}

// BudgetError is the error of an encoding that outgrew its budget.
type BudgetError struct{ Instances int }

func (e BudgetError) Error() string {
	return fmt.Sprintf("encoding budget exhausted (%d clause instances)", e.Instances)
}

// New unfolds nothing yet: Root makes the root slot, Expand a slot's
// children. budget bounds the clause instances asserted (0: none); past
// it Root and Expand fail with a BudgetError. poll holds the run's limits
// (chc.NewBudget of its context): every step polls it, and fails with its
// reason once they are passed. trace, when not nil, gets one line per
// slot.
func New(poll *chc.Budget, sys *chc.System, budget int, log chc.Logger) (*Tree, error) {
	st := sys.St
	u := &Tree{sys: sys, st: st, sv: smt.New(st, smt.Options{}), budget: budget, log: log, poll: poll}
	u.derivable = passes.Derivable(sys)
	u.byHead = make([][]int, len(sys.Preds))
	u.cons = make([]*term.Term, len(sys.Clauses))
	u.pos = make([][]int, len(sys.Clauses))
	for ci, c := range sys.Clauses {
		if err := poll.Step(); err != nil {
			return nil, err
		}
		u.pos[ci] = positions(c)
		usable := true
		for _, b := range c.Body {
			if !u.derivable[b.Pred.ID] {
				usable = false
			}
		}
		if !usable {
			continue
		}
		u.cons[ci] = st.Simplify(c.Constraint)
		if u.cons[ci].IsFalse() {
			continue
		}
		if c.Head == nil {
			u.queries = append(u.queries, ci)
		} else {
			u.byHead[c.Head.Pred.ID] = append(u.byHead[c.Head.Pred.ID], ci)
		}
	}
	return u, nil
}

// positions places the body atoms of c in child positions by predicate
// (stable by ID), so that clauses whose bodies differ only in order put
// the same predicates at the same positions, and a child holds fewer
// predicates.
func positions(c *chc.Clause) []int {
	order := make([]int, len(c.Body))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return c.Body[order[a]].Pred.ID < c.Body[order[b]].Pred.ID })
	pos := make([]int, len(c.Body))
	for p, i := range order {
		pos[i] = p
	}
	return pos
}

// Deep is the literal deep(d), made on first use: assuming ¬deep(d)
// excludes the clauses with a body in the slots of depth d.
func (u *Tree) Deep(d int) *term.Term {
	for len(u.deep) <= d {
		u.deep = append(u.deep, u.st.Fresh("bmc!deep"+strconv.Itoa(len(u.deep)), term.BoolSort))
	}
	return u.deep[d]
}

// Root makes the root slot: one selector per usable query, one of which
// must hold.
func (u *Tree) Root() error {
	sl := &slot{depth: 0}
	u.slots = append(u.slots, sl)
	var any []*term.Term
	for _, ci := range u.queries {
		any = append(any, u.addClause(sl, ci))
	}
	if err := u.sv.Assert(u.st.Or(any...)); err != nil {
		return err
	}
	return u.instantiateFacts(sl)
}

// newSlot makes a slot at depth holding preds (sorted by ID).
func (u *Tree) newSlot(depth int, preds []*chc.Pred) (int, error) {
	sl := &slot{depth: depth, preds: preds}
	si := len(u.slots)
	u.slots = append(u.slots, sl)
	tag := "@" + strconv.Itoa(si)
	for _, p := range preds {
		if err := u.poll.Step(); err != nil {
			return si, err
		}
		act := u.st.Fresh("bmc!"+p.Name()+tag, term.BoolSort)
		args := make([]*term.Term, len(p.Params))
		for i, x := range p.Params {
			args[i] = u.st.Fresh(x.Name()+tag, x.Sort())
		}
		sl.active = append(sl.active, act)
		sl.args = append(sl.args, args)
		var any []*term.Term
		for _, ci := range u.byHead[p.ID] {
			any = append(any, u.addClause(sl, ci))
		}
		if err := u.sv.Assert(u.st.Implies(act, u.st.Or(any...))); err != nil {
			return si, err
		}
	}
	if u.log.Tracing() {
		u.log.Tracef("slot %d depth %d preds %v clauses %v", si, depth, preds, sl.clauses)
	}
	return si, u.instantiateFacts(sl)
}

// addClause gives sl a selector for clause ci.
func (u *Tree) addClause(sl *slot, ci int) *term.Term {
	sel := u.st.Fresh("bmc!c"+strconv.Itoa(ci), term.BoolSort)
	sl.clauses = append(sl.clauses, ci)
	sl.sels = append(sl.sels, sel)
	sl.locals = append(sl.locals, nil)
	if len(u.sys.Clauses[ci].Body) > 0 {
		sl.pending = true
	}
	return sel
}

// instantiateFacts asserts the instances of sl's facts and ties its other
// selectors to deep(depth).
func (u *Tree) instantiateFacts(sl *slot) error {
	deep := u.Deep(sl.depth)
	for k, ci := range sl.clauses {
		if len(u.sys.Clauses[ci].Body) > 0 {
			if err := u.sv.Assert(u.st.Implies(sl.sels[k], deep)); err != nil {
				return err
			}
			continue
		}
		if err := u.instantiate(sl, k); err != nil {
			return err
		}
	}
	return nil
}

// Expand gives the slot si its children and asserts the instances of its
// clauses with a body.
func (u *Tree) Expand(si int) error {
	sl := u.slots[si]
	if !sl.pending || sl.children != nil {
		return nil
	}
	var pos [][]*chc.Pred
	for _, ci := range sl.clauses {
		for i, b := range u.sys.Clauses[ci].Body {
			p := u.pos[ci][i]
			for p >= len(pos) {
				pos = append(pos, nil)
			}
			pos[p] = insertPred(pos[p], b.Pred)
		}
	}
	children := make([]int, len(pos))
	for i, preds := range pos {
		ch, err := u.newSlot(sl.depth+1, preds)
		if err != nil {
			return err
		}
		children[i] = ch
	}
	sl.children = children
	for k, ci := range sl.clauses {
		if len(u.sys.Clauses[ci].Body) > 0 {
			if err := u.instantiate(sl, k); err != nil {
				return err
			}
		}
	}
	return nil
}

// insertPred adds p to the ID-sorted ps.
func insertPred(ps []*chc.Pred, p *chc.Pred) []*chc.Pred {
	i := 0
	for i < len(ps) && ps[i].ID < p.ID {
		i++
	}
	if i < len(ps) && ps[i] == p {
		return ps
	}
	ps = append(ps, nil)
	copy(ps[i+1:], ps[i:])
	ps[i] = p
	return ps
}

// instantiate asserts sel ⇒ the instance of the k-th clause of sl (its
// children must exist if it has a body).
func (u *Tree) instantiate(sl *slot, k int) error {
	if u.budget > 0 && u.instances >= u.budget {
		return BudgetError{u.instances}
	}
	if err := u.poll.Step(); err != nil {
		return err
	}
	u.instances++
	st := u.st
	ci := sl.clauses[k]
	c := u.sys.Clauses[ci]
	var parts []*term.Term
	var binds []chc.Binding
	if c.Head != nil {
		pi := sl.predIndex(c.Head.Pred)
		binds = append(binds, chc.Binding{Args: c.Head.Args, To: sl.args[pi]})
	}
	for i, b := range c.Body {
		ch := u.slots[sl.children[u.pos[ci][i]]]
		pi := ch.predIndex(b.Pred)
		parts = append(parts, ch.active[pi])
		binds = append(binds, chc.Binding{Args: b.Args, To: ch.args[pi]})
	}
	in := chc.Instantiate(st, u.cons[ci], c.Vars, "@"+strconv.Itoa(sl.depth), binds...)
	sl.locals[k] = in.Vals
	parts = append(parts, in.Constraint)
	return u.sv.Assert(st.Implies(sl.sels[k], st.And(parts...)))
}

// Derivation reads the derivation the model m selects, from the root.
func (u *Tree) Derivation(m *term.Model) (*chc.Node, error) {
	return u.node(m, 0, nil)
}

// node reads the instance selected in slot si for pred p (a query if p is
// nil).
func (u *Tree) node(m *term.Model, si int, p *chc.Pred) (*chc.Node, error) {
	if err := u.poll.Step(); err != nil {
		return nil, err
	}
	sl := u.slots[si]
	for k, ci := range sl.clauses {
		c := u.sys.Clauses[ci]
		if (c.Head == nil) != (p == nil) || (p != nil && c.Head.Pred != p) || sl.locals[k] == nil {
			continue
		}
		on, err := m.EvalBool(sl.sels[k])
		if err != nil {
			return nil, err
		}
		if !on {
			continue
		}
		n := &chc.Node{Clause: c, Values: make([]*term.Term, len(c.Vars))}
		for i, t := range sl.locals[k] {
			v, err := m.Eval(t)
			if err != nil {
				return nil, err
			}
			n.Values[i] = v
		}
		for i, b := range c.Body {
			ch, err := u.node(m, sl.children[u.pos[ci][i]], b.Pred)
			if err != nil {
				return nil, err
			}
			n.Children = append(n.Children, ch)
		}
		return n, nil
	}
	name := "false"
	if p != nil {
		name = p.Name()
	}
	return nil, fmt.Errorf("unfold: no clause for %s selected in slot %d", name, si)
}

// Solver is the solver the tree is asserted into.
func (u *Tree) Solver() *smt.Solver { return u.sv }

// System is the system unfolded.
func (u *Tree) System() *chc.System { return u.sys }

// NumSlots is the number of slots made.
func (u *Tree) NumSlots() int { return len(u.slots) }

// Pending reports whether slot si has a clause with a body and no
// instance yet: Expand would add to it.
func (u *Tree) Pending(si int) bool { return u.slots[si].pending }

// Instances is the number of clause instances asserted.
func (u *Tree) Instances() int { return u.instances }

// Queries are the indices of the usable queries (every body predicate
// derivable).
func (u *Tree) Queries() []int { return u.queries }

// ByHead are the indices of the usable clauses with head p.
func (u *Tree) ByHead(p *chc.Pred) []int { return u.byHead[p.ID] }

// Derivable reports whether some derivation of p may exist (ignoring
// constraints: the least fixpoint from the facts).
func (u *Tree) Derivable(p *chc.Pred) bool { return u.derivable[p.ID] }

// Constraint is the simplified constraint of clause ci (nil for an
// unusable clause).
func (u *Tree) Constraint(ci int) *term.Term { return u.cons[ci] }

// Poll is the run's limits the tree polls.
func (u *Tree) Poll() *chc.Budget { return u.poll }
