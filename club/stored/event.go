package stored

import (
	"fmt"

	"postal/archive"
	"postal/club/event"
	"postal/engine"
)

// Event is tournament t, as tx holds it, as its rules see it: its format,
// entrants, games and byes, and the names of its players and director.
func Event(tx *archive.Tx, t *archive.Tournament) (*event.Event, error) {
	seats := Seats(t)
	format, ok := event.FormatOf(t.Format, seats)
	if !ok {
		return nil, fmt.Errorf("stored: tournament %s: no format %q for games of %d", t.Name, t.Format, seats)
	}
	ev := &event.Event{Name: t.Name, Format: format, Seats: seats, Rounds: t.Rounds, Max: t.MaxPlayers, Starts: t.Starts,
		Stage: stages[t.Status], Round: t.Round, Winner: t.WinnerID, Note: t.Note, Names: map[int64]string{}}
	entrants, err := tx.Entrants(t.ID)
	if err != nil {
		return nil, err
	}
	for _, e := range entrants {
		out := e.Status
		if out == archive.EntrantIn {
			out = ""
		}
		ev.Entrants = append(ev.Entrants, event.Entrant{Player: e.PlayerID, Seed: e.Seed, Rating: e.Rating, Out: out, Annulled: e.Annulled})
		if ev.Names[e.PlayerID], err = playerName(tx, e.PlayerID); err != nil {
			return nil, err
		}
	}
	if ev.Names[t.DirectorID], err = playerName(tx, t.DirectorID); err != nil {
		return nil, err
	}
	if event.SelfRunning(t.Format) { // the season in play, the open climbs
		return ev, selfRunning(tx, t, ev) // selfrunning.go
	}
	places, err := tx.TournamentGames(t.ID)
	if err != nil {
		return nil, err
	}
	for _, g := range places {
		row, err := tx.GameByID(g.GameID)
		if err != nil {
			return nil, err
		}
		ev.Games = append(ev.Games, eventGame(row, g))
	}
	if t.Status == archive.TournamentOver { // only an event's end voids games
		if err := voidGames(tx, t, ev); err != nil {
			return nil, err
		}
	}
	byes, err := tx.Byes(t.ID)
	if err != nil {
		return nil, err
	}
	for _, b := range byes {
		ev.Byes = append(ev.Byes, event.Bye{Round: b.Round, Board: b.Board, Player: b.PlayerID})
	}
	return ev, nil
}

// Seats is the number of seats of each game tournament t plays, by its
// game, ruleset and options; two when its game is unknown.
func Seats(t *archive.Tournament) int {
	g, err := engine.Lookup(t.Game)
	if err != nil {
		return 2
	}
	cfg, _ := ParseConfig(t.Config, 0)
	return len(g.Info().Seats(cfg))
}

// stages are the events' stages by the statuses of their tournaments.
var stages = map[string]event.Stage{archive.TournamentOpen: event.Open, archive.TournamentRunning: event.Running, archive.TournamentOver: event.Over}

// eventGame is game row, placed in its event at where, as the event's rules
// see it.
func eventGame(row *archive.Game, where archive.TournamentGame) event.Game {
	return event.Game{ID: row.ID, Round: where.Round, Board: where.Board, Players: row.Players, Over: row.Status == archive.GameOver, Score: row.Result}
}

// voidGames marks the games of ev that an admin's end of the event left
// void (act "void").
func voidGames(tx *archive.Tx, t *archive.Tournament, ev *event.Event) error {
	acts, err := tx.Acts(t.ID)
	if err != nil {
		return err
	}
	for _, a := range acts {
		if a.Act != "void" {
			continue
		}
		for i := range ev.Games {
			if ev.Games[i].ID == a.GameID {
				ev.Games[i].Void = true
			}
		}
	}
	return nil
}

func playerName(tx *archive.Tx, id int64) (string, error) {
	p, err := tx.PlayerByID(id)
	if err != nil {
		return "", err
	}
	return p.Name, nil
}
