package clock

import (
	"testing"
	"time"
)

var t0 = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

func TestParseControlRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		in, out, describe string
	}{
		{"days 3", "days 3", "3 days per move"},
		{"DAYS 0.5", "days 0.5", "0.5 days per move"},
		{"bank 7+1/14", "bank 7+1/14", "time bank: 7 days, +1 per move, at most 14"},
		// One day is a day, not "1 days".
		{"days 1", "days 1", "1 day per move"},
		{"bank 1+1/1", "bank 1+1/1", "time bank: 1 day, +1 per move, at most 1"},
		{"bank 1+0.5/2", "bank 1+0.5/2", "time bank: 1 day, +0.5 per move, at most 2"},
		{"none", "none", "no time limit"},
	} {
		c, err := ParseControl(tc.in)
		if err != nil {
			t.Fatalf("ParseControl(%q): %v", tc.in, err)
		}
		if c.String() != tc.out || c.Describe() != tc.describe {
			t.Errorf("ParseControl(%q) = %q / %q", tc.in, c.String(), c.Describe())
		}
	}
	for _, bad := range []string{"", "days", "days -1", "days x", "bank 7+1", "bank 14+1/7", "weeks 2"} {
		if _, err := ParseControl(bad); err == nil {
			t.Errorf("ParseControl(%q) accepted", bad)
		}
	}
}

func TestBankGainsIncrementUpToCap(t *testing.T) {
	c, _ := ParseControl("bank 7+1/10")
	bank := c.InitialBank()
	if bank != 7*Day {
		t.Fatalf("initial bank %v", bank)
	}
	bank = c.AfterMove(bank, 2*Day) // 7-2+1
	if bank != 6*Day {
		t.Errorf("after a 2-day move: %v", bank)
	}
	bank = c.AfterMove(bank, 0) // 6+1
	bank = c.AfterMove(bank, 0) // 8
	bank = c.AfterMove(bank, 0) // 9
	bank = c.AfterMove(bank, 0) // 10
	bank = c.AfterMove(bank, 0) // capped
	if bank != 10*Day {
		t.Errorf("bank not capped: %v", bank)
	}
	if got := Default.AfterMove(Default.PerMove, 2*Day); got != 3*Day {
		t.Errorf("per move resets to 3 days, got %v", got)
	}
}

func TestDeadlineCountsPause(t *testing.T) {
	d, ok := Default.Deadline(t0, 3*Day, 2*Day)
	if !ok || !d.Equal(t0.Add(5*Day)) {
		t.Errorf("deadline %v %v", d, ok)
	}
	if _, ok := (Control{Kind: None}).Deadline(t0, 0, 0); ok {
		t.Error("no-limit game has a deadline")
	}
}

func TestScheduleDefaultPoints(t *testing.T) {
	s := Schedule(DefaultPoints, t0, t0.Add(3*Day))
	want := []time.Time{t0.Add(Day), t0.Add(2 * Day), t0.Add(3*Day - 2*time.Hour)}
	if len(s) != len(want) {
		t.Fatalf("schedule %v", s)
	}
	for i := range want {
		if !s[i].At.Equal(want[i]) {
			t.Errorf("point %d at %v, want %v", i, s[i].At, want[i])
		}
	}
	// A one-day turn: "after 24h" and "before 24h" fall on its ends and are
	// dropped; only 2 h before the deadline is left.
	s = Schedule(DefaultPoints, t0, t0.Add(Day))
	if len(s) != 1 || s[0].Index != 2 {
		t.Errorf("one-day schedule %v", s)
	}
	d, ok := Next(Schedule(DefaultPoints, t0, t0.Add(3*Day)), map[int]bool{0: true})
	if !ok || d.Index != 1 {
		t.Errorf("next after the first is sent: %v %v", d, ok)
	}
}

func TestParsePoints(t *testing.T) {
	p, err := ParsePoints("after 24h, before 24h, before 2h")
	if err != nil || len(p) != 3 || p[0] != DefaultPoints[0] || p[2] != DefaultPoints[2] {
		t.Fatalf("%v %v", p, err)
	}
	for _, bad := range []string{"after", "soon 2h", "before -2h", "after 2 days"} {
		if _, err := ParsePoints(bad); err == nil {
			t.Errorf("ParsePoints(%q) accepted", bad)
		}
	}
}

func TestVacationAllowance(t *testing.T) {
	now := t0.Add(400 * Day)
	vs := []Vacation{
		{Start: t0, End: t0.Add(20 * Day)},                    // more than a year ago: not counted
		{Start: now.Add(-100 * Day), End: now.Add(-90 * Day)}, // 10 days
		{Start: now.Add(-5 * Day)},                            // ongoing: 5 days so far
	}
	if got := Used(vs, now); got != 15*Day {
		t.Errorf("used %v, want 15 days", got)
	}
	if got := Grant(30*Day, DefaultAllowance, vs, now); got != 15*Day {
		t.Errorf("granted %v, want the 15 days left", got)
	}
	if got := Grant(3*Day, DefaultAllowance, vs, now); got != 3*Day {
		t.Errorf("granted %v, want 3 days", got)
	}
	if got := Grant(3*Day, 15*Day, vs, now); got != 0 {
		t.Errorf("granted %v with the allowance used up", got)
	}
}

func TestFakeAndScaledClocks(t *testing.T) {
	f := NewFake(t0)
	if f.Advance(Day); !f.Now().Equal(t0.Add(Day)) {
		t.Errorf("fake at %v", f.Now())
	}
	s := NewScaled(86400)
	a := s.Now()
	time.Sleep(20 * time.Millisecond)
	if got := s.Now().Sub(a); got < 20*time.Minute {
		t.Errorf("a day a second: 20 ms moved the clock only %v", got)
	}
}
