package event

import (
	"fmt"

	"postal/club/pairing"
	"postal/docs/words"
)

// What comes next in an event, for its mails: its start says
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

// Scoring says how ev's results score and its ties break, as its plan
// says it (a cup's page says its groups' so); "" for a format ranked by
// its bracket.
func (ev *Event) Scoring() string { return ev.scoring() }

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
	return s + "; ties are broken by " + TieBreakChain + "."
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
	if a, ok := ev.Format.(afterGamer); ok { // a knockout's matches, a league's seasons, a ladder's climbs
		return a.afterGame(ev, g)
	}
	left := ev.Playing(0)
	if ev.Format.Where(ev) == "" { // every game at once
		if left == 0 {
			return fmt.Sprintf("That was the last game of %s.", ev.Name)
		}
		return fmt.Sprintf("%s ends when its last game has ended: %s still in play.", ev.Name, words.Count(left, "game is", "games are"))
	}
	left = ev.Playing(g.Round)
	if c, ok := ev.Format.(counted); ok && c.lastRound() > 0 && g.Round >= c.lastRound() {
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

// counted is a format of a fixed number of rounds (a Swiss): its last game
// of the last round ends it.
type counted interface {
	lastRound() int
}
