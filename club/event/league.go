package event

import (
	"fmt"
	"slices"
	"strings"

	"postal/club/pairing"
	"postal/docs/words"
)

// The events that run themselves (issue 37): a league (this file) and a
// ladder (ladder.go). Their names are formats as "tournament" writes them,
// and their events are tournaments the club keeps like any other.
const (
	LeagueName = "league"
	LadderName = "ladder"
)

// SelfRunning reports whether format is a league's or a ladder's.
func SelfRunning(format string) bool { return format == LeagueName || format == LadderName }

// League is a league: its players in divisions, each division a round
// robin (double for a game of two when Double, tables for a game of more)
// a season; after each season the top Promote of each division move up and
// the bottom Promote move down (NextDivisions), and the next season starts
// (the club keeps the break between seasons). An event's Round is its
// season; a game's Round its season and its Board its division.
type League struct {
	Seats   int
	Size    int // the players of a division, as asked
	Promote int
	Double  bool
	// Divisions of the season in play (or just played, when Between), top
	// first, each by seed.
	Divisions [][]int64
	// Between marks a season over whose next has not begun.
	Between bool
	// Leaving are the players who leave after the season in play.
	Leaving map[int64]bool
}

// LeagueDefaults are a league's settings when its command leaves them out.
const (
	DefaultSize    = 6
	DefaultPromote = 1
	DefaultBreak   = 3
)

func (l *League) Name() string { return LeagueName }

func (l *League) Words(*Event) string {
	if l.Size == 0 {
		return "league"
	}
	inner := ""
	switch {
	case l.Seats > 2:
		inner = fmt.Sprintf(" (tables of %d)", l.Seats)
	case l.Double:
		inner = " (double round robins)"
	}
	return fmt.Sprintf("league in divisions of %d%s, %d up and down a season", l.Size, inner, l.Promote)
}

// Limit is the most players a league takes: its divisions play apart.
func (l *League) Limit() int { return 1000 }

// least is the fewest players a division plays with.
func (l *League) least() int { return max(2, l.Seats) }

// Start makes season 1: the entrants, seeded by rating, fill the divisions
// from the top.
func (l *League) Start(ev *Event) ([]Step, error) {
	players := make([]int64, len(ev.Entrants))
	for i, e := range ev.Entrants {
		players[i] = e.Player
	}
	divs := NextDivisions(nil, l.Promote, func(int64) bool { return false }, players, l.Size, l.least())
	if divs == nil {
		return nil, &Refusal{Msg: fmt.Sprintf("%s needs at least %d players to start; it has %d", ev.Name, l.least(), len(players))}
	}
	return l.begin(ev, 1, divs, nil), nil
}

// begin starts season of ev with divisions divs, left leaving the league
// as it does: the season, then each division's games.
func (l *League) begin(ev *Event, season int, divs [][]int64, left []int64) []Step {
	l.Divisions, l.Between, ev.Round = divs, false, season
	for _, p := range left {
		delete(l.Leaving, p)
	}
	steps := []Step{BeginSeason{Season: season, Divisions: divs, Left: left}}
	for d := range divs {
		sub := l.Division(ev, d+1)
		first, _ := sub.Format.Start(sub)
		for _, st := range first {
			if g, ok := st.(StartGame); ok {
				g.Round, g.Board = season, d+1
				steps = append(steps, g)
			}
		}
	}
	return append(steps, AnnounceSeason{Season: season})
}

// Next ends the season once its last game has ended: the final standings
// of each division, for the next season's divisions.
func (l *League) Next(ev *Event) []Step {
	if l.Between || ev.Round == 0 || ev.Playing(ev.Round) > 0 {
		return nil
	}
	l.Between = true
	end := EndSeason{Season: ev.Round}
	for d := range l.Divisions {
		end.Standings = append(end.Standings, l.Division(ev, d+1).Standings())
	}
	return []Step{end}
}

// NewSeason begins the season after the one just played (Between): the
// divisions moved (NextDivisions) from its final standings, without the
// players who leave or went out, with the players who joined meanwhile,
// best rated first, at the bottom. A league left with too few players to
// play ends, won by the winner of its top division.
func (l *League) NewSeason(ev *Event) []Step {
	if !l.Between {
		return nil
	}
	var last [][]int64
	placed := map[int64]bool{}
	for d := range l.Divisions {
		var order []int64
		for _, s := range l.Division(ev, d+1).Standings() {
			order = append(order, s.Player)
			placed[s.Player] = true
		}
		last = append(last, order)
	}
	var newcomers, left []int64
	leaving := func(p int64) bool {
		e := ev.Entrant(p)
		return e == nil || !e.In() || l.Leaving[p]
	}
	for _, e := range ev.Entrants {
		switch {
		case l.Leaving[e.Player] && e.In():
			left = append(left, e.Player)
		case !placed[e.Player] && e.In():
			newcomers = append(newcomers, e.Player)
		}
	}
	slices.SortStableFunc(newcomers, func(a, b int64) int {
		ra, rb := ev.Entrant(a).Rating, ev.Entrant(b).Rating
		switch {
		case ra > rb:
			return -1
		case ra < rb:
			return 1
		}
		return 0
	})
	divs := NextDivisions(last, l.Promote, leaving, newcomers, l.Size, l.least())
	if divs == nil {
		f := Finish{Note: fmt.Sprintf("Too few players are left for season %d.", ev.Round+1)}
		if len(last) > 0 && len(last[0]) > 0 {
			f.Winner = last[0][0]
		}
		return []Step{f}
	}
	return l.begin(ev, ev.Round+1, divs, left)
}

// Division is division d (from 1) of the season in play as an event of its
// own: a round robin of its players, by seed, and its games.
func (l *League) Division(ev *Event, d int) *Event {
	var inner Format = roundRobin{double: l.Double}
	if l.Seats > 2 {
		inner = tables{seats: l.Seats}
	}
	sub := &Event{Name: fmt.Sprintf("%s division %d", ev.Name, d), Format: inner, Seats: ev.Seats, Stage: ev.Stage, Round: 1, Names: ev.Names}
	if d < 1 || d > len(l.Divisions) {
		return sub
	}
	for i, p := range l.Divisions[d-1] {
		e := Entrant{Player: p, Seed: i + 1}
		if in := ev.Entrant(p); in != nil {
			e.Rating, e.Out = in.Rating, in.Out
		}
		sub.Entrants = append(sub.Entrants, e)
	}
	for _, g := range ev.Games {
		if g.Round == ev.Round && g.Board == d {
			sub.Games = append(sub.Games, g)
		}
	}
	return sub
}

// DivisionOf is the division (from 1) player plays in this season; 0 for
// none.
func (l *League) DivisionOf(player int64) int {
	for d, div := range l.Divisions {
		if slices.Contains(div, player) {
			return d + 1
		}
	}
	return 0
}

func (l *League) Where(ev *Event) string {
	if l.Between {
		return fmt.Sprintf("season %d is over, season %d to come", ev.Round, ev.Round+1)
	}
	return fmt.Sprintf("season %d", ev.Round)
}

func (l *League) Started(ev *Event, games []string) []string {
	return []string{fmt.Sprintf("Season %d has begun: %s, %s (%s).", ev.Round, words.Count(len(l.Divisions), "division", "divisions"), words.Count(len(games), "game", "games"), strings.Join(games, ", ")),
		"Each player has one mail with their division, their opponents and their games; \"standings " + ev.Name + "\" shows the divisions."}
}

func (l *League) Table() Table {
	return Table{System: pairing.RoundRobinSystem, TieBreaks: []string{"SB"}}
}

// report is the standings of every division of the season.
func (l *League) report(ev *Event) (string, []string) {
	var parts []string
	for d := range l.Divisions {
		sub := l.Division(ev, d+1)
		parts = append(parts, fmt.Sprintf("division %d\n%s", d+1, sub.standingsText(sub.Format.Table())))
	}
	notes := []string{tieBreakLine(l.Table())}
	if l.Promote > 0 && len(l.Divisions) > 1 {
		notes = append(notes, fmt.Sprintf("After the season the top %d of each division move up and the bottom %d move down.", l.Promote, l.Promote))
	}
	return strings.Join(parts, "\n\n"), notes
}

// BeginSeason: season Season of a league begins with Divisions (top
// first, each by seed); the players Left leave the league as it does.
// Each division's games follow.
type BeginSeason struct {
	Season    int
	Divisions [][]int64
	Left      []int64
}

// AnnounceSeason: the games of season Season have started; every player is
// told their division, their opponents and their games, in one mail.
type AnnounceSeason struct {
	Season int
}

// EndSeason: season Season of a league is over, with each division's final
// Standings, top division first.
type EndSeason struct {
	Season    int
	Standings [][]Standing
}

func (BeginSeason) step()    {}
func (AnnounceSeason) step() {}
func (EndSeason) step()      {}

// reporter is a format whose standings are its own (a league's divisions,
// a ladder's order).
type reporter interface {
	report(ev *Event) (string, []string)
}

// PlaceLabel names a game's place in its event for its mails: "spring-cup,
// round 2", "spring, season 2, division 1", "top, climb 3".
func PlaceLabel(name, format string, round, board int) string {
	if SelfRunning(format) {
		return name + ", " + RoundLabel(format, round, board)
	}
	return Label(name, round)
}

// RoundLabel names a game's round in its event, as a record's EventRound
// tag: "2", "season 2, division 1", "climb 3".
func RoundLabel(format string, round, board int) string {
	switch format {
	case LeagueName:
		return fmt.Sprintf("season %d, division %d", round, board)
	case LadderName:
		return fmt.Sprintf("climb %d", round)
	}
	return fmt.Sprint(round)
}
