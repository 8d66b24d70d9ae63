package event

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// newEvent is an event of format for games of seats, with entrants 1..n
// (their ratings falling, so seeds follow their numbers).
func newEvent(t *testing.T, name string, seats, n, rounds int) *Event {
	t.Helper()
	f, ok := FormatOf(name, seats, Settings{"rounds": rounds})
	if !ok {
		t.Fatalf("no format %s for %d", name, seats)
	}
	ev := &Event{Name: "cup", Format: f, Seats: seats, Stage: Open, Names: map[int64]string{}}
	for i := 1; i <= n; i++ {
		ev.Entrants = append(ev.Entrants, Entrant{Player: int64(i), Rating: float64(2000 - i)})
		ev.Names[int64(i)] = fmt.Sprintf("p%d", i)
	}
	return ev
}

// play carries out steps as the club would, numbering the games it starts
// from 100, and returns what they were: "g1:1-4" a game of round 1, its
// players, "r2" a round, "b1:3" a bye, "w2" the end and its winner, "a3" an
// annulment, "f101:3" a forfeit.
func play(ev *Event, steps []Step) []string {
	var out []string
	for _, st := range steps {
		switch st := st.(type) {
		case BeginRound:
			out = append(out, fmt.Sprintf("r%d", st.Round))
		case StartGame:
			ev.Games = append(ev.Games, Game{ID: int64(100 + len(ev.Games)), Round: st.Round, Board: st.Board, Players: st.Players, Score: "*"})
			var p []string
			for _, id := range st.Players {
				p = append(p, fmt.Sprint(id))
			}
			out = append(out, fmt.Sprintf("g%d:%s", st.Round, strings.Join(p, "-")))
		case GiveBye:
			out = append(out, fmt.Sprintf("b%d:%d", st.Round, st.Player))
		case Finish:
			ev.Stage, ev.Winner = Over, st.Winner
			out = append(out, fmt.Sprintf("w%d", st.Winner))
		case Annul:
			out = append(out, fmt.Sprintf("a%d", st.Player))
		case Forfeit:
			out = append(out, fmt.Sprintf("f%d:%d", st.Game, st.Player))
		}
	}
	return out
}

// end ends every game in play: the first seat wins, except in the games
// listed as drawn.
func end(ev *Event, drawn ...int64) {
	for i := range ev.Games {
		g := &ev.Games[i]
		if g.Over {
			continue
		}
		g.Over, g.Score = true, "1-0"
		if slices.Contains(drawn, g.ID) {
			g.Score = "1/2-1/2"
		}
	}
}

func want(t *testing.T, what string, got []string, w ...string) {
	t.Helper()
	if !slices.Equal(got, w) {
		t.Errorf("%s: %v, want %v", what, got, w)
	}
}

// A round robin of four: every game at once (Berger tables), nothing while
// games go on, the head of the standings wins.
func TestRoundRobin(t *testing.T) {
	ev := newEvent(t, "round-robin", 2, 4, 0)
	steps, err := ev.Start()
	if err != nil {
		t.Fatal(err)
	}
	got := play(ev, steps)
	if len(got) != 6 || ev.Round != 1 || ev.Stage != Running {
		t.Fatalf("start: %v, round %d, stage %d", got, ev.Round, ev.Stage)
	}
	if got := ev.Next(); got != nil {
		t.Fatalf("games in play, yet %v", got)
	}
	end(ev)
	want(t, "the end", play(ev, ev.Next()), "w"+fmt.Sprint(ev.Standings()[0].Player))
	if ev.Format.Where(ev) != "" || !ev.Format.Table().AllPlayAll {
		t.Error("a round robin goes by no rounds, and all play all")
	}
}

// A Swiss of five over two rounds: a bye a round (a point) to the lowest
// ranked who has had none; the next round once the last game of the round
// ends; the end after the last round.
func TestSwiss(t *testing.T) {
	ev := newEvent(t, "swiss", 2, 5, 2)
	steps, err := ev.Start()
	if err != nil {
		t.Fatal(err)
	}
	got := play(ev, steps)
	want(t, "round 1", got, "r1", "g1:1-3", "g1:4-2", "b1:5")
	if l := steps[0].(BeginRound).Label(); l != "round 1 of 2" || ev.Format.Where(ev) != "round 1 of 2" {
		t.Errorf("round 1 is %q, where %q", l, ev.Format.Where(ev))
	}
	ev.Games[0].Over, ev.Games[0].Score = true, "0-1"
	if got := ev.Next(); got != nil {
		t.Fatalf("a game of the round in play, yet %v", got)
	}
	end(ev)
	got = play(ev, ev.Next())
	if len(got) != 4 || got[0] != "r2" || slices.Contains(got, "b2:5") {
		t.Errorf("round 2: %v (5 had the bye of round 1)", got)
	}
	end(ev)
	if got := play(ev, ev.Next()); len(got) != 1 || !strings.HasPrefix(got[0], "w") {
		t.Errorf("after the last round: %v", got)
	}
	if _, err := newEvent(t, "swiss", 2, 4, 4).Start(); !refused(err, "a Swiss of 4 players has at most 3 rounds, and cup has 4") {
		t.Errorf("four players, four rounds: %v", err)
	}
}

// A knockout of five: the top seeds' byes, a drawn game replayed with the
// seats swapped, a second draw sending the higher seed through, a winner
// who left letting the opponent through.
func TestKnockout(t *testing.T) {
	ev := newEvent(t, "knockout", 2, 5, 0)
	steps, err := ev.Start()
	if err != nil {
		t.Fatal(err)
	}
	want(t, "round 1", play(ev, steps), "r1", "b1:1", "g1:4-5", "b1:2", "b1:3")
	if w := ev.Format.Started(ev, []string{"#100"}); len(w) != 1 || w[0] != "Round 1 has started: 1 match (#100)." {
		t.Errorf("the start says %q", w)
	}
	end(ev, 100)
	want(t, "a draw", play(ev, ev.Next()), "g1:5-4")
	end(ev, 101)
	want(t, "two draws", play(ev, ev.Next()), "r2", "g2:1-4", "g2:2-3")
	if m := ev.Matches(1)[1]; m.Winner != 4 || m.How != "two draws: the higher seed goes through" {
		t.Errorf("match 2 of round 1: %+v", m)
	}
	end(ev)
	ev.Entrant(2).Out = "left"
	// 1 and 2 won round 2 (the first seats), and 2 left: 1 goes through,
	// a round of a bye alone, decided at once.
	want(t, "the final, 2 gone", play(ev, ev.Next()), "r3", "b3:1", "w1")
}

// Tables of three among four: every set of three plays one game, all at
// once; places count between every two players of a table.
func TestTables(t *testing.T) {
	ev := newEvent(t, "round-robin", 3, 4, 0)
	if _, ok := FormatOf("swiss", 3, nil); ok {
		t.Error("a Swiss of tables")
	}
	steps, err := ev.Start()
	if err != nil {
		t.Fatal(err)
	}
	// Seats rotate (issue 35): each player sits first, second and third once.
	want(t, "tables", play(ev, steps), "g1:3-2-1", "g1:1-4-2", "g1:4-1-3", "g1:2-3-4")
	for i := range ev.Games {
		ev.Games[i].Over, ev.Games[i].Score = true, "1-2-3"
	}
	// The first seat first at every table, a point a pair beaten: with
	// the seats balanced, each player was first, second and third once,
	// 2+1+0 points.
	for _, st := range ev.Standings() {
		if st.Score != 3 || st.Played != 6 {
			t.Errorf("standings: %+v, want 3 points from 6 pairs", st)
		}
	}
	if _, err := newEvent(t, "round-robin", 3, 2, 0).Start(); !refused(err, "cup needs at least 3 entrants to start; it has 2") {
		t.Errorf("two for tables of three: %v", err)
	}
}

// An entrant who leaves a round robin having played under half of their
// games has every result annulled and forfeits the games in play; one who
// played half keeps their results.
func TestWithdraw(t *testing.T) {
	ev := newEvent(t, "round-robin", 2, 4, 0)
	steps, _ := ev.Start()
	play(ev, steps)
	var mine []int64
	for _, g := range ev.Games {
		if slices.Contains(g.Players, 4) {
			mine = append(mine, g.ID)
		}
	}
	ev.Games[slices.IndexFunc(ev.Games, func(g Game) bool { return g.ID == mine[0] })].Over = true
	got := play(ev, ev.Withdraw(4, "left"))
	want(t, "4 leaves", got, "a4", fmt.Sprintf("f%d:4", mine[1]), fmt.Sprintf("f%d:4", mine[2]))
	if e := ev.Entrant(4); e.Out != "left" || !e.Annulled {
		t.Errorf("4 after leaving: %+v", e)
	}
	if got := ev.Withdraw(4, "removed"); got != nil {
		t.Errorf("4 withdrawn twice: %v", got)
	}
	sw := newEvent(t, "swiss", 2, 4, 3)
	steps, _ = sw.Start()
	play(sw, steps)
	for _, st := range sw.Withdraw(1, "removed") {
		if _, ok := st.(Annul); ok {
			t.Error("a Swiss annulled the results of one who left")
		}
	}
}

func refused(err error, msg string) bool {
	var r *Refusal
	return errors.As(err, &r) && r.Msg == msg
}
