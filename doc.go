// Package gospacer solves constrained Horn clauses (CHCs) from Go: one
// import, one call, a checked answer. It is the front door to the
// packages below it (chc for systems and the solve pipeline, spacer and
// engines/... for the engines, term for formulas) and adds what an
// embedding program needs: options, typed reasons, a builder, and an
// incremental solver in the spirit of z3's Fixedpoint object.
//
// # Solve a file
//
//	res, err := gospacer.SolveFile(ctx, "examples/counter.smt2")
//	if err != nil {
//		return err // unreadable file, or input outside the fragment: "file:line:col: message"
//	}
//	fmt.Println(res)           // sat, unsat or unknown, in the input's convention
//	res.WriteWitness(os.Stdout) // the model, the derivation of false, or the reason
//
// SolveReader takes an io.Reader. Input is an SMT-LIB HORN script or
// z3's fixedpoint format (declare-rel, rule, query); see the README for
// what is supported.
//
// # Answers
//
// Result embeds chc.Result: Answer is Sat (the clauses have a model: the
// program is safe), Unsat (false is derivable: a counterexample) or
// Unknown. Every Sat model is checked clause by clause on the input with
// a fresh solver and every Unsat derivation is replayed; a witness that
// fails makes the answer Unknown, never a guess. Result.String prints the
// answer the way the input asks: for z3's fixedpoint format and a
// Fixedpoint's queries "sat" means the query is reachable, the opposite
// of the HORN reading.
//
// # Limits and reasons
//
// A deadline on the context, WithTimeout and WithMemoryLimit bound a
// call; the answer is then Unknown and Result.Reason wraps ErrTimeout,
// ErrMemory or ErrCanceled, so errors.Is tells why; ErrIncomplete means
// the engine gave up, ErrInternal that a bug was caught (a panic, a
// witness that failed its check). The reason's text says more.
//
//	res, _ := gospacer.Solve(ctx, sys, gospacer.WithTimeout(2*time.Second))
//	if errors.Is(res.Reason, gospacer.ErrTimeout) { ... }
//
// The error result of Solve, SolveFile and SolveReader is for bad input
// and bad options only.
//
// # Build a system in Go
//
// A Builder takes clauses as formulas, the way SMT-LIB writes them; the
// free constants of a rule are its variables. Its first error sticks, so
// the error of System is the one to check:
//
//	b := gospacer.NewBuilder(nil)
//	st := b.Store()
//	inv := b.Pred("inv", term.IntSort)
//	x, y := st.Const("x", term.IntSort), st.Const("y", term.IntSort)
//	b.Rule(st.Implies(st.Eq(x, st.Int(0)), st.Apply(inv, x)))
//	b.Rule(st.Implies(st.And(st.Apply(inv, x), st.Eq(y, st.Add(x, st.Int(1)))), st.Apply(inv, y)))
//	b.Query(st.And(st.Apply(inv, x), st.Lt(x, st.Int(0))))
//	sys, err := b.System() // the first error of Pred, Rule or Query
//	if err != nil {
//		return err
//	}
//	res, err := gospacer.Solve(ctx, sys)
//
// A chc.System assembled by hand (System.NewPred, chc.Clause values) is
// fine too: Solve normalises it first (Normalize), turning terms in atom
// arguments into variables with equalities, and rejects what it cannot
// normalise with an error naming the clause.
//
// # Engines
//
// Spacer is the default engine. WithEngine picks another registered one
// by name (chc.Engines lists them with their parameters, which WithParam
// sets), WithPortfolio races several concurrently on copies of the
// system, and WithEngineValue runs an engine of one's own through the
// same checked pipeline:
//
//	res, err := gospacer.Solve(ctx, sys, gospacer.WithPortfolio("spacer", "bmc:0.5"))
//
// # Incremental solving
//
// A Fixedpoint keeps rules and what Spacer learned about them from query
// to query; its lemmas can be read (Lemmas, Cover) and the caller's own
// injected (AddCover), as with z3's Fixedpoint. Its answers follow z3's
// convention: "sat" when the query is reachable.
//
//	fp := gospacer.NewFixedpoint(nil)
//	st := fp.Store()
//	inv := fp.Pred("inv", term.IntSort, term.IntSort)
//	x, y := st.Const("x", term.IntSort), st.Const("y", term.IntSort)
//	if err := fp.AddRule(st.Apply(inv, st.Int(0), st.Int(0))); err != nil {
//		return err
//	}
//	if err := fp.AddRule(st.Implies(st.And(st.Apply(inv, x, y), st.Lt(x, st.Int(10))),
//		st.Apply(inv, st.Add(x, st.Int(1)), st.Add(y, st.Int(1))))); err != nil {
//		return err
//	}
//	res, err := fp.Query(ctx, st.And(st.Apply(inv, x, y), st.Gt(y, st.Int(10)))) // unsat
//	// what is known of inv, over the caller's variables a and b:
//	// (and (= (+ a (* (- 1) b)) 0) (<= b 10))
//	a, b := st.Const("a", term.IntSort), st.Const("b", term.IntSort)
//	cover, err := fp.Cover(gospacer.Inductive, st.Apply(inv, a, b))
//
// ExampleFixedpoint runs it.
//
// # Testing tools
//
// The random generators, oracles and checkers that gospacer's own
// property tests use are public in package fuzz; fuzz.ProjectionProperty
// property-tests a model-based projection of one's own against package
// mbp's with pgregory.net/rapid, and itp.Check checks an interpolant.
//
// # Files
//
//	solve.go       Solve, SolveFile, SolveReader, Engine, Result, answers,
//	               reasons, and the one front door they and Fixedpoint
//	               share: options to an engine, the timeout, pipeline.Solve
//	options.go     Option and the With... functions, the engine they name
//	normalize.go   Normalize: hand-built systems in chc's normal form
//	builder.go     Builder: systems from formulas
//	fixedpoint.go  Fixedpoint: incremental queries, lemmas and covers
//
// # Naming
//
//	sys   *System
//	st    *term.Store
//	res   Result
//	b     *Builder
//	fp    *Fixedpoint
//	c     *config (the options), or a *chc.Clause
package gospacer
