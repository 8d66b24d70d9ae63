package event

import (
	"strings"
	"testing"
)

// Issue 32, second round, found 16: a player the event did not know by
// name was shown by their internal number ("player 17"). Nothing shows the
// number.
func TestPlayerNameShowsNoNumber(t *testing.T) {
	ev := &Event{Names: map[int64]string{1: "alice"}}
	if got := ev.PlayerName(1); got != "alice" {
		t.Errorf("PlayerName(1) = %q", got)
	}
	if got := ev.PlayerName(17); strings.ContainsAny(got, "0123456789") {
		t.Errorf("PlayerName of a player not named = %q", got)
	}
}
