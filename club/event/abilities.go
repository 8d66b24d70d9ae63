package event

import "time"

// What a format does beyond what every format does (Format) it says by
// implementing one of these interfaces, and the club asks "does this
// format do X?" (a type assertion on the interface) instead of knowing
// formats by their types or names. Most answer with steps, which the club
// carries out as it carries out Start's and Next's.

// Joiner is a format that takes entrants while it runs: a league, from its
// next season; a ladder, at its bottom. The club asks it for every entry,
// open or running: Join answers, for player just entered, with where they
// stand (Placed, Waiting).
type Joiner interface {
	Join(ev *Event, player int64) []Step
}

// Leaver is a format whose players leave it, while it runs, in a way of
// its own: a league's after the season they play (LeaveAfter), or at once
// when they play none (LeaveNow); a ladder's at once, their climbs
// forfeited (Withdraw), those below moving up (TakeOff). In the other
// formats a player who leaves is withdrawn (Event.Withdraw). Leave answers
// with the steps of player's leaving, or a *Refusal.
type Leaver interface {
	Leave(ev *Event, player int64) ([]Step, error)
}

// Audience is a format in which the news that a player went out (left,
// was removed, lost on time) reaches only some of its entrants: a league's
// division, none of a ladder's (its page and "standings" say it). Told are
// the entrants who hear that out went; in the other formats every entrant
// does.
type Audience interface {
	Told(ev *Event, out int64) []int64
}

// Clocked is a format with work of its own that falls due by the clock: a
// league's next season after its break, a season's deadline; a ladder's
// idle players. Due answers, at now, with the steps due (NextSeason,
// SeasonDeadline, Dropped); record is the event's record, from which a
// format reads when its players were last active. NextDue is when the
// format is next due after what has been carried out; false when its own
// steps say it (a league's season and break).
type Clocked interface {
	Due(ev *Event, now time.Time, record []Act) []Step
	NextDue(ev *Event, now time.Time, record []Act) (time.Time, bool)
}

// Perpetual is a format that runs from the day its event is made, with no
// start and no end of its own (a ladder): "start" refuses it, saying what
// its players do instead (Instead), and a game of it lost on time is a
// game lost, no more (in the other formats the loser is out of the event,
// their unplayed games forfeited, as one who leaves).
type Perpetual interface {
	Instead(ev *Event) string
}

// Paced is a format whose next round waits for the last game of the round
// before (a Swiss), which the club may hold to a deadline (its round_days):
// at it the round's unfinished games are drawn or judged. Round is round r
// as the event's record names it (BeginRound.Label), which the deadline's
// act names too.
type Paced interface {
	Round(r int) BeginRound
}

// Placer is a format that names its games' places itself: a league's
// "season 2, division 1", a ladder's "climb 3". RoundLabel is that name as
// a record's EventRound tag; the others' is the round's number.
type Placer interface {
	RoundLabel(round, board int) string
}

// Checker is a format whose settings may be such that no event of it
// could play (a league's divisions smaller than a game): Check refuses
// them, naming the fix.
type Checker interface {
	Check() *Refusal
}

// Seasonal is a format played in seasons of divisions, each division a
// round robin: a league. InPlay is its season in play (or just played),
// which the club restores when it loads the event (club/stored) and shows
// on its page; Division is division d (from 1) of that season as an event
// of its own; NewSeason begins the next season once the one in play is
// over (Between).
type Seasonal interface {
	InPlay() *Season
	Division(ev *Event, d int) *Event
	NewSeason(ev *Event) []Step
}

// Season is what a league keeps of its season in play (or just played).
type Season struct {
	// Divisions of the season, top first, each by seed.
	Divisions [][]int64
	// Between marks the season over and the next not begun.
	Between bool
	// Leaving are the players who leave after the season.
	Leaving map[int64]bool
}

// DivisionOf is the division (from 1) player plays in this season; 0 for
// none.
func (s *Season) DivisionOf(player int64) int {
	for d, div := range s.Divisions {
		for _, p := range div {
			if p == player {
				return d + 1
			}
		}
	}
	return 0
}

// Climbing is a format whose players stand in one order, the top first,
// and climb it by games (a ladder). The order is its entrants' seeds
// (Reorder writes it), which the club stores; Climbs are its climbs, which
// the club restores when it loads the event (SetClimbs: the ones in play,
// with those since the last change when the record is read).
type Climbing interface {
	Order(ev *Event) []int64
	Reorder(ev *Event, order []int64)
	// Climb is climber's climb of defender: the game to start, or a
	// *Refusal that says why not.
	Climb(ev *Event, climber, defender int64) (StartGame, error)
	// MayClimb says whom player may climb.
	MayClimb(ev *Event, player int64) string
	// TakeOff takes player, gone, off the order: those below move up.
	TakeOff(ev *Event, player int64) []int64
	Climbs() []Climb
	SetClimbs(cs []Climb)
}

// Act is an entry of an event's record as its rules read it: what was
// done ("join", "climb", "dropped", ...), when, by whom, to whom, in which
// game.
type Act struct {
	Kind       string
	At         time.Time
	By, Player int64
	Game       int64
}

// Staged is a format played in stages, each an event of its own: a cup's
// groups, then its knockout. Its page shows each group's table and the
// knockout's bracket from them. Groups are the group stage's events, in
// order (group A first); Knockout is the knockout's, its rounds from 1,
// nil before it has begun. Advancing are who go through from each group,
// by the groups' standings, and why (the last through is ahead of the
// first who is not): final once the group stage is over.
type Staged interface {
	Groups(ev *Event) []*Event
	Knockout(ev *Event) *Event
	Advancing(ev *Event) []Advance
}
