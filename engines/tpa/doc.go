// Package tpa implements Transition Power Abstraction (TPA) and split TPA
// (Blicha, Fedyukovich, Hyvärinen, Sharygina, TACAS 2022, and the split
// variant of the journal version) on the transition-system view of a
// linear CHC system.
package tpa
