package itp

import (
	"os"
	"testing"
)

func TestMain(m *testing.M) {
	selfCheck = true
	os.Exit(m.Run())
}
