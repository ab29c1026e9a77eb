// Package lra decides conjunctions of linear real arithmetic bounds with
// the general simplex of Dutertre and de Moura ("A Fast Linear-Arithmetic
// Solver for DPLL(T)", CAV 2006), incrementally, with Farkas explanations.
//
// # The problem
//
// The solver knows no terms. Its variables (Var) are original variables
// (NewVar) and slacks (AddRow): a slack s stands for a fixed linear
// combination Σ a_i·x_i of earlier variables. The caller asserts bounds
// on variables, each with an opaque Reason (a SAT literal), and asks
// Check whether all bounds hold together. An atom such as 2x + 2y < 6
// becomes: Normalize (x + y, scale 2), AddRow (the slack s for x + y,
// shared by every atom over x + y), then AssertUpper(s, Below(3), lit).
//
// # Delta-rationals
//
// Strict bounds are bounds on DeltaRat values R + D·δ for an infinitesimal
// δ > 0: x < c is x <= c - δ (Below), x > c is x >= c + δ (Above). The
// assignment β is delta-rational too. After a Sat answer Value(v) replaces
// δ by one rational small enough for every bound (computed once per
// model, §3.3 of the paper).
//
// # The tableau
//
// Every slack starts basic in its own row: s = Σ a_j·x_j over nonbasic
// variables. Rows are sparse — a slice of (var, coeff, column index)
// entries — and each variable has a column: the (row, position) pairs
// where it occurs, cross-linked so that removing an entry is O(1).
// Pivoting a basic x_i with a nonbasic x_j of its row solves the row for
// x_j and adds a multiple of it to every row of x_j's column, using a
// dense mark array (position per variable) and no allocation beyond the
// rows' own growth. Coefficients are num.Rat: int64 fractions with a
// 128-bit overflow path and a math/big fallback. The entry update a + c·b
// (and the value update β + a·θ) is one num.Rat.AddMul: exact in 192 bits
// on int64 fractions, GMP-style gcds on big ones, no product built in
// between — on files whose coefficients grow to tens of digits this is
// where a pivot's time goes.
//
// Quasi rows (OpenSMT's quasi-basic variables): the row of a basic slack
// without bounds is not kept — no entries, in no column, skipped by
// pivots — and the slack's value is its definition's, computed when
// asked; the row is rebuilt over the current nonbasic variables when the
// slack gets a bound. With many atoms over few variables most rows are
// quasi at any time. KeepRow exempts a slack (lia's integer slacks).
//
// Invariant: every nonbasic variable is within its bounds, and every kept
// basic variable's value is its row's value. Asserting a bound on a nonbasic
// variable moves it onto the bound (update); on a basic variable it only
// queues the variable. Check (§3.2) repeatedly takes the smallest queued
// basic variable outside its bounds (a min-heap), picks an entering
// variable of its row that can move in the needed direction — the one with
// the shortest column, or after defaultBlandAfter pivots in one Check the
// smallest one (Bland's rule, which terminates) — and pivots. When no
// entering variable exists the row is the conflict.
//
// # Backtracking
//
// Push saves the lengths of the bound trail; Pop restores earlier bounds.
// The tableau and the assignment are kept: restored bounds are weaker, so
// the invariant still holds, and the next Check starts from the pivoted
// tableau. Variables, rows and registered atoms are permanent.
//
// # Farkas explanations
//
// Conflict (and Implied.Expl) list asserted bounds with multipliers
// λ > 0. Each bound is read as a constraint with the variable on the left:
//
//	upper bound c on x:   x <= c.R   (x < c.R   if c.D < 0)
//	lower bound c on x:  -x <= -c.R  (-x < -c.R if c.D > 0)
//
// with every slack replaced by its definition. For a conflict, Σ λ·lhs is
// identically 0 and Σ λ·rhs is negative as a DeltaRat (upper bounds added,
// lower bounds subtracted): 0 <= r with r < 0, or 0 < 0 when the real part
// is 0 and a strict bound takes part. For a row conflict with basic x
// below its lower bound, x = Σ a_j·x_j, the multipliers are 1 for x's lower
// bound and |a_j| for the bound blocking x_j; the tableau row is a linear
// consequence of the definitions, so the sum cancels. Interpolation and
// Spacer read the coefficients; a Reason may occur more than once.
//
// # Propagation and theory combination
//
// RegisterAtom declares bounds the caller has literals for; Propagate
// reports atoms implied true or false by one asserted bound or by one
// tableau row (the bounds of the row's other variables summed, at most one
// missing), each with a Farkas explanation that sums to the derived bound.
// Only rows of variables whose bounds changed are examined; a quasi row is
// read as its slack's definition. FixedEqualities
// reports variables fixed to the same value (bound-implied equalities);
// ModelEqualities groups variables with equal model values, the
// candidates of model-based theory combination.
//
// # Files
//
//	deltarat.go   DeltaRat
//	solver.go     Solver, bounds, Push/Pop, conflicts, models, the heap
//	tableau.go    rows and columns, AddRow, Normalize, pivot, update
//	check.go      Check: variable selection, pivotAndUpdate, row conflicts
//	propagate.go  atoms, Propagate, equalities
//	lia_support.go  reading a column and moving a nonbasic variable, for lia
//
// # Naming
//
//	s            the *Solver
//	v, x, xi, xj variables (Var); xi leaving/basic, xj or enter entering
//	r, r2        row indices (int32); p a position in a row
//	e, ce        a row entry, a column entry
//	c, a         coefficients (num.Rat); lo/hi lower/upper bound tables
//	k            a BoundKind
//	λ (Coeff)    a Farkas multiplier
//	β (value)    the assignment
package lra
