package fuzz

import (
	"fmt"
	"os"
	"testing"

	"github.com/seed-f9c3434d/gospacer/term"
	"pgregory.net/rapid"
)

func TestZZDump(t *testing.T) {
	i := 0
	rapid.Check(t, func(rt *rapid.T) {
		st := term.NewStore()
		s := CHCSystemLists(st, 0, 1).Draw(rt, "s")
		os.WriteFile(fmt.Sprintf("/tmp/zz/l%03d.smt2", i), []byte(s.String()), 0o644)
		i++
	})
}
