package chc

import "github.com/seed-f9c3434d/gospacer/term"

// SupportedSort reports whether a predicate may range over s: Bool, Int,
// Real, bit-vectors, datatypes over them, and arrays of them (what Read accepts).
func SupportedSort(s *term.Sort) bool { return supportedSort(s) }
