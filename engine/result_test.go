package engine_test

import (
	"slices"
	"strings"
	"testing"

	"postal/engine"
)

// Two-player results read and write as they always did.
func TestScoreTwoPlayers(t *testing.T) {
	for _, c := range []struct {
		r     engine.Result
		score string
		place [2]int
	}{
		{engine.Result{}, "*", [2]int{0, 0}},
		{engine.Result{Kind: engine.Win, Winner: engine.First}, "1-0", [2]int{1, 2}},
		{engine.Result{Kind: engine.Win, Winner: engine.Second}, "0-1", [2]int{2, 1}},
		{engine.Result{Kind: engine.Draw}, "1/2-1/2", [2]int{1, 1}},
	} {
		if got := c.r.Score(); got != c.score {
			t.Errorf("%+v: score %q, want %q", c.r, got, c.score)
		}
		if got := [2]int{c.r.Place(engine.First), c.r.Place(engine.Second)}; got != c.place {
			t.Errorf("%+v: places %v, want %v", c.r, got, c.place)
		}
		back, err := engine.ParseScore(c.score, 2)
		if err != nil || back.Kind != c.r.Kind || back.Winner != c.r.Winner || back.Places != nil {
			t.Errorf("%q reads as %+v %v", c.score, back, err)
		}
	}
	if r, err := engine.ParseScore("½-½", 2); err != nil || r.Kind != engine.Draw {
		t.Errorf("½-½: %+v %v", r, err)
	}
	for _, bad := range []string{"1-2", "1-0-0", "2-0", "1-2-3"} {
		if _, err := engine.ParseScore(bad, 2); err == nil {
			t.Errorf("%q read", bad)
		}
	}
}

// Games of more players write each seat's place, in seat order.
func TestScorePlaces(t *testing.T) {
	for _, c := range []struct {
		score  string
		kind   engine.ResultKind
		winner engine.Player
	}{
		{"2-1-4-3", engine.Win, 1},
		{"3-4-1-2", engine.Win, 2},
		{"1-1-3-4", engine.Draw, 0},
		{"1-1-1-4", engine.Draw, 0},
		{"1-1-1-1", engine.Draw, 0},
		{"1-3-2", engine.Win, 0},
		{"1-2-2-2", engine.Win, 0},
	} {
		seats := strings.Count(c.score, "-") + 1
		r, err := engine.ParseScore(c.score, seats)
		if err != nil {
			t.Errorf("%s: %v", c.score, err)
			continue
		}
		if r.Kind != c.kind || (c.kind == engine.Win && r.Winner != c.winner) || r.Score() != c.score {
			t.Errorf("%s reads as %+v, writes %q", c.score, r, r.Score())
		}
		for p, pl := range r.Places {
			if r.Place(engine.Player(p)) != pl {
				t.Errorf("%s: Place(%d) = %d", c.score, p, r.Place(engine.Player(p)))
			}
		}
	}
	for _, bad := range []struct {
		score string
		seats int
	}{
		{"1-0", 4}, {"1/2-1/2", 3}, {"1-2-3", 4}, {"1-1-2-4", 4}, {"1-2-3-5", 4}, {"0-1-2-3", 4},
		{"2-2-3-4", 4}, {"1-2-02", 3}, {"1--2-3", 4}, {"a-b-c", 3},
	} {
		if r, err := engine.ParseScore(bad.score, bad.seats); err == nil {
			t.Errorf("%q of %d read as %+v", bad.score, bad.seats, r)
		}
	}
	// While a game goes on its score is *, whoever is out.
	on := engine.Result{Places: []int{0, 4, 0, 0}}
	if on.Score() != "*" || on.Place(1) != 4 || on.Place(0) != 0 || on.Place(engine.Chance) != 0 {
		t.Errorf("ongoing: %q, places %d %d", on.Score(), on.Place(1), on.Place(0))
	}
	// A draw agreed then: those still in share the first place.
	d := on.Drawn("agreed")
	if d.Kind != engine.Draw || d.Score() != "1-4-1-1" || d.Reason != "agreed" || !slices.Equal(on.Places, []int{0, 4, 0, 0}) {
		t.Errorf("drawn %+v (the original %v)", d, on.Places)
	}
	if d := (engine.Result{}).Drawn("agreed"); d.Score() != "1/2-1/2" || d.Places != nil {
		t.Errorf("two-player draw %+v", d)
	}
}

// Shares put every result on one scale: first 1, last 0, shared places
// split; two-player results as a win, a loss and a draw always counted.
func TestShares(t *testing.T) {
	for _, c := range []struct {
		r    engine.Result
		want []float64
	}{
		{engine.Result{Kind: engine.Win, Winner: engine.First}, []float64{1, 0}},
		{engine.Result{Kind: engine.Win, Winner: engine.Second}, []float64{0, 1}},
		{engine.Result{Kind: engine.Draw}, []float64{0.5, 0.5}},
		{engine.Result{}, []float64{0, 0}},
		{mustScore(t, "2-1-4-3"), []float64{2.0 / 3, 1, 0, 1.0 / 3}},
		{mustScore(t, "1-3-2"), []float64{1, 0, 0.5}},
		{mustScore(t, "1-1-3-4"), []float64{5.0 / 6, 5.0 / 6, 1.0 / 3, 0}},
		{mustScore(t, "1-4-1-1"), []float64{2.0 / 3, 0, 2.0 / 3, 2.0 / 3}},
		{mustScore(t, "1-2-2-2"), []float64{1, 1.0 / 3, 1.0 / 3, 1.0 / 3}},
		{engine.Result{Places: []int{0, 4, 0, 3}}, []float64{0, 0, 0, 1.0 / 3}},
	} {
		got := c.r.Shares()
		if len(got) != len(c.want) {
			t.Errorf("%s: shares %v, want %v", c.r.Score(), got, c.want)
			continue
		}
		for i := range got {
			if d := got[i] - c.want[i]; d > 1e-12 || d < -1e-12 {
				t.Errorf("%s %v: shares %v, want %v", c.r.Score(), c.r.Places, got, c.want)
				break
			}
		}
	}
}

func mustScore(t *testing.T, score string) engine.Result {
	t.Helper()
	r, err := engine.ParseScore(score, strings.Count(score, "-")+1)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestSeats(t *testing.T) {
	info := engine.Info{
		Sides: []string{"White", "Black"},
		Rulesets: []engine.Ruleset{
			{Name: "plain"},
			{Name: "crowd", Sides: []string{"A", "B", "C", "D"}, SeatsOption: "players"},
			{Name: "trio", Sides: []string{"X", "Y", "Z"}},
		},
		Options: []engine.Option{{Name: "players", Default: "3", Rulesets: []string{"crowd"}}},
	}
	for _, c := range []struct {
		cfg  engine.Config
		want []string
	}{
		{engine.Config{}, []string{"White", "Black"}},
		{engine.Config{Ruleset: "plain"}, []string{"White", "Black"}},
		{engine.Config{Ruleset: "crowd"}, []string{"A", "B", "C"}},
		{engine.Config{Ruleset: "Crowd", Options: map[string]string{"players": "4"}}, []string{"A", "B", "C", "D"}},
		{engine.Config{Ruleset: "crowd", Options: map[string]string{"players": "2"}}, []string{"A", "B"}},
		{engine.Config{Ruleset: "trio"}, []string{"X", "Y", "Z"}},
		{engine.Config{Ruleset: "nosuch"}, []string{"White", "Black"}},
	} {
		if got := info.Seats(c.cfg); !slices.Equal(got, c.want) {
			t.Errorf("%+v: seats %v, want %v", c.cfg, got, c.want)
		}
		// The caller owns the slice: writing to it changes no game's seats.
		info.Seats(c.cfg)[0] = "bot"
		if got := info.Seats(c.cfg); got[0] != c.want[0] {
			t.Errorf("%+v: a caller's write shows in the seats: %v", c.cfg, got)
		}
	}
}

func TestParseLeaving(t *testing.T) {
	for text, want := range map[string]engine.Leaving{"resign": engine.Resign, " Resign ": engine.Resign, "TIMEOUT": engine.Timeout} {
		if l, ok := engine.ParseLeaving(text); !ok || l != want || l.String() != strings.ToLower(strings.TrimSpace(text)) {
			t.Errorf("%q: %v %v", text, l, ok)
		}
	}
	for _, text := range []string{"", "resigns", "time out", "draw"} {
		if _, ok := engine.ParseLeaving(text); ok {
			t.Errorf("%q read as a leaving", text)
		}
	}
	if engine.Chance >= 0 {
		t.Error("Chance is a seat")
	}
}
