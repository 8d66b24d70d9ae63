package main

import (
	"bufio"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
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
	text, end, prompts := playAgainstBot(t, g, start, rec, engine.Second, -1)
	if !end.Result().Over() {
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
	if !strings.Contains(text, end.Result().Score()+" "+end.Result().Reason) {
		t.Errorf("no result line:\n%s", text)
	}
}

// In a game of four (R13), the bot plays the three seats the person does not
// (--as west): the person is asked for West's moves only, and the bot's
// South, North and East move between them, each in turn.
func TestPlayTerminalFourPlayersAgainstTheBot(t *testing.T) {
	cfg := engine.Config{Ruleset: "multiplayer", Options: map[string]string{"players": "4"}, Seed: 3}
	g, cfg, start, err := engine.New("superial-chess", cfg)
	if err != nil {
		t.Fatal(err)
	}
	rec := &notation.Record{Game: g.Info().Name, Config: cfg, Players: []string{"bot (level 1)", "Wendy", "bot (level 1)", "bot (level 1)"}}
	text, end, prompts := playAgainstBot(t, g, start, rec, 1, 3)
	if prompts != 3 || end.Result().Over() {
		t.Fatalf("%d prompts, result %v:\n%s", prompts, end.Result(), text)
	}
	if n := strings.Count(text, "> "); n != 3 || strings.Count(text, "West> ") != 3 {
		t.Errorf("%d prompts shown, want 3, all West's:\n%s", n, text)
	}
	// South moved before each of West's three moves, North and East after
	// the first two, and the person quit at the third prompt.
	want := []engine.Player{0, 1, 2, 3, 0, 1, 2, 3, 0}
	var got []engine.Player
	for _, m := range rec.Moves {
		got = append(got, m.Player)
	}
	if !slices.Equal(got, want) {
		t.Errorf("moves by %v, want %v:\n%s", got, want, text)
	}
	// The board names the seats, not the record's players.
	if strings.Contains(text, "bot (level 1) (") || !strings.Contains(text, "South (white): 6 pieces.") {
		t.Errorf("the board names the bot's seats after the players:\n%s", text)
	}
	for _, side := range []string{"South", "North", "East"} {
		if c := strings.Count(text, side+" (bot, level 1): "); c < 2 {
			t.Errorf("%s's moves shown %d times:\n%s", side, c, text)
		}
	}
}

// playAgainstBot plays the terminal game of rec from start against the bot,
// at level 1, with the person at human: at each of the person's prompts it
// types a random legal move, or "quit" at prompt number quitAt (-1: never).
// It returns what the terminal showed, the last position and how many
// prompts there were, and checks that the record replays to that position.
func playAgainstBot(t *testing.T, g engine.Game, start engine.Position, rec *notation.Record, human engine.Player, quitAt int) (string, engine.Position, int) {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	type result struct {
		end engine.Position
		err error
	}
	done := make(chan result, 1)
	go func() {
		end, err := playTerminal(g, start, rec.Config.Seed, rec, inR, outW, &terminalBot{human: human, level: 1, seed: rec.Config.Seed})
		outW.Close()
		done <- result{end, err}
	}()
	prompt := g.Info().Seats(rec.Config)[human] + ">"
	rng := rand.New(rand.NewPCG(5, 5))
	var out strings.Builder
	sc := bufio.NewReader(outR)
	prompts := 0
	for {
		// Read up to the prompt, or to the end of the game.
		line, err := sc.ReadString('>')
		out.WriteString(line)
		if err != nil {
			break
		}
		if !strings.HasSuffix(line, prompt) {
			continue
		}
		prompts++
		if prompts == quitAt {
			if _, err := io.WriteString(inW, "quit\n"); err != nil {
				t.Fatal(err)
			}
			continue
		}
		// The terminal waits for input now: the record holds every move so
		// far, the bot's last ones included.
		positions, err := rec.Replay()
		if err != nil {
			t.Fatalf("record does not replay: %v\n%s", err, rec)
		}
		legal := positions[len(positions)-1].Legal(human)
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
	positions, err := rec.Replay()
	if err != nil || positions[len(positions)-1].String() != r.end.String() {
		t.Errorf("the record does not replay to the end: %v", err)
	}
	return out.String(), r.end, prompts
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
		{[]string{"play", "conflagration", "--bot", "--as", "third"}, `--as is first, second or a side (light, dark), not "third"`},
		{[]string{"play", "superial-chess", "--ruleset", "multiplayer", "--option", "players=3", "--bot", "--as", "east"}, `--as is first, second or a side (south, west, north), not "east"`},
	} {
		_, errOut, code := postal(t, tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("postal %v: exit %d, %q; want exit 2 and %q", tc.args, code, errOut, tc.want)
		}
	}
}

// postal play --bot --as west, as typed: the bot's three seats are named
// for it in the record, the board still names the seats, and the game's
// seats are left as they were.
func TestPlayBotAsWest(t *testing.T) {
	in, err := os.CreateTemp(t.TempDir(), "stdin")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := in.WriteString("quit\n"); err != nil {
		t.Fatal(err)
	}
	if _, err := in.Seek(0, 0); err != nil {
		t.Fatal(err)
	}
	defer func(old *os.File) { os.Stdin = old }(os.Stdin)
	os.Stdin = in
	file := filepath.Join(t.TempDir(), "game.txt")
	out, errOut, code := postal(t, "play", "superial-chess", "--ruleset", "multiplayer", "--bot", "1", "--as", "west", "--record", file)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "South (bot, level 1): ") || !strings.Contains(out, "South (white): 6 pieces.") || strings.Contains(out, "bot (level 1) (") {
		t.Errorf("the bot's South and the board:\n%s", out)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := notation.ReadRecord(string(data))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"bot (level 1)", "West", "bot (level 1)", "bot (level 1)"}; !slices.Equal(rec.Players, want) {
		t.Errorf("players %v, want %v", rec.Players, want)
	}
	g, _ := engine.Lookup("superial-chess")
	if seats := g.Info().Seats(rec.Config); !slices.Equal(seats, []string{"South", "West", "North", "East"}) {
		t.Errorf("the game's seats are now %v", seats)
	}
}
