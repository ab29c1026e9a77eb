package itp

import (
	"os"
	"testing"
)

func TestMain(m *testing.M) {
	selfCheck = true
	os.Exit(m.Run())
}

// SetSelfCheck sets the self-check and returns its previous setting.
func SetSelfCheck(on bool) bool {
	old := selfCheck
	selfCheck = on
	return old
}
