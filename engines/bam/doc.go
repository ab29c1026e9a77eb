// Package bam is block-abstraction memoization (Beyer, Friedberger, FSE
// 2020) for CHC systems. Draft; see the essay below once written.
package bam
