package main

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"postal/engine/enginetest/long"
	"postal/engine/search"
)

// resultLine is the arena's line of A's wins, draws and losses.
func resultLine(t *testing.T, out string) string {
	t.Helper()
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "A ") {
			return l
		}
	}
	t.Fatalf("no result line in:\n%s", out)
	return ""
}

func TestArenaBotBeatsRandomPlay(t *testing.T) {
	out, errOut, code := postal(t, "arena", "conflagration", "--ruleset", "keep-a-riding", "--games", "6", "--a", "1", "--b", "random", "--seed", "3", "-v")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "conflagration keep-a-riding order=4: A level 1 against B random, 6 games, seed 3") {
		t.Errorf("no heading:\n%s", out)
	}
	if got := resultLine(t, out); !strings.HasPrefix(got, "A level 1: 6 wins, 0 draws, 0 losses, 0 unfinished: 100.0% won") {
		t.Errorf("level 1 against random play: %s", got)
	}
	if n := strings.Count(out, "\ngame "); n != 6 {
		t.Errorf("%d game lines, want 6:\n%s", n, out)
	}
}

// TestArenaSameWhateverParallel checks that the games depend on their
// number and the seed only: the score is the same played one or three at
// a time, and sides alternate (A moves second in even games).
func TestArenaSameWhateverParallel(t *testing.T) {
	args := []string{"arena", "initiative", "--games", "6", "--a", "1", "--b", "1", "--seed", "9"}
	one, _, code := postal(t, append(args, "--parallel", "1")...)
	if code != 0 {
		t.Fatal(one)
	}
	three, _, code := postal(t, append(args, "--parallel", "3")...)
	if code != 0 {
		t.Fatal(three)
	}
	if a, b := resultLine(t, one), resultLine(t, three); a != b {
		t.Errorf("one at a time: %s\nthree at a time: %s", a, b)
	}
}

func TestArenaUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"arena"}, "name one game"},
		{[]string{"arena", "initiative", "--a", "9"}, fmt.Sprintf(`a player is random or a level 1 to %d, not "9"`, search.MaxLevel)},
		{[]string{"arena", "initiative", "--b", "strong"}, `not "strong"`},
		{[]string{"arena", "initiative", "--games", "0"}, "must be positive"},
	} {
		_, errOut, code := postal(t, tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("postal %v: exit %d, %q; want exit 2 and %q", tc.args, code, errOut, tc.want)
		}
	}
}

// TestArenaFourSeats checks a match of the four-player ruleset (Superial
// Chess R13): A takes each seat in turn against three B, every game says
// A's place, and A's score is its share by place (engine.Result.Shares:
// 1, 2/3, 1/3, 0), players sharing a place splitting it. Eight games, four
// under the race detector (go test -race; make test leaves it to make
// test-long, the Makefile's LONG_ONLY): A still takes each seat.
func TestArenaFourSeats(t *testing.T) {
	games := long.Sized(8, 8, 4)
	out, errOut, code := postal(t, "arena", "superial-chess", "--ruleset", "multiplayer", "--games", strconv.Itoa(games), "--a", "random", "--b", "random",
		"--seed", "4", "--parallel", "2", "--max-plies", "100000", "-v")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, fmt.Sprintf("superial-chess multiplayer players=4: A random against 3 B random, %d games, seed 4 (A takes each seat in turn, the first in games 1, 5, 9...)", games)) {
		t.Errorf("no heading:\n%s", out)
	}
	// The places of the game lines, and what they are worth to A; a draw
	// shares the first place with one to three others, worth 5/6 to 1/2.
	share, outcomes := 0.0, map[string]int{}
	// A's pairings with the three Bs: a place p of a won game is ahead of
	// 4-p and behind p-1 (their places are all different); a drawn game's
	// shared first place is ahead of or level with every B.
	ahead, behind := 0, 0
	for _, l := range strings.Split(out, "\n") {
		var n, place, seats, plies int
		var outcome string
		if _, err := fmt.Sscanf(l, "game %d: %s place %d of %d, in %d plies", &n, &outcome, &place, &seats, &plies); err != nil {
			continue
		}
		outcome = strings.TrimSuffix(outcome, ",")
		outcomes[outcome]++
		if outcome != "draw" {
			ahead, behind = ahead+4-place, behind+place-1
		}
		switch {
		case outcome == "win" && place == 1, outcome == "loss" && place > 1:
			share += float64(4-place) / 3
		case outcome == "draw" && place == 1:
			share += 0.5 // at least: the check below allows the rest
		default:
			t.Errorf("game %d: %s in place %d", n, outcome, place)
		}
	}
	line := resultLine(t, out)
	want := fmt.Sprintf("A random: %d wins, %d draws, %d losses, 0 unfinished:", outcomes["win"], outcomes["draw"], outcomes["loss"])
	if !strings.HasPrefix(line, want) || outcomes["win"]+outcomes["draw"]+outcomes["loss"] != games {
		t.Fatalf("%s\nwant it to start %q, from the game lines:\n%s", line, want, out)
	}
	var score float64
	if _, err := fmt.Sscanf(line[strings.Index(line, "score "):], "score %f%%", &score); err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	lo, hi := 100*share/float64(games), 100*(share+float64(outcomes["draw"])/3)/float64(games)
	if score < lo-0.05 || score > hi+0.05 {
		t.Errorf("score %.1f%%, want %.1f%% to %.1f%% by place: %s", score, lo, hi, line)
	}
	var beat, tied, lost int
	var pct float64
	i := strings.Index(out, "A random against each B: ")
	if i < 0 {
		t.Fatalf("no pairings line:\n%s", out)
	}
	if _, err := fmt.Sscanf(out[i:], "A random against each B: ahead in %d pairings, level in %d, behind in %d: %f%% ahead", &beat, &tied, &lost, &pct); err != nil {
		t.Fatalf("pairings line: %v\n%s", err, out[i:])
	}
	if lost != behind || beat < ahead || beat+tied != ahead+3*outcomes["draw"] || beat+tied+lost != 3*games {
		t.Errorf("pairings %d-%d-%d; from the game lines: ahead in at least %d, behind in %d, %d draws", beat, tied, lost, ahead, behind, outcomes["draw"])
	}
	if want := 100 * float64(beat) / float64(3*games); pct < want-0.05 || pct > want+0.05 {
		t.Errorf("%.1f%% ahead, want %.1f%%", pct, want)
	}
}

// postal arena --table writes a Markdown row per ruleset of the game, with
// both matches, and fails only when a match falls below its bar. Under the
// race detector (make test) two games a match, each at level 4, two at a
// time as before: the row and its parallel play are the same.
func TestArenaTable(t *testing.T) {
	games := strconv.Itoa(long.Sized(4, 4, 2))
	out, errOut, code := postal(t, "arena", "initiative", "--table", "--games", games, "--parallel", "2")
	if code != 0 && !strings.Contains(errOut, "below their bar") {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	if !regexp.MustCompile(`(?m)^\| initiative \| standard \| \d+% \(\d+-\d+-\d+\)[^|]* \| \d+% \(\d+-\d+-\d+\)[^|]* \| \d+ \| \S+ \|$`).MatchString(out) {
		t.Errorf("no row for initiative standard:\n%s", out)
	}
	if !strings.Contains(out, "| game | ruleset | level 1 vs random: won (W-D-L) | level 4 vs level 1: won (W-D-L) |") {
		t.Errorf("no header:\n%s", out)
	}
}

// postal arena GAME --ruleset R --table writes R's row alone.
func TestArenaTableOfOneRuleset(t *testing.T) {
	out, errOut, code := postal(t, "arena", "conflagration", "--ruleset", "mosey", "--table", "--games", "2", "--parallel", "2")
	if code != 0 && !strings.Contains(errOut, "below their bar") {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	rows := regexp.MustCompile(`(?m)^\| conflagration \| (\S+) \|`).FindAllStringSubmatch(out, -1)
	if len(rows) != 1 || rows[0][1] != "mosey" {
		t.Errorf("rows %v, want mosey's alone:\n%s", rows, out)
	}
}
