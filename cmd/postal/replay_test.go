package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"postal/engine"
	"postal/notation"
)

// diceRecord plays Initiative game number 9 with seed as the club does:
// every chance outcome drawn from the seed, the first listed move of each
// player, and returns its record, committed to the seed and over.
func diceRecord(t *testing.T, seed uint64) *notation.Record {
	t.Helper()
	return initiativeRecord(t, 9, engine.Config{Seed: seed}, 30)
}

// initiativeRecord plays Initiative game number round with cfg as the club
// does, to about plies plies or its end, and returns its record, over.
func initiativeRecord(t *testing.T, round int64, cfg engine.Config, plies int) *notation.Record {
	t.Helper()
	seed := cfg.Seed
	_, cfg, pos, err := engine.New("initiative", cfg)
	if err != nil {
		t.Fatal(err)
	}
	rec := &notation.Record{Game: "initiative", Config: cfg, Players: []string{"alice", "bob"}, SeedCommitment: engine.SeedCommitment(round, seed)}
	rec.SetTag("Round", fmt.Sprint(round))
	for len(rec.Moves) < plies && !pos.Result().Over() {
		next, steps, err := engine.ResolveChance(pos, seed)
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range steps {
			rec.Add(engine.Chance, st.Move.String())
		}
		p := next.ToMove()[0]
		m := next.Legal(p)[0]
		if pos, err = next.Apply(p, m); err != nil {
			t.Fatal(err)
		}
		rec.Add(p, m.String())
	}
	rec.Result = engine.Result{Kind: engine.Win, Winner: engine.Second, Reason: "alice resigned"}
	return rec
}

// postal replay checks the dice of a finished record: the seed against the
// commitment and every chance move against the seed, naming the first that
// is wrong; a game in progress keeps its seed secret.
func TestReplayChecksTheDice(t *testing.T) {
	const seed = 4242424242
	rec := diceRecord(t, seed)
	write := func(text string) string {
		file := filepath.Join(t.TempDir(), "game.txt")
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return file
	}
	out, errOut, code := postal(t, "replay", write(rec.String()))
	if code != 0 || !strings.Contains(out, fmt.Sprintf("dice: the seed %d matches the commitment %s and draws all", seed, rec.SeedCommitment)) {
		t.Fatalf("an honest record: exit %d %s\n%s", code, errOut, out)
	}

	// One chance outcome altered (the record cut after it).
	positions, _ := rec.Replay()
	n := 0
	for i, m := range rec.Moves {
		if m.Player != engine.Chance || n != 0 {
			continue
		}
		for _, alt := range positions[i].Legal(engine.Chance) {
			if alt.String() != m.Text {
				bad := *rec
				bad.Moves = append([]notation.RecordMove(nil), rec.Moves[:i+1]...)
				bad.Moves[i].Text = alt.String()
				_, errOut, code = postal(t, "replay", write(bad.String()))
				if code != 1 || !strings.Contains(errOut, fmt.Sprintf("move %d (chance: %s) is not what the seed draws there", i+1, alt)) {
					t.Errorf("move %d altered: exit %d: %s", i+1, code, errOut)
				}
				n = i + 1
				break
			}
		}
	}
	if n == 0 {
		t.Fatal("no chance move with another outcome")
	}

	// A seed that is not the committed one.
	wrong := strings.Replace(rec.String(), fmt.Sprintf(`[Seed "%d"]`, seed), fmt.Sprintf(`[Seed "%d"]`, seed+1), 1)
	_, errOut, code = postal(t, "replay", write(wrong))
	if code != 1 || !strings.Contains(errOut, "the Seed does not match the SeedCommitment") || !strings.Contains(errOut, "(chance: ") {
		t.Errorf("a wrong seed: exit %d: %s", code, errOut)
	}

	// In progress: no seed to check.
	going := *rec
	going.Result = engine.Result{}
	out, errOut, code = postal(t, "replay", write(going.String()))
	if code != 0 || !strings.Contains(out, "dice: the seed stays secret until the game ends") || strings.Contains(going.String(), fmt.Sprint(seed)) {
		t.Errorf("a game in progress: exit %d %s\n%s", code, errOut, out)
	}
}

// Records written before issue 16 still replay: Initiative's draft move as
// "draw" under rules version 1, a classic Superial Chess game with the
// random-moves option it carried then, and the old wording of a result.
func TestReplayOldRecords(t *testing.T) {
	rec := initiativeRecord(t, 3, engine.Config{Options: map[string]string{"draft": "yes"}, Seed: 777}, 40)
	drafts := 0
	for i, m := range rec.Moves {
		if m.Player != engine.Chance && (m.Text == "draft" || strings.HasPrefix(m.Text, "draft ")) {
			rec.Moves[i].Text = "draw" + strings.TrimPrefix(m.Text, "draft") // the version 1 spelling
			drafts++
		}
	}
	if drafts == 0 {
		t.Fatal("the record has no draft move to spell the old way")
	}
	old := strings.Replace(rec.String(), `[RulesVersion "2"]`, `[RulesVersion "1"]`, 1)
	if !strings.Contains(old, `[RulesVersion "1"]`) || !strings.Contains(old, " draw ") {
		t.Fatalf("not an old record:\n%s", old)
	}
	superial := `[Game "superial-chess"]
[Ruleset "classic"]
[Options "random-moves=1 size=6"]
[RulesVersion "1"]
[White "alice"]
[Black "bob"]
[Result "0-1"]
[Termination "Light cannot move: Light wins (conflagration)"]

1. b1-b2 2. a5-a4 0-1
`
	for name, text := range map[string]string{"initiative": old, "superial-chess": superial} {
		file := filepath.Join(t.TempDir(), name+".txt")
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		out, errOut, code := postal(t, "replay", file)
		if code != 0 {
			t.Errorf("%s: exit %d: %s\n%s", name, code, errOut, out)
		}
	}
}
