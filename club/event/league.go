package event

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"postal/club/pairing"
	"postal/docs/words"
	"postal/notation"
)

// LeagueName is the league's format, as the archive writes it: the word of
// its command.
const LeagueName = string(notation.CmdLeague)

// League is a league, an event that runs itself: its players in
// divisions, each division a round robin (double for a game of two when
// Double, tables for a game of more) a season; after each season the top
// Promote of each division move up and the bottom Promote move down
// (NextDivisions), and the next season begins BreakDays after (the club
// keeps the break, and the season's deadline, SeasonDays after it began:
// Clocked). An event's Round is its season; a game's Round its season and
// its Board its division. Players join it while it runs, from the next
// season (Joiner), and leave it after the season they play (Leaver).
type League struct {
	Seats   int
	Size    int // the players of a division, as asked
	Promote int
	Double  bool
	// BreakDays is the break between a season's end and the next's
	// beginning; SeasonDays a season's deadline (0: none, its last game
	// ends it).
	BreakDays, SeasonDays int
	// Season is the season in play (or just played, when Between), which
	// the club restores when it loads the event (InPlay).
	Season
}

// leagueKind makes a league from its settings: "size", "promote",
// "break", "season" and "double" (1: double round robins), each the
// command's word ("league NAME GAME size 6 promote 1 ... double").
var leagueKind = Kind{Name: LeagueName, Verb: notation.CmdLeague, Page: LeaguePage,
	Numbers: []notation.Number{
		{Word: "size", Min: 2, Max: 20, What: "players in a division"},
		{Word: "promote", Min: 0, Max: 10, What: "players who move up and down", Sign: "K"},
		{Word: "break", Min: 0, Max: 90, What: "days between seasons", Sign: "DAYS"},
		{Word: "season", Min: 1, Max: 730, What: "days a season lasts at most", Sign: "DAYS"},
	},
	Switch:   "double",
	Defaults: Settings{"size": DefaultSize, "promote": DefaultPromote, "break": DefaultBreak, "season": 0},
	Make: func(seats int, s Settings) (Format, bool) {
		return &League{Seats: seats, Size: s.Get("size", 0), Promote: s.Get("promote", 0), Double: s.Get("double", 0) == 1,
			BreakDays: s.Get("break", 0), SeasonDays: s.Get("season", 0)}, true
	}}

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

// InPlay is the season in play (Seasonal).
func (l *League) InPlay() *Season { return &l.Season }

// division is the format each division plays: a round robin, double when
// Double, of tables for a game of more than two.
func (l *League) division() Format {
	if l.Seats > 2 {
		return tables{seats: l.Seats}
	}
	return roundRobin{double: l.Double}
}

// DivisionLimit is the most players a division of a league of games of
// seats takes: its round robin's limit.
func DivisionLimit(seats int) int { return (&League{Seats: seats}).division().Limit() }

// Check refuses settings no season could play: divisions smaller than a
// game or larger than a round robin of its game takes, a double round
// robin of tables, more moving than half a division.
func (l *League) Check() *Refusal {
	if l.Double && l.Seats > 2 {
		return &Refusal{Msg: fmt.Sprintf("a game of %d is played in tables: a league of it has no double round robin", l.Seats), Hint: "Leave out \"double\"."}
	}
	inner := l.division()
	switch {
	case l.Size < l.Seats:
		return &Refusal{Msg: fmt.Sprintf("divisions of %d cannot play a game of %d", l.Size, l.Seats), Hint: fmt.Sprintf("Write size %d or more.", l.Seats)}
	case l.Size > inner.Limit():
		return &Refusal{Msg: fmt.Sprintf("a division is a %s: it takes at most %d players", inner.Words(&Event{}), inner.Limit())}
	case 2*l.Promote > l.Size:
		return &Refusal{Msg: fmt.Sprintf("promote %d moves more than half of a division of %d", l.Promote, l.Size), Hint: fmt.Sprintf("Write promote %d or less.", l.Size/2)}
	}
	return nil
}

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
	steps := []Step{BeginSeason{Season: season, Divisions: divs, Left: left, Days: l.SeasonDays}}
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
	return append(steps, AnnounceSeason{Season: season, Divisions: divs})
}

// Next ends the season once its last game has ended: the final standings
// of each division, for the next season's divisions.
func (l *League) Next(ev *Event) []Step {
	if l.Between || ev.Round == 0 || ev.Playing(ev.Round) > 0 {
		return nil
	}
	l.Between = true
	end := EndSeason{Season: ev.Round, Break: l.BreakDays}
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
	var standings [][]Standing
	placed := map[int64]bool{}
	for d := range l.Divisions {
		var order []int64
		lines := l.Division(ev, d+1).Standings()
		for _, s := range lines {
			order = append(order, s.Player)
			placed[s.Player] = true
		}
		last, standings = append(last, order), append(standings, lines)
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
	steps := l.begin(ev, ev.Round+1, divs, left)
	if a, ok := steps[len(steps)-1].(AnnounceSeason); ok {
		a.Decided = l.decided(ev, standings)
		steps[len(steps)-1] = a
	}
	return steps
}

// decided says, to each player whose moving up or down (or staying) a
// tie-break decided, which rule decided it: two level on points across the
// line between those who move and those who stay. Players the whole chain
// cannot separate share their place, and the seed decided who moves.
func (l *League) decided(ev *Event, standings [][]Standing) map[int64][]string {
	out := map[int64][]string{}
	d := len(standings)
	for i, lines := range standings {
		var cuts []int // a line k: lines[k-1] and lines[k] are on either side of a move
		if i > 0 {
			cuts = append(cuts, min(l.Promote, len(lines)/2, len(standings[i-1])/2))
		}
		if i < d-1 {
			cuts = append(cuts, len(lines)-min(l.Promote, len(lines)/2, len(standings[i+1])/2))
		}
		for _, k := range cuts {
			if k <= 0 || k >= len(lines) || lines[k].By == "" || !lines[k].Counted {
				continue
			}
			a, b := lines[k-1].Player, lines[k].Player
			line := fmt.Sprintf("%s is ahead of %s on %s, level on points in division %d.", ev.PlayerName(a), ev.PlayerName(b), lines[k].By, i+1)
			if lines[k].By == pairing.BySeed {
				line = fmt.Sprintf("%s and %s shared %s place in division %d, level on points and every tie-break: the seed decided which of them moves.", ev.PlayerName(a), ev.PlayerName(b), words.Ordinal(lines[k].Rank), i+1)
			}
			out[a], out[b] = append(out[a], line), append(out[b], line)
		}
	}
	return out
}

// Division is division d (from 1) of the season in play as an event of its
// own: a round robin of its players, by seed, and its games.
func (l *League) Division(ev *Event, d int) *Event {
	sub := &Event{Name: fmt.Sprintf("%s division %d", ev.Name, d), Format: l.division(), Seats: ev.Seats, Stage: ev.Stage, Round: 1, Names: ev.Names}
	if d < 1 || d > len(l.Divisions) {
		return sub
	}
	for i, p := range l.Divisions[d-1] {
		e := Entrant{Player: p, Seed: i + 1}
		if in := ev.Entrant(p); in != nil {
			e.Rating, e.Now, e.Out = in.Rating, in.Now, in.Out
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
	var parts, decided []string
	for d := range l.Divisions {
		sub := l.Division(ev, d+1)
		parts = append(parts, fmt.Sprintf("division %d\n%s", d+1, sub.standingsText(sub.Format.Table())))
		for _, n := range sub.TieBreakNotes() {
			decided = append(decided, fmt.Sprintf("Division %d: %s", d+1, n))
		}
	}
	notes := []string{tieBreakLine(l.Table())}
	if ev.ratingsNow() {
		notes[0] = strings.Replace(notes[0], "The ratings are those the event started with.", "The ratings are the players' ratings now.", 1)
	}
	if l.Promote > 0 && len(l.Divisions) > 1 {
		notes = append(notes, fmt.Sprintf("After the season the top %d of each division move up and the bottom %d move down.", l.Promote, l.Promote))
	}
	notes = append(notes, decided...)
	return strings.Join(parts, "\n\n"), notes
}

// Join answers where a player who enters the league stands: waiting for
// its next season (season 1 while it is open).
func (l *League) Join(ev *Event, player int64) []Step {
	return []Step{Waiting{Player: player, Season: ev.Round + 1, Between: l.Between}}
}

// Leave: a player of the season in play leaves after it, their games going
// on; one who plays none (waiting for the next, or between seasons)
// leaves at once.
func (l *League) Leave(ev *Event, player int64) ([]Step, error) {
	if l.DivisionOf(player) == 0 || l.Between {
		return []Step{LeaveNow{Player: player}}, nil
	}
	if l.Leaving[player] {
		return nil, &Refusal{Msg: fmt.Sprintf("you leave %s after season %d already", ev.Name, ev.Round)}
	}
	playing := 0
	for _, g := range ev.Games {
		if !g.Over && slices.Contains(g.Players, player) {
			playing++
		}
	}
	return []Step{LeaveAfter{Player: player, Season: ev.Round, Playing: playing}}, nil
}

// Told: only the division of a player who goes hears of it; a league of
// hundreds need not.
func (l *League) Told(ev *Event, out int64) []int64 {
	d := l.DivisionOf(out)
	if d == 0 {
		return nil
	}
	return slices.Clone(l.Divisions[d-1])
}

// Due: between seasons the next season begins; during one, the season's
// deadline has come.
func (l *League) Due(ev *Event, _ time.Time, _ []Act) []Step {
	if l.Between {
		return []Step{NextSeason{Season: ev.Round + 1}}
	}
	return []Step{SeasonDeadline{Season: ev.Round}}
}

// NextDue: the steps of a season say when it is next due (its deadline,
// its break).
func (l *League) NextDue(*Event, time.Time, []Act) (time.Time, bool) { return time.Time{}, false }

// RoundLabel names a game's season and division: "season 2, division 1".
func (l *League) RoundLabel(round, board int) string {
	return fmt.Sprintf("season %d, division %d", round, board)
}

// afterGame: a league's game ends a season when it is the last of it; the
// next begins after the club's break.
func (l *League) afterGame(ev *Event, g Game) string {
	if left := ev.Playing(g.Round); left > 0 {
		return fmt.Sprintf("Season %d of %s ends when its last game has ended: %s still in play.", g.Round, ev.Name, words.Count(left, "game is", "games are"))
	}
	// A league without a break begins the next season with this game's end.
	if l.BreakDays <= 0 {
		return fmt.Sprintf("That was the last game of season %d of %s: season %d begins at once.", g.Round, ev.Name, g.Round+1)
	}
	return fmt.Sprintf("That was the last game of season %d of %s: season %d begins after the break between seasons, %s.", g.Round, ev.Name, g.Round+1, words.Count(l.BreakDays, "day", "days"))
}

// plan: a league says how its players are divided this season, which can
// differ from the size asked (nine players in divisions of four make three
// of three: n/size divisions rounded up, as equal as possible).
func (l *League) plan(ev *Event) string {
	s := fmt.Sprintf("%s is a %s, of %s", ev.Name, l.Words(ev), words.Count(len(ev.Entrants), "player", "players"))
	if n := len(l.Divisions); n > 0 {
		lo, hi := len(l.Divisions[0]), len(l.Divisions[0])
		for _, d := range l.Divisions {
			lo, hi = min(lo, len(d)), max(hi, len(d))
		}
		sizes := fmt.Sprint(lo)
		if hi > lo {
			sizes = fmt.Sprintf("%d or %d", lo, hi)
		}
		s += fmt.Sprintf(": %s of %s players this season", words.Count(n, "division", "divisions"), sizes)
	}
	if l.BreakDays <= 0 {
		return s + ". Each division plays a round robin; the next season begins as soon as the last game of the season ends."
	}
	return s + fmt.Sprintf(". Each division plays a round robin; the next season begins %s after the last game of the season ends.", words.Count(l.BreakDays, "day", "days"))
}

// BeginSeason: season Season of a league begins with Divisions (top
// first, each by seed); the players Left leave the league as it does. Days
// is the season's deadline in days (0: none). Each division's games
// follow.
type BeginSeason struct {
	Season    int
	Divisions [][]int64
	Left      []int64
	Days      int
}

// AnnounceSeason: the games of season Season have started in Divisions;
// every player is told their division, their opponents and their games,
// in one mail, which tells the start of the league too.
type AnnounceSeason struct {
	Season    int
	Divisions [][]int64
	// Decided says to a player whose move a tie-break decided which rule
	// decided it (the season before's standings), by player.
	Decided map[int64][]string
}

// EndSeason: season Season of a league is over, with each division's final
// Standings, top division first. The next begins Break days after (0: at
// once).
type EndSeason struct {
	Season    int
	Standings [][]Standing
	Break     int
}

// Waiting: Player, just entered, plays from season Season, in the bottom
// division, placed by rating; Between when the season before is over.
type Waiting struct {
	Player  int64
	Season  int
	Between bool
}

// LeaveNow: Player, who plays no game of the league, leaves it at once.
type LeaveNow struct{ Player int64 }

// LeaveAfter: Player leaves the league after season Season, in which they
// have Playing games still in play.
type LeaveAfter struct {
	Player          int64
	Season, Playing int
}

// NextSeason: the break after a season is over, and season Season is due
// to begin (Seasonal.NewSeason), the players waiting placed by their
// ratings then.
type NextSeason struct{ Season int }

// SeasonDeadline: season Season has reached its deadline; its games
// unfinished then are drawn, and the season ends with the last.
type SeasonDeadline struct{ Season int }

func (BeginSeason) step()    {}
func (AnnounceSeason) step() {}
func (EndSeason) step()      {}
func (Waiting) step()        {}
func (LeaveNow) step()       {}
func (LeaveAfter) step()     {}
func (NextSeason) step()     {}
func (SeasonDeadline) step() {}

// What a league does beyond every format (abilities.go).
var (
	_ Seasonal = (*League)(nil)
	_ Joiner   = (*League)(nil)
	_ Leaver   = (*League)(nil)
	_ Audience = (*League)(nil)
	_ Clocked  = (*League)(nil)
	_ Placer   = (*League)(nil)
	_ Checker  = (*League)(nil)
)
