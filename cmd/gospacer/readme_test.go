package main

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/engines"
	"github.com/stretchr/testify/require"
)

// readmeSection is the text of the README section titled title, up to the
// next section.
func readmeSection(t *testing.T, title string) string {
	data, err := os.ReadFile("../../README.md")
	require.NoError(t, err)
	_, rest, ok := strings.Cut(string(data), "\n## "+title+"\n")
	require.True(t, ok, "README has no section %q", title)
	section, _, _ := strings.Cut(rest, "\n## ")
	return section
}

var backticked = regexp.MustCompile("`([^`]*)`")

// TestSupportedInput runs every example of the README's list of supported
// input through the command line and checks the answers, or the error
// (an (error "line 1 column C: ...") response, exit code 1) the list
// names.
func TestSupportedInput(t *testing.T) {
	rows := 0
	for _, line := range strings.Split(readmeSection(t, "Supported input"), "\n") {
		if !strings.HasPrefix(line, "| ") || strings.HasPrefix(line, "| input |") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "| "), " | ")
		require.Len(t, cells, 3, "row %q", line)
		what, example, want := cells[0], cells[1], cells[2]
		require.True(t, strings.HasPrefix(example, "`") && strings.HasSuffix(example, "`"), "example of %q", what)
		example = strings.Trim(example, "`")
		rows++
		t.Run(what, func(t *testing.T) {
			code, out, errs := runCLI(t, example, "-t", "20", "-")
			if msg, ok := strings.CutPrefix(want, "error "); ok {
				require.Equal(t, 1, code, "stdout %q, stderr %q", out, errs)
				require.True(t, strings.HasPrefix(out, `(error "line 1 column `), out)
				require.Contains(t, out, strings.Trim(msg, "`"))
				require.NotRegexp(t, `(?m)^(sat|unsat)$`, out)
				return
			}
			var answers []string
			for _, m := range backticked.FindAllStringSubmatch(want, -1) {
				answers = append(answers, m[1])
			}
			require.NotEmpty(t, answers)
			require.Contains(t, []int{0, 1}, code, errs)
			got := answerLine.FindAllString(out, -1)
			require.Equal(t, answers, got, "stdout %q, stderr %q", out, errs)
		})
	}
	require.GreaterOrEqual(t, rows, 20)
}

// TestUsageAgrees checks the README's usage block against --help: every
// flag is listed, and both name the same default engine.
func TestUsageAgrees(t *testing.T) {
	usage := readmeSection(t, "Usage")
	code, help, _ := runCLI(t, "", "--help")
	require.Equal(t, 0, code)
	flags := regexp.MustCompile(`(?m)^  -([a-z-]+)`).FindAllStringSubmatch(help, -1)
	require.Greater(t, len(flags), 10)
	for _, f := range flags {
		require.Regexp(t, `(^|\s)--?`+regexp.QuoteMeta(f[1])+`\b`, usage, "README's usage lacks -%s", f[1])
	}
	def := engines.DefaultEngine
	require.Contains(t, usage, def+" (default)")
	require.Contains(t, help, "(default "+def+")")
	require.Equal(t, strings.Count(help, "default "), strings.Count(help, "default "+def)+strings.Count(help, "default: "),
		"every default engine --help names is %s", def)
}
