package site

import (
	"context"
	"path/filepath"
	"regexp"
	"testing"

	"postal/engine"
	"postal/notation"
)

// TestPlayerRecordRows checks a player's table of results: one row for a
// game played by one ruleset only (issue 28 found "Conflagration" and
// "Conflagration conflagration", twice the same), a row for the game and
// one for each ruleset when there are several.
func TestPlayerRecordRows(t *testing.T) {
	game := func(id int64, ruleset string, players ...string) Game {
		_, cfg, _, err := engine.New("conflagration", engine.Config{Ruleset: ruleset})
		if err != nil {
			t.Fatal(err)
		}
		return Game{ID: id, Record: &notation.Record{Game: "conflagration", Config: cfg, Players: players}, Started: base, Updated: base}
	}
	out := filepath.Join(t.TempDir(), "site")
	src := NewMemory(game(1, "conflagration", "alice", "bob"), game(2, "conflagration", "alice", "bob"), game(3, "firestorm", "bob", "carol"))
	if _, err := Build(context.Background(), src, testOptions(out)); err != nil {
		t.Fatal(err)
	}
	site := files(t, out)
	row := regexp.MustCompile(`<tr><td><a href="../types/conflagration.html">Conflagration</a>( <span class="muted">([a-z-]+)</span>)?</td><td>(\d+)</td>`)
	for player, want := range map[string][]string{
		"alice": {"conflagration 2"},
		"bob":   {" 3", "conflagration 2", "firestorm 1"},
	} {
		var got []string
		for _, m := range row.FindAllStringSubmatch(string(site["players/"+player+".html"]), -1) {
			got = append(got, m[2]+" "+m[3])
		}
		if len(got) != len(want) {
			t.Errorf("%s's rows: %q, want %q", player, got, want)
			continue
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%s's rows: %q, want %q", player, got, want)
				break
			}
		}
	}
}
