package lra

import (
	"fmt"
	"sort"

	"github.com/seed-f9c3434d/gospacer/num"
)

// rowEntry is one nonbasic variable of a row with its coefficient; col is
// the index of the matching colEntry in cols[v].
type rowEntry struct {
	coeff num.Rat
	v     Var
	col   int32
}

// colEntry locates an occurrence of a variable: row and index in it.
type colEntry struct {
	row int32
	pos int32
}

// AddRow returns a slack variable s standing for Σ coeffs[i]·vars[i] and
// adds the row s = Σ coeffs[i]·vars[i] to the tableau (expressed over the
// current nonbasic variables). The combination is canonicalized (sorted by
// variable, duplicates merged, zeros dropped; the caller's slices are not
// modified); a combination equal to an earlier one returns the earlier
// slack, and the combination 1·x returns x itself. The coefficients are
// not scaled: use Normalize first to share one slack between x+y and
// 2x+2y. Rows are never removed (Pop only restores bounds).
func (s *Solver) AddRow(coeffs []num.Rat, vars []Var) Var {
	if len(coeffs) != len(vars) {
		panic(fmt.Sprintf("lra: AddRow with %d coefficients and %d variables", len(coeffs), len(vars)))
	}
	cs := append(s.addRowCfs[:0], coeffs...)
	vs := append(s.addRowVars[:0], vars...)
	for _, v := range vs {
		if int(v) >= len(s.value) {
			panic(fmt.Sprintf("lra: AddRow with unknown variable %d", v))
		}
	}
	cs, vs = Canonicalize(cs, vs)
	s.addRowCfs, s.addRowVars = cs, vs
	if len(vs) == 1 && cs[0].IsOne() {
		return vs[0]
	}
	h := hashDef(cs, vs)
	for _, sl := range s.defIndex[h] {
		if s.sameDef(sl, cs, vs) {
			return sl
		}
	}
	slack := s.NewVar()
	s.slack[slack] = true
	s.defIndex[h] = append(s.defIndex[h], slack)
	s.defLo[slack] = int32(len(s.defVars))
	s.defVars = append(s.defVars, vs...)
	s.defCoeffs = append(s.defCoeffs, cs...)
	s.defHi[slack] = int32(len(s.defVars))

	// The row starts quasi: it is built when the slack gets a bound.
	r := int32(len(s.rows))
	s.rows = append(s.rows, nil)
	s.basic = append(s.basic, slack)
	s.quasi = append(s.quasi, true)
	s.nQuasi++
	s.rowDirty = append(s.rowDirty, false)
	s.rowOf[slack] = r
	for _, v := range vs {
		s.defUses[v] = append(s.defUses[v], r)
	}
	return slack
}

// IsSlack reports whether v was created by AddRow.
func (s *Solver) IsSlack(v Var) bool { return s.slack[v] }

// Definition returns the canonical combination a slack stands for (nil
// slices for an original variable). The slices are owned by the solver.
func (s *Solver) Definition(v Var) (coeffs []num.Rat, vars []Var) {
	lo, hi := s.defLo[v], s.defHi[v]
	return s.defCoeffs[lo:hi:hi], s.defVars[lo:hi:hi]
}

// Quasi rows. The row of a basic slack without bounds is needed by no
// Check: the slack never leaves the basis (it is never violated) and its
// value is only read by the caller. Such a row is not kept: it holds no
// entries, is in no column, and pivots skip it (pivot drops the entries
// of a row it meets whose basic slack lost its bounds). The slack's value
// is computed from its definition when asked (val); when it gets a bound
// its row is rebuilt over the current nonbasic variables (activate) —
// the same row pivoting would have kept, since a basis determines its
// rows. On files with many atoms over few variables most rows are quasi
// at any time, and a pivot touches only the rows of bounded variables.

// val returns the value of v: the assignment, or for a quasi basic slack
// the value of its definition.
func (s *Solver) val(v Var) DeltaRat {
	if r := s.rowOf[v]; r < 0 || !s.quasi[r] {
		return s.value[v]
	}
	var sum DeltaRat
	for i := s.defLo[v]; i < s.defHi[v]; i++ {
		sum = sum.AddScaled(s.defCoeffs[i], s.val(s.defVars[i]))
	}
	return sum
}

// activate builds quasi row r over the current nonbasic variables and
// sets its basic variable's value.
func (s *Solver) activate(r int32) {
	x := s.basic[r]
	cs, vs := s.expand(x)
	row := s.rows[r][:0]
	var val DeltaRat
	for i, v := range vs {
		row = append(row, rowEntry{v: v, coeff: cs[i], col: int32(len(s.cols[v]))})
		s.cols[v] = append(s.cols[v], colEntry{row: r, pos: int32(i)})
		val = val.AddScaled(cs[i], s.value[v])
	}
	s.rows[r] = row
	s.quasi[r] = false
	s.nQuasi--
	s.value[x] = val
	if debug {
		s.checkRow(r)
	}
}

// deactivate makes row r quasi: its entries leave their columns.
func (s *Solver) deactivate(r int32) {
	row := s.rows[r]
	for _, e := range row {
		s.removeCol(e.v, e.col)
	}
	clear(row) // release big pointers
	s.rows[r] = row[:0]
	s.quasi[r] = true
	s.nQuasi++
}

// quasiCandidate reports whether the row r may become quasi: its basic
// variable is a slack without bounds.
func (s *Solver) quasiCandidate(r int32) bool {
	b := s.basic[r]
	return s.slack[b] && !s.keep[b] && !s.lo[b].set && !s.hi[b].set
}

// KeepRow makes the row of slack v permanent: it is never quasi, as
// before quasi rows existed. lia calls it for integer slacks, so that
// integer reasoning sees the tableau, pivots and vertices it was tuned
// on (branch and bound walks to infinity on some unbounded problems
// when the pivots change).
func (s *Solver) KeepRow(v Var) {
	s.keep[v] = true
	if r := s.rowOf[v]; r >= 0 && s.quasi[r] {
		s.activate(r)
	}
}

// expand returns the definition of slack x over the current nonbasic
// variables (the row x would have if it were kept), in the scratch slices
// s.expCs and s.expVs, without zeros.
func (s *Solver) expand(x Var) ([]num.Rat, []Var) {
	s.expCs, s.expVs = s.expCs[:0], s.expVs[:0]
	s.expandDef(x, num.NewRat(1, 1))
	cs, vs := s.expCs, s.expVs
	w := 0
	for i, v := range vs {
		s.mark[v] = -1
		if !cs[i].IsZero() {
			cs[w], vs[w] = cs[i], v
			w++
		}
	}
	clear(cs[w:])
	s.expCs, s.expVs = cs[:w], vs[:w]
	return s.expCs, s.expVs
}

// expandDef adds c times the definition of slack x to the expansion.
func (s *Solver) expandDef(x Var, c num.Rat) {
	for i := s.defLo[x]; i < s.defHi[x]; i++ {
		v, a := s.defVars[i], s.defCoeffs[i]
		if !c.IsOne() {
			a = a.Mul(c)
		}
		switch r := s.rowOf[v]; {
		case r < 0:
			s.accumulate(v, a)
		case s.quasi[r]:
			s.expandDef(v, a)
		default:
			for _, e := range s.rows[r] {
				s.accumulate(e.v, a.Mul(e.coeff))
			}
		}
	}
}

// accumulate adds c·v to the expansion, finding v by its mark.
func (s *Solver) accumulate(v Var, c num.Rat) {
	if p := s.mark[v]; p >= 0 {
		s.expCs[p] = s.expCs[p].Add(c)
		return
	}
	s.mark[v] = int32(len(s.expVs))
	s.expVs = append(s.expVs, v)
	s.expCs = append(s.expCs, c)
}

// IsBasic reports whether v is currently basic in the tableau.
func (s *Solver) IsBasic(v Var) bool { return s.rowOf[v] >= 0 }

// Row appends to dst the current tableau row of the basic variable v,
// v = Σ coeff·var over nonbasic variables, and returns the extended
// slices. It panics if v is not basic.
func (s *Solver) Row(v Var, dstCoeffs []num.Rat, dstVars []Var) ([]num.Rat, []Var) {
	r := s.rowOf[v]
	if r < 0 {
		panic(fmt.Sprintf("lra: Row of nonbasic variable %d", v))
	}
	if s.quasi[r] {
		cs, vs := s.expand(v)
		return append(dstCoeffs, cs...), append(dstVars, vs...)
	}
	for _, e := range s.rows[r] {
		dstCoeffs = append(dstCoeffs, e.coeff)
		dstVars = append(dstVars, e.v)
	}
	return dstCoeffs, dstVars
}

// Normalize canonicalizes a linear combination in place — sorted by
// variable, duplicates merged, zero coefficients dropped — and divides it
// by its first coefficient f, which it returns along with the shortened
// slices: original = f · normalized. For the empty combination f is 0.
// A bound on the original combination becomes a bound on the normalized
// one divided by f, with the direction flipped when f < 0.
func Normalize(coeffs []num.Rat, vars []Var) ([]num.Rat, []Var, num.Rat) {
	coeffs, vars = Canonicalize(coeffs, vars)
	if len(coeffs) == 0 {
		return coeffs, vars, num.Rat{}
	}
	f := coeffs[0]
	if !f.IsOne() {
		inv := f.Inv()
		for i := range coeffs {
			coeffs[i] = coeffs[i].Mul(inv)
		}
	}
	return coeffs, vars, f
}

// Canonicalize sorts the combination Σ cs[i]·vs[i] by variable, merges
// duplicates and drops zeros, in place.
func Canonicalize(cs []num.Rat, vs []Var) ([]num.Rat, []Var) {
	if len(vs) <= 16 {
		for i := 1; i < len(vs); i++ {
			for j := i; j > 0 && vs[j] < vs[j-1]; j-- {
				vs[j], vs[j-1] = vs[j-1], vs[j]
				cs[j], cs[j-1] = cs[j-1], cs[j]
			}
		}
	} else {
		sort.Sort(linSorter{cs, vs})
	}
	w := 0
	for i := 0; i < len(vs); {
		v, c := vs[i], cs[i]
		for i++; i < len(vs) && vs[i] == v; i++ {
			c = c.Add(cs[i])
		}
		if !c.IsZero() {
			vs[w], cs[w] = v, c
			w++
		}
	}
	return cs[:w], vs[:w]
}

type linSorter struct {
	cs []num.Rat
	vs []Var
}

func (l linSorter) Len() int           { return len(l.vs) }
func (l linSorter) Less(i, j int) bool { return l.vs[i] < l.vs[j] }
func (l linSorter) Swap(i, j int) {
	l.vs[i], l.vs[j] = l.vs[j], l.vs[i]
	l.cs[i], l.cs[j] = l.cs[j], l.cs[i]
}

func hashDef(cs []num.Rat, vs []Var) uint64 {
	h := uint64(0xcbf29ce484222325)
	for i, v := range vs {
		h = (h ^ uint64(v)) * 0x100000001b3
		h = (h ^ cs[i].Hash()) * 0x100000001b3
	}
	return h
}

func (s *Solver) sameDef(sl Var, cs []num.Rat, vs []Var) bool {
	dc, dv := s.Definition(sl)
	if len(dv) != len(vs) {
		return false
	}
	for i := range vs {
		if dv[i] != vs[i] || !dc[i].Equal(cs[i]) {
			return false
		}
	}
	return true
}

// addRowMultiple adds c times row r (whose variables are marked with
// their positions, see pivot) to row r2, in which the variable drop has
// coefficient c and is eliminated. One pass over r2 updates the shared
// entries and removes the zeros (the last entry takes a removed one's
// place); then the entries of r that r2 lacks are appended.
func (s *Solver) addRowMultiple(r2 int32, c num.Rat, r int32, drop Var) {
	prow := s.rows[r]
	row := s.rows[r2]
	stamp := s.stamp
	for i := 0; i < len(row); {
		e := &row[i]
		if p := s.mark[e.v]; p >= 0 {
			s.seen[p] = stamp
			switch {
			case c.IsOne():
				e.coeff = e.coeff.Add(prow[p].coeff)
			case minusOne.Equal(c):
				e.coeff = e.coeff.Sub(prow[p].coeff)
			default:
				e.coeff = e.coeff.AddMul(c, prow[p].coeff)
			}
			if !e.coeff.IsZero() {
				i++
				continue
			}
		} else if e.v != drop {
			i++
			continue
		}
		// remove entry i
		s.removeCol(e.v, e.col)
		last := len(row) - 1
		if i != last {
			row[i] = row[last]
			s.cols[row[i].v][row[i].col].pos = int32(i)
		}
		row[last] = rowEntry{} // release big pointers
		row = row[:last]
	}
	for p, e := range prow {
		if s.seen[p] == stamp {
			continue
		}
		pos := int32(len(row))
		a := e.coeff
		switch {
		case c.IsOne():
		case minusOne.Equal(c):
			a = a.Neg()
		default:
			a = c.Mul(a)
		}
		row = append(row, rowEntry{v: e.v, coeff: a, col: int32(len(s.cols[e.v]))})
		s.cols[e.v] = append(s.cols[e.v], colEntry{row: r2, pos: pos})
	}
	s.rows[r2] = row
}

// removeCol removes entry ci of column v, moving the last entry into it.
func (s *Solver) removeCol(v Var, ci int32) {
	col := s.cols[v]
	last := int32(len(col) - 1)
	if ci != last {
		moved := col[last]
		col[ci] = moved
		s.rows[moved.row][moved.pos].col = ci
	}
	s.cols[v] = col[:last]
}

// pivot makes the nonbasic variable at position p of row r basic in r and
// the basic variable of r nonbasic, eliminating the new basic variable
// from every other row. Values are unchanged.
func (s *Solver) pivot(r, p int32) {
	row := s.rows[r]
	leave := s.basic[r]
	ej := row[p]
	enter := ej.v
	inv := ej.coeff.Inv()
	negInv := inv.Neg()
	// leave = a·enter + Σ c·x  ⇒  enter = inv·leave - Σ c·inv·x
	for i := range row {
		if int32(i) != p {
			row[i].coeff = row[i].coeff.Mul(negInv)
		}
	}
	s.removeCol(enter, ej.col)
	row[p] = rowEntry{v: leave, coeff: inv, col: int32(len(s.cols[leave]))}
	s.cols[leave] = append(s.cols[leave], colEntry{row: r, pos: p})
	s.basic[r] = enter
	s.rowOf[enter] = r
	s.rowOf[leave] = -1

	// The entries of the pivot row by variable: mark[v] is v's position
	// in row r; seen[p] == stamp when row r2 had that entry already.
	for i, e := range row {
		s.mark[e.v] = int32(i)
	}
	for len(s.seen) < len(row) {
		s.seen = append(s.seen, 0)
	}
	col := append(s.pivotCol[:0], s.cols[enter]...)
	s.pivotCol = col
	for _, ce := range col {
		r2 := ce.row
		if s.quasiCandidate(r2) {
			s.deactivate(r2)
			continue
		}
		s.stamp++
		if s.stamp == 0 { // wrapped: forget every old stamp
			clear(s.seen)
			s.stamp = 1
		}
		s.addRowMultiple(r2, s.rows[r2][ce.pos].coeff, r, enter)
		s.touchRow(r2)
	}
	for _, e := range s.rows[r] {
		s.mark[e.v] = -1
	}
	s.touchRow(r)
	if debug {
		s.checkTableau()
	}
}

// update changes the value of nonbasic v by d and the basic variables of
// the rows containing v accordingly.
func (s *Solver) update(v Var, d DeltaRat) {
	s.value[v] = s.value[v].Add(d)
	for _, ce := range s.cols[v] {
		b := s.basic[ce.row]
		s.value[b] = s.value[b].AddScaled(s.rows[ce.row][ce.pos].coeff, d)
		if s.violated(b) {
			s.pushInfeasible(b)
		}
	}
	s.deltaOK = false
}

// checkRow panics unless row r is well linked and its basic variable's
// value is the row's value.
func (s *Solver) checkRow(r int32) {
	b := s.basic[r]
	if s.rowOf[b] != r {
		panic(fmt.Sprintf("lra: row %d: basic x%d has rowOf %d", r, b, s.rowOf[b]))
	}
	if s.quasi[r] {
		if len(s.rows[r]) != 0 || s.lo[b].set || s.hi[b].set {
			panic(fmt.Sprintf("lra: quasi row %d of x%d has entries or bounds", r, b))
		}
		return
	}
	sum := DeltaRat{}
	for i, e := range s.rows[r] {
		if s.rowOf[e.v] >= 0 || e.coeff.IsZero() {
			panic(fmt.Sprintf("lra: row %d: bad entry x%d·%v", r, e.v, e.coeff))
		}
		if ce := s.cols[e.v][e.col]; ce.row != r || ce.pos != int32(i) {
			panic(fmt.Sprintf("lra: row %d: broken column link for x%d", r, e.v))
		}
		sum = sum.AddScaled(e.coeff, s.value[e.v])
	}
	if !sum.Equal(s.value[b]) {
		panic(fmt.Sprintf("lra: row %d: x%d = %v but the row sums to %v", r, b, s.value[b], sum))
	}
}

// checkTableau checks every row and column link.
func (s *Solver) checkTableau() {
	n := 0
	for r := range s.rows {
		s.checkRow(int32(r))
		if s.quasi[r] {
			n++
		}
	}
	if n != s.nQuasi {
		panic(fmt.Sprintf("lra: %d quasi rows, counted %d", n, s.nQuasi))
	}
	for v, col := range s.cols {
		for i, ce := range col {
			if e := s.rows[ce.row][ce.pos]; e.v != Var(v) || e.col != int32(i) {
				panic(fmt.Sprintf("lra: column x%d entry %d is broken", v, i))
			}
		}
	}
}
