package conflagration_test

import (
	"testing"

	"postal/engine"
	"postal/engine/conflagration"
	"postal/engine/enginetest"
)

// Two captures of Light's on either side of a move of Dark's, in either
// order (R6, R5): one board, one key, two texts (the last move differs).
func TestKeyTransposes(t *testing.T) {
	for _, c := range []struct {
		ruleset string
		a, b    []string
	}{
		{"conflagration", []string{"0:G4xE4", "1:F6-E5", "0:G7-F7"}, []string{"0:G7-F7", "1:F6-E5", "0:G4xE4"}},
		{"mosey", []string{"0:C5xD5", "1:C3-C4", "0:D7xE7"}, []string{"0:D7xE7", "1:C3-C4", "0:C5xD5"}},
		{"shakattrition", []string{"0:B3-B2", "1:E7-D6", "0:E6-F7"}, []string{"0:E6-F7", "1:E7-D6", "0:B3-B2"}},
	} {
		t.Run(c.ruleset, func(t *testing.T) {
			enginetest.Transposes(t, enginetest.Start(t, "conflagration", engine.Config{Ruleset: c.ruleset}), c.a, c.b)
		})
	}
}

// The ply and the last move are left out of the key; the ruleset (its
// moves and its winner, the rulesets' table), the board and the side to
// move are in.
func TestKeyFields(t *testing.T) {
	const board = "1LD1/LD1LD/D1LD1L/1LD1LD1/D1LD1L/LD1LD/1LD1"
	enginetest.KeyTexts(t, conflagration.Game{}, "conflagration 4 "+board+" L 0 -",
		[]string{"conflagration 4 " + board + " L 12 D5xF5"},
		[]string{
			"conflagration 4 " + board + " D 0 -",
			"mosey 4 " + board + " L 0 -",
			"conflagration 4 2LD/LD1LD/D1LD1L/1LD1LD1/D1LD1L/LD1LD/1LD1 L 0 -",
		})
}

// Over random games and swapped moves, equal keys offer equal moves (R3:
// the side to move and its legal moves are all a position offers).
func TestKeyLegal(t *testing.T) {
	for _, rs := range []string{"conflagration", "firestorm", "backfire", "keep-a-riding", "mosey", "dont-mosey", "shakattrition", "shakattrition-misere"} {
		t.Run(rs, func(t *testing.T) {
			st := enginetest.KeysOf(t, "conflagration", engine.Config{Ruleset: rs}, 20, 60)
			if st.Transposed == 0 {
				t.Errorf("no transposition among %d keys", st.Keys)
			}
		})
	}
}
