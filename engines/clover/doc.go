// Package clover is the CLOVER engine (Pick, Fedyukovich, Gupta,
// "Unbounded Procedure Summaries from Bounded Environments", VMCAI 2021).
package clover
