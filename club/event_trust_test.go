package club

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"postal/archive"
	"postal/club/clock"
	"postal/club/published"
	"postal/club/stored"
	"postal/mailer"
	"postal/site/view"
)

// Issue 35, "Tournaments a director can trust": what a director and the
// players meet around the numbers, by mail.

// Finding 1: a check that fails at "start" fails first at "tournament",
// naming the fix; the start's refusal names it too.
func TestEventChecksNameTheFix(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	for _, p := range []string{"alice", "bob", "carol", "dave"} {
		c.register(p)
	}
	// With the field's size given, a Swiss of too many rounds is refused
	// at once, with the rounds it may have.
	says(t, c.reply(c.as("alice", "tournament sw conflagration swiss 4 players 4")), "a Swiss of 4 players has at most 3 rounds", "swiss 3", "players 5")
	// Without it, the reply says how many must enter.
	says(t, c.reply(c.as("alice", "tournament sw conflagration swiss 4")), "It needs at least 5 entrants to start (no pair meets twice in 4 rounds).")
	for _, p := range []string{"bob", "carol", "dave"} {
		c.as(p, "join sw")
	}
	// The start names both ways out: more entrants, or fewer rounds by
	// sending the command again.
	says(t, c.reply(c.as("alice", "start sw")), "a Swiss of 4 players has at most 3 rounds, and sw has 4",
		`"tournament sw conflagration swiss 3" changes it`, "1 more must join")
	says(t, c.reply(c.as("alice", "tournament tri superial-chess multiplayer players=3 round-robin players 8")), "at most 6 players")
	says(t, c.reply(c.as("alice", "tournament tri superial-chess multiplayer players=3 round-robin")), "It needs at least 3 entrants to start.")
	says(t, c.reply(c.as("alice", "start tri")), "tri needs at least 3 entrants to start; it has 1", "2 more must join")
}

// Finding 1: a director cancels an event that has not started; the
// entrants are told; it is listed no more and takes no entry. "cancel ID"
// still withdraws a challenge. A running event is not the director's to
// cancel.
func TestDirectorCancelsEvent(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	for _, p := range []string{"alice", "bob", "carol"} {
		c.register(p)
	}
	c.as("alice", "tournament cup initiative round-robin")
	c.as("bob", "join cup")
	says(t, c.reply(c.as("bob", "cancel cup")), "only its director cancels cup")
	out := c.as("alice", "cancel cup")
	says(t, c.reply(out), "cup is cancelled", "It had not started: no game was played.")
	says(t, to(t, out, "bob@example.org"), "alice, directing cup, cancelled it before it started.")
	says(t, c.reply(c.as("carol", "tournaments")), "No tournament is open or running")
	says(t, c.reply(c.as("carol", "join cup")), "cup is over: it takes no more entries", "alice, directing cup, cancelled it before it started.")
	tr := read(c, func(tx *archive.Tx) (*archive.Tournament, error) { return tx.TournamentByName("cup") })
	if tr.Status != archive.TournamentOver || tr.WinnerID != 0 {
		t.Fatalf("cup is %s, winner %d", tr.Status, tr.WinnerID)
	}
	acts := read(c, func(tx *archive.Tx) ([]archive.Act, error) { return tx.Acts(tr.ID) })
	if !slices.ContainsFunc(acts, func(a archive.Act) bool { return a.Act == "cancel" }) {
		t.Errorf("no cancel in the record: %+v", acts)
	}

	// A challenge is still cancelled by its number.
	ch := to(t, c.as("alice", "challenge bob initiative"), "bob@example.org")
	id := strings.TrimSuffix(strings.TrimPrefix(strings.Fields(ch.Subject)[1], "#"), "]")
	says(t, c.reply(c.as("alice", "cancel "+id)), "challenge #"+id+" cancelled")

	c.as("alice", "tournament ko initiative knockout")
	c.as("bob", "join ko")
	c.as("alice", "start ko")
	says(t, c.reply(c.as("alice", "cancel ko")), "ko has started", "an admin of the club ends it")
}

// Finding 1: the director changes an event's settings before it starts by
// sending "tournament NAME ..." again; the entrants are told; what the
// entrants already make impossible is refused.
func TestDirectorChangesEvent(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	for _, p := range []string{"alice", "bob", "carol", "dave"} {
		c.register(p)
	}
	c.as("alice", "tournament sw conflagration swiss 4")
	for _, p := range []string{"bob", "carol", "dave"} {
		c.as(p, "join sw")
	}
	says(t, c.reply(c.as("bob", "tournament sw initiative knockout")), "there is already a tournament called sw")
	says(t, c.reply(c.as("alice", "tournament sw conflagration swiss 3 players 3")), "sw has 4 entrants", "players 3")
	out := c.as("alice", "tournament sw conflagration swiss 3 days 4")
	says(t, c.reply(out), "tournament sw changed: Conflagration (conflagration order=4), Swiss of 3 rounds, 4 days per move")
	says(t, to(t, out, "bob@example.org"), "alice, directing sw, changed it: Conflagration (conflagration order=4), Swiss of 3 rounds, 4 days per move.", `"leave sw"`)
	tr := read(c, func(tx *archive.Tx) (*archive.Tournament, error) { return tx.TournamentByName("sw") })
	if tr.Settings["rounds"] != 3 || tr.Control != "days 4" {
		t.Fatalf("sw: %d rounds, %s", tr.Settings["rounds"], tr.Control)
	}
	// A field made full starts it, as the last entry would.
	says(t, c.reply(c.as("alice", "tournament sw conflagration swiss 3 players 4")), "The field is full: the tournament has started.", "Round 1 of 3 has started")
	says(t, c.reply(c.as("alice", "tournament sw conflagration swiss 2")), "sw has started: its settings stay")
}

// Finding 1: an admin ends a running event with a reason. Its games in
// progress end unrated and are named in the record and the mails; the
// standings count only the games played out; a game already over stays
// rated.
func TestAdminEndsRunningEvent(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}, Admins: []string{"erin"}})
	for _, p := range []string{"alice", "bob", "carol", "erin"} {
		c.register(p)
	}
	c.as("alice", "tournament cup initiative round-robin")
	c.as("bob", "join cup")
	c.as("carol", "join cup")
	c.as("alice", "start cup")
	games := eventGames(c, 1)
	// Each seat moves, then the first game is resigned: rated.
	first := games[0]
	moveEach(c, t, first.ID)
	n := c.names(c.game(first.ID))
	c.as(n[1], fmt.Sprintf("resign %d", first.ID))
	if rated := ratedSeats(c, first.ID); len(rated) != 2 {
		t.Fatalf("game #%d has %d rated seats", first.ID, len(rated))
	}
	moveEach(c, t, games[1].ID)

	// alice directs cup and plays in it: she is not told that its director
	// may adjudicate, which she may not.
	says(t, c.reply(c.as("alice", "cancel cup a mistake")), "cup has started", "an admin of the club ends it", "A director who does not play in it may adjudicate, extend and remove.")
	says(t, c.reply(c.as("erin", "cancel cup")), "cup has started: ending it needs a reason")
	out := c.as("erin", "cancel cup the club's server lost a week of mail; ask erin@example.org")
	ended := fmt.Sprintf("#%d, #%d", games[1].ID, games[2].ID)
	says(t, c.reply(out), "cup is ended", "erin, an admin of the club, ended cup: the club's server lost a week of mail; ask erin@example.org.",
		"The games in play end unrated and count for nothing: "+ended+".")
	for _, p := range []string{"alice", "bob", "carol"} {
		var over []mailer.Outbound
		for _, m := range mailsTo(out, p) {
			if strings.Contains(m.Subject, "cup is over") {
				over = append(over, m)
			}
		}
		if len(over) != 1 {
			t.Fatalf("%s has %d mails saying cup is over", p, len(over))
		}
		says(t, over[0], "The games in play end unrated and count for nothing: "+ended+".")
	}
	for _, g := range games[1:] {
		row := c.game(g.ID)
		if row.Status != archive.GameOver || !strings.Contains(row.Termination, "cup was ended by erin") {
			t.Errorf("game #%d: %s %q", g.ID, row.Status, row.Termination)
		}
		if rated := ratedSeats(c, g.ID); len(rated) != 0 {
			t.Errorf("game #%d ended by the admin is rated", g.ID)
		}
	}
	tr := read(c, func(tx *archive.Tx) (*archive.Tournament, error) { return tx.TournamentByName("cup") })
	if tr.Status != archive.TournamentOver || tr.WinnerID != 0 || !strings.Contains(tr.Note, ended) {
		t.Fatalf("cup: %s, winner %d, note %q", tr.Status, tr.WinnerID, tr.Note)
	}
	// The record names the games; the standings count one game.
	acts := read(c, func(tx *archive.Tx) ([]archive.Act, error) { return tx.Acts(tr.ID) })
	var void []int64
	for _, a := range acts {
		if a.Act == "void" {
			void = append(void, a.GameID)
		}
	}
	if !slices.Equal(void, []int64{games[1].ID, games[2].ID}) {
		t.Errorf("games void in the record: %v", void)
	}
	// The site says the reason, without the address in it (finding 11).
	dir := buildClubSite(t, c)
	if grepDir(t, dir, "lost a week of mail") == "" {
		t.Error("no page says why cup ended")
	}
	if f := grepDir(t, dir, "erin@example.org"); f != "" {
		t.Errorf("an address is published in %s", f)
	}
	ev := read(c, func(tx *archive.Tx) (*eventView, error) {
		e, err := stored.Event(tx, tr)
		return &eventView{e.Crosstable(), e.Standings()[0].Played + e.Standings()[1].Played + e.Standings()[2].Played}, err
	})
	if ev.played != 2 {
		t.Errorf("the standings count %d seats of games, want 2 (one game)", ev.played)
	}
}

type eventView struct {
	cross  [][]string
	played int
}

// Finding 1: an open event whose director left it lapses after the club's
// days without an entry; its entrants are told, and it is listed no more.
// One whose director is still in it does not.
func TestEventLapses(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}, EventLapseDays: 10})
	for _, p := range []string{"alice", "bob", "carol"} {
		c.register(p)
	}
	c.as("alice", "tournament sw initiative swiss 3")
	c.as("bob", "join sw")
	c.as("carol", "tournament kept initiative round-robin")
	c.as("alice", "leave sw")
	left := c.now
	_, next := c.tick()
	if want := left.Add(10 * clock.Day); !next.Equal(want) {
		t.Fatalf("next due %v, want %v", next, want)
	}
	c.now = next
	out, _ := c.tick()
	says(t, to(t, out, "bob@example.org"), "sw lapsed: its director left it, and no one entered for 10 days.")
	says(t, c.reply(c.as("carol", "tournaments")), "kept:")
	lacks(t, c.reply(c.as("carol", "tournaments")), "sw:")
	tr := read(c, func(tx *archive.Tx) (*archive.Tournament, error) { return tx.TournamentByName("sw") })
	if tr.Status != archive.TournamentOver {
		t.Fatalf("sw is %s", tr.Status)
	}
	if tr := read(c, func(tx *archive.Tx) (*archive.Tournament, error) { return tx.TournamentByName("kept") }); tr.Status != archive.TournamentOpen {
		t.Fatalf("kept is %s", tr.Status)
	}
}

// Finding 2: a knockout's bracket and every standings text name the winner
// of each game by player, not by the score of its seats.
func TestResultsNameTheWinner(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	for _, p := range []string{"alice", "bob", "carol"} {
		c.register(p)
	}
	c.as("alice", "tournament ko initiative knockout")
	c.as("bob", "join ko")
	c.as("bob", "set tournament-news on")
	c.as("alice", "start ko")
	g := eventGames(c, 1)[0]
	n := c.names(g)
	c.as(n[0], fmt.Sprintf("draw %d", g.ID))
	c.as(n[1], fmt.Sprintf("draw %d", g.ID))
	replay := eventGames(c, 1)[1]
	m := c.names(replay)
	// The replay's first seat resigns: the second seat wins, "0-1".
	out := c.as(m[0], fmt.Sprintf("resign %d", replay.ID))
	winner := m[1]
	var over mailer.Outbound
	for _, msg := range mailsTo(out, "bob") {
		if strings.Contains(msg.Subject, "ko is over") {
			over = msg
		}
	}
	says(t, over, fmt.Sprintf("#%d drawn, #%d %s won; %s goes through", g.ID, replay.ID, winner, winner))
	lacks(t, over, "1-0", "0-1", "1/2-1/2")
	tr := read(c, func(tx *archive.Tx) (*archive.Tournament, error) { return tx.TournamentByName("ko") })
	var page *view.Tournament
	if err := published.EachTournament(context.Background(), c.db, []int64{tr.ID}, func(v *view.Tournament) error { page = v; return nil }); err != nil {
		t.Fatal(err)
	}
	var results []string
	for _, r := range page.Rounds {
		for _, vg := range r.Games {
			results = append(results, vg.Result)
		}
	}
	if want := []string{"drawn", winner + " won"}; !slices.Equal(results, want) {
		t.Errorf("the page's results %v, want %v", results, want)
	}

	// A round robin's news names the winner too.
	c.as("alice", "tournament rr initiative round-robin")
	c.as("bob", "join rr")
	c.as("carol", "join rr")
	c.as("alice", "start rr")
	rg := eventGames(c, 2)[0]
	rn := c.names(rg)
	out = c.as(rn[1], fmt.Sprintf("resign %d", rg.ID))
	var news mailer.Outbound
	for _, m := range mailsTo(out, "bob") {
		if strings.Contains(m.Subject, "standings after game") {
			news = m
		}
	}
	says(t, news, fmt.Sprintf("Game #%d of rr is over (%s - %s): %s won.", rg.ID, rn[0], rn[1], rn[0]))
}

// Finding 3: a reply that ends games names each game before its dice and
// ratings.
func TestReplyNamesEachEndedGame(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	for _, p := range []string{"alice", "bob", "carol", "erin"} {
		c.register(p)
	}
	c.as("alice", "tournament cup initiative double-round-robin")
	c.as("bob", "join cup")
	c.as("carol", "join cup")
	c.as("alice", "start cup")
	c.as("alice", "codirector cup erin")
	var carols []int64
	for _, g := range eventGames(c, 1) {
		if slices.Contains(c.names(g), "carol") {
			carols = append(carols, g.ID)
			moveEach(c, t, g.ID)
		}
	}
	reply := c.reply(c.as("erin", "remove carol from cup no answer to mail for a month"))
	text := squash(reply.Text)
	for _, id := range carols {
		over := strings.Index(text, fmt.Sprintf("Game #%d is over: ", id))
		dice := strings.Index(text, fmt.Sprintf("Fair dice: the seed of game #%d was", id))
		if over < 0 || dice < 0 || over > dice {
			t.Errorf("game #%d: its end at %d, its dice at %d:\n%s", id, over, dice, reply.Text)
		}
		if next := strings.Index(text[over+1:], "Game #"); next >= 0 && over+1+next < dice {
			t.Errorf("another game's line stands between game #%d's end and its dice:\n%s", id, reply.Text)
		}
	}
}
