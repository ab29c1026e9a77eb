package lra

import (
	"math"
	"slices"

	"github.com/seed-f9c3434d/gospacer/num"
)

// Bound propagation reports registered atoms implied true or false by the
// asserted bounds, either directly (a bound on the atom's own variable) or
// through one tableau row (the row's other variables' bounds summed up).
// Only rows whose variables' bounds changed since the last Propagate are
// examined, and only rows of at most propMaxRowLen entries, so the cost
// is bounded by the work of the assertions themselves. A quasi row (see
// activate) is read as its slack's definition, which bounds the slack
// alone; a bound change marks every quasi row whose definition uses the
// variable, and the row is read only when its slack has open atoms.
const (
	// Longer rows are not used for propagation. The float filter of
	// propagateRow makes a row's cost linear in its length, and long rows
	// pay: on the 3000-row MIP relaxation pp08a (rows of ~100 entries) a
	// limit of 48 left the rows unread and cost 4x the conflicts (7571
	// against 1814) and 5x the time.
	propMaxRowLen = 1024
	propMaxCols   = 16 // a bound change marks at most this many rows of a nonbasic variable
)

// atom is a registered bound whose truth the caller tracks as a literal.
type atom struct {
	v     Var
	kind  BoundKind
	bound DeltaRat
	lit   Reason
	done  bool // reported (or asserted) since the last Pop below it
}

// Implied is an atom implied true or false. The derived bound
// Var <= Bound (Kind Upper) or Var >= Bound (Kind Lower) follows from Expl:
// Σ λ·constraint over Expl (read as in Explained, slacks expanded) equals
// Var <= Bound, respectively -Var <= -Bound, with identical left-hand
// sides; the derived bound implies the atom (Value true) or its negation
// (Value false).
type Implied struct {
	Lit   Reason // the atom's literal as given to RegisterAtom
	Value bool
	Var   Var
	Kind  BoundKind
	Bound DeltaRat
	Expl  []Explained // not shared with later calls
}

// RegisterAtom registers the atom v <= c (k == Upper) or v >= c (k ==
// Lower), strict when c has a δ part (see Below, Above), as the caller's
// literal lit. Propagate reports it when the asserted bounds imply it or
// its negation. Atoms are permanent.
func (s *Solver) RegisterAtom(v Var, k BoundKind, c DeltaRat, lit Reason) {
	s.atomsOf[v] = append(s.atomsOf[v], int32(len(s.atoms)))
	s.open[v]++
	s.atoms = append(s.atoms, atom{v: v, kind: k, bound: c, lit: lit})
	s.touchVar(v)
}

func (s *Solver) touchVar(v Var) {
	if len(s.atoms) == 0 || s.varDirty[v] {
		return
	}
	s.varDirty[v] = true
	s.dirtyVars = append(s.dirtyVars, v)
}

func (s *Solver) touchRow(r int32) {
	if len(s.atoms) == 0 || s.rowDirty[r] {
		return
	}
	s.rowDirty[r] = true
	s.dirtyRows = append(s.dirtyRows, r)
}

// Propagate appends to dst the registered atoms newly implied true or
// false since the last call (or Pop) and returns the extended slice. It
// does nothing after a conflicting assertion. Each atom is reported once
// per stretch of levels (Pop below the report reopens it); an atom whose
// literal the caller already assigned — e.g. its negation was asserted —
// may still be reported, so callers filter by their assignment.
// Propagation is incomplete by design: only one bound or one row at a
// time, rows shorter than propMaxRowLen.
func (s *Solver) Propagate(dst []Implied) []Implied {
	if s.inConflict {
		return dst
	}
	one := num.NewRat(1, 1)
	for _, v := range s.dirtyVars {
		s.varDirty[v] = false
		for k := Upper; k <= Lower; k++ {
			if b := s.boundOf(v, k); b.set && s.open[v] > 0 {
				dst = s.reportDirect(v, k, b, one, dst)
			}
		}
		if r := s.rowOf[v]; r >= 0 {
			s.touchRow(r)
		} else if col := s.cols[v]; len(col) <= propMaxCols {
			for _, ce := range col {
				s.touchRow(ce.row)
			}
		}
		if s.nQuasi > 0 {
			for _, r := range s.defUses[v] {
				if s.quasi[r] {
					s.touchRow(r)
				}
			}
		}
	}
	s.dirtyVars = s.dirtyVars[:0]
	for _, r := range s.dirtyRows {
		s.rowDirty[r] = false
		row := s.rows[r]
		if s.quasi[r] {
			// Its slack has no bounds: only the slack can be derived.
			if !s.hasOpenAtoms(s.basic[r]) {
				continue
			}
			row = s.definitionRow(s.basic[r])
		}
		if len(row) < propMaxRowLen {
			dst = s.propagateRow(r, row, dst)
		}
	}
	s.dirtyRows = s.dirtyRows[:0]
	return dst
}

// firstImplied returns the position in atomsOf[v] of the first open atom
// of v decided by the derived bound v <= b (k == Upper) or v >= b, or -1.
func (s *Solver) firstImplied(v Var, k BoundKind, b DeltaRat) int {
	if s.open[v] == 0 {
		return -1
	}
	for i, ai := range s.atomsOf[v] {
		if a := &s.atoms[ai]; !a.done {
			if _, ok := decide(a, k, b); ok {
				return i
			}
		}
	}
	return -1
}

// decide says whether the derived bound decides atom a, and how.
func decide(a *atom, k BoundKind, b DeltaRat) (value, ok bool) {
	c := b.Cmp(a.bound)
	if k == Upper {
		if a.kind == Upper {
			return true, c <= 0
		}
		return false, c < 0
	}
	if a.kind == Lower {
		return true, c >= 0
	}
	return false, c > 0
}

func (s *Solver) closeAtom(ai int32) {
	s.atoms[ai].done = true
	s.open[s.atoms[ai].v]--
	s.atomTrail = append(s.atomTrail, ai)
}

// report appends every open atom of v decided by the derived bound, from
// position from of atomsOf[v] on (firstImplied: none before it is).
func (s *Solver) report(v Var, k BoundKind, b DeltaRat, expl []Explained, dst []Implied, from int) []Implied {
	for _, ai := range s.atomsOf[v][from:] {
		a := &s.atoms[ai]
		if a.done {
			continue
		}
		if val, ok := decide(a, k, b); ok {
			s.closeAtom(ai)
			s.stats.Propagations++
			dst = append(dst, Implied{Lit: a.lit, Value: val, Var: v, Kind: k, Bound: b, Expl: expl})
		}
	}
	return dst
}

// reportDirect reports the open atoms of v decided by its asserted bound
// b, in one pass over v's atoms: the atom asserted with b is closed
// silently, every other open atom b decides is reported, in the order of
// atomsOf, with the explanation b alone, made at the first report.
func (s *Solver) reportDirect(v Var, k BoundKind, b bound, one num.Rat, dst []Implied) []Implied {
	var expl []Explained
	for _, ai := range s.atomsOf[v] {
		a := &s.atoms[ai]
		if a.done {
			continue
		}
		if a.kind == k && a.lit == b.reason && a.bound.Equal(b.val) {
			s.closeAtom(ai)
			continue
		}
		if val, ok := decide(a, k, b.val); ok {
			if expl == nil {
				expl = s.explTake(append(s.explRoom(1), Explained{Reason: b.reason, Coeff: one, Var: v, Kind: k, Bound: b.val}))
			}
			s.closeAtom(ai)
			s.stats.Propagations++
			dst = append(dst, Implied{Lit: a.lit, Value: val, Var: v, Kind: k, Bound: b.val, Expl: expl})
		}
	}
	return dst
}

func (s *Solver) hasOpenAtoms(v Var) bool {
	return s.open[v] > 0
}

// propagateRow derives bounds from row r (its entries row: the tableau
// row, or a quasi row's definition) read as Σ c_m·x_m = 0 (the basic
// variable with c = -1). With L = Σ c_m·(lower of x_m if c_m > 0 else
// upper), Σ_{m≠k} c_m·x_m >= L - c_k·(its term) =: L_k, so c_k·x_k <= -L_k;
// symmetrically with U for the other direction. A sum with one missing
// bound still bounds the variable that misses it.
func (s *Solver) propagateRow(r int32, row []rowEntry, dst []Implied) []Implied {
	xb := s.basic[r]
	n := len(row) + 1
	entry := func(i int) (Var, num.Rat) {
		if i == len(row) {
			return xb, minusOne
		}
		return row[i].v, row[i].coeff
	}
	open := false
	for i := 0; i < n && !open; i++ {
		v, _ := entry(i)
		open = s.hasOpenAtoms(v)
	}
	if !open {
		return dst
	}
	// The missing bounds first, without arithmetic: most rows miss two
	// on both sides and bound nothing.
	var missing [2]int
	var missIdx [2]int
	for i := 0; i < n; i++ {
		v, c := entry(i)
		for j := 0; j < 2; j++ {
			if missing[j] <= 1 && !s.boundOf(v, termKind(j, c)).set {
				missing[j]++
				missIdx[j] = i
			}
		}
		if missing[0] > 1 && missing[1] > 1 {
			return dst
		}
	}
	// A sum missing one bound bounds only the variable that misses it:
	// not worth its arithmetic unless that variable has open atoms.
	for j := 0; j < 2; j++ {
		if v, _ := entry(missIdx[j]); missing[j] == 1 && !s.hasOpenAtoms(v) {
			missing[j] = 2
		}
	}
	if missing[0] > 1 && missing[1] > 1 {
		return dst
	}
	// sums[0] is L (lower sum), sums[1] is U (upper sum), computed when a
	// derived bound may decide an atom: first a float64 estimate of each
	// sum (fsum) with the sum of the terms' magnitudes (fmag) filters out
	// the derivations that decide nothing — most of them — without
	// rational arithmetic. The filter only skips; what is reported is
	// derived exactly.
	var sums [2]DeltaRat
	var exact [2]bool
	var fsum, fmag [2]float64
	for j := 0; j < 2; j++ {
		if missing[j] > 1 {
			continue // this sum bounds nothing
		}
		for i := 0; i < n; i++ {
			v, c := entry(i)
			if b := s.boundOf(v, termKind(j, c)); b.set {
				t := c.Float64() * b.val.R.Float64()
				fsum[j] += t
				fmag[j] += math.Abs(t)
			}
		}
	}
	for i := 0; i < n; i++ {
		v, c := entry(i)
		if !s.hasOpenAtoms(v) {
			continue
		}
		for j := 0; j < 2; j++ {
			if missing[j] > 1 || (missing[j] == 1 && missIdx[j] != i) {
				continue
			}
			k := Upper
			if (c.Sign() > 0) != (j == 0) {
				k = Lower
			}
			cf := c.Float64()
			fs := fsum[j]
			if missing[j] == 0 {
				fs -= cf * s.boundOf(v, termKind(j, c)).val.R.Float64()
			}
			if !s.mayImply(v, k, -fs/cf, fmag[j]/math.Abs(cf)) {
				continue
			}
			if !exact[j] {
				exact[j] = true
				for m := 0; m < n; m++ {
					vm, cm := entry(m)
					if b := s.boundOf(vm, termKind(j, cm)); b.set {
						sums[j] = sums[j].AddScaled(cm, b.val)
					}
				}
			}
			sk := sums[j]
			if missing[j] == 0 {
				sk = sk.Sub(s.boundOf(v, termKind(j, c)).val.Scale(c))
			}
			// j == 0: c·x <= -L_k;  j == 1: c·x >= -U_k
			b := sk.Neg().Scale(c.Inv())
			from := s.firstImplied(v, k, b)
			if from < 0 {
				continue
			}
			e := s.explRoom(n - 1)
			ck := c.Abs().Inv()
			for m := 0; m < n; m++ {
				if m == i {
					continue
				}
				vm, cm := entry(m)
				km := termKind(j, cm)
				bm := s.boundOf(vm, km)
				coeff := cm.Abs()
				if !ck.IsOne() {
					coeff = coeff.Mul(ck)
				}
				e = append(e, Explained{Reason: bm.reason, Coeff: coeff, Var: vm, Kind: km, Bound: bm.val})
			}
			dst = s.report(v, k, b, s.explTake(e), dst, from)
		}
	}
	return dst
}

// explChunk is the number of entries of a chunk of explanations, and
// explFirst that of a solver's first chunk: the chunks double from
// explFirst to explChunk, so that a solver that propagates a few bounds
// (most of the many small solvers of preprocessing, an engine and a
// witness check) does not take and zero 90 KB for them.
const (
	explChunk = 1024
	explFirst = 16
)

// explRoom returns an empty slice with room for n entries at the free end
// of the chunk of explanations, in a new chunk when this one has not. An
// explanation is appended to it and handed out by explTake; the entries
// handed out are never written again (callers keep them with the
// implied atoms), so a chunk is only ever filled, never reused, and the
// explanations of a Propagate cost no allocation of their own.
func (s *Solver) explRoom(n int) []Explained {
	if cap(s.explBuf)-len(s.explBuf) < n {
		size := min(explChunk, max(explFirst, 2*cap(s.explBuf)))
		s.explBuf = make([]Explained, 0, max(size, n))
	}
	return s.explBuf[len(s.explBuf):len(s.explBuf)]
}

// explTake hands out e, appended to what explRoom returned, and moves the
// chunk's free end past it.
func (s *Solver) explTake(e []Explained) []Explained {
	s.explBuf = s.explBuf[:len(s.explBuf)+len(e)]
	return e[:len(e):len(e)]
}

// mayImply reports whether the derived bound v <= b (k == Upper) or
// v >= b, known as the float64 estimate bf with error well under
// 1e-9·mag, may decide an open atom of v (see decide): false only when
// every open atom's bound is clearly on the other side. Non-finite
// estimates say true.
func (s *Solver) mayImply(v Var, k BoundKind, bf, mag float64) bool {
	if math.IsNaN(bf) || math.IsInf(bf, 0) || math.IsInf(mag, 0) {
		return true
	}
	for _, ai := range s.atomsOf[v] {
		a := &s.atoms[ai]
		if a.done {
			continue
		}
		af := a.bound.R.Float64()
		tol := 1e-9*(mag+math.Abs(af)+math.Abs(bf)) + 1e-300
		if math.IsInf(af, 0) {
			return true
		}
		// an upper bound decides atoms at or above it, a lower bound
		// those at or below it
		if (k == Upper && af >= bf-tol) || (k == Lower && af <= bf+tol) {
			return true
		}
	}
	return false
}

var minusOne = num.NewRat(-1, 1)

// definitionRow returns the definition of slack x as row entries (their
// variables need not be nonbasic): x = Σ c·v holds whatever the basis,
// so propagateRow may read it as a row. The slice is scratch.
func (s *Solver) definitionRow(x Var) []rowEntry {
	row := s.defRow[:0]
	for i := s.defLo[x]; i < s.defHi[x]; i++ {
		row = append(row, rowEntry{v: s.defVars[i], coeff: s.defCoeffs[i]})
	}
	s.defRow = row
	return row
}

// termKind is the bound of a variable with coefficient c used in the
// lower sum (j == 0) or the upper sum (j == 1).
func termKind(j int, c num.Rat) BoundKind {
	if (c.Sign() > 0) == (j == 0) {
		return Lower
	}
	return Upper
}

// Equality says A = B follows from the bounds with the given reasons.
type Equality struct {
	A, B    Var
	Reasons []Reason
}

// FixedEqualities appends to dst, for the given variables, the pairs fixed
// to the same value by non-strict equal lower and upper bounds (each pair
// as (first of its class, other), classes in order of value), explained by
// the four bounds. Useful for theory combination.
func (s *Solver) FixedEqualities(vars []Var, dst []Equality) []Equality {
	var fixed []Var
	for _, v := range vars {
		if s.lo[v].set && s.hi[v].set && s.lo[v].val.D.IsZero() && s.lo[v].val.Equal(s.hi[v].val) {
			fixed = append(fixed, v)
		}
	}
	slices.SortFunc(fixed, func(a, b Var) int {
		if c := s.lo[a].val.R.Cmp(s.lo[b].val.R); c != 0 {
			return c
		}
		return int(a) - int(b)
	})
	fixed = slices.Compact(fixed)
	for i := 0; i < len(fixed); {
		j := i + 1
		for j < len(fixed) && s.lo[fixed[j]].val.R.Equal(s.lo[fixed[i]].val.R) {
			a, b := fixed[i], fixed[j]
			dst = append(dst, Equality{A: a, B: b, Reasons: []Reason{
				s.lo[a].reason, s.hi[a].reason, s.lo[b].reason, s.hi[b].reason}})
			j++
		}
		i = j
	}
	return dst
}

// ModelEqualities appends to dst the pairs of the given variables with the
// same value in the current model (Value), as (first of its class, other)
// with classes in order of value: the candidates of model-based theory
// combination.
func (s *Solver) ModelEqualities(vars []Var, dst [][2]Var) [][2]Var {
	vs := slices.Clone(vars)
	vals := make(map[Var]num.Rat, len(vs))
	for _, v := range vs {
		vals[v] = s.Value(v)
	}
	slices.SortFunc(vs, func(a, b Var) int {
		if c := vals[a].Cmp(vals[b]); c != 0 {
			return c
		}
		return int(a) - int(b)
	})
	vs = slices.Compact(vs)
	for i := 0; i < len(vs); {
		j := i + 1
		for j < len(vs) && vals[vs[j]].Equal(vals[vs[i]]) {
			dst = append(dst, [2]Var{vs[i], vs[j]})
			j++
		}
		i = j
	}
	return dst
}
