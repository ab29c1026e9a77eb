package chc_test

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestStatNamesAndValues checks ValidStatName and the bare or quoted
// printing of WriteStats's string values against the regular
// expressions they stand for, on strings over the bytes that matter.
func TestStatNamesAndValues(t *testing.T) {
	name := regexp.MustCompile(`^[a-z][a-z0-9-]*(\.[a-z0-9][a-z0-9-]*)*$`)
	bare := regexp.MustCompile(`^[A-Za-z0-9._+-]+$`)
	alphabet := []rune("az9.-+Z \"")
	rapid.Check(t, func(t *rapid.T) {
		s := string(rapid.SliceOfN(rapid.SampledFrom(alphabet), 0, 8).Draw(t, "s"))
		if rapid.Bool().Draw(t, "name-like") { // words of letters and hyphens
			s = "a" + string(rapid.SliceOfN(rapid.SampledFrom([]rune("a9.-")), 0, 6).Draw(t, "rest"))
		}
		require.Equal(t, name.MatchString(s), chc.ValidStatName(s), "%q", s)
		var b bytes.Buffer
		require.NoError(t, chc.WriteStats(&b, []chc.Stat{{Name: "x", Value: s}}))
		want := `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
		if bare.MatchString(s) {
			want = s
		}
		require.Equal(t, "(:x "+want+")\n", b.String())
	})
}
