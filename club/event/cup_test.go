package event

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// cupOf is a cup of n entrants 1..n (seeds following their numbers) in
// groups of size, advance of each going through, for games of seats.
func cupOf(t *testing.T, seats, n, size, advance int) *Event {
	t.Helper()
	f, ok := FormatOf("cup", seats, Settings{"groups": size, "advance": advance})
	if !ok {
		t.Fatalf("no cup for %d", seats)
	}
	ev := &Event{Name: "mug", Format: f, Seats: seats, Stage: Open, Names: map[int64]string{}}
	for i := 1; i <= n; i++ {
		ev.Entrants = append(ev.Entrants, Entrant{Player: int64(i), Rating: float64(2000 - i)})
		ev.Names[int64(i)] = fmt.Sprintf("p%d", i)
	}
	return ev
}

// Groups of 5..40 entrants: as many as groups of the size asked need, none
// larger than it, sizes within one of each other, every seed in one
// group, each of the top seeds in a group of its own.
func TestCupGroupSizes(t *testing.T) {
	for _, size := range []int{3, 4, 5, 6} {
		for n := 5; n <= 40; n++ {
			sizes := GroupSizes(n, size)
			if want := (n + size - 1) / size; len(sizes) != want {
				t.Errorf("%d in groups of %d: %d groups, want %d", n, size, len(sizes), want)
			}
			sum := 0
			for _, s := range sizes {
				sum += s
				if s > size || s < sizes[0]-1 {
					t.Errorf("%d in groups of %d: sizes %v", n, size, sizes)
				}
			}
			if sum != n {
				t.Errorf("%d in groups of %d: sizes %v hold %d", n, size, sizes, sum)
			}
			groups := Groups(n, size)
			var seen []int
			for g, grp := range groups {
				if len(grp) != sizes[g] {
					t.Errorf("%d in groups of %d: group %d holds %d, want %d", n, size, g, len(grp), sizes[g])
				}
				if len(grp) > 0 && grp[0] != g {
					t.Errorf("%d in groups of %d: group %d's top seed is %d, want %d", n, size, g, grp[0], g)
				}
				seen = append(seen, grp...)
			}
			slices.Sort(seen)
			for i, s := range seen {
				if s != i {
					t.Fatalf("%d in groups of %d: seeds %v", n, size, groups)
				}
			}
		}
	}
}

// Snake seeding: the second row of seeds comes back from the last group.
func TestCupSnakeSeeding(t *testing.T) {
	got := fmt.Sprint(Groups(8, 4))
	if want := "[[0 3 4 7] [1 2 5 6]]"; got != want {
		t.Errorf("8 in groups of 4: %s, want %s", got, want)
	}
	got = fmt.Sprint(Groups(9, 3))
	if want := "[[0 5 6] [1 4 7] [2 3 8]]"; got != want {
		t.Errorf("9 in groups of 3: %s, want %s", got, want)
	}
}

// The acceptance's cup: six in two groups of three start six games at once,
// each game's place its group; when they end, the group winners' final.
func TestCupSixPlayers(t *testing.T) {
	ev := cupOf(t, 2, 6, 3, 1)
	steps, err := ev.Start()
	if err != nil {
		t.Fatal(err)
	}
	// Groups: A 1,4,5; B 2,3,6.
	want(t, "start", play(ev, steps), "g1:4-5", "g1:1-4", "g1:5-1", "g1:3-6", "g1:2-3", "g1:6-2")
	for _, g := range ev.Games {
		if l := PlaceLabel("mug", "cup", g.Round, g.Board); l != "mug, group A" && l != "mug, group B" {
			t.Errorf("game %v: %s", g.Players, l)
		}
	}
	if !strings.Contains(ev.Plan(), "group A: p1, p4, p5; group B: p2, p3, p6") {
		t.Errorf("plan: %s", ev.Plan())
	}
	end(ev, 101, 104) // 1-4 and 2-3 drawn, the first seats win the others
	// A: p4 1½, p5 1, p1 ½; B: p3 1½, p6 1, p2 ½.
	next := ev.Next()
	var tell Tell
	for _, st := range next {
		if tl, ok := st.(Tell); ok {
			tell = tl
		}
	}
	if !strings.Contains(strings.Join(tell.Lines, "\n"), "Group A: p4 (1st) goes through; p4 is ahead of p5 on points (1½ to 1)") {
		t.Errorf("tell: %q", tell.Lines)
	}
	got := play(ev, next)
	want(t, "final", got, "r2", "g2:4-3")
	if l := PlaceLabel("mug", "cup", ev.Games[6].Round, ev.Games[6].Board); l != "mug, final" {
		t.Errorf("final's place: %s", l)
	}
	if w := ev.Format.Where(ev); w != "the knockout, final" {
		t.Errorf("where: %s", w)
	}
	end(ev, ev.Games[6].ID)
	want(t, "replay", play(ev, ev.Next()), "g2:3-4")
	end(ev)
	want(t, "winner", play(ev, ev.Next()), "w3")
	table, _ := ev.Report()
	for _, s := range []string{"group A", "group B", "final", "p3 goes through (won game #107)"} {
		if !strings.Contains(table, s) {
			t.Errorf("report lacks %q:\n%s", s, table)
		}
	}
}

// Two going through from each of three groups: the winners' byes (a field
// of six in a bracket of eight), and no two of one group meet in the first
// round.
func TestCupKnockoutByesAndGroups(t *testing.T) {
	ev := cupOf(t, 2, 9, 3, 2)
	steps, err := ev.Start()
	if err != nil {
		t.Fatal(err)
	}
	play(ev, steps)
	end(ev) // first seats win
	f := ev.Format.(cup)
	groupOf := func(p int64) int { return f.groupOf(ev, p) }
	next := ev.Next()
	var games [][]int64
	byes := 0
	for _, st := range next {
		switch st := st.(type) {
		case StartGame:
			games = append(games, st.Players)
			if l := (cup{}).RoundLabel(st.Round, st.Board); l != "quarter-final" {
				t.Errorf("first round: %s", l)
			}
		case GiveBye:
			byes++
		}
	}
	if len(games) != 2 || byes != 2 {
		t.Fatalf("first round: %d games, %d byes: %v", len(games), byes, play(ev, next))
	}
	for _, g := range games {
		if groupOf(g[0]) == groupOf(g[1]) {
			t.Errorf("%v: one group's players meet", g)
		}
	}
	play(ev, next)
	end(ev)
	got := play(ev, ev.Next())
	if len(got) != 3 || got[0] != "r3" {
		t.Errorf("semi-finals: %v", got)
	}
	end(ev)
	got = play(ev, ev.Next())
	want(t, "final", got[:1], "r4")
	end(ev)
	if got := play(ev, ev.Next()); len(got) != 1 || !strings.HasPrefix(got[0], "w") {
		t.Errorf("end: %v", got)
	}
}

// Ties in a group: level on points, Sonneborn-Berger decides, and the mail
// says so; level on points, SB, games won and their game, the rating at
// the start (the chain of every round robin: pairing.Ranked).
func TestCupAdvancingWithTies(t *testing.T) {
	ev := cupOf(t, 2, 6, 3, 1)
	steps, _ := ev.Start()
	play(ev, steps)
	// Group A (1,4,5): 1-5 0-1, 4-1 0-1, 5-4 0-1: a cycle, each 1 point, SB
	// level, one win each, the cycle leaves the result between them level:
	// the higher rating at the start, p1. Group B (2,3,6) every game
	// drawn: p2.
	for i := range ev.Games {
		g := &ev.Games[i]
		g.Over = true
		g.Score = "0-1"
		if g.Board == 2 {
			g.Score = "1/2-1/2"
		}
	}
	adv := ev.Format.(cup).Advancing(ev)
	if adv[0].Through[0] != 1 || !strings.Contains(adv[0].Why, "on rating at the start") {
		t.Errorf("group A: %v, %s", adv[0].Through, adv[0].Why)
	}
	if adv[1].Through[0] != 2 || !strings.Contains(adv[1].Why, "on rating at the start") {
		t.Errorf("group B: %v, %s", adv[1].Through, adv[1].Why)
	}
	// Group A by SB: 1 beats 5 and 4, 5 beats 4, 4 draws 1... use a
	// table where points tie and SB parts them: 1-5 1-0, 4-1 1-0, 5-4 ½.
	ev.Games[0].Score, ev.Games[1].Score, ev.Games[2].Score = "1-0", "1-0", "1/2-1/2"
	adv = ev.Format.(cup).Advancing(ev)
	if !strings.Contains(adv[0].Why, "on Sonneborn-Berger") && !strings.Contains(adv[0].Why, "on points") {
		t.Errorf("group A: %v, %s", adv[0].Through, adv[0].Why)
	}
	// A player who left does not go through: the next in place does.
	ev.Entrant(adv[0].Through[0]).Out = "left"
	left := adv[0].Through[0]
	adv = ev.Format.(cup).Advancing(ev)
	if adv[0].Through[0] == left {
		t.Errorf("a leaver goes through")
	}
}

// Refusals name what would play: as many through as a group holds; a field
// too small for two groups; groups that would be too small.
func TestCupRefusals(t *testing.T) {
	ev := cupOf(t, 2, 6, 3, 3)
	if r := ev.Format.(Checker).Check(); r == nil || !strings.Contains(r.Hint, "advance 2") {
		t.Errorf("advance 3 of 3: %v", r)
	}
	ev = cupOf(t, 2, 3, 3, 1)
	_, err := ev.Start()
	if r, _ := err.(*Refusal); r == nil || r.Missing != 1 || !strings.Contains(r.Msg, "a cup needs two") {
		t.Errorf("three in groups of 3: %v", err)
	}
	ev = cupOf(t, 2, 7, 3, 2)
	_, err = ev.Start()
	r, _ := err.(*Refusal)
	if r == nil || !strings.Contains(r.Msg, "groups of 3, 2 and 2") || !strings.Contains(r.Hint, "9") {
		t.Errorf("seven in groups of 3, 2 through: %v", err)
	}
}

// Superial Chess for three: each group of three one table, the winner of
// each through; the three winners meet at the final table, whose winner
// wins the cup. The places of its games name themselves.
func TestCupOfTables(t *testing.T) {
	ev := cupOf(t, 3, 9, 3, 1)
	steps, err := ev.Start()
	if err != nil {
		t.Fatal(err)
	}
	// Groups: A 1,6,7; B 2,5,8; C 3,4,9.
	want(t, "tables", play(ev, steps), "g1:1-6-7", "g1:2-5-8", "g1:3-4-9")
	for i := range ev.Games {
		ev.Games[i].Over, ev.Games[i].Score = true, "3-2-1" // the last seat first
	}
	got := play(ev, ev.Next())
	want(t, "final table", got, "r2", "g2:7-8-9")
	final := ev.Games[len(ev.Games)-1]
	if l := ev.Format.(Placer).RoundLabel(final.Round, final.Board); l != "final table" {
		t.Errorf("the final table's label: %q", l)
	}
	if w := ev.Format.Where(ev); !strings.Contains(w, "final table") {
		t.Errorf("where: %q", w)
	}
	if r, _ := ev.Report(); !strings.Contains(r, "final table") {
		t.Errorf("standings:\n%s", r)
	}
	// Two share first place: the higher seed of the stage goes through,
	// 7, group A's winner (group winners are seeded by group).
	ev.Games[len(ev.Games)-1].Over, ev.Games[len(ev.Games)-1].Score = true, "1-1-3"
	want(t, "winner", play(ev, ev.Next()), "w7")
}

// Nine through (three groups of six, three of each through): a round of
// three tables, then the final table of their winners.
func TestCupOfTablesInStages(t *testing.T) {
	ev := cupOf(t, 3, 18, 6, 3)
	steps, err := ev.Start()
	if err != nil {
		t.Fatal(err)
	}
	play(ev, steps)
	endTables(ev, "1-2-3")
	got := play(ev, ev.Next())
	if len(got) != 4 || got[0] != "r2" {
		t.Fatalf("round of 3 tables: %v", got)
	}
	g := ev.Games[len(ev.Games)-1]
	if l := ev.Format.(Placer).RoundLabel(g.Round, g.Board); l != "round of 3 tables" {
		t.Errorf("label %q", l)
	}
	endTables(ev, "1-2-3")
	ev.Games[len(ev.Games)-1].Score = "2-1-3" // the last table's second seat first
	got = play(ev, ev.Next())
	if len(got) != 2 || got[0] != "r3" || !strings.HasPrefix(got[1], "g3:") {
		t.Fatalf("final table: %v", got)
	}
	endTables(ev, "3-1-2")
	if got := play(ev, ev.Next()); len(got) != 1 || !strings.HasPrefix(got[0], "w") {
		t.Fatalf("the end: %v", got)
	}
}

// A cup of tables whose knockout's tables would not be full is refused,
// naming the fields that would play.
func TestCupOfTablesRefused(t *testing.T) {
	ev := cupOf(t, 3, 6, 3, 1)
	_, err := ev.Start()
	r, _ := err.(*Refusal)
	if r == nil || !strings.Contains(r.Msg, "2 would go through") || !strings.Contains(r.Hint, "9") {
		t.Errorf("six in groups of 3, for three: %v", err)
	}
}

// endTables ends every table in play with the places score.
func endTables(ev *Event, score string) {
	for i := range ev.Games {
		if !ev.Games[i].Over {
			ev.Games[i].Over, ev.Games[i].Score = true, score
		}
	}
}
