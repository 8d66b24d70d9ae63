package notation_test

import (
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"postal/engine"
	"postal/engine/enginetest"
	"postal/notation"
)

// fourPlayers plays a game of Superial Chess for four (R13-R13f) by the
// moves given as "Side: move", each read as the records read them.
func fourPlayers(t *testing.T, moves ...string) (*notation.Record, engine.Position) {
	t.Helper()
	cfg, steps, pos := enginetest.PlaySides(t, "superial-chess", engine.Config{Ruleset: "multiplayer", Options: map[string]string{"players": "4"}}, moves...)
	rec := &notation.Record{Game: "superial-chess", Config: cfg, Players: []string{"alice", "bob", "carol", "dave"}}
	for _, st := range steps {
		rec.Add(st.Player, st.Move.String())
	}
	rec.Result = pos.Result()
	return rec, pos
}

// A record of four players: a tag per side, every move with its side, the
// players' leavings as their moves, the places as the result; it reads
// back and replays to the same end.
func TestRecordFourPlayers(t *testing.T) {
	rec, end := fourPlayers(t, "South: d1-d2", "West: timeout", "North: c9-c8", "South: resign", "East: i4-h4", "East: resign")
	if r := end.Result(); r.Score() != "3-4-1-2" || r.Reason != "East resigned" {
		t.Fatalf("result %+v", r)
	}
	text := rec.String()
	for _, want := range []string{
		"[Ruleset \"multiplayer\"]\n[Options \"players=4\"]\n",
		"[South \"alice\"]\n[West \"bob\"]\n[North \"carol\"]\n[East \"dave\"]\n",
		"[Result \"3-4-1-2\"]\n[Termination \"East resigned\"]\n",
		"\n1. South: d1-d2 2. West: timeout 3. North: c9-c8 4. South: resign\n5. East: i4-h4 6. East: resign 3-4-1-2\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("record lacks %q:\n%s", want, text)
		}
	}
	back, err := notation.ReadRecord(text)
	if err != nil {
		t.Fatal(err)
	}
	if back.String() != text {
		t.Errorf("write/read/write differs:\n%s\n%s", text, back.String())
	}
	if !slices.Equal(back.Players, []string{"alice", "bob", "carol", "dave"}) || !slices.Equal(back.Result.Places, []int{3, 4, 1, 2}) || back.Result.Winner != 2 {
		t.Errorf("players %v, result %+v", back.Players, back.Result)
	}
	positions, err := back.Replay()
	if err != nil {
		t.Fatal(err)
	}
	if last := positions[len(positions)-1]; last.String() != end.String() {
		t.Errorf("replay ends at\n%s\nnot\n%s", last, end)
	}
}

// The reader is lenient: moves without their side go to the next seat in
// turn, seats by number; a record of three has no East.
func TestRecordReadsPlayersByTurn(t *testing.T) {
	text := `[Game "superial-chess"]
[Ruleset "multiplayer"]
[Options "players=3"]
[south "ann"]
[North "cy"]
[Result "*"]

1. d1-d2 2. a3-b3 3. 3: c9-c8 4. West: resign 5. f1-f2 *
`
	rec, err := notation.ReadRecord(text)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(rec.Players, []string{"ann", "", "cy"}) {
		t.Errorf("players %q", rec.Players)
	}
	var seats []engine.Player
	for _, m := range rec.Moves {
		seats = append(seats, m.Player)
	}
	if !slices.Equal(seats, []engine.Player{0, 1, 2, 1, 2}) {
		t.Errorf("seats %v", seats)
	}
	// The fifth move is South's, not North's as the reader guessed: the
	// replay says so at that move.
	_, err = rec.Replay()
	var re *notation.ReplayError
	if !errors.As(err, &re) || re.MoveNumber != 5 {
		t.Errorf("replay: %v", err)
	}
	rec.Moves[4].Player = 0
	if _, err := rec.Replay(); err != nil {
		t.Errorf("replay: %v", err)
	}
	if !strings.Contains(rec.String(), "[South \"ann\"]\n[West \"\"]\n[North \"cy\"]\n[Result") {
		t.Errorf("record:\n%s", rec)
	}
	for _, bad := range []string{
		strings.Replace(text, "4. West", "4. East", 1),             // no East in a game of three
		strings.Replace(text, `[Result "*"]`, `[Result "1-0"]`, 1), // a result of two
		strings.Replace(text, `[Result "*"]`, `[Result "1-1-2"]`, 1),
	} {
		if _, err := notation.ReadRecord(bad); err == nil {
			t.Errorf("read:\n%s", bad)
		}
	}
}

// The records docs/record-format.md shows in full read and replay, and
// their results are the ones their moves reach.
func TestRecordFormatExamples(t *testing.T) {
	b, err := os.ReadFile("../docs/record-format.md")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for i, block := range strings.Split(string(b), "```") {
		if i%2 == 0 || !strings.HasPrefix(strings.TrimSpace(block), "[Game") || strings.Contains(block, "...") {
			continue
		}
		rec, err := notation.ReadRecord(block)
		if err != nil {
			t.Fatalf("%v\n%s", err, block)
		}
		positions, err := rec.Replay()
		if err != nil {
			t.Fatalf("%v\n%s", err, block)
		}
		if end := positions[len(positions)-1].Result(); end.Score() != rec.Result.Score() || end.Reason != rec.Result.Reason {
			t.Errorf("the moves end %s (%s), the record says %s (%s)", end.Score(), end.Reason, rec.Result.Score(), rec.Result.Reason)
		}
		n++
	}
	if n == 0 {
		t.Error("no whole record in docs/record-format.md")
	}
}
