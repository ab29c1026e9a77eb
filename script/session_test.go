package script

import (
	"bufio"
	"context"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/stretchr/testify/require"
)

// TestSessionOptions sets and gets every standard option (and z3's
// :timeout and :rlimit), asks every standard get-info key, and checks
// the errors of values of the wrong kind.
func TestSessionOptions(t *testing.T) {
	s := NewSession(Options{Version: "1.2"})
	for _, name := range slices.Sorted(func(yield func(string) bool) {
		for k := range options {
			if !yield(k) {
				return
			}
		}
	}) {
		spec := options[name]
		resp, err := s.Exec("(get-option " + name + ")")
		require.NoError(t, err, name)
		require.Equal(t, spec.def+"\n", resp, name)
		v := map[optionKind]string{boolOption: "true", numeralOption: "0", stringOption: `"stdout"`}[spec.kind]
		if name == ":print-success" {
			v = "false"
		}
		resp, err = s.Exec("(set-option " + name + " " + v + ")")
		require.NoError(t, err, name)
		require.Empty(t, resp, name)
		resp, err = s.Exec("(get-option " + name + ")")
		require.NoError(t, err, name)
		require.Equal(t, v+"\n", resp, name)
		bad := map[optionKind]string{boolOption: "1", numeralOption: "true", stringOption: "stdout"}[spec.kind]
		resp, err = s.Exec("(set-option " + name + " " + bad + ")")
		require.Error(t, err, name)
		require.True(t, strings.HasPrefix(resp, `(error "line 1 column 1: set-option `+name), resp)
	}
	for _, c := range []struct{ in, out string }{
		{"(get-info :name)", `(:name "gospacer")`},
		{"(get-info :version)", `(:version "1.2")`},
		{"(get-info :authors)", `(:authors "the gospacer developers")`},
		{"(get-info :error-behavior)", `(:error-behavior continued-execution)`},
		{"(get-info :reason-unknown)", `(:reason-unknown "no check-sat was answered")`},
		{"(push 2)(get-info :assertion-stack-levels)(pop 1)", `(:assertion-stack-levels 2)`},
		{"(get-info :no-such-key)", `unsupported`},
		{"(get-option :no-such-option)", `unsupported`},
		{"(set-option :no-such-option 1)", `unsupported`},
		{"(set-option :timeout 10)(get-option :timeout)", `10`},
		{"(set-option :rlimit 5)", `(error "line 1 column 1: set-option :rlimit: resource limits are not supported (only 0, no limit); use :timeout")`},
		{"(set-option :regular-output-channel \"out.txt\")", `(error "line 1 column 1: set-option :regular-output-channel: only ""stdout"" is supported")`},
	} {
		resp, _ := s.Exec(c.in)
		require.Equal(t, c.out+"\n", resp, c.in)
	}
}

// TestSessionCommands: echo's literal, get-unsat-assumptions,
// get-assignment, define-fun-rec refused, declare-sort and define-sort,
// and exit.
func TestSessionCommands(t *testing.T) {
	s := NewSession(Options{})
	for _, c := range []struct{ in, out string }{
		{`(echo "say ""hi""")`, `"say ""hi"""`},
		{"(declare-const p Bool)(declare-const q Bool)(declare-const x Int)", ""},
		{"(assert (! (=> p (> x 0)) :named a1))(assert (! (=> q (< x 0)) :named a2))", ""},
		{"(check-sat-assuming (p q))", "unsat"},
		{"(get-unsat-assumptions)", "(p q)"},
		{"(check-sat-assuming ((not q) p (not p)))", "unsat"},
		{"(get-unsat-assumptions)", "(p (not p))"},
		{"(check-sat-assuming (p))", "sat"},
		{"(get-assignment)", "((a1 true) (a2 true))"},
		{"(get-unsat-assumptions)", `(error "line 1 column 1: get-unsat-assumptions: the last check-sat did not answer unsat")`},
		{"(push 1)", ""},
		{"(define-fun-rec f ((n Int)) Int (+ (f n) 1))", `(error "line 1 column 1: recursive definitions (define-fun-rec) are not supported")`},
		{"(check-sat)", "unknown"}, // the definition is an axiom, unsat here
		{"(assert (! (and p (not p)) :named a3))(check-sat)", "unsat"},
		{"(pop 1)", ""},
		{"(declare-sort U 0)(define-sort Pair () U)(declare-const u Pair)(declare-const v U)(assert (= u v))(check-sat)", "sat"},
		{"(exit)(check-sat)", ""},
	} {
		resp, _ := s.Exec(c.in)
		if c.out != "" {
			c.out += "\n"
		}
		require.Equal(t, c.out, resp, c.in)
	}
	require.True(t, s.Exited())
	_, err := s.Exec("(check-sat)")
	require.ErrorIs(t, err, ErrExited)
}

// TestSessionServe serves a pipe as a client drives it: one command at a
// time, each response awaited (with a deadline) before the next command
// is written.
func TestSessionServe(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := NewSession(Options{})
	done := make(chan int)
	go func() {
		n, _ := s.Serve(context.Background(), "<pipe>", inR, outW)
		outW.Close()
		done <- n
	}()
	lines := bufio.NewReader(outR)
	for _, c := range []struct{ in, out string }{
		{"(set-option :print-success true)", "success"},
		{"(declare-const x Int)", "success"},
		{"(assert (> x 2))", "success"},
		{"(check-sat)", "sat"},
		{"(assert (> y 2))", `(error "line 5 column 12: unknown symbol y")`},
		{"(assert (< x 2))", "success"},
		{"(check-sat)", "unsat"},
	} {
		_, err := io.WriteString(inW, c.in+"\n")
		require.NoError(t, err)
		got := make(chan string, 1)
		go func() {
			l, _ := lines.ReadString('\n')
			got <- l
		}()
		select {
		case l := <-got:
			require.Equal(t, c.out+"\n", l, c.in)
		case <-time.After(20 * time.Second):
			t.Fatalf("%s: no response", c.in)
		}
	}
	inW.Close()
	require.Equal(t, 1, <-done)
}

// TestSessionExecCommand runs commands read by the caller.
func TestSessionExecCommand(t *testing.T) {
	s := NewSession(Options{})
	rd := smtlib.NewReader("x.smt2", strings.NewReader("(declare-const x Int)(assert (> x 2))(check-sat)(get-model)"), s.Store())
	var out strings.Builder
	for {
		c, err := rd.Next()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		resp, err := s.ExecCommand(context.Background(), &c)
		require.NoError(t, err)
		out.WriteString(resp)
	}
	require.Equal(t, "sat\n(\n  (define-fun x () Int 3)\n)\n", out.String())
}

// BenchmarkExecSmall times a session fed one short command per Exec, as a
// client driving gospacer command by command does: each Exec reads its
// text with a lexer of its own.
func BenchmarkExecSmall(b *testing.B) {
	s := NewSession(Options{})
	if _, err := s.Exec("(declare-const x Int)"); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Exec("(push 1)(assert (> x 0))(pop 1)"); err != nil {
			b.Fatal(err)
		}
	}
}
