package dovecot

import (
	"errors"
	"os"
	"testing"
)

// StartTest starts a Dovecot for the test and stops it at cleanup. When
// dovecot is not installed the test is skipped, except with CI=true, where
// a missing Dovecot is a failure.
func StartTest(t testing.TB, opts Options) *Server {
	t.Helper()
	s, err := Start(opts)
	if errors.Is(err, ErrNotInstalled) {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%v; CI=true requires it", err)
		}
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("dovecot log:\n%s", s.Log())
		}
		s.Stop()
	})
	return s
}
