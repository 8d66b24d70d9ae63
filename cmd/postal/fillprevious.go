package main

import (
	"context"
	"time"

	"postal/club/games"
)

// An archive from before postal kept the position before each game's last
// ply has its games' filled in the background once the daemon runs, a
// few games a transaction, so that a move never waits long behind it, and
// a pause between, so that mail and the site go first; their pages are
// written again by the site's next update, which follows the changes.
const (
	fillBatch = 20
	fillPause = 100 * time.Millisecond
)

// fillPrevious fills the games' positions before their last ply (the
// daemon's start, when an older postal stored them), until none is left.
func (d *daemon) fillPrevious(ctx context.Context) {
	var after int64
	filled := 0
	for {
		n, last, err := games.FillPrevious(ctx, d.db, after, fillBatch)
		if err != nil {
			if ctx.Err() == nil {
				d.log.Warn("club: positions before the last ply", "err", err)
			}
			return
		}
		if n == 0 {
			break
		}
		filled += n
		after = last
		select {
		case <-ctx.Done():
			return
		case <-time.After(fillPause):
		}
	}
	if filled > 0 {
		d.log.Info("club: positions before the last ply filled", "games", filled)
		if d.site != nil {
			d.site.Kick() // one update for them all, cheaper by page than many
		}
	}
}
