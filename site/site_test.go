package site

import (
	"bytes"
	"context"
	"flag"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"postal/engine"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

var testRules = fstest.MapFS{
	"test-nim.md": {Data: []byte("# Test Nim\n\nTake **one to three** stones. See [the home page](../index.html).\n\n<script>alert(3)</script>\n\n| stones | first player |\n|---|---|\n| 5 | wins |\n")},
}

func testOptions(out string) Options {
	return Options{OutDir: out, SiteURL: "https://club.example/games/", Club: "postal@club.example", Title: "Test Club", Rules: testRules, Workers: 2, Logger: slog.New(slog.DiscardHandler)}
}

// files reads every file of a built site, by slash path.
func files(t testing.TB, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	dir, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// engineName matches the engine script's name, which changes with every
// engine: the golden pages are compared without it.
var engineName = regexp.MustCompile(`(engine|wasm_exec)-[0-9a-f]{10}\.(js|wasm)`)

// TestGolden pins every file of the site of a small fixed archive.
func TestGolden(t *testing.T) {
	out := filepath.Join(t.TempDir(), "site")
	st, err := Build(context.Background(), NewMemory(fixedArchive(t)...), testOptions(out))
	if err != nil {
		t.Fatal(err)
	}
	if !st.Full || st.Games != 5 || st.Unreplayable != 0 {
		t.Errorf("stats %+v", st)
	}
	got := files(t, out)
	for p, data := range got {
		got[p] = engineName.ReplaceAll(data, []byte("engine-HASH.js"))
	}
	golden := filepath.Join("testdata", "golden")
	if *update {
		os.RemoveAll(golden)
		for p, data := range got {
			if strings.HasPrefix(p, "assets/") {
				continue // copied verbatim from templates/site
			}
			path := filepath.Join(golden, filepath.FromSlash(p))
			os.MkdirAll(filepath.Dir(path), 0o755)
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
	want := files(t, golden)
	for p, data := range want {
		if g, ok := got[p]; !ok {
			t.Errorf("%s: missing from the site", p)
		} else if !bytes.Equal(g, data) {
			t.Errorf("%s differs from its golden file (go test ./site -update, after checking the change)\n%s", p, firstDiff(g, data))
		}
	}
	for p := range got {
		if _, ok := want[p]; !ok && !strings.HasPrefix(p, "assets/") {
			t.Errorf("%s: not in the golden files", p)
		}
	}
}

func firstDiff(got, want []byte) string {
	gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := range min(len(gl), len(wl)) {
		if gl[i] != wl[i] {
			return "line " + strconv.Itoa(i+1) + ":\n got: " + gl[i] + "\nwant: " + wl[i]
		}
	}
	return "lengths differ"
}

// changedFiles lists the paths whose content differs between two sites.
func changedFiles(before, after map[string][]byte) []string {
	var changed []string
	for p, data := range after {
		if old, ok := before[p]; !ok || !bytes.Equal(old, data) {
			changed = append(changed, p)
		}
	}
	for p := range before {
		if _, ok := after[p]; !ok {
			changed = append(changed, p)
		}
	}
	slices.Sort(changed)
	return changed
}

// sameSite checks that the site at got is the site a full build of src
// makes.
func sameSite(t *testing.T, got string, src Source, opts Options) {
	t.Helper()
	opts.OutDir = filepath.Join(t.TempDir(), "full")
	if _, err := Build(context.Background(), src, opts); err != nil {
		t.Fatal(err)
	}
	if diff := changedFiles(files(t, opts.OutDir), files(t, got)); len(diff) > 0 {
		t.Errorf("the site differs from a full build in %q", diff)
	}
}

// TestUpdate changes one game and checks that only its pages, the pages
// listing it (its game type's and its players', on their first page and
// on the list page holding it), the home page, the feed and its shards of
// the search index and sitemap are written, and that the site is then the
// one a full build makes.
func TestUpdate(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "site")
	games := fixedArchive(t)
	src := NewMemory(games...)
	pub := NewPublisher(src, testOptions(out))
	if _, err := pub.Build(context.Background()); err != nil {
		t.Fatal(err)
	}
	before := files(t, out)
	oldGen, _ := os.Readlink(out)

	// Game 3 gets a move: bob is not in it, nor in any page it touches.
	g := games[2]
	r := *g.Record
	r.Moves = slices.Clone(r.Moves)
	r.Add(0, "take1")
	g.Record, g.Updated = &r, g.Updated.Add(time.Hour)
	src.Put(g)
	st, err := pub.Update(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if st.Full || st.Changed != 1 {
		t.Fatalf("update: %+v", st)
	}
	after := files(t, out)
	changed := changedFiles(before, after)
	want := []string{"games/3.html", "games/3.txt", "index.html", "players/_3Cscript_3Ealert_281_29_3C_2Fscript_3E.html",
		"players/_3Cscript_3Ealert_281_29_3C_2Fscript_3E/1.html", "players/alice.html", "players/alice/1.html",
		"search/0.js", "types/test-nim.html", "types/test-nim/1.html"}
	// (The sitemap dates games by day: it changes only on a new day.)
	if !slices.Equal(changed, want) {
		t.Errorf("changed files %q,\nwant %q", changed, want)
	}
	if st.Written != len(want) {
		t.Errorf("written %d files, want %d", st.Written, len(want))
	}
	if gen, _ := os.Readlink(out); gen != oldGen {
		t.Errorf("an update published generation %s, not into %s", gen, oldGen)
	}
	sameSite(t, out, src, testOptions(out))

	// Nothing changed: nothing is read or written.
	if st, err := pub.Update(context.Background()); err != nil || st.Written != 0 || st.Changed != 0 {
		t.Errorf("no-change update: %+v, %v", st, err)
	}
	// A game removed: its files go.
	src.Delete(5)
	st, err = pub.Update(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(out, "games", "5.html")); err == nil || st.Removed < 2 {
		t.Errorf("removed game 5: page still there, or %d files removed", st.Removed)
	}
	sameSite(t, out, src, testOptions(out))
}

// TestUpdateAfterRestart updates a site with a new Publisher, as a
// restarted daemon does: it reads the summaries again, not the whole
// archive, and carries on from the site's cursor.
func TestUpdateAfterRestart(t *testing.T) {
	out := filepath.Join(t.TempDir(), "site")
	games := randomArchive(t, 30, 11)
	src := NewMemory(games...)
	if _, err := Build(context.Background(), src, testOptions(out)); err != nil {
		t.Fatal(err)
	}
	// While "the daemon is down", a game is added and another changes.
	extra := randomArchive(t, 31, 12)[30]
	extra.ID = 31
	src.Put(extra)
	g := games[4]
	g.Updated = g.Updated.Add(time.Hour)
	src.Put(g)
	st, err := NewPublisher(src, testOptions(out)).Update(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if st.Full || st.Changed != 2 {
		t.Errorf("update after a restart: %+v", st)
	}
	sameSite(t, out, src, testOptions(out))
	// A site of another version (other options) is built again in full.
	opts := testOptions(out)
	opts.Title = "Another Club"
	if st, err := NewPublisher(src, opts).Update(context.Background()); err != nil || !st.Full {
		t.Errorf("update with other options: %+v, %v", st, err)
	}
}

// TestListPages fills a game type and two players with more games than a
// list page holds: the lists are cut into pages, an added game touches
// only the last page of each list, and a game added with a lower number
// (a challenge accepted late) moves the games after it.
func TestListPages(t *testing.T) {
	out := filepath.Join(t.TempDir(), "site")
	n := 2*listSize + 10
	var games []Game
	for i := range n {
		g := fixedArchive(t)[i%4]
		g.ID = int64(2*i + 10)
		games = append(games, g)
	}
	src := NewMemory(games...)
	pub := NewPublisher(src, testOptions(out))
	if _, err := pub.Build(context.Background()); err != nil {
		t.Fatal(err)
	}
	site := files(t, out)
	for _, p := range []string{"types/test-nim/1.html", "types/test-nim/2.html", "types/test-nim/3.html", "downloads/test-nim/3.txt"} {
		if _, ok := site[p]; !ok {
			t.Errorf("no %s", p)
		}
	}
	if _, ok := site["types/test-nim/4.html"]; ok {
		t.Error("a fourth list page for 210 games")
	}
	if got := strings.Count(string(site["types/test-nim/2.html"]), "<tr><td>"); got != listSize {
		t.Errorf("list page 2 has %d games, want %d", got, listSize)
	}
	before := site
	add := fixedArchive(t)[1] // bob and carol
	add.ID = int64(2*n + 10)
	src.Put(add)
	if _, err := pub.Update(context.Background()); err != nil {
		t.Fatal(err)
	}
	after := files(t, out)
	for _, p := range changedFiles(before, after) {
		if strings.HasPrefix(p, "types/test-nim/") && p != "types/test-nim/3.html" || strings.HasPrefix(p, "downloads/") && p != "downloads/test-nim/3.txt" {
			t.Errorf("adding the newest game rewrote %s: %s", p, firstDiff(after[p], before[p]))
		}
	}
	sameSite(t, out, src, testOptions(out))
	early := fixedArchive(t)[1]
	early.ID = 11 // between the first two games
	src.Put(early)
	if _, err := pub.Update(context.Background()); err != nil {
		t.Fatal(err)
	}
	sameSite(t, out, src, testOptions(out))
	checkLinks(t, files(t, out), testOptions(out).SiteURL)
}

func TestOutDirIsPlainDirectory(t *testing.T) {
	out := t.TempDir()
	os.WriteFile(filepath.Join(out, "keep.txt"), []byte("mine"), 0o644)
	if _, err := Build(context.Background(), NewMemory(fixedArchive(t)...), testOptions(out)); err == nil || !strings.Contains(err.Error(), "not a site link") {
		t.Fatalf("build over a plain directory: %v", err)
	}
	if data, _ := os.ReadFile(filepath.Join(out, "keep.txt")); string(data) != "mine" {
		t.Fatal("a plain directory was changed")
	}
}

func TestBadInput(t *testing.T) {
	games := fixedArchive(t)
	if _, err := Build(context.Background(), NewMemory(games...), Options{}); err == nil {
		t.Error("no OutDir: no error")
	}
	// A record the engine refuses, without a stored position, still gets a
	// page, with the error.
	r := *games[0].Record
	r.Moves = slices.Clone(r.Moves)
	r.Moves[1].Text = "take9"
	games[0].Record = &r
	// A game without a record, and one of a game that cannot name a file,
	// are left out.
	bad := games[1]
	bad.ID, bad.Record = 20, nil
	evil := games[1]
	er := *evil.Record
	er.Game = "../evil"
	evil.ID, evil.Record = 21, &er
	out := filepath.Join(t.TempDir(), "s")
	st, err := Build(context.Background(), NewMemory(append(games, bad, evil)...), testOptions(out))
	if err != nil || st.Unreplayable != 1 || st.Games != 5 {
		t.Fatalf("bad records: %+v, %v", st, err)
	}
	page, _ := os.ReadFile(filepath.Join(out, "games", "1.html"))
	if !bytes.Contains(page, []byte("does not replay")) {
		t.Error("the page of an unreplayable record does not say so")
	}
}

// TestConcurrentUpdates runs updates of one site at once, as a daemon's
// schedule and its update after a move may: every one succeeds and the
// site ends as a full build of the last state.
func TestConcurrentUpdates(t *testing.T) {
	out := filepath.Join(t.TempDir(), "site")
	games := fixedArchive(t)
	src := NewMemory(games...)
	if _, err := Build(context.Background(), src, testOptions(out)); err != nil {
		t.Fatal(err)
	}
	errs := make(chan error, 4)
	for i := range 4 {
		go func() {
			g := games[i]
			g.Updated = g.Updated.Add(time.Duration(i+1) * time.Hour)
			src.Put(g)
			_, err := NewPublisher(src, testOptions(out)).Update(context.Background())
			errs <- err
		}()
	}
	for range 4 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	if _, err := NewPublisher(src, testOptions(out)).Update(context.Background()); err != nil {
		t.Fatal(err)
	}
	sameSite(t, out, src, testOptions(out))
}

// TestNoSeedOfOngoingGames checks that no file of the site holds the seed
// of a game in progress, which would tell its chance draws ahead, and that
// a finished game's page shows its seed.
func TestNoSeedOfOngoingGames(t *testing.T) {
	games := randomArchive(t, 4*len(engine.Games()), 21)
	out := filepath.Join(t.TempDir(), "site")
	if _, err := Build(context.Background(), NewMemory(games...), testOptions(out)); err != nil {
		t.Fatal(err)
	}
	site := files(t, out)
	var secret, shown int
	for _, g := range games {
		eg, _ := engine.Lookup(g.Record.Game)
		if !eg.Info().Chance || g.Record.Config.Seed == 0 {
			continue
		}
		seed := []byte(strconv.FormatUint(g.Record.Config.Seed, 10))
		if g.Record.Result.Over() {
			if !bytes.Contains(site[gamePath(g.ID)], seed) || !bytes.Contains(site[recordPath(g.ID)], seed) {
				t.Errorf("finished game %d: its page or record lacks its seed", g.ID)
			}
			shown++
			continue
		}
		secret++
		for p, data := range site {
			if bytes.Contains(data, seed) {
				t.Errorf("%s holds the seed of game %d, in progress", p, g.ID)
			}
		}
	}
	if secret == 0 || shown == 0 {
		t.Fatalf("%d chance games in progress and %d finished: the test saw nothing", secret, shown)
	}
}
