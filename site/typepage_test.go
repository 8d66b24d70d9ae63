package site

import (
	"context"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"postal/engine"
)

// TestTypePageKept: what a game type's page shows of all its games (its
// statistics, its links to list pages and downloads) is kept from one
// update to the next while only games in progress change, and made anew
// when a game of the type is added, ends or goes; what the type pages show
// is a full build's.
func TestTypePageKept(t *testing.T) {
	ctx := context.Background()
	out := filepath.Join(t.TempDir(), "site")
	before := randomArchive(t, 60, 1)
	src := NewMemory(before...)
	pub := NewPublisher(src, testOptions(out))
	if _, err := pub.Build(ctx); err != nil {
		t.Fatal(err)
	}
	kept := map[string]*rulesetStats{}
	for name, ty := range pub.b.ix.types {
		if ty.pageKept && len(ty.stats) > 0 {
			kept[name] = &ty.stats[0]
		}
	}
	if len(kept) == 0 {
		t.Fatal("no game type's statistics were kept by the build")
	}
	// Moves in games going (here their last change only) keep every
	// type's statistics.
	going := 0
	for _, g := range before {
		if !g.Record.Result.Over() {
			g.Updated = g.Updated.Add(time.Hour)
			src.Put(g)
			going++
		}
	}
	if going == 0 {
		t.Fatal("no game in progress")
	}
	if st, err := pub.Update(ctx); err != nil || st.Changed != going {
		t.Fatalf("the update of %d games going: %+v %v", going, st, err)
	}
	for name, was := range kept {
		ty := pub.b.ix.types[name]
		if !ty.pageKept || len(ty.stats) == 0 || &ty.stats[0] != was {
			t.Errorf("%s: its statistics were made anew after moves in games going", name)
		}
	}
	// A game going ends (its players', type's and ruleset's the same),
	// and finished games go: every type's statistics are what a pass
	// over its games makes, and its page a full build's.
	ended, gone := 0, 0
	for _, g := range before {
		switch {
		case !g.Record.Result.Over() && len(g.Record.Players) == 2 && ended < 3:
			r := *g.Record
			r.Result = engine.Result{Kind: engine.Win, Winner: 1, Reason: "resignation"}
			r.SetTag("Termination", "resignation")
			g.Record, g.Finished = &r, g.Updated.Add(2*time.Hour)
			g.Updated = g.Finished
			src.Put(g)
			ended++
		case g.Record.Result.Over() && g.ID%5 == 0:
			src.Delete(g.ID)
			gone++
		}
	}
	if ended == 0 || gone == 0 {
		t.Fatalf("%d games ended, %d gone", ended, gone)
	}
	if st, err := pub.Update(ctx); err != nil || st.Full {
		t.Fatalf("the update: %+v %v", st, err)
	}
	for name, ty := range pub.b.ix.types {
		if !ty.pageKept {
			continue // not drawn since
		}
		fresh := &typeInfo{Info: ty.Info, games: ty.games}
		if want := pub.b.stats(fresh); !reflect.DeepEqual(ty.stats, want) {
			t.Errorf("%s: statistics kept %+v, made anew %+v", name, ty.stats, want)
		}
		if want := pub.b.downloadLinks(fresh, "../"); !reflect.DeepEqual(ty.downloads, want) {
			t.Errorf("%s: downloads kept %+v, made anew %+v", name, ty.downloads, want)
		}
	}
	opts := testOptions(filepath.Join(t.TempDir(), "full"))
	if _, err := Build(ctx, src, opts); err != nil {
		t.Fatal(err)
	}
	pages := 0
	full, updated := files(t, opts.OutDir), files(t, out)
	for path := range full {
		if strings.HasPrefix(path, "types/") && strings.Count(path, "/") == 1 {
			pages++
		}
	}
	if pages == 0 {
		t.Fatal("no game type's page in the full build")
	}
	for _, path := range changedFiles(full, updated) {
		if strings.HasPrefix(path, "types/") && strings.Count(path, "/") == 1 {
			t.Errorf("%s differs from a full build's", path)
		}
	}
}
