package script

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// runText parses text and runs it with a fresh Executor.
func runText(t *testing.T, ctx context.Context, text string, opts Options) (out, errs string, n int) {
	t.Helper()
	st := term.NewStore()
	s, err := smtlib.Parse("in.smt2", strings.NewReader(text), st)
	require.NoError(t, err)
	var o, e bytes.Buffer
	n = New(st, &o, &e, opts).Run(ctx, s)
	return o.String(), e.String(), n
}

// TestRun runs scripts and compares standard output and error exactly.
func TestRun(t *testing.T) {
	for _, tc := range []struct {
		name, in, out, errs string
	}{{
		name: "print-success",
		in: `(set-option :print-success true)
(set-logic QF_LIA)
(declare-const x Int)
(assert (> x 0))
(push 2)
(pop 1)
(set-option :print-success false)
(assert (< x 5))
(check-sat)`,
		out: "success\nsuccess\nsuccess\nsuccess\nsuccess\nsuccess\nsat\n",
	}, {
		name: "unsupported",
		in:   `(set-option :no-such-option 1)(get-option :produce-models)(get-info :no-such-info)(set-option :produce-models true)(get-option :produce-models)(get-option :no-such-option)`,
		out:  "unsupported\nfalse\nunsupported\ntrue\nunsupported\n",
	}, {
		name: "get-info",
		in:   `(get-info :name)(get-info :authors)(get-info :error-behavior)(get-info :version)`,
		out:  "(:name \"gospacer\")\n(:authors \"the gospacer developers\")\n(:error-behavior continued-execution)\n(:version \"unknown\")\n",
	}, {
		name: "echo",
		in:   `(echo "say ""hi""")`,
		out:  "say \"hi\"\n", // z3 prints the string, unquoted
	}, {
		name: "named assertions and scopes",
		in: `(declare-const p Bool)
(declare-const q Bool)
(assert (! (or p q) :named a))
(push 1)
(assert (! (not p) :named b))
(assert (! (not q) :named c))
(check-sat)
(get-unsat-core)
(pop 1)
(check-sat-assuming ((not p) (not q)))
(get-unsat-core)
(check-sat)
(get-unsat-core)`,
		out:  "unsat\n(a b c)\nunsat\n(a)\nsat\n",
		errs: "in.smt2:13:1: get-unsat-core: the last check-sat did not answer unsat\n",
	}, {
		name: "get-model prints the declarations in scope",
		in: `(declare-const x Int)
(push 1)
(declare-const y Int)
(assert (= y 7))
(pop 1)
(assert (= x 3))
(check-sat)
(get-model)
(get-value ((+ x 1)))`,
		out: "sat\n(\n  (define-fun x () Int 3)\n)\n(((+ x 1) 4))\n",
	}, {
		name: "no model after assert, pop or unsat",
		in: `(declare-const x Int)
(check-sat)
(assert (> x 0))
(get-model)
(assert (< x 0))
(check-sat)
(get-value (x))`,
		out: "sat\nunsat\n",
		errs: "in.smt2:4:1: get-model: no model available (the last check-sat did not answer sat)\n" +
			"in.smt2:7:1: get-value: no model available (the last check-sat did not answer sat)\n",
	}, {
		name: "a failed assertion makes its scope unknown",
		in: `(set-logic QF_LRA)
(declare-const x Real)
(push 1)
(assert (<= (* x x) 1.0))
(check-sat)
(pop 1)
(check-sat)`,
		out:  "unknown\nsat\n",
		errs: "in.smt2:4:1: unsupported: non-linear arithmetic in (<= (* x x) 1.0)\n",
	}, {
		name: "reset",
		in: `(set-option :print-success true)
(declare-const x Int)
(assert (> x 0))
(reset)
(assert false)
(check-sat)
(reset-assertions)
(check-sat)
(get-assertions)`,
		out: "success\nsuccess\nsuccess\nunsat\nsat\n()\n",
	}, {
		name: "get-assertions",
		in:   `(declare-const x Int)(assert (> x 0))(assert (< x 9))(get-assertions)`,
		out:  "((> x 0)\n (< x 9))\n",
	}, {
		name: "exit",
		in:   `(echo "a")(exit)(echo "b")`,
		out:  "a\n",
	}} {
		t.Run(tc.name, func(t *testing.T) {
			out, errs, n := runText(t, context.Background(), tc.in, Options{})
			require.Equal(t, tc.out, out)
			require.Equal(t, tc.errs, errs)
			require.Equal(t, strings.Count(tc.errs, "\n"), n)
		})
	}
}

// TestQuery checks that z3's (query q) answers sat when q is reachable,
// the opposite of check-sat on the clauses with (=> q false).
func TestQuery(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"(declare-rel E ())(rule E)(query E)", "sat\n"},
		{"(declare-rel E ())(declare-rel F ())(rule E)(query F)", "unsat\n"},
	} {
		out, errs, _ := runText(t, context.Background(), tc.in, Options{})
		require.Empty(t, errs)
		require.Equal(t, tc.want, out, tc.in)
	}
}

// TestVersion runs the one option in both settings.
func TestVersion(t *testing.T) {
	for _, tc := range []struct{ version, want string }{
		{"", "(:version \"unknown\")\n"},
		{"1.2.3", "(:version \"1.2.3\")\n"},
	} {
		out, _, _ := runText(t, context.Background(), "(get-info :version)", Options{Version: tc.version})
		require.Equal(t, tc.want, out)
	}
}

// TestCanceled checks that a canceled context gives unknown, with the
// reason, and that the script runs on.
func TestCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	out, errs, n := runText(t, ctx, `(declare-const x Int)
(assert (> x 0))
(check-sat)
(get-info :reason-unknown)
(echo "after")`, Options{})
	require.Zero(t, n, errs)
	require.Equal(t, "unknown\n(:reason-unknown \"canceled\")\nafter\n", out)
}

// TestInterleaving writes responses and errors to one writer: each error
// comes after the responses of the commands before it.
func TestInterleaving(t *testing.T) {
	st := term.NewStore()
	s, err := smtlib.Parse("in.smt2", strings.NewReader(`(echo "1")(get-model)(echo "2")`), st)
	require.NoError(t, err)
	var b bytes.Buffer
	require.Equal(t, 1, New(st, &b, &b, Options{}).Run(context.Background(), s))
	require.Equal(t, "1\nin.smt2:1:11: get-model: no model available (the last check-sat did not answer sat)\n2\n", b.String())
}

// TestExec runs a session command by command from an smtlib.Reader, as
// an interactive front end does: each response is written when its
// command has run, and (exit) ends the session.
func TestExec(t *testing.T) {
	st := term.NewStore()
	r := smtlib.NewReader("in.smt2", strings.NewReader(`(declare-const x Int)
(assert (> x 2))
(check-sat)
(get-value (x))
(exit)
(check-sat)`), st)
	var out, errw bytes.Buffer
	x := New(st, &out, &errw, Options{})
	var responses []string
	for {
		c, err := r.Next()
		require.NoError(t, err)
		before := out.Len()
		more := x.Exec(context.Background(), &c)
		responses = append(responses, out.String()[before:])
		if !more {
			break
		}
	}
	require.Empty(t, errw.String())
	require.Equal(t, []string{"", "", "sat\n", "((x 3))\n", ""}, responses)
	require.Equal(t, 1, x.Stats().Checks)
}

// TestStats checks that Stats counts the checks of an Executor over
// its runs.
func TestStats(t *testing.T) {
	st := term.NewStore()
	var out, errw bytes.Buffer
	x := New(st, &out, &errw, Options{})
	s, err := smtlib.Parse("in.smt2", strings.NewReader("(declare-const p Bool)(assert p)(check-sat)(check-sat-assuming ((not p)))"), st)
	require.NoError(t, err)
	for range 2 {
		require.Zero(t, x.Run(context.Background(), s))
	}
	require.Equal(t, "sat\nunsat\nsat\nunsat\n", out.String())
	require.Equal(t, 4, x.Stats().Checks)
}

// pigeons is the pigeonhole formula of n+1 pigeons in n holes over
// Booleans: unsatisfiable, and exponentially hard for resolution.
func pigeons(n int) string {
	var b strings.Builder
	p := func(i, j int) string { return "p" + strconv.Itoa(i) + "_" + strconv.Itoa(j) }
	for i := 0; i <= n; i++ {
		b.WriteString("(assert (or")
		for j := 0; j < n; j++ {
			b.WriteString(" " + p(i, j))
		}
		b.WriteString("))\n")
	}
	for j := 0; j < n; j++ {
		for i := 0; i <= n; i++ {
			for k := i + 1; k <= n; k++ {
				b.WriteString("(assert (not (and " + p(i, j) + " " + p(k, j) + ")))\n")
			}
		}
	}
	var decls strings.Builder
	for i := 0; i <= n; i++ {
		for j := 0; j < n; j++ {
			decls.WriteString("(declare-const " + p(i, j) + " Bool)\n")
		}
	}
	return decls.String() + b.String()
}

// TestTimeoutOption checks that (set-option :timeout N) bounds each
// check-sat (N milliseconds, as in z3): a hard check-sat answers unknown
// with the reason timeout, the next one runs under the new bound.
func TestTimeoutOption(t *testing.T) {
	start := time.Now()
	out, errs, n := runText(t, context.Background(), "(set-option :timeout 100)\n"+pigeons(11)+
		"(check-sat)\n(get-info :reason-unknown)\n(set-option :timeout 0)\n(get-info :reason-unknown)\n(echo \"done\")", Options{})
	require.Zero(t, n, errs)
	require.Equal(t, "unknown\n(:reason-unknown \"timeout\")\n(:reason-unknown \"timeout\")\ndone\n", out)
	require.Less(t, time.Since(start), 5*time.Second)

	out, errs, n = runText(t, context.Background(), "(get-info :reason-unknown)(set-option :timeout -1)(check-sat)(get-info :reason-unknown)", Options{})
	require.Equal(t, 1, n)
	require.Contains(t, errs, "in.smt2:1:27: set-option :timeout: expected a number of milliseconds, got -1")
	require.Equal(t, "(:reason-unknown \"no check-sat was answered\")\nsat\n(:reason-unknown \"\")\n", out)
}
