package term_test

import (
	"slices"
	"testing"

	"github.com/seed-f9c3434d/gospacer/fuzz"
	"github.com/seed-f9c3434d/gospacer/term"
)

// bigFormula is the conjunction of 400 generated formulas of depth 7 over
// all theories, a DAG of several thousand nodes, with a model.
func bigFormula(b testing.TB) (*term.Store, *term.Term, *term.Model) {
	st := term.NewStore()
	cfg := fuzz.Config{Theories: fuzz.All, Depth: 7, Vars: 3, NonLinear: true}
	gen := fuzz.Formula(st, cfg)
	var fs []*term.Term
	for i := range 400 {
		fs = append(fs, gen.Example(i))
	}
	f := st.And(fs...)
	m := fuzz.ModelFor(st, fuzz.Consts(st, cfg), cfg).Example(0)
	if bb, ok := b.(*testing.B); ok {
		bb.ReportMetric(float64(term.Size(f)), "nodes")
	}
	return st, f, m
}

func BenchmarkEval(b *testing.B) {
	_, f, m := bigFormula(b)
	b.ResetTimer()
	for b.Loop() {
		if _, err := m.Eval(f); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSimplify measures Simplify on a warm store: after the first
// call, the simplified terms exist already and are found by hash-consing.
func BenchmarkSimplify(b *testing.B) {
	st, f, _ := bigFormula(b)
	b.ResetTimer()
	for b.Loop() {
		st.Simplify(f)
	}
}

func BenchmarkNNF(b *testing.B) {
	st, f, _ := bigFormula(b)
	b.ResetTimer()
	for b.Loop() {
		st.NNF(f)
	}
}

func BenchmarkSubstitute(b *testing.B) {
	st, f, _ := bigFormula(b)
	x0 := st.Const("x0", term.IntSort)
	x1 := st.Const("x1", term.IntSort)
	b.ResetTimer()
	for b.Loop() {
		st.Substitute(f, []*term.Term{x0, x1}, []*term.Term{x1, x0})
	}
}

// BenchmarkImplicant measures one cube of the big formula (made true by
// its model: the conjunction of the generated formulas or their
// negations, whichever holds), on a warm store and Implicant, in Spacer's
// setting (disequalities split, ites resolved).
func BenchmarkImplicant(b *testing.B) {
	st, f, m := bigFormula(b)
	fs := slices.Clone(f.Args())
	for i, g := range fs {
		if v, err := m.EvalBool(g); err == nil && !v {
			fs[i] = st.Not(g)
		}
	}
	f = st.And(fs...)
	var im term.Implicant
	opts := term.ImplicantOptions{SplitDiseq: true, ResolveIte: true}
	var dst []*term.Term
	b.ResetTimer()
	for b.Loop() {
		im.Reset(m, opts)
		var err error
		if dst, err = im.Append(dst[:0], f); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(dst)), "literals")
}
