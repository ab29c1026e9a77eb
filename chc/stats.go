package chc

import (
	"fmt"
	"io"
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

// ValidStatName reports whether name has the shape of a Stat name:
// words of lower-case letters, digits and hyphens joined by dots, each
// word starting with a letter or digit, the first with a letter
// (^[a-z][a-z0-9-]*(\.[a-z0-9][a-z0-9-]*)*$). A loop, not a regular
// expression: compiling one at package initialisation cost a tenth of
// a millisecond of every run of the command.
func ValidStatName(name string) bool {
	if name == "" || name[0] < 'a' || name[0] > 'z' {
		return false
	}
	wordStart := false // the previous byte was a dot
	for i := 1; i < len(name); i++ {
		c := name[i]
		switch {
		case c == '.':
			if wordStart {
				return false
			}
			wordStart = true
			continue
		case c == '-':
			if wordStart {
				return false
			}
		case c < '0' || c > '9' && c < 'a' || c > 'z':
			return false
		}
		wordStart = false
	}
	return !wordStart
}

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

// symbolish reports whether s is printed bare: one or more of
// A-Za-z0-9._+- (^[A-Za-z0-9._+-]+$).
func symbolish(s string) bool {
	for i := range len(s) {
		switch c := s[i]; {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '.', c == '_', c == '+', c == '-':
		default:
			return false
		}
	}
	return s != ""
}

func statValue(v any) string {
	switch v := v.(type) {
	case time.Duration:
		return strconv.FormatFloat(v.Seconds(), 'f', 3, 64)
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	case float32:
		return strconv.FormatFloat(float64(v), 'f', -1, 32)
	case string:
		if symbolish(v) {
			return v
		}
		return `"` + strings.ReplaceAll(v, `"`, `""`) + `"`
	}
	s := fmt.Sprint(v)
	if symbolish(s) {
		return s
	}
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}
