package site

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"postal/notation"
	"postal/site/view"
)

// tourSource is a Memory with tournaments, as the club's archive has them.
type tourSource struct {
	*Memory
	mu    sync.Mutex
	tours map[int64]*view.Tournament
	games map[int64]int64 // game -> tournament
	reads int             // tournaments read
}

func (s *tourSource) Tournaments(ctx context.Context, ids []int64, fn func(*view.Tournament) error) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if ids == nil {
		for id := range s.tours {
			ids = append(ids, id)
		}
		slices.Sort(ids)
	}
	for _, id := range ids {
		if t := s.tours[id]; t != nil {
			s.reads++
			c := *t
			if err := fn(&c); err != nil {
				return err
			}
		}
	}
	return nil
}

func (s *tourSource) TournamentsTouched(ctx context.Context, games []int64, since time.Time) ([]int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	seen := map[int64]bool{}
	for _, g := range games {
		if t, ok := s.games[g]; ok {
			seen[t] = true
		}
	}
	for id, t := range s.tours {
		if !t.Updated.Before(since) {
			seen[id] = true
		}
	}
	var out []int64
	for id := range seen {
		out = append(out, id)
	}
	return out, nil
}

// cup is a round robin of the fixed archive's games 1, 2 and 4 (alice, bob,
// carol), game 4 in play.
func cup(over bool) *view.Tournament {
	t := &view.Tournament{ID: 1, Name: "cup", Game: "test-nim", Title: "Test Nim", Config: "standard", Format: "round robin", Kind: "round-robin",
		Control: "3 days per move", Status: "running", Director: "alice", Created: base, Started: base.Add(time.Hour), Updated: base.Add(time.Hour),
		Entrants:  []view.Entrant{{Name: "alice", Seed: 1, Rating: 1500, Status: "in"}, {Name: "bob", Seed: 2, Rating: 1480, Status: "in"}, {Name: "carol", Seed: 3, Rating: 1400, Status: "in"}},
		TieBreaks: []string{"SB"},
		Standings: []view.Standing{{Rank: 1, Name: "bob", Points: 1, TieBreaks: []float64{0}, Played: 2, Status: "in"}, {Rank: 2, Name: "alice", Points: 1, TieBreaks: []float64{0}, Played: 1, Status: "in"}, {Rank: 3, Name: "carol", Points: 0, TieBreaks: []float64{0}, Played: 1, Status: "in"}},
		Cross:     [][]string{{"x", "1", ""}, {"0", "x", "1"}, {"", "0", "x"}},
		Rounds: []view.Round{{Number: 1, Games: []view.RoundGame{{ID: 1, Players: []string{"alice", "bob"}, Result: "1-0"}}},
			{Number: 2, Games: []view.RoundGame{{ID: 2, Players: []string{"bob", "carol"}, Result: "1-0"}}},
			{Number: 3, Games: []view.RoundGame{{ID: 4, Players: []string{"carol", "alice"}, Result: "*"}}}},
		Acts: []view.Act{{At: base, Kind: "create", Text: "alice organised the tournament"}, {At: base.Add(time.Hour), Kind: "start", Text: "the tournament started, 3 players"},
			{At: base.Add(2 * time.Hour), Kind: "adjudicate", Text: "alice adjudicated the game: 1-0", Game: 1}},
	}
	if over {
		t.Status, t.Winner, t.Finished, t.Updated = "over", "alice", base.Add(5*time.Hour), base.Add(5*time.Hour)
		t.Rounds[2].Games[0].Result = "0-1"
		t.Standings[0], t.Standings[1] = view.Standing{Rank: 1, Name: "alice", Points: 2, TieBreaks: []float64{1}, Played: 2, Status: "in"}, t.Standings[0]
		t.Standings[1].Rank = 2
	}
	return t
}

// A tournament's page: entrants with ratings, standings with the tie-break,
// the crosstable, the rounds with each game linked, the record; the index
// of tournaments; the feed's entry of the new tournament. When its last
// game ends, the update rewrites its page with the winner, and the feed
// announces the winner, reading that tournament alone.
func TestTournamentPages(t *testing.T) {
	games := fixedArchive(t)
	g4 := games[3]
	// Game 4 goes on until the update.
	rec := *g4.Record
	rec.Moves = rec.Moves[:2]
	rec.Result = rec.Result.Drawn("")
	rec.Result.Kind = 0
	ongoing := g4
	ongoing.Record, ongoing.Finished = &rec, time.Time{}
	games[3] = ongoing
	src := &tourSource{Memory: NewMemory(games...), tours: map[int64]*view.Tournament{1: cup(false)}, games: map[int64]int64{1: 1, 2: 1, 4: 1}}
	out := filepath.Join(t.TempDir(), "site")
	p := NewPublisher(src, testOptions(out))
	if _, err := p.Build(context.Background()); err != nil {
		t.Fatal(err)
	}
	site := files(t, out)
	page := string(site["tournaments/cup.html"])
	for _, want := range []string{"<h1>cup</h1>", "Test Nim", "round robin", "directed by alice", "1480",
		`<a href="../games/4.html">#4</a>`, "in play", "<th>SB</th>", "Crosstable", "alice adjudicated the game: 1-0",
		`<a href="../players/bob.html">bob</a>`} {
		if !strings.Contains(page, want) {
			t.Errorf("the tournament page lacks %q", want)
		}
	}
	if strings.Contains(page, "Winner") {
		t.Error("a tournament under way shows a winner")
	}
	if idx := string(site["tournaments/index.html"]); !strings.Contains(idx, `<a href="cup.html">cup</a>`) || !strings.Contains(idx, "under way") {
		t.Errorf("the index of tournaments:\n%s", idx)
	}
	if !strings.Contains(string(site["index.html"]), `href="tournaments/index.html">Tournaments</a>`) {
		t.Error("the home page does not link the tournaments")
	}
	if feed := string(site["feed.atom"]); !strings.Contains(feed, "New tournament: cup") {
		t.Errorf("the feed does not announce cup:\n%s", feed)
	}
	checkLinks(t, site, "https://club.example/games/")

	// Game 4 ends, and with it the tournament.
	src.mu.Lock()
	src.tours[1] = cup(true)
	src.reads = 0
	src.mu.Unlock()
	src.Put(g4)
	st, err := p.Update(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if st.Full || src.reads != 1 {
		t.Errorf("update: full %v, %d tournaments read", st.Full, src.reads)
	}
	site = files(t, out)
	page = string(site["tournaments/cup.html"])
	if !strings.Contains(page, "Winner: alice") {
		t.Errorf("after the last game the page shows no winner:\n%s", page)
	}
	if feed := string(site["feed.atom"]); !strings.Contains(feed, "alice wins cup") {
		t.Errorf("the feed does not announce the winner:\n%s", feed)
	}
	if idx := string(site["tournaments/index.html"]); !strings.Contains(idx, "won by alice") {
		t.Errorf("the index:\n%s", idx)
	}
	// Nothing changed: nothing read.
	src.reads = 0
	if _, err := p.Update(context.Background()); err != nil {
		t.Fatal(err)
	}
	if src.reads > 1 {
		t.Errorf("an update with no change read %d tournaments", src.reads)
	}
}

// Issue 32, found 7: a tournament called index had the path of the list of
// tournaments, and which page survived depended on timing. The club now
// refuses such names; an archive that holds one has its page at its
// number, and the list keeps its own path.
func TestTournamentPageNeverTakesAnotherPath(t *testing.T) {
	index := cup(false)
	index.ID, index.Name = 2, "index"
	src := &tourSource{Memory: NewMemory(fixedArchive(t)...), tours: map[int64]*view.Tournament{1: cup(false), 2: index}, games: map[int64]int64{1: 1, 2: 1, 4: 1}}
	out := filepath.Join(t.TempDir(), "site")
	if _, err := NewPublisher(src, testOptions(out)).Build(context.Background()); err != nil {
		t.Fatal(err)
	}
	site := files(t, out)
	list := string(site["tournaments/index.html"])
	if !strings.Contains(list, "<h1>Tournaments</h1>") || !strings.Contains(list, `<a href="2.html">index</a>`) || !strings.Contains(list, `<a href="cup.html">cup</a>`) {
		t.Errorf("the list of tournaments:\n%s", list)
	}
	if page := string(site["tournaments/2.html"]); !strings.Contains(page, "<h1>index</h1>") {
		t.Errorf("the page of the tournament called index:\n%.500s", page)
	}
	checkLinks(t, site, "https://club.example/games/")
}

// Every page and folder at the top of the site, and the list pages of its
// folders, have names the club refuses to players and tournaments
// (notation.Reserved): no player's or tournament's page can take their path.
func TestSiteNamesAreReserved(t *testing.T) {
	src := &tourSource{Memory: NewMemory(fixedArchive(t)...), tours: map[int64]*view.Tournament{1: cup(false)}, games: map[int64]int64{1: 1, 2: 1, 4: 1}}
	out := filepath.Join(t.TempDir(), "site")
	if _, err := NewPublisher(src, testOptions(out)).Build(context.Background()); err != nil {
		t.Fatal(err)
	}
	for path := range files(t, out) {
		parts := strings.Split(path, "/")
		names := []string{parts[0]}
		if len(parts) == 2 && strings.HasPrefix(parts[1], "index.") {
			names = append(names, parts[1])
		}
		for _, name := range names {
			if base, _, _ := strings.Cut(name, "."); !notation.Reserved(base) {
				t.Errorf("%s: %q is not a reserved name", path, base)
			}
		}
	}
}
