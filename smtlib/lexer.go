package smtlib

import (
	"fmt"
	"io"
	"unicode/utf8"
)

type tokKind uint8

const (
	tokEOF     tokKind = iota
	tokLParen          // (
	tokRParen          // )
	tokSymbol          // simple symbol: foo, <=, let
	tokQuoted          // quoted symbol |foo bar|; text without the bars
	tokKeyword         // :named; text with the colon
	tokNumeral         // 42
	tokDecimal         // 4.2
	tokString          // "a ""b"""; text unescaped
	tokHex             // #x1F
	tokBinary          // #b101
	tokError           // a lexical error; text is the message
)

var tokNames = [...]string{
	tokEOF:     "end of input",
	tokLParen:  "(",
	tokRParen:  ")",
	tokSymbol:  "symbol",
	tokQuoted:  "symbol",
	tokKeyword: "keyword",
	tokNumeral: "numeral",
	tokDecimal: "decimal",
	tokString:  "string literal",
	tokHex:     "hexadecimal literal",
	tokBinary:  "binary literal",
	tokError:   "error",
}

// A token is valid until the next call of lexer.next: text points into the
// lexer's buffers.
type token struct {
	kind tokKind
	text []byte
	pos  Pos
}

// setPos sets the position of t.
func (t *token) setPos(file string, line, col int) {
	if t.pos.File != file {
		t.pos.File = file
	}
	t.pos.Line, t.pos.Col = line, col
}

// isSymbolName reports whether t names something: a simple or quoted symbol.
func (t *token) isSymbolName() bool { return t.kind == tokSymbol || t.kind == tokQuoted }

// maxDepth bounds the nesting of parentheses, so that the recursive parser
// and the recursive walks over terms stay within a modest stack.
const maxDepth = 1 << 16

// A lexer reads tokens from an io.Reader through its own buffer. It never
// reads past the ')' that ends a command, so an interactive session gets
// each command's answer before typing the next.
//
// Offsets into buf (r, w, start, end, prevEnd, rec) shift when fill
// compacts the buffer.
type lexer struct {
	src  io.Reader
	file string
	buf  []byte
	r, w int  // next unread byte; end of data
	eof  bool // src is exhausted (or failed: rerr)
	rerr error

	line, col int // position of buf[r]

	scanning   bool // a token is being scanned from start
	start, end int  // current token
	prevEnd    int  // end of the token before the current one
	rec        int  // start of recorded source text, or -1
	str        []byte
	opens      []Pos // positions of the unclosed '('
}

// lexBuffer is the size of a lexer's buffer when its input's size is not
// known or is larger; fill doubles it for a token that does not fit.
const lexBuffer = 64 << 10

// newLexer reads src, which has size bytes (negative: unknown). The
// buffer of a small input is its size and one byte, room for the read
// that finds the end: a script of a few KB (a command piece of a session,
// most CHC files) does not pay for zeroing 64 KB, the pages a fresh
// process faults in for it included.
func newLexer(file string, src io.Reader, size int) *lexer {
	n := lexBuffer
	if size >= 0 && size < lexBuffer {
		n = size + 1
	}
	return &lexer{src: src, file: file, buf: make([]byte, n), line: 1, col: 1, rec: -1}
}

// depth is the number of unclosed parentheses.
func (lx *lexer) depth() int { return len(lx.opens) }

func (lx *lexer) pos() Pos { return Pos{lx.file, lx.line, lx.col} }

// fill reads more input, keeping the current token and the recorded text.
// It reports whether new bytes are available at buf[r].
func (lx *lexer) fill() bool {
	if lx.eof {
		return false
	}
	keep := lx.r
	if lx.scanning && lx.start < keep {
		keep = lx.start
	}
	if lx.rec >= 0 && lx.rec < keep {
		keep = lx.rec
	}
	if keep > 0 {
		copy(lx.buf, lx.buf[keep:lx.w])
		lx.w -= keep
		lx.r -= keep
		lx.start -= keep
		lx.end -= keep
		lx.prevEnd -= keep
		if lx.rec >= 0 {
			lx.rec -= keep
		}
	}
	if lx.w == len(lx.buf) {
		nb := make([]byte, 2*len(lx.buf))
		copy(nb, lx.buf[:lx.w])
		lx.buf = nb
	}
	for tries := 0; tries < 100; tries++ {
		n, err := lx.src.Read(lx.buf[lx.w:])
		lx.w += n
		if err != nil {
			lx.eof = true
			if err != io.EOF {
				lx.rerr = err
			}
			return n > 0
		}
		if n > 0 {
			return true
		}
	}
	lx.eof = true
	lx.rerr = io.ErrNoProgress
	return false
}

// peek returns the next byte without consuming it; ok is false at the end.
func (lx *lexer) peek() (c byte, ok bool) {
	if lx.r == lx.w && !lx.fill() {
		return 0, false
	}
	return lx.buf[lx.r], true
}

// advance consumes the byte returned by peek.
func (lx *lexer) advance() {
	if lx.buf[lx.r] == '\n' {
		lx.line++
		lx.col = 1
	} else {
		lx.col++
	}
	lx.r++
}

func isSymbolChar(c byte) bool {
	switch {
	case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		return true
	}
	switch c {
	case '~', '!', '@', '$', '%', '^', '&', '*', '_', '-', '+', '=', '<', '>', '.', '?', '/':
		return true
	}
	return false
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// next scans the next token.
func (lx *lexer) next() token {
	var t token
	lx.nextInto(&t)
	return t
}

// nextInto scans the next token into t. White space, comments and simple
// symbols are scanned over the buffer directly (a byte at a time through
// peek and advance costs a call and a position update per byte).
func (lx *lexer) nextInto(t *token) {
	lx.prevEnd = lx.end
	// Skip white space and comments.
	for {
		if lx.r == lx.w && !lx.fill() {
			lx.start, lx.end = lx.r, lx.r
			if lx.rerr != nil {
				*t = lx.fail(lx.pos(), "read error: %v", lx.rerr)
				return
			}
			*t = token{kind: tokEOF, pos: lx.pos()}
			return
		}
		c := lx.buf[lx.r]
		if c == ';' {
			lx.skipComment()
			continue
		}
		if c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' {
			lx.col++
			lx.r++
			continue
		}
		if c == '\n' {
			lx.line++
			lx.col = 1
			lx.r++
			continue
		}
		break
	}
	lx.start = lx.r
	// The common tokens are written field by field: a token is three
	// words of pointers, and assigning it whole costs more.
	switch c := lx.buf[lx.r]; {
	case symbolStart[c]:
		t.setPos(lx.file, lx.line, lx.col)
		lx.scanning = true
		lx.symbolChars()
		lx.scanning = false
		lx.end = lx.r
		t.kind, t.text = tokSymbol, lx.buf[lx.start:lx.r]
		return
	case c == ')':
		t.setPos(lx.file, lx.line, lx.col)
		lx.r++
		lx.col++
		if len(lx.opens) > 0 {
			lx.opens = lx.opens[:len(lx.opens)-1]
		}
		lx.end = lx.r
		t.kind, t.text = tokRParen, nil
		return
	case c == '(' && len(lx.opens) < maxDepth:
		t.setPos(lx.file, lx.line, lx.col)
		lx.opens = append(lx.opens, t.pos)
		lx.r++
		lx.col++
		lx.end = lx.r
		t.kind, t.text = tokLParen, nil
		return
	}
	p := lx.pos()
	lx.scanning = true
	*t = lx.scan(p)
	lx.scanning = false
	lx.end = lx.r
}

// skipComment consumes a comment from its ';' up to the end of the line
// (the newline is left).
func (lx *lexer) skipComment() {
	for {
		for lx.r < lx.w {
			if lx.buf[lx.r] == '\n' {
				return
			}
			lx.r++
			lx.col++
		}
		if !lx.fill() {
			return
		}
	}
}

func (lx *lexer) fail(p Pos, format string, args ...any) token {
	return token{kind: tokError, text: []byte(fmt.Sprintf(format, args...)), pos: p}
}

func (lx *lexer) scan(p Pos) token {
	c, _ := lx.peek()
	switch {
	case c == '(':
		lx.advance()
		if len(lx.opens) >= maxDepth {
			return lx.fail(p, "parentheses nested deeper than %d", maxDepth)
		}
		lx.opens = append(lx.opens, p)
		return token{kind: tokLParen, pos: p}
	case c == ')':
		lx.advance()
		if len(lx.opens) > 0 {
			lx.opens = lx.opens[:len(lx.opens)-1]
		}
		return token{kind: tokRParen, pos: p}
	case c == '|':
		lx.advance()
		for {
			c, ok := lx.peek()
			if !ok {
				return lx.fail(p, "unterminated quoted symbol")
			}
			lx.advance()
			if c == '|' {
				return token{kind: tokQuoted, text: lx.buf[lx.start+1 : lx.r-1], pos: p}
			}
		}
	case c == '"':
		lx.advance()
		lx.str = lx.str[:0]
		for {
			c, ok := lx.peek()
			if !ok {
				return lx.fail(p, "unterminated string literal")
			}
			lx.advance()
			if c == '"' {
				if c2, ok := lx.peek(); ok && c2 == '"' {
					lx.advance()
				} else {
					return token{kind: tokString, text: lx.str, pos: p}
				}
			}
			lx.str = append(lx.str, c)
		}
	case c == ':':
		lx.advance()
		lx.symbolChars()
		if lx.r-lx.start == 1 {
			return lx.fail(p, "empty keyword")
		}
		return token{kind: tokKeyword, text: lx.buf[lx.start:lx.r], pos: p}
	case c == '#':
		lx.advance()
		c2, ok := lx.peek()
		if ok && (c2 == 'x' || c2 == 'b') {
			lx.advance()
			lx.symbolChars()
			text := lx.buf[lx.start:lx.r]
			digits := text[2:]
			valid := len(digits) > 0
			for _, d := range digits {
				if c2 == 'b' && d != '0' && d != '1' ||
					c2 == 'x' && !(isDigit(d) || d >= 'a' && d <= 'f' || d >= 'A' && d <= 'F') {
					valid = false
				}
			}
			if !valid {
				return lx.fail(p, "invalid literal %s", text)
			}
			if c2 == 'x' {
				return token{kind: tokHex, text: text, pos: p}
			}
			return token{kind: tokBinary, text: text, pos: p}
		}
		return lx.fail(p, "unexpected character '#'")
	case isDigit(c):
		lx.symbolChars()
		text := lx.buf[lx.start:lx.r]
		return lx.number(p, text)
	case isSymbolChar(c):
		lx.symbolChars()
		return token{kind: tokSymbol, text: lx.buf[lx.start:lx.r], pos: p}
	}
	if c >= utf8.RuneSelf {
		// Consume the whole UTF-8 sequence for the message.
		var rb []byte
		for len(rb) < utf8.UTFMax {
			b, ok := lx.peek()
			if !ok || (len(rb) > 0 && utf8.RuneStart(b)) {
				break
			}
			rb = append(rb, b)
			lx.advance()
			if utf8.FullRune(rb) {
				break
			}
		}
		if ru, _ := utf8.DecodeRune(rb); ru != utf8.RuneError {
			return lx.fail(p, "unexpected character %q (non-ASCII characters may occur only in quoted symbols, strings and comments)", ru)
		}
		return lx.fail(p, "unexpected byte 0x%02x (the input is not UTF-8)", rb[0])
	}
	lx.advance()
	return lx.fail(p, "unexpected character %q", rune(c))
}

// symbolChars consumes a maximal run of simple-symbol characters.
func (lx *lexer) symbolChars() {
	for {
		i, buf := lx.r, lx.buf[:lx.w]
		for i < len(buf) && symbolChar[buf[i]] {
			i++
		}
		lx.col += i - lx.r
		lx.r = i
		if i < lx.w || !lx.fill() {
			return
		}
	}
}

// symbolChar and symbolStart are isSymbolChar as tables, the latter
// without the digits (a token that starts with one is a number).
var symbolChar, symbolStart = func() (c, s [256]bool) {
	for i := range 256 {
		c[i] = isSymbolChar(byte(i))
		s[i] = c[i] && !isDigit(byte(i))
	}
	return
}()

// number classifies a run of symbol characters that starts with a digit:
// a numeral (0 or no leading zero) or a decimal (numeral.digits).
func (lx *lexer) number(p Pos, text []byte) token {
	i := 0
	for i < len(text) && isDigit(text[i]) {
		i++
	}
	intPart := text[:i]
	if len(intPart) > 1 && intPart[0] == '0' {
		return lx.fail(p, "invalid numeral %s: leading zero", text)
	}
	if i == len(text) {
		return token{kind: tokNumeral, text: text, pos: p}
	}
	if text[i] == '.' {
		j := i + 1
		for j < len(text) && isDigit(text[j]) {
			j++
		}
		if j == len(text) && j > i+1 {
			return token{kind: tokDecimal, text: text, pos: p}
		}
		if j == i+1 && j == len(text) {
			return lx.fail(p, "invalid decimal %s: digits must follow the point", text)
		}
	}
	return lx.fail(p, "invalid numeral %s", text)
}

// group returns the text of the parenthesised group whose ( is the
// current token, through its matching ), and the deepest nesting of
// parentheses in it, when it is in the buffer and made of letters,
// spaces and parentheses only (no line break, comment or other token:
// positions within it are columns); ok is false otherwise.
func (lx *lexer) group() (span []byte, depth int, ok bool) {
	if lx.end != lx.start+1 || lx.r != lx.end || lx.buf[lx.start] != '(' {
		return nil, 0, false
	}
	d := 1
	depth = 1
	for i := lx.r; i < lx.w; i++ {
		switch c := lx.buf[i]; {
		case c == '(':
			d++
			depth = max(depth, d)
		case c == ')':
			if d--; d == 0 {
				return lx.buf[lx.start : i+1], depth, true
			}
		case c == ' ', c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
		default:
			return nil, 0, false
		}
	}
	return nil, 0, false
}

// skipGroup consumes the group of n bytes that group returned, as
// scanning its tokens would: its ( is the current token, its ) the last.
func (lx *lexer) skipGroup(n int) {
	lx.r = lx.start + n
	lx.col += n - 1
	lx.end = lx.r
	lx.opens = lx.opens[:len(lx.opens)-1]
}

// record starts recording the source text from the start of the current
// token.
func (lx *lexer) record() { lx.rec = lx.start }

// recorded returns the source text from the recording start to the end of
// the token before the current one, and stops recording.
func (lx *lexer) recorded() string {
	if lx.rec < 0 || lx.prevEnd < lx.rec {
		lx.rec = -1
		return ""
	}
	s := string(lx.buf[lx.rec:lx.prevEnd])
	lx.rec = -1
	return s
}

// recordedThrough is recorded, but through the end of the current token.
func (lx *lexer) recordedThrough() string {
	if lx.rec < 0 || lx.end < lx.rec {
		lx.rec = -1
		return ""
	}
	s := string(lx.buf[lx.rec:lx.end])
	lx.rec = -1
	return s
}
