package lra

import (
	"fmt"
	"testing"
)

// Minimal assertions: testify's transitive dependencies are not in go.sum,
// so the lra tests use only the standard library and rapid.

func msg(args []any) string {
	if len(args) == 0 {
		return ""
	}
	if f, ok := args[0].(string); ok {
		return ": " + fmt.Sprintf(f, args[1:]...)
	}
	return ": " + fmt.Sprint(args...)
}

func mustTrue(t testing.TB, cond bool, args ...any) {
	t.Helper()
	if !cond {
		t.Fatalf("expected true%s", msg(args))
	}
}

func mustFalse(t testing.TB, cond bool, args ...any) {
	t.Helper()
	if cond {
		t.Fatalf("expected false%s", msg(args))
	}
}

func mustEqual[T comparable](t testing.TB, want, got T, args ...any) {
	t.Helper()
	if want != got {
		t.Fatalf("want %v, got %v%s", want, got, msg(args))
	}
}

func mustPanic(t testing.TB, f func(), args ...any) {
	t.Helper()
	defer func() {
		if recover() == nil {
			t.Fatalf("expected a panic%s", msg(args))
		}
	}()
	f()
}

func mustNoErr(t testing.TB, err error, args ...any) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error %v%s", err, msg(args))
	}
}

func mustErr(t testing.TB, err error, args ...any) {
	t.Helper()
	if err == nil {
		t.Fatalf("expected an error%s", msg(args))
	}
}

func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }
