package mbp_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/mbp"
	"github.com/seed-f9c3434d/gospacer/num"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
	"pgregory.net/rapid"
)

// tb is what *testing.T and *rapid.T share.
type tb interface {
	Helper()
	Fatal(args ...any)
	Fatalf(format string, args ...any)
	Logf(format string, args ...any)
}

// ---- SMT-LIB input ----

// parse reads declarations and assertions in SMT-LIB and returns the
// conjunction of the assertions.
func parse(t tb, st *term.Store, src string) *term.Term {
	t.Helper()
	s, err := smtlib.Parse("test.smt2", strings.NewReader(src), st)
	if err != nil {
		t.Fatal(err)
	}
	var as []*term.Term
	for _, c := range s.Commands {
		if c.Kind == smtlib.Assert {
			as = append(as, c.Term)
		}
	}
	if len(as) == 1 {
		return as[0]
	}
	return st.And(as...)
}

// model builds a model from "name=value" pairs over the declared
// constants of sorts Int, Real and Bool.
func model(t tb, st *term.Store, consts map[string]*term.Term, assign string) *term.Model {
	t.Helper()
	m := term.NewModel(st)
	for _, kv := range strings.Fields(assign) {
		name, val, ok := strings.Cut(kv, "=")
		c := consts[name]
		if !ok || c == nil {
			t.Fatalf("bad assignment %q", kv)
		}
		m.Set(c, value(t, st, c.Sort(), val))
	}
	return m
}

func value(t tb, st *term.Store, s *term.Sort, val string) *term.Term {
	t.Helper()
	if s.IsBool() {
		return st.Bool(val == "true")
	}
	v, err := num.ParseRat(val)
	if err != nil {
		t.Fatal(err)
	}
	return st.Num(v, s)
}

// constsOf maps the names of the constants of t to them.
func constsOf(t *term.Term) map[string]*term.Term {
	m := map[string]*term.Term{}
	for _, c := range term.FreeConsts(t) {
		m[c.Name()] = c
	}
	return m
}

func names(m map[string]*term.Term, ns ...string) []*term.Term {
	var out []*term.Term
	for _, n := range ns {
		out = append(out, m[n])
	}
	return out
}

// ---- The smt solver ----

// solve returns a model of f from package smt; sat is false for unsat,
// err for unknown or an unsupported formula.
func solve(st *term.Store, f *term.Term) (*term.Model, bool, error) {
	s := smt.New(st, smt.Options{})
	if err := s.Assert(f); err != nil {
		return nil, false, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	r, err := s.Check(ctx)
	switch {
	case err != nil:
		return nil, false, err
	case r == smt.Sat:
		return s.Model(), true, nil
	case r == smt.Unsat:
		return nil, false, nil
	}
	return nil, false, fmt.Errorf("%w (%s)", errUnknown, s.ReasonUnknown())
}

// errUnknown is solve's error when smt gives up (its deadline, under a
// loaded machine, or incompleteness).
var errUnknown = errors.New("smt: unknown")

func solver(st *term.Store) mbp.Solve {
	return func(f *term.Term) (*term.Model, bool, error) { return solve(st, f) }
}

// unsat reports whether f is unsatisfiable according to smt; f is
// simplified first. It fails the test when smt gives up.
func unsat(t tb, st *term.Store, f *term.Term) bool {
	t.Helper()
	u, err := tryUnsat(st, f)
	if err != nil {
		t.Fatalf("smt: %v\n%s", err, fuzz.Script(st, f))
	}
	return u
}

// tryUnsat is unsat with smt's failures as errors.
func tryUnsat(st *term.Store, f *term.Term) (bool, error) {
	_, sat, err := solve(st, st.Simplify(f))
	return !sat, err
}

// equivalent asserts that a and b are equivalent according to smt.
func equivalent(t tb, st *term.Store, a, b *term.Term) {
	t.Helper()
	if !unsat(t, st, st.Xor(a, b)) {
		t.Fatalf("not equivalent:\n  %v\n  %v", a, b)
	}
}

// ---- Random cases ----

// subset draws a non-empty subset of cs, in order.
func subset(t *rapid.T, cs []*term.Term) []*term.Term {
	bits := rapid.IntRange(1, 1<<len(cs)-1).Draw(t, "vars")
	var out []*term.Term
	for i, c := range cs {
		if bits>>i&1 == 1 {
			out = append(out, c)
		}
	}
	return out
}

// smtCase draws a formula and a model of it found by smt: if the formula
// is unsatisfiable its negation is used. ok is false when smt gives up.
// Formulas with is_int or to_int take a model by sampling instead
// (sampled): smt is often unknown on them (as of this writing). Over LRA
// alone, is_int is replaced by a comparison in three cases out of four.
func smtCase(t *rapid.T, st *term.Store, cfg fuzz.Config) (phi *term.Term, m *term.Model, sampled, ok bool) {
	phi = fuzz.Formula(st, cfg).Draw(t, "phi")
	if hasIntConv(phi) && cfg.Theories&fuzz.LIA == 0 && rapid.IntRange(0, 3).Draw(t, "keep is_int") != 0 {
		// Three times out of four, (is_int t) becomes (>= t 0), so that
		// most LRA cases get their model from smt.
		phi = withoutIsInt(st, phi)
	}
	if hasIntConv(phi) {
		m := fuzz.ModelFor(st, fuzz.Consts(st, cfg), cfg).Draw(t, "m")
		if holds, err := m.EvalBool(phi); err != nil {
			t.Fatal(err)
		} else if !holds {
			phi = st.Not(phi)
		}
		return phi, m, true, true
	}
	for range 2 {
		m, sat, err := solve(st, phi)
		if err != nil {
			var u *smt.UnsupportedError
			if !errors.As(err, &u) {
				t.Logf("smt: %v", err)
			}
			return nil, nil, false, false
		}
		if sat {
			return phi, m, false, true
		}
		phi = st.Not(phi)
	}
	t.Fatalf("smt: both %v and its negation unsat", phi)
	return nil, nil, false, false
}

// hasIntConv reports whether t has is_int or to_int.
func hasIntConv(t *term.Term) bool {
	for u := range term.PostOrder(t) {
		if u.Op() == term.OpIsInt || u.Op() == term.OpToInt {
			return true
		}
	}
	return false
}

// sampleCase draws a formula and a model from fuzz.ModelFor; the formula
// is negated if the model falsifies it, so the model satisfies the case.
func sampleCase(t *rapid.T, st *term.Store, cfg fuzz.Config) (*term.Term, *term.Model) {
	phi := fuzz.Formula(st, cfg).Draw(t, "phi")
	m := fuzz.ModelFor(st, fuzz.Consts(st, cfg), cfg).Draw(t, "m")
	ok, err := m.EvalBool(phi)
	if err != nil {
		t.Fatal(err)
	}
	if !ok {
		phi = st.Not(phi)
	}
	return phi, m
}

// projectChecked projects and checks the model-preservation property by
// evaluation, independently of Project's own check.
func projectChecked(t tb, p *mbp.Projector, st *term.Store, vars []*term.Term, phi *term.Term, m *term.Model) mbp.Result {
	t.Helper()
	res, err := p.Project(vars, phi, m)
	if err != nil {
		t.Fatalf("Project: %v\nvars %v\n%s%v", err, vars, fuzz.Script(st, phi), m)
	}
	ok, err := m.EvalBool(res.Formula)
	if err != nil || !ok {
		t.Fatalf("M does not satisfy the projection %v (%v)", res.Formula, err)
	}
	for _, c := range term.FreeConsts(res.Formula) {
		if slices.Contains(vars, c) {
			t.Fatalf("projected %v occurs in %v", c, res.Formula)
		}
	}
	return res
}

// ---- z3 ----

// z3BatchDeadline bounds one z3 process running a batch.
const z3BatchDeadline = 90 * time.Second

// z3Batch collects queries that z3 must find unsat and runs them in one
// process with push/pop, so that a thousand cases cost one start of z3.
type z3Batch struct {
	queries []string
	labels  []string
	sat     []bool // the expected answer is sat
	// deadline bounds the z3 process (z3BatchDeadline when zero).
	deadline time.Duration
}

func haveZ3() bool {
	_, err := exec.LookPath("z3")
	return err == nil
}

// add records the query "assertions are unsat".
func (b *z3Batch) add(label string, st *term.Store, assertions ...*term.Term) {
	b.addExpect(false, label, st, assertions...)
}

// addExpect records a query whose expected answer is sat (or unsat).
func (b *z3Batch) addExpect(sat bool, label string, st *term.Store, assertions ...*term.Term) {
	s := fuzz.Script(st, assertions...)
	s = strings.TrimPrefix(s, "(set-logic ALL)\n")
	b.queries = append(b.queries, s)
	b.labels = append(b.labels, label)
	b.sat = append(b.sat, sat)
}

// forallNot returns ∀x̄.¬φ with x̄ made bound variables.
func forallNot(st *term.Store, vars []*term.Term, phi *term.Term) *term.Term {
	var bound, used []*term.Term
	for _, v := range vars {
		if slices.Contains(term.FreeConsts(phi), v) {
			used = append(used, v)
			bound = append(bound, st.BoundVar("mbp_"+v.Name(), v.Sort()))
		}
	}
	body := st.Not(phi)
	if len(used) == 0 {
		return body
	}
	// (= v v) for each variable declares the sorts of the bound
	// variables in fuzz.Script, which declares those of constants only.
	decl := []*term.Term{st.Forall(bound, st.Substitute(body, used, bound))}
	for _, v := range used {
		decl = append(decl, st.Eq(v, v))
	}
	return st.And(decl...)
}

// run asks z3 and fails the test for every query z3 answers against the
// expectation. It returns the numbers of queries answered as expected and
// unknown.
func (b *z3Batch) run(t *testing.T) (ok, unknown int) {
	t.Helper()
	ok, unknown, bad, err := b.answers()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range bad {
		t.Error(m)
	}
	return ok, unknown
}

// answers runs z3 on the batch; bad describes each query answered against
// the expectation.
func (b *z3Batch) answers() (ok, unknown int, bad []string, err error) {
	if len(b.queries) == 0 {
		return 0, 0, nil, nil
	}
	var in bytes.Buffer
	in.WriteString("(set-option :timeout 300)\n")
	// z3 keeps datatype declarations across pop: each goes first, once.
	seen := map[string]bool{}
	queries := make([]string, len(b.queries))
	for i, q := range b.queries {
		var keep []string
		for _, line := range strings.Split(q, "\n") {
			if strings.HasPrefix(line, "(declare-datatypes ") {
				if !seen[line] {
					seen[line] = true
					in.WriteString(line + "\n")
				}
				continue
			}
			keep = append(keep, line)
		}
		queries[i] = strings.Join(keep, "\n")
	}
	for _, q := range queries {
		in.WriteString("(push 1)\n")
		in.WriteString(q)
		in.WriteString("(pop 1)\n")
	}
	// z3 does not always honour :timeout (a quantified non-linear query
	// once ran for ten minutes), so the process has a deadline of its own:
	// the queries it did not reach count as unknown.
	deadline := b.deadline
	if deadline == 0 {
		deadline = z3BatchDeadline
	}
	ctx, cancel := context.WithTimeout(context.Background(), deadline)
	defer cancel()
	cmd := exec.CommandContext(ctx, "z3", "-in", "-smt2")
	cmd.Stdin = &in
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	runErr := cmd.Run()
	stopped := ctx.Err() != nil
	if runErr != nil && out.Len() == 0 && !stopped {
		return 0, 0, nil, fmt.Errorf("z3: %v\n%s", runErr, stderr.String())
	}
	sc := bufio.NewScanner(&out)
	k := 0
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if k >= len(b.queries) {
			return ok, unknown, bad, fmt.Errorf("z3: extra output %s", line)
		}
		switch {
		case line == "unsat" && !b.sat[k], line == "sat" && b.sat[k]:
			ok++
		case line == "sat" || line == "unsat":
			bad = append(bad, fmt.Sprintf("z3: %s, the projection is not an under-approximation (%s):\n%s", line, b.labels[k], b.queries[k]))
		case line == "unknown" || line == "timeout":
			unknown++
		case stopped:
			// The last line may be cut short by the kill.
			return ok, unknown + len(b.queries) - k, bad, nil
		default:
			return ok, unknown, bad, fmt.Errorf("z3: %s (query %d: %s)\n%s", line, k, b.labels[k], b.queries[k])
		}
		k++
	}
	if k != len(b.queries) {
		if stopped {
			return ok, unknown + len(b.queries) - k, bad, nil
		}
		return ok, unknown, bad, fmt.Errorf("z3 answered %d of %d queries\n%s", k, len(b.queries), stderr.String())
	}
	return ok, unknown, bad, nil
}

// sameTerm checks that got is the term want (hash-consed: the same
// pointer), printing both otherwise.
func sameTerm(t tb, want, got *term.Term, msg ...any) {
	t.Helper()
	if want != got {
		t.Fatalf("%s\nwant %v\n got %v", fmt.Sprint(msg...), want, got)
	}
}
