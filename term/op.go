package term

// Op is the operator of a term node.
type Op uint8

const (
	OpInvalid Op = iota

	// Leaves.
	OpTrue
	OpFalse
	OpNum   // numeral of sort Int or Real; value in Num()
	OpConst // uninterpreted constant: a 0-ary Func
	OpBound // variable bound by a quantifier
	OpValue // abstract element of an uninterpreted sort (model values)

	// Boolean connectives. And, Or, Xor are n-ary; Implies is binary;
	// Eq and Distinct are n-ary over one sort (Eq means "all equal").
	OpNot
	OpAnd
	OpOr
	OpImplies
	OpXor
	OpIte
	OpEq
	OpDistinct

	// Arithmetic. Add, Mul and Sub are n-ary (Sub is left-associative);
	// the comparisons are binary.
	OpAdd
	OpSub
	OpNeg
	OpMul
	OpDiv    // real division "/"
	OpIntDiv // integer "div" (Euclidean)
	OpMod    // integer "mod" (Euclidean, result >= 0)
	OpAbs
	OpLe
	OpLt
	OpGe
	OpGt
	OpToReal
	OpToInt
	OpIsInt

	// Arrays.
	OpSelect
	OpStore
	OpConstArray // ((as const (Array I E)) v)

	// Application of an uninterpreted function: Func().
	OpApply

	// Quantifiers: the arguments are the bound variables, then the body.
	OpForall
	OpExists

	// Datatypes: Func() is the constructor, the selector or the tester;
	// a constructor's arguments are its fields.
	OpCons
	OpSel
	OpTest
	// Bit-vectors (bv.go). OpBVNum through OpInt2BV carry a number in
	// the term (the value of a literal, the indices of an indexed
	// operator): keep them first and together.
	OpBVNum // bit-vector literal: value in Num(), 0 <= v < 2^width
	OpExtract
	OpZeroExtend
	OpSignExtend
	OpRotateLeft
	OpRotateRight
	OpRepeat
	OpInt2BV
	OpConcat
	OpBVNot
	OpBVAnd
	OpBVOr
	OpBVXor
	OpBVNand
	OpBVNor
	OpBVXnor
	OpBVNeg
	OpBVAdd
	OpBVSub
	OpBVMul
	OpBVUdiv
	OpBVUrem
	OpBVSdiv
	OpBVSrem
	OpBVSmod
	OpBVShl
	OpBVLshr
	OpBVAshr
	OpBVUlt
	OpBVUle
	OpBVUgt
	OpBVUge
	OpBVSlt
	OpBVSle
	OpBVSgt
	OpBVSge
	// SMT-LIB 2.7's overflow predicates
	OpBVNego
	OpBVUaddo
	OpBVSaddo
	OpBVUmulo
	OpBVSmulo
	OpBVUsubo
	OpBVSsubo
	OpBVSdivo
	OpBVComp
	OpBVRedor  // z3's: #b1 iff some bit is 1
	OpBVRedand // z3's: #b1 iff every bit is 1
	OpBV2Nat

	numOps
)

var opNames = [numOps]string{
	OpInvalid:    "<invalid>",
	OpTrue:       "true",
	OpFalse:      "false",
	OpNum:        "<num>",
	OpConst:      "<const>",
	OpBound:      "<bound>",
	OpValue:      "<value>",
	OpNot:        "not",
	OpAnd:        "and",
	OpOr:         "or",
	OpImplies:    "=>",
	OpXor:        "xor",
	OpIte:        "ite",
	OpEq:         "=",
	OpDistinct:   "distinct",
	OpAdd:        "+",
	OpSub:        "-",
	OpNeg:        "-",
	OpMul:        "*",
	OpDiv:        "/",
	OpIntDiv:     "div",
	OpMod:        "mod",
	OpAbs:        "abs",
	OpLe:         "<=",
	OpLt:         "<",
	OpGe:         ">=",
	OpGt:         ">",
	OpToReal:     "to_real",
	OpToInt:      "to_int",
	OpIsInt:      "is_int",
	OpSelect:     "select",
	OpStore:      "store",
	OpConstArray: "const",
	OpApply:      "<apply>",
	OpForall:     "forall",
	OpExists:     "exists",
	// Datatypes
	OpCons: "<cons>",
	OpSel:  "<sel>",
	OpTest: "<test>",

	// Bit-vectors
	OpBVNum:       "<bvnum>",
	OpExtract:     "extract",
	OpZeroExtend:  "zero_extend",
	OpSignExtend:  "sign_extend",
	OpRotateLeft:  "rotate_left",
	OpRotateRight: "rotate_right",
	OpRepeat:      "repeat",
	OpInt2BV:      "int2bv",
	OpConcat:      "concat",
	OpBVNot:       "bvnot",
	OpBVAnd:       "bvand",
	OpBVOr:        "bvor",
	OpBVXor:       "bvxor",
	OpBVNand:      "bvnand",
	OpBVNor:       "bvnor",
	OpBVXnor:      "bvxnor",
	OpBVNeg:       "bvneg",
	OpBVAdd:       "bvadd",
	OpBVSub:       "bvsub",
	OpBVMul:       "bvmul",
	OpBVUdiv:      "bvudiv",
	OpBVUrem:      "bvurem",
	OpBVSdiv:      "bvsdiv",
	OpBVSrem:      "bvsrem",
	OpBVSmod:      "bvsmod",
	OpBVShl:       "bvshl",
	OpBVLshr:      "bvlshr",
	OpBVAshr:      "bvashr",
	OpBVUlt:       "bvult",
	OpBVUle:       "bvule",
	OpBVUgt:       "bvugt",
	OpBVUge:       "bvuge",
	OpBVSlt:       "bvslt",
	OpBVSle:       "bvsle",
	OpBVSgt:       "bvsgt",
	OpBVSge:       "bvsge",
	OpBVNego:      "bvnego",
	OpBVUaddo:     "bvuaddo",
	OpBVSaddo:     "bvsaddo",
	OpBVUmulo:     "bvumulo",
	OpBVSmulo:     "bvsmulo",
	OpBVUsubo:     "bvusubo",
	OpBVSsubo:     "bvssubo",
	OpBVSdivo:     "bvsdivo",
	OpBVComp:      "bvcomp",
	OpBVRedor:     "bvredor",
	OpBVRedand:    "bvredand",
	OpBV2Nat:      "bv2nat",
}

// String is the SMT-LIB symbol of the operator (for leaves, a description).
func (op Op) String() string {
	if op < numOps {
		return opNames[op]
	}
	return "<bad op>"
}

// IsLeaf reports whether terms with this operator have no arguments.
func (op Op) IsLeaf() bool {
	return op >= OpTrue && op <= OpValue || op == OpBVNum // Bit-vectors: OpBVNum
}

// IsCompare reports whether op is one of <=, <, >=, >.
func (op Op) IsCompare() bool { return op >= OpLe && op <= OpGt }

// IsQuantifier reports whether op is forall or exists.
func (op Op) IsQuantifier() bool { return op == OpForall || op == OpExists }
