package notation_test

import (
	"strings"
	"testing"

	"postal/notation"
)

// "explore GAME [RULESET] [NAME=VALUE ...] [MOVE ...]": the words that
// name the game's ruleset (one) or set its options belong to the book, the
// rest are moves, "=" and case kept; of a game postal does not play every
// word is a move.
func TestParseExplore(t *testing.T) {
	parsesAs(t, map[string]notation.Command{
		"explore conflagration":                          {Verb: notation.CmdExplore, Game: "conflagration"},
		"Explore Conflagration Mosey C5xD5 C3-C4":        {Verb: notation.CmdExplore, Game: "conflagration", Options: []string{"mosey"}, Move: "C5xD5 C3-C4"},
		"explore conflagration order=5 mosey":            {Verb: notation.CmdExplore, Game: "conflagration", Options: []string{"order=5", "mosey"}},
		"explore superial-chess c2-c3 a5-a4=x":           {Verb: notation.CmdExplore, Game: "superial-chess", Move: "c2-c3 a5-a4=x"},
		"explore superial-chess random random":           {Verb: notation.CmdExplore, Game: "superial-chess", Options: []string{"random"}, Move: "random"},
		"explore superial-chess size=8 classic b1-b2":    {Verb: notation.CmdExplore, Game: "superial-chess", Options: []string{"size=8", "classic"}, Move: "b1-b2"},
		"explore imperial-chess He2-f4 ride Sd2, Pa3-a4": {Verb: notation.CmdExplore, Game: "imperial-chess", Move: "He2-f4 ride Sd2, Pa3-a4"},
		"explore chess e4 e5":                            {Verb: notation.CmdExplore, Game: "chess", Move: "e4 e5"},
	})
	if _, err := notation.ParseCommand("explore", notation.ParseOptions{Language: lang}); err == nil || !strings.Contains(err.Error(), "missing a game") {
		t.Errorf("explore alone: %v, want an error saying a game is missing", err)
	}
}
