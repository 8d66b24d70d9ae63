package published

import (
	"context"
	"fmt"
	"time"

	"postal/archive"
	"postal/club/clock"
	"postal/club/event"
	"postal/club/pairing"
	"postal/club/stored"
	"postal/engine"
	"postal/site/view"
)

// Tournaments, leagues and ladders as their pages show them: the event as
// its rules see it (club/stored), worded for people.

// EachTournament calls fn with each tournament of ids (every one when nil),
// by number, as its page shows it, each read in a transaction of its own.
func EachTournament(ctx context.Context, db *archive.DB, ids []int64, fn func(*view.Tournament) error) error {
	if ids == nil {
		err := db.ReadTx(ctx, func(tx *archive.Tx) error {
			ts, err := tx.Tournaments()
			for _, t := range ts {
				ids = append(ids, t.ID)
			}
			return err
		})
		if err != nil {
			return err
		}
	}
	for _, id := range ids {
		var v *view.Tournament
		err := db.ReadTx(ctx, func(tx *archive.Tx) error {
			t, err := tx.TournamentByID(id)
			if err != nil {
				return err
			}
			ev, err := stored.Event(tx, t)
			if err != nil {
				return err
			}
			v, err = tournamentView(tx, t, ev)
			return err
		})
		if err != nil {
			return fmt.Errorf("club: tournament %d: %w", id, err)
		}
		if err := fn(v); err != nil {
			return err
		}
	}
	return nil
}

// TournamentsTouched returns the tournaments the games ids belong to and
// those changed at or after since.
func TournamentsTouched(ctx context.Context, db *archive.DB, games []int64, since time.Time) ([]int64, error) {
	var out []int64
	err := db.ReadTx(ctx, func(tx *archive.Tx) error {
		seen := map[int64]bool{}
		_, events, err := tx.TournamentGamesIn(games)
		if err != nil {
			return err
		}
		for _, tid := range events {
			seen[tid] = true
		}
		changed, err := tx.TournamentsChangedSince(since)
		if err != nil {
			return err
		}
		for _, tid := range changed {
			seen[tid] = true
		}
		for tid := range seen {
			out = append(out, tid)
		}
		return nil
	})
	return out, err
}

// tournamentView is t as its page shows it, ev as its rules see it.
func tournamentView(tx *archive.Tx, t *archive.Tournament, ev *event.Event) (*view.Tournament, error) {
	info, ctl, _ := Played(t)
	director, err := tx.PlayerByID(t.DirectorID)
	if err != nil {
		return nil, err
	}
	kind, _ := event.KindOf(t.Format)
	tb := ev.Format.Table()
	v := &view.Tournament{ID: t.ID, Name: t.Name, Game: t.Game, Title: info.Title, Config: t.Config, Kind: t.Format, Page: string(kind.Page), Format: ev.Format.Words(ev),
		Control: ctl.Describe(), Status: t.Status, Director: director.Name, Note: Unaddressed(t.Note), Round: t.Round, Bracket: tb.TieBreaks == nil,
		Created: t.Created, Started: t.Started, Finished: t.Finished, Updated: t.Updated}
	if t.Status == archive.TournamentRunning {
		v.Where = ev.Format.Where(ev)
	}
	if t.WinnerID != 0 {
		v.Winner = ev.PlayerName(t.WinnerID)
	}
	for _, e := range ev.Entrants {
		v.Entrants = append(v.Entrants, view.Entrant{Name: ev.PlayerName(e.Player), Seed: e.Seed, Rating: e.Rating, Status: entrantStatus(&e), Annulled: e.Annulled})
	}
	if t.Status != archive.TournamentOpen && tb.TieBreaks != nil && kind.Page == event.TournamentPage { // a league's and a ladder's pages show theirs

		v.TieBreaks = tb.TieBreaks
		v.Standings = standings(ev)
		if tb.AllPlayAll {
			v.Cross = ev.Crosstable()
		}
	}
	v.Rounds = rounds(ev)
	if s, ok := ev.Format.(event.Staged); ok && t.Status != archive.TournamentOpen {
		v.Groups, v.Rounds = stages(ev, s, t.Status == archive.TournamentOver)
	}
	acts, err := tx.Acts(t.ID)
	if err != nil {
		return nil, err
	}
	for _, a := range acts {
		v.Acts = append(v.Acts, view.Act{At: a.At, Kind: a.Act, Text: Unaddressed(actText(tx, ev, a)), Game: a.GameID})
	}
	// What a league's and a ladder's pages show besides (leagues.go,
	// ladders.go).
	if s, ok := ev.Format.(event.Seasonal); ok {
		if v.League, err = leagueView(tx, t, ev, s); err != nil {
			return nil, err
		}
	}
	if c, ok := ev.Format.(event.Climbing); ok {
		v.Ladder = ladderView(t, ev, c, v.Acts)
	}
	return v, nil
}

// standings are ev's standings as a page shows them.
func standings(ev *event.Event) []view.Standing {
	var out []view.Standing
	tb := ev.Format.Table()
	for _, l := range ev.Standings() {
		s := view.Standing{Rank: l.Rank, Name: ev.PlayerName(l.Player), Points: l.Score, Played: l.Played, Status: entrantStatus(ev.Entrant(l.Player))}
		if !l.Counted {
			s.Rank = 0
		}
		s.TieBreaks = []float64{l.SonnebornBerger}
		if tb.System == pairing.SwissSystem {
			s.TieBreaks = []float64{l.Buchholz, l.MedianBuchholz}
		}
		out = append(out, s)
	}
	return out
}

// stages are the groups of a format played in stages (a cup), each with
// its table and games, and its knockout's rounds, each named by the label
// its games' places have (Placer: "semi-final"). Who went through from
// each group it says once the group stage is over: when the knockout has
// begun, or the event is over.
func stages(ev *event.Event, s event.Staged, over bool) ([]view.Group, []view.Round) {
	var groups []view.Group
	ko := s.Knockout(ev)
	var adv []event.Advance
	if ko != nil || over {
		adv = s.Advancing(ev)
	}
	for i, sub := range s.Groups(ev) {
		g := view.Group{Name: "Group " + event.GroupName(i), Scoring: sub.Scoring()}
		for _, e := range sub.Entrants {
			g.Entrants = append(g.Entrants, view.Entrant{Name: ev.PlayerName(e.Player), Seed: e.Seed, Rating: e.Rating, Status: entrantStatus(&e), Annulled: e.Annulled})
		}
		tb := sub.Format.Table()
		if tb.TieBreaks != nil {
			g.TieBreaks = tb.TieBreaks
			g.Standings = standings(sub)
		}
		if tb.AllPlayAll {
			g.Cross = sub.Crosstable()
		}
		for _, r := range rounds(sub) {
			g.Games = append(g.Games, r.Games...)
		}
		if i < len(adv) {
			for _, p := range adv[i].Through {
				g.Through = append(g.Through, ev.PlayerName(p))
			}
			g.Why = adv[i].Why
		}
		groups = append(groups, g)
	}
	if ko == nil {
		return groups, nil
	}
	out := rounds(ko)
	// The knockout's rounds are numbered from 1 within it; the label is
	// the one the cup gives its games' places, read from the cup's own.
	place := map[int64][2]int{}
	for _, g := range ev.Games {
		place[g.ID] = [2]int{g.Round, g.Board}
	}
	p, named := ev.Format.(event.Placer)
	for i := range out {
		if !named || len(out[i].Games) == 0 {
			continue
		}
		at := place[out[i].Games[0].ID]
		out[i].Label = p.RoundLabel(at[0], at[1])
	}
	return groups, out
}

// rounds lists the games of ev by round, with a knockout's outcomes.
func rounds(ev *event.Event) []view.Round {
	var out []view.Round
	at := func(r int) *view.Round {
		for i := range out {
			if out[i].Number == r {
				return &out[i]
			}
		}
		out = append(out, view.Round{Number: r})
		return &out[len(out)-1]
	}
	notes := map[int64]string{}
	if ev.Format.Table().TieBreaks == nil { // ranked by its bracket
		for r := 1; r <= ev.Round; r++ {
			for _, m := range ev.Matches(r) {
				if m.Winner != 0 && len(m.Games) > 0 {
					notes[m.Games[len(m.Games)-1].ID] = fmt.Sprintf("%s goes through: %s", ev.PlayerName(m.Winner), m.How)
				}
			}
		}
	}
	for _, g := range ev.Games {
		var names []string
		for _, id := range g.Players {
			names = append(names, ev.PlayerName(id))
		}
		vr := at(g.Round)
		vr.Games = append(vr.Games, view.RoundGame{ID: g.ID, Board: g.Board, Players: names, Result: ev.Outcome(g), Note: notes[g.ID]})
	}
	for _, b := range ev.Byes {
		vr := at(b.Round)
		vr.Byes = append(vr.Byes, ev.PlayerName(b.Player))
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].Number < out[j-1].Number; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// entrantStatus is e's status as the archive says it.
func entrantStatus(e *event.Entrant) string {
	if e.In() {
		return archive.EntrantIn
	}
	return e.Out
}

// Played is what tournament t plays: its game's description, its time
// control and the seats of each game (stored.Seats).
func Played(t *archive.Tournament) (engine.Info, clock.Control, int) {
	info := engine.Info{Title: t.Game, Name: t.Game}
	if g, err := engine.Lookup(t.Game); err == nil {
		info = g.Info()
	}
	ctl, err := clock.ParseControl(t.Control)
	if err != nil {
		ctl = clock.Control{Kind: clock.None}
	}
	return info, ctl, stored.Seats(t)
}

// playerName is the name of player id.
func playerName(tx *archive.Tx, id int64) (string, error) {
	p, err := tx.PlayerByID(id)
	if err != nil {
		return "", err
	}
	return p.Name, nil
}
