package script

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"

	"github.com/seed-f9c3434d/gospacer/smt"
	"github.com/seed-f9c3434d/gospacer/smtlib"
	"github.com/seed-f9c3434d/gospacer/term"
)

// ErrExited is the error of a Session's Exec after (exit).
var ErrExited = errors.New("script: the session has exited")

// A Session is an SMT-LIB console: it takes commands one at a time, as
// text or parsed, executes each at once and returns its response, in the
// standard's form (Options.Standard): "sat", "success" under
// :print-success, "" for a command without a response, and (error
// "line L column C: message") for a command that failed, after which
// the session goes on (:error-behavior continued-execution). The
// declarations, scopes, options and the solver's learnt state persist
// from command to command. A Session is not safe for concurrent use.
type Session struct {
	st     *term.Store
	x      *Executor
	buf    bytes.Buffer // the responses of the command being executed
	rd     *smtlib.Reader
	exited bool
}

// NewSession returns a session with a fresh store and solver.
func NewSession(opts Options) *Session {
	st := term.NewStore()
	s := &Session{st: st}
	opts.Standard = true
	s.x = New(st, &s.buf, io.Discard, opts)
	s.rd = smtlib.NewReader("", strings.NewReader(""), st)
	return s
}

// Store is the store of the session's terms: commands given to
// ExecCommand must be read into it (smtlib.NewReader(name, r,
// s.Store())).
func (s *Session) Store() *term.Store { return s.st }

// Exited reports whether the session executed (exit).
func (s *Session) Exited() bool { return s.exited }

// Stats returns the statistics of the session's solver.
func (s *Session) Stats() smt.Stats { return s.x.Stats() }

// Exec executes the commands of text (one or several; positions count
// lines from the start of text) and returns their responses, each ending
// in a line break. The error is that of the first command that failed,
// an *smtlib.Error; its (error ...) response is among the responses, and
// the commands after it ran. After (exit) the rest of text is not read
// and later calls return ErrExited.
func (s *Session) Exec(text string) (string, error) {
	return s.ExecContext(context.Background(), text)
}

// ExecContext is Exec under ctx: a check-sat that ctx cancels answers
// unknown.
func (s *Session) ExecContext(ctx context.Context, text string) (string, error) {
	if s.exited {
		return "", ErrExited
	}
	s.rd.Continue("", strings.NewReader(text))
	var out strings.Builder
	var first error
	err := s.serve(ctx, s.rd, func(resp string, err error) {
		out.WriteString(resp)
		if first == nil {
			first = err
		}
	})
	if first == nil {
		first = err
	}
	return out.String(), first
}

// ExecCommand executes one parsed command and returns its response, and
// the command's error (an *smtlib.Error) if it failed.
func (s *Session) ExecCommand(ctx context.Context, c *smtlib.Command) (string, error) {
	if s.exited {
		return "", ErrExited
	}
	s.buf.Reset()
	errs := s.x.errors
	if !s.x.exec(ctx, c) {
		s.exited = true
	}
	s.x.out.Flush()
	resp := s.buf.String()
	s.buf.Reset()
	if s.x.errors > errs {
		return resp, s.x.lastErr
	}
	return resp, nil
}

// Serve reads commands from in (named name in positions) and executes
// each as soon as it is read, writing its response to out in one Write
// before it reads the next, up to the end of in or (exit): a client that
// waits for each response before it sends the next command is answered.
// A command that does not read gets an (error ...) response and the
// session goes on with the next; an input the reader cannot resume after
// ends it. Serve returns the number of commands that failed, and the
// error of writing to out, if any.
func (s *Session) Serve(ctx context.Context, name string, in io.Reader, out io.Writer) (failed int, err error) {
	if s.exited {
		return 0, ErrExited
	}
	s.rd.Continue(name, in)
	var werr error
	rerr := s.serve(ctx, s.rd, func(resp string, err error) {
		if err != nil {
			failed++
		}
		if resp != "" && werr == nil {
			_, werr = io.WriteString(out, resp)
		}
	})
	if rerr != nil && !errors.As(rerr, new(*smtlib.Error)) {
		return failed, rerr
	}
	return failed, werr
}

// serve executes the commands of rd, handing each response and error to
// emit; it returns the error that ended reading, nil at the end.
func (s *Session) serve(ctx context.Context, rd *smtlib.Reader, emit func(string, error)) error {
	for !s.exited {
		c, err := rd.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			s.ReadFailed(err)
			emit(ReadErrorResponse(err), err)
			if rd.Broken() {
				return err
			}
			continue
		}
		resp, err := s.ExecCommand(ctx, &c)
		emit(resp, err)
	}
	return nil
}

// ReadFailed tells the session that a command failed to read with err,
// for a caller that reads the commands itself: a pop of more levels than
// were pushed ends the model of the last check-sat, as a pop does (and as
// in z3); an assertion that does not read makes check-sat answer unknown
// rather than sat until its scope is popped (Executor.Dropped); no other
// command that does not read changes the session.
func (s *Session) ReadFailed(err error) {
	var e *smtlib.Error
	if !errors.As(err, &e) {
		return
	}
	switch e.Command {
	case "pop":
		s.x.lastOK = false
	case "assert", "rule", "query", "define-fun-rec", "define-funs-rec":
		// a recursive definition is an axiom: f(x) = f(x) + 1 is unsat
		s.x.Dropped(e)
	}
}

// ReadErrorResponse is the (error ...) response to a command that did not
// read: err from smtlib.Reader.Next, positioned when it is an
// *smtlib.Error.
func ReadErrorResponse(err error) string {
	var e *smtlib.Error
	if errors.As(err, &e) {
		return ErrorResponse(e.Pos, e.Msg)
	}
	return "(error " + Literal(smtlib.OneLine(err.Error())) + ")\n"
}
