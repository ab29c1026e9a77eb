package bmc

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/passes"
	"github.com/seed-f9c3434d/gospacer/engines/internal/unfold"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// TestExportDIMACS writes the blasted bmc queries of a bit-vector CHC
// file (after the default preprocessing) as DIMACS, one file per depth, for comparing the SAT core with
// other SAT solvers (bench/sat.sh). It runs only when asked:
//
//	BMC_DIMACS=file.smt2 BMC_DIMACS_OUT=dir BMC_DIMACS_DEPTHS=2,4,6 \
//	    go test -run TestExportDIMACS ./engines/bmc
func TestExportDIMACS(t *testing.T) {
	in, out := os.Getenv("BMC_DIMACS"), os.Getenv("BMC_DIMACS_OUT")
	if in == "" || out == "" {
		t.Skip("BMC_DIMACS and BMC_DIMACS_OUT not set")
	}
	want := map[int]bool{}
	maxD := 0
	for _, f := range strings.Split(os.Getenv("BMC_DIMACS_DEPTHS"), ",") {
		d, err := strconv.Atoi(strings.TrimSpace(f))
		require.NoError(t, err)
		want[d] = true
		maxD = max(maxD, d)
	}
	src, err := os.ReadFile(in)
	require.NoError(t, err)
	sys, _, err := chc.Read(in, strings.NewReader(string(src)), term.NewStore())
	require.NoError(t, err)
	ctx := context.Background()
	sys, _, err = passes.Preprocess(ctx, sys, passes.Default()...) // as the engine gets it
	require.NoError(t, err)
	u, err := unfold.New(chc.NewBudget(ctx), sys, defaultBudget, chc.Logger{})
	require.NoError(t, err)
	require.NoError(t, u.Root())
	frontier := []int{0}
	base := strings.TrimSuffix(filepath.Base(in), ".smt2")
	for H := 0; H <= maxD; H++ {
		if want[H] {
			name := filepath.Join(out, fmt.Sprintf("%s-bmc%d.cnf", base, H))
			f, err := os.Create(name)
			require.NoError(t, err)
			require.NoError(t, u.Solver().WriteDIMACS(ctx, f, sys.St.Not(u.Deep(H))))
			require.NoError(t, f.Close())
			t.Logf("wrote %s", name)
		}
		var next []int
		for _, si := range frontier {
			n := u.NumSlots()
			require.NoError(t, u.Expand(si))
			for c := n; c < u.NumSlots(); c++ {
				next = append(next, c)
			}
		}
		frontier = next
	}
}
