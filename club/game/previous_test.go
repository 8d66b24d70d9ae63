package game_test

import (
	"testing"
	"time"

	"postal/engine"
)

// The row keeps the position before its game's last ply, whoever played
// it: each of the four seats of a game of four in turn (seats 2 and 3
// too), a seat's leaving out of its turn, and chance's draws, where the
// position before the last ply is the one before the last draw.
func TestPreviousIsThePositionBeforeTheLastPly(t *testing.T) {
	gs := newGame(t, "superial-chess", "multiplayer", map[string]string{"players": "4"}, "alice", "bob", "carol", "dan")
	at := t0
	for range 8 {
		before := gs.Pos.String()
		p := gs.Pos.ToMove()[0]
		at = at.Add(time.Hour)
		if _, err := gs.Move(p, anyMove(t, gs, p), at, ""); err != nil {
			t.Fatal(err)
		}
		if gs.Row.Previous != before {
			t.Fatalf("after seat %d's move, previous is not the position before it", p)
		}
	}
	before := gs.Pos.String()
	if _, err := gs.Resign(3, at.Add(time.Minute), ""); err != nil {
		t.Fatal(err)
	}
	if gs.Row.Previous != before || gs.Row.Position == before {
		t.Error("after seat 3 left, previous is not the position before its leaving")
	}

	drawn := 0
	for _, rules := range []string{"imperial-shuffle", "initiative"} {
		chance := newGame(t, rules, "", nil, "alice", "bob")
		for range 30 {
			if chance.Pos.Result().Over() {
				break
			}
			p := chance.Pos.ToMove()[0]
			plies := len(chance.Moves)
			if _, err := chance.Move(p, anyMove(t, chance, p), t0, ""); err != nil {
				t.Fatal(err)
			}
			if len(chance.Moves) > plies+1 {
				drawn++
			}
			// The last ply logged, played on previous, gives the position.
			pos, err := chance.Engine.ParsePosition(chance.Row.Previous)
			if err != nil {
				t.Fatal(err)
			}
			last := chance.Moves[len(chance.Moves)-1]
			m, err := pos.ParseMove(engine.Player(last.Player), last.Text)
			if err != nil {
				t.Fatalf("%s: the last ply %q does not parse from previous: %v", rules, last.Text, err)
			}
			next, err := pos.Apply(engine.Player(last.Player), m)
			if err != nil || next.String() != chance.Row.Position {
				t.Fatalf("%s: previous and the last ply (%d plies logged, %d before) are not the position: %v", rules, len(chance.Moves), plies, err)
			}
		}
	}
	if drawn == 0 {
		t.Fatal("no move was followed by chance's draws: the test proves nothing of them")
	}
}
