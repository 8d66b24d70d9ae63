package club

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"postal/archive"
	"postal/club/clock"
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
	c.fourEnter("cup", "conflagration mosey round-robin players 4")
	games := c.eventGames(1)
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
			says(t, c.reply(c.as("erin", fmt.Sprintf("adjudicate %d 0-1", g.ID))), "adjudicated")
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
