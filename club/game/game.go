package game

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"postal/archive"
	"postal/club/published"
	"postal/docs/words"
	"postal/engine"
)

// PlayerMoves counts the moves the players made in gs, chance's aside.
func (gs *Game) PlayerMoves() int {
	n := 0
	for _, m := range gs.Moves {
		if m.Player != int(engine.Chance) {
			n++
		}
	}
	return n
}

// DrawWaiting names the players still in who have not agreed to the draw
// of gs: "bob and carol"; "" when none.
func (gs *Game) DrawWaiting() string {
	var names []string
	for _, p := range gs.Undecided() {
		names = append(names, gs.Players[p].Name)
	}
	if len(names) == 0 {
		return ""
	}
	return words.And(names)
}

// Undecided are the seats still in that have not agreed to a draw of gs:
// those a draw still needs (R13e: every player still in).
func (gs *Game) Undecided() []engine.Player {
	var out []engine.Player
	for i := range gs.Players {
		if p := engine.Player(i); gs.StillIn(p) && !slices.Contains(gs.Row.DrawAgreed, i) {
			out = append(out, p)
		}
	}
	return out
}

// DrawStatus is what "status" says of the draw of gs: ", bob offers a
// draw", ", a draw needs carol"; "" when nobody agreed to one.
func (gs *Game) DrawStatus() string {
	switch {
	case len(gs.Row.DrawAgreed) == 0:
		return ""
	case gs.More():
		return ", a draw needs " + gs.DrawWaiting()
	}
	return fmt.Sprintf(", %s offers a draw", gs.Players[gs.Row.DrawAgreed[0]].Name)
}

// StillIn reports whether seat p of gs is still in the game (R13d): in a
// game of two, while it goes on.
func (gs *Game) StillIn(p engine.Player) bool {
	return gs.Row.Status == archive.GameActive && gs.Pos.Result().Place(p) == 0
}

// OpponentOfTwo is the other player of seat p in gs; ok is false when
// there is none to speak of: gs is a game of more than two, or p no seat of
// it.
func (gs *Game) OpponentOfTwo(p engine.Player) (q engine.Player, ok bool) {
	if gs.More() || p != engine.First && p != engine.Second {
		return -1, false
	}
	return 1 - p, true
}

// Game is a stored game with its engine position, players and moves.
type Game struct {
	Row     *archive.Game
	Engine  engine.Game
	Info    engine.Info
	Pos     engine.Position
	Players []*archive.Player // by seat
	Moves   []archive.Move    // every ply so far, chance included
	Event   string            // its tournament and round ("spring-cup, round 2"); "" for none
}

// Side returns the Side p plays in gs, or -1.
func (gs *Game) Side(p *archive.Player) engine.Player {
	if p == nil {
		return -1
	}
	for i, q := range gs.Players {
		if q.ID == p.ID {
			return engine.Player(i)
		}
	}
	return -1
}

func (gs *Game) Title() string {
	names := make([]string, len(gs.Players))
	for i, p := range gs.Players {
		names[i] = p.Name
	}
	if gs.Event != "" {
		return fmt.Sprintf("%s: %s (%s)", gs.Info.Title, strings.Join(names, " vs "), gs.Event)
	}
	return fmt.Sprintf("%s: %s", gs.Info.Title, strings.Join(names, " vs "))
}

// Sides names the seats of the game: its two Sides, or those of its
// ruleset as configured (South, West, North, East).
func (gs *Game) Sides() []string {
	cfg, _ := published.ParseConfig(gs.Row.Config, 0)
	return gs.Info.Seats(cfg)
}

// More reports whether gs is a game of More than two players, where
// players leave and the others play on (Superial Chess R13d).
func (gs *Game) More() bool { return engine.OthersPlayOn(len(gs.Players)) }

// Result is how the game ended, with the players' names in its reason
// as stored.
func (gs *Game) Result() engine.Result { return published.Result(gs.Row) }

// ResultText words how the game ended, with the players' names and the
// score: "bob (Dark) wins: Light cannot move (0-1)"; in a game of more
// than two, the places follow.
func (gs *Game) ResultText() string {
	r := gs.Result()
	if !r.Over() {
		return gs.Row.Result
	}
	s := r.Words(gs.Names()) + " (" + gs.Row.Result + ")"
	if gs.More() {
		s += "; places: " + gs.PlacesText(r)
	}
	return s
}

// Names are the players with their sides, by seat: "alice (Light)".
func (gs *Game) Names() []string {
	out := make([]string, len(gs.Players))
	for i := range gs.Players {
		out[i] = gs.SeatName(engine.Player(i))
	}
	return out
}

// Numbers Numbers the game's plies for people (MoveNumbers).
func (gs *Game) Numbers() ([]int, int) { return MoveNumbers(gs.Moves) }

// MoveNumbers numbers the plies of a game's log for people
// (engine.MoveNumbers): the players' moves count; chance steps carry their
// move's number; a player's leaving (a resignation or a timeout in a game
// of more than two, on their turn or not) counts for nothing. It returns
// each ply's number and the next move's, the one the move guard "#N"
// expects.
func MoveNumbers(moves []archive.Move) ([]int, int) {
	plies := make([]engine.PlyText, len(moves))
	for i, m := range moves {
		plies[i] = engine.PlyText{Player: engine.Player(m.Player), Text: m.Text}
	}
	return engine.MoveNumbers(plies)
}

// MoveNumber is the number of the next move, counting the players' moves
// only (not chance, not a player's leaving): what mails and boards show,
// and what the move guard "#N" checks, one number for both.
func (gs *Game) MoveNumber() int {
	_, n := gs.Numbers()
	return n
}

// ToMove names who acts now.
func (gs *Game) ToMove() []engine.Player {
	var out []engine.Player
	for _, p := range gs.Pos.ToMove() {
		if p >= 0 && int(p) < len(gs.Row.Players) {
			out = append(out, p)
		}
	}
	return out
}

// SeatName names the player of seat p with their side: "bob (West)";
// "chance" for no seat.
func (gs *Game) SeatName(p engine.Player) string {
	if p >= 0 && int(p) < len(gs.Players) {
		return fmt.Sprintf("%s (%s)", gs.Players[p].Name, gs.Sides()[p])
	}
	return "chance"
}

// WhoMoves names the players who act now: "bob (Dark)".
func (gs *Game) WhoMoves() string {
	var names []string
	for _, s := range gs.Pos.ToMove() {
		names = append(names, gs.SeatName(s))
	}
	return strings.Join(names, " and ")
}

// Opponents are the players of gs other than seat p: the opponent of a
// game of two, the players still in of a game of more.
func (gs *Game) Opponents(p engine.Player) []*archive.Player {
	var out []*archive.Player
	for i, pl := range gs.Players {
		if q := engine.Player(i); q != p && (!gs.More() || gs.StillIn(q)) {
			out = append(out, pl)
		}
	}
	return out
}

// PlaceAmong says seat p's place in r among the players of gs, as a
// result is said to one player: "3rd of 4", not a loss (in a game of more
// than two, all but the winner would otherwise read as losers).
func (gs *Game) PlaceAmong(r engine.Result, p engine.Player) string {
	return words.Ordinal(r.Place(p)) + " of " + strconv.Itoa(len(gs.Players))
}

// PlacesText says the places of a finished game of more than two: "1st
// carol (North), 2nd dave (East), 3rd alice (South), 4th bob (West)".
func (gs *Game) PlacesText(r engine.Result) string {
	var parts []string
	for place := 1; place <= len(r.Places); place++ {
		for i, pl := range r.Places {
			if pl == place {
				parts = append(parts, words.Ordinal(place)+" "+gs.SeatName(engine.Player(i)))
			}
		}
	}
	return strings.Join(parts, ", ")
}

// Lineup names every seat's player: "alice South, bob West, carol North,
// dave East".
func (gs *Game) Lineup() string {
	var parts []string
	for i, side := range gs.Sides() {
		parts = append(parts, gs.Players[i].Name+" "+side)
	}
	return strings.Join(parts, ", ")
}
