package fuzz

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/pipeline"
	"github.com/seed-f9c3434d/gospacer/term"
	"pgregory.net/rapid"
)

// The CHC differential campaign (see the package documentation, Long
// campaigns): random systems of every kind the generators draw, each run
// by every registered engine through pipeline.Solve (which checks every
// witness on the input system), by z3's Spacer and Golem when they are on
// PATH, and by brute force where the domain is bounded. A disagreement
// between any two decided answers, a crash or a rejected witness (both
// ErrInternal) is a failure: it is shrunk (ShrinkCHC) and written as a
// .smt2 file, which becomes a regression test once its answer is known
// (testdata/chc-regress, named NAME.sat.smt2 or NAME.unsat.smt2).

// A CHCKind is a kind of random system of the campaign.
type CHCKind struct {
	Name string
	// Bounded systems are decided by BruteCHC over 0..2.
	Bounded bool
	Gen     func(st *term.Store) *rapid.Generator[CHCCase]
}

// A CHCCase is a drawn system and its answer when the generator knows it
// (Unknown otherwise).
type CHCCase struct {
	Sys  *chc.System
	Want chc.Answer
}

// unknownAnswer draws systems of gen with no known answer.
func unknownAnswer(gen func(st *term.Store) *rapid.Generator[*chc.System]) func(st *term.Store) *rapid.Generator[CHCCase] {
	return func(st *term.Store) *rapid.Generator[CHCCase] {
		return rapid.Custom(func(t *rapid.T) CHCCase { return CHCCase{Sys: gen(st).Draw(t, "system")} })
	}
}

// CHCKinds are the kinds of the campaign: linear and nonlinear, Int,
// Real, arrays, bit-vectors and lists (both bounded: brute force decides
// them), one to three predicates, sat and unsat; and big
// systems of up to 40 clauses in the shapes of program verifiers
// (BigSystem: chains, trees of nonlinear clauses, fan-ins, straight-line
// programs), whose answer is known by construction.
var CHCKinds = []CHCKind{
	{"bounded", true, unknownAnswer(func(st *term.Store) *rapid.Generator[*chc.System] { return CHCSystem(st, 0, 2) })},
	{"linear", true, unknownAnswer(func(st *term.Store) *rapid.Generator[*chc.System] { return CHCSystemLinear(st, 0, 2, true) })},
	{"unbounded", false, unknownAnswer(CHCSystemUnbounded)},
	{"linear-unbounded", false, unknownAnswer(func(st *term.Store) *rapid.Generator[*chc.System] { return CHCSystemLinear(st, 0, 2, false) })},
	{"arrays", false, unknownAnswer(CHCSystemArrays)},
	{"bitvec", true, unknownAnswer(CHCSystemBitVec)},
	{"bitvec-cfg", true, unknownAnswer(CHCSystemBitVecCFG)},
	{"lists", true, unknownAnswer(func(st *term.Store) *rapid.Generator[*chc.System] { return CHCSystemLists(st, 0, 1) })},
	{"big", false, func(st *term.Store) *rapid.Generator[CHCCase] {
		return rapid.Custom(func(t *rapid.T) CHCCase {
			bc := BigSystem(st, 40).Draw(t, "big")
			return CHCCase{Sys: bc.Sys, Want: bc.Want}
		})
	}},
}

// CHCPeers are the external CHC solvers the campaign runs when they are
// on PATH, with the arguments before the file: %d is the timeout in
// seconds, %s the logic (QF_LRA when the script mentions Real, else
// QF_LIA: Golem wants it). A peer runs on the systems it reads, and an
// error it reports on one of them is a failure: the printed system is
// not one it reads, or the peer has a bug. Golem 0.9 reads integer and
// real arithmetic only (no arrays, datatypes or bit-vectors), not both in
// one system (it aborts: "Unknown symbol `= Int Real'"), and no query
// whose body has no predicate ("Assertion is not a Horn clause", though
// CHC-COMP's format allows it).
var CHCPeers = []struct {
	Name  string
	Args  []string
	Reads func(s *chc.System, script string) bool
}{
	{"z3", []string{"-T:%d", "fp.engine=spacer"}, func(*chc.System, string) bool { return true }},
	{"golem", []string{"-l", "%s"}, func(s *chc.System, script string) bool {
		for _, c := range s.Clauses {
			if c.IsQuery() && c.IsFact() {
				return false
			}
		}
		if realWord.MatchString(script) && intWord.MatchString(script) {
			return false
		}
		return !strings.Contains(script, "(Array ") && !strings.Contains(script, "declare-datatype") && !strings.Contains(script, "(_ BitVec ")
	}},
}

var (
	realWord = regexp.MustCompile(`\bReal\b`)
	intWord  = regexp.MustCompile(`\b(Int|to_real|to_int|is_int)\b`)
)

// peerReads reports whether the peer of CHCPeers reads s, printed as
// script.
func peerReads(peer string, s *chc.System, script string) bool {
	for _, p := range CHCPeers {
		if p.Name == peer {
			return p.Reads(s, script)
		}
	}
	return false
}

// A CHCDiffOptions configures CHCDiff.
type CHCDiffOptions struct {
	Engines []string      // registered engines to run; nil: every one
	Peers   []string      // external solvers to run (of CHCPeers); nil: none
	Timeout time.Duration // per solver and system
	// Want is the system's answer when known by construction (Unknown:
	// not known); it takes part as the solver "expected".
	Want chc.Answer
}

// A CHCAnswers is what each solver answered on one system: the engines
// by name, "brute" for brute force, "expected" for a known answer, the
// peers by name.
type CHCAnswers map[string]chc.Answer

// CHCDiff runs the solvers of o on s and returns their answers and what
// went wrong, or "": an engine's internal error (a panic, a witness that
// failed its check), or two decided answers that differ (the expected
// answer and brute force first, then the engines, then the peers, in
// order).
func CHCDiff(ctx context.Context, s *chc.System, bounded bool, o CHCDiffOptions) (CHCAnswers, string) {
	answers := CHCAnswers{}
	var order []string
	if o.Want != chc.Unknown {
		answers["expected"] = o.Want
		order = append(order, "expected")
	}
	if bounded {
		b, err := BruteCHC(s, 0, 2)
		if err == nil {
			answers["brute"] = b.Answer
			order = append(order, "brute")
		}
	}
	names := o.Engines
	if names == nil {
		names = EngineNames()
	}
	for _, name := range names {
		e, err := chc.NewEngine(name, chc.Options{})
		if err != nil {
			return answers, err.Error()
		}
		c, cancel := context.WithTimeout(ctx, o.Timeout)
		res := pipeline.Solve(c, s.Clone(), e, chc.Options{})
		cancel()
		answers[name] = res.Answer
		order = append(order, name)
		if errors.Is(res.Reason, chc.ErrInternal) {
			return answers, fmt.Sprintf("%s: internal error: %v", name, res.Reason)
		}
	}
	if len(o.Peers) > 0 {
		text := s.String()
		for _, peer := range o.Peers {
			if !peerReads(peer, s, text) {
				continue
			}
			a, err := RunCHCPeer(ctx, peer, text, o.Timeout)
			if err != nil {
				return answers, fmt.Sprintf("%s failed: %v", peer, err)
			}
			answers[peer] = a
			order = append(order, peer)
		}
	}
	first := ""
	for _, name := range order {
		a := answers[name]
		if a == chc.Unknown {
			continue
		}
		if first == "" {
			first = name
			continue
		}
		if a != answers[first] {
			return answers, fmt.Sprintf("%s answered %s, %s answered %s", name, a, first, answers[first])
		}
	}
	return answers, ""
}

// EngineNames are the names of the registered engines, sorted.
func EngineNames() []string {
	var names []string
	for _, e := range chc.Engines() {
		names = append(names, e.Name)
	}
	sort.Strings(names)
	return names
}

// InstalledCHCPeers are the peers of CHCPeers on PATH.
func InstalledCHCPeers() []string {
	var out []string
	for _, p := range CHCPeers {
		if _, err := exec.LookPath(p.Name); err == nil {
			out = append(out, p.Name)
		}
	}
	return out
}

// RunCHCPeer runs the external solver peer (one of CHCPeers) on a HORN
// script with a timeout and returns its answer: the first line of its
// output, sat, unsat or anything else (unknown). An error is a peer that
// could not run or that reported an error, even with an answer after it
// (z3 reports what it cannot read and goes on without it).
func RunCHCPeer(ctx context.Context, peer, script string, timeout time.Duration) (chc.Answer, error) {
	var args []string
	for _, p := range CHCPeers {
		if p.Name == peer {
			for _, a := range p.Args {
				switch {
				case strings.Contains(a, "%d"):
					a = fmt.Sprintf(a, max(1, int(timeout.Seconds())))
				case a == "%s" && strings.Contains(script, "Real"):
					a = "QF_LRA"
				case a == "%s":
					a = "QF_LIA"
				}
				args = append(args, a)
			}
		}
	}
	if args == nil {
		return chc.Unknown, fmt.Errorf("unknown peer %s", peer)
	}
	f, err := os.CreateTemp("", "chc-*.smt2")
	if err != nil {
		return chc.Unknown, err
	}
	defer os.Remove(f.Name())
	if _, err := f.WriteString(script); err != nil {
		f.Close()
		return chc.Unknown, err
	}
	f.Close()
	c, cancel := context.WithTimeout(ctx, timeout+5*time.Second)
	defer cancel()
	out, err := exec.CommandContext(c, peer, append(args, f.Name())...).Output()
	text := strings.TrimSpace(string(out))
	for line := range strings.Lines(text) {
		if strings.HasPrefix(line, "(error") {
			return chc.Unknown, fmt.Errorf("%s: %s", peer, strings.TrimSpace(line))
		}
	}
	first, _, _ := strings.Cut(text, "\n")
	switch strings.TrimSpace(first) {
	case "sat":
		return chc.Sat, nil
	case "unsat":
		return chc.Unsat, nil
	}
	if err != nil && c.Err() == nil {
		return chc.Unknown, fmt.Errorf("%s: %v: %s", peer, err, first)
	}
	return chc.Unknown, nil
}

// ShrinkCHC makes a failing system small: it drops clauses, then (unless
// clausesOnly) conjuncts of constraints, one at a time, keeping each
// change after which fails still holds, until no change helps or budget
// calls of fails are spent. The result shares s's store. Brute force is
// exact only on constraints that bound their variables: a failure that
// involves it shrinks by clauses only.
func ShrinkCHC(s *chc.System, budget int, clausesOnly bool, fails func(*chc.System) bool) *chc.System {
	cur := &chc.System{St: s.St, Preds: s.Preds, Clauses: append([]*chc.Clause(nil), s.Clauses...), FixedpointFormat: s.FixedpointFormat}
	try := func(c *chc.System) bool {
		if budget <= 0 {
			return false
		}
		budget--
		return fails(c)
	}
	for progress := true; progress && budget > 0; {
		progress = false
		for i := 0; i < len(cur.Clauses) && budget > 0; i++ {
			cand := *cur
			cand.Clauses = append(append([]*chc.Clause(nil), cur.Clauses[:i]...), cur.Clauses[i+1:]...)
			if try(&cand) {
				*cur = cand
				i--
				progress = true
			}
		}
		for i := 0; i < len(cur.Clauses) && budget > 0 && !clausesOnly; i++ {
			cl := cur.Clauses[i]
			parts := conjuncts(cl.Constraint)
			for j := 0; j < len(parts) && len(parts) > 0 && budget > 0; j++ {
				rest := append(append([]*term.Term(nil), parts[:j]...), parts[j+1:]...)
				n := *cl
				n.Constraint = s.St.And(append(rest, s.St.True())...)
				n.Constraint = s.St.Simplify(n.Constraint)
				cand := *cur
				cand.Clauses = append([]*chc.Clause(nil), cur.Clauses...)
				cand.Clauses[i] = &n
				if try(&cand) {
					*cur = cand
					cl = &n
					parts = rest
					j--
					progress = true
				}
			}
		}
	}
	return cur
}

// conjuncts are the conjuncts of f (f itself when it is not a
// conjunction; none for true).
func conjuncts(f *term.Term) []*term.Term {
	if f == nil || f.Op() == term.OpTrue {
		return nil
	}
	if f.Op() == term.OpAnd {
		return f.Args()
	}
	return []*term.Term{f}
}

// CHCTally counts a campaign's systems and answers.
type CHCTally struct {
	Systems  int
	Answers  map[string]*[3]int // per solver: unknown, sat, unsat (indexed by chc.Answer)
	Failures int
}

// Add counts the answers of one system.
func (t *CHCTally) Add(a CHCAnswers) {
	if t.Answers == nil {
		t.Answers = map[string]*[3]int{}
	}
	t.Systems++
	for name, ans := range a {
		if t.Answers[name] == nil {
			t.Answers[name] = &[3]int{}
		}
		t.Answers[name][ans]++
	}
}

// String is one line per solver: name, sat, unsat, unknown, sorted by
// name.
func (t *CHCTally) String() string {
	var names []string
	for n := range t.Answers {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	fmt.Fprintf(&b, "%d systems, %d failures\n", t.Systems, t.Failures)
	for _, n := range names {
		a := t.Answers[n]
		fmt.Fprintf(&b, "  %-16s sat %5d  unsat %5d  unknown %5d\n", n, a[chc.Sat], a[chc.Unsat], a[chc.Unknown])
	}
	return b.String()
}

// CHCCampaignRound draws one system of kind k from seed, runs CHCDiff on
// it and, on a failure, shrinks it (re-running only the solvers that
// failed or disagreed, and brute force) and writes it to dir as
// KIND-SEED.smt2 with the failure as a comment. It returns the answers
// and the failure ("" when none) with the file written.
func CHCCampaignRound(ctx context.Context, k CHCKind, seed int, o CHCDiffOptions, dir string) (CHCAnswers, string, string) {
	st := term.NewStore()
	cs := k.Gen(st).Example(seed)
	s := cs.Sys
	o.Want = cs.Want
	answers, problem := CHCDiff(ctx, s, k.Bounded, o)
	if problem == "" {
		return answers, "", ""
	}
	// the solvers named in the problem are those to run while shrinking
	var involved CHCDiffOptions
	involved.Timeout = o.Timeout
	budget := 200
	if strings.Contains(problem, "expected") {
		// dropping clauses changes the answer: no shrinking against it
		involved.Want, budget = o.Want, 0
	}
	for _, name := range o.Engines {
		if strings.Contains(problem, name+" ") || strings.HasPrefix(problem, name+":") {
			involved.Engines = append(involved.Engines, name)
		}
	}
	if involved.Engines == nil {
		involved.Engines = []string{}
	}
	for _, peer := range o.Peers {
		if strings.Contains(problem, peer+" ") {
			involved.Peers = append(involved.Peers, peer)
		}
	}
	brute := k.Bounded && strings.Contains(problem, "brute")
	small := ShrinkCHC(s, budget, brute, func(c *chc.System) bool {
		_, p := CHCDiff(ctx, c, brute, involved)
		return p != ""
	})
	_, smallProblem := CHCDiff(ctx, small, brute, involved)
	if smallProblem == "" {
		small, smallProblem = s, problem
	}
	file := filepath.Join(dir, fmt.Sprintf("%s-%d.smt2", k.Name, seed))
	text := fmt.Sprintf("; %s campaign system, seed %d: %s\n; answers before shrinking: %v\n%s", k.Name, seed, strings.ReplaceAll(smallProblem, "\n", " "), answerList(answers), small)
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		return answers, problem + " (not written: " + err.Error() + ")", ""
	}
	return answers, smallProblem, file
}

// answerList prints answers sorted by solver.
func answerList(a CHCAnswers) string {
	var names []string
	for n := range a {
		names = append(names, n)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = n + " " + a[n].String()
	}
	return strings.Join(parts, ", ")
}
