package event

import (
	"fmt"
	"slices"
	"sort"
	"time"

	"postal/engine"
)

// Stage is where an event stands.
type Stage int

const (
	Open    Stage = iota // taking entries
	Running              // games under way
	Over
)

// Event is a tournament as its rules see it.
type Event struct {
	Name   string
	Format Format
	Seats  int       // the players of each game
	Max    int       // the entrants it waits for to start; 0: its director starts it
	Starts time.Time // the day it starts by itself; zero for none
	Stage  Stage
	Round  int // the round in play
	Winner int64
	Note   string // how it ended, when not simply by its last game

	Entrants []Entrant // by seed once it runs, by entry before
	Games    []Game    // by round, board and number
	Byes     []Bye
	Names    map[int64]string // the entrants' names, and others' the club knows
}

// Entrant is a player of an event.
type Entrant struct {
	Player int64
	Seed   int
	Rating float64 // their rating when the event started, which seeded them
	// Now is their rating now, when the club has looked it up (for a
	// league's standings, whose seasons run for long); 0 when it has not.
	// The tie-breaks use Rating, never Now.
	Now float64
	// Out is how they went out of the event, in the club's words (left,
	// removed, timed-out); "" while they are in.
	Out      string
	Annulled bool // every result of theirs is annulled
}

// In reports whether e is still in the event.
func (e Entrant) In() bool { return e.Out == "" }

// Game is a game of an event.
type Game struct {
	ID           int64
	Round, Board int
	Players      []int64 // by seat
	Over         bool
	Score        string // the result as stored: "1-0", "2-3-1-4"; "*" while it goes on
	// Void marks a game that ended with its event, unplayed out: an
	// admin ended the event. It counts for nothing.
	Void bool
}

// Result is how g ended: its score read for its seats; not over while it
// goes on (or when the score does not read).
func (g Game) Result() engine.Result {
	if !g.Over {
		return engine.Result{}
	}
	r, err := engine.ParseScore(g.Score, len(g.Players))
	if err != nil {
		return engine.Result{}
	}
	return r
}

// Bye is a round an entrant sits out: a point in a Swiss, a pass to the
// next round in a knockout.
type Bye struct {
	Round, Board int
	Player       int64
}

// Start seeds ev's entrants by their ratings (the earlier entry first among
// equals: knockout brackets and Swiss pairings read the seeds, Berger tables
// number by them) and answers with the steps of its first round; a
// *Refusal when it cannot start.
func (ev *Event) Start() ([]Step, error) {
	if r := ev.Short(len(ev.Entrants)); r != nil {
		return nil, r
	}
	sort.SliceStable(ev.Entrants, func(i, j int) bool { return ev.Entrants[i].Rating > ev.Entrants[j].Rating })
	for i := range ev.Entrants {
		ev.Entrants[i].Seed = i + 1
	}
	ev.Stage, ev.Round = Running, 1
	return ev.Format.Start(ev)
}

// Next answers what ev does now that one of its games ended or an entrant
// left: nothing while the games it waits for go on, else the next round, a
// match's replay, or its end.
func (ev *Event) Next() []Step {
	if ev.Stage != Running {
		return nil
	}
	return ev.Format.Next(ev)
}

// Withdraw takes player out of ev, running, the way how (Entrant.Out):
// their games in play are forfeited; in a format where all play
// all, a player who played less than half of their games has every result
// annulled (ICCF practice), else their results stand. The event moves on
// afterwards (Next), as each forfeit ends a game.
//
// unplayed are games over that the player never played (lost on time
// before their first move): they count as not played, as a forfeit does,
// so a no-show's results are annulled as a leaver's are.
func (ev *Event) Withdraw(player int64, how string, unplayed ...int64) []Step {
	e := ev.Entrant(player)
	if e == nil || !e.In() {
		return nil
	}
	e.Out = how
	played, total := 0, 0
	for _, g := range ev.Games {
		if slices.Contains(g.Players, player) {
			total++
			if g.Over && !slices.Contains(unplayed, g.ID) {
				played++
			}
		}
	}
	var steps []Step
	if ev.Format.Table().AllPlayAll && 2*played < total {
		e.Annulled = true
		steps = append(steps, Annul{Player: player, Played: played, Games: total})
	}
	for _, g := range ev.Games {
		if !g.Over && slices.Contains(g.Players, player) {
			steps = append(steps, Forfeit{Game: g.ID, Player: player})
		}
	}
	return steps
}

// Entrant is the entrant player, nil for none.
func (ev *Event) Entrant(player int64) *Entrant {
	for i := range ev.Entrants {
		if ev.Entrants[i].Player == player {
			return &ev.Entrants[i]
		}
	}
	return nil
}

// PlayerName is a player's name; UnknownPlayer when the event does not
// know it (never their number, which is the archive's own).
func (ev *Event) PlayerName(id int64) string {
	if n, ok := ev.Names[id]; ok {
		return n
	}
	return UnknownPlayer
}

// UnknownPlayer stands for a player whose name an event does not know.
const UnknownPlayer = "a former player"

// Label names a game's place in event name, for its mails and record:
// "spring-cup, round 2".
func Label(name string, round int) string {
	return fmt.Sprintf("%s, round %d", name, round)
}

// Playing counts the games of round (0: every round) still going on.
func (ev *Event) Playing(round int) int {
	n := 0
	for _, g := range ev.Games {
		if (round == 0 || g.Round == round) && !g.Over {
			n++
		}
	}
	return n
}

// StillIn counts the entrants who have not left.
func (ev *Event) StillIn() int {
	n := 0
	for _, e := range ev.Entrants {
		if e.In() {
			n++
		}
	}
	return n
}

// index numbers the entrants as pairing does: by seed, 0 the strongest.
func (ev *Event) index() map[int64]int {
	idx := make(map[int64]int, len(ev.Entrants))
	for i, e := range ev.Entrants {
		idx[e.Player] = i
	}
	return idx
}

// Refusal is why an event cannot do what it was asked, in words for the
// player who asked.
type Refusal struct {
	Msg  string
	Hint string
	// Missing counts the entrants the event lacks to start (Short).
	Missing int
	// Mend are settings of the format that would let its field start (a
	// Swiss's rounds its field allows), and MendWhat says what they are
	// for people ("the rounds its entrants allow"): what the club's answer
	// names as the fix besides more entrants. Nil for none.
	Mend     Settings
	MendWhat string
}

func (r *Refusal) Error() string { return "event: " + r.Msg }
