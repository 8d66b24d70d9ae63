package view

import "time"

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
	Arrived   []string // by seed: how each came: "up from 2", "down from 1", "stays", "new"; "" in season 1
	Standings []Standing
	Cross     [][]string // by seed, as Tournament.Cross
	Games     []RoundGame
}

// Season is a season played: each division's players by final place.
type Season struct {
	Number    int
	Divisions [][]SeasonLine // by division, by final place
}

// SeasonLine is a player's end of a season: their place, points, and
// where it took them.
type SeasonLine struct {
	Rank   int
	Name   string
	Points float64
	Next   string // "up to 1", "down to 3", "stays", "left"; "" before the next season begins
}
