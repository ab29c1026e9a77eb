package bmc

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/passes"
	"github.com/seed-f9c3434d/gospacer/engines/internal/unfold"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// TestBlastSizes reports the blasted size (SAT variables and clauses) of
// the bmc unrolling to a fixed depth of every CHC file of a folder, after
// the default preprocessing, and the sums per family (the file name up to
// its last "__"): the measure of the word-level simplifications. It runs
// only when asked:
//
//	BMC_SIZES=folder BMC_SIZES_DEPTH=3 go test -run TestBlastSizes -v ./engines/bmc
func TestBlastSizes(t *testing.T) {
	dir := os.Getenv("BMC_SIZES")
	if dir == "" {
		t.Skip("BMC_SIZES not set")
	}
	depth, err := strconv.Atoi(os.Getenv("BMC_SIZES_DEPTH"))
	require.NoError(t, err)
	files, err := filepath.Glob(filepath.Join(dir, "*.smt2"))
	require.NoError(t, err)
	type size struct{ files, vars, clauses int }
	fam := map[string]*size{}
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		sys, _, err := chc.Read(f, strings.NewReader(string(src)), term.NewStore())
		require.NoError(t, err)
		pre, _, err := passes.Preprocess(ctx, sys, passes.Default()...)
		require.NoError(t, err)
		u, err := unfold.New(chc.NewBudget(ctx), pre, defaultBudget, chc.Logger{})
		require.NoError(t, err)
		H := 0
		if err = u.Root(); err == nil {
			frontier := []int{0}
			for ; H < depth && err == nil; H++ {
				var next []int
				for _, si := range frontier {
					n := u.NumSlots()
					if err = u.Expand(si); err != nil {
						break
					}
					for c := n; c < u.NumSlots(); c++ {
						next = append(next, c)
					}
				}
				frontier = next
			}
		}
		if err == nil {
			err = u.Solver().WriteDIMACS(ctx, io.Discard)
		}
		cancel()
		base := filepath.Base(f)
		if err != nil {
			t.Logf("%s: %v", base, err)
			continue
		}
		st := u.Solver().Stats()
		name := strings.TrimSuffix(base, ".smt2")
		if i := strings.LastIndex(name, "__"); i > 0 {
			name = name[:i]
		}
		if fam[name] == nil {
			fam[name] = &size{}
		}
		fam[name].files++
		fam[name].vars += st.Vars
		fam[name].clauses += int(st.Clauses)
		t.Logf("%s depth %d: vars %d clauses %d", base, H, st.Vars, st.Clauses)
	}
	var names []string
	for n := range fam {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		s := fam[n]
		fmt.Printf("family\t%s\t%d\t%d\t%d\n", n, s.files, s.vars, s.clauses)
	}
}
