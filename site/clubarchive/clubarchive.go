// Package clubarchive is the club's archive as the site's [site.Source],
// [site.TournamentSource] and [site.RatingSource]: it hands the site what
// the club's loader (club/published) reads, as the loader writes it
// (site/view), and the games changed since a cursor, by the archive's
// change sequence. It copies nothing: the loader writes the view, the site
// renders it. The daemon, "postal site build", the site's benchmarks and
// its scale test read the archive through it.
package clubarchive

import (
	"context"

	"postal/archive"
	"postal/club/published"
	"postal/site"
)

// Source reads the club's games from db. Club is the club's address, the
// records' Site tag.
type Source struct {
	DB   *archive.DB
	Club string
	// HideMessages leaves what players said out of the records even once
	// their games are over (the club's [site] hide_messages).
	HideMessages bool
}

// Shape says what of the source's options shows in the records and pages
// (site.Shaper): a site built with players' messages shown is built again
// when they are to be hidden.
func (s Source) Shape() string {
	if s.HideMessages {
		return "players' messages hidden"
	}
	return "players' messages shown"
}

func (s Source) options() published.RecordOptions {
	return published.RecordOptions{Site: s.Club, Messages: !s.HideMessages}
}

// Summaries calls fn with every game, its record without moves.
func (s Source) Summaries(ctx context.Context, fn func(*site.Game) error) (int64, error) {
	// The cursor before reading: whatever changes while the summaries are
	// read is read again by the next update.
	var cursor int64
	err := s.DB.ReadTx(ctx, func(tx *archive.Tx) error {
		var err error
		cursor, err = tx.LastSeq()
		return err
	})
	if err != nil {
		return 0, err
	}
	return cursor, published.EachRecord(ctx, s.DB, s.Club, nil, false, func(a published.Archived) error { return fn(&a.Game) })
}

// Games calls fn with each game of ids (every game when nil), whole.
func (s Source) Games(ctx context.Context, ids []int64, fn func(*site.Game) error) error {
	return published.EachRecordOf(ctx, s.DB, s.options(), ids, true, func(a published.Archived) error { return fn(&a.Game) })
}

// Changes returns the games changed after cursor, a change number of the
// archive.
func (s Source) Changes(ctx context.Context, cursor int64) (ids []int64, now int64, err error) {
	err = s.DB.ReadTx(ctx, func(tx *archive.Tx) error {
		ids, now, err = tx.ChangedAfter(cursor)
		return err
	})
	return ids, now, err
}
