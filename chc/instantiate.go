package chc

import "github.com/seed-f9c3434d/gospacer/term"

// A Binding gives the arguments Args of an atom (variables of a clause)
// the values To, in order: the head's arguments a caller's copy of the
// predicate's parameters, a body atom's arguments a child's copy.
type Binding struct {
	Args, To []*term.Term
}

// An Instance is one instance of a clause with its variables renamed
// apart: each bound variable stands for its binding's value, each other
// variable for a fresh constant of its own.
type Instance struct {
	// Vals are the values of the clause's variables, in the order given
	// to Instantiate.
	Vals []*term.Term
	// Constraint is the clause's formula over Vals, and the equality of
	// the values of a variable bound twice (an argument of two atoms,
	// which a normalised clause never has).
	Constraint *term.Term

	val map[*term.Term]*term.Term
}

// Instantiate renames f, a clause's formula over vars (the clause's Vars,
// maybe with constants of an engine's own rewriting of it), apart: the
// variables the bindings bind (the first binding of a variable wins, a
// later one adds an equality), the others fresh constants named after
// them with tag appended (made once per variable and instance).
func Instantiate(st *term.Store, f *term.Term, vars []*term.Term, tag string, binds ...Binding) *Instance {
	in := &Instance{val: make(map[*term.Term]*term.Term, len(vars)), Vals: make([]*term.Term, len(vars))}
	var eqs []*term.Term
	for _, b := range binds {
		for i, a := range b.Args {
			if old, ok := in.val[a]; ok {
				eqs = append(eqs, st.Eq(old, b.To[i]))
				continue
			}
			in.val[a] = b.To[i]
		}
	}
	for i, v := range vars {
		w, ok := in.val[v]
		if !ok {
			w = st.Fresh(v.Name()+tag, v.Sort())
			in.val[v] = w
		}
		in.Vals[i] = w
	}
	in.Constraint = st.Substitute(f, vars, in.Vals)
	if len(eqs) > 0 {
		in.Constraint = st.And(append(eqs, in.Constraint)...)
	}
	return in
}

// Of is the values of args, variables of the clause, in the instance.
func (in *Instance) Of(args []*term.Term) []*term.Term {
	out := make([]*term.Term, len(args))
	for i, a := range args {
		out[i] = in.val[a]
	}
	return out
}
