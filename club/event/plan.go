package event

import (
	"fmt"
	"slices"

	"postal/club/pairing"
	"postal/docs/words"
	"postal/engine"
)

// What comes next in an event, for its mails (issue 35): its start says
// the format, the rounds, when the next round starts and how results
// score; the end of each of its games says what follows it.

// planner is a format that says how it goes on; the others are said by
// their words.
type planner interface{ plan(ev *Event) string }

// Plan says in one paragraph how ev, started, goes on: its format and
// field, when its rounds start, how its results score and its ties break.
func (ev *Event) Plan() string {
	s := fmt.Sprintf("%s is a %s of %s.", ev.Name, ev.Format.Words(ev), words.Count(len(ev.Entrants), "player", "players"))
	if p, ok := ev.Format.(planner); ok {
		s = p.plan(ev)
	}
	if scoring := ev.scoring(); scoring != "" {
		s += " " + scoring
	}
	return s
}

// scoring says how ev's results score and its ties break; "" for a format
// ranked by its bracket.
func (ev *Event) scoring() string {
	tb := ev.Format.Table()
	if tb.TieBreaks == nil {
		return ""
	}
	s := "A win scores 1 point, a draw ½"
	if ev.Seats > 2 {
		s = "Places count between every two players of a table: ahead 1 point, the same place ½"
	}
	if tb.ByePoint {
		s += ", a bye 1"
	}
	if tb.System == pairing.SwissSystem {
		return s + "; ties are broken by Buchholz (the opponents' points), then median Buchholz."
	}
	return s + "; ties are broken by Sonneborn-Berger (the points of the players beaten, half those drawn)."
}

func (f roundRobin) plan(ev *Event) string {
	how := "everyone meets everyone once"
	if f.double {
		how = "everyone meets everyone twice, once from each seat"
	}
	return fmt.Sprintf("%s is a %s of %s: %s. Every game starts at once, and it ends when the last has ended.", ev.Name, f.Words(ev), words.Count(len(ev.Entrants), "player", "players"), how)
}

func (f tables) plan(ev *Event) string {
	return fmt.Sprintf("%s is a %s for %s: every set of %d plays one game. Every game starts at once, and it ends when the last has ended.", ev.Name, f.Words(ev), words.Count(len(ev.Entrants), "player", "players"), f.seats)
}

func (f swiss) plan(ev *Event) string {
	return fmt.Sprintf("%s is a %s for %s: each round starts when the last game of the one before has ended, pairing players on the same points who have not met.", ev.Name, f.Words(ev), words.Count(len(ev.Entrants), "player", "players"))
}

func (f knockout) plan(ev *Event) string {
	return fmt.Sprintf("%s is a knockout of %s: the winners of a round meet in the next when its every match is decided. A drawn game is replayed with the seats swapped; a second draw sends the higher seed through.", ev.Name, words.Count(len(ev.Entrants), "player", "players"))
}

// AfterGame says what follows the end of game id in ev (its event loaded
// with the game over, before it moves on): a knockout's replay or who goes
// through, when the next round starts, or when the event ends. "" for a
// game of none.
func (ev *Event) AfterGame(id int64) string {
	var g Game
	for _, x := range ev.Games {
		if x.ID == id {
			g = x
		}
	}
	if g.ID == 0 {
		return ""
	}
	if a, ok := ev.Format.(afterGamer); ok { // a league's seasons, a ladder's climbs: no rounds
		return a.afterGame(ev, g)
	}
	if ev.Format.Table().TieBreaks == nil { // a knockout
		matches := ev.Matches(g.Round)
		for _, m := range matches {
			if m.Board != g.Board {
				continue
			}
			switch {
			case m.Winner != 0 && len(matches) == 1:
				return fmt.Sprintf("%s wins %s (%s).", ev.PlayerName(m.Winner), ev.Name, m.How)
			case m.Winner != 0:
				return fmt.Sprintf("%s goes through (%s); the next round starts when every match of round %d is decided.", ev.PlayerName(m.Winner), m.How, g.Round)
			case len(m.Games) == 1:
				return "The match is replayed with the seats swapped: a mail about the new game follows."
			}
		}
		return ""
	}
	left := ev.Playing(0)
	if ev.Format.Where(ev) == "" { // every game at once
		if left == 0 {
			return fmt.Sprintf("That was the last game of %s.", ev.Name)
		}
		return fmt.Sprintf("%s ends when its last game has ended: %s still in play.", ev.Name, words.Count(left, "game is", "games are"))
	}
	left = ev.Playing(g.Round)
	if ev.Rounds > 0 && g.Round >= ev.Rounds {
		if left == 0 {
			return fmt.Sprintf("That was the last game of %s.", ev.Name)
		}
		return fmt.Sprintf("%s ends when the last game of round %d has ended: %s still in play.", ev.Name, g.Round, words.Count(left, "game is", "games are"))
	}
	if left == 0 {
		return fmt.Sprintf("Round %d of %s is complete: the next starts now.", g.Round, ev.Name)
	}
	return fmt.Sprintf("Round %d of %s starts when the last game of round %d has ended: %s still in play.", g.Round+1, ev.Name, g.Round, words.Count(left, "game is", "games are"))
}

// afterGamer is a format that says itself what follows a game's end.
type afterGamer interface {
	afterGame(ev *Event, g Game) string
}

// afterGame: a league's game ends a season when it is the last of it; the
// next begins after the club's break.
func (l *League) afterGame(ev *Event, g Game) string {
	if left := ev.Playing(g.Round); left > 0 {
		return fmt.Sprintf("Season %d of %s ends when its last game has ended: %s still in play.", g.Round, ev.Name, words.Count(left, "game is", "games are"))
	}
	return fmt.Sprintf("That was the last game of season %d of %s: the next season begins after the break between seasons.", g.Round, ev.Name)
}

// afterGame: a ladder's climb ends with its game; Next moves the players.
func (l *Ladder) afterGame(ev *Event, g Game) string {
	var c Climb
	for _, x := range l.Climbs {
		if x.Game == g.ID {
			c = x
		}
	}
	if c.Game == 0 {
		return ""
	}
	r := g.Result()
	cs, ds := slices.Index(g.Players, c.Climber), slices.Index(g.Players, c.Defender)
	if cs >= 0 && ds >= 0 && r.Place(engine.Player(cs)) < r.Place(engine.Player(ds)) {
		return fmt.Sprintf("%s won the climb: they take the %s place on %s, and those between move down one.", ev.PlayerName(c.Climber), words.Ordinal(l.prize(ev, c, g)+1), ev.Name)
	}
	return fmt.Sprintf("%s held the climb: the order of %s stays.", ev.PlayerName(c.Defender), ev.Name)
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
	return s + ". Each division plays a round robin; the next season begins after the last game and the break between seasons."
}
