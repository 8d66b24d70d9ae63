package main

import (
	"runtime/debug"
	"testing"
)

// The daemon runs with the collector's target at daemonGCPercent and puts
// back the one before; a GOGC the operator set, or a laxer target, stays.
func TestDaemonGCPercent(t *testing.T) {
	t.Setenv("GOGC", "")
	before := debug.SetGCPercent(100)
	defer debug.SetGCPercent(before)
	restore := relaxDaemonGC()
	if got := debug.SetGCPercent(daemonGCPercent); got != daemonGCPercent {
		t.Errorf("the daemon runs at GOGC %d, want %d", got, daemonGCPercent)
	}
	restore()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("after the daemon, GOGC %d, want 100 back", got)
	}
	debug.SetGCPercent(400)
	relaxDaemonGC()()
	if got := debug.SetGCPercent(100); got != 400 {
		t.Errorf("a laxer target became %d", got)
	}
	t.Setenv("GOGC", "150")
	debug.SetGCPercent(150)
	relaxDaemonGC()
	if got := debug.SetGCPercent(100); got != 150 {
		t.Errorf("the operator's GOGC 150 became %d", got)
	}
}
