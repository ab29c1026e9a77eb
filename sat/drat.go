package sat

import (
	"bufio"
	"io"
	"strconv"
)

// dratWriter writes a DRAT proof in text form: learned clauses as added
// lines, deleted clauses as "d" lines, and "0" for the empty clause.
type dratWriter struct {
	w   *bufio.Writer
	buf []byte
	err error
}

func newDRATWriter(w io.Writer) *dratWriter {
	return &dratWriter{w: bufio.NewWriterSize(w, 1<<16)}
}

func (d *dratWriter) add(lits []Lit) { d.line(lits, false) }
func (d *dratWriter) del(lits []Lit) { d.line(lits, true) }

func (d *dratWriter) line(lits []Lit, del bool) {
	b := d.buf[:0]
	if del {
		b = append(b, 'd', ' ')
	}
	for _, m := range lits {
		b = strconv.AppendInt(b, int64(m.Dimacs()), 10)
		b = append(b, ' ')
	}
	b = append(b, '0', '\n')
	if _, err := d.w.Write(b); err != nil && d.err == nil {
		d.err = err
	}
	d.buf = b
}

func (d *dratWriter) flush() {
	if err := d.w.Flush(); err != nil && d.err == nil {
		d.err = err
	}
}

// DRATErr returns the first error met writing the DRAT proof, if any. The
// proof is flushed at the end of every Solve.
func (s *Solver) DRATErr() error {
	if s.drat == nil {
		return nil
	}
	return s.drat.err
}
