// The conformance test every CHC engine passes: an engine registered
// with chc.Register is run through pipeline.Solve on hand-written and paper
// examples with known answers (engines/testdata) and on random small
// systems that brute force decides, and engines are run against each
// other on random systems brute force cannot decide. A run fails on a
// wrong answer, on any ErrInternal (a panic, or a witness that failed its
// check on the input system), and on two engines contradicting each
// other. engines' TestConformance runs it on every registered engine; a
// new engine joins by registering.
package fuzz

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/pipeline"
	"github.com/seed-f9c3434d/gospacer/term"
	"pgregory.net/rapid"
)

// An EngineExample is a system in SMT-LIB text with its answer.
type EngineExample struct {
	Name string
	Src  string
	Want chc.Answer
}

// EngineExamples reads the *.sat.smt2 and *.unsat.smt2 files of dir: the
// answer is in the name.
func EngineExamples(dir string) ([]EngineExample, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.smt2"))
	if err != nil {
		return nil, err
	}
	var out []EngineExample
	for _, f := range files {
		base := filepath.Base(f)
		var want chc.Answer
		switch {
		case strings.HasSuffix(base, ".unsat.smt2"):
			want = chc.Unsat
		case strings.HasSuffix(base, ".sat.smt2"):
			want = chc.Sat
		default:
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		out = append(out, EngineExample{Name: base, Src: string(src), Want: want})
	}
	return out, nil
}

// SolveWith runs the registered engine name with default parameters through
// pipeline.Solve with the timeout.
func SolveWith(name string, s *chc.System, timeout time.Duration) (chc.Result, error) {
	e, err := chc.NewEngine(name, chc.Options{})
	if err != nil {
		return chc.Result{}, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	return pipeline.Solve(ctx, s, e, chc.Options{}), nil
}

// verdict is what is wrong with res, given the expected answer (Unknown:
// none expected), or "".
func verdict(res chc.Result, want chc.Answer) string {
	switch {
	case errors.Is(res.Reason, chc.ErrInternal):
		return fmt.Sprintf("internal error: %v", res.Reason)
	case res.Answer != chc.Unknown && want != chc.Unknown && res.Answer != want:
		return fmt.Sprintf("answered %s, expected %s", res.Answer, want)
	}
	return ""
}

// CheckEngineExamples runs engine name on each example and returns what went
// wrong, and how many it decided.
func CheckEngineExamples(name string, examples []EngineExample, timeout time.Duration) (problems []string, decided int) {
	for _, ex := range examples {
		s, _, err := chc.Read(ex.Name, strings.NewReader(ex.Src), term.NewStore())
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v", ex.Name, err))
			continue
		}
		res, err := SolveWith(name, s, timeout)
		if err != nil {
			return append(problems, err.Error()), decided
		}
		if v := verdict(res, ex.Want); v != "" {
			problems = append(problems, fmt.Sprintf("%s: %s: %s", name, ex.Name, v))
		}
		if res.Answer != chc.Unknown {
			decided++
		}
	}
	return problems, decided
}

// RandomCHC is a kind of random system.
type RandomCHC int

const (
	// RandomBounded systems, linear and nonlinear, that brute force decides.
	RandomBounded RandomCHC = iota
	// RandomLinear systems: bounded transition systems.
	RandomLinear
	// RandomUnbounded systems with Int and Real arguments: no expected answer,
	// only agreement between engines and checked witnesses.
	RandomUnbounded
	// RandomLinearUnbounded: transition systems with Int and Real
	// arguments, unbounded (for the transition-system engines, which
	// answer Unknown on most of RandomUnbounded's nonlinear systems).
	RandomLinearUnbounded
	// RandomBitVec systems over 3-bit vectors, linear and nonlinear, that
	// brute force decides.
	RandomBitVec
	// RandomLists systems over a list datatype of Int, linear and
	// nonlinear, that brute force decides (lists of at most two elements).
	RandomLists
	// RandomBitVecCFG control-flow graphs over 3-bit vectors with a
	// location argument (CHCSystemBitVecCFG), that brute force decides.
	RandomBitVecCFG
)

func (r RandomCHC) generator(st *term.Store) *rapid.Generator[*chc.System] {
	switch r {
	case RandomLinear:
		return CHCSystemLinear(st, 0, 2, true)
	case RandomUnbounded:
		return CHCSystemUnbounded(st)
	case RandomLinearUnbounded:
		return CHCSystemLinear(st, 0, 2, false)
	case RandomBitVec:
		return CHCSystemBitVec(st)
	case RandomLists:
		return CHCSystemLists(st, 0, 1)
	case RandomBitVecCFG:
		return CHCSystemBitVecCFG(st)
	}
	return CHCSystem(st, 0, 2)
}

// EngineTally counts the answers of one engine over random systems.
type EngineTally struct {
	Systems, Decided int
}

// CheckEnginesRandom draws a random system of kind r and runs each of
// the engines on it through pipeline.Solve (each on its own copy of the
// system): it fails t on a wrong answer (against brute force on bounded
// systems), an internal error, or two engines that contradict each other.
// tallies, when not nil, counts per engine.
func CheckEnginesRandom(t *rapid.T, r RandomCHC, engines []string, timeout time.Duration, tallies map[string]*EngineTally) {
	if p := EnginesRandomProblem(t, r, engines, timeout, tallies); p != "" {
		t.Fatal(p)
	}
}

// EnginesRandomProblem is CheckEnginesRandom's check: what went wrong on
// the system it draws, or "".
func EnginesRandomProblem(t *rapid.T, r RandomCHC, engines []string, timeout time.Duration, tallies map[string]*EngineTally) string {
	st := term.NewStore()
	s := r.generator(st).Draw(t, "system")
	want := chc.Unknown
	if r != RandomUnbounded && r != RandomLinearUnbounded {
		b, err := BruteCHC(s, 0, 2)
		if err != nil {
			t.Skip(err)
		}
		want = b.Answer
	}
	var answered chc.Answer
	var by string
	for _, name := range engines {
		res, err := SolveWith(name, s.Clone(), timeout)
		if err != nil {
			return err.Error()
		}
		if tallies != nil {
			if tallies[name] == nil {
				tallies[name] = &EngineTally{}
			}
			tallies[name].Systems++
			if res.Answer != chc.Unknown {
				tallies[name].Decided++
			}
		}
		if v := verdict(res, want); v != "" {
			return fmt.Sprintf("%s: %s\n%s", name, v, s)
		}
		if res.Answer == chc.Unknown {
			continue
		}
		if answered != chc.Unknown && res.Answer != answered {
			return fmt.Sprintf("%s answered %s, %s answered %s\n%s", name, res.Answer, by, answered, s)
		}
		answered, by = res.Answer, name
	}
	return ""
}
