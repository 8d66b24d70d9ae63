package view

import "time"

// Game is one game as the site lists it: its record, of type R (the site's
// is *notation.Record), and what the archive says of it besides.
type Game[R any] struct {
	ID int64
	// Record is the game's record. In a source's summaries it may carry no
	// moves; Plies then says how many there are.
	Record R
	// Plies is the number of moves played; when it is below the record's
	// number of moves, the record's counts.
	Plies int
	// Position is the text of the game's last position
	// (engine.Position.String()), as the archive stores it: the page draws
	// its final board from it without replaying the game. "" replays the
	// record to find it.
	Position string
	// Previous is the position before the last ply, as the archive stores
	// it, "" when it does not: the page draws the step back from it.
	Previous string
	// Started is when the game began, Updated its last change; Finished is
	// when it ended, zero while it is going on; Deadline is when the side to
	// move runs out of time, zero when there is none.
	Started, Updated, Finished, Deadline time.Time
	// Rating is what the game counted for in the club's ratings, which its
	// page says; nil from a source without ratings, and in summaries.
	Rating *GameRating
}

// GameRating is what a game counted for in the club's ratings: rated or
// not, and once it is over and rated, each seat's rating before and after.
type GameRating struct {
	// Rated: the game moved the ratings of Seats (over), or, in progress,
	// is not marked unrated (by its challenge, or the club).
	Rated bool
	List  string      // its rating list (club/rating.ListOf): "initiative", "superial-chess-vs-chess"
	Seats []RatedSeat // by seat, once it is over and rated
}

// RatedSeat is a seat of a rated game: its player as the lists name them
// ("bot-2" for the club's bot at level 2), the rating and deviation before
// the game and after.
type RatedSeat struct {
	Name                             string
	Before, BeforeRD, After, AfterRD float64
}
