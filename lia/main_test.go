package lia

import (
	"flag"
	"os"
	"testing"
)

// TestMain raises rapid's default number of cases (100) unless the command
// line sets -rapid.checks.
func TestMain(m *testing.M) {
	flag.Parse()
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "rapid.checks" })
	if !set {
		_ = flag.Set("rapid.checks", "2000")
	}
	os.Exit(m.Run())
}
