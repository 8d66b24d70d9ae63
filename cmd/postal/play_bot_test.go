package main

import (
	"bufio"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"postal/engine"
	"postal/notation"
)

// A whole terminal game against the bot (postal play GAME --bot): the
// person, playing second at random, types a move at each prompt; the bot
// answers every one at once, the game ends by the rules, and the record
// replays to the end with the bot's moves in it.
func TestPlayTerminalAgainstTheBot(t *testing.T) {
	g, cfg, start, err := engine.New("conflagration", engine.Config{Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	rec := &notation.Record{Game: g.Info().Name, Config: cfg, Players: []string{"bot (level 1)", "Dark"}}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	type result struct {
		end engine.Position
		err error
	}
	done := make(chan result, 1)
	go func() {
		end, err := playTerminal(g, start, cfg.Seed, rec, inR, outW, &terminalBot{side: engine.First, level: 1, seed: cfg.Seed})
		outW.Close()
		done <- result{end, err}
	}()
	rng := rand.New(rand.NewPCG(5, 5))
	var out strings.Builder
	sc := bufio.NewReader(outR)
	prompts := 0
	for {
		// Read up to the prompt ("Dark> "), or to the end of the game.
		line, err := sc.ReadString('>')
		out.WriteString(line)
		if err != nil {
			break
		}
		if !strings.HasSuffix(line, "Dark>") {
			continue
		}
		prompts++
		// The terminal waits for input now: the record holds every move so
		// far, the bot's last one included.
		positions, err := rec.Replay()
		if err != nil {
			t.Fatalf("record does not replay: %v\n%s", err, rec)
		}
		pos := positions[len(positions)-1]
		legal := pos.Legal(engine.Second)
		if len(legal) == 0 {
			t.Fatalf("prompted without a move:\n%s", out.String())
		}
		if _, err := io.WriteString(inW, legal[rng.IntN(len(legal))].String()+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	r := <-done
	if r.err != nil {
		t.Fatal(r.err)
	}
	text := out.String()
	if !r.end.Result().Over() {
		t.Fatalf("the game did not end by the rules:\n%s", text)
	}
	bot := 0
	for _, m := range rec.Moves {
		if m.Player == engine.First {
			bot++
		}
	}
	if bot == 0 || bot < prompts || strings.Count(text, "Light (bot, level 1): ") != bot {
		t.Errorf("%d bot moves recorded, %d prompts, %d shown:\n%s", bot, prompts, strings.Count(text, "(bot, level 1)"), text)
	}
	positions, err := rec.Replay()
	if err != nil || positions[len(positions)-1].String() != r.end.String() {
		t.Errorf("the record does not replay to the end: %v", err)
	}
	if !strings.Contains(text, r.end.Result().Score()+" "+r.end.Result().Reason) {
		t.Errorf("no result line:\n%s", text)
	}
}

// postal play --bot takes a level as --bot=N or --bot N, and refuses a
// level the bot does not have and a side that is neither.
func TestPlayBotFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"play", "conflagration", "--bot", "9"}, `the bot's level is 1 to 4, not "9"`},
		{[]string{"play", "conflagration", "--bot=0"}, `not "0"`},
		{[]string{"play", "conflagration", "--bot", "--as", "third"}, `--as is first or second, not "third"`},
	} {
		_, errOut, code := postal(t, tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("postal %v: exit %d, %q; want exit 2 and %q", tc.args, code, errOut, tc.want)
		}
	}
}
