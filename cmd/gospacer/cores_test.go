package main

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/engines"
	"github.com/seed-f9c3434d/gospacer/engines/portfolio"
	"github.com/stretchr/testify/require"
)

// TestCores checks -j: without --engine it chooses the engine by the
// cores (engines.DefaultFor), with --engine portfolio the members
// (portfolio.MembersFor), and a negative count is a usage error.
func TestCores(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, j := range []string{"1", "2", "8"} {
		code, out, errs := runCLI(t, "", "-j", j, "--stats", "../../examples/counter.smt2")
		require.Equal(t, 0, code, errs)
		require.Equal(t, "sat\n", out)
		n := map[string]int{"1": 1, "2": 2, "8": 8}[j]
		require.Contains(t, errs, ":solve.engine "+engines.DefaultFor(n)+"\n", "-j %s", j)
		require.Equal(t, n, runtime.GOMAXPROCS(0), "-j %s sets GOMAXPROCS", j)
	}
	require.Equal(t, "spacer", engines.DefaultFor(1))
	// the members grow with -j: the portfolio reports the time of each
	for _, j := range []int{2, 8} {
		code, out, errs := runCLI(t, "", "-j", strconv.Itoa(j), "--engine", "portfolio", "--stats", "../../examples/counter.smt2")
		require.Equal(t, 0, code, errs)
		require.Equal(t, "sat\n", out)
		members := memberNames(portfolio.MembersFor(j))
		for name := range memberNames(portfolio.MembersFor(8)) {
			require.Equal(t, members[name], strings.Contains(errs, ":portfolio."+name+"-time "), "-j %d: member %s", j, name)
		}
	}
	require.NotEqual(t, portfolio.MembersFor(2), portfolio.MembersFor(8))

	code, _, errs := runCLI(t, "", "-j", "-1", "../../examples/counter.smt2")
	require.Equal(t, 2, code, errs)
}

// memberNames are the names of the members of a portfolio.members value.
func memberNames(members string) map[string]bool {
	names := map[string]bool{}
	for _, m := range strings.Split(members, ",") {
		name, _, _ := strings.Cut(m, "@")
		name, _, _ = strings.Cut(name, ":")
		names[name] = true
	}
	return names
}

// TestDefaultBySystem checks that without --engine the engine follows the
// system's theories (engines.DefaultForSystem): on two cores the
// portfolio for a system over datatypes or bit-vectors, Spacer for one
// over integers; on one core Spacer for all.
func TestDefaultBySystem(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	dir := t.TempDir()
	files := map[string]string{
		"lists.smt2": `(set-logic HORN)
(declare-datatypes ((L 0)) (((nil) (cons (hd Int) (tl L)))))
(declare-fun P (L Int) Bool)
(assert (forall ((n Int)) (=> (= n 0) (P nil n))))
(assert (forall ((l L) (n Int) (h Int)) (=> (P l n) (P (cons h l) (+ n 1)))))
(assert (forall ((l L) (n Int)) (=> (and (P l n) (< n 0)) false)))
(check-sat)
`,
		"bits.smt2": `(set-logic HORN)
(declare-fun I ((_ BitVec 8)) Bool)
(assert (forall ((x (_ BitVec 8))) (=> (= x #x00) (I x))))
(assert (forall ((x (_ BitVec 8))) (=> (and (I x) (bvult x #x10)) (I (bvadd x #x01)))))
(assert (forall ((x (_ BitVec 8))) (=> (and (I x) (bvugt x #x10)) false)))
(check-sat)
`,
	}
	for _, name := range []string{"lists.smt2", "bits.smt2"} {
		path := dir + "/" + name
		require.NoError(t, os.WriteFile(path, []byte(files[name]), 0o644))
		for _, j := range []string{"1", "2"} {
			code, out, errs := runCLI(t, "", "-j", j, "--stats", path)
			require.Equal(t, 0, code, errs)
			require.Equal(t, "sat\n", out, errs)
			want := "portfolio"
			if j == "1" {
				want = "spacer"
			}
			require.Contains(t, errs, ":solve.engine "+want+"\n", "%s -j %s", name, j)
		}
	}
	code, _, errs := runCLI(t, "", "-j", "2", "--stats", "../../examples/counter.smt2")
	require.Equal(t, 0, code, errs)
	require.Contains(t, errs, ":solve.engine spacer\n")
}
