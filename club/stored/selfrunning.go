package stored

import (
	"postal/archive"
	"postal/club/event"
)

// selfRunning fills ev, league or ladder t with its entrants loaded, with
// what its rules need: a league's settings, the divisions of the
// season in play, its games and who leaves after it; a ladder's settings,
// its climbs and the games of those in play. Neither loads its whole
// history: the rules decide from the season in play, the climbs in play.
func selfRunning(tx *archive.Tx, t *archive.Tournament, ev *event.Event) error {
	lg, err := tx.LeagueOf(t.ID)
	if err != nil {
		return err
	}
	switch f := ev.Format.(type) {
	case *event.League:
		f.Size, f.Promote, f.Double, f.Between = lg.Size, lg.Promote, lg.Double, lg.Between
		places, err := tx.LeaguePlaces(t.ID, t.Round)
		if err != nil {
			return err
		}
		for _, p := range places {
			for len(f.Divisions) < p.Division {
				f.Divisions = append(f.Divisions, nil)
			}
			f.Divisions[p.Division-1] = append(f.Divisions[p.Division-1], p.PlayerID)
		}
		leaving, err := tx.Leaving(t.ID)
		if err != nil {
			return err
		}
		f.Leaving = map[int64]bool{}
		for _, p := range leaving {
			f.Leaving[p] = true
		}
		rows, where, err := tx.RoundGames(t.ID, t.Round)
		if err != nil {
			return err
		}
		for i, row := range rows {
			ev.Games = append(ev.Games, eventGame(row, where[i]))
		}
	case *event.Ladder:
		f.Reach, f.IdleDays = lg.Reach, lg.IdleDays
		climbs, err := tx.Climbs(t.ID)
		if err != nil {
			return err
		}
		for _, c := range climbs {
			f.Climbs = append(f.Climbs, event.Climb{Game: c.GameID, Climber: c.ClimberID, Defender: c.DefenderID, Outcome: c.Outcome})
			if c.Outcome != "" {
				continue
			}
			row, err := tx.GameByID(c.GameID)
			if err != nil {
				return err
			}
			_, where, err := tx.TournamentOfGame(c.GameID)
			if err != nil {
				return err
			}
			ev.Games = append(ev.Games, eventGame(row, where))
		}
	}
	return nil
}
