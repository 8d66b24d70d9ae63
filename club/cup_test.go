package club

import (
	"fmt"
	"strings"
	"testing"

	"postal/archive"
	"postal/club/clock"
	"postal/docs"
	"postal/mailer"
)

// sixInMug has six players enter the cup mug (two groups of three, the
// winner of each through) and alice start it, answering the start's mails.
func sixInMug(t *testing.T) (*club, []mailer.Outbound) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	pinRandom(t, 41)
	players := []string{"alice", "bob", "carol", "dave", "erin", "frank"}
	for _, p := range players {
		c.register(p)
	}
	c.as("alice", "tournament mug conflagration cup groups 3 advance 1 untimed")
	for _, p := range players[1:] {
		c.as(p, "join mug")
	}
	return c, c.as("alice", "start mug")
}

// The cup of six: two groups of three start six games at once, each
// game's place its group; when they end, the mail of who goes through and
// the two group winners' final start by themselves; its end mails the
// cup's winner; "standings" shows the groups and the bracket.
func TestCupByMail(t *testing.T) {
	c, out := sixInMug(t)
	says(t, c.reply(out), "Every game of the group stage starts at once: 6 games")
	games := eventGames(c, 1)
	if len(games) != 6 {
		t.Fatalf("%d games at the start, want 6", len(games))
	}
	for _, g := range games {
		n := c.names(g)
		c.as(n[1], fmt.Sprintf("resign %d", g.ID)) // the first seat wins every group game
	}
	games = eventGames(c, 1)
	if len(games) != 7 {
		t.Fatalf("%d games after the groups, want the final too", len(games))
	}
	tr := read(c, func(tx *archive.Tx) (*archive.Tournament, error) { return tx.TournamentByName("mug") })
	if tr.Status != archive.TournamentRunning || tr.Round != 2 {
		t.Fatalf("mug: %s, round %d", tr.Status, tr.Round)
	}
	c.register("x")
	st := to(t, c.mail("x@example.org", "x", c.withKey("x@example.org", "standings mug")), "x@example.org")
	says(t, st, "group A")
	says(t, st, "group B")
	says(t, st, "final")
	final := games[6]
	n := c.names(final)
	out = c.as(n[1], fmt.Sprintf("resign %d", final.ID))
	found := false
	for _, m := range mailsTo(out, "carol") {
		found = found || strings.Contains(m.Subject, "mug is over: "+n[0]+" wins")
	}
	if !found {
		t.Errorf("no mail of the cup's winner %s", n[0])
	}
}

// cupMails are the mails of a cup: its start, the end of its group stage,
// its final's start and its end.
func cupMails(t *testing.T, add func(string, mailer.Outbound, bool)) {
	c, out := sixInMug(t)
	for _, m := range mailsTo(out, "bob") {
		if strings.Contains(m.Subject, "mug has started") {
			add("cup-started", m, false)
		}
	}
	games := eventGames(c, 1)
	for i, g := range games {
		n := c.names(g)
		out = c.as(n[1], fmt.Sprintf("resign %d", g.ID))
		if i == len(games)-1 {
			for _, m := range mailsTo(out, "frank") {
				if strings.Contains(m.Subject, "group stage is over") {
					add("cup-groups-over", m, false)
				}
			}
			games = eventGames(c, 1)
			n = c.names(games[6])
			for _, m := range mailsTo(out, n[0]) {
				if strings.Contains(m.Text, "mug, final") && strings.Contains(m.Subject, "#") {
					add("cup-final-started", m, false)
					break
				}
			}
		}
	}
	final := games[6]
	n := c.names(final)
	out = c.as(n[1], fmt.Sprintf("resign %d", final.ID))
	for _, m := range mailsTo(out, "frank") {
		if strings.Contains(m.Subject, "mug is over") {
			add("cup-over", m, false)
		}
	}
}

// The cup's worked example in docs/commands.md is what postal answers.
func TestCupDocsAsPrinted(t *testing.T) {
	_, part, _ := strings.Cut(docs.Commands(), "the refusal says what would\nplay. postal answers:\n")
	var block, cmds []string
	for _, line := range strings.Split(strings.TrimLeft(part, "\n"), "\n") {
		if !strings.HasPrefix(line, "    ") {
			break
		}
		line = strings.TrimPrefix(line, "    ")
		block = append(block, line)
		if strings.HasPrefix(line, "> ") {
			cmds = append(cmds, strings.TrimPrefix(line, "> "))
		}
	}
	if len(cmds) != 1 {
		t.Fatalf("the cup's example: %d commands", len(cmds))
	}
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	c.register("alice")
	reply := c.reply(c.as("alice", strings.Join(cmds, "\n")))
	if !strings.Contains(squash(reply.Text), squash(strings.Join(block, "\n"))) {
		t.Errorf("the cup's example is not what postal answers:\n%s\n--- postal answers:\n%s", strings.Join(block, "\n"), reply.Text)
	}
}
