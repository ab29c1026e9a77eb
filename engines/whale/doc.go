// Package whale is the WHALE engine (Albarghouthi, Gurfinkel, Chechik,
// VMCAI 2012) over constrained Horn clauses.
package whale
