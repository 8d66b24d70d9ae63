package event

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"postal/club/pairing"
	"postal/docs/words"
	"postal/engine"
	"postal/notation"
)

// LadderName is the ladder's format, as the archive writes it: the word of
// its command.
const LadderName = string(notation.CmdLadder)

// Ladder is a ladder, an event that runs itself from the day it is made
// (Perpetual): its players in one order, the top first (an entrant's Seed
// is their place); a newcomer enters at the bottom (Joiner). A player
// climbs one at most Reach places above them, a game that starts at once
// (Climbing): if the climber wins, they take the defender's place and
// everyone between moves down one; otherwise nothing changes. A player has
// one climb of their own open at a time and defends at most two. A player
// idle for IdleDays drops one place, then one more every IdleStep while
// idle (Clocked). A game's Round is its climb's number, its Board the
// defender's place. Games of two only.
type Ladder struct {
	Reach    int
	IdleDays int
	climbs   []Climb // every climb, in order
}

// ladderKind makes a ladder from its settings: "reach" and "idle" (days),
// each the command's word ("ladder NAME GAME reach 3 idle 60").
var ladderKind = Kind{Name: LadderName, Verb: notation.CmdLadder, Page: LadderPage,
	Numbers: []notation.Number{
		{Word: "reach", Min: 1, Max: 20, What: "places a climb reaches", Sign: "R"},
		{Word: "idle", Min: 0, Max: 365, What: "days idle before a player drops", Sign: "DAYS"},
	},
	Defaults: Settings{"reach": DefaultReach, "idle": DefaultIdle},
	Make: func(seats int, s Settings) (Format, bool) {
		if seats != 2 {
			return nil, false
		}
		return &Ladder{Reach: s.Get("reach", 0), IdleDays: s.Get("idle", 0)}, true
	}}

// A ladder's settings when its command leaves them out.
const (
	DefaultReach = 3
	DefaultIdle  = 60
	// IdleStep is how often an idle player drops another place.
	IdleStep = 30 * 24 * time.Hour
	// Defends is how many climbs a player defends at once.
	Defends = 2
)

// Climb is a climb of a ladder: its game, the climber and the defender,
// and how it ended.
type Climb struct {
	Game              int64
	Climber, Defender int64
	Outcome           string // "" while its game goes on; ClimbWon or ClimbHeld
}

// How a climb ends.
const (
	ClimbWon  = "won"  // the climber took the defender's place
	ClimbHeld = "held" // the defender kept it
)

func (l *Ladder) Name() string { return LadderName }

func (l *Ladder) Words(*Event) string {
	if l.Reach == 0 {
		return "ladder"
	}
	return fmt.Sprintf("ladder: climb up to %s", words.Count(l.Reach, "place", "places"))
}

// Limit is the most players a ladder takes.
func (l *Ladder) Limit() int { return 1000 }

// Climbs are the ladder's climbs, in order.
func (l *Ladder) Climbs() []Climb { return l.climbs }

// SetClimbs restores the ladder's climbs, as stored.
func (l *Ladder) SetClimbs(cs []Climb) { l.climbs = cs }

// Instead: a ladder has no start; its players climb.
func (l *Ladder) Instead(ev *Event) string {
	return "Its players climb with \"climb " + ev.Name + " PLAYER\"."
}

// RoundLabel names a game's climb: "climb 3".
func (l *Ladder) RoundLabel(round, _ int) string { return fmt.Sprintf("climb %d", round) }

// Start starts nothing: a ladder runs from the day it is made.
func (l *Ladder) Start(*Event) ([]Step, error) { return nil, nil }

func (l *Ladder) Where(ev *Event) string {
	return words.Count(len(l.Order(ev)), "player", "players") + " on the ladder"
}

func (l *Ladder) Started(*Event, []string) []string { return nil }

func (l *Ladder) Table() Table {
	return Table{System: pairing.RoundRobinSystem, TieBreaks: []string{}}
}

// Order is the ladder's players, the top first.
func (l *Ladder) Order(ev *Event) []int64 {
	var on []Entrant
	for _, e := range ev.Entrants {
		if e.In() && e.Seed > 0 {
			on = append(on, e)
		}
	}
	slices.SortStableFunc(on, func(a, b Entrant) int { return a.Seed - b.Seed })
	out := make([]int64, len(on))
	for i, e := range on {
		out[i] = e.Player
	}
	return out
}

// Reorder writes order into the entrants' seeds: their places from 1.
func (l *Ladder) Reorder(ev *Event, order []int64) {
	for i, p := range order {
		ev.Entrant(p).Seed = i + 1
	}
}

// Join puts player, an entrant without a place, at the bottom: Placed.
func (l *Ladder) Join(ev *Event, player int64) []Step {
	order := l.Order(ev)
	if !slices.Contains(order, player) {
		order = append(order, player)
	}
	l.Reorder(ev, order)
	st := Placed{Player: player, Place: len(order), Of: len(order)}
	if len(order) > 1 {
		st.MayClimb = l.MayClimb(ev, player)
	}
	return []Step{st}
}

// Leave: a player leaves the ladder at once, their climbs in play
// forfeited as one who leaves any event (Withdraw), and then off its order,
// those below moving up (TakenOff).
func (l *Ladder) Leave(ev *Event, player int64) ([]Step, error) {
	order := l.Order(ev)
	last := len(order) > 0 && order[len(order)-1] == player
	return []Step{Withdraw{Player: player, Reason: "left the ladder"}, TakenOff{Player: player, Last: last}}, nil
}

// Told: none of a ladder's players hears of another's going (its page and
// "standings" say it); its director does.
func (l *Ladder) Told(*Event, int64) []int64 { return []int64{} }

// Open are the climbs still being played that player makes (as climber)
// and defends.
func (l *Ladder) Open(player int64) (making, defending []Climb) {
	for _, c := range l.climbs {
		switch {
		case c.Outcome != "":
		case c.Climber == player:
			making = append(making, c)
		case c.Defender == player:
			defending = append(defending, c)
		}
	}
	return making, defending
}

// Climb is climber's climb of defender: the game to start (the climber
// first; the club draws the seats), or a *Refusal that says why not and,
// for a defender out of reach, whom the climber may climb.
func (l *Ladder) Climb(ev *Event, climber, defender int64) (StartGame, error) {
	order := l.Order(ev)
	ci, di := slices.Index(order, climber), slices.Index(order, defender)
	name := ev.PlayerName
	refuse := func(msg string, hint ...string) (StartGame, error) {
		return StartGame{}, &Refusal{Msg: msg, Hint: strings.Join(hint, " ")}
	}
	switch {
	case ci < 0:
		return refuse(fmt.Sprintf("you are not on %s", ev.Name), "\"join "+ev.Name+"\" puts you at the bottom.")
	case climber == defender:
		return refuse("a player cannot climb themselves", l.mayClimb(ev, order, ci))
	case di < 0:
		return refuse(fmt.Sprintf("%s is not on %s", name(defender), ev.Name), l.mayClimb(ev, order, ci))
	case di > ci:
		return refuse(fmt.Sprintf("%s is %s, below you (%s): a climb goes up", name(defender), words.Ordinal(di+1), words.Ordinal(ci+1)), l.mayClimb(ev, order, ci))
	case ci-di > l.Reach:
		return refuse(fmt.Sprintf("%s is %d places above you; on %s a climb reaches at most %s", name(defender), ci-di, ev.Name, words.Count(l.Reach, "place", "places")), l.mayClimb(ev, order, ci))
	}
	if making, _ := l.Open(climber); len(making) > 0 {
		c := making[0]
		return refuse(fmt.Sprintf("your climb of %s (game #%d) is still being played", name(c.Defender), c.Game), "A player has one climb open at a time.")
	}
	if _, defending := l.Open(defender); len(defending) >= Defends {
		var games []string
		for _, c := range defending {
			games = append(games, fmt.Sprintf("#%d", c.Game))
		}
		return refuse(fmt.Sprintf("%s already defends %d climbs (games %s)", name(defender), len(defending), strings.Join(games, ", ")), "Climb them when one has ended.", l.mayClimb(ev, order, ci))
	}
	return StartGame{Round: len(l.climbs) + 1, Board: di + 1, Players: []int64{climber, defender}}, nil
}

// MayClimb says whom player may climb.
func (l *Ladder) MayClimb(ev *Event, player int64) string {
	order := l.Order(ev)
	return l.mayClimb(ev, order, slices.Index(order, player))
}

// mayClimb says whom the player at place ci may climb: those within
// reach who are free to defend (defending fewer than Defends climbs); no
// one while their own climb is open.
func (l *Ladder) mayClimb(ev *Event, order []int64, ci int) string {
	if ci <= 0 {
		return "You are at the top: the others climb you."
	}
	if making, _ := l.Open(order[ci]); len(making) > 0 {
		c := making[0]
		return fmt.Sprintf("Your climb of %s (game #%d) is still being played: a player has one climb open at a time.", ev.PlayerName(c.Defender), c.Game)
	}
	var names []string
	for i := max(0, ci-l.Reach); i < ci; i++ {
		if _, defending := l.Open(order[i]); len(defending) >= Defends {
			continue
		}
		names = append(names, fmt.Sprintf("%s (%s)", ev.PlayerName(order[i]), words.Ordinal(i+1)))
	}
	if len(names) == 0 {
		return fmt.Sprintf("Everyone within your reach defends %d climbs already: climb when one of their games has ended.", Defends)
	}
	return "You may climb " + words.Join(names, "or") + "."
}

// Next settles the climbs whose games have ended: a climber who finished
// ahead of the defender takes their place, those between moving down one.
func (l *Ladder) Next(ev *Event) []Step {
	var steps []Step
	for i, c := range l.climbs {
		if c.Outcome != "" {
			continue
		}
		g := ev.game(c.Game)
		if g == nil || !g.Over {
			continue
		}
		r := g.Result()
		cs, ds := slices.Index(g.Players, c.Climber), slices.Index(g.Players, c.Defender)
		won := cs >= 0 && ds >= 0 && r.Place(engine.Player(cs)) < r.Place(engine.Player(ds))
		c.Outcome = ClimbHeld
		order := l.Order(ev)
		ci, di := slices.Index(order, c.Climber), slices.Index(order, c.Defender)
		over := ClimbOver{Climb: c, From: ci + 1, To: ci + 1}
		if to := l.prize(ev, c, *g); won && ci >= 0 && di >= 0 && to < ci {
			c.Outcome = ClimbWon
			order = slices.Insert(slices.Delete(order, ci, ci+1), to, c.Climber)
			l.Reorder(ev, order)
			over.To, over.Order = to+1, order
		}
		l.climbs[i].Outcome = c.Outcome
		over.Climb = c
		steps = append(steps, over)
	}
	return steps
}

// prize is the place (from 0, the top) a climber who wins climb c of game
// g takes: the defender's, but not above the place the defender held when
// climbed (g's Board). A defender who climbed higher meanwhile takes their
// new place with them, not the climber: else a climb from the bottom,
// within reach when made, could end at the top (a stranger's trial went
// from 5th to 1st on a ladder of reach 2).
func (l *Ladder) prize(ev *Event, c Climb, g Game) int {
	to := slices.Index(l.Order(ev), c.Defender)
	if g.Board > 0 {
		to = max(to, g.Board-1)
	}
	return to
}

// game is ev's game id, nil for none.
func (ev *Event) game(id int64) *Game {
	for i := range ev.Games {
		if ev.Games[i].ID == id {
			return &ev.Games[i]
		}
	}
	return nil
}

// Idle says, at now, which players are idle and which of them have a drop
// due, and when the next drop falls due (zero: none). A player with no
// climb open is idle IdleDays after they were last active (since: joining,
// a climb made or defended, its end); their first drop falls due then, and
// one more every IdleStep while they stay idle (dropped counts those since).
// The players due are listed from the bottom up, the order to drop them in.
func (l *Ladder) Idle(ev *Event, now time.Time, since map[int64]time.Time, dropped map[int64]int) (due []int64, idle map[int64]bool, next time.Time) {
	if l.IdleDays <= 0 {
		return nil, nil, time.Time{}
	}
	order := l.Order(ev)
	idle = map[int64]bool{}
	for i := len(order) - 1; i >= 0; i-- {
		p := order[i]
		if making, defending := l.Open(p); len(making)+len(defending) > 0 {
			continue
		}
		first := since[p].Add(time.Duration(l.IdleDays) * 24 * time.Hour)
		at := first.Add(time.Duration(dropped[p]) * IdleStep)
		idle[p] = !now.Before(first)
		if !now.Before(at) {
			due = append(due, p)
			at = at.Add(IdleStep)
		}
		if next.IsZero() || at.Before(next) {
			next = at
		}
	}
	return due, idle, next
}

// Due drops the idle players due a drop at now, from the bottom up, each
// as Drop says; when each was last active it reads from the record.
func (l *Ladder) Due(ev *Event, now time.Time, record []Act) []Step {
	since, dropped := l.activity(record)
	due, idle, _ := l.Idle(ev, now, since, dropped)
	var steps []Step
	for _, p := range due {
		steps = append(steps, l.Drop(ev, p, idle))
	}
	return steps
}

// NextDue is when the ladder next has an idle player to drop: now when one
// is due already.
func (l *Ladder) NextDue(ev *Event, now time.Time, record []Act) (time.Time, bool) {
	since, dropped := l.activity(record)
	due, _, next := l.Idle(ev, now, since, dropped)
	if len(due) > 0 {
		next = now
	}
	return next, true
}

// activity reads from the ladder's record when each player was last active
// (joined, made or defended a climb, or saw one end) and how many places
// they dropped since.
func (l *Ladder) activity(record []Act) (since map[int64]time.Time, dropped map[int64]int) {
	climbs := map[int64]Climb{}
	for _, c := range l.climbs {
		climbs[c.Game] = c
	}
	since, dropped = map[int64]time.Time{}, map[int64]int{}
	active := func(p int64, at time.Time) {
		since[p], dropped[p] = at, 0
	}
	for _, a := range record {
		switch a.Kind {
		case "create":
			active(a.By, a.At)
		case "join":
			active(a.Player, a.At)
		case "climb", "climbed", "held":
			c := climbs[a.Game]
			active(c.Climber, a.At)
			active(c.Defender, a.At)
		case "dropped", "idle":
			dropped[a.Player]++
		}
	}
	return since, dropped
}

// Drop moves player, idle, one place down, below the player under them,
// who moves up; unless that player is idle too (or there is none): then
// player stays (To 0), for the idle sink below those who play, not through
// each other.
func (l *Ladder) Drop(ev *Event, player int64, idle map[int64]bool) Dropped {
	order := l.Order(ev)
	i := slices.Index(order, player)
	if i < 0 || i == len(order)-1 || idle[order[i+1]] {
		return Dropped{Player: player, Stays: i + 1, IdleDays: l.IdleDays}
	}
	order[i], order[i+1] = order[i+1], order[i]
	l.Reorder(ev, order)
	return Dropped{Player: player, To: i + 2, Up: order[i], Order: order, IdleDays: l.IdleDays}
}

// TakeOff takes player off the ladder: those below move up one.
func (l *Ladder) TakeOff(ev *Event, player int64) []int64 {
	order := slices.DeleteFunc(l.Order(ev), func(p int64) bool { return p == player })
	if e := ev.Entrant(player); e != nil {
		e.Seed = 0
	}
	l.Reorder(ev, order)
	return order
}

// afterGame: a ladder's climb ends with its game; Next moves the players.
func (l *Ladder) afterGame(ev *Event, g Game) string {
	var c Climb
	for _, x := range l.climbs {
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

// report is the ladder's order and its climbs in play.
func (l *Ladder) report(ev *Event) (string, []string) {
	var b strings.Builder
	for i, p := range l.Order(ev) {
		fmt.Fprintf(&b, "%4s  %s\n", words.Ordinal(i+1), ev.PlayerName(p))
	}
	var open []string
	for _, c := range l.climbs {
		if c.Outcome == "" {
			open = append(open, fmt.Sprintf("%s climbs %s (game #%d)", ev.PlayerName(c.Climber), ev.PlayerName(c.Defender), c.Game))
		}
	}
	notes := []string{fmt.Sprintf("A player climbs one at most %s above; a won climb takes the defender's place, those between moving down one.", words.Count(l.Reach, "place", "places"))}
	if len(open) > 0 {
		notes = append(notes, "In play: "+strings.Join(open, "; ")+".")
	}
	return strings.TrimRight(b.String(), "\n"), notes
}

// ClimbOver: a climb's game has ended. Climb says how (Outcome); the
// climber went from place From to To (the same when nothing changed), and
// Order is the ladder after a won climb (nil otherwise).
type ClimbOver struct {
	Climb
	From, To int
	Order    []int64
}

// Dropped: an idle Player dropped to place To, Up moving up past them;
// Order is the ladder after. To is 0 when they stay at place Stays (those
// below are idle too, or there are none): their drop is spent all the same.
// IdleDays is how long idle a player drops.
type Dropped struct {
	Player   int64
	To       int
	Up       int64
	Order    []int64
	Stays    int
	IdleDays int
}

// Placed: Player, just entered, is at place Place of Of, the bottom;
// MayClimb says whom they may climb ("" when they are alone).
type Placed struct {
	Player    int64
	Place, Of int
	MayClimb  string
}

// TakenOff: Player, gone, is off the ladder, those below moving up one;
// Last when they were at the bottom (nobody moves).
type TakenOff struct {
	Player int64
	Last   bool
}

func (ClimbOver) step() {}
func (Dropped) step()   {}
func (Placed) step()    {}
func (TakenOff) step()  {}

// What a ladder does beyond every format (abilities.go).
var (
	_ Climbing  = (*Ladder)(nil)
	_ Joiner    = (*Ladder)(nil)
	_ Leaver    = (*Ladder)(nil)
	_ Audience  = (*Ladder)(nil)
	_ Clocked   = (*Ladder)(nil)
	_ Perpetual = (*Ladder)(nil)
	_ Placer    = (*Ladder)(nil)
)
