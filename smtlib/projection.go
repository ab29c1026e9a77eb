package smtlib

import (
	"bufio"

	"github.com/seed-f9c3434d/gospacer/term"
)

// getProjection reads (get-projection (x1 ... xn) φ): the declared
// constants to project out, then a closed Boolean formula. It is
// gospacer's command for model-based projection (no standard one exists).
func (r *Reader) getProjection(p Pos) error {
	if err := r.expect(tokLParen, "( to start the variables to project"); err != nil {
		return err
	}
	var vars []*term.Term
	for r.tok.kind != tokRParen {
		vp := r.tok.pos
		t, err := r.term()
		if err != nil {
			return err
		}
		if !t.IsConst() {
			return r.errorf(vp, "get-projection: %v is not a declared constant", t)
		}
		vars = append(vars, t)
	}
	r.next()
	fp := r.tok.pos
	phi, err := r.term()
	if err != nil {
		return err
	}
	if err := r.closedFormula(fp, "get-projection", phi); err != nil {
		return err
	}
	if err := r.closeCommand("get-projection"); err != nil {
		return err
	}
	r.emit(Command{Kind: GetProjection, Pos: p, Terms: vars, Term: phi})
	return nil
}

// writeProjection writes (get-projection (x ...) φ).
func writeProjection(w *bufio.Writer, c *Command) {
	w.WriteString("(get-projection (")
	for i, v := range c.Terms {
		if i > 0 {
			w.WriteByte(' ')
		}
		term.Fprint(w, v)
	}
	w.WriteString(") ")
	term.Fprint(w, c.Term)
	w.WriteByte(')')
}
