package archive

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"postal/engine"
)

// withPlayers runs fn in a transaction of a new archive where the players
// names are registered, with their ids in order.
func withPlayers(t *testing.T, names []string, fn func(tx *Tx, ids []int64, now time.Time) error) {
	t.Helper()
	db, _ := openTemp(t)
	now := time.Date(2026, 11, 22, 8, 0, 0, 0, time.UTC)
	err := db.Tx(context.Background(), func(tx *Tx) error {
		var ids []int64
		for _, name := range names {
			p, err := tx.AddPlayer(name, name+"@x.org", "h"+name, now)
			if err != nil {
				return err
			}
			ids = append(ids, p.ID)
		}
		return fn(tx, ids, now)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Chance moves are stored as engine.Chance, -1, and the seats of a game of
// four (Superial Chess R13) as their numbers, 0 to 3; every way of reading
// them gives them back.
func TestMovesOfEverySeat(t *testing.T) {
	if Chance != int(engine.Chance) {
		t.Fatalf("archive.Chance %d, engine.Chance %d", Chance, engine.Chance)
	}
	moves := []Move{{Ply: 1, Player: 0, Text: "a"}, {Ply: 2, Player: Chance, Text: "roll 6"}, {Ply: 3, Player: 1, Text: "b c"},
		{Ply: 4, Player: 2, Text: "resign"}, {Ply: 5, Player: 3, Text: "d"}}
	withPlayers(t, []string{"a", "b", "c", "d"}, func(tx *Tx, ids []int64, now time.Time) error {
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
		rows, err := tx.tx.QueryContext(context.Background(), `SELECT player FROM moves WHERE game_id = 1 ORDER BY ply`)
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
}

// A game of four keeps every seat's player, by seat; a game of two is
// stored as it always was (games.first_id, second_id, nothing in
// game_seats); a player's games include those where they hold a later
// seat.
func TestGameSeats(t *testing.T) {
	withPlayers(t, []string{"a", "b", "c", "d"}, func(tx *Tx, ids []int64, now time.Time) error {
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
}

// A challenge of four keeps its seats besides the challenger's: an invited
// player, an invited address bound when it registers, an open seat anyone
// may take; each is taken once accepted. Open challenges list it to its
// players and, while a seat is open, to anyone.
func TestChallengeSeats(t *testing.T) {
	withPlayers(t, []string{"a", "b", "e"}, func(tx *Tx, ids []int64, now time.Time) error {
		a, b, e := &Player{ID: ids[0]}, &Player{ID: ids[1]}, &Player{ID: ids[2]}
		ch := &Challenge{ChallengerID: a.ID, Game: "superial-chess", Config: "multiplayer players=4", Side: "north", Days: 3, Created: now,
			Seats: []ChallengeSeat{{PlayerID: b.ID}, {Address: "c@x.org"}, {}}}
		if err := tx.AddChallenge(ch); err != nil {
			return err
		}
		two := &Challenge{ChallengerID: a.ID, Game: "initiative", Side: "random", Days: 3, Created: now, Seats: []ChallengeSeat{{PlayerID: b.ID}}}
		if err := tx.AddChallenge(two); err != nil {
			return err
		}
		got, err := tx.Challenge(ch.ID)
		if err != nil {
			return err
		}
		if len(got.Seats) != 3 || got.Seats[0].PlayerID != b.ID || got.Seats[1].Address != "c@x.org" || !got.Seats[2].Open() || got.Seats[0].Open() || got.Seats[1].Open() {
			t.Errorf("seats %+v", got.Seats)
		}
		if got, _ := tx.Challenge(two.ID); len(got.Seats) != 1 || got.Seats[0].PlayerID != b.ID {
			t.Errorf("a challenge of two has seats %+v", got.Seats)
		}
		// e sees it: a seat is open.
		if open, err := tx.OpenChallenges(e.ID); err != nil || len(open) != 1 || open[0].ID != ch.ID {
			t.Errorf("e's open challenges %+v %v", open, err)
		}
		if err := tx.TakeSeat(ch.ID, 3, e.ID, now); err != nil {
			return err
		}
		if open, err := tx.OpenChallenges(e.ID); err != nil || len(open) != 1 {
			t.Errorf("e's open challenges after taking a seat %+v %v", open, err)
		}
		c, _ := tx.AddPlayer("c", "c@x.org", "hc", now)
		bound, err := tx.BindInvitations("c@x.org", c.ID)
		if err != nil || len(bound) != 1 || bound[0].ID != ch.ID || bound[0].Seats[1].PlayerID != c.ID {
			t.Errorf("bound %+v %v", bound, err)
		}
		// No seat is open now: a stranger does not see it.
		d, _ := tx.AddPlayer("d", "d@x.org", "hd", now)
		if open, err := tx.OpenChallenges(d.ID); err != nil || len(open) != 0 {
			t.Errorf("d's open challenges %+v %v", open, err)
		}
		if open, err := tx.OpenChallenges(b.ID); err != nil || len(open) != 2 {
			t.Errorf("b's open challenges %+v %v", open, err)
		}
		got, _ = tx.Challenge(ch.ID)
		if got.Seats[2].PlayerID != e.ID || !got.Seats[2].Accepted.Equal(now) || !got.Seats[0].Accepted.IsZero() {
			t.Errorf("seats after taking %+v", got.Seats)
		}
		return nil
	})
}

// A game of four keeps a bank per seat and the seats that agreed to a
// draw; a game without a bank has none.
func TestBanksAndDrawAgreed(t *testing.T) {
	withPlayers(t, []string{"a", "b", "c", "d"}, func(tx *Tx, ids []int64, now time.Time) error {
		g := &Game{ID: 1, Game: "superial-chess", Players: ids, Status: GameActive, Result: "*", Created: now,
			Banks: []time.Duration{time.Hour, 2 * time.Hour, 0, 4 * time.Hour}}
		if err := tx.AddGame(g); err != nil {
			return err
		}
		g.DrawAgreed = []int{0, 3}
		if err := tx.UpdateGame(g); err != nil {
			return err
		}
		back, err := tx.GameByID(1)
		if err != nil {
			return err
		}
		if !slices.Equal(back.Banks, g.Banks) || !slices.Equal(back.DrawAgreed, []int{0, 3}) {
			t.Errorf("banks %v, draw agreed %v", back.Banks, back.DrawAgreed)
		}
		if err := tx.AddGame(&Game{ID: 2, Game: "g", Players: ids[:2], Status: GameActive, Result: "*", Created: now}); err != nil {
			return err
		}
		if two, err := tx.GameByID(2); err != nil || two.Banks != nil || two.DrawAgreed != nil {
			t.Errorf("game without banks: %+v %v", two, err)
		}
		return nil
	})
}

// A player's games in progress are read by seat, through an index each
// (migration 086), not by testing every game in progress: in every seat,
// never a finished game.
func TestGamesOfReadsEachSeatByIndex(t *testing.T) {
	withPlayers(t, []string{"a", "b", "c", "d"}, func(tx *Tx, ids []int64, now time.Time) error {
		a, b, c, d := ids[0], ids[1], ids[2], ids[3]
		for _, g := range []*Game{
			{ID: 1, Game: "initiative", Players: []int64{a, b}, Status: GameActive},
			{ID: 2, Game: "initiative", Players: []int64{b, a}, Status: GameActive},
			{ID: 3, Game: "superial-chess", Players: []int64{c, d, a}, Status: GameActive},
			{ID: 4, Game: "initiative", Players: []int64{a, c}, Status: GameOver},
			{ID: 5, Game: "superial-chess", Players: []int64{b, c, d, a}, Status: GameOver},
			{ID: 6, Game: "initiative", Players: []int64{c, d}, Status: GameActive},
		} {
			g.Result, g.Created = "*", now
			if err := tx.AddGame(g); err != nil {
				return err
			}
		}
		for p, want := range map[int64][]int64{a: {1, 2, 3}, b: {1, 2}, c: {3, 6}, d: {3, 6}} {
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
		rows, err := tx.query(`EXPLAIN QUERY PLAN SELECT id FROM games `+gamesOfPlayer, a, a, a)
		if err != nil {
			return err
		}
		defer rows.Close()
		var plan []string
		for rows.Next() {
			var id, parent, unused int
			var step string
			if err := rows.Scan(&id, &parent, &unused, &step); err != nil {
				return err
			}
			plan = append(plan, step)
		}
		text := strings.Join(plan, "\n")
		for _, want := range []string{"games_first (first_id=? AND status=?)", "games_second (second_id=? AND status=?)", "game_seats_player (player_id=?)", "INTEGER PRIMARY KEY (rowid=?)"} {
			if !strings.Contains(text, want) {
				t.Errorf("the plan does not read %s:\n%s", want, text)
			}
		}
		if strings.Contains(text, "games_deadline") || strings.Contains(text, "SCAN games") {
			t.Errorf("the plan reads the games in progress:\n%s", text)
		}
		return rows.Err()
	})
}
