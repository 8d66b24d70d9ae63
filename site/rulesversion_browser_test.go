package site

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"postal/notation"
)

// TestR13g_Issue27_TryMovesOfVersion1 opens in Chromium the page of a
// game of Superial Chess's multiplayer rules version 1 (played before
// ruling R13g; club/testdata/r13g-v1-game.txt) and of the same moves under
// the current version, and asks for "Try moves": the page's engine
// replays each game under the version its record names (data-version), so
// the first game ends as it was played, South winning with West out, and
// the second drawn by R13g (issue 27).
func TestR13g_Issue27_TryMovesOfVersion1(t *testing.T) {
	data, err := os.ReadFile("../club/testdata/r13g-v1-game.txt")
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	n := 0
	for _, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(l, "#") {
			continue
		}
		for _, w := range strings.Fields(l) {
			seat, move, _ := strings.Cut(w, ":")
			n++
			fmt.Fprintf(&b, "%d. %s: %s ", n, map[string]string{"0": "South", "1": "West", "2": "North"}[seat], move)
		}
	}
	var games []Game
	for i, version := range []string{"1", ""} {
		text := "[Game \"superial-chess\"]\n[Ruleset \"multiplayer\"]\n[Options \"players=3\"]\n"
		if version != "" {
			text += "[RulesVersion \"" + version + "\"]\n"
		}
		text += "[South \"alice\"]\n[West \"bob\"]\n[North \"carol\"]\n\n" + b.String()
		rec, err := notation.ReadRecord(text)
		if err != nil {
			t.Fatal(err)
		}
		rc := *rec
		positions, err := rc.Replay()
		if err != nil {
			t.Fatal(err)
		}
		end := positions[len(positions)-1]
		rec.Result = end.Result()
		rec.SetTag("Termination", rec.Result.Reason)
		at := time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)
		games = append(games, Game{ID: int64(i + 1), Record: rec, Position: end.String(), Started: at, Updated: at, Finished: at})
	}
	if games[0].Record.Result.Score() != "1-2-3" || games[1].Record.Result.Score() != "1-1-3" {
		t.Fatalf("the fixture ends %s under version 1 and %s under version 2; want 1-2-3 and 1-1-3", games[0].Record.Result.Score(), games[1].Record.Result.Score())
	}
	out := filepath.Join(t.TempDir(), "site")
	if _, err := Build(context.Background(), NewMemory(games...), testOptions(out)); err != nil {
		t.Fatal(err)
	}
	br := newBrowser(t)
	srv := httptest.NewServer(Handler(out))
	defer srv.Close()
	for _, g := range games {
		br.open(t, fmt.Sprintf("%s/games/%d.html", srv.URL, g.ID))
		br.do(t, chromedp.Click(chromedp.CSS(`[data-step="first"]`)), chromedp.Click(chromedp.CSS(`#analyse`)), chromedp.WaitVisible(chromedp.CSS(`#a-legal`)))
		// The viewer's replay made the engine's first handles: the start,
		// then a position per ply; the last is the game's end.
		got := eval[map[string]any](t, br, fmt.Sprintf(`postalEngine.state(%d)`, n))
		over, draw, winner := got["over"] == true, got["draw"] == true, got["winner"]
		switch g.ID {
		case 1:
			if !over || draw || winner != float64(0) {
				t.Errorf("the page's engine ends the game of version 1 at %v; want South's win", got)
			}
		case 2:
			if !over || !draw {
				t.Errorf("the page's engine ends the game of version 2 at %v; want a draw", got)
			}
		}
	}
	for _, p := range br.Problems() {
		t.Errorf("browser: %s", p)
	}
}
