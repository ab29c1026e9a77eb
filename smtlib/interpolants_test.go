package smtlib

import (
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// TestGetInterpolants reads SMTInterpol's partitions: sequences, (and ...)
// groups and subtrees, and prints them back.
func TestGetInterpolants(t *testing.T) {
	for _, tc := range []struct {
		in      string
		parts   [][]string
		parents []int
	}{
		{"(get-interpolants A B)", [][]string{{"A"}, {"B"}}, []int{1, -1}},
		{"(get-interpolants A B C D)", [][]string{{"A"}, {"B"}, {"C"}, {"D"}}, []int{1, 2, 3, -1}},
		{"(get-interpolants (and A B) C)", [][]string{{"A", "B"}, {"C"}}, []int{1, -1}},
		{"(get-interpolants A B (C D) E)", [][]string{{"A"}, {"B"}, {"C"}, {"D"}, {"E"}}, []int{1, 4, 3, 4, -1}},
		{"(get-interpolants A (B) (C) D)", [][]string{{"A"}, {"B"}, {"C"}, {"D"}}, []int{3, 3, 3, -1}},
	} {
		s, err := Parse("t.smt2", strings.NewReader(tc.in), term.NewStore())
		require.NoError(t, err, tc.in)
		c := s.Commands[0]
		require.Equal(t, GetInterpolants, c.Kind)
		require.Equal(t, tc.parts, c.Parts, tc.in)
		require.Equal(t, tc.parents, c.Parents, tc.in)
		var b strings.Builder
		require.NoError(t, WriteCommand(&b, &c))
		require.Equal(t, tc.in, b.String())
	}
	for _, in := range []string{"(get-interpolants A)", "(get-interpolants)", "(get-interpolants A (B))", "(get-interpolants A (and) B)", "(get-interpolants 1 B)"} {
		_, err := Parse("t.smt2", strings.NewReader(in), term.NewStore())
		require.Error(t, err, in)
	}
}
