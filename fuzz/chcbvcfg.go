package fuzz

import (
	"fmt"
	"strings"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
	"pgregory.net/rapid"
)

// BitVecCFGScript draws a control-flow graph over 3-bit vectors in the
// shape of Eldarica's SLayerCF files, as a HORN script: one predicate
// P(pc, x, b) whose first argument is a location that every clause fixes
// by pc = c, edges between random locations (0 to 4) with a guard and an
// update of x, an entry fact at location 0 and a query at a location;
// sometimes an edge leaves its source location free. split reports
// whether every clause fixes the location and there are two locations at
// least (then passes.SplitLocations splits P). BruteCHC decides it.
func BitVecCFGScript(t *rapid.T) (src string, split bool) {
	var b strings.Builder
	b.WriteString("(set-logic HORN)\n(declare-fun P ((_ BitVec 3) (_ BitVec 3) Bool) Bool)\n")
	lit := func(v int) string { return fmt.Sprintf("(_ bv%d 3)", v&7) }
	locs := map[int]bool{0: true}
	loc := func(name string) string {
		v := rapid.IntRange(0, 4).Draw(t, name)
		locs[v] = true
		return lit(v)
	}
	fmt.Fprintf(&b, "(assert (forall ((p (_ BitVec 3)) (x (_ BitVec 3)) (f Bool)) (=> (and (= p %s) (= x %s)) (P p x f))))\n",
		lit(0), lit(rapid.IntRange(0, 7).Draw(t, "x0")))
	free := false
	for i, n := 0, rapid.IntRange(1, 7).Draw(t, "edges"); i < n; i++ {
		guard := []string{"true", "(bvult x %s)", "(= x %s)", "(not (= x %s))", "f", "(not f)"}[rapid.IntRange(0, 5).Draw(t, "guard")]
		if strings.Contains(guard, "%s") {
			guard = fmt.Sprintf(guard, lit(rapid.IntRange(0, 7).Draw(t, "g")))
		}
		upd := []string{"x", "(bvadd x %s)", "(bvmul x %s)", "%s"}[rapid.IntRange(0, 3).Draw(t, "upd")]
		if strings.Contains(upd, "%s") {
			upd = fmt.Sprintf(upd, lit(rapid.IntRange(0, 7).Draw(t, "u")))
		}
		src := fmt.Sprintf("(= p %s)", loc("src"))
		if rapid.IntRange(0, 9).Draw(t, "free") == 0 {
			src, free = "true", true
		}
		fmt.Fprintf(&b, "(assert (forall ((p (_ BitVec 3)) (x (_ BitVec 3)) (f Bool) (q (_ BitVec 3)) (y (_ BitVec 3)) (g Bool)) "+
			"(=> (and (P p x f) %s %s (= q %s) (= y %s) (= g %v)) (P q y g))))\n",
			src, guard, loc("dst"), upd, rapid.Bool().Draw(t, "g"))
	}
	fmt.Fprintf(&b, "(assert (forall ((p (_ BitVec 3)) (x (_ BitVec 3)) (f Bool)) (=> (and (P p x f) (= p %s) (bvuge x %s)) false)))\n",
		loc("bad"), lit(rapid.IntRange(0, 7).Draw(t, "bad x")))
	return b.String(), !free && len(locs) > 1
}

// CHCSystemBitVecCFG draws the systems of BitVecCFGScript.
func CHCSystemBitVecCFG(st *term.Store) *rapid.Generator[*chc.System] {
	return rapid.Custom(func(t *rapid.T) *chc.System {
		src, _ := BitVecCFGScript(t)
		s, _, err := chc.Read("cfg.smt2", strings.NewReader(src), st)
		if err != nil {
			panic(fmt.Sprintf("fuzz: BitVecCFGScript drew a script that does not read: %v\n%s", err, src))
		}
		return s
	})
}
