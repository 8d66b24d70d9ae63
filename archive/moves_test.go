package archive

import (
	"context"
	"slices"
	"testing"
	"time"

	"postal/engine"
)

// Chance moves are stored as engine.Chance, -1, and the seats of a game of
// four (Superial Chess R13) as their numbers, 0 to 3; every way of reading
// them gives them back.
func TestMovesOfEverySeat(t *testing.T) {
	if Chance != int(engine.Chance) {
		t.Fatalf("archive.Chance %d, engine.Chance %d", Chance, engine.Chance)
	}
	ctx := context.Background()
	db, _ := openTemp(t)
	now := time.Date(2026, 11, 22, 8, 0, 0, 0, time.UTC)
	moves := []Move{{Ply: 1, Player: 0, Text: "a"}, {Ply: 2, Player: Chance, Text: "roll 6"}, {Ply: 3, Player: 1, Text: "b c"},
		{Ply: 4, Player: 2, Text: "resign"}, {Ply: 5, Player: 3, Text: "d"}}
	err := db.Tx(ctx, func(tx *Tx) error {
		var ids []int64
		for _, name := range []string{"a", "b", "c", "d"} {
			p, err := tx.AddPlayer(name, name+"@x.org", "h"+name, now)
			if err != nil {
				return err
			}
			ids = append(ids, p.ID)
		}
		for id := int64(1); id <= 2; id++ {
			if err := tx.AddGame(&Game{ID: id, Game: "g", Players: ids, Status: GameActive, Result: "*", Created: now}); err != nil {
				return err
			}
		}
		for _, m := range moves {
			if err := tx.AddMove(1, m); err != nil {
				return err
			}
		}
		if err := tx.AddMoves(2, moves); err != nil {
			return err
		}
		var stored []int
		rows, err := tx.tx.QueryContext(ctx, `SELECT player FROM moves WHERE game_id = 1 ORDER BY ply`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var p int
			rows.Scan(&p)
			stored = append(stored, p)
		}
		if !slices.Equal(stored, []int{0, -1, 1, 2, 3}) {
			t.Errorf("stored players %v, want chance as -1", stored)
		}
		got, err := tx.Moves(1)
		if err != nil {
			return err
		}
		all, err := tx.MovesOf([]int64{2})
		if err != nil {
			return err
		}
		for _, read := range [][]Move{got, all[2]} {
			if len(read) != len(moves) {
				t.Fatalf("moves read back %+v", read)
			}
			for i, m := range read {
				if m.Ply != moves[i].Ply || m.Player != moves[i].Player || m.Text != moves[i].Text {
					t.Errorf("move %d read back %+v, want %+v", i, m, moves[i])
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// A game of four keeps every seat's player, by seat; a game of two is
// stored as it always was (games.first_id, second_id, nothing in
// game_seats); a player's games include those where they hold a later
// seat.
func TestGameSeats(t *testing.T) {
	ctx := context.Background()
	db, _ := openTemp(t)
	now := time.Date(2026, 11, 22, 8, 0, 0, 0, time.UTC)
	err := db.Tx(ctx, func(tx *Tx) error {
		var ids []int64
		for _, name := range []string{"a", "b", "c", "d"} {
			p, err := tx.AddPlayer(name, name+"@x.org", "h"+name, now)
			if err != nil {
				return err
			}
			ids = append(ids, p.ID)
		}
		four := []int64{ids[3], ids[1], ids[0], ids[2]}
		if err := tx.AddGame(&Game{ID: 7, Game: "superial-chess", Players: four, Status: GameActive, Result: "*", Created: now}); err != nil {
			return err
		}
		if err := tx.AddGame(&Game{ID: 8, Game: "initiative", Players: ids[2:], Status: GameActive, Result: "*", Created: now}); err != nil {
			return err
		}
		if err := tx.AddGame(&Game{ID: 9, Game: "g", Players: ids[:1], Status: GameActive, Result: "*", Created: now}); err == nil {
			t.Error("a game of one player stored")
		}
		g, err := tx.GameByID(7)
		if err != nil {
			return err
		}
		if !slices.Equal(g.Players, four) {
			t.Errorf("players %v, want %v", g.Players, four)
		}
		two, err := tx.GameByID(8)
		if err != nil {
			return err
		}
		if !slices.Equal(two.Players, ids[2:]) {
			t.Errorf("two players %v, want %v", two.Players, ids[2:])
		}
		var seats int
		if err := tx.queryRow(`SELECT COUNT(*) FROM game_seats WHERE game_id = 8`).Scan(&seats); err != nil || seats != 0 {
			t.Errorf("a game of two has %d rows of game_seats (%v)", seats, err)
		}
		for p, want := range map[int64][]int64{ids[0]: {7}, ids[2]: {7, 8}, ids[3]: {7, 8}} {
			games, err := tx.GamesOf(p)
			if err != nil {
				return err
			}
			var got []int64
			for _, g := range games {
				got = append(got, g.ID)
			}
			if !slices.Equal(got, want) {
				t.Errorf("games of player %d: %v, want %v", p, got, want)
			}
		}
		more, err := tx.GamesIn([]int64{7, 8})
		if err != nil || len(more) != 2 || len(more[0].Players) != 4 || len(more[1].Players) != 2 {
			t.Errorf("games read together: %+v %v", more, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
