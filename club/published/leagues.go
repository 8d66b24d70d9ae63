package published

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"postal/archive"
	"postal/club/event"
)

// selfRunning fills ev, league or ladder t with its entrants loaded, with
// what its rules need (issue 37): a league's settings, the divisions of the
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

// eventGame is game row, placed in its event at where, as the event's rules
// see it.
func eventGame(row *archive.Game, where archive.TournamentGame) event.Game {
	return event.Game{ID: row.ID, Round: where.Round, Board: where.Board, Players: row.Players, Over: row.Status == archive.GameOver, Score: row.Result}
}

// LeagueView is a league as its page shows it (issue 37): the divisions of
// the season in play with their standings and crosstables, the seasons
// before with each player's place and where it took them.
type LeagueView struct {
	Size, Promote, BreakDays, SeasonDays int
	Double                               bool
	Season                               int // in play, or just played while Between
	Between                              bool
	NextSeason                           time.Time // while Between: when the next begins
	Deadline                             time.Time // the season's; zero for none
	Divisions                            []DivisionView
	Past                                 []SeasonView // the latest first
	Waiting, Leaving                     []string     // who enter the next season; who leave after this one
}

// DivisionView, SeasonView and PastLine are the parts of a LeagueView.
type (
	DivisionView struct {
		Number    int
		Players   []string // by seed
		Arrived   []string // by seed: how each came ("up from 2", "down from 1", "new"); "" in season 1
		Standings []ViewStanding
		Cross     [][]string
		Games     []ViewGame
	}
	SeasonView struct {
		Number    int
		Divisions [][]PastLine // by division, by final place
	}
	PastLine struct {
		Rank   int
		Name   string
		Points float64
		Next   string // where the season took them: "up to 1", "down to 3", "stays", "left"; "" before the next begins
	}
)

// LadderView is a ladder as its page shows it (issue 37): its order, the
// climbs in play, and its history (Changes: its record, the latest
// first).
type LadderView struct {
	Reach, IdleDays int
	Order           []Rung
	Open            []ViewClimb
	Changes         []ViewAct
}

// Rung and ViewClimb are the parts of a LadderView.
type (
	Rung struct {
		Place int
		Name  string
		Note  string // "climbs carol (#12)", "defends against dave (#14)"
	}
	ViewClimb struct {
		Game              int64
		Climber, Defender string
		From, To          int // their places when it began
	}
)

// selfRunningView adds to v what league or ladder t's page shows besides a
// tournament's.
func selfRunningView(tx *archive.Tx, t *archive.Tournament, ev *event.Event, v *TournamentView) error {
	lg, err := tx.LeagueOf(t.ID)
	if err != nil {
		return err
	}
	switch f := ev.Format.(type) {
	case *event.League:
		v.League, err = leagueView(tx, t, ev, f, lg)
		return err
	case *event.Ladder:
		v.Ladder = ladderView(ev, f, v.Acts)
	}
	return nil
}

func leagueView(tx *archive.Tx, t *archive.Tournament, ev *event.Event, f *event.League, lg *archive.League) (*LeagueView, error) {
	lv := &LeagueView{Size: lg.Size, Promote: lg.Promote, BreakDays: lg.BreakDays, SeasonDays: lg.SeasonDays, Double: lg.Double, Season: t.Round, Between: lg.Between}
	if lg.Between {
		lv.NextSeason = lg.Due
	} else if lg.SeasonDays > 0 {
		lv.Deadline = lg.SeasonBegan.Add(time.Duration(lg.SeasonDays) * 24 * time.Hour)
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
		sub := f.Division(ev, d+1)
		dv := DivisionView{Number: d + 1, Standings: viewStandings(sub), Cross: sub.Crosstable()}
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
			dv.Games = append(dv.Games, ViewGame{ID: g.ID, Board: g.Board, Players: names, Result: g.Score})
		}
		lv.Divisions = append(lv.Divisions, dv)
	}
	last := t.Round - 1
	if lg.Between {
		last = t.Round
	}
	for s := last; s >= 1; s-- {
		sv := SeasonView{Number: s}
		for _, p := range places {
			if p.Season != s {
				continue
			}
			for len(sv.Divisions) < p.Division {
				sv.Divisions = append(sv.Divisions, nil)
			}
			line := PastLine{Rank: p.Rank, Name: ev.PlayerName(p.PlayerID), Points: p.Points}
			if _, known := ev.Names[p.PlayerID]; !known {
				if line.Name, err = playerName(tx, p.PlayerID); err != nil {
					return nil, err
				}
			}
			if next, ok := bySeason[s+1][p.PlayerID]; ok {
				line.Next = moveWords(p.Division, next.Division, "to")
			} else if s < t.Round {
				line.Next = "left"
			}
			sv.Divisions[p.Division-1] = append(sv.Divisions[p.Division-1], line)
		}
		for _, lines := range sv.Divisions {
			slices.SortFunc(lines, func(a, b PastLine) int { return a.Rank - b.Rank })
		}
		lv.Past = append(lv.Past, sv)
	}
	for _, e := range ev.Entrants {
		switch {
		case !e.In():
		case f.Leaving[e.Player]:
			lv.Leaving = append(lv.Leaving, ev.PlayerName(e.Player))
		case t.Status == archive.TournamentRunning && f.DivisionOf(e.Player) == 0:
			lv.Waiting = append(lv.Waiting, ev.PlayerName(e.Player))
		}
	}
	return lv, nil
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

func ladderView(ev *event.Event, f *event.Ladder, acts []ViewAct) *LadderView {
	lv := &LadderView{Reach: f.Reach, IdleDays: f.IdleDays}
	order := f.Order(ev)
	notes := map[int64][]string{}
	for _, c := range f.Climbs {
		if c.Outcome != "" {
			continue
		}
		from, to := slices.Index(order, c.Climber)+1, slices.Index(order, c.Defender)+1
		lv.Open = append(lv.Open, ViewClimb{Game: c.Game, Climber: ev.PlayerName(c.Climber), Defender: ev.PlayerName(c.Defender), From: from, To: to})
		notes[c.Climber] = append(notes[c.Climber], fmt.Sprintf("climbs %s (#%d)", ev.PlayerName(c.Defender), c.Game))
		notes[c.Defender] = append(notes[c.Defender], fmt.Sprintf("defends against %s (#%d)", ev.PlayerName(c.Climber), c.Game))
	}
	for i, p := range order {
		lv.Order = append(lv.Order, Rung{Place: i + 1, Name: ev.PlayerName(p), Note: strings.Join(notes[p], "; ")})
	}
	for i := len(acts) - 1; i >= 0; i-- {
		if acts[i].Kind != "idle" { // a drop spent in place changes nothing to see
			lv.Changes = append(lv.Changes, acts[i])
		}
	}
	return lv
}

// selfRunningActText words the acts of leagues and ladders (issue 37),
// whose details say them whole; ok is false for an act of another kind,
// or of a tournament.
func selfRunningActText(ev *event.Event, a archive.Act, name func(int64) string) (string, bool) {
	if !event.SelfRunning(ev.Format.Name()) {
		return "", false
	}
	kind := ev.Format.Name()
	switch a.Act {
	case "create":
		return fmt.Sprintf("%s made the %s: %s", name(a.ByID), kind, a.Detail), true
	case "start":
		return "the league started: " + a.Detail, true
	case "season", "season-over", "climb", "climbed", "held", "dropped", "idle":
		return a.Detail, true
	case "leaving":
		return fmt.Sprintf("%s leaves %s", name(a.PlayerID), a.Detail), true
	case "staying":
		return name(a.PlayerID) + " stays after all", true
	}
	return "", false
}
