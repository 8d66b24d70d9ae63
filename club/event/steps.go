package event

import "fmt"

// A Step is one thing the club carries out for an event: what Start, Next
// and Withdraw answer, in the order to carry them out.
type Step interface{ step() }

// BeginRound: the event's round is now Round; Of is the number of rounds
// when the format has a fixed one (a Swiss), else 0. The games and byes of
// the round follow.
type BeginRound struct {
	Round, Of int
}

// StartGame: a game of round and board, with players by seat. Replay marks
// the second game of a knockout's match, its first drawn, the seats
// swapped.
type StartGame struct {
	Round, Board int
	Players      []int64
	Replay       bool
}

// GiveBye: player sits out round (board is their place in its pairings);
// Why says what it gives them.
type GiveBye struct {
	Bye
	Why string
}

// Annul: every result of player is annulled; they had played Played of
// their Games games.
type Annul struct {
	Player        int64
	Played, Games int
}

// Forfeit: player forfeits game, in play, as they leave the event.
type Forfeit struct {
	Game, Player int64
}

// Withdraw: Player goes out of the event, running, for Reason, as one who
// leaves it (Event.Withdraw: their games in play forfeited).
type Withdraw struct {
	Player int64
	Reason string
}

// Finish: the event is over. Winner is its winner, 0 for none; Note says
// how it ended when not simply by its last game.
type Finish struct {
	Winner int64
	Note   string
}

// Label names the round in the tournament's record: "round 2 of 5",
// "round 2".
func (b BeginRound) Label() string {
	if b.Of > 0 {
		return fmt.Sprintf("round %d of %d", b.Round, b.Of)
	}
	return fmt.Sprintf("round %d", b.Round)
}

func (BeginRound) step() {}
func (StartGame) step()  {}
func (GiveBye) step()    {}
func (Annul) step()      {}
func (Forfeit) step()    {}
func (Finish) step()     {}
func (Withdraw) step()   {}
