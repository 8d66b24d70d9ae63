package club

import (
	"fmt"
	"strings"
	"testing"

	"postal/archive"
	"postal/club/clock"
	"postal/mailer"
)

// tournamentMails are the mails of tournaments (issue 25): the organiser's
// reply, a game's start, the standings after a game, a player removed with
// a co-director's reason, a Swiss bye, and the end with the winner; and
// those of a director who mends and gets rid of events (issue 35): the
// start refused with its fix, the start (the reply and every entrant's
// mail), the settings changed, a cancel, an admin's end of a running
// event, an event lapsed.
func tournamentMails(t *testing.T, add func(string, mailer.Outbound, bool)) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}, Admins: []string{"root"}})
	pinRandom(t, 25)
	for _, p := range []string{"alice", "bob", "carol", "dave", "erin"} {
		c.register(p)
	}
	add("tournament-organised", c.reply(c.as("alice", "tournament cup initiative round-robin days 5")), false)
	c.as("bob", "join cup")
	c.as("carol", "join cup")
	c.as("bob", "set tournament-news on")
	out := c.as("alice", "start cup")
	add("tournament-start-reply", c.reply(out), false)
	for _, m := range mailsTo(out, "bob") {
		if strings.Contains(m.Subject, "cup has started") {
			add("tournament-started", m, false)
		}
		if strings.Contains(m.Text, "round 1, has started") {
			add("tournament-game-started", m, false)
			break
		}
	}
	games := eventGames(c, 1)
	out = c.as("carol", fmt.Sprintf("resign %d", games[0].ID))
	for _, m := range mailsTo(out, "bob") {
		if strings.Contains(m.Subject, "standings after game") {
			add("tournament-standings", m, false)
		}
	}
	c.as("alice", "resign "+fmt.Sprint(games[1].ID))
	out = c.as("carol", fmt.Sprintf("resign %d", games[2].ID))
	for _, m := range mailsTo(out, "alice") {
		if strings.Contains(m.Subject, "cup is over") {
			add("tournament-over", m, false)
		}
	}

	c.as("alice", "tournament sw initiative swiss 4")
	for _, p := range []string{"bob", "carol", "dave"} {
		c.as(p, "join sw")
	}
	add("tournament-start-refused", c.reply(c.as("alice", "start sw")), true)
	out = c.as("alice", "tournament sw initiative swiss 3 days 4")
	add("tournament-changed", c.reply(out), false)
	add("tournament-changed-news", to(t, out, "bob@example.org"), false)
	c.as("erin", "join sw")
	c.as("alice", "start sw")
	for _, g := range eventGames(c, 2) {
		for _, m := range c.as(c.names(g)[1], fmt.Sprintf("resign %d", g.ID)) {
			if strings.Contains(m.Subject, "a bye in round 2") {
				add("tournament-bye", m, false)
			}
		}
	}
	var victim string // a player of a game in play, not alice, who directs
	for _, g := range eventGames(c, 2) {
		for _, n := range c.names(g) {
			if g.Status == archive.GameActive && n != "alice" && victim == "" {
				victim = n
			}
		}
	}
	// alice plays in sw: she removes no one (issue 32); frank, her
	// co-director, does.
	add("tournament-own-refused", c.reply(c.as("alice", "remove "+victim+" from sw no moves and no answer to mail for a month")), true)
	c.register("frank")
	add("tournament-codirector", to(t, c.as("alice", "codirector sw frank"), "frank@example.org"), false)
	out = c.as("frank", "remove "+victim+" from sw no moves and no answer to mail for a month")
	for _, m := range out {
		if strings.Contains(m.Subject, "is out") && m.To != victim+"@example.org" {
			add("tournament-removed", m, false)
			break
		}
	}
	add("tournament-remove-reply", c.reply(out), false)
	c.register("root")
	out = c.as("root", "cancel sw the club's server lost a week of mail")
	add("tournament-ended", c.reply(out), false)

	c.as("bob", "tournament spring initiative knockout")
	c.as("carol", "join spring")
	out = c.as("bob", "cancel spring")
	add("tournament-cancelled", c.reply(out), false)
	add("tournament-cancelled-news", to(t, out, "carol@example.org"), false)

	c.as("dave", "tournament autumn initiative round-robin")
	c.as("erin", "join autumn")
	c.as("dave", "leave autumn")
	c.now = c.now.Add(DefaultEventLapseDays * clock.Day)
	out, _ = c.tick()
	add("tournament-lapsed", to(t, out, "erin@example.org"), false)
}
