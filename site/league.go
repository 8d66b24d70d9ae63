package site

import "time"

// Leagues and ladders (issue 37): a Tournament of kind league or ladder
// carries what its page shows besides a tournament's (league_page.go).

// League is a league as its page shows it: the divisions of the season in
// play with their standings and crosstables, and the seasons before with
// each player's final place and where it took them.
type League struct {
	Size, Promote, BreakDays, SeasonDays int
	Double                               bool
	Season                               int // in play, or just played while Between
	Between                              bool
	NextSeason                           time.Time // while Between: when the next begins
	Deadline                             time.Time // the season's; zero for none
	Divisions                            []Division
	Past                                 []Season // the latest first
	Waiting, Leaving                     []string // who enter the next season; who leave after this one
}

// Division is a division of the season in play.
type Division struct {
	Number    int
	Players   []string // by seed
	Arrived   []string // by seed: "up from 2", "down from 1", "new", "stays"; "" in season 1
	Standings []TournamentStanding
	Cross     [][]string // by seed, as Tournament.Cross
	Games     []TournamentGame
}

// Season is a season played: each division's players by final place.
type Season struct {
	Number    int
	Divisions [][]SeasonLine
}

// SeasonLine is a player's end of a season: their place, points, and
// where it took them ("up to 1", "down to 3", "stays", "left"; "" before
// the next season begins).
type SeasonLine struct {
	Rank   int
	Name   string
	Points float64
	Next   string
}

// Ladder is a ladder as its page shows it: its order, the climbs in play,
// and its changes, the latest first.
type Ladder struct {
	Reach, IdleDays int
	Order           []Rung
	Open            []Climb
	Changes         []TournamentAct
}

// Rung is a place on a ladder, with its player's climbs in play.
type Rung struct {
	Place int
	Name  string
	Note  string
}

// Climb is a climb in play: its game, the climber and the defender and
// their places when it began.
type Climb struct {
	Game              int64
	Climber, Defender string
	From, To          int
}
