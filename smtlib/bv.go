package smtlib

import (
	"math/big"
	"strconv"

	"github.com/seed-f9c3434d/gospacer/term"
)

// Bit-vectors: the sort (_ BitVec w), the literals #b..., #x... and
// (_ bvN w), the indexed operators ((_ extract i j) t) and the like, and
// the symbols of QF_BV (bvOps). Scripts of logic HORN keep refusing them:
// the CHC layer does not handle bit-vectors yet.

// bvOps are the non-indexed bit-vector symbols, with z3's bv2nat (and
// SMT-LIB 2.7's ubv_to_int, z3's bv2int for the same function; 2.7's
// sbv_to_int is a definition over it, read in application).
var bvOps = map[string]term.Op{
	"concat": term.OpConcat, "bvnot": term.OpBVNot, "bvand": term.OpBVAnd, "bvor": term.OpBVOr,
	"bvxor": term.OpBVXor, "bvnand": term.OpBVNand, "bvnor": term.OpBVNor, "bvxnor": term.OpBVXnor,
	"bvneg": term.OpBVNeg, "bvadd": term.OpBVAdd, "bvsub": term.OpBVSub, "bvmul": term.OpBVMul,
	"bvudiv": term.OpBVUdiv, "bvurem": term.OpBVUrem, "bvsdiv": term.OpBVSdiv, "bvsrem": term.OpBVSrem,
	"bvsmod": term.OpBVSmod, "bvshl": term.OpBVShl, "bvlshr": term.OpBVLshr, "bvashr": term.OpBVAshr,
	"bvult": term.OpBVUlt, "bvule": term.OpBVUle, "bvugt": term.OpBVUgt, "bvuge": term.OpBVUge,
	"bvslt": term.OpBVSlt, "bvsle": term.OpBVSle, "bvsgt": term.OpBVSgt, "bvsge": term.OpBVSge,
	"bvcomp": term.OpBVComp, "bvredor": term.OpBVRedor, "bvredand": term.OpBVRedand,
	"bvnego": term.OpBVNego, "bvuaddo": term.OpBVUaddo, "bvsaddo": term.OpBVSaddo,
	"bvumulo": term.OpBVUmulo, "bvsmulo": term.OpBVSmulo, "bvusubo": term.OpBVUsubo,
	"bvssubo": term.OpBVSsubo, "bvsdivo": term.OpBVSdivo, "bv2nat": term.OpBV2Nat, "bv2int": term.OpBV2Nat, "ubv_to_int": term.OpBV2Nat,
}

// bvIndexedOps are the indexed bit-vector identifiers and their number of
// indices.
var bvIndexedOps = map[string]struct {
	op term.Op
	n  int
}{
	"extract": {term.OpExtract, 2}, "zero_extend": {term.OpZeroExtend, 1},
	"sign_extend": {term.OpSignExtend, 1}, "rotate_left": {term.OpRotateLeft, 1},
	"rotate_right": {term.OpRotateRight, 1}, "repeat": {term.OpRepeat, 1},
	"int2bv": {term.OpInt2BV, 1}, "nat2bv": {term.OpInt2BV, 1}, "int_to_bv": {term.OpInt2BV, 1},
}

// maxWidth bounds the widths the reader accepts.
const maxWidth = 1 << 20

// bvAllowed is nil when bit-vectors may occur at p, else the error.
// Every logic allows them, HORN included (the chc layer decides per
// engine what it can solve).
func (r *Reader) bvAllowed(p Pos) *Error {
	return nil
}

// bvLiteral reads the #b or #x literal of the current token.
func (r *Reader) bvLiteral() (*term.Term, error) {
	p, text := r.tok.pos, r.tok.text
	if err := r.bvAllowed(p); err != nil {
		return nil, err
	}
	digits := string(text[2:])
	base, w := 2, len(digits)
	if r.tok.kind == tokHex {
		base, w = 16, 4*len(digits)
	}
	if w > maxWidth {
		return nil, r.errorf(p, "bit-vector literal wider than %d bits", maxWidth)
	}
	v, ok := new(big.Int).SetString(digits, base)
	if !ok {
		return nil, r.errorf(p, "invalid literal %s", text)
	}
	r.next()
	return r.st.BVNum(v, w), nil
}

// index reads a numeral index of an indexed identifier.
func (r *Reader) index(name string) (int, error) {
	if r.tok.kind != tokNumeral {
		return 0, r.unexpected("a numeral index of " + name)
	}
	n, err := strconv.Atoi(string(r.tok.text))
	if err != nil || n > maxWidth {
		return 0, r.errorf(r.tok.pos, "index %s of %s too large", r.tok.text, name)
	}
	r.next()
	return n, nil
}

// indexedSort reads (_ BitVec w) from the '_' (open is the '(' before it).
func (r *Reader) indexedSort(open Pos) (*sortExpr, error) {
	r.next()
	name := ""
	if r.tok.isSymbolName() {
		name = string(r.tok.text)
	}
	if name != "BitVec" {
		return nil, r.indexedErrorNamed(open, "sorts", name)
	}
	if err := r.bvAllowed(open); err != nil {
		return nil, err
	}
	r.next()
	w, err := r.index("BitVec")
	if err != nil {
		return nil, err
	}
	if err := r.expect(tokRParen, ") to end (_ BitVec w)"); err != nil {
		return nil, err
	}
	if w < 1 {
		return nil, r.errorf(open, "(_ BitVec 0): the width must be at least 1")
	}
	s := r.st.BitVecSort(w)
	return &sortExpr{param: -1, def: &sortDef{name: "BitVec", fixed: s, builtin: true}}, nil
}

// indexedConstant reads (_ bvN w) from the '_' (open is the '(').
func (r *Reader) indexedConstant(open Pos) (*term.Term, error) {
	r.next()
	name := ""
	if r.tok.isSymbolName() {
		name = string(r.tok.text)
	}
	if len(name) < 3 || name[:2] != "bv" || !isDigit(name[2]) {
		if _, ok := bvIndexedOps[name]; ok {
			return nil, r.errorf(open, "(_ %s ...) is a function: apply it, ((_ %s ...) t)", name, name)
		}
		return nil, r.indexedErrorNamed(open, "identifiers", name)
	}
	if err := r.bvAllowed(open); err != nil {
		return nil, err
	}
	v, ok := new(big.Int).SetString(name[2:], 10)
	if !ok {
		return nil, r.errorf(r.tok.pos, "invalid bit-vector literal %s", name)
	}
	r.next()
	w, err := r.index(name)
	if err != nil {
		return nil, err
	}
	if err := r.expect(tokRParen, ") to end (_ "+name+" w)"); err != nil {
		return nil, err
	}
	if w < 1 {
		return nil, r.errorf(open, "(_ %s 0): the width must be at least 1", name)
	}
	if v.BitLen() > w {
		return nil, r.errorf(open, "(_ %s %d): the value does not fit in %d bits", name, w, w)
	}
	return r.st.BVNum(v, w), nil
}

// indexedApplication reads ((_ f i ...) t1 ... tn) from the '_' of the
// inner '(' at inner; open is the outer '('.
func (r *Reader) indexedApplication(open, inner Pos) (*term.Term, error) {
	r.next()
	name := ""
	if r.tok.isSymbolName() {
		name = string(r.tok.text)
	}
	if name == "is" && r.tok.kind == tokSymbol { // Datatypes: ((_ is C) t)
		return r.testerApplication(open)
	}
	switch name { // Datatypes: cvc5's tuples and updates
	case "tuple.select", "tuple.update", "tuple.project":
		return r.tupleIndexed(open, name)
	case "update":
		return r.updateApplication(open)
	case "divisible": // Ints: ((_ divisible n) t) is (= (mod t n) 0)
		return r.divisible(open)
	}
	ix, ok := bvIndexedOps[name]
	if !ok {
		return nil, r.indexedErrorNamed(inner, "identifiers", name)
	}
	if err := r.bvAllowed(inner); err != nil {
		return nil, err
	}
	r.next()
	i, err := r.index(name)
	if err != nil {
		return nil, err
	}
	j := 0
	if ix.n == 2 {
		if j, err = r.index(name); err != nil {
			return nil, err
		}
	}
	if err := r.expect(tokRParen, ") to end the indexed identifier"); err != nil {
		return nil, err
	}
	base, err := r.readArgs()
	if err != nil {
		return nil, err
	}
	defer r.dropArgs(base)
	t, err := r.st.BuildIndexed(ix.op, i, j, r.args[base:]...)
	if err != nil {
		return nil, r.errorf(open, "%v", err)
	}
	return t, nil
}
