package smtlib

import "strings"

// What the reader does not read, named by the error the first sign of it
// gives: the sort, literal, indexed identifier or command. The README's
// list of supported input quotes these messages (a test of cmd/gospacer
// keeps the two in step).
const (
	errFloats    = "floating-point arithmetic is not supported"
	errStrings   = "strings are not supported"
	errSequences = "sequences are not supported"
	errDatatypes = "codatatypes are not supported"
	errHeap      = "the heap theory (declare-heap) is not supported"
	errRecursive = "recursive definitions (define-fun-rec) are not supported"
	errFields    = "finite fields are not supported"
	errSets      = "sets, bags and relations are not supported"
	errTrans     = "transcendental functions are not supported"
)

// theoryOfSort names the unsupported theory a sort symbol belongs to, ""
// when it belongs to none.
func theoryOfSort(name string) string {
	switch name {
	case "FloatingPoint", "Float16", "Float32", "Float64", "Float128", "RoundingMode":
		return errFloats
	case "String", "RegLan":
		return errStrings
	case "Seq":
		return errSequences
	case "Set", "Bag", "Relation", "Table":
		return errSets
	}
	return ""
}

// theoryOfSymbol names the unsupported theory of a function symbol the
// script does not declare, "" when it belongs to none.
func theoryOfSymbol(name string) string {
	switch name {
	case "exp", "sin", "cos", "tan", "csc", "sec", "cot", "arcsin", "arccos", "arctan",
		"arccsc", "arcsec", "arccot", "sqrt", "real.pi":
		return errTrans
	}
	if strings.HasPrefix(name, "set.") || strings.HasPrefix(name, "bag.") || strings.HasPrefix(name, "rel.") {
		return errSets
	}
	return ""
}

// theoryOfIndexed names the unsupported theory of an indexed identifier
// (_ name ...), "" when it belongs to none.
func theoryOfIndexed(name string) string {
	switch {
	case name == "to_fp", name == "to_fp_unsigned", name == "fp.to_ubv", name == "fp.to_sbv",
		name == "+oo", name == "-oo", name == "+zero", name == "-zero", name == "NaN":
		return errFloats
	case name == "char", name == "re.loop", name == "re.^":
		return errStrings
	case name == "FiniteField":
		return errFields
	}
	return theoryOfSort(name)
}

// indexedErrorNamed reports an indexed sort or identifier (_ name ...).
func (r *Reader) indexedErrorNamed(open Pos, what, name string) *Error {
	if th := theoryOfIndexed(name); th != "" {
		return r.errorf(open, "%s: (_ %s ...)", th, name)
	}
	return r.errorf(open, "indexed %s (_ %s ...) are not supported", what, name)
}

// unsupportedTheory is the command of a theory the reader does not read.
func unsupportedTheory(msg string) commandFunc {
	return func(r *Reader, p Pos) error { return r.errorf(p, "%s", msg) }
}
