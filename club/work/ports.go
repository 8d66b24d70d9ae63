package work

import (
	"fmt"

	"postal/archive"
	"postal/club/game"
	"postal/mailer"
)

// The ports of the games to the rooms above them. A game's life ends in
// club/games, but what its end does elsewhere (its ratings, what its
// event does next, what its mails say follows it) belongs to rooms that
// build on the games: they cannot be imported from below, so the club's
// root sets them on Club, and the games call them at the points of a
// game's life that concern them, in an order the mails depend on: a game
// that ends is rated before its game-over mails are written (they show
// the new ratings), and its event moves on after them (its next round's
// mails follow the end's).

// Ratings rate the games that end.
type Ratings interface {
	// Rate rates g, which has just ended, if it is rated.
	Rate(u *Unit, g *game.Game) error
	// Line is the line of a game-over mail that says what game id did to
	// its players' ratings; "" for a game not rated.
	Line(u *Unit, id int64) (string, error)
}

// Events are the tournaments, leagues and ladders games are played in, and
// what the mails of a game's start and end say comes next.
type Events interface {
	// Label is the place of game id in its event ("spring-cup, round
	// 2"); "" for a game of none.
	Label(u *Unit, id int64) (string, error)
	// StartNext is what the start of g says comes next: what it counts
	// for.
	StartNext(u *Unit, g *game.Game) (string, error)
	// EndLines are what the end of g says to p (nil: an observer) after
	// its result, dice and ratings: what comes next.
	EndLines(u *Unit, g *game.Game, p *archive.Player) ([]string, error)
	// GameOver moves the event of g, which has just ended, on.
	GameOver(u *Unit, g *game.Game) error
}

// Permanent marks err, inside a transaction, as one retrying cannot cure (a
// bug in a template, a game that refuses its own stored position): it
// wraps mailer.ErrPermanent, the one mark of a permanent failure, which the
// watcher reads through any wrapping.
func Permanent(err error) error { return fmt.Errorf("%w: %w", mailer.ErrPermanent, err) }
