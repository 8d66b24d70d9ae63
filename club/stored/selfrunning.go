package stored

import (
	"postal/archive"
	"postal/club/event"
)

// The events that run themselves keep state of their own besides their
// entrants and games (migration 060), which their formats' rules read:
// neither loads its whole history, as the rules decide from the season in
// play, the climbs in play.

// season fills ev, with its entrants loaded, with what the rules of s, a
// league's, need: the divisions of the season in play and its games,
// whether it is over, and who leaves after it.
func season(tx *archive.Tx, t *archive.Tournament, ev *event.Event, s event.Seasonal) error {
	lg, err := tx.LeagueOf(t.ID)
	if err != nil {
		return err
	}
	in := s.InPlay()
	in.Between = lg.Between
	places, err := tx.LeaguePlaces(t.ID, t.Round)
	if err != nil {
		return err
	}
	for _, p := range places {
		for len(in.Divisions) < p.Division {
			in.Divisions = append(in.Divisions, nil)
		}
		in.Divisions[p.Division-1] = append(in.Divisions[p.Division-1], p.PlayerID)
	}
	leaving, err := tx.Leaving(t.ID)
	if err != nil {
		return err
	}
	in.Leaving = map[int64]bool{}
	for _, p := range leaving {
		in.Leaving[p] = true
	}
	rows, where, err := tx.RoundGames(t.ID, t.Round)
	if err != nil {
		return err
	}
	for i, row := range rows {
		ev.Games = append(ev.Games, eventGame(row, where[i]))
	}
	return nil
}

// climbs fills ev, with its entrants loaded, with what the rules of c, a
// ladder's, need: its climbs, and the games of those in play.
func climbs(tx *archive.Tx, t *archive.Tournament, ev *event.Event, c event.Climbing) error {
	stored, err := tx.Climbs(t.ID)
	if err != nil {
		return err
	}
	var climbs []event.Climb
	for _, cl := range stored {
		climbs = append(climbs, event.Climb{Game: cl.GameID, Climber: cl.ClimberID, Defender: cl.DefenderID, Outcome: cl.Outcome})
		if cl.Outcome != "" {
			continue
		}
		row, err := tx.GameByID(cl.GameID)
		if err != nil {
			return err
		}
		_, where, err := tx.TournamentOfGame(cl.GameID)
		if err != nil {
			return err
		}
		ev.Games = append(ev.Games, eventGame(row, where))
	}
	c.SetClimbs(climbs)
	return nil
}
