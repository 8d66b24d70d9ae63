package view

import "time"

// Tournament is a tournament as its page shows it; a league's and a
// ladder's pages show more besides (League, Ladder).
type Tournament struct {
	ID     int64
	Name   string
	Game   string // the game type's name
	Title  string // the game type's title
	Config string // ruleset and options
	Format string // for people: "round robin", "Swiss of 5 rounds", "knockout"
	Kind   string // its format's name: round-robin, swiss, league, ... (club/event's registry)
	// Page is the kind of page it has (club/event.Page): "tournament",
	// "league" or "ladder"; "" is a tournament's.
	Page    string
	Control string // the time control, for people
	Status  string // open, running, over
	// Director is the organiser's name; Winner the winner's, "" until the
	// end (or when it ended without one); Note how it ended otherwise.
	Director, Winner, Note string
	// Round is the round in play (Swiss, knockout; a league's season);
	// Where says, while it runs, where it stands by its rounds: "round 2
	// of 5", "round 2"; "" for a format whose games all start at once.
	Round                               int
	Where                               string
	Created, Started, Finished, Updated time.Time
	Entrants                            []Entrant // by seed
	// Standings rank the entrants (none for a knockout, a league or a
	// ladder); TieBreaks name the columns of Standing.TieBreaks.
	Standings []Standing
	TieBreaks []string
	// Bracket marks a format ranked by its bracket (a knockout): its
	// rounds are a bracket, and a drawn game is replayed.
	Bracket bool
	// Cross is a round robin's crosstable, by seed: Cross[i][j] is entrant
	// i's results against j ("1", "½", "0", "1 ½" twice met, "" to play),
	// "x" on the diagonal. Nil for the other formats.
	Cross  [][]string
	Rounds []Round // the games by round
	// Groups are the group stage of a format played in stages (a cup):
	// each group's table and its games; Rounds then hold its knockout
	// alone. Nil for the other formats.
	Groups []Group
	Acts   []Act // the record: the director's acts and the event's
	// League and Ladder are what a league's or a ladder's page shows
	// besides; nil for the other kinds.
	League *League
	Ladder *Ladder
}

// Entrant is a player entered.
type Entrant struct {
	Name     string
	Seed     int
	Rating   float64 // at the start; 0 before
	Status   string  // in, left, removed, timed-out
	Annulled bool    // their results do not count
}

// Standing is a line of the standings.
type Standing struct {
	Rank      int // 0: unranked (results annulled)
	Name      string
	Points    float64
	TieBreaks []float64 // as Tournament.TieBreaks names them
	Played    int
	Status    string // as Entrant.Status
}

// Group is a group of a cup's group stage: its table, as a round
// robin's page shows it, and its games.
type Group struct {
	Name      string    // "Group A"
	Entrants  []Entrant // by seed in the group
	Standings []Standing
	TieBreaks []string
	Cross     [][]string // as Tournament.Cross, by Entrants; nil for none
	Games     []RoundGame
	// Through are the names of those who went through to the knockout,
	// once the group stage is over; Why says what put the last of them
	// ahead of the first who did not ("on points (2 to 1)").
	Through []string
	Why     string
	// Scoring says how its results score and its ties break: "A win
	// scores 1 point, a draw ½; ties are broken by ...".
	Scoring string
}

// Round is a round's games and byes.
type Round struct {
	Number int
	// Label names the round where its number does not: a cup's
	// knockout's "semi-final"; "" for "round N".
	Label string
	Games []RoundGame
	Byes  []string // who had one
}

// RoundGame is a game of a round, or of a league's division.
type RoundGame struct {
	ID      int64
	Board   int
	Players []string // by seat
	Result  string   // "1-0", "*" while it goes on; a knockout's "bob won", "drawn"
	Note    string   // a knockout match's outcome: "bob goes through: ..."
}

// Act is an entry of an event's record.
type Act struct {
	At   time.Time
	Kind string // create, join, start, round, adjudicate, extend, removed, left, timed-out, won, season, climbed, ...
	Text string // for people
	Game int64  // the game it concerns, 0 for none
}
