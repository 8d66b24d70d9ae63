package published

import (
	"strconv"

	"postal/archive"
	"postal/club/rating"
	"postal/site/view"
)

// RatedName is the name of a rated player in the lists: the player's,
// with the level for the bot ("bot-2"). The site and the demo name them so
// too.
func RatedName(name string, level int) string {
	if level == 0 {
		return name
	}
	return name + "-" + strconv.Itoa(level)
}

// ratingsOf is what each game of rows counted for in the ratings, its
// players named by names.
func ratingsOf(tx *archive.Tx, rows []*archive.Game, names map[int64]string) (map[int64]*view.GameRating, error) {
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	seats, err := tx.RatedSeatsIn(ids)
	if err != nil {
		return nil, err
	}
	unrated, err := tx.UnratedIn(ids)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]*view.GameRating, len(rows))
	for _, row := range rows {
		cfg, _ := ParseConfig(row.Config, 0)
		r := &view.GameRating{List: rating.ListOf(row.Game, cfg.Ruleset), Rated: !unrated[row.ID]}
		if row.Status == archive.GameOver {
			r.Rated = len(seats[row.ID]) > 0
		}
		for _, s := range seats[row.ID] {
			r.List = s.List
			r.Seats = append(r.Seats, view.RatedSeat{Name: RatedName(names[s.PlayerID], s.Level), Before: s.RatingBefore, BeforeRD: s.RDBefore, After: s.Rating, AfterRD: s.RD})
		}
		out[row.ID] = r
	}
	return out, nil
}
