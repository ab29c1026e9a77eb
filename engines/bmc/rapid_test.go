package bmc

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/witness"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// domain bounds every clause variable of the random systems: 0 ≤ v < domain,
// so brute force over the domain decides them exactly.
const domain = 3

// genSystem draws a small HORN script over Int whose clause variables are
// all bounded to the domain (linear when linear is set).
func genSystem(t *rapid.T, linear bool) string {
	var b strings.Builder
	b.WriteString("(set-logic HORN)\n")
	np := rapid.IntRange(1, 3).Draw(t, "preds")
	arity := make([]int, np)
	for p := range arity {
		arity[p] = rapid.IntRange(0, 2).Draw(t, fmt.Sprintf("arity%d", p))
		fmt.Fprintf(&b, "(declare-fun p%d (%s) Bool)\n", p, strings.TrimSpace(strings.Repeat("Int ", arity[p])))
	}
	clause := func(kind string, i int) {
		nv := 0
		newVar := func() string { nv++; return fmt.Sprintf("v%d", nv-1) }
		atom := func(p int) string {
			if arity[p] == 0 {
				return fmt.Sprintf("p%d", p)
			}
			s := fmt.Sprintf("(p%d", p)
			for j := 0; j < arity[p]; j++ {
				if nv > 0 && rapid.IntRange(0, 3).Draw(t, "reuse") == 0 {
					s += fmt.Sprintf(" v%d", rapid.IntRange(0, nv-1).Draw(t, "var"))
				} else {
					s += " " + newVar()
				}
			}
			return s + ")"
		}
		nbody := 0
		switch kind {
		case "rule":
			nbody = 1
			if !linear {
				nbody = rapid.IntRange(1, 2).Draw(t, "body")
			}
		case "query":
			nbody = rapid.IntRange(0, 1).Draw(t, "qbody")
			if !linear && rapid.Bool().Draw(t, "qbody2") {
				nbody = 2
			}
		}
		var body []string
		for j := 0; j < nbody; j++ {
			body = append(body, atom(rapid.IntRange(0, np-1).Draw(t, "bpred")))
		}
		head := "false"
		if kind != "query" {
			head = atom(rapid.IntRange(0, np-1).Draw(t, "hpred"))
		}
		if rapid.Bool().Draw(t, "local") {
			newVar()
		}
		if nv == 0 {
			newVar()
		}
		vars := func() string { return fmt.Sprintf("v%d", rapid.IntRange(0, nv-1).Draw(t, "v")) }
		var cons []string
		for v := 0; v < nv; v++ {
			cons = append(cons, fmt.Sprintf("(<= 0 v%d %d)", v, domain-1))
		}
		for j := rapid.IntRange(0, 3).Draw(t, "atoms"); j > 0; j-- {
			switch rapid.IntRange(0, 4).Draw(t, "atom") {
			case 0:
				cons = append(cons, fmt.Sprintf("(= %s (+ %s %d))", vars(), vars(), rapid.IntRange(0, 2).Draw(t, "c")))
			case 1:
				cons = append(cons, fmt.Sprintf("(<= %s %s)", vars(), vars()))
			case 2:
				cons = append(cons, fmt.Sprintf("(= %s %d)", vars(), rapid.IntRange(0, domain-1).Draw(t, "c")))
			case 3:
				cons = append(cons, fmt.Sprintf("(not (= %s %s))", vars(), vars()))
			case 4:
				cons = append(cons, fmt.Sprintf("(< (+ %s %s) %d)", vars(), vars(), rapid.IntRange(0, 2*domain).Draw(t, "c")))
			}
		}
		b.WriteString("(assert (forall (")
		for v := 0; v < nv; v++ {
			fmt.Fprintf(&b, "(v%d Int)", v)
		}
		fmt.Fprintf(&b, ") (=> (and %s %s) %s)))\n", strings.Join(body, " "), strings.Join(cons, " "), head)
	}
	for i := rapid.IntRange(1, 2).Draw(t, "facts"); i > 0; i-- {
		clause("fact", i)
	}
	for i := rapid.IntRange(1, 3).Draw(t, "rules"); i > 0; i-- {
		clause("rule", i)
	}
	clause("query", 0)
	return b.String()
}

// bruteForce is the least height of a derivation of false, or -1 if there
// is none: clause variables range over the domain, as the constraints say.
func bruteForce(t require.TestingT, sys *chc.System) int {
	type inst struct {
		head string
		body []string
	}
	key := func(p *chc.Pred, vals []*term.Term) string {
		s := p.Name()
		for _, v := range vals {
			s += " " + term.Sprint(v)
		}
		return s
	}
	// every satisfying instance of every clause
	var insts []inst
	for _, c := range sys.Clauses {
		vals := make([]*term.Term, len(c.Vars))
		var rec func(i int)
		rec = func(i int) {
			if i < len(c.Vars) {
				for d := 0; d < domain; d++ {
					vals[i] = sys.St.Int(int64(d))
					rec(i + 1)
				}
				return
			}
			m := term.NewModel(sys.St)
			for j, v := range c.Vars {
				require.Equal(t, term.IntSort, v.Sort())
				m.Set(v, vals[j])
			}
			ok, err := m.EvalBool(c.Constraint)
			require.NoError(t, err)
			if !ok {
				return
			}
			args := func(a *chc.Atom) string {
				var vs []*term.Term
				for _, x := range a.Args {
					v, err := m.Eval(x)
					require.NoError(t, err)
					vs = append(vs, v)
				}
				return key(a.Pred, vs)
			}
			in := inst{head: "false"}
			if c.Head != nil {
				in.head = args(c.Head)
			}
			for j := range c.Body {
				in.body = append(in.body, args(&c.Body[j]))
			}
			insts = append(insts, in)
		}
		rec(0)
	}
	h := map[string]int{}
	for changed := true; changed; {
		changed = false
		for _, in := range insts {
			best := 0
			ok := true
			for j, b := range in.body {
				hb, found := h[b]
				if !found {
					ok = false
					break
				}
				if j == 0 || hb+1 > best {
					best = hb + 1
				}
			}
			if !ok {
				continue
			}
			if old, found := h[in.head]; !found || best < old {
				h[in.head] = best
				changed = true
			}
		}
	}
	if v, ok := h["false"]; ok {
		return v
	}
	return -1
}

func TestRandomAgainstBruteForce(t *testing.T) {
	for _, linear := range []bool{true, false} {
		t.Run(fmt.Sprintf("linear=%v", linear), func(t *testing.T) {
			counts := map[chc.Answer]int{}
			defer func() {
				t.Logf("answers: %d unsat, %d sat, %d unknown", counts[chc.Unsat], counts[chc.Sat], counts[chc.Unknown])
			}()
			rapid.Check(t, func(rt *rapid.T) {
				src := genSystem(rt, linear)
				sys, _, err := chc.Read("random.smt2", strings.NewReader(src), term.NewStore())
				require.NoError(rt, err, src)
				want := bruteForce(rt, sys)
				maxDepth := 6
				if want >= 0 && want > maxDepth {
					maxDepth = want
				}
				res := New(Options{MaxDepth: maxDepth}).Solve(context.Background(), sys)
				counts[res.Answer]++
				require.NoError(rt, witness.CheckResult(context.Background(), sys, res), src)
				switch res.Answer {
				case chc.Unsat:
					require.Equal(rt, want, height(res.Derivation), "not the least height\n%s", src)
				case chc.Sat:
					require.Equal(rt, -1, want, src)
				default:
					require.Equal(rt, -1, want, "%s\n%s", res.Reason, src)
				}
			})
		})
	}
}
