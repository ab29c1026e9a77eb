package term

import "strings"

// SortKind classifies sorts.
type SortKind uint8

const (
	KindBool SortKind = iota + 1
	KindInt
	KindReal
	KindArray
	KindUninterpreted

	// Datatypes
	KindDatatype
	// Bit-vectors
	KindBitVec
)

// A Sort is interned: two sorts are equal iff they are the same pointer.
// Bool, Int and Real are package-level values shared by every Store; array
// and uninterpreted sorts are interned per Store.
type Sort struct {
	kind   SortKind
	name   string  // uninterpreted sorts: the declared name
	params []*Sort // arrays: [index, element]; uninterpreted: sort arguments
	id     uint32
	dt     *Datatype // Datatypes: the declaration of a datatype sort
	width  int       // Bit-vectors: the width (name holds it in decimal)
}

// The built-in sorts.
var (
	BoolSort = &Sort{kind: KindBool, name: "Bool", id: 0}
	IntSort  = &Sort{kind: KindInt, name: "Int", id: 1}
	RealSort = &Sort{kind: KindReal, name: "Real", id: 2}
)

func (s *Sort) Kind() SortKind        { return s.kind }
func (s *Sort) IsBool() bool          { return s.kind == KindBool }
func (s *Sort) IsInt() bool           { return s.kind == KindInt }
func (s *Sort) IsReal() bool          { return s.kind == KindReal }
func (s *Sort) IsArith() bool         { return s.kind == KindInt || s.kind == KindReal }
func (s *Sort) IsArray() bool         { return s.kind == KindArray }
func (s *Sort) IsUninterpreted() bool { return s.kind == KindUninterpreted }

// Index is the index sort of an array sort.
func (s *Sort) Index() *Sort { return s.params[0] }

// Elem is the element sort of an array sort.
func (s *Sort) Elem() *Sort { return s.params[1] }

// Name is the sort's symbol: "Bool", "Int", "Real", "Array" or the declared
// name of an uninterpreted sort.
func (s *Sort) Name() string {
	if s.kind == KindArray {
		return "Array"
	}
	// Bit-vectors
	if s.kind == KindBitVec {
		return "BitVec"
	}
	return s.name
}

// Params are the sort arguments of a parametric sort.
func (s *Sort) Params() []*Sort { return s.params }

// String prints the sort in SMT-LIB syntax.
func (s *Sort) String() string {
	// Bit-vectors
	if s.kind == KindBitVec {
		return "(_ BitVec " + s.name + ")"
	}
	if len(s.params) == 0 {
		return QuoteSymbol(s.name)
	}
	var b strings.Builder
	b.WriteByte('(')
	b.WriteString(QuoteSymbol(s.Name()))
	for _, p := range s.params {
		b.WriteByte(' ')
		b.WriteString(p.String())
	}
	b.WriteByte(')')
	return b.String()
}

type sortKey struct {
	kind SortKind
	name string
	sig  string // parameter ids
}

func sortSig(params []*Sort) string {
	b := make([]byte, 0, 4*len(params))
	for _, p := range params {
		b = append(b, byte(p.id), byte(p.id>>8), byte(p.id>>16), byte(p.id>>24))
	}
	return string(b)
}

func (st *Store) internSort(kind SortKind, name string, params []*Sort) *Sort {
	k := sortKey{kind, name, sortSig(params)}
	if s, ok := st.sorts[k]; ok {
		return s
	}
	s := &Sort{kind: kind, name: name, params: append([]*Sort(nil), params...), id: st.nextSort}
	// Bit-vectors
	if kind == KindBitVec {
		s.width = bvWidthOfName(name)
	}
	st.nextSort++
	st.sorts[k] = s
	return s
}

// ArraySort returns the sort (Array index elem).
func (st *Store) ArraySort(index, elem *Sort) *Sort {
	return st.internSort(KindArray, "", []*Sort{index, elem})
}

// UninterpretedSort returns the sort named name applied to params.
func (st *Store) UninterpretedSort(name string, params ...*Sort) *Sort {
	return st.internSort(KindUninterpreted, name, params)
}
