package bmc

import (
	"fmt"
	"os"
	"testing"

	"github.com/seed-f9c3434d/gospacer/chc"
	"github.com/seed-f9c3434d/gospacer/term"
)

func TestShape(t *testing.T) {
	path := os.Getenv("SHAPE")
	if path == "" {
		t.Skip()
	}
	f, _ := os.Open(path)
	sys, _, err := chc.Read(path, f, term.NewStore())
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range sys.Clauses {
		h := "false"
		if c.Head != nil {
			h = c.Head.Pred.Name()
		}
		s := ""
		for _, b := range c.Body {
			s += " " + b.Pred.Name()
		}
		fmt.Printf("%d: %s <-%s  [vars %d, size %d]\n", i, h, s, len(c.Vars), term.Size(c.Constraint))
	}
}
