package chc

import (
	"context"
	"errors"
	"io"
	"slices"

	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
)

// ReadContext is Read under the limits of ctx: it polls them (see Budget)
// per command read and per command turned into clauses, and stops with
// the reason (ErrTimeout, ErrMemory, ErrCanceled) when ctx ends or a limit
// of the run is passed. Other errors are those of Read.
func ReadContext(ctx context.Context, name string, r io.Reader, st *term.Store) (*System, *smtlib.Script, error) {
	return readContext(ctx, name, r, st, false)
}

// ReadRelaxed is ReadContext with the clauses in the relaxed form of
// preprocessing (see ScriptReader.SetRelaxed and System.Relaxed): for a
// caller that preprocesses the system, as pipeline.Solve does.
func ReadRelaxed(ctx context.Context, name string, r io.Reader, st *term.Store) (*System, *smtlib.Script, error) {
	return readContext(ctx, name, r, st, true)
}

func readContext(ctx context.Context, name string, r io.Reader, st *term.Store, relaxed bool) (*System, *smtlib.Script, error) {
	poll := NewBudget(ctx)
	rd := smtlib.NewReader(name, r, st)
	script := &smtlib.Script{}
	for {
		if err := poll.Step(); err != nil {
			return nil, nil, err
		}
		c, err := rd.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, nil, err
		}
		if c.Kind == smtlib.SetLogic && script.Logic == "" {
			script.Logic = c.Name
		}
		if len(script.Commands) == cap(script.Commands) {
			// double: append grows a long slice by a quarter at a time
			script.Commands = slices.Grow(script.Commands, max(len(script.Commands), 16))
		}
		script.Commands = append(script.Commands, c)
	}
	s, err := fromScript(NewBudget(ctx), st, script, relaxed)
	return s, script, err
}

// FromScriptContext is FromScript under the limits of ctx (see
// ReadContext).
func FromScriptContext(ctx context.Context, st *term.Store, script *smtlib.Script) (*System, error) {
	return fromScript(NewBudget(ctx), st, script, false)
}

// FromScriptRelaxed is FromScriptContext with the clauses in the relaxed
// form (see ReadRelaxed).
func FromScriptRelaxed(ctx context.Context, st *term.Store, script *smtlib.Script) (*System, error) {
	return fromScript(NewBudget(ctx), st, script, true)
}
