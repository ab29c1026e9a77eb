package chc

import (
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// A Stat is one named statistic of a run. Names are lower case words
// joined by hyphens, under a dot-separated prefix naming who counted
// (spacer.lemmas, solve.check-time); a value is an integer, a float, a
// time.Duration (printed in seconds) or a short string.
type Stat struct {
	Name  string
	Value any
}

// statName is the shape of a Stat name.
var statName = regexp.MustCompile(`^[a-z][a-z0-9-]*(\.[a-z0-9][a-z0-9-]*)*$`)

// ValidStatName reports whether name has the shape of a Stat name.
func ValidStatName(name string) bool { return statName.MatchString(name) }

// WriteStats prints stats as z3 does: one s-expression of keywords and
// values, one per line,
//
//	(:solve.engine spacer
//	 :spacer.levels 4
//	 :time 0.017)
//
// Durations are seconds with three decimals; strings that are not
// symbols are quoted.
func WriteStats(w io.Writer, stats []Stat) error {
	var b strings.Builder
	b.WriteByte('(')
	for i, s := range stats {
		if i > 0 {
			b.WriteString("\n ")
		}
		b.WriteByte(':')
		b.WriteString(s.Name)
		b.WriteByte(' ')
		b.WriteString(statValue(s.Value))
	}
	b.WriteString(")\n")
	_, err := io.WriteString(w, b.String())
	return err
}

var symbolish = regexp.MustCompile(`^[A-Za-z0-9._+-]+$`)

func statValue(v any) string {
	switch v := v.(type) {
	case time.Duration:
		return strconv.FormatFloat(v.Seconds(), 'f', 3, 64)
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	case float32:
		return strconv.FormatFloat(float64(v), 'f', -1, 32)
	case string:
		if symbolish.MatchString(v) {
			return v
		}
		return `"` + strings.ReplaceAll(v, `"`, `""`) + `"`
	}
	s := fmt.Sprint(v)
	if symbolish.MatchString(s) {
		return s
	}
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}
