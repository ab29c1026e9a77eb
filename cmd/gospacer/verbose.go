package main

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
)

// verbosity is the flag.Value of -v: -v alone is level 1, -v=N level N.
type verbosity int

func (v *verbosity) String() string {
	if v == nil {
		return "0"
	}
	return strconv.Itoa(int(*v))
}

func (v *verbosity) Set(s string) error {
	switch s {
	case "true":
		*v = 1
		return nil
	case "false":
		*v = 0
		return nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return fmt.Errorf("expected a level 0, 1, 2 or 3, got %s", s)
	}
	*v = verbosity(n)
	return nil
}

// IsBoolFlag lets -v stand alone.
func (v *verbosity) IsBoolFlag() bool { return true }

// A logWriter is standard error as the CLI writes it, with the engines'
// progress lines (the writer of engineLog) at the level of -v:
//
//   - level 1 passes the pipeline's lines (solve: ..., ; ...) and keeps
//     only the last progress line of each engine (or portfolio member),
//     written before anything else is (the next solve, the answer's
//     reason, the statistics) or at Flush: a few lines in all;
//   - level 2 and above pass every line (one per level or iteration).
//
// Portfolio members write concurrently: a mutex orders whole lines.
type logWriter struct {
	mu      sync.Mutex
	w       io.Writer
	level   int
	partial []byte        // the engines' unfinished line
	pending []pendingLine // level 1: the last line of each engine, in order of first appearance
}

// A pendingLine is the last progress line of one engine.
type pendingLine struct {
	prefix, line string
}

// Write writes p as is, after the pending progress lines.
func (l *logWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.flushLocked()
	return l.w.Write(p)
}

// Flush writes the pending progress lines.
func (l *logWriter) Flush() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.partial) > 0 {
		l.line(string(l.partial) + "\n")
		l.partial = l.partial[:0]
	}
	l.flushLocked()
}

func (l *logWriter) flushLocked() {
	for _, p := range l.pending {
		_, _ = io.WriteString(l.w, p.line)
	}
	l.pending = l.pending[:0]
}

// engineLog is the writer for the engines' progress (chc.Options.Verbose):
// nil below level 1.
func (o options) engineLog() io.Writer {
	if o.log == nil || o.log.level < 1 {
		return nil
	}
	return engineWriter{o.log}
}

// engineTrace is where the engines' trace goes without --trace: standard
// error at level 3, else nowhere.
func (o options) engineTrace() io.Writer {
	if o.log == nil || o.log.level < 3 {
		return nil
	}
	return engineWriter{o.log}
}

// engineWriter is the engines' side of a logWriter.
type engineWriter struct{ l *logWriter }

func (e engineWriter) Write(p []byte) (int, error) {
	l := e.l
	l.mu.Lock()
	defer l.mu.Unlock()
	l.partial = append(l.partial, p...)
	for {
		i := bytes.IndexByte(l.partial, '\n')
		if i < 0 {
			break
		}
		l.line(string(l.partial[:i+1]))
		l.partial = l.partial[i+1:]
	}
	if len(l.partial) == 0 {
		l.partial = nil // do not keep a large buffer alive
	}
	return len(p), nil
}

// line handles one whole line of the engines' side.
func (l *logWriter) line(s string) {
	if l.level >= 2 {
		_, _ = io.WriteString(l.w, s)
		return
	}
	body := s
	if strings.HasPrefix(body, "[") {
		if _, after, ok := strings.Cut(body, "] "); ok {
			body = after
		}
	}
	if strings.HasPrefix(body, "solve: ") || strings.HasPrefix(body, ";") {
		l.flushLocked()
		_, _ = io.WriteString(l.w, s)
		return
	}
	prefix, _, ok := strings.Cut(s, ": ")
	if !ok {
		prefix = ""
	}
	for i := range l.pending {
		if l.pending[i].prefix == prefix {
			l.pending[i].line = s
			return
		}
	}
	l.pending = append(l.pending, pendingLine{prefix, s})
}
