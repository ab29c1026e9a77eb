package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/sat"
)

// cnfOptions are the CLI options for DIMACS CNF input.
type cnfOptions struct {
	Stats   bool          // print solver statistics to stderr
	Timeout time.Duration // 0 means none
	Proof   io.Writer     // DRAT proof output, may be nil
}

// runCNF solves the DIMACS CNF formula read from in and prints the answer
// in SAT-competition form to stdout. It returns the exit code: 10 for
// satisfiable, 20 for unsatisfiable, 0 for unknown, 2 for malformed input.
// name prefixes positions in error messages.
func runCNF(stdout, stderr io.Writer, in io.Reader, name string, opts cnfOptions) int {
	start := time.Now()
	f, err := sat.ParseDIMACS(bufio.NewReaderSize(in, 1<<16))
	if err != nil {
		var pe *sat.ParseError
		if errors.As(err, &pe) {
			fmt.Fprintf(stderr, "%s:%v\n", name, pe)
		} else {
			fmt.Fprintf(stderr, "%s: %v\n", name, err)
		}
		return 2
	}
	s := sat.New(sat.Options{DRAT: opts.Proof})
	for _, c := range f.Clauses {
		s.AddClause(c...)
	}
	// One-shot use: no variable is needed afterwards, so all may go.
	s.Eliminate()
	ctx := context.Background()
	if opts.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opts.Timeout)
		defer cancel()
	}
	res := s.Solve(ctx, nil)
	if res == sat.Sat {
		if i, ok := f.Check(s.Value); !ok {
			fmt.Fprintf(stderr, "%s: internal error: the model falsifies clause %d\n", name, i+1)
			res = sat.Unknown
		}
	}
	if opts.Proof != nil {
		if err := s.DRATErr(); err != nil {
			fmt.Fprintf(stderr, "%s: writing the DRAT proof: %v\n", name, err)
		}
	}
	w := bufio.NewWriter(stdout)
	code := 0
	switch res {
	case sat.Sat:
		code = 10
		w.WriteString("s SATISFIABLE\n")
		writeModel(w, s, max(f.Vars, s.NumVars()))
	case sat.Unsat:
		code = 20
		w.WriteString("s UNSATISFIABLE\n")
	default:
		w.WriteString("s UNKNOWN\n")
	}
	w.Flush()
	if opts.Stats {
		st := s.Stats()
		chc.WriteStats(stderr, []chc.Stat{
			{Name: "sat.conflicts", Value: st.Conflicts},
			{Name: "sat.decisions", Value: st.Decisions},
			{Name: "sat.propagations", Value: st.Propagations},
			{Name: "sat.restarts", Value: st.Restarts},
			{Name: "time", Value: time.Since(start)},
		})
	}
	return code
}

// writeModel prints the model as "v" lines of at most about 80 columns,
// ending with 0.
func writeModel(w *bufio.Writer, s *sat.Solver, n int) {
	line := make([]byte, 0, 96)
	line = append(line, 'v')
	for v := 1; v <= n; v++ {
		d := v
		if !s.Value(sat.Var(v).Pos()) {
			d = -v
		}
		if len(line) > 72 {
			line = append(line, '\n')
			w.Write(line)
			line = append(line[:0], 'v')
		}
		line = append(line, ' ')
		line = strconv.AppendInt(line, int64(d), 10)
	}
	line = append(line, " 0\n"...)
	w.Write(line)
}
