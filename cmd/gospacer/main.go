// Command gospacer reads SMT-LIB 2.6 scripts (including CHC problems in the
// HORN logic) and DIMACS CNF files.
//
//	gospacer [options] FILE.smt2|FILE.cnf   (- reads standard input)
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/engines"
)

var version = "0.1.0-dev"

const usage = `usage: gospacer [options] FILE [options]

FILE is an SMT-LIB 2.6 script (.smt2, including (set-logic HORN) CHC
problems) or a DIMACS CNF file (.cnf); - reads an SMT-LIB script from
standard input (--cnf for DIMACS). Options may come before or after
FILE; z3's spellings -T:SECONDS, -t:MILLISECONDS, -st, -v:N, -in and
-smt2 are accepted too.

Each command of a script is executed as soon as it is read and its
response written before the next is read: gospacer -in serves a client
on a pipe, one command at a time. A command that fails (one that does
not read, an unknown symbol, a sort error) gets the response
(error "line L column C: message") and the script goes on; a syntax
error the reader cannot resume after ends it.

Exit codes: 0 every command succeeded (whatever the answers, unknown
too, and a script with nothing to answer: empty, or HORN without
check-sat, which a warning on standard error reports); 1 a command of
the script failed; 2 bad options, or a file that cannot be opened.

Options:
`

// usageHint ends the message of a usage error.
const usageHint = "see gospacer --help"

type options struct {
	parseOnly bool
	stats     bool
	cnf       bool
	timeout   time.Duration
	deadline  time.Time // start + timeout: -t bounds reading too (zero: none)
	drat      string
	profile   string
	file      string
	// CHC options
	engine   string
	model    bool
	cex      bool
	validate bool
	verbose  bool // verbosity >= 1
	// verbosity is the level of -v: 1 the phases, the last progress line
	// of each engine and the reason of unknown; 2 every progress line; 3
	// the engine's trace too (unless --trace sends it to a file)
	verbosity int
	log       *logWriter // standard error, and the engines' progress at the level of -v
	trace     string
	memoryMB  int
	params    map[string]string // --opt engine.name=value
	cores     int               // -j (0: GOMAXPROCS)
}

func main() {
	tuneGC()
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is the whole CLI; it returns the exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	start := time.Now()
	var o options
	fs := flag.NewFlagSet("gospacer", flag.ContinueOnError)
	// The flag package's own messages are replaced: a usage error is one
	// line and a hint, --help the whole text on standard output.
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	usageError := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "gospacer: "+format+"\n%s\n", append(args, usageHint)...)
		return 2
	}
	fs.BoolVar(&o.parseOnly, "parse-only", false, "read and sort-check the input, print a summary line")
	fs.BoolVar(&o.stats, "stats", false, "print statistics to standard error")
	fs.BoolVar(&o.cnf, "cnf", false, "read the input as DIMACS CNF whatever its name")
	secs := fs.Float64("t", 0, "timeout in `seconds` (0: none); on timeout the answer is unknown")
	fs.StringVar(&o.drat, "drat", "", "write a DRAT proof of unsatisfiability to `file` (CNF input)")
	fs.StringVar(&o.profile, "cpuprofile", "", "write a CPU profile to `file` (for go tool pprof)")
	fs.StringVar(&o.engine, "engine", "", "CHC engine: `name`, one of the list below (default "+engines.DefaultEngine+")")
	fs.Func("opt", "CHC: an engine's parameter, `NAME=VALUE` (repeatable; the list below)", func(s string) error {
		eo := chc.Options{Params: o.params}
		if err := eo.ParseParam(s); err != nil {
			return err
		}
		o.params = eo.Params
		return nil
	})
	fs.BoolVar(&o.model, "model", false, "CHC: print the model after sat (once: not when the script has its own get-model)")
	fs.BoolVar(&o.cex, "cex", false, "CHC: print the counterexample derivation after unsat")
	fs.BoolVar(&o.validate, "validate", false, "CHC: report the check of the witness on the input system (witnesses are always checked)")
	fs.Var((*verbosity)(&o.verbosity), "v", "CHC: progress on standard error at `level` 1 (-v: the phases, each engine's last progress line, the reason of unknown), 2 (-v=2: every level or iteration of the engine) or 3 (-v=3: the engine's trace too)")
	fs.StringVar(&o.trace, "trace", "", "CHC: write the engine's lemma and obligation log to `file`")
	fs.IntVar(&o.cores, "j", 0, "CHC: the `cores` to use (0: GOMAXPROCS); the portfolio's members grow with them (4, 8), and the engine run without --engine may depend on them")
	fs.IntVar(&o.memoryMB, "memory", 0, "CHC: answer unknown once the heap exceeds `MB` megabytes, collecting garbage to stay under 90% of it (0: no bound)")
	showVersion := fs.Bool("version", false, "print the version and exit")
	args, err := z3Spellings(args)
	if err != nil {
		return usageError("%v", err)
	}
	files, err := parseInterleaved(fs, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, usage)
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			printEngines(stdout)
			return 0
		}
		return usageError("%v", err)
	}
	if o.cores < 0 {
		return usageError("-j %d: the cores must be at least 1 (0: GOMAXPROCS)", o.cores)
	}
	if *showVersion {
		fmt.Fprintln(stdout, "gospacer", version)
		return 0
	}
	switch len(files) {
	case 0:
		return usageError("no FILE (- reads standard input)")
	case 1:
	default:
		return usageError("expected one FILE, got %d: %s", len(files), strings.Join(files, " "))
	}
	if o.memoryMB < 0 {
		return usageError("--memory must not be negative")
	}
	if o.memoryMB > 0 {
		// The garbage collector works to keep the heap under 90% of the
		// bound, rather than let it reach twice the live data first.
		debug.SetMemoryLimit(int64(o.memoryMB) << 20 * 9 / 10)
	}
	if *secs < 0 {
		return usageError("-t must not be negative")
	}
	o.timeout = time.Duration(*secs * float64(time.Second))
	if o.timeout > 0 {
		o.deadline = start.Add(o.timeout)
	}
	if err := checkParams(o.params); err != nil {
		return usageError("%v", err)
	}
	o.file = files[0]
	o.verbose = o.verbosity >= 1
	o.log = &logWriter{w: stderr, level: o.verbosity}
	defer o.log.Flush()
	stderr = o.log

	in := stdin
	name := "<stdin>"
	if o.file != "-" {
		f, err := os.Open(o.file)
		if err != nil {
			fmt.Fprintln(stderr, "gospacer:", err)
			return 2
		}
		defer f.Close()
		in, name = f, o.file
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			hugeHeap(st.Size(), o.memoryMB)
		}
	}
	if o.profile != "" {
		stop, err := startProfile(o.profile)
		if err != nil {
			fmt.Fprintln(stderr, "gospacer:", err)
			return 2
		}
		defer stop()
	}
	if o.cnf || strings.HasSuffix(strings.ToLower(o.file), ".cnf") {
		return runDIMACS(stdout, stderr, in, name, o)
	}
	return runSMT(stdout, stderr, in, name, o)
}

// parseInterleaved parses flags before and after the positional
// arguments, which it returns: the flag package stops at the first
// argument that is not a flag, and users type options after the file as
// z3 accepts them. Everything after "--" is positional.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var files []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return files, nil
		}
		if used := len(args) - len(rest); used > 0 && args[used-1] == "--" {
			return append(files, rest...), nil
		}
		files = append(files, rest[0])
		args = rest[1:]
	}
}

// z3Spellings rewrites z3's spellings of options into ours: -T:N (a
// timeout of N seconds), -t:N (N milliseconds), -st (statistics), -v:N
// (verbosity -v=N), -in (standard input); -smt2 (the input format) is
// dropped.
func z3Spellings(args []string) ([]string, error) {
	out := make([]string, 0, len(args))
	for i, a := range args {
		if a == "--" {
			return append(out, args[i:]...), nil
		}
		name, value, colon := strings.Cut(a, ":")
		switch {
		case a == "-st":
			out = append(out, "--stats")
		case a == "-smt2":
		case a == "-in":
			out = append(out, "-")
		case colon && (name == "-T" || name == "-t"):
			n, err := strconv.ParseFloat(value, 64)
			if err != nil || n < 0 {
				return nil, fmt.Errorf("%s: expected a non-negative number", a)
			}
			if name == "-t" {
				n /= 1000
			}
			out = append(out, "-t", strconv.FormatFloat(n, 'g', -1, 64))
		case colon && name == "-v":
			if n, err := strconv.Atoi(value); err != nil || n < 0 {
				return nil, fmt.Errorf("%s: expected a non-negative integer", a)
			} else if n > 0 {
				out = append(out, "-v="+value)
			}
		default:
			out = append(out, a)
		}
	}
	return out, nil
}

// context is the context of the run: it ends at the deadline of -t,
// counted from the start of the program.
func (o options) context() (context.Context, context.CancelFunc) {
	if o.deadline.IsZero() {
		return context.WithCancel(context.Background())
	}
	return context.WithDeadline(context.Background(), o.deadline)
}

// startProfile writes a CPU profile to file until the returned stop runs.
func startProfile(file string) (stop func(), err error) {
	f, err := os.Create(file)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}

// printEngines lists the registered CHC engines and their parameters.
func printEngines(w io.Writer) {
	fmt.Fprintf(w, "\nCHC engines (--engine NAME; default %s) and their parameters (--opt NAME=VALUE):\n", engines.DefaultEngine)
	for _, e := range chc.Engines() {
		fmt.Fprintf(w, "  %-10s %s\n", e.Name, e.Summary)
		for _, p := range e.Params {
			fmt.Fprintf(w, "      %s=%s\n          %s\n", p.Name, p.Default, p.Usage)
		}
	}
}
