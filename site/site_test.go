package site

import (
	"bytes"
	"context"
	"flag"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

var testRules = fstest.MapFS{
	"test-nim.md": {Data: []byte("# Test Nim\n\nTake **one to three** stones. See [the home page](../index.html).\n\n<script>alert(3)</script>\n\n| stones | first player |\n|---|---|\n| 5 | wins |\n")},
}

func testOptions(out string) Options {
	return Options{OutDir: out, SiteURL: "https://club.example/games/", Title: "Test Club", Rules: testRules, Workers: 2, Logger: slog.New(slog.DiscardHandler)}
}

// files reads every file of a built site, by slash path.
func files(t *testing.T, dir string) map[string][]byte {
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

// TestGolden pins every file of the site of a small fixed archive.
func TestGolden(t *testing.T) {
	out := filepath.Join(t.TempDir(), "site")
	st, err := Build(context.Background(), fixedArchive(t), testOptions(out))
	if err != nil {
		t.Fatal(err)
	}
	if !st.Full || st.Games != 5 || st.Unreplayable != 0 {
		t.Errorf("stats %+v", st)
	}
	got := files(t, out)
	golden := filepath.Join("testdata", "golden")
	if *update {
		os.RemoveAll(golden)
		for p, data := range got {
			if strings.HasPrefix(p, "assets/") {
				continue // copied verbatim from templates/site/assets
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
			return "line " + itoa(i+1) + ":\n got: " + gl[i] + "\nwant: " + wl[i]
		}
	}
	return "lengths differ"
}

func itoa(i int) string { return strconv.Itoa(i) }

// TestUpdate changes one game and checks that only the pages of that game,
// its players, its game type, the home page and the site-wide data are
// rewritten, and that the result equals a full build.
func TestUpdate(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "site")
	games := fixedArchive(t)
	if _, err := Build(context.Background(), games, testOptions(out)); err != nil {
		t.Fatal(err)
	}
	before := files(t, out)
	oldGen, _ := os.Readlink(out)

	// Game 3 gets a move: bob is not in it, nor in any page it touches.
	g := &games[2]
	g.Record.Add(0, "take1")
	g.Updated = g.Updated.Add(time.Hour)
	st, err := Update(context.Background(), games, []int64{3}, testOptions(out))
	if err != nil {
		t.Fatal(err)
	}
	if st.Full {
		t.Fatal("update built in full")
	}
	after := files(t, out)
	var changed []string
	for p, data := range after {
		if !bytes.Equal(before[p], data) {
			changed = append(changed, p)
		}
	}
	slices.Sort(changed)
	// The sitemap dates games by day: it changes only on a new day.
	want := []string{"games/3.html", "games/3.txt", "index.html", "index.json", "players/_3Cscript_3Ealert_281_29_3C_2Fscript_3E.html", "players/alice.html", "types/test-nim.html", "downloads/test-nim.txt"}
	slices.Sort(want)
	if !slices.Equal(changed, want) {
		t.Errorf("changed files %q,\nwant %q", changed, want)
	}
	if st.Written != len(want) {
		t.Errorf("written %d files, want %d", st.Written, len(want))
	}
	// The previous generation is intact for readers still in it.
	if data, err := os.ReadFile(filepath.Join(dir, oldGen, "games", "3.txt")); err != nil || !bytes.Equal(data, before["games/3.txt"]) {
		t.Errorf("previous generation changed: %v", err)
	}
	// An update gives the same site as a full build.
	full := filepath.Join(dir, "full")
	if _, err := Build(context.Background(), games, testOptions(full)); err != nil {
		t.Fatal(err)
	}
	fullFiles := files(t, full)
	for p, data := range fullFiles {
		if !bytes.Equal(after[p], data) {
			t.Errorf("%s differs between the update and a full build", p)
		}
	}
	if len(after) != len(fullFiles) {
		t.Errorf("update has %d files, full build %d", len(after), len(fullFiles))
	}

	// Nothing changed: nothing is written. Game removed: its files go.
	if st, err := Update(context.Background(), games, nil, testOptions(out)); err != nil || st.Written != 0 {
		t.Errorf("no-change update: %+v, %v", st, err)
	}
	st, err = Update(context.Background(), games[:4], nil, testOptions(out))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(out, "games", "5.html")); err == nil || st.Removed != 2 {
		t.Errorf("removed game 5: page still there or removed %d files", st.Removed)
	}
	// Only two generations are kept.
	gens, _ := os.ReadDir(genDir(out))
	n := 0
	for _, e := range gens {
		if e.IsDir() {
			n++
		}
	}
	if n != 2 {
		t.Errorf("%d generations kept, want 2", n)
	}
}

func TestOutDirIsPlainDirectory(t *testing.T) {
	out := t.TempDir()
	os.WriteFile(filepath.Join(out, "keep.txt"), []byte("mine"), 0o644)
	if _, err := Build(context.Background(), fixedArchive(t), testOptions(out)); err == nil || !strings.Contains(err.Error(), "not a site link") {
		t.Fatalf("build over a plain directory: %v", err)
	}
	if data, _ := os.ReadFile(filepath.Join(out, "keep.txt")); string(data) != "mine" {
		t.Fatal("a plain directory was changed")
	}
}

func TestBadInput(t *testing.T) {
	games := fixedArchive(t)
	dup := append(games, games[0])
	if _, err := Build(context.Background(), dup, testOptions(filepath.Join(t.TempDir(), "s"))); err == nil || !strings.Contains(err.Error(), "given twice") {
		t.Errorf("duplicate id: %v", err)
	}
	if _, err := Build(context.Background(), games, Options{}); err == nil {
		t.Error("no OutDir: no error")
	}
	// A record the engine refuses still gets a page, with the error.
	games[0].Record.Moves[1].Text = "take9"
	out := filepath.Join(t.TempDir(), "s")
	st, err := Build(context.Background(), games, testOptions(out))
	if err != nil || st.Unreplayable != 1 {
		t.Fatalf("unreplayable record: %+v, %v", st, err)
	}
	page, _ := os.ReadFile(filepath.Join(out, "games", "1.html"))
	if !bytes.Contains(page, []byte("does not replay")) {
		t.Error("the page of an unreplayable record does not say so")
	}
}

// TestConcurrentUpdates runs updates of one site at once, as the daemon's
// schedule and its rebuild after a move may: every one succeeds and the
// site ends as a full build of the last state.
func TestConcurrentUpdates(t *testing.T) {
	out := filepath.Join(t.TempDir(), "site")
	games := fixedArchive(t)
	if _, err := Build(context.Background(), games, testOptions(out)); err != nil {
		t.Fatal(err)
	}
	errs := make(chan error, 4)
	for range 4 {
		go func() {
			_, err := Update(context.Background(), games, []int64{1, 2}, testOptions(out))
			errs <- err
		}()
	}
	for range 4 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	full := filepath.Join(t.TempDir(), "full")
	if _, err := Build(context.Background(), games, testOptions(full)); err != nil {
		t.Fatal(err)
	}
	got, want := files(t, out), files(t, full)
	if len(got) != len(want) {
		t.Errorf("%d files, want %d", len(got), len(want))
	}
	for p, data := range want {
		if !bytes.Equal(got[p], data) {
			t.Errorf("%s differs from a full build", p)
		}
	}
}
