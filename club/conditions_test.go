package club

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"postal/archive"
	"postal/club/clock"
	"postal/club/games"
	"postal/engine"
)

// lines are bob's conditional lines in game 1, as status would write them.
func conditionLines(c *club, name string) []string {
	c.t.Helper()
	return read(c, func(tx *archive.Tx) ([]string, error) {
		p, err := tx.PlayerByName(name)
		if err != nil {
			return nil, err
		}
		conds, err := tx.Conditions(1, p.ID)
		var out []string
		for _, l := range conds {
			out = append(out, games.StepsText(l.Steps))
		}
		return out, err
	})
}

// seatName is how mails name a player of game 1 of four: "alice (North)".
func seatName(c *club, name string) string {
	c.t.Helper()
	i := slices.Index(seatNames(c, 1), name)
	return fmt.Sprintf("%s (%s)", name, []string{"South", "West", "North", "East"}[i])
}

// lastMoves are the texts of the last n plies of game 1.
func lastMoves(c *club, n int) []string {
	c.t.Helper()
	moves := read(c, func(tx *archive.Tx) ([]archive.Move, error) { return tx.Moves(1) })
	var out []string
	for _, m := range moves[max(0, len(moves)-n):] {
		out = append(out, m.Text)
	}
	return out
}

// Issue 26: bob leaves "if t1 t2" and "if t2 t1 t3 t3"; alice plays t2 and
// bob's t1 is played at once, in the same message, with the ordinary
// mails: alice's reply says so, bob is told; the clock charges bob
// nothing. Alice then plays t1, which no line foresaw: bob's remaining
// line is cleared and he is told, with his turn.
func TestConditionalAnswerPlayedAtOnce(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	aliceMail, _ := c.start("pile=20 days 3")
	out := c.replyTo(aliceMail, "t1")
	bobMail := to(t, out, "bob@example.org")

	out = c.replyTo(bobMail, "t1\nif t1 t2\nif t2 t1 t3 t3")
	reply := to(t, out, "bob@example.org")
	contains(t, reply, "t1 played in game #1", "conditional moves kept in game #1", "if t1 t2\nif t2 t1 t3 t3")
	aliceMail = to(t, out, "alice@example.org")
	if strings.Contains(aliceMail.Text, "if t") || strings.Contains(aliceMail.Text, "conditional") {
		t.Errorf("alice's mail tells of bob's conditions:\n%s", aliceMail.Text)
	}
	if got := conditionLines(c, "bob"); len(got) != 2 {
		t.Fatalf("bob's lines %q", got)
	}

	c.now = c.now.Add(5 * time.Hour) // alice thinks; bob's answer costs him nothing
	out = c.replyTo(aliceMail, "t2")
	if len(out) != 2 {
		t.Fatalf("%d mails after alice's t2", len(out))
	}
	reply = to(t, out, "alice@example.org")
	contains(t, reply, "bob had left t1 as a conditional answer: it was played at once.", "Your move in game #1 (move 5).", "t2 played in game #1", "Pile: "+strings.Repeat("o", 15)+" (15 left)", "alice (North) to move (move 5).")
	if strings.Contains(reply.Text, "t3") && strings.Contains(reply.Text, "if ") {
		t.Errorf("alice's reply shows bob's other branches:\n%s", reply.Text)
	}
	bobMail = to(t, out, "bob@example.org")
	contains(t, bobMail, "alice played t2 in game #1; your conditional answer t1 was played at once.")
	if strings.Contains(bobMail.Text, "Your move") {
		t.Errorf("bob is told it is his move:\n%s", bobMail.Text)
	}
	if got := lastMoves(c, 2); fmt.Sprint(got) != "[t2 t1]" {
		t.Fatalf("moves %v", got)
	}
	g := c.game(1)
	if want := c.now.Add(3 * 24 * time.Hour); !g.Deadline.Equal(want) {
		t.Errorf("alice's deadline %v, want %v: the answer is played at the moment of her move", g.Deadline, want)
	}
	if got := conditionLines(c, "bob"); fmt.Sprint(got) != "[t3 t3]" {
		t.Fatalf("bob's lines after the answer: %q", got)
	}

	out = c.replyTo(reply, "t1")
	bobMail = to(t, out, "bob@example.org")
	contains(t, bobMail, "alice played t1 in game #1. Your move (move 6).\nNone of your conditional moves foresaw t1: they are cleared.")
	if got := conditionLines(c, "bob"); len(got) != 0 {
		t.Fatalf("bob's lines not cleared: %q", got)
	}
}

// A line is checked when given: a move that is not legal refuses the whole
// line with the legal moves where it falls; a word that is no move points at
// itself; a line must start with the others' move and end with the
// player's; nothing is kept of a refused line. "if" alone lists the lines,
// status shows them, "if clear" removes them.
func TestConditionsCheckedWhenGiven(t *testing.T) {
	c := newClub(t, Options{})
	aliceMail, _ := c.start("pile=20")
	out := c.replyTo(aliceMail, "t1")
	bobMail := to(t, out, "bob@example.org")
	out = c.replyTo(bobMail, "t3")
	aliceMail = to(t, out, "alice@example.org")
	bobMail = to(t, out, "bob@example.org")

	for _, tc := range []struct{ line, want string }{
		{"if t1 t4", "Error: t4 is not a legal move after t1: take 1 to 3 counters"},
		{"if t1 t4", "Nothing was kept of this line. The legal moves of bob (South) there:\nt1  t2  t3"},
		{"if t1  t2 x7", `Error: "x7" is not a move of Takeaway`},
		{"if t1  t2 x7", "Line 1, column 11, at \"x7\""},
		{"if t1  t2 x7", "if t1  t2 x7\n          ^"},
		{"if t1 t2 t3", "Error: the line ends without your answer"},
	} {
		out := c.replyTo(bobMail, tc.line)
		contains(t, to(t, out, "bob@example.org"), tc.want)
	}
	out = c.replyTo(aliceMail, "if t1 t2")
	contains(t, to(t, out, "alice@example.org"), "Error: it is your move in game #1")
	if got := conditionLines(c, "bob"); len(got) != 0 {
		t.Fatalf("refused lines kept: %q", got)
	}

	// The tree: another branch, a line that goes on from one, and a line
	// that answers the same move otherwise.
	out = c.replyTo(bobMail, "if t1 t1\nif t2 t2\nif t1 t1 t1 t3\nif t2 t3")
	reply := to(t, out, "bob@example.org")
	contains(t, reply, "It replaces 1 line that answered the same moves otherwise.")
	if got := conditionLines(c, "bob"); fmt.Sprint(got) != "[t1 t1 t1 t3 t2 t3]" {
		t.Fatalf("the tree %q", got)
	}
	out = c.replyTo(bobMail, "if")
	contains(t, to(t, out, "bob@example.org"), "your conditional moves in game #1", "if t1 t1 t1 t3\nif t2 t3")
	out = c.mail("bob@example.org", "x", c.withKey("bob@example.org", "status"))
	contains(t, to(t, out, "bob@example.org"), "  if t1 t1 t1 t3\n  if t2 t3")
	out = c.replyTo(bobMail, "conditions 1")
	contains(t, to(t, out, "bob@example.org"), "if t1 t1 t1 t3")
	out = c.replyTo(bobMail, "preview if t1 t1 t1")
	contains(t, to(t, out, "bob@example.org"), "preview of game #1 after t1 t1 t1 (nothing played)", "(13 left)")
	out = c.replyTo(bobMail, "if clear")
	contains(t, to(t, out, "bob@example.org"), "your conditional moves in game #1 are removed", "2 lines removed.")
	if got := conditionLines(c, "bob"); len(got) != 0 {
		t.Fatalf("if clear left %q", got)
	}
}

// A draw offer by the opponent clears nothing, and the answer declines it
// as any move does; a vacation does not stop the answer.
func TestConditionsOfferAndVacation(t *testing.T) {
	c := newClub(t, Options{})
	aliceMail, _ := c.start("pile=20")
	out := c.replyTo(aliceMail, "t1")
	bobMail := to(t, out, "bob@example.org")
	out = c.replyTo(bobMail, "vacation 5\nt1\nif t2 t3")
	contains(t, to(t, out, "bob@example.org"), "conditional moves kept in game #1")
	aliceMail = to(t, out, "alice@example.org")
	c.replyTo(aliceMail, "draw")
	if got := conditionLines(c, "bob"); len(got) != 1 {
		t.Fatalf("after alice's draw offer, bob's lines %q", got)
	}
	out = c.replyTo(aliceMail, "t2")
	contains(t, to(t, out, "alice@example.org"), "bob declined your draw offer by moving.", "bob had left t3 as a conditional answer: it was played at once.")
	contains(t, to(t, out, "bob@example.org"), "your conditional answer t3 was played at once")
	if got := lastMoves(c, 2); fmt.Sprint(got) != "[t2 t3]" {
		t.Fatalf("moves %v", got)
	}
}

// Chance is part of the line where it falls (issue 26): after each move of
// takeaway with dice=on a die is thrown, and bob's lines name it. A line
// that leaves the throw out is refused when given; the line of the throw
// that fell is the one played.
func TestConditionsOverChance(t *testing.T) {
	c := newClub(t, Options{})
	pinRandom(t, 26)
	aliceMail, _ := c.start("pile=20 dice=on")
	out := c.replyTo(aliceMail, "t1")
	bobMail := to(t, out, "bob@example.org")
	out = c.replyTo(bobMail, "t1")
	aliceMail = to(t, out, "alice@example.org")
	bobMail = to(t, out, "bob@example.org")

	out = c.replyTo(bobMail, "if t1 t2")
	contains(t, to(t, out, "bob@example.org"), `Error: "t2" is not a move of Takeaway`, "d1  d2  d3  d4  d5  d6")
	answers := map[string]string{"d1": "t1", "d2": "t2", "d3": "t3", "d4": "t1", "d5": "t2", "d6": "t3"}
	var lines []string
	for d, a := range answers {
		lines = append(lines, "if t2 "+d+" "+a)
	}
	c.replyTo(bobMail, strings.Join(lines, "\n"))
	if got := conditionLines(c, "bob"); len(got) != 6 {
		t.Fatalf("bob's lines %q", got)
	}
	c.replyTo(aliceMail, "t2")
	got := lastMoves(c, 4)
	if got[0] != "t2" || answers[got[1]] != got[2] || !strings.HasPrefix(got[3], "d") {
		t.Fatalf("after alice's t2 and the throw %s, bob answered %v", got[1], got)
	}
}

// In a game of four (Superial Chess, R13) a condition is the moves of the
// others, in order, until the player's turn: North's line over South's and
// West's moves plays when both match; a line whose second move does not
// match is cleared.
func TestConditionsOfFour(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	names := startFour(c, "days 2")
	south, west, north := names[0], names[1], names[2]
	pos := positionOf(c, t, 1)
	pick := func(pos engine.Position, p engine.Player, i int) (string, engine.Position) {
		t.Helper()
		var moves []engine.Move
		for _, m := range pos.Legal(p) {
			if !strings.Contains(m.String(), "random") {
				moves = append(moves, m)
			}
		}
		m := moves[i%len(moves)]
		next, err := pos.Apply(p, m)
		if err != nil {
			t.Fatal(err)
		}
		return m.String(), next
	}
	s1, p1 := pick(pos, 0, 0)
	w1, p2 := pick(p1, 1, 0)
	w2, _ := pick(p1, 1, 1)
	n1, p3 := pick(p2, 2, 0)
	e1, _ := pick(p3, 3, 0)
	east := names[3]
	mailOf := func(name string) string { return name + "@example.org" }
	key := func(name string) string { return "key " + c.keys[name] + "\n" }

	out := c.mail(mailOf(north), "x", key(north)+fmt.Sprintf("if 1 %s, %s, %s", s1, w1, n1))
	contains(t, to(t, out, mailOf(north)), "conditional moves kept in game #1")
	// East's line goes on from North's answer: answers answer in turn.
	out = c.mail(mailOf(east), "x", key(east)+fmt.Sprintf("if 1 %s, %s, %s, %s", s1, w1, n1, e1))
	contains(t, to(t, out, mailOf(east)), "conditional moves kept in game #1")
	c.mail(mailOf(south), "x", key(south)+"move 1 "+s1)
	if got := conditionLines(c, north); len(got) != 1 {
		t.Fatalf("after South's move, North's lines %q", got)
	}
	out = c.mail(mailOf(west), "x", key(west)+"move 1 "+w1)
	contains(t, to(t, out, mailOf(north)), fmt.Sprintf("%s played %s in game #1; your conditional answer %s was played at once.", west, w1, n1))
	says(t, to(t, out, mailOf(west)), fmt.Sprintf("%s played %s in game #1;", seatName(c, north), n1), fmt.Sprintf("%s played %s in game #1;", seatName(c, east), e1))
	contains(t, to(t, out, mailOf(east)), fmt.Sprintf("%s played %s in game #1; your conditional answer %s was played at once.", north, n1, e1))
	if got := lastMoves(c, 4); fmt.Sprint(got) != fmt.Sprint([]string{s1, w1, n1, e1}) {
		t.Fatalf("moves %v, want %s %s %s %s", got, s1, w1, n1, e1)
	}
	says(t, to(t, out, mailOf(south)), "Your move (move 5).")

	// South's next move is one North's new line does not foresee: cleared.
	p4 := positionOf(c, t, 1)
	s2, p5 := pick(p4, 0, 0)
	s3, _ := pick(p4, 0, 1)
	w3, _ := pick(p5, 1, 0)
	out = c.mail(mailOf(north), "x", key(north)+fmt.Sprintf("if 1 %s, %s, %s", s3, w3, "x"))
	contains(t, to(t, out, mailOf(north)), "Error:")
	_, p6 := pick(p5, 1, 0)
	n2, _ := pick(p6, 2, 0)
	out = c.mail(mailOf(north), "x", key(north)+fmt.Sprintf("if 1 %s, %s, %s", s2, w3, n2))
	contains(t, to(t, out, mailOf(north)), "conditional moves kept in game #1")
	out = c.mail(mailOf(south), "x", key(south)+"move 1 "+s3)
	says(t, to(t, out, mailOf(north)), fmt.Sprintf("%s played %s in game #1, which none of your conditional moves foresaw: they are cleared.", south, s3))
	if got := conditionLines(c, north); len(got) != 0 {
		t.Errorf("North's lines %q", got)
	}

	// A line given before a player leaves (R13d) no longer follows: the
	// next move clears it, and North is told why.
	p7 := positionOf(c, t, 1)
	w4, p8 := pick(p7, 1, 0)
	n4, _ := pick(p8, 2, 0)
	out = c.mail(mailOf(north), "x", key(north)+fmt.Sprintf("if 1 %s, %s", w4, n4))
	contains(t, to(t, out, mailOf(north)), "conditional moves kept in game #1")
	c.mail(mailOf(east), "x", key(east)+"resign 1")
	out = c.mail(mailOf(west), "x", key(west)+"move 1 "+w4)
	says(t, mailWith(t, out, mailOf(north), "cleared"), "Your conditional moves in game #1 are cleared: a player left the game since you gave them.")
	if got := lastMoves(c, 2); got[0] != "resign" || got[1] != w4 {
		t.Errorf("moves %v", got)
	}
	_ = w2
}

// An answer that ends the game ends it, in the same message.
func TestConditionalAnswerEndsTheGame(t *testing.T) {
	c := newClub(t, Options{})
	aliceMail, _ := c.start("pile=6")
	out := c.replyTo(aliceMail, "t1")
	bobMail := to(t, out, "bob@example.org")
	out = c.replyTo(bobMail, "t1\nif t3 t1")
	aliceMail = to(t, out, "alice@example.org")
	// t3 leaves one counter: bob's t1 takes it and wins.
	out = c.replyTo(aliceMail, "t3")
	if g := c.game(1); g.Status != archive.GameOver || g.Result != "0-1" {
		t.Fatalf("game %+v", g)
	}
	contains(t, to(t, out, "alice@example.org"), "Game #1 is over: bob (South) wins")
	contains(t, to(t, out, "bob@example.org"), "Game #1 is over: bob (South) wins")
}

// The bot's move goes the one path too: it is answered at once by the
// person's line, and the bot has its turn again.
func TestConditionalAnswerToTheBot(t *testing.T) {
	c := newClub(t, Options{Bot: &BotOptions{}})
	c.register("alice")
	out := c.mail("alice@example.org", "bot", "key "+c.keys["alice"]+"\nchallenge bot takeaway pile=20 as second")
	aliceMail := to(t, out, "alice@example.org")
	out = c.replyTo(aliceMail, "if t2 t3")
	contains(t, to(t, out, "alice@example.org"), "conditional moves kept in game #1")
	turns := c.botTurns()
	if err := c.s.botMove(context.Background(), turns[0], "t2"); err != nil {
		t.Fatal(err)
	}
	out = c.outbox()
	contains(t, to(t, out, "alice@example.org"), "bot played t2 in game #1; your conditional answer t3 was played at once.")
	if got := lastMoves(c, 2); fmt.Sprint(got) != "[t2 t3]" {
		t.Fatalf("moves %v", got)
	}
	if turns := c.botTurns(); len(turns) != 1 || turns[0].ply != 2 {
		t.Errorf("the bot's turns after the answer: %+v", turns)
	}
}
