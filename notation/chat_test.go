package notation_test

import (
	"strings"
	"testing"

	"postal/engine"
	_ "postal/engine/allgames"
	"postal/notation"
)

// gameMove reads lines as moves of the first player at the start of a game.
func gameMove(t *testing.T, game, ruleset string) func(string) error {
	t.Helper()
	_, _, pos, err := engine.New(game, engine.Config{Ruleset: ruleset, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for engine.Acts(pos, engine.Chance) {
		if pos, _, err = engine.ResolveChance(pos, 1); err != nil {
			t.Fatal(err)
		}
	}
	side := pos.ToMove()[0]
	return func(line string) error {
		_, err := pos.ParseMove(side, line)
		return err
	}
}

// The chat-line rule (issue 16): commands and moves are read, a mistyped
// command or move gets its error, prose is left alone and marked.
func TestChatLines(t *testing.T) {
	type want int
	const (
		command want = iota
		move
		bad
		prose
	)
	conf := gameMove(t, "conflagration", "")
	for _, tc := range []struct {
		line   string
		tagged bool
		move   func(string) error
		want   want
	}{
		{"Thanks — nice move!", true, conf, prose},
		{"Sent from my iPhone", true, conf, prose},
		{"See you next week", true, conf, prose},
		{"ok", true, conf, prose},
		{"Cheers, Bob", true, conf, prose},
		{"Well played!", false, nil, prose},
		{"C3-D4", true, conf, move},
		{"c3xd4", true, conf, move},
		{"C3-Z9", true, conf, move}, // the game's error points at Z9
		{"C3 D4", true, conf, move}, // a digit: a mistyped move
		{"O-O", true, conf, move},   // move signs in a short word
		{"C3-D4", false, nil, bad},  // a move with no game to play it in
		{"mvoe C3-D4", true, conf, bad},
		{"resing", true, conf, bad},
		{"acept 3", false, nil, bad},
		{"draw", true, conf, command},
		{"Draw 17", false, nil, command},
		{"move along please", true, conf, command}, // a command word starts a command
		{"sent", true, conf, prose},                // not "set": short words are left alone
		{"C3-D4", true, nil, move},                 // tagged, no game to ask: looks like a move
		{"Good luck", true, nil, prose},
	} {
		got, _ := notation.ParseCommands("> quoted\n"+tc.line+"\n", notation.ParseOptions{Language: lang, Tagged: tc.tagged, Move: tc.move})
		if len(got) != 1 {
			t.Fatalf("%q: %d lines", tc.line, len(got))
		}
		p := got[0]
		var have want
		switch {
		case p.Prose:
			have = prose
		case p.Err != nil:
			have = bad
		case p.Cmd.Verb == notation.CmdMove && !strings.HasPrefix(strings.ToLower(tc.line), "move"):
			have = move
		default:
			have = command
		}
		if have != tc.want {
			t.Errorf("%q (tagged %v): read as %d, want %d (%+v)", tc.line, tc.tagged, have, tc.want, p)
		}
		if have == move && p.Cmd.Move != tc.line {
			t.Errorf("%q: move %q", tc.line, p.Cmd.Move)
		}
		if have == bad && p.Err.Col != 1 {
			t.Errorf("%q: error at column %d", tc.line, p.Err.Col)
		}
	}
}

// Every move of the start positions of every game, alone on a line of a
// reply about the game, is read as that move; no listed move starts with a
// command word (the clash Initiative's "draw" had).
func TestMovesAreNotCommands(t *testing.T) {
	for _, g := range engine.Games() {
		for _, rs := range g.Info().Rulesets {
			_, _, pos, err := engine.New(g.Info().Name, engine.Config{Ruleset: rs.Name, Seed: 3})
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range pos.ToMove() {
				if p == engine.Chance {
					continue
				}
				for _, m := range pos.Legal(p) {
					got, _ := notation.ParseCommands(m.String(), notation.ParseOptions{Language: lang, Tagged: true, Move: func(l string) error {
						_, err := pos.ParseMove(p, l)
						return err
					}})
					if len(got) != 1 || got[0].Err != nil || got[0].Prose || got[0].Cmd.Verb != notation.CmdMove || got[0].Cmd.Move != m.String() {
						t.Errorf("%s %s: move %q read as %+v", g.Info().Name, rs.Name, m, got)
					}
				}
			}
		}
	}
}
