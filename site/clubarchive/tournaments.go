package clubarchive

import (
	"context"
	"time"

	"postal/club/published"
	"postal/site"
)

// Tournaments calls fn with each tournament of ids (every one when nil):
// the club's view of it, as the site's page shows it.
func (s Source) Tournaments(ctx context.Context, ids []int64, fn func(*site.Tournament) error) error {
	return published.EachTournament(ctx, s.DB, ids, func(v *published.TournamentView) error { return fn(tournament(v)) })
}

// TournamentsTouched returns the tournaments of the games ids and those
// changed at or after since.
func (s Source) TournamentsTouched(ctx context.Context, games []int64, since time.Time) ([]int64, error) {
	return published.TournamentsTouched(ctx, s.DB, games, since)
}

func tournament(v *published.TournamentView) *site.Tournament {
	t := &site.Tournament{ID: v.ID, Name: v.Name, Game: v.Game, Title: v.Title, Config: v.Config, Format: v.Format, Kind: v.Kind,
		Control: v.Control, Status: v.Status, Director: v.Director, Winner: v.Winner, Note: v.Note, Round: v.Round, SwissRounds: v.SwissRounds,
		Created: v.Created, Started: v.Started, Finished: v.Finished, Updated: v.Updated, TieBreaks: v.TieBreaks, Cross: v.Cross}
	for _, e := range v.Entrants {
		t.Entrants = append(t.Entrants, site.TournamentEntrant(e))
	}
	for _, s := range v.Standings {
		t.Standings = append(t.Standings, site.TournamentStanding(s))
	}
	for _, r := range v.Rounds {
		sr := site.TournamentRound{Number: r.Number, Byes: r.Byes}
		for _, g := range r.Games {
			sr.Games = append(sr.Games, site.TournamentGame(g))
		}
		t.Rounds = append(t.Rounds, sr)
	}
	for _, a := range v.Acts {
		t.Acts = append(t.Acts, site.TournamentAct(a))
	}
	t.League, t.Ladder = league(v.League), ladder(v.Ladder) // leagues.go
	return t
}
