package script

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/itp"
	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

func runScript(t *testing.T, src string) (string, string) {
	t.Helper()
	st := term.NewStore()
	s, err := smtlib.Parse("t.smt2", strings.NewReader(src), st)
	require.NoError(t, err)
	var out, errw bytes.Buffer
	New(st, &out, &errw, Options{}).Run(context.Background(), s)
	return out.String(), errw.String()
}

// TestGetInterpolants asks for sequence and tree interpolants and checks
// each printed interpolant by reading it back and running itp.Check on
// its cut.
func TestGetInterpolants(t *testing.T) {
	const decls = `(set-option :produce-interpolants true)(set-logic QF_UFLIA)
(declare-fun x () Int)(declare-fun y () Int)(declare-fun z () Int)(declare-fun f (Int) Int)
(assert (! (and (<= x y) (= (f x) 1)) :named A))
(assert (! (and (<= y z) (= z x)) :named B))
(assert (! (= (f z) 2) :named C))
(check-sat)
`
	for _, tc := range []struct {
		query string
		cuts  [][2]string // for each interpolant: the A side, the B side
	}{
		{"(get-interpolants A B C)", [][2]string{{"A", "B C"}, {"A B", "C"}}},
		{"(get-interpolants (and A B) C)", [][2]string{{"A B", "C"}}},
		{"(get-interpolants A (B) C)", [][2]string{{"A", "B C"}, {"B", "A C"}}},
	} {
		out, errs := runScript(t, decls+tc.query)
		require.Empty(t, errs, tc.query)
		lines := strings.SplitN(out, "\n", 2)
		require.Equal(t, "unsat", lines[0])
		// Read the interpolants back as assertions over the same symbols.
		st := term.NewStore()
		back := strings.TrimSuffix(strings.TrimSpace(lines[1]), ")")
		back = strings.TrimPrefix(back, "(")
		src := decls[:strings.Index(decls, "(assert")]
		named := map[string]string{
			"A": "(and (<= x y) (= (f x) 1))", "B": "(and (<= y z) (= z x))", "C": "(= (f z) 2)",
		}
		s, err := smtlib.Parse("i.smt2", strings.NewReader(src+"(assert (and "+back+" true))"), st)
		require.NoError(t, err, back)
		is := s.Commands[len(s.Commands)-1].Term.Args()
		require.Len(t, is, len(tc.cuts)+1, back)
		for k, cut := range tc.cuts {
			side := func(names string) *term.Term {
				var fs []string
				for _, n := range strings.Fields(names) {
					fs = append(fs, named[n])
				}
				sc, err := smtlib.Parse("s.smt2", strings.NewReader(src+"(assert (and "+strings.Join(fs, " ")+" true))"), st)
				require.NoError(t, err)
				return sc.Commands[len(sc.Commands)-1].Term
			}
			require.NoError(t, itp.Check(st, side(cut[0]), side(cut[1]), is[k]), "%s: interpolant %d", tc.query, k)
		}
	}
}

func TestGetInterpolantsErrors(t *testing.T) {
	base := "(declare-fun p () Bool)(assert (! p :named A))(assert (! (not p) :named B))"
	for _, tc := range []struct{ src, msg string }{
		{base + "(check-sat)(get-interpolants A B)", "produce-interpolants"},
		{"(set-option :produce-interpolants true)" + base + "(get-interpolants A B)", "did not answer unsat"},
		{"(set-option :produce-interpolants true)" + base + "(check-sat)(get-interpolants A C)", "no assertion is named C"},
		{"(set-option :produce-interpolants true)" + base + "(check-sat)(get-interpolants A (and A B))", "A is in two partitions"},
		{"(set-option :produce-interpolants true)" + base + "(assert (! p :named C))(check-sat)(get-interpolants A B)", "C is in no partition"},
		{"(set-option :produce-interpolants true)" + base + "(assert p)(check-sat)(get-interpolants A B)", "every assertion must be named"},
	} {
		_, errs := runScript(t, tc.src)
		require.Contains(t, errs, tc.msg, tc.src)
	}
}
