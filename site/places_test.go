package site

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 35: a place in a game of three or four is said as a place, "2nd
// of 4", never as a loss or a win: a player's record counts their games of
// two as won, drawn or lost, and their games of more by place, a first
// place shared in a draw "=1st of 3".
func TestPlayerRecordSaysPlaces(t *testing.T) {
	four := multiGame(t, 1, []string{"alice", "bob", "carol", "dave"},
		"South: d1-d2", "West: timeout", "North: c9-c8", "South: resign", "East: i4-h4", "East: resign")
	three := multiGame(t, 2, []string{"erin", "bob", "carol"}, "South: d1-d2")
	three.Record.Result = three.Record.Result.Drawn("agreed by the players")
	three.Finished = three.Updated
	out := filepath.Join(t.TempDir(), "site")
	if _, err := Build(context.Background(), NewMemory(four, three), testOptions(out)); err != nil {
		t.Fatal(err)
	}
	site := files(t, out)
	// Played, won, drawn, lost, in progress, places.
	for p, want := range map[string]string{
		"dave":  `<td>1</td><td>0</td><td>0</td><td>0</td><td>0</td><td>2nd of 4</td>`,
		"alice": `<td>1</td><td>0</td><td>0</td><td>0</td><td>0</td><td>3rd of 4</td>`,
		"bob":   `<td>2</td><td>0</td><td>0</td><td>0</td><td>0</td><td>=1st of 3, 4th of 4</td>`,
		"carol": `<td>2</td><td>0</td><td>0</td><td>0</td><td>0</td><td>=1st of 3, 1st of 4</td>`,
	} {
		page := string(site["players/"+p+".html"])
		if !strings.Contains(page, want) {
			i := strings.Index(page, `<table class="record">`)
			t.Errorf("%s's record lacks %s:\n%.600s", p, want, page[max(i, 0):])
		}
	}
}
