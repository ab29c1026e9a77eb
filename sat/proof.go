package sat

// ClauseID names a clause in the proof log. IDs are dense, from 1, in the
// order clauses are recorded; 0 means "no clause".
type ClauseID uint32

// ClauseKind says where a clause of the proof log comes from.
type ClauseKind uint8

const (
	// KindInput is a clause added with AddClause or AddClauseTagged.
	KindInput ClauseKind = iota + 1
	// KindLemma is a theory lemma: added with AddLemma, returned as a
	// theory conflict, or a theory explanation. It is a leaf of the proof.
	KindLemma
	// KindDerived is derived by resolution; its chain says how.
	KindDerived
)

// String returns "input", "lemma" or "derived".
func (k ClauseKind) String() string {
	switch k {
	case KindInput:
		return "input"
	case KindLemma:
		return "lemma"
	case KindDerived:
		return "derived"
	}
	return "none"
}

// Proof is the resolution proof log of a solver with Options.Proof set.
//
// Every clause the solver holds, or ever held, has a ClauseID. An input or
// lemma clause is a leaf. A derived clause D has a chain c0, c1, ..., ck:
// resolving Clause(c0) with Clause(c1) on their one clashing variable, the
// result with Clause(c2), and so on, yields exactly the literals of D (as
// a set). Chains refer only to smaller ids, and every level-0 unit the
// search used is folded in as a derived unit clause, so following chains
// down from Final reaches input and lemma leaves only. (The one exception
// is a tautology p ∨ ¬p recorded with an empty chain, when both p and ¬p
// were assumed.)
type Proof struct {
	kinds    []ClauseKind
	tags     []uint32
	litEnd   []uint32 // clause id's literals are lits[litEnd[id-1]:litEnd[id]]
	lits     []Lit
	chainEnd []uint32
	chain    []ClauseID
	final    ClauseID
}

func newProof() *Proof {
	return &Proof{
		kinds:    []ClauseKind{0},
		tags:     []uint32{0},
		litEnd:   []uint32{0},
		chainEnd: []uint32{0},
	}
}

// add records a clause and returns its id.
func (p *Proof) add(kind ClauseKind, tag uint32, lits []Lit, chain []ClauseID) ClauseID {
	id := ClauseID(len(p.kinds))
	p.kinds = append(p.kinds, kind)
	p.tags = append(p.tags, tag)
	p.lits = append(p.lits, lits...)
	p.litEnd = append(p.litEnd, uint32(len(p.lits)))
	p.chain = append(p.chain, chain...)
	p.chainEnd = append(p.chainEnd, uint32(len(p.chain)))
	return id
}

// Len returns the number of clauses recorded; their ids are 1..Len().
func (p *Proof) Len() int { return len(p.kinds) - 1 }

// Kind returns the kind of clause id.
func (p *Proof) Kind(id ClauseID) ClauseKind { return p.kinds[id] }

// Tag returns the tag given to input clause id (0 for other kinds).
func (p *Proof) Tag(id ClauseID) uint32 { return p.tags[id] }

// Clause returns the literals of clause id. The slice is a view into the
// log: do not modify it.
func (p *Proof) Clause(id ClauseID) []Lit {
	return p.lits[p.litEnd[id-1]:p.litEnd[id]:p.litEnd[id]]
}

// Chain returns the resolution chain of derived clause id (empty for
// leaves). The slice is a view into the log: do not modify it.
func (p *Proof) Chain(id ClauseID) []ClauseID {
	return p.chain[p.chainEnd[id-1]:p.chainEnd[id]:p.chainEnd[id]]
}

// Final returns the clause that the last Unsat answer rests on: the empty
// clause, or under assumptions the clause of the negated failed
// assumptions. It is 0 unless the last Solve answered Unsat.
func (p *Proof) Final() ClauseID { return p.final }

// Proof marks (Solver.pmark) used while building chains.
const (
	pmVisit = 1 // reached: its reason goes into the chain
	pmStop  = 2 // stays in the derived clause
	pmRoot  = 3 // fixed at level 0: resolved with its unit clause
)

type dfsFrame struct {
	v Var
	i int32
}

// proofUnits gives every level-0 assignment that lacks one a unit clause
// id, derived from its reason and the units of the reason's other
// literals. It must run after each propagation at level 0 (before the
// reasons can be deleted by simplify).
func (s *Solver) proofUnits() {
	end := len(s.trail)
	if len(s.trailLim) > 0 {
		end = int(s.trailLim[0])
	}
	for ; s.proofHead < end; s.proofHead++ {
		m := s.trail[s.proofHead]
		v := m.Var()
		if s.unitID[v] != 0 {
			continue
		}
		r := s.reasonOf(v)
		ch := append(s.chain[:0], s.clauseID(r))
		for _, q := range s.lits(r) {
			if q.Var() != v {
				ch = append(ch, s.unitID[q.Var()])
			}
		}
		s.chain = ch
		s.unitID[v] = s.proof.add(KindDerived, 0, []Lit{m}, ch)
	}
}

// buildChain leaves in s.chain the resolution chain deriving the clause
// keep from clause root: the reasons of every variable reached from root
// that is not in keep, in reverse topological order of the implication
// graph (so each resolves on a literal still present), then the units of
// the level-0 variables reached.
func (s *Solver) buildChain(root cref, keep []Lit) {
	for _, m := range keep {
		s.pmark[m.Var()] = pmStop
	}
	post := s.post[:0]
	roots := s.roots[:0]
	// The root clause's literals are children of a virtual node.
	for _, q := range s.lits(root) {
		post, roots = s.chainDFS(q.Var(), post, roots)
	}
	ch := append(s.chain[:0], s.clauseID(root))
	for i := len(post) - 1; i >= 0; i-- {
		ch = append(ch, s.clauseID(s.vd[post[i]].reason))
	}
	for _, v := range roots {
		ch = append(ch, s.unitID[v])
		s.pmark[v] = 0
	}
	for _, v := range post {
		s.pmark[v] = 0
	}
	for _, m := range keep {
		s.pmark[m.Var()] = 0
	}
	s.chain, s.post, s.roots = ch, post, roots
}

// chainDFS visits v and the variables its reason depends on, depth first,
// appending finished variables to post and level-0 ones to roots.
func (s *Solver) chainDFS(v Var, post, roots []Var) ([]Var, []Var) {
	if s.pmark[v] != 0 {
		return post, roots
	}
	if s.vd[v].level == 0 {
		s.pmark[v] = pmRoot
		return post, append(roots, v)
	}
	if s.vd[v].reason == crefUndef {
		panic("sat: proof chain reaches a decision outside the derived clause")
	}
	s.pmark[v] = pmVisit
	stack := append(s.dfs[:0], dfsFrame{v, 0})
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		c := s.lits(s.reasonOf(top.v))
		if int(top.i) == len(c) {
			post = append(post, top.v)
			stack = stack[:len(stack)-1]
			continue
		}
		u := c[top.i].Var()
		top.i++
		if u == top.v || s.pmark[u] != 0 {
			continue
		}
		if s.vd[u].level == 0 {
			s.pmark[u] = pmRoot
			roots = append(roots, u)
			continue
		}
		if s.vd[u].reason == crefUndef {
			panic("sat: proof chain reaches a decision outside the derived clause")
		}
		s.pmark[u] = pmVisit
		stack = append(stack, dfsFrame{u, 0})
	}
	s.dfs = stack
	return post, roots
}

// finalChain records the clause of the negated failed assumptions (in
// s.failed, p first) and makes it the proof's final clause.
func (s *Solver) finalChain(p Lit) {
	v0 := p.Var()
	neg := s.addBuf[:0]
	for _, f := range s.failed {
		neg = append(neg, f.Not())
	}
	s.addBuf = neg
	switch {
	case s.vd[v0].level == 0:
		s.proof.final = s.unitID[v0]
	case s.vd[v0].reason == crefUndef:
		s.proof.final = s.proof.add(KindDerived, 0, neg, nil)
	default:
		s.buildChain(s.reasonOf(v0), neg)
		s.proof.final = s.proof.add(KindDerived, 0, neg, s.chain)
	}
}
