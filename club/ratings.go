package club

import (
	"context"

	"postal/archive"
	"postal/club/ratings"
	"postal/club/work"
)

// The ratings are club/ratings (the lists in the archive; the Glicko-2
// maths is club/rating): the games ask it through work.Club.Ratings, set in
// New. What follows hands it the service's bot, for the callers that hold
// a Service rather than a unit of work.

// RateEnded rates the finished game row, if it is rated, in tx, the
// transaction that ended it (ratings.Rate, with the club's bot). A
// generated archive (archivegen.Options.Rate) calls it for its games in
// the order they ended.
func (s *Service) RateEnded(tx *archive.Tx, row *archive.Game) error {
	return ratings.Rate(tx, row, s.club.Bot)
}

// RateBeforeRatings rates the finished games of db that ended before the
// archive had ratings (ratings.RateBeforeRatings), the bot being s's; s
// may be nil (no config): then only the bot the archive names is one.
func RateBeforeRatings(ctx context.Context, db *archive.DB, s *Service) (int, error) {
	var bot *work.Bot
	if s != nil {
		bot = s.club.Bot
	}
	return ratings.RateBeforeRatings(ctx, db, bot)
}
