package fuzz

import (
	"fmt"

	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
)

// Elimination of the constants of a conjunction of constraints: Real ones
// first, by Fourier–Motzkin (fm), then Int ones, by Cooper's method
// (cooper.go). Eliminating a Real constant treats the Int ones as
// parameters, which is exact whatever their values; eliminating an Int
// constant needs every constraint on it to be over Int atoms only.

// eliminate calls emit with conjunctions over the parameters whose
// disjunction is equivalent to the existential closure of cs over the
// eliminated constants. emit returns true to stop, and so does eliminate.
func (q *qe) eliminate(cs []cons, emit func([]cons) bool) (bool, error) {
	if q.work > qeBudget {
		return false, fmt.Errorf("%w: more than %d constraints", ErrTooLarge, qeBudget)
	}
	x := q.pick(cs)
	if x == nil {
		return emit(cs), nil
	}
	var parts [][]cons
	if x.Sort().IsReal() {
		parts = q.fm(cs, x)
	} else {
		var err error
		if parts, err = q.cooper(cs, x); err != nil {
			return false, err
		}
	}
	for _, p := range parts {
		if stop, err := q.eliminate(p, emit); stop || err != nil {
			return stop, err
		}
	}
	return false, nil
}

// varStats describes the occurrences of a constant in constraints.
type varStats struct {
	x          *term.Term
	eq, ne     bool
	lower, upp int
}

// occurrences returns the statistics of the atoms of cs that pass keep, in
// order of first occurrence.
func occurrences(cs []cons, keep func(*term.Term) bool) []varStats {
	var vs []varStats
	idx := map[*term.Term]int{}
	for _, c := range cs {
		for i, v := range c.e.vs {
			if !keep(v) {
				continue
			}
			j, ok := idx[v]
			if !ok {
				j = len(vs)
				idx[v] = j
				vs = append(vs, varStats{x: v})
			}
			s := &vs[j]
			switch c.kind {
			case kEq:
				s.eq = true
			case kNe:
				s.ne = true
			case kLe, kLt:
				if c.e.cs[i].Sign() > 0 {
					s.upp++
				} else {
					s.lower++
				}
			}
		}
	}
	return vs
}

// pick chooses the next constant to eliminate: Real before Int, one with
// an equality first, else the fewest resulting constraints.
func (q *qe) pick(cs []cons) *term.Term {
	vs := occurrences(cs, func(v *term.Term) bool { return q.elim[v] })
	var best *term.Term
	bestCost := 0
	for _, s := range vs {
		cost := s.lower * s.upp
		if s.x.Sort().IsInt() {
			cost = 1<<20 + min(s.lower, s.upp)
		}
		if s.eq {
			cost -= 1 << 19
		}
		if best == nil || cost < bestCost {
			best, bestCost = s.x, cost
		}
	}
	return best
}

// builder collects normalized constraints without duplicates; dead is set
// when one is false.
type builder struct {
	cs   []cons
	keys map[string]bool
	dead bool
	q    *qe
}

func (q *qe) newBuilder(cs []cons) *builder {
	b := &builder{q: q, keys: make(map[string]bool, len(cs))}
	for _, c := range cs {
		b.addNorm(c)
	}
	return b
}

func (b *builder) addNorm(c cons) {
	k := c.key()
	if !b.keys[k] {
		b.keys[k] = true
		b.cs = append(b.cs, c)
	}
}

func (b *builder) add(k kind, e lin, d num.Int) {
	if b.dead {
		return
	}
	b.q.work++
	c, val := norm(k, e, d)
	switch val {
	case tvFalse:
		b.dead = true
	case tvOpen:
		b.addNorm(c)
	}
}

// parts returns the single conjunction of b, or none if it is false.
func (b *builder) parts() [][]cons {
	if b.dead {
		return nil
	}
	return [][]cons{b.cs}
}

// fm eliminates the Real constant x from cs: by substitution if an
// equality mentions x, by splitting a disequality x occurs in into < and
// >, else by combining each lower bound with each upper bound.
func (q *qe) fm(cs []cons, x *term.Term) [][]cons {
	for i, c := range cs {
		a := c.e.coeff(x)
		if a.IsZero() {
			continue
		}
		switch c.kind {
		case kEq: // x = -(e - a·x)/a
			by := c.e.without(x).scale(a.Inv().Neg())
			b := q.newBuilder(nil)
			for j, d := range cs {
				if j != i {
					b.add(d.kind, d.e.subst(x, by), d.d)
				}
			}
			return b.parts()
		case kNe:
			rest := append(append([]cons(nil), cs[:i]...), cs[i+1:]...)
			lt, gt := q.newBuilder(rest), q.newBuilder(rest)
			lt.add(kLt, c.e, num.Int{})
			gt.add(kLt, c.e.scale(ratMinusOne), num.Int{})
			return append(lt.parts(), gt.parts()...)
		}
	}
	var lower, upper []cons
	b := q.newBuilder(nil)
	for _, c := range cs {
		a := c.e.coeff(x)
		switch {
		case a.IsZero():
			b.addNorm(c)
		case c.kind == kDvd:
			panic("fuzz: divisibility constraint over a Real constant")
		case a.Sign() > 0:
			upper = append(upper, c)
		default:
			lower = append(lower, c)
		}
	}
	for _, lo := range lower {
		al := lo.e.coeff(x).Neg() // lo: -al·x + s <= 0
		for _, up := range upper {
			au := up.e.coeff(x) // up: au·x + t <= 0
			k := kLe
			if lo.kind == kLt || up.kind == kLt {
				k = kLt
			}
			b.add(k, combine(au, lo.e, al, up.e), num.Int{})
			if b.dead {
				return nil
			}
		}
	}
	return b.parts()
}

// feasible reports whether the real relaxation of the inequalities and
// equalities of cs may be satisfiable: false means that Fourier–Motzkin,
// eliminating every atom as if it were Real, derives a false constraint.
// Constraints over Int atoms only are tightened as they are built, which
// is sound since those atoms take integer values. feasible gives up
// (true) past a small budget.
func (q *qe) feasible(cs []cons) bool {
	rq := &qe{st: q.st, elim: q.elim}
	var in []cons
	for _, c := range cs {
		if c.kind != kNe && c.kind != kDvd {
			in = append(in, c)
		}
	}
	for {
		vs := occurrences(in, func(*term.Term) bool { return true })
		if len(vs) == 0 {
			return true
		}
		best := vs[0]
		for _, s := range vs[1:] {
			if s.eq && !best.eq || s.eq == best.eq && s.lower*s.upp < best.lower*best.upp {
				best = s
			}
		}
		parts := rq.fm(in, best.x)
		if len(parts) == 0 {
			return false
		}
		in = parts[0]
		if rq.work > 5000 {
			return true
		}
	}
}
