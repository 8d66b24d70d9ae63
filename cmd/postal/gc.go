package main

import (
	"os"
	"runtime/debug"
)

// daemonGCPercent is the collector's target while the daemon runs. A move
// allocates its boards (the mail's PNG is megabytes of pixels drawn and
// encoded), its mails and its pages, and keeps little of them; the heap
// the daemon keeps is small. At 200 the collector runs half as often as at
// Go's default: the daemon's CPU by move was 0.92, 0.93, 1.01 and 0.97 of
// the default's in back-to-back runs of BenchmarkDaemon (11,000 games),
// for some 47 MiB more resident (128 to 175 MiB). A GOGC the operator set
// is kept; a full build inside the daemon raises it further for its
// length (site: relaxGC).
const daemonGCPercent = 200

// relaxDaemonGC sets daemonGCPercent for the daemon's run and returns the
// function that puts back the target before it.
func relaxDaemonGC() (restore func()) {
	if os.Getenv("GOGC") != "" {
		return func() {}
	}
	prev := debug.SetGCPercent(daemonGCPercent)
	if prev < 0 || prev > daemonGCPercent {
		debug.SetGCPercent(prev) // already laxer, or off: leave it
		return func() {}
	}
	return func() { debug.SetGCPercent(prev) }
}
