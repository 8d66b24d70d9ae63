package club

import (
	"context"
	"fmt"
	"regexp"
	"testing"

	"postal/archive"
	"postal/club/clock"
	"postal/club/published"
	"postal/mailer"
	"postal/site/view"
)

// Issue 32, second round, found 16: an internal player number showed in
// mail and pages ("player 17"). Everything a player or reader sees names
// players by name: the acts of a co-director who does not play and of an
// admin, the news of a removal, the tournament's record.
func TestNoPlayerNumberShown(t *testing.T) {
	c := newClub(t, Options{Admins: []string{"carol"}, ReminderPoints: []clock.Point{}})
	for _, p := range []string{"alice", "bob", "carol", "dave", "erin", "frank"} {
		c.register(p)
	}
	var mails []mailer.Outbound
	as := func(who, text string) { mails = append(mails, c.as(who, text)...) }
	as("alice", "tournament farm takeaway round-robin players 4 days 3")
	as("alice", "codirector farm dave")
	for _, p := range []string{"bob", "erin", "frank"} {
		as(p, "join farm")
	}
	games := eventGames(c, 1)
	as("dave", fmt.Sprintf("extend %d 2", games[0].ID))
	as("carol", fmt.Sprintf("adjudicate %d draw", games[0].ID))
	as("dave", "remove frank from farm slow")
	as("alice", "leave farm")
	as("carol", "codirector farm dave off")
	number := regexp.MustCompile(`(?i)player #?\d+|#\d+ \(player|\bid \d+`)
	for _, m := range mails {
		if s := number.FindString(m.Text + m.HTML); s != "" {
			t.Errorf("the mail to %s (%s) shows %q:\n%s", m.To, m.Subject, s, m.Text)
		}
	}
	tr := read(c, func(tx *archive.Tx) (*archive.Tournament, error) { return tx.TournamentByName("farm") })
	err := published.EachTournament(context.Background(), c.db, []int64{tr.ID}, func(v *view.Tournament) error {
		if s := number.FindString(fmt.Sprintf("%+v", *v)); s != "" {
			t.Errorf("farm's page shows %q: %+v", s, *v)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
