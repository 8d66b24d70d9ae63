package superial

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"postal/engine"
)

// Tests of ruling R13g: the ply that completes a draw (R13e) ends the game
// before the next player's turn, so nobody goes out at that turn (R13d).

// r13gBoard is the position: South to move with 99 quiet plies,
// North out, West's hopper on a1 hemmed in by South's pushers.
const r13gBoard = "10/4No5/10/10/10/4So5/10/So9/SoSo8/W+1So7"

func TestR13g_DrawBeforeTheNextTurn(t *testing.T) {
	t.Run("100th quiet ply", func(t *testing.T) {
		p, err := Game{}.ParsePosition("multiplayer 3 " + r13gBoard + " s np 200 99 - -")
		if err != nil {
			t.Fatal(err)
		}
		if p.Result().Over() {
			t.Fatalf("over before the move: %+v", p.Result())
		}
		q := mplay(t, p, "e5-e4")
		r := q.Result()
		if r.Kind != engine.Draw || !slices.Equal(r.Places, []int{1, 1, 3}) || r.Score() != "1-1-3" || !strings.Contains(r.Reason, "100 moves in a row") {
			t.Errorf("result %+v %s, want a draw between South and West, North third", r, r.Score())
		}
		if !q.in(1) {
			t.Error("West went out at the ply that drew")
		}
		if a := q.ASCII(); !strings.Contains(a, "Draw among South and West") {
			t.Errorf("ASCII:\n%s", a)
		}
		back, err := Game{}.ParsePosition(q.String())
		if err != nil || back.String() != q.String() || back.Result().Score() != "1-1-3" {
			t.Errorf("the drawn position does not read back: %v %v", back, err)
		}
	})
	t.Run("third repetition", func(t *testing.T) {
		// The position after e5-e4, West to move, occurred twice before (a
		// text may say so; in play West would have gone out at the first).
		after, err := readBoard("10/4No5/10/10/10/10/4So5/So9/SoSo8/W+1So7", multiN, multiPiece)
		if err != nil {
			t.Fatal(err)
		}
		q := &multiPosition{b: after, players: 3, side: 1}
		q.place[2], q.why[2] = 3, outNoPieces
		h := fmt.Sprintf("%016x", q.hash())
		p, err := Game{}.ParsePosition("multiplayer 3 " + r13gBoard + " s np 200 10 - " + h + ",0000000000000000," + h)
		if err != nil {
			t.Fatal(err)
		}
		r := mplay(t, p, "e5-e4").Result()
		if r.Kind != engine.Draw || r.Score() != "1-1-3" || !strings.Contains(r.Reason, "third time") {
			t.Errorf("result %+v %s, want a draw by repetition between South and West", r, r.Score())
		}
	})
	t.Run("the next player owns no piece", func(t *testing.T) {
		// West owns nothing (a text may say so; in play West would have gone
		// out at its last turn): the 100th quiet ply draws all the same.
		b := mboard(t, map[string]string{"e5": "So", "h8": "No"})
		p, err := Game{}.ParsePosition("multiplayer 3 " + b + " s - 200 99 - -")
		if err != nil {
			t.Fatal(err)
		}
		r := mplay(t, p, "e5-e4").Result()
		if r.Kind != engine.Draw || r.Score() != "1-1-1" {
			t.Errorf("result %+v %s, want a draw among all three", r, r.Score())
		}
		// One ply earlier the game goes on and West is out at its turn.
		p, _ = Game{}.ParsePosition("multiplayer 3 " + b + " s - 200 98 - -")
		q := mplay(t, p, "e5-e4")
		if q.Result().Over() || q.in(1) || q.side != 2 {
			t.Errorf("at 99 quiet plies: %+v, West in %v, %s to move", q.Result(), q.in(1), multiSides[q.side])
		}
	})
}

// Rules version 1 (records written before R13g) put the player out first:
// the same move gives South the win.
func TestR13g_Version1(t *testing.T) {
	p, err := Game{}.ParsePosition("multiplayer 3 " + r13gBoard + " s np 200 99 - - v1")
	if err != nil {
		t.Fatal(err)
	}
	q := mplay(t, p, "e5-e4")
	r := q.Result()
	if r.Kind != engine.Win || r.Winner != 0 || r.Score() != "1-2-3" {
		t.Errorf("version 1: %+v %s, want South's win, West second", r, r.Score())
	}
	if !strings.HasSuffix(q.String(), " v1") || engine.VersionOf(q) != "1" {
		t.Errorf("the position forgot its version: %s (VersionOf %q)", q, engine.VersionOf(q))
	}
	_, _, start, err := engine.New("superial-chess", engine.Config{Ruleset: "multiplayer", Version: "1"})
	if err != nil || !strings.HasSuffix(start.String(), " v1") {
		t.Errorf("start of version 1: %v %v", start, err)
	}
	_, _, start, err = engine.New("superial-chess", engine.Config{Ruleset: "multiplayer", Version: "2"})
	if err != nil || strings.HasSuffix(start.String(), " v1") || engine.VersionOf(start) != "" {
		t.Errorf("start of version 2: %v %v", start, err)
	}
	if _, _, _, err := engine.New("superial-chess", engine.Config{Ruleset: "multiplayer", Version: "3"}); err == nil {
		t.Error("a version newer than the game's was accepted")
	}
}
