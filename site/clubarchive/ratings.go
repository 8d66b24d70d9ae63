package clubarchive

import (
	"context"

	"postal/club/published"
	"postal/site"
	"postal/site/view"
)

// RatingLists returns the club's rating lists named (every list when nil),
// best first: the site's pages of ratings.
func (s Source) RatingLists(ctx context.Context, lists []string) ([]view.RatingList, error) {
	return published.RatingLists(ctx, s.DB, lists)
}

// RatingHistory returns the rated games of the players named (every player
// when nil), in the order they were rated.
func (s Source) RatingHistory(ctx context.Context, players []string) ([]view.RatingPoint, error) {
	return published.RatingHistory(ctx, s.DB, players)
}

// The club archive keeps ratings: the site has their pages.
var _ site.RatingSource = Source{}
