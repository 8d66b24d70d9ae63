package tournaments

import (
	"postal/archive"
	"postal/club/game"
	"postal/club/work"
)

// Events is what the games ask of the events they are played in
// (work.Events): the club's root sets it on work.Club, and club/games
// calls it at a game's start and end.
type Events struct{}

var _ work.Events = Events{}

// Label is the place of game id in its event ("spring-cup, round 2");
// "" for a game of none.
func (Events) Label(u *work.Unit, id int64) (string, error) { return eventOf(u, id) }

// StartNext is what the start of g says comes next: what it counts for.
func (Events) StartNext(u *work.Unit, g *game.Game) (string, error) { return startNext(u, g) }

// EndLines are what the end of g says to p (nil: an observer) after its
// result, dice and ratings: what comes next in its event, or its rematch.
func (Events) EndLines(u *work.Unit, g *game.Game, p *archive.Player) ([]string, error) {
	return endLines(u, g, p)
}

// GameOver moves the event of g, which has just ended, on.
func (Events) GameOver(u *work.Unit, g *game.Game) error { return eventGameOver(u, g) }
