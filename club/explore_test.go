package club

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"postal/archive/archivegen"
	"postal/club/published"
	"postal/engine"
	"postal/mailer"
	"postal/site/explorer"
)

// exploreClub is a club whose archive holds Conflagration games for the
// explorer: three finished ones, two of which reach one position by two
// orders of moves (Light's G4xE4 and G7-F7 on either side of Dark's
// F6-E5), and one still going on, which the explorer does not count.
func exploreClub(t *testing.T) *club {
	t.Helper()
	c := newClub(t, Options{})
	pinRandom(t, 44)
	for _, p := range []string{"alice", "bob", "carol"} {
		c.register(p)
	}
	playLine(c, t, "conflagration", "alice", "bob", "bob", "G4xE4", "F6-E5", "G7-F7")
	playLine(c, t, "conflagration", "bob", "carol", "bob", "G7-F7", "F6-E5", "G4xE4")
	playLine(c, t, "conflagration", "carol", "alice", "carol", "G4xE4", "E7xD7")
	playLine(c, t, "conflagration", "alice", "carol", "", "G4xE4")
	return c
}

// playLine has challenger and opponent (registered) play game, the
// challenger first, moves in turn; then loser resigns, or, when loser is
// "", the game goes on. It returns the game's number.
func playLine(c *club, t *testing.T, game, challenger, opponent, loser string, moves ...string) int64 {
	t.Helper()
	out := c.as(challenger, "challenge "+opponent+" "+game+" as first")
	out = c.replyTo(to(t, out, opponent+"@example.org"), "accept")
	id := gameOf(t, to(t, out, challenger+"@example.org"))
	players := []string{challenger, opponent}
	for i, m := range moves {
		c.now = c.now.Add(time.Hour)
		out := c.as(players[i%2], fmt.Sprintf("move %d %s", id, m))
		if strings.Contains(to(t, out, players[i%2]+"@example.org").Text, "not a legal move") {
			t.Fatalf("game %d: %s refused", id, m)
		}
	}
	if loser != "" {
		c.now = c.now.Add(time.Hour)
		c.as(loser, fmt.Sprintf("resign %d", id))
	}
	return id
}

// exploreRow is the row of move in an explorer table: its numbers.
func exploreRow(t *testing.T, text, move string) []string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^\s*` + regexp.QuoteMeta(move) + `\s+(.*)$`).FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("no row of %s in\n%s", move, text)
	}
	return strings.Fields(m[1])
}

// The first level counts every finished game once, the game going on not
// at all (the site publishes every game, its players allowing only their
// messages, and its explorer counts the finished ones: so does the
// mail's); the games of two orders of moves meet in one position (the
// game's Key); the table says who won after each move.
func TestExploreCounts(t *testing.T) {
	c := exploreClub(t)
	text := to(t, c.as("carol", "explore conflagration"), "carol@example.org").Text
	if !strings.Contains(text, "3 finished games of the club reached the start.") {
		t.Fatalf("the start's count:\n%s", text)
	}
	sum := 0
	for _, move := range []string{"G4xE4", "G7-F7"} {
		n, _ := strconv.Atoi(exploreRow(t, text, move)[0])
		sum += n
	}
	if sum != 3 {
		t.Errorf("the first moves count %d games, not 3:\n%s", sum, text)
	}
	// Move, games, Light wins, Dark wins, draws: G4xE4 was played by a
	// game Light won (bob resigned) and one Dark won (alice, as Light,
	// resigned); the game going on is not counted.
	if got := exploreRow(t, text, "G4xE4")[:4]; strings.Join(got, " ") != "2 1 1 0" {
		t.Errorf("G4xE4: %v, want 2 games, 1 and 1 won, 0 drawn", got)
	}
	text = to(t, c.as("carol", "explore conflagration G7-F7 F6-E5 G4xE4"), "carol@example.org").Text
	if !strings.Contains(text, "2 finished games of the club reached the position after G7-F7 F6-E5 G4xE4.") {
		t.Errorf("the transposition is not one position:\n%s", text)
	}
}

// An illegal move points at its word and lists the legal moves there; a
// legal move no finished game played points at its word and lists the
// moves played there; an unknown game lists the games.
func TestExploreRefusals(t *testing.T) {
	c := exploreClub(t)
	for _, tc := range []struct {
		line string
		want []string
	}{
		{"explore conflagration G4xE4 G7-F7", []string{"G7-F7 is not a legal move after G4xE4", "^", "The legal moves of Dark", "E7xD7"}},
		{"explore conflagration G4xE4 C3-C4", []string{"no finished game of the club played C3-C4 after G4xE4", "The moves played there:", "E7xD7", "F6-E5"}},
		{"explore conflagration B3-B2", []string{"no finished game of the club played B3-B2 at the start", "G4xE4", "G7-F7"}},
		{"explore chess e4", []string{`postal does not play "chess"`, "conflagration (Conflagration)", "superial-chess"}},
		{"explore conflagration nonsense=1", []string{"nonsense"}},
	} {
		text := to(t, c.as("carol", tc.line), "carol@example.org").Text
		for _, w := range tc.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s: the reply lacks %q:\n%s", tc.line, w, text)
			}
		}
	}
}

// exploreMails are the explorer's mails: a position reached by two orders
// of moves, and an illegal move's refusal.
func exploreMails(t *testing.T, add func(string, mailer.Outbound, bool)) {
	c := exploreClub(t)
	add("explore", to(t, c.as("carol", "explore conflagration G4xE4"), "carol@example.org"), false)
	add("explore-illegal", to(t, c.as("carol", "explore conflagration G4xE4 G7-F7"), "carol@example.org"), true)
}

// In a generated archive of every game (chance, setups, three and four
// seats), the explorer of each book counts at its start every finished
// game of that book, and the line it proposes to send next is read and
// answered: its moves, as the engine writes them (chance's outcomes, moves
// of several words), walk the book.
func TestExploreEveryBook(t *testing.T) {
	c := newClub(t, Options{})
	var games []string
	for _, g := range engine.Games() {
		if name := g.Info().Name; name != "test-nim" && name != "takeaway" { // the daemon's games
			games = append(games, name)
		}
	}
	ctx := context.Background()
	if _, err := archivegen.Generate(ctx, c.db, archivegen.Options{Finished: 60, Active: 6, Games: games, MaxPlies: 40, Seed: 44}); err != nil {
		t.Fatal(err)
	}
	c.register("reader")
	type book struct {
		line  string
		games int
	}
	books := map[string]*book{}
	err := published.EachRecord(ctx, c.db, "", nil, true, func(a published.Archived) error {
		if !a.Record.Result.Over() {
			return nil
		}
		name := explorer.BookOf(a.Record.Game, a.Record.Config)
		if books[name] == nil {
			cfg := a.Record.Config
			books[name] = &book{line: "explore " + a.Record.Game + " " + cfg.String()}
		}
		books[name].games++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(books) < len(games) {
		t.Fatalf("%d books of %d games", len(books), len(games))
	}
	reached := regexp.MustCompile(`(\d+) finished games? of the club reached the start`)
	next := regexp.MustCompile(`To look further, send:\n(.*)`)
	for name, b := range books {
		text := to(t, c.as("reader", b.line), "reader@example.org").Text
		m := reached.FindStringSubmatch(text)
		if m == nil || m[1] != strconv.Itoa(b.games) {
			t.Errorf("%s (%s): want %d games at the start:\n%s", name, b.line, b.games, text)
			continue
		}
		n := next.FindStringSubmatch(text)
		if n == nil {
			t.Errorf("%s: nothing to send next:\n%s", name, text)
			continue
		}
		text = to(t, c.as("reader", n[1]), "reader@example.org").Text
		if strings.Contains(text, "Error") || !strings.Contains(text, "reached the position after") {
			t.Errorf("%s: %s answers\n%s", name, n[1], text)
		}
	}
}

// A line longer than the site's books (explorer.DefaultMaxPly moves) is
// refused, as is a fourth exploration in one mail: each replays the
// club's finished games, and the rate limit counts mails, not lines.
func TestExploreBounds(t *testing.T) {
	c := exploreClub(t)
	// Legal moves, the first of each position's list, one past the bound.
	_, _, pos, err := engine.New("conflagration", engine.Config{})
	if err != nil {
		t.Fatal(err)
	}
	var moves []string
	for len(moves) <= explorer.DefaultMaxPly {
		who := pos.ToMove()[0]
		m := pos.Legal(who)[0]
		moves = append(moves, m.String())
		if pos, _, err = engine.Play(pos, who, m.String()); err != nil {
			t.Fatal(err)
		}
	}
	text := to(t, c.as("carol", "explore conflagration "+strings.Join(moves, " ")), "carol@example.org").Text
	want := fmt.Sprintf("the explorer goes %d moves deep; this line has %d", explorer.DefaultMaxPly, len(moves))
	if !strings.Contains(text, want) {
		t.Errorf("a line of %d moves: the reply lacks %q:\n%s", len(moves), want, text)
	}
	lines := strings.Repeat("explore conflagration\n", 4)
	text = to(t, c.as("carol", lines), "carol@example.org").Text
	if n := strings.Count(text, "3 finished games of the club reached the start."); n != 3 {
		t.Errorf("%d of 4 explorations in one mail answered, want 3:\n%s", n, text)
	}
	if !strings.Contains(text, "one mail asks for 3 explorations at most") {
		t.Errorf("the fourth exploration is not refused:\n%s", text)
	}
}

// The club keeps an explored book between mails (work.Club.Books): a game
// that finishes after a first exploration counts in the next, once.
func TestExploreKeepsItsBook(t *testing.T) {
	c := exploreClub(t)
	text := to(t, c.as("carol", "explore conflagration"), "carol@example.org").Text
	if !strings.Contains(text, "3 finished games of the club reached the start.") {
		t.Fatalf("the start's count:\n%s", text)
	}
	c.now = c.now.Add(time.Hour)
	c.as("carol", "resign 4") // the game of alice and carol, going on
	for range 2 {
		text = to(t, c.as("carol", "explore conflagration"), "carol@example.org").Text
		if !strings.Contains(text, "4 finished games of the club reached the start.") {
			t.Fatalf("after a fourth game finished:\n%s", text)
		}
		if got := exploreRow(t, text, "G4xE4")[0]; got != "3" {
			t.Errorf("G4xE4 played by %s games, want 3:\n%s", got, text)
		}
	}
}
