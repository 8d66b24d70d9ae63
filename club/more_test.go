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
	"postal/engine"
	"postal/engine/search"
	"postal/mailer"
	"postal/notation"
)

// seatNames are the names of the players of game id, by seat.
func seatNames(c *club, id int64) []string {
	c.t.Helper()
	return read(c, func(tx *archive.Tx) ([]string, error) {
		g, err := tx.GameByID(id)
		if err != nil {
			return nil, err
		}
		var names []string
		for _, pid := range g.Players {
			p, err := tx.PlayerByID(pid)
			if err != nil {
				return nil, err
			}
			names = append(names, p.Name)
		}
		return names, nil
	})
}

// says checks that the text part of m says each of want, whatever the
// line breaks of its paragraphs.
func says(t testing.TB, m mailer.Outbound, want ...string) {
	t.Helper()
	flat := strings.Join(strings.Fields(m.Text), " ")
	for _, w := range want {
		if !strings.Contains(flat, w) {
			t.Errorf("mail to %s (%s) lacks %q:\n%s", m.To, m.Subject, w, m.Text)
		}
	}
}

// lacks checks that the text part of m says none of unwanted, whatever the
// line breaks of its paragraphs: the other half of says.
func lacks(t testing.TB, m mailer.Outbound, unwanted ...string) {
	t.Helper()
	flat := strings.Join(strings.Fields(m.Text), " ")
	for _, w := range unwanted {
		if strings.Contains(flat, w) {
			t.Errorf("mail to %s (%s) says %q:\n%s", m.To, m.Subject, w, m.Text)
		}
	}
}

// startEvery registers a player for every seat of game's ruleset (two, or
// three or four in Superial Chess's multiplayer ruleset): alice challenges
// the others, alice moving first, and each accepts by replying to the
// challenge. It returns the names by seat and every mail sent.
func startEvery(c *club, game, ruleset string) ([]string, []mailer.Outbound) {
	c.t.Helper()
	g, err := engine.Lookup(game)
	if err != nil {
		c.t.Fatal(err)
	}
	players := []string{"alice", "bob", "carol", "dave"}[:len(g.Info().Seats(engine.Config{Ruleset: ruleset}))]
	for _, p := range players {
		c.register(p)
	}
	all := c.mail("alice@example.org", "x", "key "+c.keys["alice"]+"\nchallenge "+strings.Join(players[1:], " ")+" "+game+" "+ruleset+" as first")
	invitations := slices.Clone(all)
	var out []mailer.Outbound
	for _, p := range players[1:] {
		out = c.replyTo(to(c.t, invitations, p+"@example.org"), "accept")
		all = append(all, out...)
	}
	contains(c.t, to(c.t, out, players[len(players)-1]+"@example.org"), "game #1 has started")
	return seatNames(c, 1), all
}

// startFour registers alice, bob, carol and dave, and starts game 1 of
// Superial Chess for four (R13), alice asking for North; it returns the
// names by seat.
func startFour(c *club, clock string) []string {
	c.t.Helper()
	for _, p := range []string{"alice", "bob", "carol", "dave"} {
		c.register(p)
	}
	out := c.mail("alice@example.org", "x", "key "+c.keys["alice"]+"\nchallenge bob carol dave superial-chess multiplayer as north "+clock)
	says(c.t, to(c.t, out, "alice@example.org"), "challenge #1: Superial Chess for 4 (multiplayer players=4)", "alice plays North", "Asked: bob, carol, dave.")
	for _, p := range []string{"bob", "carol", "dave"} {
		says(c.t, to(c.t, out, p+"@example.org"), "alice challenges you to a game of Superial Chess, with", "The game: Superial Chess for 4 (multiplayer players=4)", "anyone who declines cancels it", "accept 1")
	}
	out = c.mail("bob@example.org", "x", "key "+c.keys["bob"]+"\naccept 1")
	says(c.t, to(c.t, out, "bob@example.org"), "you accepted challenge #1", "still waiting for carol and dave")
	says(c.t, to(c.t, out, "alice@example.org"), "bob accepted challenge #1; still waiting for carol and dave.")
	out = c.mail("carol@example.org", "x", "key "+c.keys["carol"]+"\naccept 1")
	says(c.t, to(c.t, out, "dave@example.org"), "carol accepted challenge #1; still waiting for dave.")
	out = c.mail("dave@example.org", "x", "key "+c.keys["dave"]+"\naccept 1")
	names := seatNames(c, 1)
	if names[2] != "alice" {
		c.t.Fatalf("seats %v: alice asked for North", names)
	}
	says(c.t, to(c.t, out, "dave@example.org"), "game #1 has started")
	lineup := fmt.Sprintf("%s South, %s West, %s North, %s East", names[0], names[1], names[2], names[3])
	for i, p := range names {
		if p == "dave" {
			continue
		}
		m := to(c.t, out, p+"@example.org")
		says(c.t, m, "Game #1 has started: "+lineup+". You play "+[]string{"South", "West", "North", "East"}[i]+".")
		if yours := strings.Contains(m.Text, "Your move (move 1)."); yours != (i == 0) {
			c.t.Errorf("%s (seat %d) told it is their move: %v", p, i, yours)
		}
	}
	return names
}

// TestFourPlayers plays a game of four by mail (R13-R13f): turn notices to
// the player to move and news to the others, a resignation out of turn that
// takes a player out while the clock of the player to move runs on, a
// timeout that takes the next out, a draw that needs every player still
// in and that a move declines, the last resignation ending the game with
// places; an observer hears of every player out and of the end; the record
// replays.
func TestFourPlayers(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	names := startFour(c, "days 2")
	south, west, north, east := names[0], names[1], names[2], names[3]
	key := func(p string) string { return "key " + c.keys[p] + "\n" }
	c.register("erin")
	says(t, c.mail("erin@example.org", "x", key("erin")+"observe 1")[0], "you observe game #1")

	// South moves: West's turn, news to North and East.
	c.now = c.now.Add(time.Hour)
	out := c.mail(south+"@example.org", "x", key(south)+"move 1 d1-d2")
	says(t, to(t, out, south+"@example.org"), "d1-d2 played in game #1")
	says(t, to(t, out, west+"@example.org"), south+" played d1-d2 in game #1. Your move (move 2).")
	for _, p := range []string{north, east} {
		says(t, to(t, out, p+"@example.org"), south+" (South) played d1-d2 in game #1; "+west+" (West) to move.")
	}
	if len(out) != 4 {
		t.Errorf("%d mails after a move, want the reply, a turn and two news", len(out))
	}
	deadline := c.game(1).Deadline

	// East resigns out of turn: out, 4th; West's clock runs on.
	c.now = c.now.Add(time.Hour)
	out = c.mail(east+"@example.org", "x", key(east)+"resign 1")
	says(t, to(t, out, east+"@example.org"), "you resigned game #1", "You are out, 4th of 4; the others play on.")
	for _, p := range []string{south, west, north, "erin"} {
		says(t, to(t, out, p+"@example.org"), east+" (East) resigned in game #1 and is out, 4th of 4.")
	}
	if g := c.game(1); g.Status != archive.GameActive || !g.Deadline.Equal(deadline) {
		t.Fatalf("after East resigned: %s, deadline %v (was %v)", g.Status, g.Deadline, deadline)
	}
	says(t, to(t, c.mail(east+"@example.org", "x", key(east)+"resign 1"), east+"@example.org"), "you are out of game #1 already")
	says(t, to(t, c.mail(east+"@example.org", "x", key(east)+"draw 1"), east+"@example.org"), "you are out of game #1")

	// West runs out of time: out, 3rd; North's turn. A leaving is no move:
	// North is at move 2, as West was.
	c.now = deadline
	out, _ = c.tick()
	says(t, to(t, out, west+"@example.org"), "You ran out of time in game #1 and are out, 3rd of 4.")
	says(t, to(t, out, north+"@example.org"), west+" (West) ran out of time in game #1 and is out, 3rd of 4.", "Your move in game #1 (move 2).")
	for _, p := range []string{south, east, "erin"} {
		says(t, to(t, out, p+"@example.org"), west+" (West) ran out of time in game #1 and is out, 3rd of 4.")
	}
	g := c.game(1)
	if g.Status != archive.GameActive || !g.Deadline.Equal(c.now.Add(2*clock.Day)) {
		t.Fatalf("after West's timeout: %s, deadline %v", g.Status, g.Deadline)
	}

	// South offers a draw: it needs North too, whose move declines it.
	out = c.mail(south+"@example.org", "x", key(south)+"draw 1")
	says(t, to(t, out, south+"@example.org"), "draw offered in game #1", "It needs every player still in: "+north+".")
	says(t, to(t, out, north+"@example.org"), south+" agrees to a draw in game #1; it needs every player still in: "+north+".")
	if g := c.game(1); !slices.Equal(g.DrawAgreed, []int{0}) {
		t.Fatalf("draw agreed by %v", g.DrawAgreed)
	}
	out = c.mail(north+"@example.org", "x", key(north)+"move 1 c9-c8")
	says(t, to(t, out, south+"@example.org"), north+" played c9-c8 in game #1. Your move (move 3).", north+" declined the draw by moving.")
	if g := c.game(1); g.DrawAgreed != nil {
		t.Fatalf("a move left the draw agreed by %v", g.DrawAgreed)
	}

	// South resigns: North wins; places by seat 2-3-1-4.
	out = c.mail(south+"@example.org", "x", key(south)+"resign 1")
	says(t, to(t, out, south+"@example.org"), "you resigned game #1", "Result: "+north+" (North) wins: South resigned (2-3-1-4)")
	g = c.game(1)
	if g.Status != archive.GameOver || g.Result != "2-3-1-4" || g.Termination != "South resigned" {
		t.Fatalf("at the end: %s %s %q", g.Status, g.Result, g.Termination)
	}
	places := "places: 1st " + north + " (North), 2nd " + south + " (South), 3rd " + west + " (West), 4th " + east + " (East)"
	for _, p := range []string{west, north, east, "erin"} {
		says(t, to(t, out, p+"@example.org"), "Game #1 is over: "+north+" (North) wins: South resigned (2-3-1-4); "+places+".")
	}

	out = c.mail("erin@example.org", "x", c.withKey("erin@example.org", "record 1"))
	att := out[0].Attachments[len(out[0].Attachments)-1]
	rec, err := notation.ReadRecord(string(att.Data))
	if err != nil {
		t.Fatalf("record: %v\n%s", err, att.Data)
	}
	for i, side := range []string{"South", "West", "North", "East"} {
		if rec.Tag(side) != names[i] && rec.Players[i] != names[i] {
			t.Errorf("record's %s is %q, want %s", side, rec.Players[i], names[i])
		}
	}
	text := strings.Join(strings.Fields(string(att.Data)), " ")
	for _, want := range []string{"1. South: d1-d2 2. East: resign 3. West: timeout 4. North: c9-c8 5. South: resign 2-3-1-4", `[Termination "South resigned"]`} {
		if !strings.Contains(text, want) {
			t.Errorf("record lacks %q:\n%s", want, text)
		}
	}
	positions, err := rec.Replay()
	if err != nil {
		t.Fatalf("replay: %v", err)
	}
	if last := positions[len(positions)-1]; last.String() != g.Position {
		t.Fatalf("replayed %s, stored %s", last, g.Position)
	}
}

// TestChallengeOfMore checks challenges of more than two (R13): seats left
// open fill as anyone accepts, an invited address joins by registering, a
// decline cancels the challenge for all, and what a challenge may not ask.
func TestChallengeOfMore(t *testing.T) {
	c := newClub(t, Options{})
	for _, p := range []string{"alice", "bob", "carol", "dave", "erin"} {
		c.register(p)
	}
	key := func(p string) string { return "key " + c.keys[p] + "\n" }
	out := c.mail("alice@example.org", "x", key("alice")+strings.Join([]string{
		"challenge bob carol dave erin superial-chess multiplayer",
		"challenge bob bob superial-chess multiplayer",
		"challenge bob carol superial-chess multiplayer players=3 as east",
		"challenge bob carol conflagration",
		"challenge alice bob superial-chess multiplayer",
	}, "\n"))
	says(t, to(t, out, "alice@example.org"), "5 players named for 4 seats", "Superial Chess (multiplayer players=4) seats South, West, North and East: name at most 3 players besides yourself",
		"bob is named twice", `"east" is not first, second, south, west, north or random`, "Superial Chess (multiplayer players=3) seats South, West and North, in turn order", "is a game of two: name one opponent", "you cannot challenge yourself")
	if len(out) != 1 {
		t.Fatalf("%d mails for refused challenges", len(out))
	}

	// Three players: bob named, new@example.org invited, an open seat... of
	// four: one more open seat.
	out = c.mail("alice@example.org", "x", key("alice")+"challenge bob new@example.org superial-chess multiplayer as west untimed")
	says(t, to(t, out, "alice@example.org"), "challenge #1: Superial Chess for 4", "Asked: bob, new@example.org.", "1 seat is open to anyone")
	says(t, to(t, out, "bob@example.org"), "alice challenges you", "with new@example.org and an open seat")
	says(t, to(t, out, "new@example.org"), "alice invites you to play Superial Chess by email", "with bob and an open seat", "The game: Superial Chess for 4", `"register NAME"`)
	says(t, to(t, c.mail("carol@example.org", "x", c.withKey("carol@example.org", "status")), "carol@example.org"),
		"open challenge #1: alice proposes superial-chess multiplayer players=4; waiting for bob, new@example.org and an open seat (accept 1 takes a seat)")
	out = c.mail("carol@example.org", "x", key("carol")+"accept 1")
	says(t, to(t, out, "carol@example.org"), "you accepted challenge #1", "still waiting for bob and new@example.org")
	says(t, to(t, out, "alice@example.org"), "carol accepted challenge #1; still waiting for bob and new@example.org.")
	says(t, to(t, out, "bob@example.org"), "carol accepted challenge #1")
	says(t, to(t, c.mail("dave@example.org", "x", key("dave")+"accept 1"), "dave@example.org"), "challenge #1 has no seat for you")
	says(t, to(t, c.mail("carol@example.org", "x", key("carol")+"accept 1"), "carol@example.org"), "you have accepted challenge #1 already")
	says(t, to(t, c.mail("bob@example.org", "x", c.withKey("bob@example.org", "status")), "bob@example.org"), "challenge #1: alice challenges you to superial-chess multiplayer players=4 (accept 1 / decline 1); waiting for bob and new@example.org")
	says(t, c.registerAs("newton", "new@example.org"), "alice has challenged you to superial-chess (challenge #1)")
	out = c.mail("new@example.org", "x", "key "+c.keys["newton"]+"\naccept 1")
	says(t, to(t, out, "new@example.org"), "you accepted challenge #1", "still waiting for bob")
	out = c.mail("bob@example.org", "x", key("bob")+"accept 1")
	says(t, to(t, out, "bob@example.org"), "game #1 has started")
	names := seatNames(c, 1)
	if names[1] != "alice" || !slices.Contains(names, "newton") || !slices.Contains(names, "carol") || !slices.Contains(names, "bob") {
		t.Fatalf("seats %v", names)
	}
	if g := c.game(1); !g.Deadline.IsZero() {
		t.Errorf("an untimed game has a deadline %v", g.Deadline)
	}

	// A decline cancels the challenge for every player.
	out = c.mail("alice@example.org", "x", key("alice")+"challenge bob carol superial-chess multiplayer players=3")
	says(t, to(t, out, "alice@example.org"), "challenge #2: Superial Chess for 3")
	says(t, to(t, c.mail("bob@example.org", "x", key("bob")+"accept 2"), "bob@example.org"), "you accepted challenge #2", "still waiting for carol")
	out = c.mail("carol@example.org", "x", key("carol")+"decline 2")
	says(t, to(t, out, "carol@example.org"), "challenge #2 declined")
	for _, p := range []string{"alice", "bob"} {
		says(t, to(t, out, p+"@example.org"), "carol declined challenge #2 (superial-chess): it will not be played.")
	}
	says(t, to(t, c.mail("bob@example.org", "x", key("bob")+"accept 2"), "bob@example.org"), "challenge #2 is declined")
	says(t, to(t, c.mail("dave@example.org", "x", key("dave")+"decline 2"), "dave@example.org"), "challenge #2 is declined")
	// The challenger cancels: the others hear.
	c.mail("alice@example.org", "x", key("alice")+"open superial-chess multiplayer")
	c.mail("erin@example.org", "x", key("erin")+"accept 3")
	says(t, to(t, c.mail("erin@example.org", "x", key("erin")+"cancel 3"), "erin@example.org"), "challenge #3 is not yours to cancel")
	out = c.mail("alice@example.org", "x", key("alice")+"cancel 3")
	says(t, to(t, out, "erin@example.org"), "alice cancelled challenge #3")
}

// TestThreePlayersDrawAndBanks checks a game of three under time banks
// (R13, R13e): a bank per player, charged for their own moves only; a
// draw agreed by every player still in ends the game drawn among them, the
// player out keeping their place.
func TestThreePlayersDrawAndBanks(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	for _, p := range []string{"alice", "bob", "carol"} {
		c.register(p)
	}
	key := func(p string) string { return "key " + c.keys[p] + "\n" }
	c.mail("alice@example.org", "x", key("alice")+"challenge bob carol superial-chess multiplayer players=3 as south bank 2+1/4")
	c.mail("bob@example.org", "x", key("bob")+"accept 1")
	c.mail("carol@example.org", "x", key("carol")+"accept 1")
	names := seatNames(c, 1)
	if names[0] != "alice" || len(names) != 3 {
		t.Fatalf("seats %v", names)
	}
	west, north := names[1], names[2]
	if g := c.game(1); !slices.Equal(g.Banks, []time.Duration{2 * clock.Day, 2 * clock.Day, 2 * clock.Day}) {
		t.Fatalf("banks %v", g.Banks)
	}
	c.now = c.now.Add(12 * time.Hour)
	c.mail("alice@example.org", "x", key("alice")+"move 1 d1-d2")
	c.now = c.now.Add(6 * time.Hour)
	c.mail(west+"@example.org", "x", key(west)+"move 1 a3-a4")
	g := c.game(1)
	// (Each mail comes a minute after the last.)
	if want := []time.Duration{3*clock.Day - 12*time.Hour - time.Minute, 3*clock.Day - 6*time.Hour - time.Minute, 2 * clock.Day}; !slices.Equal(g.Banks, want) {
		t.Fatalf("banks %v, want %v", g.Banks, want)
	}
	if !g.Deadline.Equal(c.now.Add(2 * clock.Day)) {
		t.Fatalf("North's deadline %v", g.Deadline)
	}
	out := c.mail(north+"@example.org", "x", c.withKey(north+"@example.org", "board 1"))
	says(t, to(t, out, north+"@example.org"), "banks: alice 2 days 12 hours, "+west+" 2 days 18 hours, "+north+" 2 days")

	// West resigns; then alice and North agree a draw.
	c.mail(west+"@example.org", "x", key(west)+"resign 1")
	out = c.mail(north+"@example.org", "x", key(north)+"draw 1")
	says(t, to(t, out, "alice@example.org"), north+" agrees to a draw in game #1; it needs every player still in: alice.")
	out = c.mail("alice@example.org", "x", key("alice")+"draw 1")
	says(t, to(t, out, "alice@example.org"), "draw agreed in game #1", "Result: Draw: agreed by the players (1-3-1); places: 1st alice (South), 1st "+north+" (North), 3rd "+west+" (West).")
	for _, p := range []string{west, north} {
		says(t, to(t, out, p+"@example.org"), "Game #1 is over: Draw: agreed by the players (1-3-1)")
	}
	if g := c.game(1); g.Status != archive.GameOver || g.Result != "1-3-1" {
		t.Fatalf("at the end: %s %s", g.Status, g.Result)
	}
}

// TestBotPlaysASeat checks the club's bot in games of more than two
// (R13): named in a challenge it takes its seat at once, at its default
// level; an open seat that waited TakeOpen it takes too, its acceptance
// told like anyone's; and it moves for its seat, whichever it is, through
// the path of a move by mail. Nothing is mailed to the bot.
func TestBotPlaysASeat(t *testing.T) {
	c := newClub(t, Options{Bot: &BotOptions{TakeOpen: time.Hour, Level: 1}})
	c.register("alice")
	c.register("bob")
	key := func(p string) string { return "key " + c.keys[p] + "\n" }
	says(t, to(t, c.mail("alice@example.org", "x", key("alice")+"challenge bob bot superial-chess multiplayer players=3 level 2"), "alice@example.org"),
		"bot plays a game of more than two at its default level")
	out := c.mail("alice@example.org", "x", key("alice")+"challenge bob bot superial-chess multiplayer players=3 as south")
	says(t, to(t, out, "alice@example.org"), "challenge #1: Superial Chess for 3", "Asked: bob, bot.", "bot took its seat at once and plays at level 1 of 4")
	says(t, to(t, out, "bob@example.org"), "with bot")
	if len(out) != 2 {
		t.Fatalf("%d mails; want alice's reply and bob's challenge", len(out))
	}
	says(t, to(t, c.mail("bob@example.org", "x", key("bob")+"accept 1"), "bob@example.org"), "game #1 has started")
	names := seatNames(c, 1)
	bot := engine.Player(slices.Index(names, "bot"))
	if names[0] != "alice" || bot < 1 {
		t.Fatalf("seats %v", names)
	}
	for ply := 0; ply < 6; ply++ {
		pos := c.position(t)
		p := pos.ToMove()[0]
		c.now = c.now.Add(time.Minute)
		if p != bot {
			if turns := c.botTurns(); len(turns) != 0 {
				t.Fatalf("ply %d: the bot has turns %+v, %s to move", ply, turns, names[p])
			}
			move := pos.Legal(p)[0].String()
			says(t, to(t, c.mail(names[p]+"@example.org", "x", key(names[p])+"move 1 "+move), names[p]+"@example.org"), move+" played in game #1")
			continue
		}
		turns := c.botTurns()
		if len(turns) != 1 || turns[0].side != bot {
			t.Fatalf("ply %d: the bot's turns %+v, its seat %d", ply, turns, bot)
		}
		m, err := search.Choose(context.Background(), pos, p, search.Options{Iterations: 20, Seed: uint64(ply)})
		if err != nil {
			t.Fatal(err)
		}
		if err := c.s.botMove(context.Background(), turns[0], m.String()); err != nil {
			t.Fatal(err)
		}
		out := c.outbox()
		next := names[c.position(t).ToMove()[0]]
		says(t, to(t, out, next+"@example.org"), "bot played "+m.String()+" in game #1. Your move")
		for _, mail := range out {
			if strings.Contains(mail.To, "bot") {
				t.Errorf("a mail to the bot: %s", mail.To)
			}
		}
	}
	if g := c.game(1); g.Ply != 6 {
		t.Fatalf("game 1 at ply %d after six moves", g.Ply)
	}

	// An open seat that waited an hour.
	c.mail("alice@example.org", "x", key("alice")+"open superial-chess multiplayer players=3")
	c.botTurns()
	if ch := c.challenge(2); ch.Seats[0].PlayerID != 0 {
		t.Fatal("the bot took a seat that waited a minute")
	}
	c.now = c.now.Add(2 * time.Hour)
	c.botTurns()
	says(t, to(t, c.outbox(), "alice@example.org"), "bot accepted challenge #2; still waiting for an open seat.")
	says(t, to(t, c.mail("bob@example.org", "x", key("bob")+"accept 2"), "bob@example.org"), "game #2 has started")
	if names := seatNames(c, 2); !slices.Contains(names, "bot") || !slices.Contains(names, "bob") {
		t.Fatalf("game 2 seats %v", names)
	}
}

// challenge reads challenge id.
func (c *club) challenge(id int64) *archive.Challenge {
	c.t.Helper()
	return read(c, func(tx *archive.Tx) (*archive.Challenge, error) { return tx.Challenge(id) })
}

// R13d: a resignation out of turn in a game of four is no move. The player
// to move keeps the move number they were sent: their answers say it, the
// move guard of that number is taken and an older one refused; the next
// move counts on from it. (A tester's game: the resignation moved the
// number on, and a move written against the board still current was
// refused.)
func TestResignationOutOfTurnKeepsTheMoveGuard_R13d(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	names := startFour(c, "days 2")
	south, west, north, east := names[0], names[1], names[2], names[3]
	key := func(p string) string { return "key " + c.keys[p] + "\n" }

	c.now = c.now.Add(time.Hour)
	out := c.mail(south+"@example.org", "x", key(south)+"move 1 d1-d2")
	says(t, to(t, out, west+"@example.org"), south+" played d1-d2 in game #1. Your move (move 2).")

	// North resigns out of turn: West is still to move, at move 2.
	c.now = c.now.Add(time.Hour)
	out = c.mail(north+"@example.org", "x", key(north)+"resign 1")
	says(t, to(t, out, west+"@example.org"), north+" (North) resigned in game #1 and is out, 4th of 4.")
	lacks(t, to(t, out, west+"@example.org"), "(move 3)")
	says(t, to(t, c.mail(west+"@example.org", "x", key(west)+"board 1"), west+"@example.org"), "Your move in game #1 (move 2).")
	says(t, to(t, c.mail(east+"@example.org", "x", key(east)+"board 1"), east+"@example.org"), "Game #1: "+west+" (West) to move (move 2).")
	// North's move is refused as of a player who is out, not one whose
	// turn has not come.
	out = c.mail(north+"@example.org", "x", key(north)+"move 1 a3-b3")
	says(t, to(t, out, north+"@example.org"), "you are out of game #1", "You left it, 4th of 4; the others play on",
		"You are out of this game; you will hear when it ends.")
	lacks(t, to(t, out, north+"@example.org"), "\"resign\", \"draw\"")
	// North's status says that North is out, and whose move it is.
	says(t, to(t, c.mail(north+"@example.org", "x", key(north)+"status"), north+"@example.org"), "#1 Superial Chess", "move 2: you are out, 4th of 4; "+west+" (West) to move")

	// A guard of an older number is refused; the one West was sent is taken.
	says(t, to(t, c.mail(west+"@example.org", "x", key(west)+"move 1 #1 a3-b3"), west+"@example.org"), "the game is at move 2, not move 1", "written against a board that has changed since")
	out = c.mail(west+"@example.org", "x", key(west)+"move 1 #2 a3-b3")
	says(t, to(t, out, west+"@example.org"), "a3-b3 played in game #1")
	says(t, to(t, out, east+"@example.org"), west+" played a3-b3 in game #1. Your move (move 3).")

	// The next move counts on: East's guard of move 2 is old now.
	says(t, to(t, c.mail(east+"@example.org", "x", key(east)+"move 1 #2 i4-h4"), east+"@example.org"), "the game is at move 3, not move 2")
	out = c.mail(east+"@example.org", "x", key(east)+"move 1 #3 i4-h4")
	says(t, to(t, out, east+"@example.org"), "i4-h4 played in game #1")
	says(t, to(t, out, south+"@example.org"), east+" played i4-h4 in game #1. Your move (move 4).")

	// The record numbers every ply, the resignation too, as it always did.
	att := c.mail("bob@example.org", "x", c.withKey("bob@example.org", "record 1"))[0].Attachments
	text := strings.Join(strings.Fields(string(att[len(att)-1].Data)), " ")
	if want := "1. South: d1-d2 2. North: resign 3. West: a3-b3 4. East: i4-h4 *"; !strings.Contains(text, want) {
		t.Errorf("record lacks %q:\n%s", want, text)
	}
}
