package club

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"postal/archive"
	"postal/club/clock"
	"postal/mailer"
)

// releaseClub is a club on a copy of testdata/release-386b250.sql, an
// archive as the release before issue 33 wrote it, brought up to date by
// archive.Open (migration 030).
func releaseClub(t *testing.T) *club {
	t.Helper()
	c := dumpClub(t, "testdata/release-386b250.sql", Options{ReminderPoints: []clock.Point{}})
	c.now = time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	c.n = 1000 // the release's messages were m1@client.test and on
	return c
}

// dumpClub is a club on an archive made from the SQL dump at file,
// brought up to date by archive.Open.
func dumpClub(t *testing.T, file string, opt Options) *club {
	t.Helper()
	dump, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "release.db")
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.ExecContext(context.Background(), string(dump)); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	return clubAt(t, path, opt)
}

// byToken sends text from name as a reply to a mail of the release about
// game id: to the Reply-To address with the token the release gave them
// for it, which proves them.
func (c *club) byToken(name string, id int64, text string) []mailer.Outbound {
	c.t.Helper()
	tok := read(c, func(tx *archive.Tx) (string, error) {
		p, err := tx.PlayerByName(name)
		if err != nil {
			return "", err
		}
		return tx.Token(p.ID, id, c.now)
	})
	return c.handle(&mailer.Inbound{From: name + "@example.org", Subject: fmt.Sprintf("Re: [postal #%d]", id), Text: text,
		Recipients: []string{"postal+" + tok + "@demo.test"}})
}

// TestReleaseArchivePlaysOn_Issue33: an archive of the release before issue
// 33, upgraded, goes on as it stood. Its games in progress keep their
// players, positions, subjects and the draws offered; its open challenges
// of two and of three are accepted by the seats they left open, and an
// invitation by the address invited once it registers; its tournaments
// play on. Players prove themselves with the tokens the release gave them.
func TestReleaseArchivePlaysOn_Issue33(t *testing.T) {
	c := releaseClub(t)

	// 1, a game of two: bob's offer stands, alice accepts it.
	says(t, to(t, c.byToken("alice", 1, "status"), "alice@example.org"), "#1 Conflagration: alice vs bob, move 3: your move", ", bob offers a draw",
		"challenge #2: you propose initiative standard draft=no stack=random; waiting for an open seat", "challenge #3: you propose conflagration conflagration order=4; waiting for new@example.net")
	out := c.byToken("alice", 1, "draw 1")
	says(t, to(t, out, "alice@example.org"), "draw agreed in game #1", "Result: Draw: agreed by the players (1/2-1/2)")
	if m := to(t, out, "bob@example.org"); m.Subject != "[postal #1] Conflagration: alice vs bob" {
		t.Errorf("game 1's subject: %q", m.Subject)
	}

	// 4, an open challenge of carol's as second that dave took: it keeps
	// the subject the release gave it.
	pos := positionOf(c, t, 4)
	p := pos.ToMove()[0]
	mover := c.names(c.game(4))[p]
	out = c.byToken(mover, 4, "move 4 "+pos.Legal(p)[0].String())
	for _, m := range out {
		if m.Subject != "[postal #4] Conflagration: dave vs carol" {
			t.Errorf("a mail of game 4 to %s: %q", m.To, m.Subject)
		}
	}

	// 2, alice's open challenge of two: erin takes it.
	out = c.byToken("erin", 0, "accept 2")
	says(t, to(t, out, "erin@example.org"), "game #2 has started: Initiative: ")
	if m := to(t, out, "alice@example.org"); m.Subject != "[postal #2] Initiative: alice vs erin" || !strings.Contains(m.Text, "erin accepted your challenge: game #2 has started.") {
		t.Errorf("alice's start of game 2: %q\n%s", m.Subject, m.Text)
	}

	// 3, an invitation: the address registers and accepts.
	// The address proves itself by a reply to postal's answer (issue 32).
	welcome := c.registerAs("newton", "new@example.net")
	says(t, welcome, "alice has challenged you to conflagration (challenge #3)")
	out = c.replyTo(welcome, "accept 3")
	says(t, to(t, out, "new@example.net"), "game #3 has started")

	// 5, a game of four where South agreed to a draw: a move of the next
	// player declines it, and South hears of it once.
	g := c.game(5)
	names := c.names(g)
	says(t, to(t, c.byToken(names[1], 5, "status"), names[1]+"@example.org"), "a draw needs "+names[1]+", "+names[2]+" and "+names[3])
	pos = positionOf(c, t, 5)
	p = pos.ToMove()[0]
	out = c.byToken(names[p], 5, "move 5 "+pos.Legal(p)[0].String())
	says(t, to(t, out, names[0]+"@example.org"), names[p]+" declined the draw by moving.")
	if g := c.game(5); g.DrawAgreed != nil {
		t.Errorf("game 5: a move left the draw agreed by %v", g.DrawAgreed)
	}

	// 6, a challenge of three that bob accepted: carol takes the open seat.
	out = c.byToken("carol", 0, "accept 6")
	says(t, to(t, out, "carol@example.org"), "game #6 has started")
	if g := c.game(6); len(g.Players) != 3 {
		t.Errorf("game 6 has %d players", len(g.Players))
	}

	// The tournament of tables plays on; the Swiss pairs its second round
	// once its first has ended.
	pos = positionOf(c, t, 8)
	p = pos.ToMove()[0]
	tri := c.names(c.game(8))
	out = c.byToken(tri[p], 8, "move 8 "+pos.Legal(p)[0].String())
	says(t, to(t, out, tri[p]+"@example.org"), "played in game #8")
	for _, m := range out {
		if !strings.HasPrefix(m.Subject, "[postal #8] Superial Chess: "+strings.Join(tri, " vs ")+" (tri, round 1)") {
			t.Errorf("a mail of game 8: %q", m.Subject)
		}
	}
	for _, id := range []int64{11, 12} {
		first := c.names(c.game(id))[0]
		says(t, c.reply(c.byToken(first, id, fmt.Sprintf("resign %d", id))), fmt.Sprintf("you resigned game #%d", id))
	}
	says(t, to(t, c.byToken("erin", 0, "standings sw"), "erin@example.org"), "sw: round 2 of 2, 2 games in play.") // proven by her account token (issue 32)
}
