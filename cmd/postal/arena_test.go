package main

import (
	"fmt"
	"strings"
	"testing"

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
