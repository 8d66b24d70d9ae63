package clubarchive

import (
	"context"
	"slices"

	"postal/archive"
	"postal/club/published"
	"postal/site"
)

// RatingLists returns the club's rating lists named (every list when nil),
// best first: the site's pages of ratings.
func (s Source) RatingLists(ctx context.Context, lists []string) ([]site.RatingList, error) {
	var out []site.RatingList
	err := s.DB.Tx(ctx, func(tx *archive.Tx) error {
		names, err := tx.PlayerNames()
		if err != nil {
			return err
		}
		read := func(list string) error {
			ss, err := tx.Standings(list)
			if err != nil {
				return err
			}
			for _, st := range ss {
				if len(out) == 0 || out[len(out)-1].Name != st.List {
					out = append(out, site.RatingList{Name: st.List})
				}
				l := &out[len(out)-1]
				l.Entries = append(l.Entries, site.RatingEntry{Player: names[st.PlayerID], Name: published.RatedName(names[st.PlayerID], st.Level),
					Rating: st.Rating, RD: st.RD, Games: st.Games, Last: st.Last})
			}
			return nil
		}
		if lists == nil {
			return read("")
		}
		for _, l := range slices.Sorted(slices.Values(lists)) {
			if err := read(l); err != nil {
				return err
			}
		}
		return nil
	})
	return out, err
}

// RatingHistory returns the rated games of the players named (every player
// when nil), in the order they were rated.
func (s Source) RatingHistory(ctx context.Context, players []string) ([]site.RatingPoint, error) {
	var out []site.RatingPoint
	err := s.DB.Tx(ctx, func(tx *archive.Tx) error {
		names, err := tx.PlayerNames()
		if err != nil {
			return err
		}
		var ids []int64
		if players != nil {
			ids = []int64{}
			for id, n := range names {
				if slices.Contains(players, n) {
					ids = append(ids, id)
				}
			}
		}
		seats, err := tx.RatingHistory(ids)
		if err != nil {
			return err
		}
		for _, r := range seats {
			n := names[r.PlayerID]
			out = append(out, site.RatingPoint{List: r.List, Player: n, Name: published.RatedName(n, r.Level), Game: r.GameID, At: r.At, Rating: r.Rating, RD: r.RD})
		}
		return nil
	})
	return out, err
}

// The club archive keeps ratings: the site has their pages.
var _ site.RatingSource = Source{}
