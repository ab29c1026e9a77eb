package mbp_test

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/seed-f9c3434d/gospacer/mbp"
	"github.com/seed-f9c3434d/gospacer/term"
)

// A family of formulas of growing size for BenchmarkProject: n blocks,
// block k over its own projected variables and the shared chain y0, y1,
// ...:
//
//	LRA:    (y_k < x_k ∧ x_k < y_k+1 ∧ x_k ≠ z_k) ∨ x_k = y_k + z_k
//	LIA:    y_k <= 2x_k ∧ 3x_k <= 2y_k+1 + 6 ∧ (mod (x_k + z_k) 3) = 1
//	arrays: a_k = store(b_k, y_k, x_k) ∧ select(a_k, y_k+1) > x_k ∧ x_k > z_k
//
// with the model that makes the first disjunct true.
func family(st *term.Store, kind string, n int) (phi *term.Term, vars []*term.Term, m *term.Model) {
	m = term.NewModel(st)
	sort := term.IntSort
	if kind == "LRA" {
		sort = term.RealSort
	}
	c := func(name string, k int, v int64) *term.Term {
		x := st.Const(fmt.Sprintf("%s%d", name, k), sort)
		m.Set(x, st.Int(v))
		return x
	}
	arr := st.ArraySort(term.IntSort, term.IntSort)
	var blocks []*term.Term
	for k := 0; k < n; k++ {
		y0, y1, z := c("y", k, int64(10*k)), c("y", k+1, int64(10*k+10)), c("z", k, int64(k%3))
		var x *term.Term
		switch kind {
		case "LRA":
			x = c("x", k, int64(10*k+5))
			blocks = append(blocks, st.Or(
				st.And(st.Lt(y0, x), st.Lt(x, y1), st.Distinct(x, z)),
				st.Eq(x, st.Add(y0, z))))
		case "LIA":
			j := 0
			for (5*k+j+k%3)%3 != 1 {
				j++
			}
			x = c("x", k, int64(5*k+j))
			blocks = append(blocks,
				st.Le(y0, st.Mul(st.Int(2), x)),
				st.Le(st.Mul(st.Int(3), x), st.Add(st.Mul(st.Int(2), y1), st.Int(6))),
				st.Eq(st.Mod(st.Add(x, z), st.Int(3)), st.Int(1)))
		case "arrays":
			x = c("x", k, 3)
			a, b := st.Const(fmt.Sprint("a", k), arr), st.Const(fmt.Sprint("b", k), arr)
			bv := st.ConstArrayOf(arr, st.Int(5))
			m.Set(b, bv)
			m.Set(a, st.Store(bv, st.Int(int64(10*k)), st.Int(3)))
			blocks = append(blocks,
				st.Eq(a, st.Store(b, y0, x)),
				st.Gt(st.Select(a, y1), x),
				st.Gt(x, z))
			vars = append(vars, a)
		}
		vars = append(vars, x)
	}
	phi = st.And(blocks...)
	if ok, err := m.EvalBool(phi); err != nil || !ok {
		panic(fmt.Sprintf("family %s: the model is not a model (%v)", kind, err))
	}
	return phi, vars, m
}

// BenchmarkProject: time per projection grows linearly with the size of
// the formula: ns/block stays flat up to memory effects, and terms/block
// (terms the projection adds to the store) and allocs/op per block are
// constant, which shows the work itself is linear. Each iteration
// projects in a fresh store, built outside the timer: a store only grows
// (fresh variables, values), and a store grown by earlier iterations
// would slow its hash consing down for later ones.
func BenchmarkProject(b *testing.B) {
	for _, kind := range []string{"LRA", "LIA", "arrays"} {
		for _, n := range []int{10, 100, 1000, 10000} {
			b.Run(fmt.Sprintf("%s/n=%d", kind, n), func(b *testing.B) {
				b.ReportAllocs()
				made := 0
				for i := 0; i < b.N; i++ {
					b.StopTimer()
					st := term.NewStore()
					phi, vars, m := family(st, kind, n)
					p := mbp.New(st, mbp.Options{})
					before := st.NumTerms()
					runtime.GC() // the garbage of earlier iterations is not this one's
					b.StartTimer()
					if _, err := p.Project(vars, phi, m); err != nil {
						b.Fatal(err)
					}
					made += st.NumTerms() - before
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/block")
				b.ReportMetric(float64(made)/float64(b.N)/float64(n), "terms/block")
			})
		}
	}
}

// The family projects correctly (a small instance, checked).
func TestFamily(t *testing.T) {
	for _, kind := range []string{"LRA", "LIA", "arrays"} {
		st := term.NewStore()
		phi, vars, m := family(st, kind, 4)
		res := projectChecked(t, mbp.New(st, mbp.Options{}), st, vars, phi, m)
		if !res.Finite() {
			t.Fatalf("%s: not finite: %v", kind, res.Substituted)
		}
		t.Logf("%s: %v", kind, res.Formula)
	}
}
