package notation_test

import (
	"strings"
	"testing"

	"postal/notation"
)

// A record names the version of the rules it was played by (RulesVersion)
// and replays by it: Superial Chess's multiplayer games of version 1 were
// played before ruling R13g (a player with no turn went out before a draw
// was judged), so their positions keep version 1 (engine/superial's
// TestR13g_Version1 plays the difference); the same moves under the
// current version play by R13g. The record keeps its version when written
// again.
func TestRecordRulesVersion(t *testing.T) {
	const moves = "\n1. South: d1-d2 2. West: a3-b3 3. North: c9-c8 *\n"
	old := `[Game "superial-chess"]
[Ruleset "multiplayer"]
[Options "players=3"]
[RulesVersion "1"]
[South "alice"]
[West "bob"]
[North "carol"]
[Result "*"]
` + moves
	for _, c := range []struct {
		text, version string
		v1            bool
	}{
		{old, "1", true},
		{strings.Replace(old, `[RulesVersion "1"]`, `[RulesVersion "2"]`, 1), "2", false},
		{strings.Replace(old, "[RulesVersion \"1\"]\n", "", 1), "2", false},
	} {
		rec, err := notation.ReadRecord(c.text)
		if err != nil {
			t.Fatal(err)
		}
		positions, err := rec.Replay()
		if err != nil {
			t.Fatal(err)
		}
		for i, p := range positions {
			if got := strings.HasSuffix(p.String(), " v1"); got != c.v1 {
				t.Errorf("version %s, position %d: %s", c.version, i, p)
			}
		}
		if w := rec.String(); !strings.Contains(w, `[RulesVersion "`+c.version+`"]`) {
			t.Errorf("written as:\n%s", w)
		}
	}
	rec, err := notation.ReadRecord(strings.Replace(old, `[RulesVersion "1"]`, `[RulesVersion "9"]`, 1))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rec.Replay(); err == nil || !strings.Contains(err.Error(), "newer") {
		t.Errorf("a record of a later version replayed: %v", err)
	}
}
