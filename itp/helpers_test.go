package itp_test

import (
	"fmt"
	"sync"
	"testing"

	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/term"
	"pgregory.net/rapid"
)

// vocab is a test signature: constants local to A, shared, local to B.
type vocab struct {
	a, s, b []*term.Term
}

func newVocab(st *term.Store, sort *term.Sort, n int) vocab {
	var v vocab
	p := "x"
	if sort.IsReal() {
		p = "r"
	}
	for i := 0; i < n; i++ {
		v.a = append(v.a, st.Const(fmt.Sprintf("%sa%d", p, i), sort))
		v.s = append(v.s, st.Const(fmt.Sprintf("%ss%d", p, i), sort))
		v.b = append(v.b, st.Const(fmt.Sprintf("%sb%d", p, i), sort))
	}
	return v
}

// linLit draws a linear literal over vars: Σ c·x op k with small
// coefficients, possibly negated.
func linLit(t *rapid.T, st *term.Store, vars []*term.Term, label string) *term.Term {
	sort := vars[0].Sort()
	var ms []*term.Term
	n := rapid.IntRange(1, 3).Draw(t, label+"n")
	for i := 0; i < n; i++ {
		x := vars[rapid.IntRange(0, len(vars)-1).Draw(t, label+"x")]
		c := rapid.IntRange(-3, 3).Draw(t, label+"c")
		if c == 0 {
			c = 1
		}
		ms = append(ms, st.Mul(st.Num(num.NewInt(int64(c)).Rat(), sort), x))
	}
	lhs := ms[0]
	if len(ms) > 1 {
		lhs = st.Add(ms...)
	}
	k := st.Num(num.NewInt(int64(rapid.IntRange(-6, 6).Draw(t, label+"k"))).Rat(), sort)
	var lit *term.Term
	switch rapid.IntRange(0, 4).Draw(t, label+"op") {
	case 0:
		lit = st.Le(lhs, k)
	case 1:
		lit = st.Lt(lhs, k)
	case 2:
		lit = st.Ge(lhs, k)
	case 3:
		lit = st.Gt(lhs, k)
	default:
		return st.Eq(lhs, k)
	}
	if rapid.Bool().Draw(t, label+"neg") {
		lit = st.Not(lit)
	}
	return lit
}

// counter counts outcomes of a property (shared by parallel subtests).
type counter struct {
	mu     sync.Mutex
	counts map[string]int
	errs   []string // the first few error messages
}

// fail counts an error answer and keeps its message.
func (c *counter) fail(err error) {
	c.add("err")
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.errs) < 5 {
		c.errs = append(c.errs, err.Error())
	}
}

func (c *counter) add(k string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.counts == nil {
		c.counts = map[string]int{}
	}
	c.counts[k]++
}

func (c *counter) report(t *testing.T, name string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	t.Logf("%s: %d unsat cases, %d interpolants checked, %d errors (%d satisfiable skipped)",
		name, c.counts["ok"]+c.counts["err"], c.counts["ok"], c.counts["err"], c.counts["sat"])
	for _, e := range c.errs {
		if len(e) > 300 {
			e = e[:300] + "..."
		}
		t.Logf("  error: %s", e)
	}
}
