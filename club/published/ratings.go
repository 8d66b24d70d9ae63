package published

import (
	"strconv"

	"postal/archive"
	"postal/club/rating"
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

// Rating is what a game counted for in the club's ratings (issue 35), as
// its page says: rated or not, and once it is over and rated, each seat's
// rating before and after.
type Rating struct {
	// Rated: the game moved the ratings of Seats (over), or, in
	// progress, was not marked unrated (its challenge, the club).
	Rated bool
	List  string // the rating list of its game and ruleset (rating.ListOf)
	Seats []RatedSeat
}

// RatedSeat is a seat of a rated game: its player as the lists name them
// ("bot-2"), and the rating and deviation before the game and after.
type RatedSeat struct {
	Name                             string
	Before, BeforeRD, After, AfterRD float64
}

// ratingsOf is the Rating of each game of rows, named by names.
func ratingsOf(tx *archive.Tx, rows []*archive.Game, names map[int64]string) (map[int64]*Rating, error) {
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
	out := make(map[int64]*Rating, len(rows))
	for _, row := range rows {
		cfg, _ := ParseConfig(row.Config, 0)
		r := &Rating{List: rating.ListOf(row.Game, cfg.Ruleset), Rated: !unrated[row.ID]}
		if row.Status == archive.GameOver {
			r.Rated = len(seats[row.ID]) > 0
		}
		for _, s := range seats[row.ID] {
			r.List = s.List
			r.Seats = append(r.Seats, RatedSeat{Name: RatedName(names[s.PlayerID], s.Level), Before: s.RatingBefore, BeforeRD: s.RDBefore, After: s.Rating, AfterRD: s.RD})
		}
		out[row.ID] = r
	}
	return out, nil
}
