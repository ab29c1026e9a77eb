package passes

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
	"github.com/stretchr/testify/require"
)

// size is the number of predicates, clauses and the summed DAG size of the
// clause constraints of s.
func size(s *chc.System) (preds, clauses, terms int) {
	for _, c := range s.Clauses {
		terms += term.Size(c.Constraint)
	}
	return len(s.Preds), len(s.Clauses), terms
}

// TestPassesOnBench runs every pass alone and the default pipeline on every
// shared CHC file that reads: the input stays unchanged, the output is
// normalised, prints and reads back to the same text, each pass is
// idempotent (a second application changes nothing), and the pipeline
// neither adds clauses nor blows up the constraints. It logs the sizes per
// folder and the slowest pass.
func TestPassesOnBench(t *testing.T) {
	type total struct{ files, p0, c0, t0, p1, c1, t1 int }
	totals := map[string]*total{}
	var slowest struct {
		d    time.Duration
		what string
	}
	passes := append([]Pass{Simplify{}, EliminateLocals{}, MergeFacts{}, RemoveUnreachable{}, Inline{}, RemoveUnusedArgs{}}, pipeline{})
	for _, f := range benchFiles(t) {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		s, _, err := chc.Read(filepath.Base(f), strings.NewReader(string(data)), term.NewStore())
		if err != nil {
			continue
		}
		before := fingerprint(s)
		for _, p := range passes {
			start := time.Now()
			out, _, err := p.Apply(context.Background(), s)
			require.NoError(t, err, "%s: %s", f, p.Name())
			require.True(t, slices.Equal(before, fingerprint(s)), "%s: %s changed its input", f, p.Name())
			require.NoError(t, chc.CheckNormal(chc.NewBudget(context.Background()), out), "%s: %s", f, p.Name())
			if out != s {
				printed := out.String()
				back, _, err := chc.Read("printed", strings.NewReader(printed), term.NewStore())
				require.NoError(t, err, "%s: %s: reading the output back\n%s", f, p.Name(), printed)
				require.Equal(t, printed, back.String(), "%s: %s: round trip", f, p.Name())
			}
			// performance is measured, not asserted (a loaded machine
			// runs this many times slower): the slowest runs are logged
			if d := time.Since(start); d > slowest.d {
				slowest.d, slowest.what = d, f+": "+p.Name()
			}
			if _, ok := p.(pipeline); !ok {
				again, _, err := p.Apply(context.Background(), out)
				require.NoError(t, err, "%s: %s", f, p.Name())
				require.Same(t, out, again, "%s: %s is not idempotent", f, p.Name())
			}
			if _, ok := p.(pipeline); ok {
				p0, c0, t0 := size(s)
				p1, c1, t1 := size(out)
				require.LessOrEqual(t, t1, 2*t0+100, "%s: the pipeline blew up the constraints", f)
				require.LessOrEqual(t, c1, c0, "%s: the pipeline added clauses", f)
				dir := filepath.Base(filepath.Dir(f))
				tt := totals[dir]
				if tt == nil {
					tt = &total{}
					totals[dir] = tt
				}
				tt.files++
				tt.p0, tt.c0, tt.t0 = tt.p0+p0, tt.c0+c0, tt.t0+t0
				tt.p1, tt.c1, tt.t1 = tt.p1+p1, tt.c1+c1, tt.t1+t1
			}
		}
	}
	t.Logf("slowest: %s took %v", slowest.what, slowest.d)
	dirs := make([]string, 0, len(totals))
	for d := range totals {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	for _, d := range dirs {
		tt := totals[d]
		t.Log(fmt.Sprintf("%-18s %3d files: preds %5d → %5d, clauses %5d → %5d, constraint size %7d → %7d",
			d, tt.files, tt.p0, tt.p1, tt.c0, tt.c1, tt.t0, tt.t1))
	}
}

// fingerprint lists the objects s is made of, down to the terms of its
// clauses, to check that a pass left s as it was.
func fingerprint(s *chc.System) []any {
	fp := []any{len(s.Preds), len(s.Clauses)}
	for _, p := range s.Preds {
		fp = append(fp, p, p.ID, p.Func, len(p.Params))
		for _, x := range p.Params {
			fp = append(fp, x)
		}
	}
	atom := func(a *chc.Atom) {
		fp = append(fp, a.Pred, len(a.Args))
		for _, x := range a.Args {
			fp = append(fp, x)
		}
	}
	for _, c := range s.Clauses {
		fp = append(fp, c, c.Constraint, c.Head != nil, len(c.Body), len(c.Vars), c.Origin)
		if c.Head != nil {
			atom(c.Head)
		}
		for j := range c.Body {
			atom(&c.Body[j])
		}
		for _, x := range c.Vars {
			fp = append(fp, x)
		}
	}
	return fp
}

// pipeline is DefaultPasses as one Pass.
type pipeline struct{}

func (pipeline) Name() string { return "default pipeline" }

func (pipeline) Apply(ctx context.Context, s *chc.System) (*chc.System, Translator, error) {
	return Preprocess(ctx, s, Default()...)
}

// BenchmarkPipeline runs DefaultPasses over every shared CHC file that
// reads.
func BenchmarkPipeline(b *testing.B) {
	var systems []*chc.System
	for _, f := range benchFiles(b) {
		data, err := os.ReadFile(f)
		require.NoError(b, err)
		s, _, err := chc.Read(filepath.Base(f), strings.NewReader(string(data)), term.NewStore())
		if err == nil {
			systems = append(systems, s)
		}
	}
	b.ResetTimer()
	for b.Loop() {
		for _, s := range systems {
			if _, _, err := Preprocess(context.Background(), s, Default()...); err != nil {
				b.Fatal(err)
			}
		}
	}
}
