package published

import (
	"fmt"
	"slices"
	"time"

	"postal/archive"
	"postal/club/event"
	"postal/site/view"
)

// leagueView is league t as its page shows it besides a tournament's: the
// divisions of the season in play (s, its rules), the seasons played, who
// waits and who leaves; its settings by their words.
func leagueView(tx *archive.Tx, t *archive.Tournament, ev *event.Event, s event.Seasonal) (*view.League, error) {
	lg, err := tx.LeagueOf(t.ID)
	if err != nil {
		return nil, err
	}
	set := event.Settings(t.Settings)
	f := s.InPlay()
	lv := &view.League{Size: set.Get("size", 0), Promote: set.Get("promote", 0), BreakDays: set.Get("break", 0), SeasonDays: set.Get("season", 0),
		Double: set.Get("double", 0) == 1, Season: t.Round, Between: lg.Between}
	if lg.Between {
		lv.NextSeason = lg.Due
	} else if lv.SeasonDays > 0 {
		lv.Deadline = lg.SeasonBegan.Add(time.Duration(lv.SeasonDays) * 24 * time.Hour)
	}
	places, err := tx.LeaguePlaces(t.ID, 0)
	if err != nil {
		return nil, err
	}
	// Each season's places, by season and player, for the moves between.
	bySeason := map[int]map[int64]archive.LeaguePlace{}
	for _, p := range places {
		if bySeason[p.Season] == nil {
			bySeason[p.Season] = map[int64]archive.LeaguePlace{}
		}
		bySeason[p.Season][p.PlayerID] = p
	}
	for d, div := range f.Divisions {
		sub := s.Division(ev, d+1)
		dv := view.Division{Number: d + 1, Standings: standings(sub), Cross: sub.Crosstable()}
		for _, p := range div {
			dv.Players = append(dv.Players, ev.PlayerName(p))
			arrived := ""
			if t.Round > 1 {
				arrived = "new"
				if before, ok := bySeason[t.Round-1][p]; ok {
					arrived = moveWords(before.Division, d+1, "from")
				}
			}
			dv.Arrived = append(dv.Arrived, arrived)
		}
		for _, g := range sub.Games {
			var names []string
			for _, id := range g.Players {
				names = append(names, ev.PlayerName(id))
			}
			dv.Games = append(dv.Games, view.RoundGame{ID: g.ID, Board: g.Board, Players: names, Result: g.Score})
		}
		lv.Divisions = append(lv.Divisions, dv)
	}
	last := t.Round - 1
	if lg.Between {
		last = t.Round
	}
	for s := last; s >= 1; s-- {
		sv := view.Season{Number: s}
		for _, p := range places {
			if p.Season != s {
				continue
			}
			for len(sv.Divisions) < p.Division {
				sv.Divisions = append(sv.Divisions, nil)
			}
			line := view.SeasonLine{Rank: p.Rank, Name: ev.PlayerName(p.PlayerID), Points: p.Points}
			if _, known := ev.Names[p.PlayerID]; !known {
				if line.Name, err = playerName(tx, p.PlayerID); err != nil {
					return nil, err
				}
			}
			if next, ok := bySeason[s+1][p.PlayerID]; ok {
				line.Next = moveWords(p.Division, next.Division, "to")
			} else if s < t.Round || t.Status == archive.TournamentOver {
				line.Next = outWords(ev.Entrant(p.PlayerID), f.Leaving[p.PlayerID])
			}
			sv.Divisions[p.Division-1] = append(sv.Divisions[p.Division-1], line)
		}
		for _, lines := range sv.Divisions {
			slices.SortFunc(lines, func(a, b view.SeasonLine) int { return a.Rank - b.Rank })
		}
		lv.Past = append(lv.Past, sv)
	}
	for _, e := range ev.Entrants {
		switch {
		case !e.In() || t.Status == archive.TournamentOver: // an ended league has no one leaving
		case f.Leaving[e.Player]:
			lv.Leaving = append(lv.Leaving, ev.PlayerName(e.Player))
		case t.Status == archive.TournamentRunning && f.DivisionOf(e.Player) == 0:
			lv.Waiting = append(lv.Waiting, ev.PlayerName(e.Player))
		}
	}
	return lv, nil
}

// outWords says how a player went who played no next season: "left",
// "timed out" (a loss on time put them out), "removed" by a director;
// "" for one still in when the league ended.
func outWords(e *event.Entrant, leaving bool) string {
	switch {
	case e == nil:
		return "left"
	case e.Out == archive.EntrantTimedOut:
		return "timed out"
	case e.Out == archive.EntrantRemoved:
		return "removed"
	case !e.In() || leaving:
		return "left"
	}
	return ""
}

// moveWords says a move between divisions: "up to 1", "down from 2",
// "stays".
func moveWords(from, to int, dir string) string {
	d := to
	if dir == "from" {
		d = from
	}
	switch {
	case to < from:
		return fmt.Sprintf("up %s %d", dir, d)
	case to > from:
		return fmt.Sprintf("down %s %d", dir, d)
	}
	return "stays"
}
