package club

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"postal/archive"
	"postal/club/accounts"
	"postal/club/clock"
	"postal/club/published"
	"postal/club/rating"
	"postal/docs"
	"postal/mailer"
)

// The league players of the tests, in the order they enter: with no
// ratings yet, the order of entry seeds them.
var leaguers = []string{"alice", "bob", "carol", "dave", "erin", "frank", "gina", "hank", "ian"}

// tournamentID is the number of the tournament (league, ladder) called name.
func tournamentID(c *club, name string) int64 {
	c.t.Helper()
	return read(c, func(tx *archive.Tx) (*archive.Tournament, error) { return tx.TournamentByName(name) }).ID
}

// divisions reads the divisions of season of league id, by name.
func divisions(c *club, id int64, season int) [][]string {
	c.t.Helper()
	places := read(c, func(tx *archive.Tx) ([]archive.LeaguePlace, error) { return tx.LeaguePlaces(id, season) })
	var out [][]string
	for _, p := range places {
		for len(out) < p.Division {
			out = append(out, nil)
		}
		name := read(c, func(tx *archive.Tx) (*archive.Player, error) { return tx.PlayerByID(p.PlayerID) }).Name
		out[p.Division-1] = append(out[p.Division-1], name)
	}
	return out
}

// seasonGames are the games of season of tournament id.
func seasonGames(c *club, id int64, season int) []*archive.Game {
	c.t.Helper()
	var out []*archive.Game
	for _, g := range eventGames(c, id) {
		place := read(c, func(tx *archive.Tx) (archive.TournamentGame, error) {
			_, p, err := tx.TournamentOfGame(g.ID)
			return p, err
		})
		if place.Round == season {
			out = append(out, g)
		}
	}
	return out
}

// playOut plays game id by mail as the acceptance asks: a move by each
// player, then resignations, the player later in leaguers first, so that
// the one earliest in leaguers wins. It returns the mails the last
// resignation sent.
func playOut(c *club, t *testing.T, id int64) []mailer.Outbound {
	t.Helper()
	moveEach(c, t, id)
	order := slices.Clone(c.names(c.game(id)))
	slices.SortFunc(order, func(a, b string) int { return slices.Index(leaguers, b) - slices.Index(leaguers, a) })
	var out []mailer.Outbound
	for _, loser := range order[:len(order)-1] {
		out = c.as(loser, fmt.Sprintf("resign %d", id))
		says(c.t, c.reply(out), "resign")
	}
	if g := c.game(id); g.Status != archive.GameOver {
		c.t.Fatalf("game %d goes on after the resignations", id)
	}
	return out
}

// playSeason plays out every game of season of league id and returns the
// mails the last game's end sent.
func playSeason(c *club, t *testing.T, id int64, season int) []mailer.Outbound {
	t.Helper()
	var out []mailer.Outbound
	for _, g := range seasonGames(c, id, season) {
		out = playOut(c, t, g.ID)
	}
	return out
}

// seasonMails are the mails of out about season of league name, by
// addressee; it fails the test when one has two.
func seasonMails(t *testing.T, out []mailer.Outbound, name string, season int) map[string]mailer.Outbound {
	t.Helper()
	got := map[string]mailer.Outbound{}
	for _, m := range out {
		if !strings.HasPrefix(m.Subject, fmt.Sprintf("[postal] %s: season %d, division ", name, season)) {
			continue
		}
		who, _, _ := strings.Cut(m.To, "@")
		if _, twice := got[who]; twice {
			t.Errorf("%s has two mails about season %d", who, season)
		}
		got[who] = m
	}
	return got
}

// mailsOf counts the mails of out to who, but the reply to the last mail
// handled.
func mailsOf(c *club, out []mailer.Outbound, who string) int {
	n := 0
	for _, m := range out {
		if m.To == who+"@example.org" && m.InReplyTo != fmt.Sprintf("m%d@client.test", c.n) {
			n++
		}
	}
	return n
}

// newLeague registers the first n leaguers; alice makes league name as
// proposal says and the others join it.
func newLeague(c *club, n int, name, proposal string) int64 {
	c.t.Helper()
	for _, p := range leaguers[:n] {
		c.register(p)
	}
	says(c.t, c.reply(c.as("alice", "league "+name+" "+proposal)), "league "+name+":", "You direct it and are its first entrant")
	for _, p := range leaguers[1:n] {
		says(c.t, c.reply(c.as(p, "join "+name)), p+" has entered "+name)
	}
	return tournamentID(c, name)
}

// Issue 37, acceptance: eight players in a league of size 4, promote 1,
// break 0. Season 1 plays its 12 games (a move each, then a resignation);
// its last game's end begins season 2 by itself, with the winner of
// division 2 and the last of division 1 swapped, and every player has one
// mail that names their new division, opponents and games. The games'
// Subjects and records name the season and the division.
func TestLeagueByMail(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	id := newLeague(c, 8, "spring", "takeaway pile=99 size 4 promote 1 break 0 days 5")
	out := c.as("alice", "start spring")
	says(t, c.reply(out), "spring has started", "Season 1 has begun: 2 divisions, 12 games")
	mails := seasonMails(t, out, "spring", 1)
	for _, p := range leaguers[:8] {
		m, ok := mails[p]
		if !ok {
			t.Fatalf("%s has no mail about season 1", p)
		}
		if n := mailsOf(c, out, p); n != 1 {
			t.Errorf("%s has %d mails as season 1 begins, want 1", p, n)
		}
		if slices.Index(leaguers, p) < 4 {
			says(t, m, "you play in division 1 of 2")
		} else {
			says(t, m, "you play in division 2 of 2")
		}
	}
	says(t, mails["erin"], "Season 1 of spring has begun: you play in division 2 of 2, with frank, gina and hank.", "\"move ", "seed player")
	if got := fmt.Sprint(divisions(c, id, 1)); got != "[[alice bob carol dave] [erin frank gina hank]]" {
		t.Fatalf("season 1: %s", got)
	}
	games := seasonGames(c, id, 1)
	if len(games) != 12 {
		t.Fatalf("season 1 has %d games, want 12", len(games))
	}
	// A game's mails and record name its season and division.
	g := games[0]
	out = c.as(c.names(g)[0], fmt.Sprintf("move %d t1", g.ID))
	for _, m := range out {
		if m.To == c.names(g)[1]+"@example.org" && !strings.HasSuffix(m.Subject, "(spring, season 1, division 1)") {
			t.Errorf("a league game's Subject: %q", m.Subject)
		}
	}
	rec := c.reply(c.as("alice", fmt.Sprintf("record %d", g.ID)))
	says(t, rec, `[Event "spring"]`, `[EventRound "season 1, division 1"]`)

	out = playSeason(c, t, id, 1)
	mails = seasonMails(t, out, "spring", 2)
	if got := fmt.Sprint(divisions(c, id, 2)); got != "[[alice bob carol erin] [dave frank gina hank]]" {
		t.Fatalf("season 2: %s, want erin and dave swapped", got)
	}
	for _, p := range leaguers[:8] {
		if _, ok := mails[p]; !ok {
			t.Errorf("%s has no mail about season 2", p)
		}
	}
	says(t, mails["erin"], "Season 2 of spring has begun: you play in division 1 of 2, with alice, bob and carol.",
		"In season 1 you finished 1st of 4 in division 2, with 3 points: you move up to division 1.")
	says(t, mails["dave"], "you play in division 2 of 2, with frank, gina and hank", "In season 1 you finished 4th of 4 in division 1, with 0 points: you move down to division 2.")
	says(t, mails["bob"], "you stay in division 1")
	// Every game was rated: erin, who won all three, stands above the
	// unrated 1500, hank, who lost all three, below.
	list := rating.ListOf("takeaway", "standard")
	for who, above := range map[string]bool{"erin": true, "hank": false} {
		p := read(c, func(tx *archive.Tx) (*archive.Player, error) { return tx.PlayerByName(who) })
		r := read(c, func(tx *archive.Tx) (float64, error) {
			r, _, err := tx.Rating(p.ID, list)
			return r, err
		})
		if (r > 1500) != above {
			t.Errorf("%s's rating after season 1: %.0f", who, r)
		}
	}
	if n := len(seasonGames(c, id, 2)); n != 12 {
		t.Errorf("season 2 has %d games", n)
	}
	says(t, c.reply(c.as("gina", "standings spring")), "spring: season 2, 12 games in play.", "division 1", "division 2", "erin", "top 1 of each division move up")
	says(t, c.reply(c.as("gina", "tournaments")), "- spring: Takeaway", "season 2")
}

// Issue 37: a ninth player who joins during season 1 starts season 2 at
// the bottom. The rule: a league of n players in divisions of size has
// n/size divisions rounded up, as equal as can be, so nine in divisions of
// 4 make three divisions of three; division 1 sends down its lowest who
// stayed, and the newcomer plays in division 3.
func TestLeagueNewcomer(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	id := newLeague(c, 8, "spring", "takeaway pile=99 size 4 promote 1 break 0 days 5")
	c.as("alice", "start spring")
	c.register("ian")
	says(t, c.reply(c.as("ian", "join spring")), "ian has entered spring", "ian plays from season 2, in the bottom division (placed by rating)")
	says(t, c.reply(c.as("ian", "leave spring")), "you have left spring", "You played no game of spring yet")
	says(t, c.reply(c.as("ian", "join spring")), "ian has entered spring")
	says(t, c.reply(c.as("hank", "leave spring")), "you leave spring after season 1", "Your games of season 1 go on")
	says(t, c.reply(c.as("hank", "leave spring")), "you leave spring after season 1 already")
	out := playSeason(c, t, id, 1)
	if got := fmt.Sprint(divisions(c, id, 2)); got != "[[alice bob carol erin] [dave frank gina ian]]" {
		t.Errorf("season 2, hank gone and ian come: %s", got)
	}
	mails := seasonMails(t, out, "spring", 2)
	if _, ok := mails["hank"]; ok {
		t.Error("hank, who left, has a mail about season 2")
	}
	says(t, mails["ian"], "You are new to the league: you enter at the bottom, placed by your rating.")
	says(t, mails["carol"], "you stay in division 1")
}

// The ninth without a departure: three divisions of three.
func TestLeagueNinthMakesADivision(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	id := newLeague(c, 9, "spring", "takeaway pile=99 size 4 promote 1 break 0 days 5")
	// Nine before the start: the ninth, last by entry, fills division 3;
	// the start says so, beside the size asked (a stranger's trial read "a
	// league in divisions of 4, 1 up and down a season of 9 players").
	out := c.as("alice", "start spring")
	says(t, c.reply(out), "spring is a league in divisions of 4, 1 up and down a season, of 9 players: 3 divisions of 3 players this season.")
	if got := fmt.Sprint(divisions(c, id, 1)); got != "[[alice bob carol] [dave erin frank] [gina hank ian]]" {
		t.Errorf("season 1 of nine: %s", got)
	}
}

// ladderOrder reads the order of ladder id, by name.
func ladderOrder(c *club, id int64) []string {
	c.t.Helper()
	entrants := read(c, func(tx *archive.Tx) ([]archive.Entrant, error) { return tx.Entrants(id) })
	slices.SortFunc(entrants, func(a, b archive.Entrant) int { return a.Seed - b.Seed })
	var out []string
	for _, e := range entrants {
		if e.Status == archive.EntrantIn && e.Seed > 0 {
			out = append(out, read(c, func(tx *archive.Tx) (*archive.Player, error) { return tx.PlayerByID(e.PlayerID) }).Name)
		}
	}
	return out
}

// Issue 37, acceptance: a ladder of four, reach 2. A climb three places up
// is refused, naming whom the player may climb; the 4th climbs the 2nd,
// the game starting at once, wins, and the order becomes 1, 4, 2, 3; the
// players whose places changed are told.
func TestLadderByMail(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	for _, p := range leaguers[:4] {
		c.register(p)
	}
	says(t, c.reply(c.as("alice", "ladder top takeaway pile=99 reach 2 days 3")), "ladder top: Takeaway (standard dice=off pile=99), ladder: climb up to 2 places, 3 days per move",
		"You direct it and are 1st", "climb top PLAYER")
	says(t, c.reply(c.as("bob", "join top")), "bob has entered top", "bob is 2nd of 2, at the bottom of the ladder.", "You may climb alice (1st).")
	c.as("carol", "join top")
	says(t, c.reply(c.as("dave", "join top")), "dave is 4th of 4", "You may climb bob (2nd) or carol (3rd).")
	id := tournamentID(c, "top")
	if got := fmt.Sprint(ladderOrder(c, id)); got != "[alice bob carol dave]" {
		t.Fatalf("the ladder: %s", got)
	}
	says(t, c.reply(c.as("dave", "climb top alice")), "Error", "alice is 3 places above you; on top a climb reaches at most 2 places", "You may climb bob (2nd) or carol (3rd).")
	says(t, c.reply(c.as("bob", "climb top carol")), "carol is 3rd, below you (2nd): a climb goes up")
	says(t, c.reply(c.as("dave", "start top")), "top is a ladder: it runs from the day it was made")
	out := c.as("dave", "climb top bob")
	reply := c.reply(out)
	says(t, reply, "climb 1 of top: game #", "has started", "You are 4th and climb bob, 2nd")
	if !strings.Contains(reply.Subject, "(top, climb 1)") {
		t.Errorf("the climb's reply joins its game's conversation: %q", reply.Subject)
	}
	says(t, to(t, out, "bob@example.org"), "dave (4th) climbs you (2nd) on top")
	if n := mailsOf(c, out, "dave"); n != 0 {
		t.Errorf("dave has %d mails besides the reply", n)
	}
	games := eventGames(c, id)
	if len(games) != 1 {
		t.Fatalf("%d games after the climb", len(games))
	}
	says(t, c.reply(c.as("dave", "climb top carol")), "your climb of bob (game #", "is still being played")
	says(t, c.reply(c.as("carol", "standings top")), "top: 4 players on the ladder, 1 game in play.", "1st alice", "4th dave", "In play: dave climbs bob")
	g := games[0]
	names := c.names(g)
	c.as(names[0], fmt.Sprintf("move %d t1", g.ID))
	c.as(names[1], fmt.Sprintf("move %d t1", g.ID))
	out = c.as("bob", fmt.Sprintf("resign %d", g.ID))
	if got := fmt.Sprint(ladderOrder(c, id)); got != "[alice dave bob carol]" {
		t.Fatalf("after dave beat bob: %s, want alice dave bob carol", got)
	}
	for who, place := range map[string]string{"dave": "You are now 2nd.", "bob": "You are now 3rd.", "carol": "You are now 4th."} {
		var found bool
		for _, m := range out {
			if m.To == who+"@example.org" && m.Subject == "[postal] top: dave takes 2nd place" {
				found = true
				says(t, m, "dave beat bob in game #", "takes 2nd place on top (from 4th).", place)
			}
		}
		if !found {
			t.Errorf("%s is not told of dave's climb", who)
		}
	}
	for _, m := range out {
		if m.To == "alice@example.org" {
			t.Errorf("alice, whose place did not change, has a mail: %s", m.Subject)
		}
	}
	// A lost climb changes nothing.
	c.as("carol", "climb top bob")
	g = eventGames(c, id)[1]
	c.as(c.names(g)[0], fmt.Sprintf("move %d t1", g.ID))
	c.as("carol", fmt.Sprintf("resign %d", g.ID))
	if got := fmt.Sprint(ladderOrder(c, id)); got != "[alice dave bob carol]" {
		t.Errorf("after carol lost her climb: %s", got)
	}
	says(t, c.reply(c.as("alice", fmt.Sprintf("record %d", g.ID))), `[Event "top"]`, `[EventRound "climb 2"]`)
	// A ladder is for games of two.
	says(t, c.reply(c.as("alice", "ladder trio superial-chess multiplayer players=3")), "Superial Chess", "is a game of 3: a ladder's climbs are games of two", "league trio superial-chess")
	// Its suggestion is a league the club takes: a stranger's trial was
	// told "size 8" for tables of four, which a division cannot hold.
	quad := c.reply(c.as("alice", "ladder quad superial-chess multiplayer players=4"))
	m := regexp.MustCompile(`"(league quad [^"]+)"`).FindStringSubmatch(strings.Join(strings.Fields(quad.Text), " "))
	if m == nil {
		t.Fatalf("no league suggested:\n%s", quad.Text)
	}
	if got := c.reply(c.as("alice", m[1])); strings.Contains(got.Text, "Error:") {
		t.Errorf("the league suggested (%s) is refused:\n%s", m[1], got.Text)
	}
	// Leaving: those below move up.
	says(t, c.reply(c.as("dave", "leave top")), "you have left top", "Those below you move up one place.")
	if got := fmt.Sprint(ladderOrder(c, id)); got != "[alice bob carol]" {
		t.Errorf("after dave left: %s", got)
	}
	// The last leaves: nobody moves up; coming back puts them at the
	// bottom, as the answer says.
	left := c.reply(c.as("carol", "leave top"))
	says(t, left, "you have left top", `"join top" puts you back, at the bottom.`)
	if strings.Contains(left.Text, "move up") {
		t.Errorf("the last player's leaving says those below move up:\n%s", left.Text)
	}
	c.as("carol", "join top")
	if got := fmt.Sprint(ladderOrder(c, id)); got != "[alice bob carol]" {
		t.Errorf("after carol left and came back: %s", got)
	}
}

// Issue 37, acceptance: a league of tables of three (Superial Chess
// multiplayer) over two seasons: six players in two divisions of three,
// one table each a season; the winner of division 2 and the last of
// division 1 swap, and season 3 begins after season 2.
func TestLeagueOfTablesByMail(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	id := newLeague(c, 6, "trio", "superial-chess multiplayer players=3 size 3 promote 1 break 0 days 5")
	out := c.as("alice", "start trio")
	says(t, c.reply(out), "Season 1 has begun: 2 divisions, 2 games")
	if len(seasonMails(t, out, "trio", 1)) != 6 {
		t.Errorf("season 1 of tables: mails to %v", seasonMails(t, out, "trio", 1))
	}
	games := seasonGames(c, id, 1)
	if len(games) != 2 || len(games[0].Players) != 3 {
		t.Fatalf("season 1: %d games", len(games))
	}
	out = playSeason(c, t, id, 1)
	if got := fmt.Sprint(divisions(c, id, 2)); got != "[[alice bob dave] [carol erin frank]]" {
		t.Fatalf("season 2 of tables: %s", got)
	}
	if mails := seasonMails(t, out, "trio", 2); len(mails) != 6 {
		t.Errorf("season 2 mails to %d players", len(mails))
	} else {
		says(t, mails["dave"], "you move up to division 1")
		says(t, mails["carol"], "you move down to division 2")
	}
	out = playSeason(c, t, id, 2)
	if got := fmt.Sprint(divisions(c, id, 3)); got != "[[alice bob carol] [dave erin frank]]" {
		t.Errorf("season 3 of tables: %s", got)
	}
	if len(seasonMails(t, out, "trio", 3)) != 6 {
		t.Error("season 3 is not announced to every player")
	}
}

// Issue 37: a season starts by itself break days after the last game of
// the one before ends. The clock sleeps until then (Tick names the time)
// and acts then, not before; a season's deadline draws its unfinished
// games and ends it.
func TestLeagueBreakAndDeadline(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	id := newLeague(c, 4, "autumn", "takeaway pile=99 size 4 promote 1 break 2 season 30 untimed")
	c.as("alice", "start autumn")
	_, next := c.tick()
	if deadline := c.now.Add(30 * clock.Day); !next.Equal(deadline) {
		t.Errorf("the clock sleeps until %v, not the season's deadline %v", next, deadline)
	}
	out := playSeason(c, t, id, 1)
	if mails := seasonMails(t, out, "autumn", 2); len(mails) != 0 {
		t.Fatalf("season 2 began at once despite the break: %d mails", len(mails))
	}
	ended := c.now
	out, next = c.tick()
	if len(out) != 0 || !next.Equal(ended.Add(2*clock.Day)) {
		t.Fatalf("during the break: %d mails, next due %v, want %v", len(out), next, ended.Add(2*clock.Day))
	}
	c.now = next.Add(-time.Minute)
	if out, _ = c.tick(); len(out) != 0 {
		t.Fatalf("a minute before the break ends: %d mails", len(out))
	}
	c.now = next
	out, next = c.tick()
	if mails := seasonMails(t, out, "autumn", 2); len(mails) != 4 {
		t.Fatalf("season 2 at the end of the break: mails to %d players", len(mails))
	}
	if !next.Equal(c.now.Add(30 * clock.Day)) {
		t.Errorf("after season 2 began, the clock sleeps until %v", next)
	}
	// Season 2 reaches its deadline with every game unfinished: they are
	// drawn, and season 3 begins after the break.
	c.now = c.now.Add(30 * clock.Day)
	c.tick()
	for _, g := range seasonGames(c, id, 2) {
		g = c.game(g.ID)
		if g.Status != archive.GameOver || g.Result != "1/2-1/2" || !strings.Contains(g.Termination, "unfinished at the deadline of season 2") {
			t.Errorf("game %d at the deadline: %s %s %q", g.ID, g.Status, g.Result, g.Termination)
		}
	}
	lg := read(c, func(tx *archive.Tx) (*archive.League, error) { return tx.LeagueOf(id) })
	if !lg.Between || !lg.Due.Equal(c.now.Add(2*clock.Day)) {
		t.Errorf("after the deadline: %+v", lg)
	}
}

// A season's deadline draws its unfinished games and, with no break, the
// next begins at once: each player reads their game's end before the new
// season's mail, not after it (a stranger's trial found them reversed).
func TestLeagueDeadlineMailsInOrder(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	newLeague(c, 4, "quick", "takeaway pile=99 size 2 promote 1 break 0 season 2 untimed")
	c.as("alice", "start quick")
	c.now = c.now.Add(2 * clock.Day)
	out, _ := c.tick()
	if n := len(seasonMails(t, out, "quick", 2)); n != 4 {
		t.Fatalf("season 2 at the deadline: mails to %d players", n)
	}
	for _, p := range leaguers[:4] {
		ended, season := -1, -1
		for i, m := range mailsTo(out, p) {
			switch {
			case strings.Contains(m.Text, "unfinished at the deadline of season 1"):
				ended = i
			case strings.HasPrefix(m.Subject, "[postal] quick: season 2"):
				season = i
			}
		}
		if ended < 0 || season < 0 || ended > season {
			t.Errorf("%s's mails: the game's end at %d, season 2's at %d", p, ended, season)
		}
	}
}

// Issue 37: a ladder's player idle for its idle days drops one place, then
// one more a month, below the first who plays; the clock sleeps until the
// next drop.
func TestLadderIdleDrops(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	for _, p := range leaguers[:3] {
		c.register(p)
	}
	c.as("alice", "ladder top takeaway pile=99 reach 2 idle 10 days 3")
	c.as("bob", "join top")
	c.as("carol", "join top")
	id := tournamentID(c, "top")
	_, next := c.tick()
	if !next.Equal(c.now.Add(10*clock.Day - 2*time.Minute)) {
		t.Fatalf("the clock sleeps until %v, want alice's drop 10 days after she made the ladder", next)
	}
	c.now = next
	out, next := c.tick()
	if got := fmt.Sprint(ladderOrder(c, id)); got != "[bob alice carol]" {
		t.Fatalf("after alice's idle days: %s", got)
	}
	says(t, to(t, out, "alice@example.org"), "you drop one place, to 2nd, and bob moves up")
	// bob and carol, idle as long (they joined a minute and two later),
	// have nowhere to go: those below them are idle too. Their drops are
	// spent all the same, and the next falls due a month on.
	for range 2 {
		c.now = next
		if out, next = c.tick(); len(out) != 0 {
			t.Errorf("a drop in place sent %d mails", len(out))
		}
	}
	if got := fmt.Sprint(ladderOrder(c, id)); got != "[bob alice carol]" {
		t.Errorf("after bob's and carol's idle days: %s", got)
	}
	if next.Before(c.now.Add(29 * clock.Day)) {
		t.Errorf("the next drop falls due %v, not a month on", next)
	}
}

// The worked examples of docs/commands.md, "Leagues and ladders", are what
// postal answers: each block after "postal answers:" is in the reply to
// its commands (lines starting "> "), as written.
func TestLeagueDocsAsPrinted(t *testing.T) {
	_, part, _ := strings.Cut(docs.Commands(), "\n## Leagues and ladders\n")
	part, _, _ = strings.Cut(part, "\n## ")
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	for _, p := range leaguers[:4] {
		c.register(p)
	}
	blocks := strings.Split(part, "postal answers:\n")
	if len(blocks) != 4 {
		t.Fatalf("%d worked examples, want 3", len(blocks)-1)
	}
	for i, b := range blocks[1:] {
		var block []string
		for _, line := range strings.Split(strings.TrimLeft(b, "\n"), "\n") {
			if !strings.HasPrefix(line, "    ") {
				break
			}
			block = append(block, strings.TrimPrefix(line, "    "))
		}
		var cmds []string
		for _, line := range block {
			if strings.HasPrefix(line, "> ") {
				cmds = append(cmds, strings.TrimPrefix(line, "> "))
			}
		}
		who := map[int]string{0: "alice", 1: "alice", 2: "dave"}[i]
		if i == 2 {
			for _, p := range []string{"bob", "carol", "dave"} {
				c.as(p, "join top")
			}
		}
		reply := c.reply(c.as(who, strings.Join(cmds, "\n")))
		if !strings.Contains(squash(reply.Text), squash(strings.Join(block, "\n"))) {
			t.Errorf("example %d is not what postal answers:\n%s\n--- postal answers:\n%s", i+1, strings.Join(block, "\n"), reply.Text)
		}
	}
}

// Issue 37: a league reuses what tournaments have. Its director, who plays
// in it, judges none of their own games and removes no one; a co-director
// does both. A removed player does not come back by joining; one who left
// does. The games are rated, and the ratings place the newcomers.
func TestLeagueDirectors(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	id := newLeague(c, 4, "spring", "takeaway pile=99 size 4 promote 1 break 0 days 5")
	c.as("alice", "start spring")
	var mine, theirs int64
	for _, g := range seasonGames(c, id, 1) {
		if slices.Contains(c.names(g), "alice") {
			mine = g.ID
		} else {
			theirs = g.ID
		}
	}
	says(t, c.reply(c.as("alice", fmt.Sprintf("adjudicate %d 1-0", mine))), fmt.Sprintf("you play in game #%d", mine), "A director does not judge their own game")
	says(t, c.reply(c.as("alice", "remove dave from spring no moves")), "you play in spring")
	c.register("zoe")
	c.as("alice", "codirector spring zoe")
	says(t, c.reply(c.as("zoe", fmt.Sprintf("adjudicate %d 1-0", theirs))), fmt.Sprintf("game #%d adjudicated: 1-0", theirs))
	says(t, c.reply(c.as("zoe", "remove dave from spring no moves for a month")), "dave removed from spring")
	says(t, c.reply(c.as("dave", "join spring")), "dave was removed from spring: no moves for a month", "does not come back by joining")
	says(t, c.reply(c.as("carol", "leave spring")), "you leave spring after season 1")
	says(t, c.reply(c.as("carol", "join spring")), "carol stays in spring", "no longer leaves after season 1")
	if g := c.game(theirs); g.Result != "1-0" {
		t.Errorf("the co-director's adjudication: %s", g.Result)
	}
}

// Issue 37: an archive main left (schema version 50, before leagues) takes
// migration 060 on opening; its tournament goes on as before, and a league
// and a ladder are made and played beside it.
func TestLeagueOnAnArchiveOfMain(t *testing.T) {
	path := filepath.Join(t.TempDir(), "postal.db")
	if err := archive.CreateAt(context.Background(), path, 50); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]string{}
	at := "2026-11-01T09:00:00.000Z"
	for i, p := range leaguers[:4] {
		keys[p] = fmt.Sprintf("oldkey%014d", i)
		if _, err := db.Exec(`INSERT INTO players (id, name, address, key_hash, created) VALUES (?, ?, ?, ?, ?)`, i+1, p, p+"@example.org", accounts.HashKey(keys[p]), at); err != nil {
			t.Fatal(err)
		}
	}
	_, err = db.Exec(`INSERT INTO tournaments (id, name, director_id, game, config, format, days, control, status, created, updated) VALUES (1, 'cup', 1, 'takeaway', 'standard dice=off pile=99', 'round-robin', 3, 'days 3', 'open', ?, ?)`, at, at)
	if err == nil {
		_, err = db.Exec(`INSERT INTO entrants (tournament_id, player_id, joined) VALUES (1, 1, ?), (1, 2, ?)`, at, at)
	}
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	c := clubAt(t, path, Options{ReminderPoints: []clock.Point{}})
	c.keys = keys
	says(t, c.reply(c.as("bob", "standings cup")), "cup is open, with 2 entrants")
	says(t, c.reply(c.as("alice", "league spring takeaway pile=99 size 2 promote 1 break 0 days 5")), "league spring:")
	for _, p := range leaguers[1:4] {
		c.as(p, "join spring")
	}
	c.as("alice", "start spring")
	id := tournamentID(c, "spring")
	playSeason(c, t, id, 1)
	if got := fmt.Sprint(divisions(c, id, 2)); got != "[[alice carol] [bob dave]]" {
		t.Errorf("season 2 on the upgraded archive: %s", got)
	}
	says(t, c.reply(c.as("carol", "ladder top takeaway reach 1")), "ladder top:")
	says(t, c.reply(c.as("alice", "join cup")), "alice is already in cup")
}

// Issue 37: a league of many need not hear of each player who goes: one
// removed is news to their division and the director alone.
func TestLeagueRemovalToldToTheDivision(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	newLeague(c, 8, "spring", "takeaway pile=99 size 4 promote 1 break 0 days 5")
	c.as("alice", "start spring")
	c.register("zoe")
	c.as("alice", "codirector spring zoe")
	out := c.as("zoe", "remove gina from spring no moves for a month")
	var told []string
	for _, m := range out {
		if m.Subject == "[postal] spring: gina is out" {
			who, _, _ := strings.Cut(m.To, "@")
			told = append(told, who)
		}
	}
	slices.Sort(told)
	if got := fmt.Sprint(told); got != "[alice erin frank hank]" {
		t.Errorf("gina's removal is told to %s, want her division and the director", got)
	}
	// gina hears it in her own mail.
	var hers []mailer.Outbound
	for _, m := range mailsTo(out, "gina") {
		if m.Subject == "[postal] spring: you were removed" {
			hers = append(hers, m)
		}
	}
	if len(hers) != 1 {
		t.Fatalf("gina has %d mails saying she was removed", len(hers))
	}
	says(t, hers[0], "zoe, directing spring, removed you from it: no moves for a month.", "does not come back by joining")
}

// A league player who loses on time is out: they hear it in the second
// person, with how to join again; the others of the division hear it in
// the third.
func TestLeagueTimedOutHearsHowToJoinAgain(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	id := newLeague(c, 4, "spring", "takeaway pile=99 size 4 promote 1 break 0 days 5")
	c.as("alice", "start spring")
	var late *archive.Game
	for _, g := range eventGames(c, id) {
		if g.Status == archive.GameActive && late == nil {
			late = g
		}
	}
	c.now = late.Deadline
	out, _ := c.tick()
	late = c.game(late.ID)
	if !strings.Contains(late.Termination, "ran out of time") {
		t.Fatalf("game #%d: %s %q", late.ID, late.Result, late.Termination)
	}
	loser := read(c, func(tx *archive.Tx) (*archive.Player, error) {
		return tx.PlayerByID(late.Players[1-published.Result(late).Winner])
	})
	var mine []mailer.Outbound
	for _, m := range mailsTo(out, loser.Name) {
		if m.Subject == "[postal] spring: "+loser.Name+" is out" || m.Subject == "[postal] spring: you are out" {
			mine = append(mine, m)
		}
	}
	if len(mine) != 1 {
		for _, m := range mine {
			t.Log(m.Subject, "\n", m.Text)
		}
		t.Fatalf("%s has %d mails of being out", loser.Name, len(mine))
	}
	says(t, mine[0], fmt.Sprintf("You are out of spring: you lost game #%d on time.", late.ID), `"join spring"`)
	if strings.Contains(mine[0].Text, loser.Name+" is out") {
		t.Errorf("%s is told of themselves in the third person:\n%s", loser.Name, mine[0].Text)
	}
}

// A league's standings show the players' ratings now, not those the
// league started with: its seasons run for long.
func TestLeagueStandingsShowRatingsNow(t *testing.T) {
	c := newClub(t, Options{ReminderPoints: []clock.Point{}})
	id := newLeague(c, 4, "spring", "takeaway pile=99 size 2 promote 1 break 0 days 5")
	c.as("alice", "start spring")
	playSeason(c, t, id, 1)
	got := c.reply(c.as("bob", "standings spring"))
	says(t, got, "rating now", "The ratings are the players' ratings now.")
	if !regexp.MustCompile(`alice +1[0-9]{3}`).MatchString(got.Text) || regexp.MustCompile(`alice +1500 `).MatchString(got.Text) {
		t.Errorf("alice's rating is the one she started with:\n%s", got.Text)
	}
}
