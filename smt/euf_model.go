package smt

import (
	"github.com/seed-f9c3434d/gospacer/euf"
	"github.com/seed-f9c3434d/gospacer/term"
)

// eufModel is the part of a model the euf plugin defines, kept from the
// final check that accepted it (the SAT solver backtracks before Check
// returns): the values of the constants of uninterpreted and array sorts
// and the tables of the uninterpreted functions. Arithmetic and Boolean
// constants take their values from arithmetic and the SAT solver, which
// agree with the classes.
type eufModel struct {
	consts []constValue
	funcs  []*term.Func
	tables map[*term.Func]*term.FuncInterp
}

type constValue struct{ c, v *term.Term }

// table is f's table, made (and f listed, in the order met) the first time.
func (m *eufModel) table(f *term.Func) *term.FuncInterp {
	fi := m.tables[f]
	if fi == nil {
		fi = &term.FuncInterp{}
		m.tables[f] = fi
		m.funcs = append(m.funcs, f)
	}
	return fi
}

// snapshot keeps the model that the class values vals define.
func (p *eufPlugin) snapshot(vals []*term.Term) {
	g := p.g
	m := &eufModel{tables: map[*term.Func]*term.FuncInterp{}}
	for n := euf.Node(0); int(n) < g.NumNodes(); n++ {
		t := g.Term(n)
		switch t.Op() {
		case term.OpConst:
			if s := t.Sort(); s.IsUninterpreted() || s.IsArray() || s.IsDatatype() { // Datatypes
				m.consts = append(m.consts, constValue{t, vals[g.Find(n)]})
			}
		case term.OpApply, term.OpSel: // Datatypes: selectors of another constructor
			if t.Op() == term.OpSel {
				e, ok := adtSelectorEntry(t, vals[g.Find(g.Args(n)[0])], vals[g.Find(n)])
				if !ok {
					continue
				}
				fi := m.table(t.Func())
				fi.Entries = append(fi.Entries, e)
				continue
			}
			fi := m.table(t.Func())
			args := make([]*term.Term, 0, t.NumArgs())
			for _, a := range g.Args(n) {
				args = append(args, vals[g.Find(a)])
			}
			fi.Entries = append(fi.Entries, term.FuncEntry{Args: args, Value: vals[g.Find(n)]})
		}
	}
	p.snap = *m
}

// model installs the kept model in m.
func (p *eufPlugin) model(m *term.Model) error {
	for _, cv := range p.snap.consts {
		m.Set(cv.c, cv.v)
	}
	for _, f := range p.snap.funcs {
		m.SetFunc(f, p.snap.tables[f])
	}
	return nil
}
