package ratings

import (
	"context"
	"fmt"
	"strings"

	"postal/archive"
)

// Check is what Recompute found: the rated games, the standings the
// recompute gives, and each difference from the stored ones.
type Check struct {
	Games     int // finished games read
	Rated     int // of them rated
	Standings []archive.Standing
	// BeforeRatings counts the finished games not rated because they
	// ended before the archive had ratings ("postal ratings --recompute
	// --all" rates them).
	BeforeRatings int
	// Mismatches describe each standing that differs from the stored one,
	// each stored standing the recompute has not, and each game whose
	// history rows differ.
	Mismatches []string
}

// Recompute recomputes every rating list from the finished games of db in
// the order they ended, in memory, and compares the result with the
// standings and history the club stored game by game: they must be the
// same numbers ("postal ratings --recompute").
func Recompute(ctx context.Context, db *archive.DB) (Check, error) {
	var chk Check
	err := db.ReadTx(ctx, func(tx *archive.Tx) error {
		var err error
		chk, err = checkRatings(tx)
		return err
	})
	return chk, err
}

// checkRatings is Recompute in tx.
func checkRatings(tx *archive.Tx) (Check, error) {
	var chk Check
	games, bots, err := tx.EndedGames(LeavingWords)
	if err != nil {
		return chk, err
	}
	stored, err := tx.Standings("")
	if err != nil {
		return chk, err
	}
	history, err := tx.RatingHistory(nil)
	if err != nil {
		return chk, err
	}
	if chk.BeforeRatings, err = tx.BeforeRatings(); err != nil {
		return chk, err
	}
	r, err := replay(games, bots)
	if err != nil {
		return chk, err
	}
	chk.Games, chk.Rated, chk.Standings = len(games), r.rated, r.standings
	hist := byGame(history)
	for _, g := range games {
		club, again := hist[g.ID], r.history[g.ID]
		switch {
		case len(club) > 0 && len(again) == 0:
			chk.Mismatches = append(chk.Mismatches, fmt.Sprintf("game %d: rated by the club, not by the recompute", g.ID))
		case len(club) == 0 && len(again) > 0:
			chk.Mismatches = append(chk.Mismatches, fmt.Sprintf("game %d: rated by the recompute, not by the club", g.ID))
		case len(club) != len(again):
			chk.Mismatches = append(chk.Mismatches, fmt.Sprintf("game %d: the club rated %d seats, the recompute %d", g.ID, len(club), len(again)))
		default:
			for i, h := range club {
				if a := again[i]; !sameSeat(h, a) {
					chk.Mismatches = append(chk.Mismatches, fmt.Sprintf("game %d seat %d: the club gave %s %.6f/%.6f/%.8f from %.6f/%.6f, the recompute %s %.6f/%.6f/%.8f from %.6f/%.6f",
						g.ID, h.Seat, h.List, h.Rating, h.RD, h.Vol, h.RatingBefore, h.RDBefore, a.List, a.Rating, a.RD, a.Vol, a.RatingBefore, a.RDBefore))
				}
			}
		}
	}
	type key struct {
		list string
		entrant
	}
	want := map[key]archive.Standing{}
	for _, s := range chk.Standings {
		want[key{s.List, entrant{s.PlayerID, s.Level}}] = s
	}
	for _, s := range stored {
		k := key{s.List, entrant{s.PlayerID, s.Level}}
		w, ok := want[k]
		delete(want, k)
		switch {
		case !ok:
			chk.Mismatches = append(chk.Mismatches, fmt.Sprintf("%s: player %d level %d is stored, the recompute has no rating for them", s.List, s.PlayerID, s.Level))
		case w.Rating != s.Rating || w.RD != s.RD || w.Vol != s.Vol || w.Games != s.Games || !w.Last.Equal(s.Last):
			chk.Mismatches = append(chk.Mismatches, fmt.Sprintf("%s: player %d level %d: stored %.6f/%.6f/%.8f in %d games, recomputed %.6f/%.6f/%.8f in %d games",
				s.List, s.PlayerID, s.Level, s.Rating, s.RD, s.Vol, s.Games, w.Rating, w.RD, w.Vol, w.Games))
		}
	}
	for _, s := range chk.Standings {
		if _, missing := want[key{s.List, entrant{s.PlayerID, s.Level}}]; missing {
			chk.Mismatches = append(chk.Mismatches, fmt.Sprintf("%s: player %d level %d: recomputed %.6f, nothing stored", s.List, s.PlayerID, s.Level, s.Rating))
		}
	}
	return chk, nil
}

// compareStandings orders standings as the lists show them: by list, best
// rating first.
func compareStandings(a, b archive.Standing) int {
	if c := strings.Compare(a.List, b.List); c != 0 {
		return c
	}
	switch {
	case a.Rating > b.Rating:
		return -1
	case a.Rating < b.Rating:
		return 1
	}
	if a.PlayerID != b.PlayerID {
		return int(a.PlayerID - b.PlayerID)
	}
	return a.Level - b.Level
}
