package fuzz

import (
	"errors"
	"fmt"
	"strings"

	"pgregory.net/rapid"
)

// Run checks the rapid property prop outside of a test function's
// *testing.T (in an Example, say) and returns rapid's report of the first
// failing case, shrunk, as an error; nil when every case passes. It runs
// as many cases as rapid.Check (-rapid.checks, 100 by default) and must
// run under go test, whose flags rapid reads. Like rapid.Check, a failure
// writes a fail file under testdata/rapid/NAME/ in the working directory
// unless -rapid.nofailfile is set.
func Run(name string, prop func(*rapid.T)) error {
	r := &recorder{name: name}
	rapid.Check(r, prop)
	if !r.failed {
		return nil
	}
	if r.log.Len() == 0 {
		return errors.New("fuzz: the property failed")
	}
	return errors.New(strings.TrimSpace(r.log.String()))
}

// recorder is a rapid.TB that records failures instead of ending a test.
type recorder struct {
	name    string
	failed  bool
	skipped bool
	log     strings.Builder
}

func (r *recorder) Helper()                 {}
func (r *recorder) Name() string            { return r.name }
func (r *recorder) Logf(f string, a ...any) { fmt.Fprintf(&r.log, f+"\n", a...) }
func (r *recorder) Log(a ...any)            { fmt.Fprintln(&r.log, a...) }
func (r *recorder) Skipf(f string, a ...any) {
	r.skipped = true
}
func (r *recorder) Skip(a ...any) { r.skipped = true }
func (r *recorder) SkipNow()      { r.skipped = true }
func (r *recorder) Errorf(f string, a ...any) {
	r.failed = true
	fmt.Fprintf(&r.log, f+"\n", a...)
}
func (r *recorder) Error(a ...any) {
	r.failed = true
	fmt.Fprintln(&r.log, a...)
}
func (r *recorder) Fatalf(f string, a ...any) { r.Errorf(f, a...) }
func (r *recorder) Fatal(a ...any)            { r.Error(a...) }
func (r *recorder) FailNow()                  { r.failed = true }
func (r *recorder) Fail()                     { r.failed = true }
func (r *recorder) Failed() bool              { return r.failed }
