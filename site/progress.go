package site

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
)

// progress shows how far a full build is: a bar redrawn in place on a
// terminal, a line per tenth elsewhere (a log file, CI). A nil *progress
// shows nothing.
type progress struct {
	mu       sync.Mutex
	w        io.Writer
	tty      bool
	n, total int
	shown    int // last drawn percent (tty) or tenth (lines)
}

func newProgress(w io.Writer, total int) *progress {
	if w == nil || total == 0 {
		return nil
	}
	p := &progress{w: w, total: total, shown: -1}
	if f, ok := w.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			p.tty = true
		}
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
	pct := 100 * p.n / p.total
	if p.tty {
		if pct != p.shown {
			p.shown = pct
			const width = 40
			fill := width * p.n / p.total
			fmt.Fprintf(p.w, "\rbuilding site [%s%s] %3d%% %d/%d", strings.Repeat("=", fill), strings.Repeat(" ", width-fill), pct, p.n, p.total)
		}
		return
	}
	if tenth := pct / 10; tenth != p.shown {
		p.shown = tenth
		fmt.Fprintf(p.w, "building site: %d%% (%d/%d files)\n", tenth*10, p.n, p.total)
	}
}

func (p *progress) done() {
	if p != nil && p.tty {
		fmt.Fprintln(p.w)
	}
}
