package club

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"postal/archive"
	"postal/club/clock"
	"postal/mailer"
)

// TestReleaseArchive685aedfPlaysOn: an archive as the release before the
// club's rooms (685aedf) left it, its demo stopped mid-way
// (testdata/release-685aedf.sql: four games over, a game of Superial
// Chess between alice and the bot in progress; its outbox left out),
// upgraded by archive.Open, goes on: the game keeps its position, alice
// moves with the reply token the release gave her, the bot answers through
// the player's move path, and each move is told to alice under the game's
// subject.
func TestReleaseArchive685aedfPlaysOn(t *testing.T) {
	c := dumpClub(t, "testdata/release-685aedf.sql", Options{Bot: &BotOptions{}, ReminderPoints: []clock.Point{}})
	c.now = time.Date(2026, 12, 7, 0, 0, 0, 0, time.UTC)
	c.n = 10000 // past the release's Message-IDs

	before := c.game(5)
	if before.Status != archive.GameActive || before.Game != "superial-chess" || before.Ply != 22 {
		t.Fatalf("game 5 as upgraded: %s %s at ply %d, want superial-chess in progress at ply 22", before.Game, before.Status, before.Ply)
	}
	alice := read(c, func(tx *archive.Tx) (*archive.Player, error) { return tx.PlayerByName("alice") })
	for i := range 4 {
		row := c.game(5)
		if row.Status != archive.GameActive {
			break
		}
		pos := positionOf(c, t, 5)
		seat := pos.ToMove()[0]
		c.now = c.now.Add(time.Hour)
		var out []mailer.Outbound
		if row.Players[seat] == alice.ID {
			legal := pos.Legal(seat)
			tok := read(c, func(tx *archive.Tx) (string, error) { return tx.Token(alice.ID, 5, c.now) })
			out = c.handle(&mailer.Inbound{From: "alice@demo.test", Subject: "Re: [postal #5]", Text: legal[0].String(),
				Recipients: []string{"postal+" + tok + "@demo.test"}})
		} else {
			turns := c.botTurns()
			if len(turns) != 1 || turns[0].game != 5 || turns[0].side != seat {
				t.Fatalf("ply %d: the bot's turns %+v, want game 5 as %v", row.Ply, turns, seat)
			}
			if err := c.s.botMove(context.Background(), turns[0], pos.Legal(seat)[0].String()); err != nil {
				t.Fatalf("ply %d: the bot's move: %v", row.Ply, err)
			}
			out = c.outbox()
		}
		if got := c.game(5).Ply; got != row.Ply+1 {
			t.Fatalf("move %d: game 5 at ply %d after a move at ply %d", i+1, got, row.Ply)
		}
		m := to(t, out, "alice@demo.test")
		if !strings.Contains(m.Subject, "[postal #5]") {
			t.Errorf("move %d: alice's mail %q is not under game 5's subject", i+1, m.Subject)
		}
	}
	// The games the release finished still replay: their records come by
	// the tokens of their games, each with its result.
	for _, g := range []struct {
		id   int64
		game string
	}{{1, "conflagration"}, {2, "imperial-chess"}, {3, "imperial-shuffle"}, {4, "initiative"}} {
		tok := read(c, func(tx *archive.Tx) (string, error) { return tx.Token(alice.ID, g.id, c.now) })
		out := c.handle(&mailer.Inbound{From: "alice@demo.test", Subject: fmt.Sprintf("Re: [postal #%d]", g.id), Text: "record",
			Recipients: []string{"postal+" + tok + "@demo.test"}})
		m := to(t, out, "alice@demo.test")
		var rec string
		for _, a := range m.Attachments {
			if a.Name == fmt.Sprintf("postal-%d.txt", g.id) {
				rec = string(a.Data)
			}
		}
		if !strings.Contains(rec, `[Game "`+g.game+`"]`) || !strings.Contains(rec, `[Result "`) {
			t.Errorf("game %d's record:\n%.400s\nmail:\n%.400s", g.id, rec, m.Text)
		}
	}
}
