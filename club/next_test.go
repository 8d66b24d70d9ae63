package club

import (
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"postal/archive"
	"postal/club/clock"
	"postal/docs"
	"postal/mailer"
	"postal/site"
	"postal/site/clubarchive"
)

// Issue 35, finding 10: the start and end mails of events and games say
// what comes next: the format, the rounds, when the next round starts and
// how results score; after a game, "standings NAME", the next round, a
// rematch.
func TestMailsSayWhatComesNext(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}, RoundDays: 10, Bot: &BotOptions{Level: 1}})
	for _, p := range []string{"alice", "bob", "carol", "dave"} {
		c.register(p)
	}
	// A game of two outside any event: rated, and a rematch at its end.
	ch := to(t, c.as("alice", "challenge bob initiative days 5 as first"), "bob@example.org")
	out := c.replyTo(ch, "accept")
	says(t, c.reply(out), "It is rated in the club's initiative list once each player has moved (\"ratings initiative\").")
	says(t, to(t, out, "alice@example.org"), "It is rated in the club's initiative list once each player has moved")
	out = c.as("alice", "resign "+gameOfMail(t, ch))
	says(t, c.reply(out), `A rematch, the seats swapped: "challenge bob initiative as second days 5".`)
	says(t, to(t, out, "bob@example.org"), `A rematch, the seats swapped: "challenge alice initiative as first days 5".`)

	// Against the club's bot: the rematch keeps its level.
	bot := c.reply(c.as("carol", "challenge bot conflagration level 3 as second"))
	says(t, c.reply(c.as("carol", "resign "+gameOfMail(t, bot))), `A rematch, the seats swapped: "challenge bot conflagration level 3 as first".`)

	// A Swiss: its start, its games' starts and ends, its end.
	c.as("alice", "tournament sw initiative swiss 2 players 4")
	c.as("bob", "join sw")
	c.as("carol", "join sw")
	out = c.as("dave", "join sw")
	plan := []string{"sw is a Swiss of 2 rounds for 4 players: each round starts when the last game of the one before has ended",
		"A win scores 1 point, a draw ½, a bye 1; ties are broken by Buchholz", "A round lasts at most 10 days: then the director adjudicates its unfinished games."}
	says(t, c.reply(out), plan...)
	var started mailer.Outbound
	for _, m := range mailsTo(out, "bob") {
		if m.Subject == "[postal] sw has started" {
			started = m
		}
	}
	says(t, started, append(plan, "Your 1 game: #")...)
	games := eventGames(c, 1)
	says(t, mailWith(t, out, "bob@example.org", "of sw, round 1, has started"), `It counts for sw, and is rated once each player has moved; "standings sw" shows where sw stands.`)
	n := c.names(games[0])
	out = c.as(n[1], fmt.Sprintf("resign %d", games[0].ID))
	says(t, to(t, out, n[0]+"@example.org"), "Round 2 of sw starts when the last game of round 1 has ended: 1 game is still in play.", `"standings sw" shows the table.`)
	says(t, c.reply(out), "Round 2 of sw starts when the last game of round 1 has ended")
	m := c.names(games[1])
	out = c.as(m[1], fmt.Sprintf("resign %d", games[1].ID))
	says(t, mailWith(t, out, m[0]+"@example.org", fmt.Sprintf("Game #%d is over", games[1].ID)), "Round 1 of sw is complete: the next starts now.")
	for _, g := range eventGames(c, 1)[2:] {
		out = c.as(c.names(g)[1], fmt.Sprintf("resign %d", g.ID))
	}
	var over mailer.Outbound
	for _, msg := range mailsTo(out, "carol") {
		if strings.Contains(msg.Subject, "sw is over") {
			over = msg
		}
	}
	says(t, over, `"tournaments" lists those open for entries; "tournament NAME GAME FORMAT" organises the next.`)
}

// gameOfMail is the number of the game or challenge a mail is about, from
// its subject's [postal #N].
func gameOfMail(t *testing.T, m mailer.Outbound) string {
	t.Helper()
	_, rest, ok := strings.Cut(m.Subject, "[postal #")
	id, _, ok2 := strings.Cut(rest, "]")
	if !ok || !ok2 {
		t.Fatalf("no game in %q", m.Subject)
	}
	return id
}

// Issue 35, finding 11: messages are private unless every player of the
// game allows them; the game-over mail and "help say" say so; no address
// written into a message, nor any sender's, appears on a page.
func TestMessagesPrivateByDefault(t *testing.T) {
	c := newClub(t, Options{})
	aliceMail, _ := c.start("pile=6")
	out := c.replyTo(aliceMail, "say\nOn Monday alice <alice@example.org> wrote:\nHave fun!\n\nt1")
	bobMail := mailWith(t, out, "bob@example.org", "Your move")
	out = c.replyTo(bobMail, "t1\nsay You too; write me at bob@example.org")
	aliceMail = mailWith(t, out, "alice@example.org", "Your move")
	out = c.replyTo(aliceMail, "t1")
	bobMail = mailWith(t, out, "bob@example.org", "Your move")
	out = c.replyTo(bobMail, "t3")
	if g := c.game(1); g.Status != archive.GameOver {
		t.Fatalf("game #1 is %s", g.Status)
	}
	private := `The messages of this game stay private: they are published with its record only if every player writes "set publish-messages on".`
	says(t, to(t, out, "alice@example.org"), private)
	says(t, to(t, out, "bob@example.org"), private)
	dir := buildClubSite(t, c)
	for _, s := range []string{"Have fun", "You too", "alice@example.org", "bob@example.org"} {
		if f := grepDir(t, dir, s); f != "" {
			t.Errorf("%q is on a page while no player allowed messages: %s", s, f)
		}
	}
	says(t, c.reply(c.as("alice", "set publish-messages on")), "if every other player of it says so too")
	says(t, c.reply(c.as("bob", "set publish-messages on")), "publish-messages is on")
	dir = buildClubSite(t, c)
	for _, s := range []string{"Have fun", "You too", "(address)"} {
		if grepDir(t, dir, s) == "" {
			t.Errorf("%q is on no page once every player allowed messages", s)
		}
	}
	for _, s := range []string{"alice@example.org", "bob@example.org"} {
		if f := grepDir(t, dir, s); f != "" {
			t.Errorf("the address %s is published: %s", s, f)
		}
	}
	says(t, c.reply(c.as("alice", "help say")), "Messages are private", `every player of the game has written "set publish-messages on"`)
}

// buildClubSite builds the club's site from its archive as "postal site
// build" does (games, players, ratings, tournaments) and returns its
// directory.
func buildClubSite(t *testing.T, c *club) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "site")
	src := clubarchive.Source{DB: c.db, Club: c.opt.Address}
	if _, err := site.Build(context.Background(), src, site.Options{OutDir: out, Club: c.opt.Address, Rules: docs.Rules(), Logger: slog.New(slog.DiscardHandler)}); err != nil {
		t.Fatal(err)
	}
	return out
}
