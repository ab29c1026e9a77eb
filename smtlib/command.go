package smtlib

import (
	"strconv"
	"strings"

	"github.com/seed-f9c3434d/gospacer/term"
)

// Pos is a position in the input: a 1-based line and a 1-based byte column.
type Pos struct {
	File      string
	Line, Col int
}

// String is "file:line:col".
func (p Pos) String() string {
	return p.File + ":" + strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Col)
}

// An Error is a positioned reader error. Every error returned by Parse and
// Reader.Next is an *Error.
type Error struct {
	Pos Pos
	Msg string
	// Command is the name of the command that failed to read, as the
	// script spells it ("assert"), when the error is in one (set by
	// Reader.Next).
	Command string
}

// Error is "file:line:col: message", on one line: line breaks in the
// message (a quoted symbol may hold one) are written \n and \r.
func (e *Error) Error() string { return e.Pos.String() + ": " + OneLine(e.Msg) }

// OneLine is s with its line breaks written \n and \r, for messages that
// must stay on one line.
func OneLine(s string) string {
	if !strings.ContainsAny(s, "\n\r") {
		return s
	}
	return strings.NewReplacer("\n", `\n`, "\r", `\r`).Replace(s)
}

// Kind is the kind of a command.
type Kind uint8

// The command kinds. DeclareFun also stands for declare-const and z3's
// declare-rel; Assert and CheckSat for z3's rule and query (see Command).
const (
	SetLogic Kind = iota + 1
	SetInfo
	SetOption
	GetInfo
	GetOption
	DeclareSort
	DefineSort
	DeclareFun
	DefineFun
	Assert
	CheckSat
	CheckSatAssuming
	Push
	Pop
	Reset
	ResetAssertions
	GetModel
	GetValue
	GetUnsatCore
	GetAssertions
	GetInterpolants
	Echo
	Exit
	GetProjection // gospacer's (get-projection (x ...) φ), projection.go
	// Datatypes
	DeclareDatatypes // declare-datatypes and declare-datatype, datatypes.go
	Unsupported      // a known command this package does not implement
	numKinds
)

var kindNames = [numKinds]string{
	SetLogic:         "set-logic",
	SetInfo:          "set-info",
	SetOption:        "set-option",
	GetInfo:          "get-info",
	GetOption:        "get-option",
	DeclareSort:      "declare-sort",
	DefineSort:       "define-sort",
	DeclareFun:       "declare-fun",
	DefineFun:        "define-fun",
	Assert:           "assert",
	CheckSat:         "check-sat",
	CheckSatAssuming: "check-sat-assuming",
	Push:             "push",
	Pop:              "pop",
	Reset:            "reset",
	ResetAssertions:  "reset-assertions",
	GetModel:         "get-model",
	GetValue:         "get-value",
	GetUnsatCore:     "get-unsat-core",
	GetAssertions:    "get-assertions",
	GetInterpolants:  "get-interpolants",
	Echo:             "echo",
	Exit:             "exit",
	GetProjection:    "get-projection",
	// Datatypes
	DeclareDatatypes: "declare-datatypes",
	Unsupported:      "unsupported",
}

// String is the SMT-LIB command name ("check-sat"), or "unsupported".
func (k Kind) String() string {
	if k > 0 && k < numKinds {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// A Command is one command of a script. Which fields are set depends on
// Kind:
//
//	SetLogic          Name: the logic
//	SetInfo           Keyword (with its colon), Value: the value's source text ("" if none)
//	SetOption         Keyword, Value, as for SetInfo
//	GetInfo           Keyword
//	GetOption         Keyword
//	DeclareSort       Name, N: arity; Sort: the sort when N == 0
//	DefineSort        Name, Names: parameters, Text: the body's source text
//	DeclareFun        Func (also for declare-const and declare-rel)
//	DefineFun         Name, Terms: parameters (bound variables), Sort: range, Term: body
//	Assert            Term: a closed Boolean term; Name: its :named name, if any;
//	                  Query: the assertion of z3's (query q), (=> q false) closed
//	CheckSat          Query: produced by z3's (query ...)
//	CheckSatAssuming  Terms: the assumptions
//	Push, Pop         N: the number of levels
//	GetValue          Terms, and Names: the source text of each term
//	GetInterpolants   Parts: the names of each partition (a conjunction of
//	                  :named assertions), in post-order; Parents: the parent
//	                  of each partition, -1 for the root (the last)
//	Echo              Text: the string, unescaped
//	GetProjection     Terms: the constants to project out, Term: the formula
//	DeclareDatatypes  Name: the command's name, Sort: the first datatype, N:
//	                  the index of the group in Store.DatatypeGroups
//	Unsupported       Name: the command name, Text: the command's source text
//
// Reset, ResetAssertions, GetModel, GetUnsatCore, GetAssertions and Exit
// have no fields but Kind and Pos.
type Command struct {
	Kind           Kind
	Pos            Pos // of the command's opening parenthesis
	Term           *term.Term
	Terms          []*term.Term
	Names          []string
	Func           *term.Func
	Sort           *term.Sort
	Name           string
	Keyword, Value string
	N              int
	Text           string
	Query          bool
	Parts          [][]string
	Parents        []int
}

// A Script is the list of commands of an SMT-LIB file.
type Script struct {
	Logic    string // the first set-logic, "" if none
	Commands []Command
}
