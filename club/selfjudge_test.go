package club

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"postal/archive"
	"postal/club/clock"
)

// Issue 32, found 6: a director adjudicated their own game, a rated win,
// again and again. Now no director (organiser, co-director, admin) judges a
// game they play in, nor removes players from a tournament they play in;
// the refusal names who can act instead.
func TestNoOneJudgesTheirOwnGame(t *testing.T) {
	c := newClub(t, Options{Admins: []string{"carol", "bob"}, ReminderPoints: []clock.Point{}})
	for _, p := range []string{"alice", "bob", "carol", "dave"} {
		c.register(p)
	}
	c.as("alice", "tournament farm takeaway round-robin players 2 days 3")
	c.as("bob", "join farm")
	games := eventGames(c, 1)
	if len(games) != 1 {
		t.Fatalf("farm has %d games", len(games))
	}
	id := games[0].ID
	before := c.state()
	// The organiser and bob, an admin, both play in it.
	for _, who := range []string{"alice", "bob"} {
		for _, act := range []string{fmt.Sprintf("adjudicate %d 1-0", id), fmt.Sprintf("extend %d 3", id)} {
			says(t, to(t, c.as(who, act), who+"@example.org"), fmt.Sprintf("you play in game #%d", id), "A director does not judge their own game", "carol (an admin of the club) can")
		}
	}
	says(t, to(t, c.as("alice", "remove bob from farm slow"), "alice@example.org"), "you play in farm", "carol (an admin of the club) can")
	c.unchanged(before, "the players' own acts as directors")
	// Only the organiser names co-directors; the co-director acts.
	says(t, to(t, c.as("dave", "codirector farm dave"), "dave@example.org"), "you do not organise farm")
	says(t, to(t, c.as("alice", "codirector farm dave"), "alice@example.org"), "dave directs farm")
	says(t, to(t, c.as("dave", fmt.Sprintf("extend %d 2", id)), "dave@example.org"), fmt.Sprintf("game #%d extended by 2 days", id))
	says(t, to(t, c.as("alice", "codirector farm dave off"), "alice@example.org"), "dave no longer directs farm")
	says(t, to(t, c.as("dave", fmt.Sprintf("adjudicate %d 1-0", id)), "dave@example.org"), "you do not direct farm")
	// carol, an admin who does not play, judges it.
	says(t, to(t, c.as("carol", fmt.Sprintf("adjudicate %d draw", id)), "carol@example.org"), fmt.Sprintf("game #%d adjudicated", id))
	if g := c.game(id); g.Status != archive.GameOver {
		t.Errorf("game #%d: %s", id, g.Status)
	}
}

// Issue 32, second round, found 11: a director who played in an event
// could still judge its games between the others, whose results decide
// their own place. A director (organiser, co-director or admin) who is an
// entrant of an event does not adjudicate, extend or remove in it at all.
func TestNoEntrantJudgesTheirEvent(t *testing.T) {
	c := newClub(t, Options{Admins: []string{"carol"}, ReminderPoints: []clock.Point{}})
	for _, p := range []string{"alice", "bob", "carol", "dave", "erin"} {
		c.register(p)
	}
	c.as("alice", "tournament farm takeaway round-robin players 4 days 3")
	c.as("alice", "codirector farm dave")
	for _, p := range []string{"bob", "dave", "erin"} {
		c.as(p, "join farm")
	}
	games := eventGames(c, 1)
	if len(games) < 2 {
		t.Fatalf("farm has %d games", len(games))
	}
	before := c.state()
	var others int64
	for _, who := range []string{"alice", "dave"} {
		p := read(c, func(tx *archive.Tx) (*archive.Player, error) { return tx.PlayerByName(who) })
		others = 0
		for _, g := range games {
			if !slices.Contains(g.Players, p.ID) {
				others = g.ID
			}
		}
		if others == 0 {
			t.Fatalf("%s plays in every game of round 1", who)
		}
		for _, act := range []string{fmt.Sprintf("adjudicate %d 1-0", others), fmt.Sprintf("extend %d 3", others)} {
			says(t, to(t, c.as(who, act), who+"@example.org"), "you play in farm", "A director who plays in an event does not judge its games", "carol (an admin of the club) can")
		}
	}
	says(t, to(t, c.as("dave", "remove bob from farm slow"), "dave@example.org"), "you play in farm", "carol (an admin of the club) can")
	c.unchanged(before, "the entrants' acts as directors")
	says(t, to(t, c.as("carol", fmt.Sprintf("extend %d 2", others)), "carol@example.org"), fmt.Sprintf("game #%d extended by 2 days", others))
}

// A co-director named while they play in the event is named, and the
// answer says they can do nothing as its director while they play (a
// stranger's trial named one and was told nothing; the mail to them said
// they might remove players).
func TestCodirectorWhoPlaysIsWarned(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	fourEnter(c, "cup", "conflagration round-robin players 4")
	out := c.as("alice", "codirector cup dave")
	says(t, c.reply(out), "dave plays in cup: they can do nothing as its director until they leave it")
	says(t, to(t, out, "dave@example.org"), "but none of these while you play in it")
	c.register("zed")
	if r := c.reply(c.as("alice", "codirector cup zed")); strings.Contains(r.Text, "plays in cup") {
		t.Errorf("zed, who does not play, is said to play:\n%s", r.Text)
	}
}

// A refusal names only directors who can act: one who plays in the event,
// though not in the game, is refused too, so it does not name them; when
// no director can, it says so and names the club's admins.
func TestRefusalNamesOnlyWhoCanAct(t *testing.T) {
	c := newClub(t, Options{Admins: []string{"erin"}, ReminderPoints: []clock.Point{}})
	for _, p := range []string{"mallory", "bob", "dave", "erin"} {
		c.register(p)
	}
	c.as("mallory", "tournament farm takeaway round-robin players 4 days 3")
	c.as("mallory", "codirector farm dave")
	for _, p := range []string{"bob", "dave", "erin"} {
		c.as(p, "join farm")
	}
	dave := read(c, func(tx *archive.Tx) (*archive.Player, error) { return tx.PlayerByName("dave") })
	var own int64
	for _, g := range eventGames(c, 1) {
		if slices.Contains(g.Players, dave.ID) {
			own = g.ID
		}
	}
	if own == 0 {
		t.Fatal("dave plays no game of round 1")
	}
	got := to(t, c.as("dave", fmt.Sprintf("adjudicate %d 1-0", own)), "dave@example.org")
	says(t, got, fmt.Sprintf("you play in game #%d", own), "No director who does not play in farm can act", "an admin of the club: erin")
	if strings.Contains(strings.Join(strings.Fields(got.Text), " "), "mallory (its organiser) can") {
		t.Errorf("the refusal names mallory, who plays in farm:\n%s", got.Text)
	}
}
