package fuzz_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	_ "github.com/seed-f9c3434d/gospacer/engines" // registers the engines
	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// TestCampaignCHC is the CHC differential campaign, run for the duration
// GOSPACER_CHC_CAMPAIGN (skipped without it):
//
//	GOSPACER_CHC_CAMPAIGN=1h GOSPACER_CAMPAIGN_DIR=/tmp/chc go test ./fuzz -run TestCampaignCHC -v -timeout 0
//
// GOSPACER_CHC_CAMPAIGN_ENGINES (a comma-separated list; default every
// registered engine) picks an engine group, GOSPACER_CHC_CAMPAIGN_KINDS
// the kinds of CHCKinds (default all), GOSPACER_CHC_CAMPAIGN_TIMEOUT the
// time per solver and system (default 2s), GOSPACER_CAMPAIGN_SEED the
// first seed (default the clock). z3 and golem take part when on PATH.
// Failures are shrunk and written to GOSPACER_CAMPAIGN_DIR; the counts
// per solver are logged at the end.
func TestCampaignCHC(t *testing.T) {
	env := os.Getenv("GOSPACER_CHC_CAMPAIGN")
	if env == "" {
		t.Skip("GOSPACER_CHC_CAMPAIGN not set (a duration, such as 1h)")
	}
	d, err := time.ParseDuration(env)
	require.NoError(t, err, "GOSPACER_CHC_CAMPAIGN")
	o := fuzz.CHCDiffOptions{Timeout: 2 * time.Second, Peers: fuzz.InstalledCHCPeers()}
	if s := os.Getenv("GOSPACER_CHC_CAMPAIGN_TIMEOUT"); s != "" {
		o.Timeout, err = time.ParseDuration(s)
		require.NoError(t, err, "GOSPACER_CHC_CAMPAIGN_TIMEOUT")
	}
	o.Engines = realEngines()
	if s := os.Getenv("GOSPACER_CHC_CAMPAIGN_ENGINES"); s != "" {
		o.Engines = strings.Split(s, ",")
		for _, name := range o.Engines {
			_, err := chc.NewEngine(name, chc.Options{})
			require.NoError(t, err, "GOSPACER_CHC_CAMPAIGN_ENGINES")
		}
	}
	kinds := fuzz.CHCKinds
	if s := os.Getenv("GOSPACER_CHC_CAMPAIGN_KINDS"); s != "" {
		kinds = nil
		for _, name := range strings.Split(s, ",") {
			found := false
			for _, k := range fuzz.CHCKinds {
				if k.Name == name {
					kinds, found = append(kinds, k), true
				}
			}
			require.True(t, found, "GOSPACER_CHC_CAMPAIGN_KINDS: no kind %s", name)
		}
	}
	dir := os.Getenv("GOSPACER_CAMPAIGN_DIR")
	if dir == "" {
		dir = t.TempDir()
	}
	require.NoError(t, os.MkdirAll(dir, 0o755))
	seed := int(time.Now().UnixNano() % 1_000_000_007)
	if s := os.Getenv("GOSPACER_CAMPAIGN_SEED"); s != "" {
		_, err := fmt.Sscan(s, &seed)
		require.NoError(t, err, "GOSPACER_CAMPAIGN_SEED")
	}
	t.Logf("CHC campaign of %v: engines %v, peers %v, kinds %d, %v per solver, first seed %d, failures in %s",
		d, o.Engines, o.Peers, len(kinds), o.Timeout, seed, dir)
	tallies := make([]fuzz.CHCTally, len(kinds))
	deadline := time.Now().Add(d)
	for round := 0; time.Now().Before(deadline); round++ {
		for i, k := range kinds {
			if !time.Now().Before(deadline) {
				break
			}
			answers, problem, file := fuzz.CHCCampaignRound(context.Background(), k, seed+round, o, dir)
			tallies[i].Add(answers)
			if problem != "" {
				tallies[i].Failures++
				t.Errorf("%s, seed %d: %s; shrunk to %s", k.Name, seed+round, problem, file)
			}
		}
	}
	for i, k := range kinds {
		t.Logf("%s: %s", k.Name, tallies[i].String())
	}
}

// realEngines are the registered engines but the wrong ones this
// package's tests register (engines_test.go).
func realEngines() []string {
	var out []string
	for _, name := range fuzz.EngineNames() {
		if !strings.HasPrefix(name, "guessing-") {
			out = append(out, name)
		}
	}
	return out
}

// TestCHCRegressions runs every registered engine on the shrunk failures
// of the campaigns kept in testdata/chc-regress (NAME.sat.smt2,
// NAME.unsat.smt2: the answer is in the name): no wrong answer, no
// internal error.
func TestCHCRegressions(t *testing.T) {
	examples, err := fuzz.EngineExamples("testdata/chc-regress")
	require.NoError(t, err)
	if len(examples) == 0 {
		t.Skip("no regression files yet")
	}
	for _, name := range realEngines() {
		problems, _ := fuzz.CheckEngineExamples(name, examples, 5*time.Second)
		require.Empty(t, problems)
	}
}

// TestShrinkCHC: shrinking keeps the failure and drops what it does not
// need: here the failure is "a clause of P's facts whose constraint
// mentions 3", which one clause and one conjunct make.
func TestShrinkCHC(t *testing.T) {
	s, _, err := chc.Read("s.smt2", strings.NewReader(`(set-logic HORN)
(declare-fun P (Int) Bool)
(declare-fun Q (Int) Bool)
(assert (forall ((x Int)) (=> (and (>= x 0) (= x 3) (<= x 5)) (P x))))
(assert (forall ((x Int)) (=> (and (P x) (< x 2)) (Q x))))
(assert (forall ((x Int)) (=> (and (Q x) (> x 1)) false)))
`), term.NewStore())
	require.NoError(t, err)
	mentions3 := func(f *term.Term) bool { return strings.Contains(term.Sprint(f), " 3)") }
	fails := func(c *chc.System) bool {
		for _, cl := range c.Clauses {
			if cl.Head != nil && cl.Head.Pred.Func.Name() == "P" && cl.IsFact() && mentions3(cl.Constraint) {
				return true
			}
		}
		return false
	}
	require.True(t, fails(s))
	small := fuzz.ShrinkCHC(s, 100, false, fails)
	require.True(t, fails(small))
	require.Len(t, small.Clauses, 1)
	require.Regexp(t, `^\(= x\S* 3\)$`, term.Sprint(small.Clauses[0].Constraint))
	byClauses := fuzz.ShrinkCHC(s, 100, true, fails)
	require.Len(t, byClauses.Clauses, 1)
	require.Equal(t, s.Clauses[0].Constraint, byClauses.Clauses[0].Constraint, "clauses only: the constraint stays")
	require.Len(t, s.Clauses, 3, "the input is unchanged")
}

// TestCHCDiffFindsDisagreement: a wrong answer of brute force's against
// the engines' is reported (a system whose constraint does not bound x:
// brute force, exact only on bounded systems, misses the derivation at
// x = 5), and a bounded system gets no report.
func TestCHCDiffFindsDisagreement(t *testing.T) {
	read := func(src string) *chc.System {
		s, _, err := chc.Read("s.smt2", strings.NewReader(src), term.NewStore())
		require.NoError(t, err)
		return s
	}
	o := fuzz.CHCDiffOptions{Engines: []string{"spacer", "bmc"}, Timeout: 20 * time.Second}
	unbounded := read(`(set-logic HORN)
(declare-fun P (Int) Bool)
(assert (forall ((x Int)) (=> (= x 5) (P x))))
(assert (forall ((x Int)) (=> (P x) false)))
`)
	answers, problem := fuzz.CHCDiff(context.Background(), unbounded, true, o)
	require.Equal(t, chc.Sat, answers["brute"])
	require.Equal(t, chc.Unsat, answers["spacer"])
	require.Contains(t, problem, "answered unsat, brute answered sat")

	bounded := read(`(set-logic HORN)
(declare-fun P (Int) Bool)
(assert (forall ((x Int)) (=> (and (>= x 0) (<= x 2)) (P x))))
(assert (forall ((x Int)) (=> (and (P x) (>= x 0) (<= x 2) (> x 1)) false)))
`)
	answers, problem = fuzz.CHCDiff(context.Background(), bounded, true, o)
	require.Empty(t, problem)
	require.Equal(t, chc.Unsat, answers["brute"])
	require.Equal(t, chc.Unsat, answers["spacer"])

	// a known answer takes part as "expected"
	o.Want = chc.Sat
	answers, problem = fuzz.CHCDiff(context.Background(), bounded, false, o)
	require.Equal(t, chc.Sat, answers["expected"])
	require.Contains(t, problem, "answered unsat, expected answered sat")
	o.Want = chc.Unknown

	// a wrong engine's witness fails its check: an internal error
	o.Engines = []string{"spacer", "guessing-sat"}
	_, problem = fuzz.CHCDiff(context.Background(), bounded, true, o)
	require.Contains(t, problem, "guessing-sat: internal error")
}

// TestCHCCampaignShort runs a few systems of every kind through a few
// engines and the installed peers: no failure (the campaign's smoke
// test; TestCampaignCHC runs it for long).
func TestCHCCampaignShort(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	o := fuzz.CHCDiffOptions{Engines: []string{"spacer", "bmc", "kind"}, Peers: fuzz.InstalledCHCPeers(), Timeout: 2 * time.Second}
	var tally fuzz.CHCTally
	for _, k := range fuzz.CHCKinds {
		for seed := range 3 {
			answers, problem, file := fuzz.CHCCampaignRound(context.Background(), k, seed, o, t.TempDir())
			require.Empty(t, problem, "%s seed %d, shrunk: %s", k.Name, seed, file)
			tally.Add(answers)
		}
	}
	t.Log(tally.String())
	require.Equal(t, 3*len(fuzz.CHCKinds), tally.Systems)
}

// TestCHCCampaignRoundWritesShrunk: a wrong engine's failure (its model
// of an unsat system fails the check) is shrunk and written, and the
// file reads back as a system on which the engine still fails.
func TestCHCCampaignRoundWritesShrunk(t *testing.T) {
	o := fuzz.CHCDiffOptions{Engines: []string{"guessing-sat"}, Timeout: 5 * time.Second}
	dir := t.TempDir()
	for seed := range 50 {
		_, problem, file := fuzz.CHCCampaignRound(context.Background(), fuzz.CHCKinds[0], seed, o, dir)
		if problem == "" {
			continue
		}
		require.Contains(t, problem, "guessing-sat: internal error")
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		require.Contains(t, string(data), "; bounded campaign system, seed")
		s, _, err := chc.Read(file, strings.NewReader(string(data)), term.NewStore())
		require.NoError(t, err)
		big := fuzz.CHCKinds[0].Gen(term.NewStore()).Example(seed).Sys
		require.LessOrEqual(t, len(s.Clauses), len(big.Clauses))
		_, again := fuzz.CHCDiff(context.Background(), s, false, o)
		require.Contains(t, again, "guessing-sat: internal error", "the written system still fails")
		return
	}
	t.Fatal("no unsat system in 50 seeds")
}

// TestCHCPeerErrors: a peer that reports an error on a system it reads
// fails the round even when an answer follows the error (z3 goes on
// without what it could not read), and a peer is not run on a system
// it does not read.
func TestCHCPeerErrors(t *testing.T) {
	dir := t.TempDir()
	script := "#!/bin/sh\necho '(error \"line 5 column 214: unknown constant is (IntList) \")'\necho sat\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "picky"), []byte(script), 0o755))
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	saved := fuzz.CHCPeers
	defer func() { fuzz.CHCPeers = saved }()
	fuzz.CHCPeers = append(fuzz.CHCPeers, struct {
		Name  string
		Args  []string
		Reads func(*chc.System, string) bool
	}{"picky", []string{"-T:%d"}, func(_ *chc.System, s string) bool { return !strings.Contains(s, "Real") }})

	a, err := fuzz.RunCHCPeer(context.Background(), "picky", "(check-sat)", time.Second)
	require.Equal(t, chc.Unknown, a)
	require.ErrorContains(t, err, "unknown constant is")

	s, _, err := chc.Read("s.smt2", strings.NewReader(`(set-logic HORN)
(declare-fun P (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (P x))))
(assert (forall ((x Int)) (=> (and (P x) (< x 0)) false)))
`), term.NewStore())
	require.NoError(t, err)
	o := fuzz.CHCDiffOptions{Engines: []string{}, Peers: []string{"picky"}, Timeout: time.Second}
	_, problem := fuzz.CHCDiff(context.Background(), s, false, o)
	require.Contains(t, problem, "picky failed: picky: (error")

	r, _, err := chc.Read("r.smt2", strings.NewReader(`(set-logic HORN)
(declare-fun P (Real) Bool)
(assert (forall ((x Real)) (=> (= x 0.0) (P x))))
`), term.NewStore())
	require.NoError(t, err)
	answers, problem := fuzz.CHCDiff(context.Background(), r, false, o)
	require.Empty(t, problem)
	require.NotContains(t, answers, "picky")
}
