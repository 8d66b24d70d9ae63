package clock

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Day is the unit players think in.
const Day = 24 * time.Hour

// Kind is the sort of time control of a game.
type Kind int

const (
	// PerMove gives a fixed time for every move (days per move).
	PerMove Kind = iota
	// Bank is a Little Golem style time bank: Start at first, Increment added
	// after each move, never more than Cap.
	Bank
	// None never times out.
	None
)

// Control is a game's time control, chosen at the challenge.
type Control struct {
	Kind      Kind
	PerMove   time.Duration // PerMove
	Start     time.Duration // Bank: the bank at the start
	Increment time.Duration // Bank: added after each move
	Cap       time.Duration // Bank: the most the bank can hold
}

// Default is 3 days per move.
var Default = Control{Kind: PerMove, PerMove: 3 * Day}

// ParseControl reads a control as written in a challenge and in records:
// "days 3", "bank 7+1/14" (days: start, increment, cap) or "none".
func ParseControl(s string) (Control, error) {
	f := strings.Fields(strings.ToLower(s))
	switch {
	case len(f) == 1 && f[0] == "none":
		return Control{Kind: None}, nil
	case len(f) == 2 && f[0] == "days":
		d, err := parseDays(f[1])
		if err != nil || d <= 0 {
			return Control{}, badControl("days %q is not a positive number of days", f[1])
		}
		return Control{Kind: PerMove, PerMove: d}, nil
	case len(f) == 2 && f[0] == "bank":
		startText, rest, ok1 := strings.Cut(f[1], "+")
		incText, capText, ok2 := strings.Cut(rest, "/")
		if ok1 && ok2 {
			start, e1 := parseDays(startText)
			inc, e2 := parseDays(incText)
			limit, e3 := parseDays(capText)
			if e1 == nil && e2 == nil && e3 == nil && start > 0 && inc >= 0 && limit >= start {
				return Control{Kind: Bank, Start: start, Increment: inc, Cap: limit}, nil
			}
		}
		return Control{}, badControl("bank %q is not START+INCREMENT/CAP in days with CAP at least START, e.g. 7+1/14", f[1])
	}
	return Control{}, badControl("%q is none of \"days N\", \"bank START+INCREMENT/CAP\", \"none\"", s)
}

func parseDays(s string) (time.Duration, error) {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v < 0 || v > 365 {
		return 0, badControl("%q is not a number of days", s)
	}
	return time.Duration(v * float64(Day)), nil
}

// String writes the control as ParseControl reads it.
func (c Control) String() string {
	switch c.Kind {
	case PerMove:
		return "days " + days(c.PerMove)
	case Bank:
		return "bank " + days(c.Start) + "+" + days(c.Increment) + "/" + days(c.Cap)
	}
	return "none"
}

// Describe says it for people: "3 days per move".
func (c Control) Describe() string {
	switch c.Kind {
	case PerMove:
		return dayCount(c.PerMove) + " per move"
	case Bank:
		return fmt.Sprintf("time bank: %s, +%s per move, at most %s", dayCount(c.Start), days(c.Increment), days(c.Cap))
	}
	return "no time limit"
}

// dayCount is d in days for people: "1 day", "3 days", "0.5 days".
func dayCount(d time.Duration) string {
	if d == Day {
		return "1 day"
	}
	return days(d) + " days"
}

func days(d time.Duration) string {
	return strconv.FormatFloat(float64(d)/float64(Day), 'f', -1, 64)
}

// InitialBank is the time a player has for their first move.
func (c Control) InitialBank() time.Duration {
	if c.Kind == Bank {
		return c.Start
	}
	return c.PerMove
}

// AfterMove returns the player's time for their next move after a move that
// took used out of bank: per move, always PerMove; a bank loses what was used
// and gains the increment, up to the cap.
func (c Control) AfterMove(bank, used time.Duration) time.Duration {
	switch c.Kind {
	case Bank:
		left := bank - used
		if left < 0 {
			left = 0
		}
		return min(left+c.Increment, c.Cap)
	case PerMove:
		return c.PerMove
	}
	return 0
}

// Deadline is when a turn that began at turnStart with bank time to spend
// runs out, not counting paused time. ok is false for games without a limit.
func (c Control) Deadline(turnStart time.Time, bank, paused time.Duration) (deadline time.Time, ok bool) {
	if c.Kind == None {
		return time.Time{}, false
	}
	return turnStart.Add(bank + paused), true
}

// ControlError reports a time control that is none: Msg says why, in words
// for the player who wrote it.
type ControlError struct {
	Msg string
}

func (e *ControlError) Error() string { return "clock: " + e.Msg }

func badControl(format string, args ...any) *ControlError {
	return &ControlError{Msg: fmt.Sprintf(format, args...)}
}
