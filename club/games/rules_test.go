package games

import (
	"strings"
	"testing"

	"postal/engine"
	_ "postal/engine/allgames"
)

// A game's sides are the seats of the game as configured, in turn order,
// the first moving first: two, three or four of them alike.
func TestDescribeNamesTheSeatsOfTheConfig(t *testing.T) {
	g, err := engine.Lookup("superial-chess")
	if err != nil {
		t.Fatal(err)
	}
	info := g.Info()
	for _, c := range []struct {
		cfg  engine.Config
		want string
	}{
		{engine.Config{}, "Sides: White (moves first), Black\n"},
		{engine.Config{Ruleset: "multiplayer"}, "Sides: South (moves first), West, North, East\n"},
		{engine.Config{Ruleset: "multiplayer", Options: map[string]string{"players": "3"}}, "Sides: South (moves first), West, North\n"},
		{engine.Config{Ruleset: "multiplayer", Options: map[string]string{"players": "4"}}, "Sides: South (moves first), West, North, East\n"},
	} {
		if got := Describe(info, c.cfg); !strings.HasPrefix(got, c.want) {
			t.Errorf("%s: %q, want it to begin %q", c.cfg, got, c.want)
		}
	}
}
