package dovecot

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestStartOfAMasterThatExitsReturns: a master that exits during the start
// makes Start fail with its exit, at once, its files removed. The start's
// wait and Stop both wait for the exit: one of them used to take it, and
// the other waited for it for ever.
func TestStartOfAMasterThatExitsReturns(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "dovecot")
	if err := os.WriteFile(bin, []byte("#!/bin/sh\necho 'Fatal: no such setting' >&2\nexit 89\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	before, _ := filepath.Glob(filepath.Join(os.TempDir(), "postal-dovecot-*"))
	done := make(chan error, 1)
	go func() {
		s, err := Start(Options{Binary: bin})
		if err == nil {
			s.Stop()
		}
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "exited during start") || !strings.Contains(err.Error(), "exit status 89") {
			t.Errorf("Start of a master that exits: %v", err)
		}
		if err != nil && !strings.Contains(err.Error(), "no such setting") {
			t.Errorf("the error does not carry the master's log: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("Start of a master that exits did not return in 30 s")
	}
	after, _ := filepath.Glob(filepath.Join(os.TempDir(), "postal-dovecot-*"))
	if len(after) > len(before) {
		t.Errorf("Start left its directory: %d before, %d after", len(before), len(after))
	}
}
