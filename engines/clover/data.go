package clover

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Samples are reachable values of a predicate's Params: the values of a
// target in the model of a successful OU or UU query, and the points a
// bottom-up search derives from the facts at the start (each also a
// reach fact of U, with the points it was derived from as children).
// They refute candidates, and with data candidates on they suggest
// candidates, as CLOVER's base, FreqHorn, reads candidates off data:
// bounds, differences and sums, affine equalities, residues.
const (
	maxSamples    = 24  // per predicate
	sampleRounds  = 12  // of the bottom-up search
	samplesPerRun = 2   // per clause and round
	sampleChecks  = 200 // queries of the bottom-up search
)

// sampled reports whether the bottom-up search derives points of p: its
// parameters are Int, Real or Bool (points of arrays make its queries
// expensive; such predicates get samples from OU and UU only).
func sampled(p *pred) bool {
	for _, x := range p.p.Params {
		if s := x.Sort(); s != term.IntSort && s != term.RealSort && s != term.BoolSort {
			return false
		}
	}
	return true
}

// addSample records vals as a reachable point of p: candidates false on
// it die; an O conjunct false on it would be a bug.
func (e *engine) addSample(p *pred, vals []*term.Term) (bool, error) {
	key := sampleKey(vals)
	if p.sampleSet[key] || len(p.samples) >= maxSamples {
		return false, nil
	}
	p.sampleSet[key] = true
	p.samples = append(p.samples, vals)
	e.stats.samples++
	for _, c := range p.cands {
		if c.dead || c.proven {
			continue
		}
		ok, err := e.holds(p, c.f, vals)
		if err != nil {
			return false, err
		}
		if !ok {
			c.dead = true
			c.lemma = nil
			e.touch(p)
			p.candTick = e.tick
		}
	}
	ok, err := e.holds(p, p.overFormula(e.st), vals)
	if err != nil {
		return false, err
	}
	if !ok {
		return false, fmt.Errorf("internal: O[%s] excludes the reachable %s", p.p.Name(), key)
	}
	return true, nil
}

func sampleKey(vals []*term.Term) string {
	var b strings.Builder
	for _, v := range vals {
		b.WriteString(strconv.FormatUint(uint64(v.ID()), 10))
		b.WriteByte(',')
	}
	return b.String()
}

// holds evaluates f (over p's Params) at the point vals.
func (e *engine) holds(p *pred, f *term.Term, vals []*term.Term) (bool, error) {
	m := term.NewModel(e.st)
	for i, x := range p.p.Params {
		m.Set(x, vals[i])
	}
	return m.EvalBool(f)
}

// sampleAll derives points bottom up: each round, each clause derives a
// few points of its head outside the known ones from known points of its
// body atoms.
func (e *engine) sampleAll() error {
	st := e.st
	checks := 0
	for round := 0; round < sampleRounds; round++ {
		grew := false
		for _, p := range e.preds {
			if !sampled(p) {
				continue
			}
			for _, ci := range p.heads {
				if chc.Cause(e.ctx) != nil {
					return chc.Cause(e.ctx)
				}
				c := e.sys.Clauses[ci]
				parts := []*term.Term{c.Constraint}
				empty := false
				for _, b := range c.Body {
					q := e.preds[b.Pred.ID]
					if len(q.samples) == 0 || !sampled(q) {
						empty = true
						break
					}
					parts = append(parts, e.pointsAt(q, b.Args))
				}
				if empty {
					continue
				}
				for range samplesPerRun {
					if len(p.samples) >= maxSamples || checks >= sampleChecks {
						break
					}
					checks++
					f := st.And(append(parts, st.Not(e.pointsAt(p, c.Head.Args)))...)
					r, sv, err := e.check(f)
					if err != nil || r != smt.Sat {
						break
					}
					m := sv.Model()
					vals := make([]*term.Term, len(c.Head.Args))
					for i, x := range c.Head.Args {
						if vals[i], err = m.Eval(x); err != nil {
							return err
						}
					}
					ok, err := e.addSample(p, vals)
					if err != nil {
						return err
					}
					if !ok {
						break
					}
					grew = true
					preds, args := e.atomsOf(c.Body)
					children, err := e.pickFacts(m, preds, args)
					if err != nil {
						return err
					}
					e.addUnder(p, e.point(p.p.Params, vals), c, children, "sample")
				}
			}
		}
		if !grew {
			break
		}
	}
	return nil
}

// point is the conjunction xs = vals.
func (e *engine) point(xs, vals []*term.Term) *term.Term {
	st := e.st
	eqs := make([]*term.Term, len(xs))
	for j, x := range xs {
		eqs[j] = st.Eq(x, vals[j])
	}
	return st.And(append(eqs, st.True())...)
}

// pointsAt is the disjunction of p's samples at args.
func (e *engine) pointsAt(p *pred, args []*term.Term) *term.Term {
	st := e.st
	var ds []*term.Term
	for _, s := range p.samples {
		eqs := make([]*term.Term, len(args))
		for i, a := range args {
			eqs[i] = st.Eq(a, s[i])
		}
		ds = append(ds, st.And(append(eqs, st.True())...))
	}
	return st.Or(append(ds, st.False())...)
}

// maxModulus bounds the moduli of residue candidates.
const maxModulus = 6

// dataCands adds the candidates p's samples suggest, once per new batch
// of samples: for each numeric parameter its bounds; for each pair the
// bounds of their difference and sum; the affine equalities of the
// numeric parameters; the same under each valuation of the Boolean
// parameters that several samples share (guard ⇒ candidate: the flags
// of encoded programs select their behaviour); for each Boolean
// parameter its value when constant; equalities of array parameters;
// residues (see residues).
func (e *engine) dataCands(p *pred) error {
	if len(p.samples) == p.dataGen || len(p.samples) == 0 {
		return nil
	}
	p.dataGen = len(p.samples)
	st := e.st
	xs := p.p.Params
	var nums, bools []int
	for i, x := range xs {
		switch {
		case x.Sort() == term.IntSort || x.Sort() == term.RealSort:
			nums = append(nums, i)
		case x.Sort() == term.BoolSort:
			bools = append(bools, i)
		}
	}
	add := func(f *term.Term) error {
		_, err := e.addCand(p, f, "data")
		return err
	}
	for _, i := range bools {
		v := p.samples[0][i]
		same := true
		for _, s := range p.samples {
			same = same && s[i] == v
		}
		if same {
			if err := add(st.Eq(xs[i], v)); err != nil {
				return err
			}
		}
	}
	// equalities between parameters of other sorts (arrays)
	for i, x := range xs {
		if x.Sort().IsBool() || x.Sort() == term.IntSort || x.Sort() == term.RealSort {
			continue
		}
		for j := i + 1; j < len(xs); j++ {
			if xs[j].Sort() != x.Sort() {
				continue
			}
			same := true
			for _, s := range p.samples {
				same = same && s[i] == s[j]
			}
			if same {
				if err := add(st.Eq(x, xs[j])); err != nil {
					return err
				}
			}
		}
	}
	if err := e.numericCands(p, nums, p.samples, st.True()); err != nil {
		return err
	}
	if len(bools) > 0 {
		// samples grouped by the valuation of the Boolean parameters
		var keys []string
		groups := map[string][][]*term.Term{}
		for _, s := range p.samples {
			k := ""
			for _, i := range bools {
				k += s[i].String()
			}
			if groups[k] == nil {
				keys = append(keys, k)
			}
			groups[k] = append(groups[k], s)
		}
		if len(keys) > 1 {
			for _, k := range keys {
				g := groups[k]
				if len(g) < 3 {
					continue
				}
				eqs := make([]*term.Term, len(bools))
				for j, i := range bools {
					eqs[j] = st.Eq(xs[i], g[0][i])
				}
				if err := e.numericCands(p, nums, g, st.And(eqs...)); err != nil {
					return err
				}
			}
		}
	}
	return e.residues(p)
}

// numericCands adds guard ⇒ f for the bounds of each numeric parameter,
// of the differences and sums of pairs, and the affine equalities of the
// samples.
func (e *engine) numericCands(p *pred, nums []int, samples [][]*term.Term, guard *term.Term) error {
	st := e.st
	xs := p.p.Params
	add := func(f *term.Term) error {
		_, err := e.addCand(p, st.Implies(guard, f), "data")
		return err
	}
	val := func(s []*term.Term, i int) num.Rat { return s[i].Num() }
	bounds := func(t *term.Term, v func([]*term.Term) num.Rat) error {
		lo, hi := v(samples[0]), v(samples[0])
		for _, s := range samples[1:] {
			lo, hi = lo.Min(v(s)), hi.Max(v(s))
		}
		if err := add(st.Ge(t, st.Num(lo, t.Sort()))); err != nil {
			return err
		}
		return add(st.Le(t, st.Num(hi, t.Sort())))
	}
	for _, i := range nums {
		if err := bounds(xs[i], func(s []*term.Term) num.Rat { return val(s, i) }); err != nil {
			return err
		}
	}
	if len(nums) <= 8 {
		for a, i := range nums {
			for _, j := range nums[a+1:] {
				if xs[i].Sort() != xs[j].Sort() {
					continue
				}
				if err := bounds(st.Sub(xs[i], xs[j]), func(s []*term.Term) num.Rat { return val(s, i).Sub(val(s, j)) }); err != nil {
					return err
				}
				if err := bounds(st.Add(xs[i], xs[j]), func(s []*term.Term) num.Rat { return val(s, i).Add(val(s, j)) }); err != nil {
					return err
				}
			}
		}
	}
	for _, f := range affine(st, xs, nums, samples) {
		if err := add(f); err != nil {
			return err
		}
	}
	return nil
}

// affine returns the equalities Σ a_i x_i + a_0 = 0 every sample
// satisfies over the numeric parameters nums of one sort (a basis of the
// null space of the samples' matrix, by Gaussian elimination).
func affine(st *term.Store, xs []*term.Term, nums []int, samples [][]*term.Term) []*term.Term {
	var out []*term.Term
	for _, sort := range []*term.Sort{term.IntSort, term.RealSort} {
		var cols []int
		for _, i := range nums {
			if xs[i].Sort() == sort {
				cols = append(cols, i)
			}
		}
		if len(cols) < 2 || len(samples) < 2 {
			continue
		}
		// rows: one per sample, columns: cols then the constant 1
		nc := len(cols) + 1
		var rows [][]num.Rat
		for _, s := range samples {
			r := make([]num.Rat, nc)
			for k, i := range cols {
				r[k] = s[i].Num()
			}
			r[nc-1] = num.NewRat(1, 1)
			rows = append(rows, r)
		}
		for _, v := range nullSpace(rows, nc) {
			var terms []*term.Term
			for k, i := range cols {
				if !v[k].IsZero() {
					terms = append(terms, st.Mul(st.Num(v[k], sort), xs[i]))
				}
			}
			if len(terms) < 2 {
				continue // a constant parameter: its bounds say it
			}
			out = append(out, st.Eq(st.Add(append(terms, st.Num(v[nc-1], sort))...), st.Num(num.Rat{}, sort)))
		}
	}
	return out
}

// nullSpace returns a basis of {v : rows·v = 0}, each vector scaled to
// integer coefficients.
func nullSpace(rows [][]num.Rat, nc int) [][]num.Rat {
	var pivots []int // pivot column of each reduced row
	var red [][]num.Rat
	for _, r := range rows {
		r = append([]num.Rat(nil), r...)
		for k, row := range red {
			if c := r[pivots[k]]; !c.IsZero() {
				for j := range r {
					r[j] = r[j].Sub(c.Mul(row[j]))
				}
			}
		}
		pc := -1
		for j := range r {
			if !r[j].IsZero() {
				pc = j
				break
			}
		}
		if pc < 0 {
			continue
		}
		inv := r[pc].Inv()
		for j := range r {
			r[j] = r[j].Mul(inv)
		}
		for k, row := range red {
			if c := row[pc]; !c.IsZero() {
				for j := range row {
					row[j] = row[j].Sub(c.Mul(r[j]))
				}
				red[k] = row
			}
		}
		red = append(red, r)
		pivots = append(pivots, pc)
	}
	var basis [][]num.Rat
	for free := 0; free < nc; free++ {
		isPivot := false
		for _, pc := range pivots {
			isPivot = isPivot || pc == free
		}
		if isPivot {
			continue
		}
		v := make([]num.Rat, nc)
		v[free] = num.NewRat(1, 1)
		for k, pc := range pivots {
			v[pc] = red[k][free].Neg()
		}
		basis = append(basis, integral(v))
	}
	return basis
}

// integral scales v to coprime integers.
func integral(v []num.Rat) []num.Rat {
	l := num.NewInt(1)
	for _, x := range v {
		l = l.Lcm(x.Den())
	}
	g := num.NewInt(0)
	out := make([]num.Rat, len(v))
	for i, x := range v {
		out[i] = x.Mul(num.RatFromInt(l))
		g = g.Gcd(out[i].Num())
	}
	if !g.IsZero() && !g.IsOne() {
		for i := range out {
			out[i] = out[i].Quo(num.RatFromInt(g))
		}
	}
	return out
}

// residues adds, for each Int parameter x and modulus c up to
// maxModulus, x mod c = r when every sample has residue r, and for each
// other parameter y that is a non-constant function of x mod c on the
// samples (c the least such modulus) the implications x mod c = r ⇒
// y = v.
func (e *engine) residues(p *pred) error {
	st := e.st
	xs := p.p.Params
	for i, x := range xs {
		if x.Sort() != term.IntSort {
			continue
		}
		distinct := map[*term.Term]bool{}
		for _, s := range p.samples {
			distinct[s[i]] = true
		}
		for j, y := range xs {
			if j == i {
				continue
			}
			if y.Sort() != term.IntSort && y.Sort() != term.BoolSort {
				continue
			}
			for c := int64(2); c <= maxModulus; c++ {
				if len(distinct) < int(c)+2 {
					break
				}
				by, ok, varies := residueFunction(p.samples, i, j, c)
				if !ok || !varies {
					continue
				}
				for r, v := range by {
					if v == nil {
						continue
					}
					f := st.Implies(st.Eq(st.Mod(x, st.Int(c)), st.Int(int64(r))), st.Eq(y, v))
					if _, err := e.addCand(p, f, "data"); err != nil {
						return err
					}
				}
				break
			}
		}
		for c := int64(2); c <= maxModulus; c++ {
			if len(distinct) < 3 {
				break
			}
			r := p.samples[0][i].Num().Num().Mod(num.NewInt(c))
			same := true
			for _, s := range p.samples {
				same = same && s[i].Num().Num().Mod(num.NewInt(c)).Equal(r)
			}
			if same {
				f := st.Eq(st.Mod(x, st.Int(c)), st.IntNum(r))
				if _, err := e.addCand(p, f, "data"); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// residueFunction reports whether parameter j is a function of parameter
// i mod c on the samples (by: its value per residue, nil when unseen) and
// whether it takes two values or more.
func residueFunction(samples [][]*term.Term, i, j int, c int64) ([]*term.Term, bool, bool) {
	by := make([]*term.Term, c)
	var first *term.Term
	varies := false
	for _, s := range samples {
		r := s[i].Num().Num().Mod(num.NewInt(c)).Int64()
		if by[r] == nil {
			by[r] = s[j]
		} else if by[r] != s[j] {
			return nil, false, false
		}
		if first == nil {
			first = s[j]
		} else if first != s[j] {
			varies = true
		}
	}
	return by, true, varies
}
