package event

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// ladderOf is a ladder of n players, 1 at the top, reaching reach.
func ladderOf(t *testing.T, n, reach int) (*Event, *Ladder) {
	t.Helper()
	ev := newEvent(t, LadderName, 2, n, 0)
	l := ev.Format.(*Ladder)
	l.Reach, l.IdleDays = reach, DefaultIdle
	ev.Stage = Running
	for i := range ev.Entrants {
		l.Join(ev, ev.Entrants[i].Player)
	}
	return ev, l
}

// climb starts climber's climb of defender as the club would (game 100 on)
// and returns its game's number.
func climb(t *testing.T, ev *Event, l *Ladder, climber, defender int64) int64 {
	t.Helper()
	st, err := l.Climb(ev, climber, defender)
	if err != nil {
		t.Fatalf("%d climbs %d: %v", climber, defender, err)
	}
	id := int64(100 + len(ev.Games))
	ev.Games = append(ev.Games, Game{ID: id, Round: st.Round, Board: st.Board, Players: st.Players, Score: "*"})
	l.SetClimbs(append(l.Climbs(), Climb{Game: id, Climber: climber, Defender: defender}))
	return id
}

// A ladder of four, reach 2: the 4th climbs the 2nd and wins, and the order
// becomes 1, 4, 2, 3; a lost climb changes nothing.
func TestLadderClimb(t *testing.T) {
	ev, l := ladderOf(t, 4, 2)
	if got := fmt.Sprint(l.Order(ev)); got != "[1 2 3 4]" {
		t.Fatalf("the order: %s", got)
	}
	id := climb(t, ev, l, 4, 2)
	if ev.Next() != nil {
		t.Error("a climb settled while its game goes on")
	}
	ev.Games[0].Over, ev.Games[0].Score = true, "1-0" // the climber, first seat, wins
	steps := ev.Next()
	over, ok := steps[0].(ClimbOver)
	if len(steps) != 1 || !ok || over.Outcome != ClimbWon || over.Game != id || over.From != 4 || over.To != 2 {
		t.Fatalf("after the climb: %+v", steps)
	}
	if got := fmt.Sprint(l.Order(ev)); got != "[1 4 2 3]" || fmt.Sprint(over.Order) != got {
		t.Errorf("the order after 4 beat 2: %s (step %v)", got, over.Order)
	}
	if ev.Next() != nil {
		t.Error("a climb settled twice")
	}
	climb(t, ev, l, 3, 2) // 3 is 4th now, 2 is 3rd
	ev.Games[1].Over, ev.Games[1].Score = true, "1/2-1/2"
	if over := ev.Next()[0].(ClimbOver); over.Outcome != ClimbHeld || over.Order != nil || fmt.Sprint(l.Order(ev)) != "[1 4 2 3]" {
		t.Errorf("a drawn climb: %+v, order %v", over, l.Order(ev))
	}
	table, _ := ev.Report()
	if !strings.HasPrefix(table, " 1st  p1\n 2nd  p4\n 3rd  p2\n 4th  p3") {
		t.Errorf("the report:\n%s", table)
	}
}

// A climb out of reach is refused, naming whom the player may climb; so
// are a second open climb, a third defence, a climb down, and a climb by a
// player who is not on the ladder.
func TestLadderRefusals(t *testing.T) {
	ev, l := ladderOf(t, 6, 2)
	for _, c := range []struct {
		climber, defender int64
		msg, hint         string
	}{
		{4, 1, "p1 is 3 places above you; on cup a climb reaches at most 2 places", "You may climb p2 (2nd) or p3 (3rd)."},
		{2, 3, "p3 is 3rd, below you (2nd): a climb goes up", "You may climb p1 (1st)."},
		{1, 1, "a player cannot climb themselves", "You are at the top: the others climb you."},
		{9, 1, "you are not on cup", "\"join cup\" puts you at the bottom."},
	} {
		_, err := l.Climb(ev, c.climber, c.defender)
		var r *Refusal
		if !errors.As(err, &r) || r.Msg != c.msg || r.Hint != c.hint {
			t.Errorf("%d climbs %d: %v (%+v), want %q, %q", c.climber, c.defender, err, r, c.msg, c.hint)
		}
	}
	climb(t, ev, l, 3, 1)
	if _, err := l.Climb(ev, 3, 2); !refused(err, "your climb of p1 (game #100) is still being played") {
		t.Errorf("a second climb: %v", err)
	}
	// With a climb open, no other is offered, whatever the refusal.
	open := "Your climb of p1 (game #100) is still being played: a player has one climb open at a time."
	var r *Refusal
	if _, err := l.Climb(ev, 3, 6); !errors.As(err, &r) || r.Hint != open || l.MayClimb(ev, 3) != open {
		t.Errorf("a climb down while a climb is open offers %q; MayClimb says %q", r.Hint, l.MayClimb(ev, 3))
	}
	climb(t, ev, l, 2, 1)
	if _, err := l.Climb(ev, 4, 2); err != nil {
		t.Errorf("2 defends while climbing: %v", err)
	}
	if _, err := l.Climb(ev, 3, 1); err == nil {
		t.Error("3's second climb")
	}
	if _, err := l.Climb(ev, 4, 3); err != nil {
		t.Errorf("3 defends one: %v", err)
	}
	ev2, l2 := ladderOf(t, 6, 3)
	climb(t, ev2, l2, 2, 1)
	climb(t, ev2, l2, 3, 1)
	if _, err := l2.Climb(ev2, 4, 1); !refused(err, "p1 already defends 2 climbs (games #100, #101)") {
		t.Errorf("a third defence: %v", err)
	}
	// The refusal offers only those free to defend: not p1 again.
	if _, err := l2.Climb(ev2, 4, 1); !errors.As(err, &r) || strings.Contains(r.Hint, "p1 (1st)") || !strings.Contains(r.Hint, "You may climb p2 (2nd) or p3 (3rd).") {
		t.Errorf("the refusal offers %q", r.Hint)
	}
	climb(t, ev2, l2, 5, 2)
	climb(t, ev2, l2, 6, 3) // p4 reaches p1, p2, p3: p2 and p3 defend one, and are free
	climb(t, ev2, l2, 4, 2)
	if got := l2.MayClimb(ev2, 6); strings.Contains(got, "p2") {
		t.Errorf("p6 may climb %q, p2 defending 2 climbs", got)
	}
}

// An idle player drops a place after IdleDays, then one a month; not while
// a climb of theirs is open. The idle sink below those who play, not
// through each other: one whose neighbour below is idle too stays.
func TestLadderIdle(t *testing.T) {
	ev, l := ladderOf(t, 4, 2)
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	since := map[int64]time.Time{1: start, 2: start.AddDate(0, 0, 10), 3: start, 4: start.AddDate(0, 0, 50)}
	dropped := map[int64]int{}
	drop := func(now time.Time) []string {
		due, idle, _ := l.Idle(ev, now, since, dropped)
		var got []string
		for _, p := range due {
			d := l.Drop(ev, p, idle)
			dropped[p]++
			if d.To == 0 {
				got = append(got, fmt.Sprintf("%d stays %d", p, d.Stays))
			} else {
				got = append(got, fmt.Sprintf("%d to %d", p, d.To))
			}
		}
		return got
	}
	due, _, next := l.Idle(ev, start.AddDate(0, 0, 59), since, dropped)
	if due != nil || !next.Equal(start.AddDate(0, 0, 60)) {
		t.Fatalf("day 59: %v due, next %v", due, next)
	}
	_, _, next = l.Idle(ev, start.AddDate(0, 0, 60), since, dropped)
	if got := drop(start.AddDate(0, 0, 60)); fmt.Sprint(got) != "[3 to 4 1 to 2]" || !next.Equal(start.AddDate(0, 0, 70)) {
		t.Fatalf("day 60: %v (from the bottom up), next %v", got, next)
	}
	if got := fmt.Sprint(l.Order(ev)); got != "[2 1 4 3]" {
		t.Errorf("after the drops: %s", got)
	}
	if due, _, next = l.Idle(ev, start.AddDate(0, 0, 61), since, dropped); due != nil || !next.Equal(start.AddDate(0, 0, 70)) {
		t.Errorf("day 61: %v due, next %v", due, next)
	}
	// Day 90: 3 (at the bottom) has nowhere to go; 1 and 2 sink below 4,
	// who plays.
	if got := drop(start.AddDate(0, 0, 90)); fmt.Sprint(got) != "[3 stays 4 1 to 3 2 to 2]" {
		t.Errorf("day 90: %v", got)
	}
	if got := fmt.Sprint(l.Order(ev)); got != "[4 2 1 3]" {
		t.Errorf("after day 90: %s", got)
	}
	// Day 120: 4 is idle too: nobody moves through another idle player.
	if got := drop(start.AddDate(0, 0, 120)); fmt.Sprint(got) != "[3 stays 4 1 stays 3 2 stays 2 4 stays 1]" || fmt.Sprint(l.Order(ev)) != "[4 2 1 3]" {
		t.Errorf("day 120: %v, order %v", got, l.Order(ev))
	}
	climb(t, ev, l, 1, 4)
	if due, _, _ = l.Idle(ev, start.AddDate(0, 0, 200), since, dropped); slices.Contains(due, 1) || slices.Contains(due, 4) {
		t.Errorf("1 climbs 4, yet they drop: %v", due)
	}
	if order := l.TakeOff(ev, 2); fmt.Sprint(order) != "[4 1 3]" || ev.Entrant(2).Seed != 0 {
		t.Errorf("2 leaves: %v", order)
	}
}

// A defender who climbs higher while defending takes their new place with
// them: the climber who beats them takes the place they held when climbed,
// so no climb reaches further than the ladder's reach. A stranger's trial
// saw the 5th of a ladder of reach 2 climb the 3rd, who meanwhile climbed
// the 1st and won, and end 1st. AfterGame says the place taken.
func TestLadderPrizeWithinReach(t *testing.T) {
	ev, l := ladderOf(t, 5, 2)
	ivy := climb(t, ev, l, 5, 3) // p5 climbs p3 (3rd)
	climb(t, ev, l, 3, 1)        // p3, defending, climbs p1
	ev.Games[1].Over, ev.Games[1].Score = true, "1-0"
	ev.Next()
	if got := fmt.Sprint(l.Order(ev)); got != "[3 1 2 4 5]" {
		t.Fatalf("after p3 beat p1: %s", got)
	}
	ev.Games[0].Over, ev.Games[0].Score = true, "1-0" // p5 beats p3, now 1st
	if got := ev.AfterGame(ivy); got != "p5 won the climb: they take the 3rd place on cup, and those between move down one." {
		t.Errorf("after the climb: %q", got)
	}
	over := ev.Next()[0].(ClimbOver)
	if over.Outcome != ClimbWon || over.From != 5 || over.To != 3 {
		t.Errorf("the climb: %+v", over)
	}
	if got := fmt.Sprint(l.Order(ev)); got != "[3 1 5 2 4]" {
		t.Errorf("after p5 beat p3: %s, want p5 3rd, p3 still 1st", got)
	}
	climb(t, ev, l, 4, 5) // p4 (5th) climbs p5 (3rd) and loses
	ev.Games[2].Over, ev.Games[2].Score = true, "0-1"
	if got := ev.AfterGame(ev.Games[2].ID); got != "p5 held the climb: the order of cup stays." {
		t.Errorf("after a climb held: %q", got)
	}
}

// What a ladder answers as a player joins, leaves and idles: a newcomer
// placed at the bottom with whom they may climb; a leaver withdrawn, then
// taken off the order; the drops due read from its record (when each was
// last active, how many drops since), each with the order it leaves, and
// when the next falls due.
func TestLadderAnswersWithSteps(t *testing.T) {
	ev, l := ladderOf(t, 3, 2)
	ev.Entrants = append(ev.Entrants, Entrant{Player: 4})
	ev.Names[4] = "p4"
	placed, ok := l.Join(ev, 4)[0].(Placed)
	if !ok || placed.Place != 4 || placed.Of != 4 || placed.MayClimb != "You may climb p2 (2nd) or p3 (3rd)." {
		t.Errorf("4 joins: %+v", placed)
	}
	steps, err := l.Leave(ev, 4)
	if err != nil || len(steps) != 2 || steps[0] != (Withdraw{Player: 4, Reason: "left the ladder"}) || steps[1] != (TakenOff{Player: 4, Last: true}) {
		t.Errorf("the last leaves: %+v, %v", steps, err)
	}
	if steps, _ := l.Leave(ev, 2); steps[1] != (TakenOff{Player: 2}) {
		t.Errorf("the 2nd leaves: %+v", steps)
	}
	if told := l.Told(ev, 2); len(told) != 0 {
		t.Errorf("told of a leaver: %v", told)
	}
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	record := []Act{{Kind: "create", At: start, By: 1}, {Kind: "join", At: start, Player: 2}, {Kind: "join", At: start, Player: 3},
		{Kind: "join", At: start.AddDate(0, 0, 30), Player: 4}}
	if next, ok := l.NextDue(ev, start, record); !ok || !next.Equal(start.AddDate(0, 0, DefaultIdle)) {
		t.Errorf("next due %v %v", next, ok)
	}
	steps = l.Due(ev, start.AddDate(0, 0, DefaultIdle), record)
	var got []string
	for _, st := range steps {
		d := st.(Dropped)
		got = append(got, fmt.Sprintf("%d to %d %v", d.Player, d.To, d.Order))
	}
	if fmt.Sprint(got) != "[3 to 4 [1 2 4 3] 2 to 3 [1 4 2 3] 1 to 2 [4 1 2 3]]" { // 4 joined later: not idle
		t.Errorf("the drops due on day %d: %v", DefaultIdle, got)
	}
	record = append(record, Act{Kind: "dropped", Player: 3}, Act{Kind: "dropped", Player: 2}, Act{Kind: "dropped", Player: 1})
	if next, _ := l.NextDue(ev, start.AddDate(0, 0, DefaultIdle), record); !next.Equal(start.AddDate(0, 0, DefaultIdle).Add(IdleStep)) {
		t.Errorf("after the drops, next due %v", next)
	}
}
