package bvint

import (
	"context"
	"errors"
	"fmt"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/chc/passes"
)

func init() {
	chc.Register(chc.EngineInfo{
		Name:    "bvint",
		Summary: "bit-vectors read as integers modulo 2^w (wrap-around explicit), solved by an arithmetic engine; the witness translated back",
		Params: []chc.Param{
			{Name: "bvint.engine", Default: "spacer", Usage: "the engine that solves the integer system"},
		},
		New: func(o chc.Options) (chc.Engine, error) {
			return newNamed("bvint", o, o.Param("bvint.engine", "spacer"))
		},
	})
	for _, inner := range []string{"kind", "pdkind"} {
		chc.Register(chc.EngineInfo{
			Name:    "bvint-" + inner,
			Summary: "bvint with " + inner + " on the integer system",
			New:     func(o chc.Options) (chc.Engine, error) { return newNamed("bvint-"+inner, o, inner) },
		})
	}
}

// Engine is the bvint engine.
type Engine struct {
	Inner     chc.Engine
	InnerName string
	// Name prefixes the engine's statistics: its registered name.
	Name string
}

// New builds the engine with the registered engine inner on the integer
// system.
func New(o chc.Options, inner string) (*Engine, error) {
	if inner == "portfolio" || inner == "bvint" || len(inner) > 6 && inner[:6] == "bvint-" {
		return nil, fmt.Errorf("bvint.engine: %q cannot run inside bvint", inner)
	}
	e, err := chc.NewEngine(inner, o)
	if err != nil {
		return nil, fmt.Errorf("bvint.engine: %w", err)
	}
	return &Engine{Inner: e, InnerName: inner, Name: "bvint"}, nil
}

func newNamed(name string, o chc.Options, inner string) (chc.Engine, error) {
	e, err := New(o, inner)
	if err != nil {
		return nil, err
	}
	e.Name = name
	return e, nil
}

// Solve translates s, solves the integer system and translates the
// witness back.
func (e *Engine) Solve(ctx context.Context, s *chc.System) chc.Result {
	is, tr, err := passes.TranslateBitVec(ctx, s)
	var refused *passes.BitVecRefusal
	switch {
	case errors.As(err, &refused):
		res := e.Inner.Solve(ctx, s)
		res.Stats = append(res.Stats, chc.Stat{Name: e.Name + ".refused", Value: refused.Reason})
		return res
	case err != nil:
		return chc.NoAnswer(err)
	}
	pre, back, err := passes.Preprocess(ctx, is, passes.Default()...)
	if err != nil {
		if c := chc.Cause(ctx); c != nil {
			return chc.NoAnswer(c)
		}
		pre, back = is, passes.Identity{}
	}
	// the inner engine judges nothing by the input's referee: its
	// witnesses are over the integer system
	res := e.Inner.Solve(chc.WithReferee(ctx, nil), pre)
	stats := append(res.Stats, chc.Stat{Name: e.Name + ".clauses", Value: len(pre.Clauses)})
	switch res.Answer {
	case chc.Sat:
		m, err := back.Model(ctx, res.Model)
		if err == nil {
			m, err = tr.Model(ctx, m)
		}
		if err != nil {
			return withStats(chc.NoAnswer(chc.Internal("bvint: the model back to bit-vectors: %v", err)), stats)
		}
		res.Model = m
	case chc.Unsat:
		d, err := back.Derivation(ctx, res.Derivation)
		if err == nil {
			d, err = tr.Derivation(ctx, d)
		}
		if err != nil {
			return withStats(chc.NoAnswer(chc.Internal("bvint: the derivation back to bit-vectors: %v", err)), stats)
		}
		res.Derivation = d
	}
	res.Stats = stats
	return res
}

func withStats(r chc.Result, st []chc.Stat) chc.Result {
	r.Stats = st
	return r
}
