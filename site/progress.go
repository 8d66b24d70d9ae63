package site

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
)

// progress shows how far a full build is, counting games. On a terminal it
// is a bar redrawn in place, at most ten times a second, and wiped at the
// end; elsewhere (a log file, CI) a line at each quarter, for builds of
// enough games to take a while, and nothing for small ones. The caller
// prints the one-line summary. A nil *progress shows nothing.
type progress struct {
	mu       sync.Mutex
	w        io.Writer
	tty      bool
	n, total int
	drawn    time.Time
	quarter  int // the last quarter reported (lines)
	start    time.Time
}

// progressLines is the fewest games for which a build reports its progress
// in lines.
const progressLines = 1000

func newProgress(w io.Writer, total int) *progress {
	if w == nil || total == 0 {
		return nil
	}
	p := &progress{w: w, total: total, start: time.Now()}
	if f, ok := w.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			p.tty = true
		}
	}
	if !p.tty && total < progressLines {
		return nil
	}
	return p
}

func (p *progress) add(n int) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.n += n
	if p.tty {
		if now := time.Now(); now.Sub(p.drawn) >= 100*time.Millisecond || p.n == p.total {
			p.drawn = now
			const width = 30
			fill := width * p.n / p.total
			fmt.Fprintf(p.w, "\rbuilding site [%s%s] %3d%% %d/%d games", strings.Repeat("=", fill), strings.Repeat(" ", width-fill), 100*p.n/p.total, p.n, p.total)
		}
		return
	}
	if q := 4 * p.n / p.total; q > p.quarter && q < 4 {
		p.quarter = q
		fmt.Fprintf(p.w, "building site: %d%% (%d/%d games, %s)\n", 25*q, p.n, p.total, time.Since(p.start).Round(time.Second))
	}
}

// done wipes the bar; the summary line takes its place.
func (p *progress) done() {
	if p != nil && p.tty && p.n > 0 {
		fmt.Fprint(p.w, "\r\033[K")
	}
}
