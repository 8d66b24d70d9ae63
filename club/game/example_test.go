package game_test

import (
	"fmt"
	"time"

	"postal/archive"
	"postal/club/game"
	"postal/engine"
)

// A game of three decides its own life: who a draw still needs, what a
// resignation does, how the game ends. The club writes what it answers
// to the archive and tells the players.
func Example() {
	eng, cfg, pos, _ := engine.New("superial-chess", engine.Config{Ruleset: "multiplayer", Options: map[string]string{"players": "3"}})
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	gs := &game.Game{
		Row:     &archive.Game{ID: 4, Game: "superial-chess", Config: cfg.String(), Status: archive.GameActive, Players: []int64{1, 2, 3}},
		Engine:  eng,
		Info:    eng.Info(),
		Pos:     pos,
		Players: []*archive.Player{{ID: 1, Name: "alice"}, {ID: 2, Name: "bob"}, {ID: 3, Name: "carol"}},
	}

	d, _ := gs.AgreeDraw(0, now) // alice offers a draw
	fmt.Println("a draw needs", gs.DrawWaiting(), "- agreed:", d.Agreed())

	l, _ := gs.Resign(2, now, "") // carol resigns: the others play on (R13d)
	fmt.Println("carol:", l.Ply.Text, "- over:", l.Result.Over(), "- draw offered:", gs.Row.DrawAgreed != nil)

	_, _ = gs.AgreeDraw(1, now) // bob offers, alice accepts (R13e)
	d, _ = gs.AgreeDraw(0, now)
	gs.End(d.Result, now)
	fmt.Println(gs.ResultText())
	// Output:
	// a draw needs bob and carol - agreed: false
	// carol: resign - over: false - draw offered: false
	// Draw: agreed by the players (1-1-3); places: 1st alice (South), 1st bob (West), 3rd carol (North)
}
