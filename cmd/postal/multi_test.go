package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"postal/engine"
	"postal/notation"
)

// A terminal game of four (Superial Chess, R13-R13f): each side's prompt,
// "resign" takes the player to move out and the others play on, "SIDE:
// resign" any player; the record names every side, gives the places, and
// postal replay, moves, perft and render read the same game.
func TestPlayTerminalFourPlayers(t *testing.T) {
	g, cfg, start, err := engine.New("superial-chess", engine.Config{Ruleset: "multiplayer"})
	if err != nil {
		t.Fatal(err)
	}
	rec := &notation.Record{Game: g.Info().Name, Config: cfg, Players: g.Info().Seats(cfg)}
	in := strings.NewReader("d1-d2\nwest: resign\nz9\nc9-c8\nresign\nresign\n")
	var out bytes.Buffer
	end, err := playTerminal(g, start, cfg.Seed, rec, in, &out, nil)
	if err != nil {
		t.Fatal(err)
	}
	text := out.String()
	for _, want := range []string{"South> ", "West> ", "North> ", "East> ", `cannot read "z9"`, "Last move: resign (West).", "2-4-1-3 South resigned"} {
		if !strings.Contains(text, want) {
			t.Errorf("the game lacks %q:\n%s", want, text)
		}
	}
	if r := end.Result(); r.Score() != "2-4-1-3" {
		t.Fatalf("result %+v", r)
	}
	rec.Result = end.Result()
	if !strings.Contains(rec.String(), "1. South: d1-d2 2. West: resign 3. North: c9-c8 4. East: resign\n5. South: resign 2-4-1-3\n") {
		t.Errorf("record:\n%s", rec)
	}
	file := filepath.Join(t.TempDir(), "four.txt")
	if err := os.WriteFile(file, []byte(rec.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	got, errOut, code := postal(t, "replay", file)
	if code != 0 || !strings.Contains(got, "superial-chess multiplayer players=4: 5 moves, 2-4-1-3 South resigned") || !strings.Contains(got, "North wins: South resigned.") {
		t.Errorf("replay: exit %d %s\n%s", code, errOut, got)
	}
	// The same moves on the command line, by side.
	args := []string{"superial-chess", "--ruleset", "multiplayer", "d1-d2", "west: resign", "c9-c8"}
	got, errOut, code = postal(t, append([]string{"moves"}, args...)...)
	if code != 0 || !strings.HasPrefix(got, "i4-h4\n") || strings.Contains(got, "a3-b3") {
		t.Errorf("moves (East's): exit %d %s\n%s", code, errOut, got)
	}
	got, _, code = postal(t, append([]string{"perft"}, append(args, "1")...)...)
	if code != 0 || strings.TrimSpace(got) != "63" {
		t.Errorf("perft: exit %d %q", code, got)
	}
	got, _, code = postal(t, append([]string{"render"}, args...)...)
	if code != 0 || !strings.Contains(got, "East to move.") || !strings.Contains(got, "West (black): 6 pieces, out 4th (resigned).") {
		t.Errorf("render: exit %d\n%s", code, got)
	}
	if _, errOut, code := postal(t, "moves", "superial-chess", "--ruleset", "multiplayer", "--option", "players=3", "east: resign"); code == 0 || !strings.Contains(errOut, "no such player") {
		t.Errorf("East left a game of three: exit %d %s", code, errOut)
	}
}
