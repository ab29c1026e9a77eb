package sat

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/require"
)

func TestParseDIMACS(t *testing.T) {
	f, err := ParseDIMACS(strings.NewReader(
		"c a comment\r\np cnf 3 3\n1 -2 0\n  2 3\n0 -1\t0\nc trailing\n%\n0\n"))
	require.NoError(t, err)
	require.Equal(t, 3, f.Vars)
	require.Equal(t, [][]Lit{{Dimacs(1), Dimacs(-2)}, {Dimacs(2), Dimacs(3)}, {Dimacs(-1)}}, f.Clauses)

	f, err = ParseDIMACS(strings.NewReader("p cnf 0 0\n"))
	require.NoError(t, err)
	require.Empty(t, f.Clauses)

	// An empty clause is a clause.
	f, err = ParseDIMACS(strings.NewReader("p cnf 1 1\n0\n"))
	require.NoError(t, err)
	require.Len(t, f.Clauses, 1)
	require.Empty(t, f.Clauses[0])
}

func TestParseDIMACSErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", "1:1: missing \"p cnf\" header"},
		{"1 2 0\n", "1:1: clause before the \"p cnf\" header"},
		{"p cnf 2 1\n1 x 0\n", "2:3: unexpected 'x'"},
		{"p cnf 2 1\n1 2x 0\n", "2:4: unexpected 'x' in number"},
		{"p cnf 2 1\n1 - 2 0\n", "2:4: expected a digit, found ' '"},
		{"p cnf 2 1\n1 3 0\n", "2:3: variable 3 exceeds the header's 2"},
		{"p cnf 2 1\n1 -2", "2:1: clause not terminated by 0"},
		{"p dnf 2 1\n", "1:3: expected \"p cnf\" header, found 'd'"},
		{"p cnf 2\n", "1:8: expected a space, found end of line"},
		{"p cnf 2 1 7\n", "1:11: unexpected '7' after the header"},
		{"p cnf 2 1\np cnf 2 1\n", "2:1: second \"p\" header"},
		{"p cnf 99999999999 1\n", "1:7: number out of range (limit 268435455)"},
		{"p cnf 2 1\n1 99999999999 0\n", "2:3: number out of range (limit 268435455)"},
		{"p cnf 2 1\n\x00", "2:1: unexpected byte 0x00"},
		{"p cnf 2 1\n1 -", "2:4: expected a digit, found end of input"},
	}
	for _, tc := range tests {
		_, err := ParseDIMACS(strings.NewReader(tc.in))
		var pe *ParseError
		require.True(t, errors.As(err, &pe), "%q: %v", tc.in, err)
		require.Equal(t, tc.want, err.Error(), "%q", tc.in)
	}
}

func TestReadDIMACSIntoSolver(t *testing.T) {
	s := New(Options{})
	require.NoError(t, s.ReadDIMACS(iotest.OneByteReader(strings.NewReader("p cnf 2 3\n1 2 0\n-1 0\n-2 1 0\n")))) // unsat
	require.Equal(t, Unsat, solve(s))

	// Read errors come back unchanged.
	boom := errors.New("boom")
	_, err := ParseDIMACS(iotest.ErrReader(boom))
	require.ErrorIs(t, err, boom)
}

// FuzzDIMACS checks that the reader never panics and that whatever it
// accepts the solver decides correctly: models satisfy the clauses, and
// small formulas agree with brute force.
func FuzzDIMACS(f *testing.F) {
	f.Add([]byte("p cnf 3 2\n1 -3 0\n2 3 -1 0\n"))
	f.Add([]byte("c\np cnf 1 2\n1 0\n-1 0\n"))
	f.Add([]byte("p cnf 0 0\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		cnf, err := ParseDIMACS(bytes.NewReader(data))
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Line < 1 || pe.Col < 1 {
				t.Fatalf("bad error %v", err)
			}
			return
		}
		s := New(Options{Proof: true})
		for _, c := range cnf.Clauses {
			s.AddClause(c...)
		}
		s.SetBudget(2000, 0)
		res := solve(s)
		if res == Sat {
			if i, ok := cnf.Check(s.Value); !ok {
				t.Fatalf("model falsifies clause %d", i)
			}
		}
		if s.NumVars() <= 16 && res != Unknown {
			if want := bruteSat(s.NumVars(), cnf.Clauses, nil); want != (res == Sat) {
				t.Fatalf("Solve = %v, brute force sat = %v", res, want)
			}
		}
		if res == Unsat {
			p := s.Proof()
			checkProof(t, p, p.Final(), func(ClauseID) {})
		}
	})
}
