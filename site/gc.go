package site

import (
	"os"
	"runtime/debug"
	"sync"
)

// buildGCPercent is the garbage collector's target during a one-off full
// build ([Build]): rendering a page allocates its board, move list and
// text several times over and keeps none of it, so at the default 100 the
// collector ran every few megabytes and took a sixth of the build's CPU.
// At 300 it runs a third as often; the heap the build keeps (the index of
// summaries) stays small beside it, so the peak memory grows by tens of
// megabytes at 11,000 games. A daemon's Publisher keeps the daemon's
// target (cmd/postal: daemonGCPercent): it lives on, and its updates
// render a few pages.
const buildGCPercent = 300

// buildMemoryLimit caps what that costs in a large archive: past it the
// collector runs as often as it must (a soft limit, debug.SetMemoryLimit),
// so the build of 110,000 games stays far within its memory bound (4.5 GB)
// while one of 11,000 never nears it. At 192 MB the build of 110,000
// games, whose index keeps some 150 MB, collected all along: 512 MB took
// a fifth off its user CPU (111 to 90 s), for a peak of 420 MB. A
// GOMEMLIMIT the operator set is kept.
const buildMemoryLimit = 512 << 20

// gcBuilds counts the one-off builds running, so that the first sets the
// target and the last puts back the one before, whatever their order.
var gcBuilds struct {
	sync.Mutex
	n         int
	prev      int
	prevLimit int64
}

// relaxGC raises the collector's target for a one-off build and returns
// the function that restores it. A GOGC the operator set is kept.
func relaxGC() (restore func()) {
	if os.Getenv("GOGC") != "" {
		return func() {}
	}
	gcBuilds.Lock()
	defer gcBuilds.Unlock()
	if gcBuilds.n == 0 {
		gcBuilds.prev = debug.SetGCPercent(buildGCPercent)
		if gcBuilds.prev < 0 || gcBuilds.prev > buildGCPercent {
			debug.SetGCPercent(gcBuilds.prev) // already laxer, or off: leave it
		}
		gcBuilds.prevLimit = debug.SetMemoryLimit(-1)
		if os.Getenv("GOMEMLIMIT") == "" && gcBuilds.prevLimit > buildMemoryLimit {
			debug.SetMemoryLimit(buildMemoryLimit)
		}
	}
	gcBuilds.n++
	return func() {
		gcBuilds.Lock()
		defer gcBuilds.Unlock()
		if gcBuilds.n--; gcBuilds.n == 0 {
			debug.SetGCPercent(gcBuilds.prev)
			debug.SetMemoryLimit(gcBuilds.prevLimit)
		}
	}
}
