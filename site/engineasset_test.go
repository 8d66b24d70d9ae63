package site

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"postal/engine"
)

// TestEngineHoldsEveryGame checks that the one engine for the browser
// holds every game the club plays, and not the tests' Nim: its list is
// written by "make generate" from engine/allgames, so a game added there
// fails here until the engine is built again.
func TestEngineHoldsEveryGame(t *testing.T) {
	e := theEngine()
	for _, g := range engine.Games() {
		name := g.Info().Name
		if want := name != "test-nim"; e.holds(name) != want {
			t.Errorf("the engine holds %s: %v, want %v (make generate)", name, e.holds(name), want)
		}
	}
	if len(e.games) != len(engine.Games())-1 {
		t.Errorf("the engine lists %d games, the binary plays %d besides the tests' Nim: %v", len(e.games), len(engine.Games())-1, e.games)
	}
}

// TestEngineSizes weighs the engine and its siblings: under 1.25 MB
// gzipped and under 1 MB with brotli (what a browser fetches, once for
// every game page of a site), its script twin the gzipped bytes in base64.
func TestEngineSizes(t *testing.T) {
	e := theEngine()
	size := func(fill func(io.Writer) error) int {
		c := countWriter{w: io.Discard}
		if err := fill(&c); err != nil {
			t.Fatal(err)
		}
		return int(c.n)
	}
	sizes := map[string]int{}
	for _, f := range e.files(true) {
		sizes[f.name] = size(f.fill)
	}
	wasm, gz, br, script := sizes[e.name], sizes[e.name+".gz"], sizes[e.name+".br"], sizes[e.script]
	if gz >= 1_250_000 || br >= 1_000_000 || br == 0 || br >= gz || wasm <= gz || script < gz*4/3 || script > gz*4/3+200 {
		t.Errorf("the engine: %d bytes, %d gzipped, %d with brotli, %d its script; want under 1,250,000 gzipped, 1,000,000 with brotli", wasm, gz, br, script)
	}
	t.Logf("the engine: %d bytes, %d gzipped, %d with brotli, %d its script", wasm, gz, br, script)
}

// TestSiteAssets builds a site of games of every type, as served and for
// reading from disk (Options.Offline), and checks its assets: one engine
// with its .gz and .br siblings, its script twin only when offline, all of
// it under 10 MB; every page of a game the engine holds names the engine,
// its twin and Go's loader, the tests' Nim's names none.
func TestSiteAssets(t *testing.T) {
	games := append(randomArchive(t, len(engine.Games()), 3), fixedArchive(t)[0])
	for i := range games {
		games[i].ID = int64(i + 1)
	}
	e := theEngine()
	for _, offline := range []bool{false, true} {
		out := filepath.Join(t.TempDir(), "site")
		opts := testOptions(out)
		opts.Offline = offline
		if _, err := Build(context.Background(), NewMemory(games...), opts); err != nil {
			t.Fatal(err)
		}
		dir, err := filepath.EvalSymlinks(out)
		if err != nil {
			t.Fatal(err)
		}
		entries, err := os.ReadDir(filepath.Join(dir, "assets"))
		if err != nil {
			t.Fatal(err)
		}
		var engines []string
		for _, en := range entries {
			if strings.HasPrefix(en.Name(), "engine") {
				engines = append(engines, en.Name())
			}
		}
		want := []string{e.name, e.name + ".br", e.name + ".gz"}
		if offline {
			want = append(want, e.script)
		}
		slices.Sort(want)
		if !slices.Equal(engines, want) {
			t.Errorf("offline %v: the engine's files in assets/ are %q, want %q", offline, engines, want)
		}
		total := assetsBytes(t, dir)
		if total >= 10_000_000 {
			t.Errorf("offline %v: assets/ holds %d bytes, want under 10,000,000", offline, total)
		}
		t.Logf("offline %v: assets/ %d bytes in %d files", offline, total, len(entries))
		for _, g := range games {
			page, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(gamePath(g.ID))))
			if err != nil {
				t.Fatal(err)
			}
			named := regexp.MustCompile(`data-engine="../assets/` + regexp.QuoteMeta(e.name) + `" data-enginejs="../assets/` + regexp.QuoteMeta(e.script) + `" data-wasmexec="../assets/wasm_exec-[0-9a-f]{10}\.js"`).Match(page)
			if named != (g.Record.Game != "test-nim") || g.Record.Game == "test-nim" && strings.Contains(string(page), "data-engine") {
				t.Errorf("offline %v: the page of game %d (%s) names the engine: %v", offline, g.ID, g.Record.Game, named)
			}
		}
	}
}

// TestUpdateKeepsOfflineTwin: an update by a publisher without
// Options.Offline (the daemon's) of a site built with it (postal site
// build --offline) is no full build, and the engine's twin stays.
func TestUpdateKeepsOfflineTwin(t *testing.T) {
	games := randomArchive(t, 4, 6)
	for i := range games {
		games[i].ID = int64(i + 1)
	}
	src := NewMemory(games...)
	out := filepath.Join(t.TempDir(), "site")
	opts := testOptions(out)
	opts.Offline = true
	if _, err := Build(context.Background(), src, opts); err != nil {
		t.Fatal(err)
	}
	g := games[0]
	g.Updated = g.Updated.Add(time.Hour)
	src.Put(g)
	st, err := NewPublisher(src, testOptions(out)).Update(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if st.Full || st.Changed != 1 {
		t.Errorf("the update after one change: %+v, want no full build", st)
	}
	if _, err := os.Stat(filepath.Join(out, "assets", theEngine().script)); err != nil {
		t.Errorf("the engine's twin after the update: %v", err)
	}
}
