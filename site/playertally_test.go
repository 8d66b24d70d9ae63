package site

import (
	"context"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestPlayerTallyKept builds a site of random games, then replaces each
// game by another (other players, games, results) and removes some, in
// updates, and checks each player's kept record against the pass over
// their games that makes it anew, and their pages against a full build.
func TestPlayerTallyKept(t *testing.T) {
	out := filepath.Join(t.TempDir(), "site")
	before, after := randomArchive(t, 60, 1), randomArchive(t, 60, 2)
	src := NewMemory(before...)
	pub := NewPublisher(src, testOptions(out))
	if _, err := pub.Build(context.Background()); err != nil {
		t.Fatal(err)
	}
	for i, g := range after {
		switch {
		case i%7 == 3:
			src.Delete(g.ID)
		default:
			g.Updated = g.Updated.Add(1000 * 24 * 60 * 60 * 1e9)
			src.Put(g)
		}
		if i%20 == 19 {
			if _, err := pub.Update(context.Background()); err != nil {
				t.Fatal(err)
			}
		}
	}
	kept := 0
	for name, p := range pub.b.ix.players {
		if p.record == nil {
			continue
		}
		kept++
		fresh := (&playerInfo{Name: p.Name, games: p.games}).tally(pub.b.ix)
		if !reflect.DeepEqual(p.record, fresh) {
			t.Errorf("%s: record kept %v, made anew %v", name, p.record, fresh)
		}
	}
	if kept == 0 {
		t.Fatal("no player's record was kept")
	}
	// The players' pages are the full build's. (Not the whole site: the
	// explorer does not take games changing their game type, which games
	// never do, as a full build does.)
	opts := testOptions(filepath.Join(t.TempDir(), "full"))
	if _, err := Build(context.Background(), src, opts); err != nil {
		t.Fatal(err)
	}
	for _, path := range changedFiles(files(t, opts.OutDir), files(t, out)) {
		if strings.HasPrefix(path, "players/") {
			t.Errorf("%s differs from a full build's", path)
		}
	}
}
