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

// runPatiently runs the CLI with -t 1 and, when ok rejects what it
// printed, once more with -t 30: a loaded machine may not give an engine
// the time for its first progress line (or its statistics) in a second.
func runPatiently(t *testing.T, ok func(code int, out, errs string) bool, args ...string) (code int, out, errs string) {
	for _, secs := range []string{"1", "30"} {
		code, out, errs = runCLI(t, "", append([]string{"-t", secs}, args...)...)
		if ok(code, out, errs) {
			break
		}
	}
	return code, out, errs
}

// progressLines counts the engines' progress lines in errs.
func progressLines(errs string) int {
	lines := 0
	for _, l := range strings.Split(errs, "\n") {
		if progressLine.MatchString(l) && !strings.HasPrefix(l, "solve: ") {
			lines++
		}
	}
	return lines
}

func TestFlagVerbose(t *testing.T) {
	for _, name := range engineNames() {
		for _, file := range examples {
			_, _, errs := runPatiently(t, func(_ int, _, errs string) bool { return progressLines(errs) > 0 },
				"--engine", name, "-v=2", file)
			require.Positive(t, progressLines(errs), "%s on %s: no progress line:\n%s", name, file, errs)
		}
	}
}

// TestVerbosityLevels: -v (level 1) prints the phase, the last progress
// line of the engine and nothing per level; -v=2 and z3's -v:2 a line per
// level; -v=3 the trace too. Spacer solves the counter in a fixed number
// of levels, whatever the machine.
func TestVerbosityLevels(t *testing.T) {
	file := "../../examples/counter.smt2"
	spacerLines := func(errs string) []string {
		var ls []string
		for _, l := range strings.Split(errs, "\n") {
			if strings.HasPrefix(l, "spacer: level ") {
				ls = append(ls, l[:strings.LastIndexByte(l, ' ')]) // without the time
			}
		}
		return ls
	}
	_, out, quiet := runCLI(t, "", file)
	require.Equal(t, "sat\n", out)
	require.Empty(t, quiet)

	_, out, v1 := runCLI(t, "", "-v", file)
	require.Equal(t, "sat\n", out)
	_, _, v2 := runCLI(t, "", "-v=2", file)
	_, _, z3v2 := runCLI(t, "", "-v:2", file)
	_, _, v3 := runCLI(t, "", "-v=3", file)
	levels := spacerLines(v2)
	require.Greater(t, len(levels), 2, v2)
	require.Len(t, spacerLines(z3v2), len(levels), "-v:2 is -v=2")
	require.Equal(t, []string{levels[len(levels)-1]}, spacerLines(v1), "-v: the last progress line only")
	require.True(t, strings.HasPrefix(v1, "solve: 1 predicates, 3 clauses"), v1)
	require.LessOrEqual(t, strings.Count(v1, "\n"), 3, "-v is short:\n%s", v1)
	require.NotContains(t, v2, "spacer: lemma ", "-v=2 has no trace")
	require.Len(t, spacerLines(v3), len(levels))
	require.Contains(t, v3, "\nspacer: lemma ", "-v=3 has the trace")
	_, _, z3v1 := runCLI(t, "", "-v:1", file)
	require.Equal(t, spacerLines(v1), spacerLines(z3v1))
	_, _, z3v0 := runCLI(t, "", "-v:0", file)
	require.Empty(t, z3v0)
}

func TestFlagTrace(t *testing.T) {
	dir := t.TempDir()
	for _, name := range engineNames() {
		for i, file := range examples {
			path := filepath.Join(dir, name+string(rune('a'+i)))
			code, _, errs := runPatiently(t, func(int, string, string) bool {
				data, err := os.ReadFile(path)
				return err == nil && len(data) > 0
			}, "--engine", name, "--trace", path, file)
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
			// an engine that does not stop within the grace (a loaded
			// machine) leaves no statistics of its own: then again with
			// more time
			code, _, errs := runPatiently(t, func(_ int, _, errs string) bool {
				return !strings.Contains(errs, "did not stop in time")
			}, "--engine", name, "--stats", file)
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
