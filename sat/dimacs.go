package sat

import (
	"errors"
	"fmt"
	"io"
)

// ParseError is an error in DIMACS input, with its 1-based position.
type ParseError struct {
	Line, Col int
	Msg       string
}

// Error returns "line:col: message".
func (e *ParseError) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg) }

// CNF is a formula read from DIMACS: Vars from the header and the clauses
// in input order. The clauses share one backing array.
type CNF struct {
	Vars    int
	Clauses [][]Lit
}

// Check reports whether value satisfies every clause; if not, it returns
// the index of the first falsified clause.
func (f *CNF) Check(value func(Lit) bool) (int, bool) {
	for i, c := range f.Clauses {
		sat := false
		for _, m := range c {
			if value(m) {
				sat = true
				break
			}
		}
		if !sat {
			return i, false
		}
	}
	return -1, true
}

// maxDimacsVar bounds variable numbers so that hostile input cannot make
// the solver allocate without limit.
const maxDimacsVar = 1<<28 - 1

// ParseDIMACS reads a formula in DIMACS CNF format. Malformed input gives
// a *ParseError; read errors are returned as they are.
func ParseDIMACS(r io.Reader) (*CNF, error) {
	var lits []Lit
	var ends []int
	p := dimacsParser{r: r, buf: make([]byte, 1<<16)}
	err := p.parse(func(c []Lit) {
		lits = append(lits, c...)
		ends = append(ends, len(lits))
	})
	if err != nil {
		return nil, err
	}
	f := &CNF{Vars: p.vars, Clauses: make([][]Lit, len(ends))}
	start := 0
	for i, e := range ends {
		f.Clauses[i] = lits[start:e:e]
		start = e
	}
	return f, nil
}

// ReadDIMACS reads a formula in DIMACS CNF format and adds its clauses to
// s. On error, the clauses before the error have been added.
func (s *Solver) ReadDIMACS(r io.Reader) error {
	p := dimacsParser{r: r, buf: make([]byte, 1<<16)}
	return p.parse(func(c []Lit) { s.AddClause(c...) })
}

// dimacsParser is a byte-level scanner over a reader, tracking positions.
type dimacsParser struct {
	r         io.Reader
	buf       []byte
	pos, n    int
	eof       bool
	err       error // read error
	line, col int   // position of buf[pos]
	vars      int
	header    bool
	clause    []Lit
}

// peek returns the next byte, or -1 at end of input or on a read error.
func (p *dimacsParser) peek() int {
	for p.pos == p.n {
		if p.eof {
			return -1
		}
		n, err := p.r.Read(p.buf)
		p.pos, p.n = 0, n
		if err != nil {
			p.eof = true
			if !errors.Is(err, io.EOF) {
				p.err = err
			}
		}
	}
	return int(p.buf[p.pos])
}

func (p *dimacsParser) advance() {
	if p.buf[p.pos] == '\n' {
		p.line++
		p.col = 1
	} else {
		p.col++
	}
	p.pos++
}

func (p *dimacsParser) errorf(line, col int, format string, args ...any) error {
	return &ParseError{line, col, fmt.Sprintf(format, args...)}
}

func isSpace(c int) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

func isDigit(c int) bool { return c >= '0' && c <= '9' }

func (p *dimacsParser) skipLine() {
	for c := p.peek(); c >= 0 && c != '\n'; c = p.peek() {
		p.advance()
	}
}

// skipBlanks skips spaces and tabs (not newlines).
func (p *dimacsParser) skipBlanks() {
	for c := p.peek(); c == ' ' || c == '\t' || c == '\r'; c = p.peek() {
		p.advance()
	}
}

// number reads an optionally negative decimal integer.
func (p *dimacsParser) number(limit int) (int, error) {
	line, col := p.line, p.col
	neg := false
	if p.peek() == '-' {
		neg = true
		p.advance()
	}
	c := p.peek()
	if !isDigit(c) {
		return 0, p.errorf(p.line, p.col, "expected a digit, found %s", describe(c))
	}
	x := 0
	for ; isDigit(c); c = p.peek() {
		x = x*10 + c - '0'
		if x > limit {
			return 0, p.errorf(line, col, "number out of range (limit %d)", limit)
		}
		p.advance()
	}
	if c >= 0 && !isSpace(c) {
		return 0, p.errorf(p.line, p.col, "unexpected %s in number", describe(c))
	}
	if neg {
		x = -x
	}
	return x, nil
}

func describe(c int) string {
	switch {
	case c < 0:
		return "end of input"
	case c == '\n':
		return "end of line"
	case c >= ' ' && c < 127:
		return fmt.Sprintf("%q", rune(c))
	}
	return fmt.Sprintf("byte 0x%02x", c)
}

// parse scans the input, calling emit for each clause.
func (p *dimacsParser) parse(emit func([]Lit)) error {
	p.line, p.col = 1, 1
	clauseLine, clauseCol := 0, 0
	for {
		c := p.peek()
		if c < 0 {
			break
		}
		switch {
		case isSpace(c):
			p.advance()
		case c == 'c':
			p.skipLine()
		case c == '%':
			// SATLIB files end with "%\n0\n".
			p.pos, p.n, p.eof = 0, 0, true
		case c == 'p':
			if err := p.parseHeader(); err != nil {
				return err
			}
		case c == '-' || isDigit(c):
			line, col := p.line, p.col
			if !p.header {
				return p.errorf(line, col, "clause before the \"p cnf\" header")
			}
			x, err := p.number(maxDimacsVar)
			if err != nil {
				return err
			}
			if x == 0 {
				emit(p.clause)
				p.clause = p.clause[:0]
				continue
			}
			if len(p.clause) == 0 {
				clauseLine, clauseCol = line, col
			}
			if v := max(x, -x); v > p.vars {
				return p.errorf(line, col, "variable %d exceeds the header's %d", v, p.vars)
			}
			p.clause = append(p.clause, Dimacs(x))
		default:
			return p.errorf(p.line, p.col, "unexpected %s", describe(c))
		}
	}
	if p.err != nil {
		return p.err
	}
	if !p.header {
		return p.errorf(p.line, p.col, "missing \"p cnf\" header")
	}
	if len(p.clause) > 0 {
		return p.errorf(clauseLine, clauseCol, "clause not terminated by 0")
	}
	return nil
}

// parseHeader reads "p cnf VARS CLAUSES".
func (p *dimacsParser) parseHeader() error {
	line, col := p.line, p.col
	if p.header {
		return p.errorf(line, col, "second \"p\" header")
	}
	p.advance()
	p.skipBlanks()
	for _, want := range "cnf" {
		if c := p.peek(); c != int(want) {
			return p.errorf(p.line, p.col, "expected \"p cnf\" header, found %s", describe(c))
		}
		p.advance()
	}
	var nums [2]int
	for i := range nums {
		c := p.peek()
		if c != ' ' && c != '\t' {
			return p.errorf(p.line, p.col, "expected a space, found %s", describe(c))
		}
		p.skipBlanks()
		c = p.peek()
		if !isDigit(c) {
			return p.errorf(p.line, p.col, "expected a number in the header, found %s", describe(c))
		}
		x, err := p.number(maxDimacsVar)
		if err != nil {
			return err
		}
		nums[i] = x
	}
	p.skipBlanks()
	if c := p.peek(); c >= 0 && c != '\n' {
		return p.errorf(p.line, p.col, "unexpected %s after the header", describe(c))
	}
	p.vars = nums[0]
	p.header = true
	return nil
}
