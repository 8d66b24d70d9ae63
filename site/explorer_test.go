package site

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"postal/engine"
	"postal/notation"
	"postal/site/explorer"
)

// explorerSite is a built site's explorer as its files say: each book's
// root node file and every node file by book and name.
type explorerSite struct {
	roots map[string]explorer.File            // by book
	nodes map[string]map[string]explorer.File // by book, by name
	pages map[string]string                   // by book
}

var rootAttr = regexp.MustCompile(`data-root="([0-9a-f]{16})"`)

// readExplorer reads the explorer files of the site at out, checking that
// each node file parses and is at most 50 KB.
func readExplorer(t *testing.T, out string) explorerSite {
	t.Helper()
	es := explorerSite{roots: map[string]explorer.File{}, nodes: map[string]map[string]explorer.File{}, pages: map[string]string{}}
	for p, data := range files(t, out) {
		book, ok := strings.CutPrefix(p, "explorer/")
		if !ok {
			continue
		}
		if len(data) > 50_000 {
			t.Errorf("%s: %d bytes, more than 50 KB", p, len(data))
		}
		if page, ok := strings.CutSuffix(book, ".html"); ok {
			es.pages[page] = string(data)
			continue
		}
		dir, name := filepath.Split(strings.TrimSuffix(book, ".json"))
		dir = strings.TrimSuffix(dir, "/")
		var f explorer.File
		if err := json.Unmarshal(data, &f); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if es.nodes[dir] == nil {
			es.nodes[dir] = map[string]explorer.File{}
		}
		es.nodes[dir][name] = f
	}
	for book, page := range es.pages {
		m := rootAttr.FindStringSubmatch(page)
		if m == nil {
			t.Fatalf("explorer/%s.html names no root node", book)
		}
		root, ok := es.nodes[book][m[1]]
		if !ok {
			t.Fatalf("explorer/%s.html: its root %s has no file", book, m[1])
		}
		es.roots[book] = root
	}
	return es
}

// finishedByBook counts the finished games of games by book, and those of
// them that ended before a first move.
func finishedByBook(games []Game) (finished, moveless map[string]int) {
	finished, moveless = map[string]int{}, map[string]int{}
	for _, g := range games {
		if !g.Record.Result.Over() {
			continue
		}
		book := explorer.BookOf(g.Record.Game, g.Record.Config)
		finished[book]++
		if len(g.Record.Moves) == 0 {
			moveless[book]++
		}
	}
	return finished, moveless
}

// TestExplorerBuild: a full build writes a page for each book with
// finished games, whose first level counts each of them and whose first
// view is under 30 KB gzipped, every node file parses and holds at most
// 50 KB, and every move listed is legal where it is listed (by the game's
// engine).
func TestExplorerBuild(t *testing.T) {
	out := filepath.Join(t.TempDir(), "site")
	games := randomArchive(t, 160, 44)
	if _, err := Build(context.Background(), NewMemory(games...), testOptions(out)); err != nil {
		t.Fatal(err)
	}
	es := readExplorer(t, out)
	finished, moveless := finishedByBook(games)
	if len(es.pages) != len(finished) {
		t.Errorf("%d explorer pages, want one for each of the %d books with finished games: %v", len(es.pages), len(finished), slices.Sorted(mapKeys(es.pages)))
	}
	for book, n := range finished {
		root, ok := es.roots[book]
		if !ok {
			t.Errorf("book %s of %d finished games has no page", book, n)
			continue
		}
		sum := 0
		for _, l := range root.Lines {
			sum += l.Games
		}
		if root.Games != n || sum+root.MoreGames+moveless[book] != n {
			t.Errorf("book %s: root of %d games, its lines %d (%d without moves), want %d", book, root.Games, sum, moveless[book], n)
		}
		// The game type's page links it.
		game, _, _ := strings.Cut(book, "/")
		typePage, err := os.ReadFile(filepath.Join(out, "types", game+".html"))
		if err != nil || !strings.Contains(string(typePage), `href="../explorer/`+book+`.html"`) {
			t.Errorf("types/%s.html does not link explorer/%s.html (%v)", game, book, err)
		}
		// Without scripts the page lists the first level: a row a line.
		if rows := strings.Count(es.pages[book], `<th scope="row">`); rows != len(root.Lines) {
			t.Errorf("explorer/%s.html: %d rows, its root %d lines", book, rows, len(root.Lines))
		}
	}
	dir, err := filepath.EvalSymlinks(out)
	if err != nil {
		t.Fatal(err)
	}
	// The games a build that builds once kept on disk for its books are
	// gone from the site it published.
	if _, err := os.Stat(filepath.Join(dir, ".explorer")); !os.IsNotExist(err) {
		t.Errorf("the build left its books' games in the site: %v", err)
	}
	for book := range es.pages {
		if n, parts := ExplorerFirstView(t, dir, book); n >= 30_000 {
			t.Errorf("explorer/%s.html: a first view of %d bytes gzipped, 30 KB at most: %v", book, n, parts)
		}
	}
	for book, nodes := range es.nodes {
		game, _, _ := strings.Cut(book, "/")
		eg, err := engine.Lookup(game)
		if err != nil {
			t.Fatal(err)
		}
		for name, f := range nodes {
			if explorer.FileName(f.Key) != name {
				t.Errorf("%s/%s holds the node %s", book, name, explorer.FileName(f.Key))
			}
			pos, err := eg.ParsePosition(f.Position)
			if err != nil {
				t.Fatalf("%s/%s: %v", book, name, err)
			}
			for _, l := range f.Lines {
				if !legalIn(pos, engine.Player(l.Player), l.Move, eg.Info().Unlisted != "") {
					t.Errorf("%s/%s: %s of player %d is not legal in %s", book, name, l.Move, l.Player, f.Position)
				}
				if _, ok := nodes[l.Next]; l.Next != "" && !ok {
					t.Errorf("%s/%s: %s leads to %s, which has no file", book, name, l.Move, l.Next)
				}
			}
		}
	}
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// legalIn reports whether p may play text in pos: among its listed moves,
// or, in a game with moves Legal does not list, accepted by Apply.
func legalIn(pos engine.Position, p engine.Player, text string, unlisted bool) bool {
	if slices.ContainsFunc(pos.Legal(p), func(m engine.Move) bool { return m.String() == text }) {
		return true
	}
	if !unlisted {
		return false
	}
	_, _, err := engine.Play(pos, p, text)
	return err == nil
}

// finishGame plays g on by random moves to its end.
func finishGame(t *testing.T, g Game) Game {
	t.Helper()
	r := *g.Record
	r.Moves = slices.Clone(r.Moves)
	ps, err := r.Replay()
	if err != nil {
		t.Fatal(err)
	}
	final, steps, err := engine.RandomGame(ps[len(ps)-1], rand.New(rand.NewPCG(uint64(g.ID), 3)), 2000)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range steps {
		r.Add(s.Player, s.Move.String())
	}
	r.Result = final.Result()
	if !r.Result.Over() {
		r.Result = final.Result().Drawn("adjudicated")
	}
	g.Record, g.Updated = &r, g.Updated.Add(48*60*60*1e9)
	g.Finished = g.Updated
	return g
}

// pathFiles are the names of the nodes on the path of the record r (up to
// the explorer's depth), from the root.
func pathFiles(t *testing.T, r *notation.Record) []string {
	t.Helper()
	rc := *r
	ps, err := rc.Replay()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for i, p := range ps {
		if i > explorer.DefaultMaxPly {
			break
		}
		out = append(out, explorer.FileName(engine.Key(p)))
	}
	return out
}

// TestExplorerUpdate: an update after a game finishes counts it once more
// along its path, in every node file there, and nowhere else; the site is
// then the one a full build makes.
func TestExplorerUpdate(t *testing.T) {
	out := filepath.Join(t.TempDir(), "site")
	games := randomArchive(t, 120, 45)
	src := NewMemory(games...)
	pub := NewPublisher(src, testOptions(out))
	if _, err := pub.Build(context.Background()); err != nil {
		t.Fatal(err)
	}
	before := readExplorer(t, out)
	// The first game going on with a move played: it finishes.
	k := slices.IndexFunc(games, func(g Game) bool { return !g.Record.Result.Over() && len(g.Record.Moves) > 0 })
	g := finishGame(t, games[k])
	src.Put(g)
	if _, err := pub.Update(context.Background()); err != nil {
		t.Fatal(err)
	}
	after := readExplorer(t, out)
	book := explorer.BookOf(g.Record.Game, g.Record.Config)
	if got, was := after.roots[book].Games, before.roots[book].Games; got != was+1 {
		t.Errorf("book %s: root of %d games after one finished, %d before", book, got, was)
	}
	path := pathFiles(t, g.Record)
	for name, f := range after.nodes[book] {
		was := before.nodes[book][name].Games
		if !slices.Contains(path, name) {
			if f.Games != was {
				t.Errorf("node %s, off the game's path: %d games, %d before", name, f.Games, was)
			}
			continue
		}
		if _, ok := before.nodes[book][name]; ok && f.Games != was+1 {
			t.Errorf("node %s on the game's path: %d games, %d before", name, f.Games, was)
		}
		if _, ok := before.nodes[book][name]; !ok && f.Games != 2 {
			t.Errorf("node %s on the game's path, new: %d games, want 2 (it and the game that reached it alone)", name, f.Games)
		}
	}
	for b, nodes := range after.nodes {
		if b != book && len(nodes) != len(before.nodes[b]) {
			t.Errorf("book %s, not the game's: %d node files, %d before", b, len(nodes), len(before.nodes[b]))
		}
	}
	sameSite(t, out, src, testOptions(out))
	// And after a restart, the publisher makes the game type's books again
	// from the source to count the next game that finishes.
	k = slices.IndexFunc(games, func(h Game) bool {
		return h.ID != g.ID && !h.Record.Result.Over() && h.Record.Game == g.Record.Game
	})
	if k < 0 {
		t.Fatal("no other game of its type going on")
	}
	src.Put(finishGame(t, games[k]))
	if _, err := NewPublisher(src, testOptions(out)).Update(context.Background()); err != nil {
		t.Fatal(err)
	}
	sameSite(t, out, src, testOptions(out))
}

// TestExplorerOnlyPublished: the explorer counts the games the site
// publishes, finished: the club's loader gives the site every game it
// publishes, and only those (club/published); a game that goes from the
// source goes from its book too, and a game going on counts nowhere.
func TestExplorerOnlyPublished(t *testing.T) {
	out := filepath.Join(t.TempDir(), "site")
	games := randomArchive(t, 60, 46)
	src := NewMemory(games...)
	pub := NewPublisher(src, testOptions(out))
	if _, err := pub.Build(context.Background()); err != nil {
		t.Fatal(err)
	}
	finished, _ := finishedByBook(games)
	es := readExplorer(t, out)
	for book, n := range finished {
		if es.roots[book].Games != n {
			t.Errorf("book %s: %d games, %d finished (those going on count nowhere)", book, es.roots[book].Games, n)
		}
	}
	k := slices.IndexFunc(games, func(g Game) bool { return g.Record.Result.Over() && len(g.Record.Moves) > 0 })
	gone := games[k]
	src.Delete(gone.ID)
	if _, err := pub.Update(context.Background()); err != nil {
		t.Fatal(err)
	}
	book := explorer.BookOf(gone.Record.Game, gone.Record.Config)
	after := readExplorer(t, out)
	if finished[book] == 1 {
		if _, ok := after.pages[book]; ok {
			t.Errorf("book %s: its page stays after its one game went", book)
		}
	} else if got := after.roots[book].Games; got != finished[book]-1 {
		t.Errorf("book %s: %d games after one of %d went", book, got, finished[book])
	}
	sameSite(t, out, src, testOptions(out))
}
