package club

import (
	"fmt"
	"strings"
	"testing"

	"postal/club/clock"
	"postal/mailer"
)

// leagueMails are the mails of leagues and ladders (issue 37): the
// organiser's replies, a season's mail as season 1 begins and as season 2
// does (the player moved up), a leaving player's reply, a climb refused
// and begun, the mail of a place taken, and an idle player's drop.
func leagueMails(t *testing.T, add func(string, mailer.Outbound, bool)) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	pinRandom(t, 37)
	for _, p := range leaguers[:4] {
		c.register(p)
	}
	add("league-organised", c.reply(c.as("alice", "league spring initiative size 2 promote 1 break 0 days 5")), false)
	for _, p := range leaguers[1:4] {
		c.as(p, "join spring")
	}
	id := tournamentID(c, "spring")
	out := c.as("alice", "start spring")
	add("league-season-begun", seasonMails(t, out, "spring", 1)["carol"], false)
	out = playSeason(c, t, id, 1)
	for _, m := range out { // the last game's end, in a league with no break
		if m.To == "carol@example.org" && strings.Contains(m.Text, "last game of season 1") {
			add("league-season-ended", m, false)
		}
	}
	add("league-season-moved", seasonMails(t, out, "spring", 2)["carol"], false)
	add("league-leaving", c.reply(c.as("dave", "leave spring")), false)

	add("ladder-organised", c.reply(c.as("alice", "ladder top initiative reach 2 idle 30 untimed")), false)
	for _, p := range leaguers[1:4] {
		c.as(p, "join top")
	}
	add("ladder-refused", c.reply(c.as("dave", "climb top alice")), true)
	add("ladder-climb", c.reply(c.as("dave", "climb top bob")), false)
	g := eventGames(c, tournamentID(c, "top"))[0]
	moveEach(c, t, g.ID)
	out = c.as("bob", fmt.Sprintf("resign %d", g.ID))
	for _, m := range out {
		if m.To == "carol@example.org" {
			add("ladder-climbed", m, false)
		}
	}
	// carol climbs bob 25 days on; 6 days later alice and dave, idle 30
	// days, sink below them.
	c.now = c.now.Add(25 * clock.Day)
	c.tick()
	says(t, c.reply(c.as("carol", "climb top bob")), "climb 2 of top")
	c.now = c.now.Add(6 * clock.Day)
	out, _ = c.tick()
	var drop, up bool
	for _, m := range out {
		switch {
		case m.Subject == "[postal] top: you drop to 2nd place" && !drop:
			add("ladder-dropped", m, false)
			drop = true
		case strings.HasPrefix(m.Subject, "[postal] top: you move up to 1st place") && !up:
			add("ladder-moved-up", m, false) // the one an idle player's drop moves up
			up = true
		}
	}
	if !drop || !up {
		t.Fatalf("alice, idle on top, has a mail of her drop: %v; the one who moves up, of it: %v", drop, up)
	}
}
