package smt

import (
	"context"

	"github.com/seed-f9c3434d/gospacer/sat"
)

// A plugin is a theory solver adapted to the DPLL(T) loop. The dispatcher
// routes each theory literal to the plugin that registered its variable
// and keeps the plugins' scopes in step with the SAT solver's decision
// levels.
type plugin interface {
	// assign is told that m, a literal of a variable of this plugin,
	// became true.
	assign(m sat.Lit)
	// propagate implies literals with sat.Solver.Imply, or appends a
	// conflict clause to dst.
	propagate(dst []sat.Lit) []sat.Lit
	// explain appends the clause that implied m (m first).
	explain(dst []sat.Lit, m sat.Lit) []sat.Lit
	// push opens a scope; pop(n) undoes the n innermost.
	push()
	pop(n int)
	// finalCheck runs at a full assignment; it may add lemmas or append a
	// conflict clause to dst, or report incompleteness.
	finalCheck(dst []sat.Lit) []sat.Lit
}

// dispatcher implements sat.Theory over the plugins.
type dispatcher struct {
	s       *Solver
	plugins []plugin
	owner   []uint8 // by sat.Var: index+1 of the owning plugin
	level   int     // scopes pushed on every plugin
	ctx     context.Context
	// incomplete, when set by a final check, says why a Sat answer of
	// the SAT solver is not a model (for example a fractional value for
	// an integer variable without integer reasoning).
	incomplete string
}

// register marks v as a theory variable of plugin p.
func (d *dispatcher) register(v sat.Var, p plugin) {
	for int(v) >= len(d.owner) {
		d.owner = append(d.owner, make([]uint8, len(d.owner)+64)...)
	}
	for i, q := range d.plugins {
		if q == p {
			d.owner[v] = uint8(i + 1)
		}
	}
	d.s.sat.SetTheoryVar(v)
}

func (d *dispatcher) sync() {
	for lvl := d.s.sat.DecisionLevel(); d.level < lvl; d.level++ {
		for _, p := range d.plugins {
			p.push()
		}
	}
}

func (d *dispatcher) Assign(m sat.Lit) {
	d.sync()
	if o := d.owner[m.Var()]; o > 0 {
		d.plugins[o-1].assign(m)
	}
}

func (d *dispatcher) Propagate(dst []sat.Lit) []sat.Lit {
	d.sync()
	for _, p := range d.plugins {
		if dst = p.propagate(dst); len(dst) > 0 {
			return dst
		}
	}
	return dst
}

func (d *dispatcher) Explain(dst []sat.Lit, m sat.Lit) []sat.Lit {
	return d.plugins[d.owner[m.Var()]-1].explain(dst, m)
}

func (d *dispatcher) Backtrack(lvl int) {
	if lvl < d.level {
		for _, p := range d.plugins {
			p.pop(d.level - lvl)
		}
		d.level = lvl
	}
}

func (d *dispatcher) FinalCheck(dst []sat.Lit) []sat.Lit {
	d.sync()
	for _, p := range d.plugins {
		if dst = p.finalCheck(dst); len(dst) > 0 {
			return dst
		}
	}
	return dst
}

// A phaser is a plugin that suggests decision phases (sat.Phaser).
type phaser interface {
	phase(v sat.Var) (value, ok bool)
}

// Phase asks the plugin owning v for the value of v its state agrees with.
func (d *dispatcher) Phase(v sat.Var) (value, ok bool) {
	if int(v) < len(d.owner) {
		if o := d.owner[v]; o > 0 {
			if p, is := d.plugins[o-1].(phaser); is {
				return p.phase(v)
			}
		}
	}
	return false, false
}

func (d *dispatcher) context() context.Context {
	if d.ctx == nil {
		return context.Background()
	}
	return d.ctx
}
