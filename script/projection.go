package script

import (
	"errors"

	"github.com/seed-f9c3434d/gospacer/mbp"
	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
)

// getProjection answers gospacer's (get-projection (x1 ... xn) φ) after a
// sat answer: a model-based projection ψ of φ that eliminates x1 ... xn
// under the model of the last check-sat (mbp.Project: M ⊨ ψ and ψ ⇒
// ∃x1...xn.φ), checked by mbp.Check before it is printed. φ must hold in
// that model; it need not be an assertion.
func (x *Executor) getProjection(c *smtlib.Command) {
	m := x.haveModel(c)
	if m == nil {
		return
	}
	res, err := mbp.Project(x.st, c.Terms, c.Term, m)
	if errors.Is(err, mbp.ErrNotModel) {
		x.errorf(c.Pos, "get-projection: the formula is false in the model of the last check-sat")
		return
	}
	if err == nil {
		err = mbp.Check(c.Terms, c.Term, res.Formula, m)
	}
	if err != nil {
		x.errorf(c.Pos, "get-projection: %v", err)
		return
	}
	term.Fprint(x.out, res.Formula)
	x.out.WriteString("\n")
}
