package game

import (
	"slices"
	"time"

	"postal/archive"
	"postal/engine"
)

// One draw, for any number of players: a game keeps the set of seats that
// agreed to a draw (archive.Game.DrawAgreed), and is drawn when every
// player still in has agreed (R13e; in a game of two, R10: when the other
// accepts the offer). A move by a player who has not agreed declines it:
// the set empties (Moved.Declined says whose agreement it was).

// Draw is what agreeing to a draw did to a game.
type Draw struct {
	Seat engine.Player // who agreed
	// Waiting are the players still in who must still agree; none when
	// the draw is agreed.
	Waiting []engine.Player
	Result  engine.Result // the draw, Over when every player still in agreed
}

// Agreed reports whether the draw is agreed: the game is over.
func (d Draw) Agreed() bool { return d.Result.Over() }

// AgreeDraw is seat offering a draw in gs, or agreeing to the one offered,
// at now. A player of a game over, one out of it (R13d), or one who agreed
// already is refused.
func (gs *Game) AgreeDraw(seat engine.Player, now time.Time) (Draw, error) {
	switch {
	case gs.Row.Status != archive.GameActive:
		return Draw{}, ErrOver
	case !gs.StillIn(seat):
		return Draw{}, ErrOut
	case slices.Contains(gs.Row.DrawAgreed, int(seat)):
		return Draw{}, ErrAgreed
	}
	gs.Row.DrawAgreed = append(gs.Row.DrawAgreed, int(seat))
	gs.Row.Updated = now
	d := Draw{Seat: seat, Waiting: gs.Undecided()}
	if len(d.Waiting) == 0 {
		d.Result = gs.Pos.Result().Drawn("agreed by the players")
	}
	return d, nil
}

// declineDraw ends the agreement to a draw of gs when mover, who had not
// agreed, moves instead; it returns the seats that had agreed.
func (gs *Game) declineDraw(mover engine.Player) []int {
	agreed := gs.Row.DrawAgreed
	if len(agreed) == 0 || slices.Contains(agreed, int(mover)) {
		return nil
	}
	gs.Row.DrawAgreed = nil
	return agreed
}
