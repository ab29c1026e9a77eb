package spacer

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/houdini"
	"github.com/seed-f9c3434d/gospacer/mbp"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// infLevel is the level of inductive lemmas.
const infLevel = 1 << 30

type engine struct {
	ctx  context.Context
	poll *chc.Budget // the run's limits, polled by tick
	opts Options
	log  chc.Logger // progress and trace lines
	sys  *chc.System
	st   *term.Store
	mbp  *mbp.Projector
	// mbpReach projects reach facts: without the model's array
	// (dis)equalities, which only obligations get (doc.go, Arrays)
	mbpReach *mbp.Projector
	// datatypes: a predicate has a datatype parameter (datatypes.go)
	datatypes bool
	gens      []generalizer // the lemma generalizers switched on
	start     time.Time

	preds      []*pred // the system's predicates by ID, then goal
	goal       *pred
	clauses    []*clauseSolver
	lvl        []*term.Term      // level literals
	satCS      *clauseSolver     // the clause of blocked's last sat query
	stuck      map[stuckKey]int  // fruitless alarm rounds per predicate and shape (stuck.go)
	stuckTried map[stuckKey]bool // cubes the alarm tried
	mayKeys    map[mayKey]bool   // may-obligations queued (guide.go)
	// relax: checks run with integer reasoning off (weak abstraction,
	// see push.go); relaxedHit: one of them had only a fractional model
	relax, relaxedHit bool
	queue             pobQueue
	bound             int
	steps             int
	nextPob           int
	stats             stats
	chg               []int // chg[k]: lemmas learned or raised to level k
	chgInf            int   // ... to level ∞
	instMemo          map[instKey]*term.Term
	substFrom         []*term.Term // subst's scratch
	substTo           []*term.Term
	impl              term.Implicant // implicants of models (one cube at a time)
	reserveUsed       bool           // an invariant of a reserve became a lemma
	hou               houdiniState   // Houdini's tries (houdini.go)
}

// noteLevel records a lemma learned or raised to level.
func (e *engine) noteLevel(level int) {
	if level >= infLevel {
		e.chgInf++
		return
	}
	for len(e.chg) <= level {
		e.chg = append(e.chg, 0)
	}
	e.chg[level]++
}

// changes counts the lemmas learned or raised to a level >= k: the frame k
// can only have changed when it has.
func (e *engine) changes(k int) int {
	n := e.chgInf
	for j := max(k, 0); j < len(e.chg); j++ {
		n += e.chg[j]
	}
	return n
}

// A pred is a predicate of the system, or goal (the head of queries).
type pred struct {
	id     int
	p      *chc.Pred // nil for goal
	name   string
	params []*term.Term
	heads  []*clauseSolver // clauses with this head
	uses   []use           // body positions of this predicate
	lemmas []*lemma
	byKey  map[string]*lemma
	shapes map[string]bool // shapes (cubeShape) of the one-literal lemmas
	rfs    []*reachFact
	rfKeys map[*term.Term]*reachFact
	// reserve: Houdini's invariants not yet needed (houdini.go)
	reserve *reserve
	// syms: the argument permutations of P(h) <- P(b) clauses (symmetry.go)
	syms [][]*term.Term
	// walked: the params of the one-literal cubes the stuck alarm rang
	// on (a bound walked back level by level), in the order met; a child
	// obligation that pins one of them keeps its parent's literals first
	// (stuck.go, inheritFirst)
	walked []*term.Term
}

// A use is a body position of a predicate in a clause.
type use struct {
	cs  *clauseSolver
	pos int
}

type lemma struct {
	pred  *pred
	cube  []*term.Term // over params, sorted by ID
	level int
	// dead: subsumed by a stronger lemma of at least its level, so left
	// out of pushing, projections and models (still asserted).
	dead bool
	// a failed push from level failK when the frames had changed
	// failSum times (see engine.changes): retried only after a change.
	failK, failSum int
	// ctp is the counterexample to the failed push (ctp.go), nil when
	// none is kept
	ctp *ctp
	// weakness counts the pushes whose weak check (integers relaxed)
	// was inconclusive: the next ones are full checks
	weakness int
}

// A reachFact is a must summary: every assignment of the predicate's
// params satisfying formula is derivable, by clause cs from the children's
// reach facts.
type reachFact struct {
	id       int
	pred     *pred
	formula  *term.Term
	cs       *clauseSolver
	children []*reachFact
}

// A clauseSolver holds one clause in its own incremental solver.
type clauseSolver struct {
	idx   int
	c     *chc.Clause
	cons  *term.Term // c's constraint, copies merged (copies.go)
	head  *pred
	body  []*pred
	hargs []*term.Term   // head arguments, copies merged (nil for a query)
	bargs [][]*term.Term // per body position, its arguments, copies merged
	sv    *smt.Solver    // nil until the first query (see warm)
	dsv   *smt.Solver    // derive's solver over c's constraint, nil until the first derivation
	rfLit []*term.Term   // per body position, the chain literal (nil: no reach fact)
	tags  [][]rfTag      // per body position
	self  []int          // body positions whose predicate is the head's
	free  [][]*term.Term // per body position: the clause vars other than its args
	hfree []*term.Term   // the clause vars other than the head args
	// image: per variable of c, the variable of cons that has its value
	// in sv's models (its copy's, its param: clauseCopies, toParams)
	image []*term.Term
}

type rfTag struct {
	tag *term.Term
	rf  *reachFact
}

func newEngine(ctx context.Context, opts Options, s *chc.System) *engine {
	arrays, datatypes := false, false
	for _, p := range s.Preds {
		for _, x := range p.Params {
			arrays = arrays || x.Sort().IsArray()
			datatypes = datatypes || x.Sort().IsDatatype() // Datatypes
		}
	}
	e := &engine{datatypes: datatypes, ctx: ctx, poll: chc.NewBudget(ctx), opts: opts, log: chc.Logger{Name: "spacer", EngineOptions: opts.EngineOptions}, sys: s, st: s.St, start: time.Now(), instMemo: map[instKey]*term.Term{}, gens: opts.generalizers(),
		mbp: mbp.New(s.St, mbp.Options{ArrayEqualities: arrays && !opts.NoArrayEqualities, DatatypeEqualities: datatypes}) /* Datatypes */}
	e.mbpReach = e.mbp
	if arrays && !opts.NoArrayEqualities {
		e.mbpReach = mbp.New(s.St, mbp.Options{DatatypeEqualities: datatypes})
	}
	return e
}

func (e *engine) build() error {
	for _, p := range e.sys.Preds {
		e.preds = append(e.preds, &pred{id: len(e.preds), p: p, name: p.Name(), params: p.Params,
			byKey: map[string]*lemma{}, shapes: map[string]bool{}, rfKeys: map[*term.Term]*reachFact{}})
	}
	e.goal = &pred{id: len(e.preds), name: "goal", byKey: map[string]*lemma{}, shapes: map[string]bool{}, rfKeys: map[*term.Term]*reachFact{}}
	e.preds = append(e.preds, e.goal)
	for i, c := range e.sys.Clauses {
		cs := &clauseSolver{idx: i, c: c}
		var gone, reps []*term.Term
		cs.cons, cs.hargs, cs.bargs, gone, reps = clauseCopies(e.st, c)
		vars := others(c.Vars, gone)
		if c.Head == nil {
			cs.head = e.goal
		} else {
			cs.head = e.preds[c.Head.Pred.ID]
		}
		var renamed map[*term.Term]*term.Term
		vars, renamed = e.toParams(cs, vars)
		cs.image = make([]*term.Term, len(c.Vars))
		for i, v := range c.Vars {
			if k := slices.Index(gone, v); k >= 0 {
				v = reps[k]
			}
			if x := renamed[v]; x != nil {
				v = x
			}
			cs.image[i] = v
		}
		cs.hfree = others(vars, cs.hargs)
		for j := range c.Body {
			q := e.preds[c.Body[j].Pred.ID]
			cs.body = append(cs.body, q)
			q.uses = append(q.uses, use{cs, j})
			if q == cs.head {
				cs.self = append(cs.self, j)
			}
			cs.free = append(cs.free, others(vars, cs.bargs[j]))
		}
		cs.rfLit = make([]*term.Term, len(c.Body))
		cs.tags = make([][]rfTag, len(c.Body))
		cs.head.heads = append(cs.head.heads, cs)
		e.clauses = append(e.clauses, cs)
	}
	return nil
}

// toParams renames the arguments of cs's head, and of each body position
// whose predicate no earlier position has, to the predicate's params
// (cs.cons, hargs and bargs; the clause's variables vars, returned
// renamed). An obligation's cube, a lemma or a reach fact, over the
// params, is then asserted or assumed at such a position as it is: no
// substitution and no new term per clause, and the same term in every
// clause solver of the predicate. A position is renamed only when its
// arguments are distinct constants of the params' sorts that no renamed
// position has, and no param is a constant of the clause (so that the
// renaming captures nothing).
func (e *engine) toParams(cs *clauseSolver, vars []*term.Term) ([]*term.Term, map[*term.Term]*term.Term) {
	inClause := make(map[*term.Term]bool, len(vars))
	for _, v := range vars {
		inClause[v] = true
	}
	for _, c := range e.st.SharedFreeConsts(cs.cons) {
		inClause[c] = true
	}
	to := make(map[*term.Term]*term.Term, len(vars))
	used, taken := map[*pred]bool{}, map[*term.Term]bool{}
	var from, onto []*term.Term
	rename := func(p *pred, args []*term.Term) bool {
		if p.p == nil || len(p.params) == 0 || used[p] || len(args) != len(p.params) {
			return false
		}
		for i, a := range args {
			x := p.params[i]
			if a.Op() != term.OpConst || a.Sort() != x.Sort() || to[a] != nil || inClause[x] || taken[x] {
				return false
			}
			for _, b := range args[:i] {
				if b == a {
					return false
				}
			}
		}
		used[p] = true
		for i, a := range args {
			to[a], taken[p.params[i]] = p.params[i], true
			from, onto = append(from, a), append(onto, p.params[i])
		}
		return true
	}
	headRenamed := cs.hargs != nil && rename(cs.head, cs.hargs)
	renamed := make([]bool, len(cs.bargs))
	for j := range cs.bargs {
		renamed[j] = rename(e.preds[cs.c.Body[j].Pred.ID], cs.bargs[j])
	}
	if len(from) == 0 {
		return vars, nil
	}
	// the positions not renamed may share variables with renamed ones
	// (clauseCopies merges a head argument with a body one)
	image := func(as []*term.Term) []*term.Term {
		out := make([]*term.Term, len(as))
		for i, a := range as {
			if x := to[a]; x != nil {
				a = x
			}
			out[i] = a
		}
		return out
	}
	if headRenamed {
		cs.hargs = cs.head.params
	} else if cs.hargs != nil {
		cs.hargs = image(cs.hargs)
	}
	for j := range cs.bargs {
		if renamed[j] {
			cs.bargs[j] = e.preds[cs.c.Body[j].Pred.ID].params
		} else {
			cs.bargs[j] = image(cs.bargs[j])
		}
	}
	cs.cons = e.st.Substitute(cs.cons, from, onto)
	return image(vars), to
}

func others(vars, keep []*term.Term) []*term.Term {
	var out []*term.Term
	for _, v := range vars {
		if !slices.Contains(keep, v) {
			out = append(out, v)
		}
	}
	return out
}

// level literal k, made on demand.
func (e *engine) lvlLit(k int) *term.Term {
	for len(e.lvl) <= k {
		e.lvl = append(e.lvl, e.st.Fresh("spacer.lvl"+strconv.Itoa(len(e.lvl)), term.BoolSort))
	}
	return e.lvl[k]
}

// frame returns the assumptions activating the lemmas of level >= f and
// switching off those below f: left free, a lower level's literal would be
// decided (by its saved phase, often "on") and its lemmas searched through
// for nothing. lvl_k true only satisfies clauses, so it never enters a
// core.
func (e *engine) frame(dst []*term.Term, f int) []*term.Term {
	for k := 0; k < len(e.lvl); k++ {
		if k < f {
			dst = append(dst, e.lvl[k])
		} else {
			dst = append(dst, e.st.Not(e.lvl[k]))
		}
	}
	return dst
}

// coreLevel is the lowest level literal in a core, or infLevel.
func (e *engine) coreLevel(core []*term.Term) int {
	low := infLevel
	for _, a := range core {
		if a.Op() != term.OpNot {
			continue
		}
		x := a.Arg(0)
		for k, l := range e.lvl {
			if l == x && k < low {
				low = k
			}
		}
	}
	return low
}

// inst instantiates a formula over p's params with args (memoized per
// formula and argument list: the argument lists are the clauses' own).
func (e *engine) inst(p *pred, f *term.Term, args []*term.Term) *term.Term {
	if len(p.params) == 0 || &args[0] == &p.params[0] {
		return f // over the params already (toParams)
	}
	k := instKey{f, &args[0]}
	if t, ok := e.instMemo[k]; ok {
		return t
	}
	t := e.subst(f, p.params, args)
	e.instMemo[k] = t
	return t
}

// subst is st.Substitute(f, from, to) with only the pairs whose source is
// a constant of f: a lemma's or an obligation's literal mentions a few of
// a predicate's parameters, and Substitute's tables cost as much as the
// pairs it is given (Solidity's predicates have dozens of parameters).
// When a source is not a constant, or the scan would cost more than
// Substitute itself, all the pairs are given.
func (e *engine) subst(f *term.Term, from, to []*term.Term) *term.Term {
	if len(from) == 0 || &from[0] == &to[0] {
		return f
	}
	fc := e.st.SharedFreeConsts(f)
	if len(fc)*len(from) > substScan {
		return e.st.Substitute(f, from, to)
	}
	for _, x := range from {
		if x.Op() != term.OpConst {
			return e.st.Substitute(f, from, to)
		}
	}
	sf, st := e.substFrom[:0], e.substTo[:0]
	for _, c := range fc {
		// the last pair of a source wins, as in Substitute's map
		for i := len(from) - 1; i >= 0; i-- {
			if from[i] == c {
				sf, st = append(sf, c), append(st, to[i])
				break
			}
		}
	}
	e.substFrom, e.substTo = sf, st
	if len(sf) == 0 {
		return f
	}
	return e.st.Substitute(f, sf, st)
}

// substScan bounds the comparisons subst makes to pick its pairs.
const substScan = 1 << 12

type instKey struct {
	f    *term.Term
	args **term.Term
}

func (e *engine) instCube(p *pred, cube []*term.Term, args []*term.Term, dst []*term.Term) []*term.Term {
	for _, l := range cube {
		dst = append(dst, e.inst(p, l, args))
	}
	return dst
}

func cubeKey(cube []*term.Term) string {
	var b strings.Builder
	for _, l := range cube {
		b.WriteString(strconv.FormatUint(uint64(l.ID()), 36))
		b.WriteByte(',')
	}
	return b.String()
}

func sortCube(cube []*term.Term) []*term.Term {
	cube = slices.Clone(cube)
	slices.SortFunc(cube, term.CompareID)
	return slices.Compact(cube)
}

// lemmaFormula is ¬cube over args.
func (e *engine) lemmaFormula(p *pred, cube []*term.Term, args []*term.Term) *term.Term {
	return e.st.Not(e.st.And(e.instCube(p, cube, args, nil)...))
}

// addLemma records ¬cube at level for p and asserts it where p is used.
func (e *engine) addLemma(p *pred, cube []*term.Term, level int) error {
	cube = sortCube(cube)
	key := cubeKey(cube)
	lm := p.byKey[key]
	if lm != nil {
		if lm.level >= level {
			return nil
		}
		lm.level = level
	} else {
		lm = &lemma{pred: p, cube: cube, level: level, failK: -1}
		p.byKey[key] = lm
		p.lemmas = append(p.lemmas, lm)
		if len(cube) == 1 {
			if shape, _, ok := cubeShape(cube); ok {
				p.shapes[shape] = true
			}
		}
	}
	if e.log.Tracing() {
		e.log.Tracef("lemma %s level %s: %s\n", p.name, levelString(level), term.Sprint(e.st.Not(e.st.And(cube...))))
	}
	lm.dead = false
	e.noteLevel(level)
	for _, o := range p.lemmas {
		if o != lm && !o.dead && o.level <= lm.level && subset(lm.cube, o.cube) {
			o.dead = true
			e.stats.subsumed++
		}
	}
	return e.assertLemma(lm)
}

func (e *engine) assertLemma(lm *lemma) error {
	p := lm.pred
	for _, u := range p.uses {
		if u.cs.sv == nil {
			continue // warm asserts it
		}
		if err := e.assertLemmaAt(lm, u); err != nil {
			return err
		}
	}
	if lm.level < infLevel {
		e.lvlLit(lm.level)
	}
	return nil
}

// assertLemmaAt asserts lm in the clause solver of u, at u's position.
func (e *engine) assertLemmaAt(lm *lemma, u use) error {
	f := e.lemmaFormula(lm.pred, lm.cube, u.cs.bargs[u.pos])
	if lm.level < infLevel {
		f = e.st.Or(e.lvlLit(lm.level), f)
	}
	if err := u.cs.sv.Assert(f); err != nil {
		return &errUnknown{"assert lemma: " + err.Error()}
	}
	return nil
}

// warm makes cs's solver at its first query: the clause, and the lemmas
// and reach facts its body's predicates have so far (assertLemma and
// addReachFact assert them in the solvers made). A clause that is never
// queried (on a system Spacer answers in a few levels, a third of them)
// costs nothing.
func (e *engine) warm(cs *clauseSolver) error {
	if cs.sv != nil {
		return nil
	}
	cs.sv = smt.New(e.st, smt.Options{NoModelCheck: true})
	if err := cs.sv.Assert(cs.cons); err != nil {
		return &errUnknown{fmt.Sprintf("clause %d: %v", cs.idx, err)}
	}
	for j, q := range cs.body {
		u := use{cs, j}
		for _, lm := range q.lemmas {
			if err := e.assertLemmaAt(lm, u); err != nil {
				return err
			}
		}
		for _, rf := range q.rfs {
			if err := e.assertReachFactAt(rf, u); err != nil {
				return err
			}
		}
	}
	return nil
}

func levelString(l int) string {
	if l >= infLevel {
		return "inf"
	}
	return strconv.Itoa(l)
}

// addReachFact records a reach fact for p and asserts it where p is used.
// It returns the existing one when the formula is known.
func (e *engine) addReachFact(p *pred, f *term.Term, cs *clauseSolver, children []*reachFact) (*reachFact, error) {
	if rf := p.rfKeys[f]; rf != nil {
		return rf, nil
	}
	rf := &reachFact{id: e.stats.reach, pred: p, formula: f, cs: cs, children: children}
	e.stats.reach++
	p.rfs = append(p.rfs, rf)
	p.rfKeys[f] = rf
	if e.log.Tracing() {
		e.log.Tracef("reach %s #%d: %s\n", p.name, rf.id, term.Sprint(f))
	}
	for _, u := range p.uses {
		if u.cs.sv == nil {
			continue // warm asserts it
		}
		if err := e.assertReachFactAt(rf, u); err != nil {
			return nil, err
		}
	}
	return rf, nil
}

// assertReachFactAt asserts rf in the clause solver of u, at u's
// position, behind a tag of its own, and extends the position's chain.
func (e *engine) assertReachFactAt(rf *reachFact, u use) error {
	cs := u.cs
	tag := e.st.Fresh("spacer.rf", term.BoolSort)
	args := cs.bargs[u.pos]
	if err := cs.sv.Assert(e.st.Implies(tag, e.inst(rf.pred, rf.formula, args))); err != nil {
		return &errUnknown{"assert reach fact: " + err.Error()}
	}
	lit := e.st.Fresh("spacer.under", term.BoolSort)
	disj := tag
	if old := cs.rfLit[u.pos]; old != nil {
		disj = e.st.Or(tag, old)
	}
	if err := cs.sv.Assert(e.st.Implies(lit, disj)); err != nil {
		return &errUnknown{"assert reach fact: " + err.Error()}
	}
	cs.rfLit[u.pos] = lit
	cs.tags[u.pos] = append(cs.tags[u.pos], rfTag{tag, rf})
	return nil
}

// usedFact is the reach fact a model uses at a body position under reach
// facts: the first whose tag is true.
func (cs *clauseSolver) usedFact(m *term.Model, pos int) *reachFact {
	for _, t := range cs.tags[pos] {
		if v, err := m.EvalBool(t.tag); err == nil && v {
			return t.rf
		}
	}
	return nil
}

// check runs one query on a clause solver.
func (e *engine) check(cs *clauseSolver, assumptions []*term.Term) (bool, error) {
	w0 := 0
	if cs.sv != nil {
		w0 = houdini.SolverWork(cs.sv)
	}
	if err := e.warm(cs); err != nil {
		return false, err
	}
	t0 := time.Now()
	e.stats.checks++
	if e.relax {
		cs.sv.SetRelaxed(true)
		defer cs.sv.SetRelaxed(false)
	}
	r, err := cs.sv.Check(e.ctx, assumptions...)
	e.stats.checkTime += time.Since(t0)
	e.stats.work += houdini.SolverWork(cs.sv) - w0 + houdini.CheckWork
	if err != nil {
		return false, &errUnknown{"smt: " + err.Error()}
	}
	switch r {
	case smt.Sat:
		return true, nil
	case smt.Unsat:
		return false, nil
	}
	if c := chc.Cause(e.ctx); c != nil {
		return false, c
	}
	if e.relax && cs.sv.ReasonUnknown() == smt.ReasonRelaxed {
		// the relaxation has a model, the integers maybe not: no
		// answer, which callers of a weak check read as "sat"
		e.relaxedHit = true
		e.stats.relaxedHits++
		return true, nil
	}
	return false, &errUnknown{"smt unknown: " + cs.sv.ReasonUnknown()}
}

// subset reports whether every literal of a is in b (both sorted by ID).
func subset(a, b []*term.Term) bool {
	if len(a) > len(b) {
		return false
	}
	j := 0
	for _, l := range a {
		for j < len(b) && term.CompareID(b[j], l) < 0 {
			j++
		}
		if j == len(b) || b[j] != l {
			return false
		}
		j++
	}
	return true
}
