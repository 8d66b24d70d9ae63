package main

import (
	"context"
	"time"

	"postal/archive"
	"postal/mailer"
	"postal/mailer/dkimproof"
)

// What postal stores, and for how long (docs/internet.md, "What postal stores"):
// raw inbound mail older than [club] keep_raw_days is cut to its headers
// and the hash of its body; the text and HTML of mail delivered as long ago
// are dropped, its headers kept; the records of replies to strangers go
// after two days (the budget looks back one). The pruner runs beside the
// daemon's other loops, in small batches over indexes of the rows due, so
// that it never holds the database's one writer for long.

const (
	// pruneEvery is how often the pruner looks for rows due.
	pruneEvery = time.Hour
	// pruneBatch is how many rows one transaction cuts.
	pruneBatch = 50
	// prunePause is the pause between two batches, for the mail in hand.
	prunePause = 100 * time.Millisecond
)

// keepRaw is keep_raw_days as a duration: 0 means 90 days, negative never
// (0 returned).
func keepRaw(days int) time.Duration {
	switch {
	case days < 0:
		return 0
	case days == 0:
		days = 90
	}
	return time.Duration(days) * 24 * time.Hour
}

// pruneLoop prunes at start and every pruneEvery until ctx ends.
func (d *daemon) pruneLoop(ctx context.Context) {
	for {
		now := time.Now()
		if d.now != nil {
			now = d.now()
		}
		if err := prune(ctx, d.db, now, d.keepRaw, d.keepSignatures, prunePause); err != nil && ctx.Err() == nil {
			d.log.Error("prune", "err", err)
		}
		t := time.NewTimer(pruneEvery)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
	}
}

// keepSignatures is how long the signatures that proved mail are kept: a day
// past the age at which a signature proves nothing, so that a replay of one is
// refused by its age once its row is gone.
func keepSignatures(maxAgeDays int) time.Duration {
	maxAge := dkimproof.DefaultMaxAge
	if maxAgeDays > 0 {
		maxAge = time.Duration(maxAgeDays) * 24 * time.Hour
	}
	return maxAge + 24*time.Hour
}

// prune does one round: every row due at now, batch by batch.
func prune(ctx context.Context, db *archive.DB, now time.Time, keep, signatures, pause time.Duration) error {
	before := now.Add(-keep)
	for _, step := range []func() (int, error){
		func() (int, error) { return db.PruneRaw(ctx, before, pruneBatch, mailer.HeadersOnly) },
		func() (int, error) { return db.PruneSent(ctx, before, pruneBatch) },
	} {
		for {
			n, err := step()
			if err != nil {
				return err
			}
			if n < pruneBatch {
				break
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(pause):
			}
		}
	}
	if err := db.PruneSignatures(ctx, now.Add(-signatures)); err != nil {
		return err
	}
	return db.PruneStrangers(ctx, now.Add(-48*time.Hour))
}
