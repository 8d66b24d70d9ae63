package main

import (
	"context"
	"time"

	"postal/archive"
)

// heartbeat records in the database, until ctx ends, that the daemon lives
// (every archive.HeartbeatEvery) and, once at the start, its process
// (process.go), the folders it runs with and the club's address; at the end, that it stopped. postal status says from it
// whether the daemon runs, postal check where a running daemon moves the
// check's test mail. A failure costs only those lines: it is
// logged, and the daemon goes on.
func (d *daemon) heartbeat(ctx context.Context) {
	// The writes outlive ctx's end by the moment they take, so that the
	// clean stop is recorded.
	bg := context.WithoutCancel(ctx)
	err := d.db.SetState(bg, map[string]string{
		archive.StateAlive:     archive.FmtStateTime(time.Now()),
		archive.StateProcess:   thisProcess(),
		archive.StateWatched:   d.folders.Watched,
		archive.StateProcessed: d.folders.Processed,
		archive.StateFailed:    d.folders.Failed,
		archive.StateClub:      d.clubAddress,
	})
	if err != nil {
		d.log.Warn("postal: daemon state not recorded", "err", err)
	}
	t := time.NewTicker(archive.HeartbeatEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			if err := d.db.SetState(bg, map[string]string{archive.StateStopped: archive.FmtStateTime(time.Now())}); err != nil {
				d.log.Warn("postal: clean stop not recorded", "err", err)
			}
			return
		case now := <-t.C:
			if err := d.db.Beat(bg, now); err != nil {
				d.log.Warn("postal: heartbeat not recorded", "err", err)
			}
		}
	}
}
