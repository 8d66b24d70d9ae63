package published

import (
	"fmt"
	"strings"

	"postal/archive"
	"postal/club/event"
)

// The record of an event (its acts: archive.Act), worded for its page.

// actText words an entry of the record for the page.
func actText(tx *archive.Tx, ev *event.Event, a archive.Act) string {
	name := func(id int64) string {
		if id == 0 {
			return "the club"
		}
		if n, ok := ev.Names[id]; ok {
			return n
		}
		if p, err := tx.PlayerByID(id); err == nil {
			return p.Name
		}
		return event.UnknownPlayer
	}
	if s, ok := selfRunningActText(ev, a, name); ok { // below
		return s
	}
	switch a.Act {
	case "create":
		return fmt.Sprintf("%s organised the tournament: %s", name(a.ByID), a.Detail)
	case "join":
		if a.ByID != a.PlayerID {
			return fmt.Sprintf("%s entered %s", name(a.ByID), name(a.PlayerID))
		}
		return name(a.PlayerID) + " entered"
	case "leave", archive.EntrantLeft:
		return name(a.PlayerID) + " left"
	case "start":
		return "the tournament started, " + a.Detail
	case "round":
		return a.Detail + " started"
	case "deadline":
		return a.Detail + " reached its deadline"
	case "adjudicate":
		return fmt.Sprintf("%s adjudicated the game: %s", name(a.ByID), a.Detail)
	case "extend":
		return fmt.Sprintf("%s gave the game %s more", name(a.ByID), a.Detail)
	case archive.EntrantRemoved:
		return fmt.Sprintf("%s removed %s: %s", name(a.ByID), name(a.PlayerID), a.Detail)
	case "codirector": // codirector.go
		return fmt.Sprintf("%s %s %s as co-director", name(a.ByID), a.Detail, name(a.PlayerID))
	case archive.EntrantTimedOut:
		return fmt.Sprintf("%s is out: %s", name(a.PlayerID), a.Detail)
	case "cancel":
		if a.Detail == "" {
			return name(a.ByID) + " cancelled the tournament before it started"
		}
		return fmt.Sprintf("%s cancelled the tournament before it started: %s", name(a.ByID), a.Detail)
	case "change":
		return fmt.Sprintf("%s changed the tournament: %s", name(a.ByID), a.Detail)
	case "end":
		return fmt.Sprintf("%s, an admin of the club, ended the tournament: %s", name(a.ByID), a.Detail)
	case "void":
		return "the game in play ended unrated, void"
	case "lapse":
		return "the tournament lapsed: " + a.Detail
	case "won":
		if a.PlayerID == 0 {
			return strings.TrimSpace("the tournament ended " + a.Detail)
		}
		return name(a.PlayerID) + " won the tournament"
	}
	return strings.TrimSpace(a.Act + " " + a.Detail)
}

// selfRunningActText words the acts of leagues and ladders, whose details
// say them whole; ok is false for an act of another kind, or of a
// tournament.
func selfRunningActText(ev *event.Event, a archive.Act, name func(int64) string) (string, bool) {
	if !event.SelfRunning(ev.Format.Name()) {
		return "", false
	}
	kind := ev.Format.Name()
	switch a.Act {
	case "create":
		return fmt.Sprintf("%s made the %s: %s", name(a.ByID), kind, a.Detail), true
	case "start":
		return "the league started: " + a.Detail, true
	case "season", "season-over", "climb", "climbed", "held", "dropped", "idle":
		return a.Detail, true
	case "leaving":
		return fmt.Sprintf("%s leaves %s", name(a.PlayerID), a.Detail), true
	case "staying":
		return name(a.PlayerID) + " stays after all", true
	}
	return "", false
}
