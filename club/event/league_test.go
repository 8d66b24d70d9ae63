package event

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// The sizes of divisions (issue 37): as many as keep each at most size,
// as equal as can be, the larger on top; never one smaller than a game.
func TestDivisionSizes(t *testing.T) {
	for _, c := range []struct {
		n, size, least int
		want           []int
	}{
		{8, 4, 2, []int{4, 4}},
		{9, 4, 2, []int{3, 3, 3}}, // the ninth player: a division 3
		{7, 4, 2, []int{4, 3}},
		{200, 6, 2, append(repeat(6, 30), repeat(5, 4)...)}, // 34 divisions
		{6, 3, 3, []int{3, 3}},
		{5, 3, 3, []int{5}}, // two divisions would leave one of 2 for tables of 3
		{1, 4, 2, nil},
		{2, 4, 3, nil},
	} {
		got := DivisionSizes(c.n, c.size, c.least)
		if !slices.Equal(got, c.want) {
			t.Errorf("DivisionSizes(%d, %d, %d) = %v, want %v", c.n, c.size, c.least, got, c.want)
		}
	}
}

func repeat(v, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = v
	}
	return out
}

// Next season's divisions: the top of each division moves up and the bottom
// down; newcomers and those who leave change the sizes, and the boundaries
// move by last season's places, never undoing a promotion before a player
// who stayed.
func TestNextDivisions(t *testing.T) {
	last := [][]int64{{1, 2, 3, 4}, {5, 6, 7, 8}} // each by its final standings
	none := func(int64) bool { return false }
	gone := func(ids ...int64) func(int64) bool { return func(p int64) bool { return slices.Contains(ids, p) } }
	for _, c := range []struct {
		name      string
		leaving   func(int64) bool
		newcomers []int64
		promote   int
		want      [][]int64
	}{
		{"promote 1", none, nil, 1, [][]int64{{1, 2, 3, 5}, {4, 6, 7, 8}}},
		{"promote 2", none, nil, 2, [][]int64{{1, 2, 5, 6}, {3, 4, 7, 8}}},
		{"promote 0", none, nil, 0, [][]int64{{1, 2, 3, 4}, {5, 6, 7, 8}}},
		{"promote past half", none, nil, 3, [][]int64{{1, 2, 5, 6}, {3, 4, 7, 8}}},
		// A ninth: three divisions of three. Division 1 sends down its
		// lowest who stayed (3), not the one who came up (5); division 2
		// sends down the newcomer, then its lowest who stayed.
		{"a ninth", none, []int64{9}, 1, [][]int64{{1, 2, 5}, {3, 4, 6}, {7, 8, 9}}},
		// Ten: 4 and 3 and 3; the newcomers at the bottom, best rated first.
		{"two newcomers", none, []int64{10, 9}, 1, [][]int64{{1, 2, 3, 5}, {4, 6, 7}, {8, 10, 9}}},
		// The winner of division 2 leaves: division 1 takes up the best
		// who stayed in division 2.
		{"the promoted one leaves", gone(5), nil, 1, [][]int64{{1, 2, 3, 6}, {4, 7, 8}}},
		// Four leave: one division of four.
		{"half leave", gone(2, 4, 6, 8), nil, 1, [][]int64{{1, 3, 5, 7}}},
		{"all but one leave", gone(1, 2, 3, 4, 5, 6, 7), nil, 1, nil},
	} {
		got := NextDivisions(last, c.promote, c.leaving, c.newcomers, 4, 2)
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
	// The first season: the newcomers alone, in their order.
	if got := NextDivisions(nil, 1, none, []int64{1, 2, 3, 4, 5, 6, 7}, 4, 2); fmt.Sprint(got) != "[[1 2 3 4] [5 6 7]]" {
		t.Errorf("a first season of 7: %v", got)
	}
}

// leagueOf is a league of n entrants (1 the best rated) in divisions of
// size, promote moving.
func leagueOf(t *testing.T, n, seats, size, promote int) (*Event, *League) {
	t.Helper()
	ev := newEvent(t, LeagueName, seats, n, 0)
	l := ev.Format.(*League)
	l.Size, l.Promote = size, promote
	return ev, l
}

// endBySeed ends every game in play, the best seed (lowest number) ahead:
// each division's standings follow its players' numbers.
func endBySeed(ev *Event) {
	for i := range ev.Games {
		g := &ev.Games[i]
		if g.Over {
			continue
		}
		places := make([]string, len(g.Players))
		for s, p := range g.Players {
			ahead := 1
			for _, q := range g.Players {
				if q < p {
					ahead++
				}
			}
			places[s] = fmt.Sprint(ahead)
		}
		g.Over, g.Score = true, strings.Join(places, "-")
		if len(g.Players) == 2 {
			g.Score = map[string]string{"1-2": "1-0", "2-1": "0-1"}[g.Score]
		}
	}
}

// A league of eight in divisions of four, promote 1: season 1 plays two
// round robins (12 games, a game's round its season and its board its
// division); its last game ends the season; the next season swaps the
// winner of division 2 and the last of division 1.
func TestLeagueSeasons(t *testing.T) {
	ev, l := leagueOf(t, 8, 2, 4, 1)
	steps, err := ev.Start()
	if err != nil {
		t.Fatal(err)
	}
	begin, ok := steps[0].(BeginSeason)
	if !ok || begin.Season != 1 || fmt.Sprint(begin.Divisions) != "[[1 2 3 4] [5 6 7 8]]" {
		t.Fatalf("season 1 begins with %+v", steps[0])
	}
	play(ev, steps)
	perDivision := map[int]int{}
	for _, g := range ev.Games {
		if g.Round != 1 {
			t.Errorf("game %d of season %d", g.ID, g.Round)
		}
		perDivision[g.Board]++
		if l.DivisionOf(g.Players[0]) != g.Board || l.DivisionOf(g.Players[1]) != g.Board {
			t.Errorf("game %v in division %d", g.Players, g.Board)
		}
	}
	if len(ev.Games) != 12 || perDivision[1] != 6 || perDivision[2] != 6 {
		t.Fatalf("season 1: %d games, by division %v", len(ev.Games), perDivision)
	}
	if got := ev.Format.Where(ev); got != "season 1" {
		t.Errorf("where: %q", got)
	}
	if l.NewSeason(ev) != nil {
		t.Error("a new season while season 1 is played")
	}
	endBySeed(ev)
	ev.Games[0].Over, ev.Games[0].Score = false, "*"
	if got := ev.Next(); got != nil {
		t.Fatalf("a game in play, yet %v", got)
	}
	ev.Games[0].Over, ev.Games[0].Score = true, "1-0"
	next := ev.Next()
	end, ok := next[0].(EndSeason)
	if len(next) != 1 || !ok || end.Season != 1 || len(end.Standings) != 2 || end.Standings[1][0].Player != 5 || end.Standings[0][3].Player != 4 {
		t.Fatalf("the end of season 1: %+v", next)
	}
	if !l.Between || ev.Next() != nil {
		t.Error("the season ended twice")
	}
	steps = l.NewSeason(ev)
	begin = steps[0].(BeginSeason)
	if begin.Season != 2 || ev.Round != 2 || fmt.Sprint(begin.Divisions) != "[[1 2 3 5] [4 6 7 8]]" {
		t.Fatalf("season 2 begins with %+v (round %d)", begin, ev.Round)
	}
	play(ev, steps)
	if len(ev.Games) != 24 || ev.Playing(2) != 12 {
		t.Errorf("season 2: %d games, %d in play", len(ev.Games), ev.Playing(2))
	}
	table, notes := ev.Report()
	if !strings.Contains(table, "division 1\n") || !strings.Contains(table, "division 2\n") || !strings.Contains(strings.Join(notes, " "), "top 1 of each division move up") {
		t.Errorf("the report:\n%s\n%v", table, notes)
	}
}

// A ninth who joins during season 1 enters season 2 at the bottom; a player
// who leaves after the season goes as it ends; one who withdrew (out)
// goes too.
func TestLeagueNewcomersAndLeavers(t *testing.T) {
	ev, l := leagueOf(t, 8, 2, 4, 1)
	steps, _ := ev.Start()
	play(ev, steps)
	endBySeed(ev)
	ev.Entrants = append(ev.Entrants, Entrant{Player: 9, Rating: 1500})
	ev.Names[9] = "p9"
	ev.Next()
	steps = l.NewSeason(ev)
	if got := fmt.Sprint(steps[0].(BeginSeason).Divisions); got != "[[1 2 5] [3 4 6] [7 8 9]]" {
		t.Errorf("with a ninth: %s", got)
	}
	play(ev, steps)
	endBySeed(ev)
	l.Leaving = map[int64]bool{1: true}
	ev.Entrant(2).Out = "removed"
	ev.Next()
	steps = l.NewSeason(ev)
	begin := steps[0].(BeginSeason)
	if fmt.Sprint(begin.Left) != "[1]" || slices.Contains(slices.Concat(begin.Divisions...), 1) || slices.Contains(slices.Concat(begin.Divisions...), 2) {
		t.Errorf("1 leaving, 2 removed: %+v", begin)
	}
	if l.Leaving[1] {
		t.Error("1 still leaving after leaving")
	}
}

// A league of tables of three: each division plays every set of three.
func TestLeagueOfTables(t *testing.T) {
	ev, l := leagueOf(t, 6, 3, 3, 1)
	steps, err := ev.Start()
	if err != nil {
		t.Fatal(err)
	}
	play(ev, steps)
	if len(l.Divisions) != 2 || len(ev.Games) != 2 || len(ev.Games[0].Players) != 3 {
		t.Fatalf("tables of three in divisions of 3: %v, %d games", l.Divisions, len(ev.Games))
	}
	endBySeed(ev)
	ev.Next()
	steps = l.NewSeason(ev)
	if got := fmt.Sprint(steps[0].(BeginSeason).Divisions); got != "[[1 2 4] [3 5 6]]" {
		t.Errorf("season 2 of tables: %s", got)
	}
	if _, err := newEvent(t, LeagueName, 3, 2, 0).Start(); err == nil {
		t.Error("a league of tables of three started with two players")
	}
}

// A league's games and a ladder's are named by season and division, or by
// climb.
func TestPlaceLabels(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{PlaceLabel("spring", LeagueName, 2, 1), "spring, season 2, division 1"},
		{RoundLabel(LeagueName, 2, 1), "season 2, division 1"},
		{PlaceLabel("top", LadderName, 3, 2), "top, climb 3"},
		{PlaceLabel("cup", "swiss", 2, 1), "cup, round 2"},
		{RoundLabel("swiss", 2, 1), "2"},
	} {
		if c.got != c.want {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
}

// Newcomers enter the bottom by rating, the best rated first, whatever
// their order of entry.
func TestLeagueNewcomersByRating(t *testing.T) {
	ev, l := leagueOf(t, 8, 2, 4, 1)
	steps, _ := ev.Start()
	play(ev, steps)
	endBySeed(ev)
	ev.Entrants = append(ev.Entrants, Entrant{Player: 9, Rating: 1400}, Entrant{Player: 10, Rating: 1600})
	ev.Next()
	if got := fmt.Sprint(l.NewSeason(ev)[0].(BeginSeason).Divisions); got != "[[1 2 3 5] [4 6 7] [8 10 9]]" {
		t.Errorf("two newcomers, 10 the better rated: %s", got)
	}
}

// What a league answers as a player joins, leaves, goes out and as the
// clock finds it due: a newcomer waits for the next season; a player of
// the season leaves after it, one who plays none at once, one who leaves
// already is refused; only the division hears of one who goes; between
// seasons the next is due, during one its deadline.
func TestLeagueAnswersWithSteps(t *testing.T) {
	ev, l := leagueOf(t, 8, 2, 4, 1)
	if w := l.Join(ev, 9)[0].(Waiting); w != (Waiting{Player: 9, Season: 1}) {
		t.Errorf("an entry before the start: %+v", w)
	}
	steps, _ := ev.Start()
	play(ev, steps)
	if steps, _ := l.Leave(ev, 9); steps[0] != (LeaveNow{Player: 9}) {
		t.Errorf("one who plays no game leaves: %+v", steps)
	}
	steps, err := l.Leave(ev, 2)
	if err != nil || steps[0] != (LeaveAfter{Player: 2, Season: 1, Playing: 3}) {
		t.Errorf("a player of season 1 leaves: %+v, %v", steps, err)
	}
	l.Leaving = map[int64]bool{2: true}
	if _, err := l.Leave(ev, 2); err == nil || err.Error() != "event: you leave cup after season 1 already" {
		t.Errorf("leaving twice: %v", err)
	}
	if told := fmt.Sprint(l.Told(ev, 6)); told != "[5 6 7 8]" {
		t.Errorf("told of 6's going: %s", told)
	}
	if due := l.Due(ev, time.Time{}, nil); due[0] != (SeasonDeadline{Season: 1}) {
		t.Errorf("due in season 1: %+v", due)
	}
	endBySeed(ev)
	play(ev, ev.Next())
	if w := l.Join(ev, 10)[0].(Waiting); w != (Waiting{Player: 10, Season: 2, Between: true}) {
		t.Errorf("an entry between seasons: %+v", w)
	}
	if due := l.Due(ev, time.Time{}, nil); due[0] != (NextSeason{Season: 2}) {
		t.Errorf("due between seasons: %+v", due)
	}
	if _, ok := l.NextDue(ev, time.Time{}, nil); ok {
		t.Error("a league's next due said by its rules, not its steps")
	}
}

// The end of a season's last game says when the next begins: after a
// break of so many days, or at once with none.
func TestLeagueSeasonEndSaysTheBreak(t *testing.T) {
	for _, c := range []struct {
		days       int
		want, lack string
	}{
		{0, "season 2 begins at once", "break"},
		{3, "season 2 begins after the break between seasons, 3 days", ""},
	} {
		ev, l := leagueOf(t, 4, 2, 4, 1)
		l.BreakDays = c.days
		steps, _ := ev.Start()
		play(ev, steps)
		endBySeed(ev)
		last := ev.Games[len(ev.Games)-1].ID
		got := ev.AfterGame(last) + " " + ev.Plan()
		if !strings.Contains(got, c.want) || c.lack != "" && strings.Contains(got, c.lack) {
			t.Errorf("break %d: %q", c.days, got)
		}
	}
}

// Players level on points across the line between those who move and
// those who stay hear which rule decided it; level on the whole chain,
// they share the place, and the seed decides who moves.
func TestLeagueSaysWhichTieBreakMovedAPlayer(t *testing.T) {
	ev, l := leagueOf(t, 4, 2, 2, 1)
	steps, _ := ev.Start()
	play(ev, steps)
	for i := range ev.Entrants {
		ev.Entrants[i].Rating = 1500
	}
	for i := range ev.Games { // every game drawn: 2 and 3, 4 and 1 level
		ev.Games[i].Over, ev.Games[i].Score = true, "1/2-1/2"
	}
	ev.Next()
	steps = l.NewSeason(ev)
	a, ok := steps[len(steps)-1].(AnnounceSeason)
	if !ok {
		t.Fatalf("season 2: %+v", steps)
	}
	got := strings.Join(a.Decided[2], " ")
	if !strings.Contains(got, "shared 1st place in division 1, level on points and every tie-break: the seed decided") {
		t.Errorf("player 2 is told %q", got)
	}
	if len(a.Decided[3]) != 1 || len(a.Decided[4]) != 1 {
		t.Errorf("decided: %v", a.Decided)
	}
}
