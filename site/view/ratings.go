package view

import "time"

// RatingList is one rating list (club/rating.ListOf: a game, or a game's
// ruleset of its own), best first.
type RatingList struct {
	Name    string
	Entries []RatingEntry
}

// RatingEntry is a player's standing in a list. Player is the name of the
// player's page; Name the rated player's, which differs for the club's bot,
// rated at each level apart ("bot-2").
type RatingEntry struct {
	Player, Name string
	Rating, RD   float64 // Glicko-2's rating and deviation
	Games        int
	Last         time.Time // the player's last rated game
}

// RatingPoint is a player's rating after one rated game.
type RatingPoint struct {
	List, Player, Name string // as RatingEntry's
	Game               int64
	At                 time.Time
	Rating, RD         float64
}
