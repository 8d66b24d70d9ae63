package club

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"postal/archive"
	"postal/club/clock"
	"postal/club/published"
	"postal/mailer"
)

// as sends text from name, proved by their key.
func (c *club) as(name, text string) []mailer.Outbound {
	c.t.Helper()
	return c.mail(name+"@example.org", "x", "key "+c.keys[name]+"\n"+text)
}

// reply is the reply to the last mail c handled, among out.
func (c *club) reply(out []mailer.Outbound) mailer.Outbound {
	c.t.Helper()
	id := fmt.Sprintf("m%d@client.test", c.n)
	for _, m := range out {
		if m.InReplyTo == id {
			return m
		}
	}
	c.t.Fatalf("no reply to %s among %d mails", id, len(out))
	return mailer.Outbound{}
}

// eventGames reads the games of tournament id by round and board.
func eventGames(c *club, id int64) []*archive.Game {
	c.t.Helper()
	return read(c, func(tx *archive.Tx) ([]*archive.Game, error) {
		places, err := tx.TournamentGames(id)
		if err != nil {
			return nil, err
		}
		var out []*archive.Game
		for _, p := range places {
			g, err := tx.GameByID(p.GameID)
			if err != nil {
				return nil, err
			}
			out = append(out, g)
		}
		return out, nil
	})
}

// names are the players of g by seat.
func (c *club) names(g *archive.Game) []string {
	c.t.Helper()
	return read(c, func(tx *archive.Tx) ([]string, error) {
		var out []string
		for _, id := range g.Players {
			p, err := tx.PlayerByID(id)
			if err != nil {
				return nil, err
			}
			out = append(out, p.Name)
		}
		return out, nil
	})
}

// fourEnter registers alice, bob, carol and dave; alice organises
// tournament name as proposal says, and the others join it.
func fourEnter(c *club, name, proposal string) {
	c.t.Helper()
	for _, p := range []string{"alice", "bob", "carol", "dave"} {
		c.register(p)
	}
	c.as("alice", "tournament "+name+" "+proposal)
	for _, p := range []string{"bob", "carol", "dave"} {
		c.as(p, "join "+name)
	}
}

// mailsTo are the mails of out to name.
func mailsTo(out []mailer.Outbound, name string) []mailer.Outbound {
	var found []mailer.Outbound
	for _, m := range out {
		if m.To == name+"@example.org" {
			found = append(found, m)
		}
	}
	return found
}

// TestRoundRobinByMail: three players and the bot enter a round robin;
// the six games start at once, seats by FIDE's Berger table for four;
// results come by resignation and by the director's adjudication; the
// standings by mail match a computation by hand; the winner, level on
// points with the bot, wins on Sonneborn-Berger and is mailed to everyone.
func TestRoundRobinByMail(t *testing.T) {
	c := newClub(t, Options{Bot: &BotOptions{Level: 1}, ReminderPoints: []clock.Point{}})
	for _, p := range []string{"alice", "bob", "carol"} {
		c.register(p)
	}
	out := c.as("alice", "tournament cup imperial-chess round-robin days 5")
	says(t, to(t, out, "alice@example.org"), "tournament cup: Imperial Chess (standard), round robin, 5 days per move", "You direct it and are its first entrant")
	says(t, to(t, c.as("bob", "join cup"), "bob@example.org"), "bob has entered cup", "cup now has 2 entrants")
	says(t, to(t, c.as("bob", "start cup"), "bob@example.org"), "only the director starts cup")
	says(t, to(t, c.as("carol", "join cup bot"), "carol@example.org"), "only the director enters the bot")
	c.as("carol", "join cup")
	says(t, to(t, c.as("carol", "join cup"), "carol@example.org"), "carol is already in cup")
	c.as("alice", "join cup bot")
	c.register("dave")
	says(t, to(t, c.mail("dave@example.org", "x", c.withKey("dave@example.org", "tournaments")), "dave@example.org"), "cup: Imperial Chess (standard), round robin", "4 entrants", "open: \"join cup\"")
	says(t, to(t, c.as("bob", "set tournament-news on"), "bob@example.org"), "tournament news: on")

	out = c.as("alice", "start cup")
	says(t, c.reply(out), "cup has started", "Every game starts at once: 6 games")
	for _, p := range []string{"alice", "bob", "carol"} {
		// Three mails about their games; alice's reply besides.
		var games []mailer.Outbound
		for _, m := range mailsTo(out, p) {
			if strings.Contains(m.Subject, "(cup, round") {
				games = append(games, m)
			}
		}
		if len(games) != 3 {
			t.Errorf("%s has %d game mails, want 3", p, len(games))
		}
	}
	for _, m := range out {
		if strings.Contains(m.To, "bot") {
			t.Errorf("a mail to the bot: %s", m.Subject)
		}
	}
	// Seeds are alike (1500 each), so by entry: alice 1, bob 2, carol 3,
	// bot 4. The Berger table for four: 1-4 2-3, 4-3 1-2, 2-4 3-1.
	games := eventGames(c, 1)
	var pairs []string
	for _, g := range games {
		pairs = append(pairs, strings.Join(c.names(g), "-"))
	}
	if want := []string{"alice-bot", "bob-carol", "bot-carol", "alice-bob", "bob-bot", "carol-alice"}; !slices.Equal(pairs, want) {
		t.Fatalf("games %v, want %v", pairs, want)
	}
	says(t, mailsTo(out, "bob")[0], "cup is a round robin of 4 players", "Your 3 games: ")
	says(t, mailsTo(out, "bob")[1], "of cup, round")

	// The results: alice beats the bot (adjudicated), bob beats carol,
	// the bot beats carol, alice beats bob, the bot beats bob, carol
	// beats alice.
	id := func(i int) int64 { return games[i].ID }
	// alice plays in the game: she does not judge it (issue 32); dave,
	// whom she names co-director, does.
	says(t, to(t, c.as("alice", fmt.Sprintf("adjudicate %d 1-0", id(0))), "alice@example.org"), fmt.Sprintf("you play in game #%d", id(0)), "No director who does not play in cup can act: name one who does not play", "codirector cup PLAYER")
	says(t, to(t, c.as("alice", "codirector cup dave"), "dave@example.org"), "alice named you co-director of cup")
	out = c.as("dave", fmt.Sprintf("adjudicate %d 1-0", id(0)))
	says(t, c.reply(out), fmt.Sprintf("game #%d adjudicated: 1-0", id(0)))
	news := to(t, out, "bob@example.org")
	says(t, news, fmt.Sprintf("Game #%d of cup is over (alice - bot): alice won.", id(0)), "standings of cup")
	says(t, to(t, c.as("bob", fmt.Sprintf("adjudicate %d 1-0", id(1))), "bob@example.org"), "you do not direct cup")
	c.as("carol", fmt.Sprintf("resign %d", id(1)))
	c.as("carol", fmt.Sprintf("resign %d", id(2)))
	c.as("bob", fmt.Sprintf("resign %d", id(3)))
	c.as("bob", fmt.Sprintf("resign %d", id(4)))
	says(t, to(t, c.mail("dave@example.org", "x", c.withKey("dave@example.org", "standings cup")), "dave@example.org"), "1 game in play of 6")
	out = c.as("alice", fmt.Sprintf("resign %d", id(5)))

	// By hand: alice 2 (beat the bot and bob), bot 2 (carol, bob), bob 1
	// (carol), carol 1 (alice). Sonneborn-Berger: alice 2+1 = 3, bot 1+1 =
	// 2, carol 2 (alice's points), bob 1 (carol's).
	want := []struct {
		name, pts, sb string
	}{{"alice", "2", "3.00"}, {"bot", "2", "2.00"}, {"carol", "1", "2.00"}, {"bob", "1", "1.00"}}
	for _, p := range []string{"alice", "bob", "carol"} {
		var over []mailer.Outbound
		for _, m := range mailsTo(out, p) {
			if strings.Contains(m.Subject, "cup is over: alice wins") {
				over = append(over, m)
			}
		}
		if len(over) != 1 {
			t.Fatalf("%s has %d mails saying cup is over", p, len(over))
		}
		says(t, over[0], "cup is over: alice wins.")
		lines := tableLines(over[0].Text)
		for i, w := range want {
			if i >= len(lines) || lines[i][0] != fmt.Sprint(i+1) || lines[i][1] != w.name || lines[i][3] != w.pts || lines[i][4] != w.sb {
				t.Errorf("line %d of the standings: %v, want %d %s %s %s", i+1, lines, i+1, w.name, w.pts, w.sb)
			}
		}
	}
	tr := read(c, func(tx *archive.Tx) (*archive.Tournament, error) { return tx.TournamentByName("cup") })
	if tr.Status != archive.TournamentOver {
		t.Fatalf("cup is %s", tr.Status)
	}
	text := read(c, func(tx *archive.Tx) (string, error) {
		r, err := published.GameRecord(tx, games[0], "demo", false)
		if err != nil {
			return "", err
		}
		return r.String(), nil
	})
	if !strings.Contains(text, `[Event "cup"]`) || !strings.Contains(text, `[EventRound "1"]`) {
		t.Errorf("the record does not name the event and round:\n%s", text)
	}
	acts := read(c, func(tx *archive.Tx) ([]archive.Act, error) { return tx.Acts(tr.ID) })
	if !slices.ContainsFunc(acts, func(a archive.Act) bool { return a.Act == "adjudicate" && a.GameID == id(0) && a.Detail == "1-0" }) {
		t.Errorf("the adjudication is not in the record: %+v", acts)
	}
}

// tableLines reads the lines of a standings table in a mail: the fields of
// each line after the header.
func tableLines(text string) [][]string {
	var out [][]string
	in := false
	for _, line := range strings.Split(text, "\n") {
		f := strings.Fields(line)
		if len(f) > 2 && f[0] == "#" && f[1] == "player" {
			in = true
			continue
		}
		if in {
			if len(f) < 5 {
				break
			}
			out = append(out, f)
		}
	}
	return out
}

// A player who leaves a round robin having played less than half of their
// games forfeits the rest and has every result annulled (ICCF); the others
// are told. A loss on time withdraws the loser the same way.
func TestRoundRobinWithdrawals(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}, Admins: []string{"erin"}})
	for _, p := range []string{"alice", "bob", "carol", "dave", "erin"} {
		c.register(p)
	}
	c.as("alice", "tournament cup initiative round-robin players 4 days 2")
	c.as("bob", "join cup")
	c.as("carol", "join cup")
	out := c.as("dave", "join cup")
	says(t, c.reply(out), "The field is full: the tournament has started.")
	games := eventGames(c, 1)
	if len(games) != 6 {
		t.Fatalf("%d games", len(games))
	}
	// Carol leaves at once: 0 of 3 played.
	out = c.as("carol", "leave cup")
	says(t, c.reply(out), "carol is out of cup: left the tournament.", "carol played 0 of 3 games, under half: every result of theirs in cup is annulled.", "carol forfeits 3 games in play.")
	news := 0
	for _, m := range mailsTo(out, "alice") {
		if m.Subject == "[postal] cup: carol is out" {
			news++
			says(t, m, "carol is out of cup: left the tournament.", "every result of theirs in cup is annulled")
		}
	}
	if news != 1 {
		t.Errorf("alice has %d mails saying carol is out", news)
	}
	// One game runs out of time; erin, an admin (she directs every
	// tournament), gave the other two three more days first.
	var late *archive.Game
	for _, g := range eventGames(c, 1) {
		if g.Status != archive.GameActive {
			continue
		}
		if late == nil {
			late = g
			continue
		}
		says(t, c.reply(c.as("erin", fmt.Sprintf("extend %d 3", g.ID))), fmt.Sprintf("game #%d extended by 3 days", g.ID))
		if got := c.game(g.ID).Deadline.Sub(g.Deadline); got != 3*24*time.Hour {
			t.Fatalf("deadline moved by %v", got)
		}
	}
	says(t, c.reply(c.as("bob", fmt.Sprintf("extend %d 3", late.ID))), "you do not direct cup")
	c.now = late.Deadline
	c.tick()
	late = c.game(late.ID)
	if !strings.Contains(late.Termination, "ran out of time") {
		t.Fatalf("game #%d: %s %q", late.ID, late.Result, late.Termination)
	}
	r := published.Result(late)
	loser := late.Players[1-r.Winner] // a game of two
	st := read(c, func(tx *archive.Tx) ([]archive.Entrant, error) { return tx.Entrants(1) })
	for _, e := range st {
		want := map[int64]string{loser: archive.EntrantTimedOut}[e.PlayerID]
		if e.PlayerID == 3 { // carol
			want = archive.EntrantLeft
		}
		if want == "" {
			want = archive.EntrantIn
		}
		if e.Status != want {
			t.Errorf("player %d is %s, want %s", e.PlayerID, e.Status, want)
		}
	}
	active := 0
	for _, g := range eventGames(c, 1) {
		switch {
		case g.Status == archive.GameActive:
			active++
			if slices.Contains(g.Players, loser) {
				t.Errorf("game #%d of the player out on time goes on", g.ID)
			}
		case g.ID != late.ID && slices.Contains(g.Players, loser) && !slices.Contains(g.Players, 3) && !strings.Contains(g.Termination, "forfeits (lost game"):
			t.Errorf("game #%d ended %q", g.ID, g.Termination)
		}
	}
	if active != 1 {
		t.Errorf("%d games in play, want the one between the two left", active)
	}
	// Every game of the player out on time is over.
	standings := to(t, c.mail("bob@example.org", "x", c.withKey("bob@example.org", "standings cup")), "bob@example.org")
	says(t, standings, "carol (annulled)")
}

// A Swiss of five over two rounds by mail: a bye a round, a point each, not
// twice to one player; round 2 starts when round 1's last game ends; no
// pair meets twice; the event ends with a winner.
func TestSwissByMail(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	players := []string{"alice", "bob", "carol", "dave", "erin"}
	for _, p := range players {
		c.register(p)
	}
	says(t, to(t, c.as("alice", "tournament sw initiative swiss 2 days 2"), "alice@example.org"), "Swiss of 2 rounds")
	says(t, to(t, c.as("alice", "tournament big initiative swiss 7 days 2"), "alice@example.org"), "Swiss of 7 rounds")
	for _, p := range players[1:] {
		c.as(p, "join sw")
		c.as(p, "join big")
	}
	says(t, to(t, c.as("alice", "start big"), "alice@example.org"), "a Swiss of 5 players has at most 5 rounds")
	out := c.as("alice", "start sw")
	says(t, c.reply(out), "Round 1 of 2 has started: 2 games")
	var bye []string
	for _, m := range out {
		if strings.Contains(m.Subject, "sw has started") && strings.Contains(m.Text, "You have a bye in round 1") {
			bye = append(bye, m.To)
		}
	}
	if len(bye) != 1 {
		t.Fatalf("byes in round 1: %v", bye)
	}
	met := map[string]bool{}
	play := func(round int) {
		for _, g := range eventGames(c, 1) {
			if g.Status != archive.GameActive {
				continue
			}
			n := c.names(g)
			key := strings.Join(slices.Sorted(slices.Values(n)), "-")
			if met[key] {
				t.Fatalf("round %d: %s meet again", round, key)
			}
			met[key] = true
			out = c.as(n[1], fmt.Sprintf("resign %d", g.ID))
		}
	}
	play(1)
	var bye2 []string
	for _, m := range out {
		if strings.Contains(m.Subject, "a bye in round 2") {
			bye2 = append(bye2, m.To)
		}
	}
	if len(bye2) != 1 || bye2[0] == bye[0] {
		t.Fatalf("byes: round 1 %v, round 2 %v", bye, bye2)
	}
	play(2)
	tr := read(c, func(tx *archive.Tx) (*archive.Tournament, error) { return tx.TournamentByName("sw") })
	if tr.Status != archive.TournamentOver || tr.WinnerID == 0 {
		t.Fatalf("after two rounds: %s, winner %d", tr.Status, tr.WinnerID)
	}
	winner := read(c, func(tx *archive.Tx) (*archive.Player, error) { return tx.PlayerByID(tr.WinnerID) })
	for _, p := range players {
		found := false
		for _, m := range mailsTo(out, p) {
			found = found || strings.Contains(m.Subject, "sw is over: "+winner.Name+" wins")
		}
		if !found {
			t.Errorf("%s was not told the winner", p)
		}
	}
}

// A knockout of three: the top seed has a bye; a drawn game is replayed
// with the seats swapped, and a second draw sends the higher seed through.
func TestKnockoutByMail(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	for _, p := range []string{"alice", "bob", "carol"} {
		c.register(p)
	}
	c.as("alice", "tournament ko initiative knockout")
	c.as("bob", "join ko")
	c.as("carol", "join ko")
	out := c.as("alice", "start ko")
	says(t, c.reply(out), "Round 1 has started: 1 match")
	games := eventGames(c, 1)
	if len(games) != 1 || strings.Join(c.names(games[0]), "-") != "bob-carol" {
		t.Fatalf("round 1: %d games", len(games))
	}
	draw := func(g *archive.Game) {
		n := c.names(g)
		c.as(n[0], fmt.Sprintf("draw %d", g.ID))
		c.as(n[1], fmt.Sprintf("draw %d", g.ID))
	}
	draw(games[0])
	games = eventGames(c, 1)
	if len(games) != 2 || strings.Join(c.names(games[1]), "-") != "carol-bob" {
		t.Fatalf("after a draw: %d games", len(games))
	}
	draw(games[1])
	games = eventGames(c, 1)
	if len(games) != 3 || strings.Join(c.names(games[2]), "-") != "alice-bob" {
		var got []string
		for _, g := range games {
			got = append(got, strings.Join(c.names(g), "-"))
		}
		t.Fatalf("round 2: %v, want bob (seed 2) through to meet alice", got)
	}
	c.register("x")
	says(t, to(t, c.mail("x@example.org", "x", c.withKey("x@example.org", "standings ko")), "x@example.org"), "bob goes through (two draws: the higher seed goes through)")
	out = c.as("alice", fmt.Sprintf("resign %d", games[2].ID))
	for _, p := range []string{"alice", "bob", "carol"} {
		found := false
		for _, m := range mailsTo(out, p) {
			found = found || strings.Contains(m.Subject, "ko is over: bob wins")
		}
		if !found {
			t.Errorf("%s was not told bob won", p)
		}
	}
}

// The director removes a player with a reason every entrant receives, and
// the act is in the record.
func TestDirectorRemoves(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	for _, p := range []string{"alice", "bob", "carol"} {
		c.register(p)
	}
	c.as("alice", "tournament cup initiative double-round-robin")
	c.as("bob", "join cup")
	c.as("carol", "join cup")
	c.as("alice", "start cup")
	if n := len(eventGames(c, 1)); n != 6 {
		t.Fatalf("a double round robin of three: %d games", n)
	}
	says(t, to(t, c.as("bob", "remove carol rude"), "bob@example.org"), "carol is in no tournament you direct")
	// alice plays in cup: she removes no one (issue 32), and is told who
	// can; erin, her co-director, who does not play, can.
	c.register("erin")
	c.as("alice", "codirector cup erin")
	says(t, to(t, c.as("alice", "remove carol rude"), "alice@example.org"), "you play in cup", "erin (a co-director of cup) can", "leave cup")
	out := c.as("erin", "remove carol from cup abusive messages to opponents")
	says(t, c.reply(out), "carol removed from cup")
	for p, want := range map[string]string{"bob": "erin, directing cup, removed carol: abusive messages to opponents",
		// carol in her own words, with what is left to her.
		"carol": "erin, directing cup, removed you from it: abusive messages to opponents. You forfeit your 4 games in play there"} {
		found := false
		for _, m := range mailsTo(out, p) {
			found = found || strings.Contains(squash(m.Text), want)
		}
		if !found {
			t.Errorf("%s was not told %q", p, want)
		}
	}
	for _, m := range mailsTo(out, "carol") {
		if strings.Contains(squash(m.Text), "removed carol") {
			t.Errorf("carol is told of herself in the third person:\n%s", m.Text)
		}
	}
	acts := read(c, func(tx *archive.Tx) ([]archive.Act, error) { return tx.Acts(1) })
	if !slices.ContainsFunc(acts, func(a archive.Act) bool { return a.Act == "removed" && a.Detail == "abusive messages to opponents" }) {
		t.Errorf("acts %+v", acts)
	}
	var left []string
	for _, g := range eventGames(c, 1) {
		if g.Status == archive.GameActive {
			left = append(left, strings.Join(c.names(g), "-"))
		}
	}
	sort.Strings(left)
	if !slices.Equal(left, []string{"alice-bob", "bob-alice"}) {
		t.Errorf("games in play after the removal: %v", left)
	}
}

// A tournament that starts on its day, by the clock loop; one without
// enough entrants on its day is called off.
func TestTournamentStartsOnItsDay(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	for _, p := range []string{"alice", "bob"} {
		c.register(p)
	}
	says(t, to(t, c.as("alice", "tournament early initiative round-robin starts 2026-11-22"), "alice@example.org"), "2026-11-22 is not after today")
	c.as("alice", "tournament cup initiative round-robin starts 2026-11-25")
	c.as("alice", "tournament lonely initiative round-robin starts 2026-11-25")
	c.as("bob", "join cup")
	_, next := c.tick()
	if want := time.Date(2026, 11, 25, 0, 0, 0, 0, time.UTC); !next.Equal(want) {
		t.Fatalf("next due %v, want %v", next, want)
	}
	c.now = next
	out, _ := c.tick()
	if n := len(eventGames(c, 1)); n != 1 {
		t.Fatalf("cup has %d games on its day", n)
	}
	says(t, mailsTo(out, "bob")[1], "of cup, round 1, has started")
	lonely := read(c, func(tx *archive.Tx) (*archive.Tournament, error) { return tx.TournamentByName("lonely") })
	if lonely.Status != archive.TournamentOver || !strings.Contains(lonely.Note, "did not start") {
		t.Fatalf("lonely: %s %q", lonely.Status, lonely.Note)
	}
	// Its director hears it is called off, with no table or rated games
	// of an event that had none.
	var off []mailer.Outbound
	for _, m := range mailsTo(out, "alice") {
		if strings.Contains(m.Subject, "lonely") {
			off = append(off, m)
		}
	}
	if len(off) != 1 || off[0].Subject != "[postal] lonely is called off" {
		t.Fatalf("alice's mails of lonely: %v", off)
	}
	says(t, off[0], "lonely is called off.", "It did not start: lonely needs at least 2 entrants to start; it has 1.")
	if strings.Contains(off[0].Text, "rated games") || strings.Contains(off[0].Text, "standings of") {
		t.Errorf("the mail calling lonely off speaks of what it never had:\n%s", off[0].Text)
	}
}

// A Swiss round past the club's deadline: in "draw" mode its unfinished
// games are drawn and the next round starts; in "director" mode the
// director is asked, once, to adjudicate them.
func TestSwissRoundDeadline(t *testing.T) {
	for _, mode := range []string{"draw", "director"} {
		t.Run(mode, func(t *testing.T) {
			c := newClub(t, Options{ReminderPoints: []clock.Point{}, RoundDays: 10, RoundUnfinished: mode})
			for _, p := range []string{"alice", "bob", "carol", "dave"} {
				c.register(p)
			}
			c.as("alice", "tournament sw initiative swiss 2 untimed players 4")
			c.as("bob", "join sw")
			c.as("carol", "join sw")
			c.as("dave", "join sw")
			_, next := c.tick()
			if want := c.now.Add(10*24*time.Hour - time.Minute*0); next.Sub(want) > 5*time.Minute || next.Before(want.Add(-5*time.Minute)) {
				t.Fatalf("next due %v, want about %v", next, want)
			}
			c.now = next
			out, _ := c.tick()
			games := eventGames(c, 1)
			switch mode {
			case "draw":
				if len(games) != 4 || games[0].Result != "1/2-1/2" || games[1].Result != "1/2-1/2" {
					t.Fatalf("after the deadline: %d games, %s %s", len(games), games[0].Result, games[1].Result)
				}
			case "director":
				says(t, to(t, out, "alice@example.org"), "Round 1 of sw has reached its deadline with 2 games unfinished")
				if out, _ := c.tick(); len(out) != 0 {
					t.Fatalf("asked again: %d mails", len(out))
				}
			}
		})
	}
}

// Games of more than two (Superial Chess for three): a round robin of
// tables, places scored between every two players of a table.
func TestTablesOfThree(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	for _, p := range []string{"alice", "bob", "carol", "dave"} {
		c.register(p)
	}
	says(t, c.reply(c.as("alice", "tournament tri superial-chess multiplayer players=3 swiss 3")), "its tournaments are round robins of tables")
	c.as("alice", "tournament tri superial-chess multiplayer players=3 round-robin")
	c.as("bob", "join tri")
	says(t, c.reply(c.as("alice", "start tri")), "tri needs at least 3 entrants to start; it has 2")
	c.as("carol", "join tri")
	c.as("dave", "join tri")
	says(t, c.reply(c.as("alice", "start tri")), "Every game starts at once: 4 games")
	games := eventGames(c, 1)
	seats := map[string][]int{} // by player, the tables at each seat
	for _, g := range games {
		if len(g.Players) != 3 {
			t.Fatalf("game #%d has %d players", g.ID, len(g.Players))
		}
		for s, name := range c.names(g) {
			if seats[name] == nil {
				seats[name] = make([]int, 3)
			}
			seats[name][s]++
		}
	}
	// Issue 35: each plays three tables, one from each seat (South moves
	// first).
	for name, counts := range seats {
		if !slices.Equal(counts, []int{1, 1, 1}) {
			t.Errorf("%s sits South, West, North at %v tables; want one each", name, counts)
		}
	}
	// Dave leaves before playing: his results are annulled, his seats
	// resigned (R13d); the tables go on without him.
	c.as("dave", "leave tri")
	c.register("x")
	says(t, c.reply(c.mail("x@example.org", "x", c.withKey("x@example.org", "standings tri"))), "dave (annulled)", "4 games in play of 4")
	var withDave []int64
	for _, g := range eventGames(c, 1) {
		if slices.Contains(c.names(g), "dave") {
			withDave = append(withDave, g.ID)
		}
	}
	// Alice and bob resign the table they share with dave: carol is first,
	// alice and bob after her; between them, the one who resigned first is
	// behind.
	g := withDave[0]
	names := c.names(c.game(g))
	var others []string
	for _, n := range names {
		if n != "dave" {
			others = append(others, n)
		}
	}
	c.as(others[0], fmt.Sprintf("resign %d", g))
	if c.game(g).Status != archive.GameOver {
		t.Fatalf("game #%d goes on with one player in", g)
	}
	lines := tableLines(c.reply(c.mail("x@example.org", "x", c.withKey("x@example.org", "standings tri"))).Text)
	if lines[0][1] != others[1] || lines[0][3] != "1" {
		t.Errorf("standings %v: %s should lead with 1 point (dave's pairs annulled)", lines, others[1])
	}
}

// A knockout winner who leaves before the next round: the opponent goes
// through, and a round of byes alone is decided at once.
func TestKnockoutWinnerLeaves(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	fourEnter(c, "ko", "initiative knockout players 4")
	games := eventGames(c, 1)
	if len(games) != 2 || strings.Join(c.names(games[0]), "-") != "alice-dave" || strings.Join(c.names(games[1]), "-") != "bob-carol" {
		t.Fatalf("round 1: 1 v 4, 2 v 3 wanted")
	}
	c.as("dave", fmt.Sprintf("resign %d", games[0].ID))
	says(t, c.reply(c.as("alice", "leave ko")), "alice is out of ko: left the tournament.")
	out := c.as("carol", fmt.Sprintf("resign %d", games[1].ID))
	tr := read(c, func(tx *archive.Tx) (*archive.Tournament, error) { return tx.TournamentByName("ko") })
	bob := read(c, func(tx *archive.Tx) (*archive.Player, error) { return tx.PlayerByName("bob") })
	if tr.Status != archive.TournamentOver || tr.WinnerID != bob.ID || tr.Round != 2 {
		t.Fatalf("ko: %s, round %d, winner %d (bob is %d)", tr.Status, tr.Round, tr.WinnerID, bob.ID)
	}
	found := false
	for _, m := range mailsTo(out, "bob") {
		found = found || strings.Contains(m.Subject, "ko is over: bob wins")
	}
	if !found {
		t.Error("bob was not told he won")
	}
}
