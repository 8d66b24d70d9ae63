package clubarchive

import (
	"context"
	"time"

	"postal/club/published"
	"postal/site/view"
)

// Tournaments calls fn with each tournament of ids (every one when nil),
// leagues and ladders too, as its page shows it.
func (s Source) Tournaments(ctx context.Context, ids []int64, fn func(*view.Tournament) error) error {
	return published.EachTournament(ctx, s.DB, ids, fn)
}

// TournamentsTouched returns the tournaments of the games ids and those
// changed at or after since.
func (s Source) TournamentsTouched(ctx context.Context, games []int64, since time.Time) ([]int64, error) {
	return published.TournamentsTouched(ctx, s.DB, games, since)
}
