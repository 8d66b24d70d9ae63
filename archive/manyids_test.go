package archive

import (
	"slices"
	"testing"
	"time"
)

// A reader may ask about more games than one SQLite statement may name
// (32,766 variables): the site's update after a change to every game of a
// large archive (the fill of the positions before the last ply, a
// re-rating) reads what it shows of each changed game. Every read by a
// list of games, or of players, answers for all of them: here two games,
// one at each end of a list of 40,010 numbers, in order and reversed.
func TestReadsOfMoreGamesThanAStatementMayName(t *testing.T) {
	withPlayers(t, []string{"alice", "bob"}, func(tx *Tx, players []int64, now time.Time) error {
		real := []int64{3, 40_001}
		tr := &Tournament{Name: "cup", DirectorID: players[0], Game: "takeaway", Config: "standard", Format: "swiss", Control: "days 3", Created: now}
		if err := tx.AddTournament(tr); err != nil {
			return err
		}
		for i, id := range real {
			g := &Game{ID: id, Game: "takeaway", Config: "standard", Players: players, Status: GameActive, Result: "*", Position: "15", Created: now}
			if err := tx.AddGame(g); err != nil {
				return err
			}
			if err := tx.AddMove(id, Move{Ply: 1, Player: 0, Text: "take 2", At: now}); err != nil {
				return err
			}
			if err := tx.AddTalk(Said{GameID: id, PlayerID: players[0], Ply: 1, Kind: "say", Text: "hello", At: now}); err != nil {
				return err
			}
			if err := tx.AddTournamentGame(tr.ID, TournamentGame{GameID: id, Round: 1, Board: i + 1}); err != nil {
				return err
			}
			for seat, p := range players {
				if err := tx.AddRatedSeat(RatedSeat{GameID: id, Seat: seat, List: "takeaway", PlayerID: p, Rating: 1500, RD: 350, Vol: 0.06, At: now.Add(time.Duration(i) * time.Hour)}); err != nil {
					return err
				}
			}
			if err := tx.SetUnrated(id); err != nil {
				return err
			}
		}
		var ids []int64
		for id := int64(1); id <= 40_010; id++ {
			ids = append(ids, id)
		}
		for _, list := range [][]int64{ids, reversed(ids)} {
			games, err := tx.GamesIn(list)
			if err != nil {
				return err
			}
			var got []int64
			for _, g := range games {
				got = append(got, g.ID)
			}
			if !slices.Equal(got, real) {
				t.Errorf("GamesIn: games %v, want %v in order", got, real)
			}
			moves, err := tx.MovesOf(list)
			if err != nil || len(moves) != 2 || len(moves[3]) != 1 || len(moves[40_001]) != 1 {
				t.Errorf("MovesOf: %v, %v", moves, err)
			}
			talk, err := tx.TalkOf(list)
			if err != nil || len(talk) != 2 || len(talk[40_001]) != 1 {
				t.Errorf("TalkOf: %v, %v", talk, err)
			}
			places, events, err := tx.TournamentGamesIn(list)
			if err != nil || len(places) != 2 || places[40_001].Board != 2 || events[3] != tr.ID {
				t.Errorf("TournamentGamesIn: %v %v, %v", places, events, err)
			}
			seats, err := tx.RatedSeatsIn(list)
			if err != nil || len(seats) != 2 || len(seats[40_001]) != 2 || seats[40_001][1].PlayerID != players[1] {
				t.Errorf("RatedSeatsIn: %v, %v", seats, err)
			}
			unrated, err := tx.UnratedIn(list)
			if err != nil || len(unrated) != 2 || !unrated[3] || !unrated[40_001] {
				t.Errorf("UnratedIn: %v, %v", unrated, err)
			}
		}
		before, err := tx.LastSeq()
		if err != nil {
			return err
		}
		if err := tx.TouchGames(ids); err != nil {
			return err
		}
		if after, _ := tx.LastSeq(); after < before+2 {
			t.Errorf("TouchGames: the change number went from %d to %d, not past both games", before, after)
		}
		// Of more players than a statement may name, the history is every
		// player's of them, in the order rated.
		// (players of no game: numbers past the club's)
		var many []int64
		for _, id := range ids {
			many = append(many, id+1_000)
		}
		many = append(many, players[1])
		history, err := tx.RatingHistory(many)
		if err != nil {
			return err
		}
		want, err := tx.RatingHistory(players[1:])
		if err != nil {
			return err
		}
		if len(want) != 2 || !slices.EqualFunc(history, want, func(a, b RatedSeat) bool { return a.GameID == b.GameID && a.PlayerID == b.PlayerID }) {
			t.Errorf("RatingHistory of %d players: %v, want %v", len(many), history, want)
		}
		return nil
	})
}

func reversed(ids []int64) []int64 {
	r := slices.Clone(ids)
	slices.Reverse(r)
	return r
}
