package club

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"postal/archive"
	"postal/club/clock"
	"postal/mailer"
)

// TestRoundRobinEndedByALeave: the last games of a round robin end because
// a player leaves (their games in play forfeited, their results annulled
// under half played); the "is over" mail, the only final table a player is
// sent, lists every entrant, not only the one who left, and comes after
// the news that the player is out. A stranger's trial
// of the club saw a table of one line: "- dave (annulled)".
func TestRoundRobinEndedByALeave(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}, Admins: []string{"erin"}})
	c.register("erin")
	fourEnter(c, "cup", "conflagration mosey round-robin players 4")
	games := eventGames(c, 1)
	if len(games) != 6 {
		t.Fatalf("%d games", len(games))
	}
	playedOne := false
	for _, g := range games {
		n := c.names(g)
		if slices.Contains(n, "dave") {
			if playedOne {
				continue
			}
			playedOne = true
		}
		// Some end by an admin's adjudication, as the trial's did.
		if g.ID%2 == 0 {
			r := c.reply(c.as("erin", fmt.Sprintf("adjudicate %d 0-1", g.ID)))
			says(t, r, "adjudicated")
			// An admin's answer is hers, not a mail of the game's
			// conversation with its players' token.
			if strings.Contains(r.Subject, fmt.Sprintf("#%d]", g.ID)) {
				t.Errorf("erin's answer joins game #%d's conversation: Subject %q", g.ID, r.Subject)
			}
			continue
		}
		c.as(n[0], fmt.Sprintf("resign %d", g.ID))
	}
	out := c.as("dave", "leave cup")
	says(t, c.reply(out), "dave forfeits 2 games in play.")
	if tr := read(c, func(tx *archive.Tx) (*archive.Tournament, error) { return tx.TournamentByName("cup") }); tr.Status != archive.TournamentOver {
		t.Fatalf("cup is %s after the last games were forfeited", tr.Status)
	}
	for _, name := range []string{"alice", "bob", "carol"} {
		var over []string
		sawOut := false
		for _, m := range mailsTo(out, name) {
			if m.Subject == "[postal] cup: dave is out" {
				sawOut = true
			}
			if strings.HasPrefix(m.Subject, "[postal] cup is over") && !sawOut {
				t.Errorf("%s hears that cup is over before that dave is out", name)
			}
			if strings.HasPrefix(m.Subject, "[postal] cup is over") {
				over = append(over, m.Text)
			}
		}
		if len(over) != 1 {
			t.Fatalf("%s has %d mails saying cup is over", name, len(over))
		}
		for _, who := range []string{"alice", "bob", "carol", "dave (annulled)"} {
			found := false
			for _, row := range tableLines(over[0]) {
				if slices.Contains(row, strings.Fields(who)[0]) {
					found = true
				}
			}
			if !found {
				t.Errorf("%s's mail that cup is over has no row of %s:\n%s", name, who, over[0])
			}
		}
	}
}

// TestRoundRobinSharedFirst: every game drawn, the three are level on points
// and Sonneborn-Berger; the end's mail says they share first place and
// which is the winner of record (the higher seed), not "alice wins". A
// stranger's trial was told "rr is over: carol wins" of such a tie.
func TestRoundRobinSharedFirst(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	for _, p := range []string{"alice", "bob", "carol"} {
		c.register(p)
	}
	c.as("alice", "tournament rr conflagration round-robin players 3")
	c.as("bob", "join rr")
	c.as("carol", "join rr")
	var out []mailer.Outbound
	for _, g := range eventGames(c, 1) {
		n := c.names(g)
		c.as(n[0], fmt.Sprintf("draw %d", g.ID))
		out = c.as(n[1], fmt.Sprintf("draw %d", g.ID))
	}
	var over *mailer.Outbound
	for _, m := range mailsTo(out, "bob") {
		if strings.HasPrefix(m.Subject, "[postal] rr is over") {
			over = &m
		}
	}
	if over == nil {
		t.Fatal("bob has no mail that rr is over")
	}
	if want := "[postal] rr is over: alice, bob and carol share first place"; over.Subject != want {
		t.Errorf("the subject: %q, want %q", over.Subject, want)
	}
	says(t, *over, "rr is over: alice, bob and carol share first place, level on points and tie-breaks;", "the higher seed, is its winner of record.")
	if strings.Contains(over.Text, " wins.") {
		t.Errorf("the end of a tie says someone wins:\n%s", over.Text)
	}
}

// TestRoundRobinNoShowAnnulled: a player who never moves loses a game on
// time and is out; that game was no game played, so, having played none
// of their two, their results are annulled as a leaver's would be, not
// left standing as walk-overs for the others (a stranger's trial saw a
// no-show's results stand: the loss on time counted as played).
func TestRoundRobinNoShowAnnulled(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	for _, p := range []string{"alice", "bob", "carol"} {
		c.register(p)
	}
	c.as("alice", "tournament rr conflagration round-robin players 3 days 1")
	c.as("bob", "join rr")
	c.as("carol", "join rr")
	var deadline time.Time
	for _, g := range eventGames(c, 1) {
		n := c.names(g)
		if !slices.Contains(n, "carol") {
			c.as(n[0], fmt.Sprintf("draw %d", g.ID))
			c.as(n[1], fmt.Sprintf("draw %d", g.ID))
			continue
		}
		// carol's opponent moves when it is theirs to; carol never does.
		pos := positionOf(c, t, g.ID)
		for _, side := range pos.ToMove() {
			if side >= 0 && n[side] != "carol" {
				c.as(n[side], fmt.Sprintf("move %d %s", g.ID, pos.Legal(side)[0]))
			}
		}
		if d := c.game(g.ID).Deadline; deadline.IsZero() || d.After(deadline) {
			deadline = d
		}
	}
	c.now = deadline
	c.tick()
	st := read(c, func(tx *archive.Tx) ([]archive.Entrant, error) { return tx.Entrants(1) })
	for _, e := range st {
		if name := read(c, func(tx *archive.Tx) (*archive.Player, error) { return tx.PlayerByID(e.PlayerID) }).Name; name == "carol" {
			if e.Status != archive.EntrantTimedOut || !e.Annulled {
				t.Errorf("carol, who never moved: %s, annulled %v", e.Status, e.Annulled)
			}
		}
	}
	standings := to(t, c.mail("bob@example.org", "x", c.withKey("bob@example.org", "standings rr")), "bob@example.org")
	says(t, standings, "carol (annulled)")
}
