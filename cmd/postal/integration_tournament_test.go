//go:build integration

package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"postal/archive"
	"postal/club/rating"
	"postal/engine"
)

// Issue 25's acceptance, by mail against Dovecot: three players and the
// club's bot enter a round robin; the six games start at once; in each,
// every player makes a move of their own (so that each game is rated); the
// results come in (resignations, and a co-director's adjudication of a game
// of the director's with the bot, which never resigns); the standings and the ratings by mail
// (the game-over mails' line and the answer to "ratings initiative") match
// a computation made here from the results alone; the event ends with the
// winner mailed to everyone and shown on the site.
func TestIntegrationTournament(t *testing.T) {
	t.Parallel()
	siteDir := filepath.Join(t.TempDir(), "site")
	r := newMailServers(t, fmt.Sprintf("[site]\nout = %q\n", siteDir), "[bots]\nenabled = true\nlevel = 1\niterations = [200]\nmax_level = 1\n")
	r.start()
	t.Cleanup(r.stop)
	alice, bob, carol := r.register("alice"), r.register("bob"), r.register("carol")
	ask := func(p *player, text string) *gotMail {
		t.Helper()
		return r.replyTo(p, r.send(p, "cup", text))
	}
	has := func(m *gotMail, want ...string) {
		t.Helper()
		flat := strings.Join(strings.Fields(m.Text), " ")
		for _, w := range want {
			if !strings.Contains(flat, w) {
				t.Fatalf("mail (%s) lacks %q:\n%s", m.Subject, w, m.Text)
			}
		}
	}
	has(ask(alice, "tournament cup initiative round-robin days 5"), "tournament cup: Initiative", "round robin")
	has(ask(bob, "join cup"), "bob has entered cup")
	has(ask(carol, "join cup"), "carol has entered cup")
	has(ask(alice, "join cup bot"), "bot has entered cup", "4 entrants")
	has(ask(bob, "set tournament-news on"), "tournament news: on")
	has(ask(alice, "start cup"), "Every game starts at once: 6 games")
	for _, p := range []*player{alice, bob, carol} {
		for i := range 3 {
			r.await(p, fmt.Sprintf("the start of game %d of 3", i+1), func(m *gotMail) bool {
				return strings.Contains(m.Subject, "(cup, round") && strings.Contains(m.Text, "of cup, round")
			})
		}
	}

	// The games, by round and board: the Berger table for four, seeds by
	// entry (every rating 1500): 1-4 2-3, 4-3 1-2, 2-4 3-1.
	games := r.tournamentGames("cup")
	var pairs []string
	for _, g := range games {
		pairs = append(pairs, strings.Join(r.names(g), "-"))
	}
	if want := []string{"alice-bot", "bob-carol", "bot-carol", "alice-bob", "bob-bot", "carol-alice"}; !slices.Equal(pairs, want) {
		t.Fatalf("games %v, want %v", pairs, want)
	}
	id := func(i int) int64 { return games[i].ID }
	// Every game is rated (issue 25: a game is rated only when each of its
	// players made a move of their own): in each, every seat moves before
	// the game ends, the people by mail, the bot by itself.
	people := map[string]*player{"alice": alice, "bob": bob, "carol": carol}
	rng := rand.New(rand.NewPCG(25, 1))
	for _, g := range games {
		r.moveEachSeat(g.ID, r.names(g), people, rng)
	}

	// The ratings computed here, from the results alone: club/rating.Play
	// (the Glicko-2 of Glickman's paper, tested on its example) applied to
	// each game in the order the games ended, every player new at 1500,
	// the bot as its level, bot-1. The bot's own move may end a game by
	// the rules before the test ends it: catchUp rates every game over,
	// by its end, and a game over already is not ended again.
	rated := map[string]rating.Player{}
	lines := map[int64]string{} // the Ratings line each game's end should carry
	catchUp := func() {
		t.Helper()
		var over []*archive.Game
		for _, g := range r.tournamentGames("cup") {
			if _, done := lines[g.ID]; !done && g.Status == archive.GameOver {
				over = append(over, g)
			}
		}
		sort.SliceStable(over, func(i, j int) bool { return over[i].Finished.Before(over[j].Finished) })
		for _, g := range over {
			n := ratedNames(r.names(g))
			before := []rating.Player{rating.Newcomer(), rating.Newcomer()}
			for seat, name := range n {
				if pl, ok := rated[name]; ok {
					before[seat] = pl
				}
			}
			places := map[string][]int{"1-0": {1, 2}, "0-1": {2, 1}, "1/2-1/2": {1, 1}}[g.Result]
			after, err := rating.Play(before, places, g.Finished)
			if err != nil {
				t.Fatalf("game #%d (%s): %v", g.ID, g.Result, err)
			}
			var parts []string
			for seat, name := range n {
				rated[name] = after[seat]
				parts = append(parts, fmt.Sprintf("%s %s (%+.0f)", name, after[seat].Rating, after[seat].Rating.Rating-before[seat].At(g.Finished).Rating))
			}
			lines[g.ID] = fmt.Sprintf("Ratings (initiative): %s.", strings.Join(parts, ", "))
		}
	}
	end := func(i int, p *player, text, want string) {
		t.Helper()
		if r.gameRow(id(i)).Status == archive.GameOver {
			t.Logf("game #%d ended by the rules first", id(i))
			return
		}
		reply := ask(p, text)
		has(reply, want)
		catchUp()
		// The mail that ends a game says what it did to the ratings.
		has(reply, lines[id(i)])
	}
	// alice plays in the game with the bot: dave, her co-director, who does
	// not play, adjudicates it (issue 32).
	dave := r.register("dave")
	has(ask(alice, "codirector cup dave"), "dave directs cup")
	end(0, dave, fmt.Sprintf("adjudicate %d 1-0", id(0)), fmt.Sprintf("game #%d adjudicated: 1-0", id(0)))
	end(1, carol, fmt.Sprintf("resign %d", id(1)), "you resigned")
	end(2, carol, fmt.Sprintf("resign %d", id(2)), "you resigned")
	end(3, bob, fmt.Sprintf("resign %d", id(3)), "you resigned")
	end(4, bob, fmt.Sprintf("resign %d", id(4)), "you resigned")
	// Bob asked for the news: the standings after each game.
	news := r.await(bob, "the standings after the fifth game", func(m *gotMail) bool {
		return strings.Contains(m.Subject, fmt.Sprintf("cup: standings after game #%d", id(4)))
	})
	has(news, "in play of 6")
	end(5, alice, fmt.Sprintf("resign %d", id(5)), "you resigned")
	catchUp()

	// The list by mail: every player's rating, RD and games are the ones
	// computed here, best first.
	list := ratingLines(ask(carol, "ratings initiative").Text)
	if len(list) != 4 {
		t.Fatalf("the list of initiative has %d players, want 4: %v", len(list), list)
	}
	for i, f := range list {
		name := f[1]
		want, ok := rated[name]
		if !ok {
			t.Errorf("the list names %s, who played no rated game here: %v", name, f)
			continue
		}
		if f[0] != fmt.Sprint(i+1) || f[2] != want.Rating.String() || f[3] != fmt.Sprintf("%.0f", want.RD) || f[4] != fmt.Sprint(want.Games) || want.Games != 3 {
			t.Errorf("line %v of the list; computed here: %s %s RD %.0f in %d games", f, name, want.Rating, want.RD, want.Games)
		}
		if i > 0 && rated[list[i-1][1]].Rating.Rating < want.Rating.Rating {
			t.Errorf("the list puts %s above %s", list[i-1][1], name)
		}
	}
	t.Logf("ratings: %v", list)

	// The standings computed here, from the games' results alone: points,
	// then Sonneborn-Berger (the points of those beaten, half of those
	// drawn).
	games = r.tournamentGames("cup")
	pts, sb := map[string]float64{}, map[string]float64{}
	score := func(g *archive.Game) (float64, float64) {
		switch g.Result {
		case "1-0":
			return 1, 0
		case "0-1":
			return 0, 1
		}
		return 0.5, 0.5
	}
	for _, g := range games {
		if g.Status != archive.GameOver {
			t.Fatalf("game #%d is %s", g.ID, g.Status)
		}
		n := r.names(g)
		a, b := score(g)
		pts[n[0]] += a
		pts[n[1]] += b
	}
	for _, g := range games {
		n := r.names(g)
		a, b := score(g)
		sb[n[0]] += a * pts[n[1]]
		sb[n[1]] += b * pts[n[0]]
	}
	order := []string{"alice", "bob", "carol", "bot"}
	sort.SliceStable(order, func(i, j int) bool {
		a, b := order[i], order[j]
		if pts[a] != pts[b] {
			return pts[a] > pts[b]
		}
		return sb[a] > sb[b]
	})
	for _, p := range []*player{alice, bob, carol} {
		over := r.await(p, "the end of cup", func(m *gotMail) bool { return strings.Contains(m.Subject, "cup is over: ") })
		if !strings.Contains(over.Subject, "cup is over: "+order[0]+" wins") {
			t.Errorf("%s was told %q; the winner computed here is %s", p.name, over.Subject, order[0])
		}
		lines := standingLines(over.Text)
		if len(lines) != 4 {
			t.Fatalf("the standings mailed to %s:\n%s", p.name, over.Text)
		}
		for i, name := range order {
			f := lines[i]
			if f[1] != name || f[3] != fmt.Sprint(pts[name]) || f[4] != fmt.Sprintf("%.2f", sb[name]) {
				t.Errorf("line %d mailed to %s: %v; computed here: %s %v %.2f", i+1, p.name, f, name, pts[name], sb[name])
			}
		}
	}
	t.Logf("final standings: %v (points %v, SB %v)", order, pts, sb)

	// The site shows the winner on the tournament's page.
	page := filepath.Join(siteDir, "tournaments", "cup.html")
	deadline := time.Now().Add(60 * time.Second)
	for {
		b, _ := os.ReadFile(page)
		if strings.Contains(string(b), "Winner: "+order[0]) {
			for i := range games {
				if !strings.Contains(string(b), fmt.Sprintf(`href="../games/%d.html"`, id(i))) {
					t.Errorf("the page does not link game #%d", id(i))
				}
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the site never showed the winner at %s:\n%s", page, b)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// moveEachSeat plays game id until each of its seats has made a move of
// its own: the people (by name, in people) a random legal move that does
// not end the game, by mail; the bot's turns are awaited, it answers by
// itself.
func (r *rig) moveEachSeat(id int64, names []string, people map[string]*player, rng *rand.Rand) {
	r.t.Helper()
	leaving := []string{engine.Resign.String(), engine.Timeout.String()}
	deadline := time.Now().Add(90 * time.Second)
	for {
		var moved []int
		err := r.db().Tx(context.Background(), func(tx *archive.Tx) error {
			var err error
			moved, err = tx.MovedSeats(id, leaving)
			return err
		})
		if err != nil {
			r.t.Fatal(err)
		}
		if len(moved) == len(names) {
			return
		}
		if time.Now().After(deadline) {
			r.t.Fatalf("game #%d: only seats %v moved", id, moved)
		}
		pos := r.position(id)
		if pos.Result().Over() {
			r.t.Fatalf("game #%d ended by the rules before each seat moved: %s", id, pos.Result().Score())
		}
		played := false
		for _, side := range pos.ToMove() {
			if side == engine.Chance || side < 0 || int(side) >= len(names) {
				continue
			}
			p, person := people[names[side]]
			if !person {
				continue // the bot's turn: it moves by itself
			}
			legal := pos.Legal(side)
			var move string
			for _, k := range rng.Perm(len(legal)) {
				move = legal[k].String()
				if next, _, err := engine.Play(pos, side, move); err == nil && !next.Result().Over() {
					break
				}
			}
			reply := r.replyTo(p, r.send(p, fmt.Sprintf("Re: [postal #%d]", id), fmt.Sprintf("move %d %s", id, move)))
			if !strings.Contains(reply.Text, move+" played") {
				r.t.Fatalf("%s's move %s in game #%d:\n%s", p.name, move, id, reply.Text)
			}
			played = true
			break
		}
		if !played {
			time.Sleep(50 * time.Millisecond)
		}
	}
}

// ratedNames are the names of players in a rating list: the bot as its
// level (the rig's bot plays at level 1).
func ratedNames(names []string) []string {
	out := slices.Clone(names)
	for i, n := range out {
		if n == "bot" {
			out[i] = "bot-1"
		}
	}
	return out
}

// ratingLines reads the rows of the rating list of a mail: rank, name,
// rating ("1523?" when provisional), RD, games, last game.
func ratingLines(text string) [][]string {
	var out [][]string
	in := false
	for _, line := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		f := strings.Fields(line)
		if len(f) > 2 && f[0] == "#" && f[1] == "player" && f[2] == "rating" {
			in = true
			continue
		}
		if in {
			if len(f) != 6 {
				break
			}
			out = append(out, f)
		}
	}
	return out
}

// standingLines reads the lines of the standings table of a mail.
func standingLines(text string) [][]string {
	var out [][]string
	in := false
	for _, line := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		f := strings.Fields(line)
		if len(f) > 2 && f[0] == "#" && f[1] == "player" {
			in = true
			continue
		}
		if in {
			if len(f) < 5 {
				break
			}
			out = append(out, f)
		}
	}
	return out
}

// tournamentGames reads the games of tournament name by round and board.
func (r *rig) tournamentGames(name string) []*archive.Game {
	r.t.Helper()
	var out []*archive.Game
	err := r.db().Tx(context.Background(), func(tx *archive.Tx) error {
		tr, err := tx.TournamentByName(name)
		if err != nil {
			return err
		}
		places, err := tx.TournamentGames(tr.ID)
		if err != nil {
			return err
		}
		for _, p := range places {
			g, err := tx.GameByID(p.GameID)
			if err != nil {
				return err
			}
			out = append(out, g)
		}
		return nil
	})
	if err != nil {
		r.t.Fatal(err)
	}
	return out
}

// names are the players of g by seat.
func (r *rig) names(g *archive.Game) []string {
	r.t.Helper()
	var out []string
	err := r.db().Tx(context.Background(), func(tx *archive.Tx) error {
		for _, id := range g.Players {
			p, err := tx.PlayerByID(id)
			if err != nil {
				return err
			}
			out = append(out, p.Name)
		}
		return nil
	})
	if err != nil {
		r.t.Fatal(err)
	}
	return out
}
