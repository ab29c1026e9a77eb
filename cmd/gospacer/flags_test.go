package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/stretchr/testify/require"
)

// The flags -v, --trace, --stats and --memory work the same for every
// registered engine.

// engineNames are the registered engines but the CLI tests' own.
func engineNames() []string {
	var names []string
	for _, e := range chc.Engines() {
		if e.Name != "cli-test" {
			names = append(names, e.Name)
		}
	}
	return names
}

var examples = []string{"../../examples/counter.smt2", "../../examples/unsafe.smt2"}

// progressLine is an engine's progress line, maybe prefixed by a
// portfolio member's name.
var progressLine = regexp.MustCompile(`(?m)^(\[[a-z0-9-]+\] )?[a-z0-9-]+: `)

func TestFlagVerbose(t *testing.T) {
	for _, name := range engineNames() {
		for _, file := range examples {
			_, _, errs := runCLI(t, "", "--engine", name, "-t", "1", "-v", file)
			lines := 0
			for _, l := range strings.Split(errs, "\n") {
				if progressLine.MatchString(l) && !strings.HasPrefix(l, "solve: ") {
					lines++
				}
			}
			require.Positive(t, lines, "%s on %s: no progress line:\n%s", name, file, errs)
		}
	}
}

func TestFlagTrace(t *testing.T) {
	dir := t.TempDir()
	for _, name := range engineNames() {
		for i, file := range examples {
			path := filepath.Join(dir, name+string(rune('a'+i)))
			code, _, errs := runCLI(t, "", "--engine", name, "-t", "1", "--trace", path, file)
			require.Equal(t, 0, code, errs)
			data, err := os.ReadFile(path)
			require.NoError(t, err)
			require.NotEmpty(t, data, "%s on %s: empty trace", name, file)
		}
	}
}

// statsLine is one line of the statistics: (:name value, :name value or
// :name value).
var statsLine = regexp.MustCompile(`^[( ]:([a-z0-9.-]+) ("[^"]*"|[^ ()"]+)\)?$`)

func TestFlagStats(t *testing.T) {
	for _, name := range engineNames() {
		for _, file := range examples {
			code, _, errs := runCLI(t, "", "--engine", name, "-t", "1", "--stats", file)
			require.Equal(t, 0, code, errs)
			lines := strings.Split(strings.TrimSpace(errs), "\n")
			require.Equal(t, "(:solve.engine "+name, lines[0], errs)
			require.True(t, strings.HasSuffix(lines[len(lines)-1], ")"), errs)
			own := 0
			for _, l := range lines {
				m := statsLine.FindStringSubmatch(l)
				require.NotNil(t, m, "%s on %s: not a statistics line: %q", name, file, l)
				require.True(t, chc.ValidStatName(m[1]), "%s: bad name %q", name, m[1])
				if strings.HasPrefix(m[1], name+".") {
					own++
				}
			}
			require.Positive(t, own, "%s on %s: no statistics of its own:\n%s", name, file, errs)
		}
	}
}

func TestFlagMemory(t *testing.T) {
	for _, name := range engineNames() {
		start := time.Now()
		code, out, errs := runCLI(t, "", "--engine", name, "-t", "20", "--memory", "1", "-v", "testdata/diverging.smt2")
		require.Equal(t, 0, code, errs)
		require.Equal(t, "unknown\n", out, name)
		require.Contains(t, errs, "; unknown: memory", name)
		require.Less(t, time.Since(start), 5*time.Second, name)
	}
}
