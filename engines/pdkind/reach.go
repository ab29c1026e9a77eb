package pdkind

import (
	"errors"
	"fmt"
	"time"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/engines/transition"
	"github.com/seed-f9c3434d/gospacer/itp"
	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/term"
)

// The reachability checker: frames R_i over-approximating the states
// reachable in at most i steps, refined lazily (each starts as true, Init
// for R_0 is learned too) by interpolants, as in the paper's Section IV
// and Golem's ReachabilityChecker.

// reachability is the answer of a reachability query: reachable in steps
// steps (a concrete chain of generalized states was found), or not, with
// an explanation: a formula over Vars that holds in every state reachable
// within the queried bound and excludes the queried states.
type reachability struct {
	reachable bool
	steps     int
	expl      *term.Term
}

// frame is R_i: its lemmas (over Vars) and an incremental solver holding
// them at step 0 and Trans from step 0 to step 1.
type frame struct {
	lemmas []*term.Term
	sv     *smt.Solver
}

// frame returns R_i, made on first use.
func (r *run) frame(i int) (*frame, error) {
	for len(r.frames) <= i {
		sv := smt.New(r.TS.St, smt.Options{})
		if err := sv.Assert(r.TS.TransAt(0)); err != nil {
			return nil, err
		}
		r.frames = append(r.frames, &frame{sv: sv})
	}
	return r.frames[i], nil
}

func (r *run) addLemma(i int, l *term.Term) error {
	f, err := r.frame(i)
	if err != nil {
		return err
	}
	f.lemmas = append(f.lemmas, l)
	r.frameLemmas++
	r.Tracef("R%d += %s", i, r.Short(l))
	return f.sv.Assert(r.TS.AtState(l, 0))
}

// checkReachability asks whether f is reachable in some number of steps
// from lo to hi: the least such number, or the explanation of hi (which
// covers every number up to hi, R_hi being an over-approximation of the
// states reachable within hi steps).
func (r *run) checkReachability(lo, hi int, f *term.Term) (reachability, error) {
	if lo < 0 {
		lo = 0
	}
	var res reachability
	for i := lo; i <= hi; i++ {
		var err error
		if res, err = r.reachable(i, f); err != nil {
			return res, err
		}
		if res.reachable {
			return res, nil
		}
	}
	return res, nil
}

// reachable asks whether a state of f (over Vars) is reachable within k
// steps: R_{k-1}(x0) ∧ T(x0,x1) ∧ f(x1); a model's predecessor states,
// generalized by model-based projection, are asked of k-1 in turn, and
// when they are unreachable the explanation joins R_{k-1} and the query
// is repeated. Unsat gives the interpolant I(x1) of R_{k-1} ∧ T against
// f: with the explanation of f at 0 steps, an over-approximation of the
// states reachable within k steps that excludes f.
func (r *run) reachable(k int, f *term.Term) (reachability, error) {
	if k == 0 {
		return r.zeroStep(f)
	}
	ts, st := r.TS, r.TS.St
	fr, err := r.frame(k - 1)
	if err != nil {
		return reachability{}, err
	}
	f1 := ts.AtState(f, 1)
	for {
		if chc.Cause(r.Ctx) != nil {
			return reachability{}, chc.Cause(r.Ctx)
		}
		r.reachQueries++
		res, err := transition.Check(r.Ctx, fr.sv, f1)
		if err != nil {
			return reachability{}, err
		}
		if res == smt.Sat {
			g, err := r.generalize(fr.sv.Model(), st.And(ts.TransAt(0), f1), 1)
			if err != nil {
				return reachability{}, err
			}
			sub, err := r.reachable(k-1, g)
			if err != nil {
				return reachability{}, err
			}
			if sub.reachable {
				return reachability{reachable: true, steps: sub.steps + 1}, nil
			}
			if err := r.addLemma(k-1, sub.expl); err != nil {
				return reachability{}, err
			}
			continue
		}
		A := st.And(append([]*term.Term{ts.TransAt(0)}, atState(ts, fr.lemmas, 0)...)...)
		I, err := r.interpolate(A, f1)
		if err != nil {
			return reachability{}, err
		}
		I = st.Substitute(I, ts.StateAt(1), ts.Vars)
		z, err := r.zeroStep(f)
		if err != nil || z.reachable {
			return z, err
		}
		return reachability{expl: st.Simplify(st.Or(I, z.expl))}, nil
	}
}

// zeroStep asks whether f meets Init; the explanation is an interpolant
// of Init against f.
func (r *run) zeroStep(f *term.Term) (reachability, error) {
	r.reachQueries++
	res, err := transition.Check(r.Ctx, r.init, f)
	if err != nil {
		return reachability{}, err
	}
	if res == smt.Sat {
		return reachability{reachable: true}, nil
	}
	I, err := r.interpolate(r.TS.Init, f)
	if err != nil {
		return reachability{}, err
	}
	return reachability{expl: I}, nil
}

// interpolate is an interpolant of A and B (unsatisfiable together).
func (r *run) interpolate(A, B *term.Term) (*term.Term, error) {
	t0 := time.Now()
	defer func() { r.itpTime += time.Since(t0) }()
	r.interpolants++
	I, err := transition.Interpolate(r.Ctx, r.TS.St, A, B)
	if errors.Is(err, itp.ErrSatisfiable) {
		return nil, fmt.Errorf("internal: an unsatisfiable query has a model under interpolation")
	}
	if err != nil {
		return nil, fmt.Errorf("interpolation: %w", err)
	}
	return I, nil
}

// generalize projects phi (true in m) onto the state of step 0 and
// returns the result over Vars: a set of states, containing m's, from
// which phi's constraint on step k is met (model-based projection, an
// under-approximation of the pre-image).
func (r *run) generalize(m *term.Model, phi *term.Term, k int) (*term.Term, error) {
	ts := r.TS
	keep := map[*term.Term]bool{}
	for _, x := range ts.StateAt(0) {
		keep[x] = true
	}
	var elim []*term.Term
	for _, c := range term.FreeConsts(phi) {
		if !keep[c] {
			elim = append(elim, c)
		}
	}
	res, err := r.mbp.Project(elim, phi, m)
	if err != nil {
		return nil, fmt.Errorf("projection over %d steps: %w", k, err)
	}
	return ts.St.Substitute(res.Formula, ts.StateAt(0), ts.Vars), nil
}

// atState is fs over the state of step k.
func atState(ts *chc.TransitionSystem, fs []*term.Term, k int) []*term.Term {
	out := make([]*term.Term, len(fs))
	for i, f := range fs {
		out[i] = ts.AtState(f, k)
	}
	return out
}
