package portfolio

import (
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
)

// DefaultMembers is the default value of portfolio.members: each entry
// NAME, NAME:SHARE or either with @DELAY, SHARE the fraction of the time
// the member may use, DELAY how long it waits before it starts (a Go
// duration, or seconds). Spacer is the best single engine on every dev
// folder; pdkind (linear systems only: on others it answers unknown at
// once) adds the files Spacer misses on lia-lin and lra-ts; CLOVER
// answers in a fraction of a second five small lia-lin loops (phases,
// mutants, multipliers) that Spacer, z3 and Golem leave at 10 s; BAM
// answers in under a second llreve array files that every other engine
// and z3 leave at 10 s. CLOVER and BAM get a fifth of the time each, so
// that on the files they do not solve they cost Spacer little, and all
// three start after 50 ms, so that the easy files, which Spacer answers
// first, pay nothing for them. See the README for the measurement.
const DefaultMembers = "spacer,pdkind@50ms,clover:0.2@50ms,bam:0.2@50ms"

// BitVecMembers are the default members on a system with bit-vector
// sorts (Bit-vectors): Spacer over bits and the integer reading of the
// bit-vectors (engines/bvint) with Spacer, each for the whole time, and
// PDKind on the integers and bmc over bits for a fifth of it. Each engine
// alone on the 22 files of ../shared/bench-next/chc/bv that the portfolio
// answers in more than 0.5 s or not at all (10 s, the 2-core machine
// loaded about tenfold): Spacer 9, bvint 10 (2 no other answers: dillig
// 39 and array_max-1, both in 5 s), bmc 7, bvint-pdkind 6, bvint-kind 6;
// none of bvint-kind's, and of bmc's and bvint-pdkind's only short ones
// (reve 019b-horn and 014c-horn, simple_if, in under 0.5 s), so those two
// stop after a fifth of the time and leave both cores to the members
// that answer late, and bvint-kind is left out.
const BitVecMembers = "spacer,bvint@50ms,bvint-pdkind:0.2@50ms,bmc:0.2@50ms"

// DatatypeMembers are the default members on a system with datatype sorts
// (Datatypes): Spacer, then bmc, which finds short counterexamples over
// lists and trees that Spacer's generalisation, lacking invariants over the
// size of a term, can miss at a low level (bmc answered
// tip-adt-lia__false_productive_use_of_failure_rot_bogus in 0.07 s, which
// Spacer left at 10 s before mbp.Options.DatatypeEqualities). bmc gets a
// tenth of the time: with a third, Spacer lost a sat file it answers in
// 7.5 s alone (false_hotel_key_safe1, 10 s, a loaded machine). The
// catamorphism engine (engines/catamorphism) answers `sat` systems whose
// invariants speak of the sizes, sums and heights of the data, which
// Spacer cannot write: with it, ADT-LIA of ../shared/bench-next/chc/adt
// went from 12 to 18 of 25 (10 s, 0 wrong; see the README).
const DatatypeMembers = "spacer,catamorphism@50ms,bmc:0.1@50ms"

// Members4 are the default members on 4 to 7 cores, and Members8 on 8
// or more (CHC-COMP's machines): each member on a core of its own, so no
// shares; the others start after 50 ms, so that the easy files, which
// Spacer answers first, pay nothing for them. bench/portfolio-sim.sh chose
// them greedily from each engine's runs alone on lia-lin, lra-ts and
// arrays (2026-11-29, 5 s, see the README's "Portfolios on N cores"):
// with 4 members 84 of 120 files where Spacer alone answers 73, pdkind,
// CLOVER and kind adding the most; 8 cores add bmc and BAM, the other
// engines swept, which add no file there but answer some sooner (the
// geometric mean of the time over Spacer's 0.43 against 0.55).
const (
	Members4 = "spacer,pdkind@50ms,clover@50ms,kind@50ms"
	Members8 = "spacer,pdkind@50ms,clover@50ms,kind@50ms,bmc@50ms,bam@50ms"
)

// MembersFor is the default value of portfolio.members on cores cores.
func MembersFor(cores int) string {
	switch {
	case cores >= 8:
		return Members8
	case cores >= 4:
		return Members4
	}
	return DefaultMembers
}

func init() {
	chc.Register(chc.EngineInfo{
		Name:    "portfolio",
		Summary: "registered engines in parallel on copies of the system; the first checked answer wins",
		Params: []chc.Param{
			{Name: "portfolio.members", Default: DefaultMembers,
				Usage: "the engines, comma-separated, each NAME[:SHARE][@DELAY] (SHARE: the fraction of the time it may use; DELAY: how long it waits before it starts); default: by portfolio.cores (see MembersFor)"},
			{Name: "portfolio.cores", Default: "0",
				Usage: "the cores the members share, which choose the default members: up to 3 the members above, 4 to 7 Members4, 8 and more Members8 (0: GOMAXPROCS)"},
		},
		New: func(o chc.Options) (chc.Engine, error) {
			cores, err := o.Int("portfolio.cores", 0)
			if err != nil {
				return nil, err
			}
			if cores < 0 {
				return nil, fmt.Errorf("parameter portfolio.cores=%d: must not be negative", cores)
			}
			if cores == 0 {
				cores = runtime.GOMAXPROCS(0)
			}
			p, err := New(o, o.Param("portfolio.members", MembersFor(cores)))
			if err != nil {
				return nil, err
			}
			// Bit-vectors: without members given, a system over
			// bit-vectors gets BitVecMembers. Datatypes: one over
			// datatypes (and no bit-vectors) DatatypeMembers.
			if _, given := o.Params["portfolio.members"]; !given {
				if p.BitVec, err = New(o, BitVecMembers); err != nil {
					return nil, err
				}
				if p.Datatype, err = New(o, DatatypeMembers); err != nil {
					return nil, err
				}
			}
			return p, nil
		},
	})
}

// New builds the portfolio of the registered engines that members names
// (see DefaultMembers), each built from o. Their progress and trace lines
// go to o's writers, one whole line at a time, prefixed by the member's
// name.
func New(o chc.Options, members string) (*Engine, error) {
	p := &Engine{Options: o}
	var mu sync.Mutex
	seen := map[string]bool{}
	for _, spec := range strings.Split(members, ",") {
		spec = strings.TrimSpace(spec)
		head, delay, hasDelay := strings.Cut(spec, "@")
		name, share, hasShare := strings.Cut(head, ":")
		m := Member{Name: name}
		if hasDelay {
			d, err := time.ParseDuration(delay)
			if err != nil {
				f, ferr := strconv.ParseFloat(delay, 64)
				if ferr != nil {
					return nil, fmt.Errorf("portfolio member %q: the delay must be a duration", spec)
				}
				d = time.Duration(f * float64(time.Second))
			}
			if d < 0 {
				return nil, fmt.Errorf("portfolio member %q: the delay must not be negative", spec)
			}
			m.Delay = d
		}
		if seen[name] {
			return nil, fmt.Errorf("portfolio member %q: twice in the portfolio", spec)
		}
		seen[name] = true
		if hasShare {
			f, err := strconv.ParseFloat(share, 64)
			if err != nil || f <= 0 || f > 1 {
				return nil, fmt.Errorf("portfolio member %q: the share must be a number in (0, 1]", spec)
			}
			m.Share = f
		}
		if name == "portfolio" {
			return nil, fmt.Errorf("portfolio member %q: a portfolio cannot hold itself", spec)
		}
		mo := o
		mo.Verbose = prefixed(o.Verbose, name, &mu)
		mo.Trace = prefixed(o.Trace, name, &mu)
		e, err := chc.NewEngine(name, mo)
		if err != nil {
			return nil, fmt.Errorf("portfolio member %q: %w", spec, err)
		}
		m.Engine = e
		p.Members = append(p.Members, m)
	}
	if len(p.Members) == 0 {
		return nil, fmt.Errorf("portfolio: no members")
	}
	return p, nil
}

// prefixed writes whole lines to w, each prefixed by "[name] ", under mu.
func prefixed(w io.Writer, name string, mu *sync.Mutex) io.Writer {
	if w == nil {
		return nil
	}
	return &lineWriter{w: w, prefix: "[" + name + "] ", mu: mu}
}

type lineWriter struct {
	w      io.Writer
	prefix string
	mu     *sync.Mutex
	buf    []byte
}

func (l *lineWriter) Write(p []byte) (int, error) {
	l.buf = append(l.buf, p...)
	for {
		i := strings.IndexByte(string(l.buf), '\n')
		if i < 0 {
			return len(p), nil
		}
		l.mu.Lock()
		_, err := io.WriteString(l.w, l.prefix+string(l.buf[:i+1]))
		l.mu.Unlock()
		l.buf = l.buf[i+1:]
		if err != nil {
			return len(p), err
		}
	}
}
