package published

import (
	"context"
	"slices"
	"strconv"

	"postal/archive"
	"postal/club/rating"
	"postal/club/stored"
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
		cfg, _ := stored.ParseConfig(row.Config, 0)
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

// RatingLists are the club's rating lists named (every list when nil), by
// name, each best first, as the ratings pages show them.
func RatingLists(ctx context.Context, db *archive.DB, lists []string) ([]view.RatingList, error) {
	var out []view.RatingList
	err := db.Tx(ctx, func(tx *archive.Tx) error {
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
					out = append(out, view.RatingList{Name: st.List})
				}
				l := &out[len(out)-1]
				l.Entries = append(l.Entries, view.RatingEntry{Player: names[st.PlayerID], Name: RatedName(names[st.PlayerID], st.Level),
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

// RatingHistory is the rated games of the players named (every player when
// nil), in the order they were rated: each player's rating after each.
func RatingHistory(ctx context.Context, db *archive.DB, players []string) ([]view.RatingPoint, error) {
	var out []view.RatingPoint
	err := db.Tx(ctx, func(tx *archive.Tx) error {
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
			out = append(out, view.RatingPoint{List: r.List, Player: n, Name: RatedName(n, r.Level), Game: r.GameID, At: r.At, Rating: r.Rating, RD: r.RD})
		}
		return nil
	})
	return out, err
}
