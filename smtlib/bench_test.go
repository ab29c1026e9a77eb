package smtlib

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// benchDir holds the shared benchmark files: ../shared/bench beside the
// repository.
const benchDir = "../../shared/bench"

// brokenBench are bench files that are wrong upstream, with the error the
// reader must give.
var brokenBench = map[string]string{
	"chc/spacer-diverging/array_zero__flag.smt2": "array_zero__flag.smt2:30:9: cannot apply i: it is a term of sort Int, not a function",
}

// TestBench reads every .smt2 file of the benchmarks and checks that
// printing and reading back gives the same assertions.
func TestBench(t *testing.T) {
	if _, err := os.Stat(benchDir); err != nil {
		t.Skipf("no benchmarks at %s: %v", benchDir, err)
	}
	var files []string
	err := filepath.WalkDir(benchDir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".smt2") {
			files = append(files, path)
		}
		return err
	})
	require.NoError(t, err)
	require.NotEmpty(t, files)
	start := time.Now()
	var read, bytesRead int
	for _, path := range files {
		rel := filepath.ToSlash(strings.TrimPrefix(path, benchDir+"/"))
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		bytesRead += len(data)
		st := term.NewStore()
		s, err := Parse(filepath.Base(path), bytes.NewReader(data), st)
		if want, ok := brokenBench[rel]; ok {
			require.EqualError(t, err, want, rel)
			continue
		}
		if !assert.NoError(t, err, rel) {
			continue
		}
		read++
		checkRoundTrip(t, rel, st, s)
	}
	t.Logf("read and round-tripped %d of %d files (%d KB) in %v", read, len(files), bytesRead>>10, time.Since(start))
}

// checkRoundTrip prints s, reads it back into st and compares.
func checkRoundTrip(t *testing.T, name string, st *term.Store, s *Script) bool {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, WriteScript(&buf, s))
	s2, err := Parse(name+".out", bytes.NewReader(buf.Bytes()), st)
	if !assert.NoError(t, err, "%s: reading the printed script:\n%s", name, excerpt(buf.String(), err)) {
		return false
	}
	a, b := assertions(s), assertions(s2)
	if !assert.Equal(t, len(a), len(b), name) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			assert.Failf(t, "round trip changed an assertion", "%s: assertion %d:\n%v\nread back as\n%v", name, i, a[i], b[i])
			return false
		}
	}
	return true
}

func assertions(s *Script) []*term.Term {
	var ts []*term.Term
	for _, c := range s.Commands {
		switch c.Kind {
		case Assert, DefineFun:
			ts = append(ts, c.Term)
		case CheckSatAssuming, GetValue:
			ts = append(ts, c.Terms...)
		}
	}
	return ts
}

func excerpt(s string, err error) string {
	if len(s) > 2000 {
		return s[:2000] + "..."
	}
	return s
}

// BenchmarkParse reads the largest bench file.
func BenchmarkParse(b *testing.B) {
	data, err := os.ReadFile(benchDir + "/qf_lia/z3doc-arctic-matrix-constraint-357303.smt2")
	if err != nil {
		b.Skip(err)
	}
	benchmarkParse(b, data)
}

// BenchmarkParseLets reads a synthetic 5 MB script of nested lets, each
// binding a term over the previous ones.
func BenchmarkParseLets(b *testing.B) {
	var buf bytes.Buffer
	buf.WriteString("(set-logic QF_LIA)\n(declare-fun x () Int)\n")
	for buf.Len() < 5<<20 {
		buf.WriteString("(assert (let ((a0 (+ x 1)))")
		for i := 1; i < 1000; i++ {
			fmt.Fprintf(&buf, "\n (let ((a%d (+ a%d (* 2 a%d) %d)))", i, i-1, (i-1)/2, i+buf.Len())
		}
		buf.WriteString(" (> a999 0)" + strings.Repeat(")", 1000) + ")\n")
	}
	benchmarkParse(b, buf.Bytes())
}

func benchmarkParse(b *testing.B, data []byte) {
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse("bench", bytes.NewReader(data), term.NewStore()); err != nil {
			b.Fatal(err)
		}
	}
}
