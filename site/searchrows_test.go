package site

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"path/filepath"
	"postal/engine"
	"slices"
	"testing"
	"time"
)

// TestSearchShardKeptRows moves one game in two updates, so the second
// writes its shard from the rows the first kept, and checks the shard is
// the rows encoded as one JSON array (as searchShard wrote it before it
// kept rows), hostile names included, and then the full build's.
func TestSearchShardKeptRows(t *testing.T) {
	out := filepath.Join(t.TempDir(), "site")
	games := fixedArchive(t)
	src := NewMemory(games...)
	pub := NewPublisher(src, testOptions(out))
	if _, err := pub.Build(context.Background()); err != nil {
		t.Fatal(err)
	}
	g := games[2]
	for _, move := range []string{"take1", "take1"} {
		r := *g.Record
		r.Moves = slices.Clone(r.Moves)
		r.Add(engine.Player(len(r.Moves)%2), move)
		g.Record, g.Updated = &r, g.Updated.Add(time.Hour)
		src.Put(g)
		if _, err := pub.Update(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	if kept := pub.b.ix.search.shards[0]; kept[g.ID].of != pub.b.ix.games[g.ID] {
		t.Fatalf("the kept row of game %d is not of its summary now", g.ID)
	}
	got, err := os.ReadFile(filepath.Join(out, "search", "0.js"))
	if err != nil {
		t.Fatal(err)
	}
	var rows [][]any
	for _, s := range pub.b.ix.shard(0) {
		rows = append(rows, searchFields(s))
	}
	data, err := json.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Appendf(nil, "postalSearch(0, %s);\n", data); string(got) != string(want) {
		t.Errorf("search/0.js:\n%s\nwant\n%s", got, want)
	}
	sameSite(t, out, src, testOptions(out))
}
