package game_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"postal/archive"
	"postal/club/game"
	"postal/engine"
	_ "postal/engine/allgames"
)

// third is the third seat (North in a game of three).
const third engine.Player = 2

var t0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// newGame sets up a game of rules for the players named, in their seats'
// order, as the club stores one: no archive, only the values.
func newGame(t *testing.T, rules, ruleset string, opts map[string]string, names ...string) *game.Game {
	t.Helper()
	eng, cfg, pos, err := engine.New(rules, engine.Config{Ruleset: ruleset, Options: opts, Seed: 42})
	if err != nil {
		t.Fatal(err)
	}
	row := &archive.Game{ID: 7, Game: rules, Config: cfg.String(), Seed: 42, Status: archive.GameActive, Result: "*", Created: t0}
	gs := &game.Game{Row: row, Engine: eng, Info: eng.Info(), Pos: pos}
	for i, n := range names {
		row.Players = append(row.Players, int64(i+1))
		gs.Players = append(gs.Players, &archive.Player{ID: int64(i + 1), Name: n})
	}
	if _, err := gs.Begin(t0); err != nil {
		t.Fatal(err)
	}
	return gs
}

// two is a game of Superial Chess of two: alice plays Light, bob Dark.
func two(t *testing.T) *game.Game { return newGame(t, "superial-chess", "", nil, "alice", "bob") }

// three is a game of Superial Chess of three (R13): alice South, bob West,
// carol North.
func three(t *testing.T) *game.Game {
	return newGame(t, "superial-chess", "multiplayer", map[string]string{"players": "3"}, "alice", "bob", "carol")
}

// anyMove is a legal move of p in gs.
func anyMove(t *testing.T, gs *game.Game, p engine.Player) string {
	t.Helper()
	legal := gs.Pos.Legal(p)
	if len(legal) == 0 {
		t.Fatalf("no legal move for %d", p)
	}
	return legal[0].String()
}

func TestMoveIsTakenAndLogged(t *testing.T) {
	gs := two(t)
	move := anyMove(t, gs, engine.First)
	mv, err := gs.Move(engine.First, move, t0.Add(time.Hour), "<m1@example.org>")
	if err != nil {
		t.Fatal(err)
	}
	if mv.Move != move || mv.Seat != engine.First || mv.Result.Over() || mv.Declined != nil {
		t.Errorf("moved = %+v", mv)
	}
	want := []archive.Move{{Ply: 1, Player: 0, Text: move, MessageID: "<m1@example.org>", At: t0.Add(time.Hour)}}
	if !slices.Equal(mv.Plies, want) || !slices.Equal(gs.Moves, want) {
		t.Errorf("plies %v, moves %v; want %v", mv.Plies, gs.Moves, want)
	}
	if gs.Row.Ply != 1 || gs.Row.Position != gs.Pos.String() || !gs.Row.Updated.Equal(t0.Add(time.Hour)) {
		t.Errorf("row not updated: %+v", gs.Row)
	}
	if got := gs.ToMove(); !slices.Equal(got, []engine.Player{engine.Second}) {
		t.Errorf("to move after it: %v", got)
	}
}

func TestRefusedMoveChangesNothing(t *testing.T) {
	gs := two(t)
	before := gs.Pos.String()
	var nt *engine.NotYourTurnError
	if _, err := gs.Move(engine.Second, anyMove(t, gs, engine.First), t0, ""); !errors.As(err, &nt) {
		t.Errorf("a move out of turn: %v", err)
	}
	var se *engine.SyntaxError
	if _, err := gs.Move(engine.First, "zz99", t0, ""); !errors.As(err, &se) {
		t.Errorf("a word that is no move: %v", err)
	}
	if gs.Pos.String() != before || len(gs.Moves) != 0 || gs.Row.Ply != 0 {
		t.Error("a refused move changed the game")
	}
	gs.End(gs.Pos.Result().Drawn("agreed by the players"), t0)
	if _, err := gs.Move(engine.First, anyMove(t, gs, engine.First), t0, ""); !errors.Is(err, game.ErrOver) {
		t.Errorf("a move in a game over: %v", err)
	}
}

// Chance's draws follow the move that called for them in the log, and a
// game set up by chance starts with them (Begin).
func TestChanceIsDrawnAndLogged(t *testing.T) {
	gs := newGame(t, "initiative", "", nil, "alice", "bob")
	if len(gs.Moves) == 0 || slices.ContainsFunc(gs.Moves, func(m archive.Move) bool { return m.Player != int(engine.Chance) }) {
		t.Fatalf("the setup drawn: %v", gs.Moves)
	}
	for i, m := range gs.Moves {
		if m.Ply != i+1 {
			t.Errorf("ply %d logged as %d", i+1, m.Ply)
		}
	}
	if gs.Row.Ply != len(gs.Moves) || slices.Contains(gs.Pos.ToMove(), engine.Chance) {
		t.Errorf("after the setup: ply %d, to move %v", gs.Row.Ply, gs.Pos.ToMove())
	}
}

// R10: a draw offered in a game of two is agreed when the other accepts
// it; a move of the other declines it, a move of the one who offered it
// does not.
func TestDrawOfTwo_R10(t *testing.T) {
	gs := two(t)
	d, err := gs.AgreeDraw(engine.First, t0)
	if err != nil {
		t.Fatal(err)
	}
	if d.Agreed() || !slices.Equal(d.Waiting, []engine.Player{engine.Second}) {
		t.Errorf("offer: %+v", d)
	}
	if _, err := gs.AgreeDraw(engine.First, t0); !errors.Is(err, game.ErrAgreed) {
		t.Errorf("offered twice: %v", err)
	}
	mv, err := gs.Move(engine.First, anyMove(t, gs, engine.First), t0, "")
	if err != nil {
		t.Fatal(err)
	}
	if mv.Declined != nil || !slices.Equal(gs.Row.DrawAgreed, []int{0}) {
		t.Errorf("the offer's own move declined it: %v, agreed %v", mv.Declined, gs.Row.DrawAgreed)
	}
	mv, err = gs.Move(engine.Second, anyMove(t, gs, engine.Second), t0, "")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(mv.Declined, []int{0}) || gs.Row.DrawAgreed != nil {
		t.Errorf("the other's move: declined %v, agreed %v", mv.Declined, gs.Row.DrawAgreed)
	}
	if _, err := gs.AgreeDraw(engine.Second, t0); err != nil {
		t.Fatal(err)
	}
	d, err = gs.AgreeDraw(engine.First, t0)
	if err != nil {
		t.Fatal(err)
	}
	if !d.Agreed() || d.Result.Kind != engine.Draw || d.Result.Reason != "agreed by the players" || d.Waiting != nil {
		t.Errorf("accepted: %+v", d)
	}
}

// R13e: in a game of more a draw by agreement needs every player still in;
// a player out (R13d) has no say, and keeps their place.
func TestDrawNeedsEveryPlayerStillIn_R13e(t *testing.T) {
	gs := three(t)
	if _, err := gs.Resign(engine.Second, t0, ""); err != nil { // bob leaves
		t.Fatal(err)
	}
	if _, err := gs.AgreeDraw(engine.Second, t0); !errors.Is(err, game.ErrOut) {
		t.Errorf("a player out agrees: %v", err)
	}
	d, err := gs.AgreeDraw(third, t0)
	if err != nil {
		t.Fatal(err)
	}
	if d.Agreed() || !slices.Equal(d.Waiting, []engine.Player{engine.First}) || gs.DrawWaiting() != "alice" {
		t.Errorf("carol agrees: %+v, waiting %q", d, gs.DrawWaiting())
	}
	d, err = gs.AgreeDraw(engine.First, t0)
	if err != nil {
		t.Fatal(err)
	}
	if !d.Agreed() || d.Result.Score() != "1-3-1" {
		t.Errorf("agreed by all still in: %+v (%s)", d, d.Result.Score())
	}
}

// R13d: a player who resigns a game of more is out at once, on their turn
// or not, by a move of the record; the others play on, and the last one
// left wins, the others placed in reverse order of leaving.
func TestResignInGameOfMore_R13d(t *testing.T) {
	gs := three(t)
	if _, err := gs.AgreeDraw(engine.First, t0); err != nil {
		t.Fatal(err)
	}
	l, err := gs.Resign(third, t0.Add(time.Minute), "<r@example.org>")
	if err != nil {
		t.Fatal(err)
	}
	if l.WasToMove || l.Result.Over() || l.Ply == nil || l.Ply.Text != "resign" || l.Ply.MessageID != "<r@example.org>" {
		t.Errorf("carol resigns: %+v", l)
	}
	if gs.StillIn(third) || !gs.StillIn(engine.First) || gs.Row.DrawAgreed != nil || len(gs.Moves) != 1 {
		t.Errorf("after it: in %v %v, agreed %v, moves %v", gs.StillIn(third), gs.StillIn(engine.First), gs.Row.DrawAgreed, gs.Moves)
	}
	if _, err := gs.Resign(third, t0, ""); !errors.Is(err, game.ErrOut) {
		t.Errorf("resigned twice: %v", err)
	}
	l, err = gs.Resign(engine.First, t0, "")
	if err != nil {
		t.Fatal(err)
	}
	if !l.WasToMove || !l.Result.Over() || l.Result.Score() != "2-1-3" {
		t.Errorf("alice resigns, bob is left: %+v (%s)", l, l.Result.Score())
	}
}

// R10: a resignation ends a game of two, the other winning; nothing is
// played (no leaving in the record).
func TestResignInGameOfTwo(t *testing.T) {
	gs := two(t)
	l, err := gs.Resign(engine.Second, t0, "<r@example.org>")
	if err != nil {
		t.Fatal(err)
	}
	if l.Ply != nil || !l.Result.Over() || l.Result.Winner != engine.First || l.Result.Reason != "bob resigned" || len(gs.Moves) != 0 {
		t.Errorf("bob resigns: %+v", l)
	}
	gs.End(l.Result, t0)
	if gs.Row.Status != archive.GameOver || gs.Row.Result != "1-0" || gs.Row.Termination != "bob resigned" {
		t.Errorf("the row once ended: %+v", gs.Row)
	}
	if _, err := gs.Resign(engine.First, t0, ""); !errors.Is(err, game.ErrOver) {
		t.Errorf("resigning a game over: %v", err)
	}
}

// A player out of time loses a game of two, even before the first move;
// when both were to act, the two draw.
func TestOutOfTime(t *testing.T) {
	gs := two(t)
	up := gs.OutOfTime()
	if !slices.Equal(up.Late, []engine.Player{engine.First}) || up.Draw.Over() {
		t.Errorf("time up: %+v", up)
	}
	l, err := gs.Forfeit(engine.First, engine.Timeout, gs.TimeoutReason(engine.First), t0, "<ignored@example.org>")
	if err != nil {
		t.Fatal(err)
	}
	if l.Result.Winner != engine.Second || l.Result.Reason != "alice ran out of time before the first move" {
		t.Errorf("alice out of time: %+v", l)
	}
	both := newGame(t, "imperial-shuffle", "", nil, "alice", "bob") // both set up at once
	up = both.OutOfTime()
	if len(up.Late) != 2 || up.Draw.Kind != engine.Draw || up.Draw.Reason != "both players ran out of time" {
		t.Errorf("both late: %+v", up)
	}
}

// R13d: in a game of more a player out of time leaves like one who
// resigns, whatever the club's timeout mode; the clock's leaving carries
// no message.
func TestOutOfTimeInGameOfMore_R13d(t *testing.T) {
	gs := three(t)
	up := gs.OutOfTime()
	if !slices.Equal(up.Late, []engine.Player{engine.First}) || up.Draw.Over() {
		t.Fatalf("time up: %+v", up)
	}
	l, err := gs.Forfeit(engine.First, engine.Timeout, gs.TimeoutReason(engine.First), t0, "<ignored@example.org>")
	if err != nil {
		t.Fatal(err)
	}
	if !l.WasToMove || l.Result.Over() || l.Ply == nil || l.Ply.Text != "timeout" || l.Ply.MessageID != "" {
		t.Errorf("alice out of time: %+v", l)
	}
	if got := gs.ToMove(); !slices.Equal(got, []engine.Player{engine.Second}) {
		t.Errorf("to move after it: %v", got)
	}
}

// R13d: a player's leaving a game of more, by resigning or on time, on
// their turn or not, moves no piece and is no move: the number of the
// next move, which the mails show and the move guard "#N" checks, stays
// what it was, while each move adds one. Seats 2 and 3 of a game of four
// leave out of turn and on it, a seat times out, and a game of three.
func TestLeavingKeepsTheMoveNumber_R13d(t *testing.T) {
	four := func(t *testing.T) *game.Game {
		return newGame(t, "superial-chess", "multiplayer", map[string]string{"players": "4"}, "dave", "carol", "alice", "bob")
	}
	// Steps: "move" is a move of the player to move, "resign N" seat N
	// resigning, "timeout" the player to move out of time.
	for _, c := range []struct {
		name  string
		start func(*testing.T) *game.Game
		steps []string
	}{
		{"four, seat 2 out of turn, seat 3 on its turn", four, []string{"move", "resign 2", "move", "resign 3", "move"}},
		{"four, seat 3 out of turn, seat 2 on time", four, []string{"move", "resign 3", "move", "timeout", "move"}},
		{"four, seat 2 on its turn, seat 1 out of turn", four, []string{"move", "move", "resign 2", "resign 1", "move"}},
		{"three, seat 2 out of turn", three, []string{"move", "resign 2", "move", "move"}},
		{"three, seat 1 on time", three, []string{"move", "timeout", "move", "move"}},
		{"three, seat 2 on its turn", three, []string{"move", "move", "resign 2", "move"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			gs := c.start(t)
			moves := 0
			for i, step := range c.steps {
				before, toMove := gs.MoveNumber(), gs.ToMove()
				at := t0.Add(time.Duration(i+1) * time.Hour)
				var err error
				var seat engine.Player
				switch _, err0 := fmt.Sscanf(step, "resign %d", &seat); {
				case step == "move":
					p := toMove[0]
					_, err = gs.Move(p, anyMove(t, gs, p), at, "")
					moves++
				case step == "timeout":
					_, err = gs.Forfeit(toMove[0], engine.Timeout, gs.TimeoutReason(toMove[0]), at, "")
				case err0 == nil:
					if slices.Contains(toMove, seat) != strings.Contains(c.name, fmt.Sprintf("seat %d on its turn", seat)) {
						t.Fatalf("step %d (%s): to move %v", i, step, toMove)
					}
					_, err = gs.Resign(seat, at, "")
				}
				if err != nil {
					t.Fatalf("step %d (%s): %v", i, step, err)
				}
				if gs.Pos.Result().Over() {
					t.Fatalf("step %d (%s): the game ended", i, step)
				}
				if got := gs.MoveNumber(); got != moves+1 {
					t.Errorf("after step %d (%s): move %d, want %d (%d moves played; it was %d)", i, step, got, moves+1, moves, before)
				}
			}
		})
	}
}
