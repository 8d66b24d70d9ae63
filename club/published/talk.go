package published

import (
	"fmt"
	"slices"
	"strings"

	"postal/archive"
	"postal/notation"
)

// talkComments adds to rec, the record of game row with its moves, what
// its players said, and the conditional lines of those who allow it, as
// comments after the move they were said at ("alice: good luck"), once the
// game is over: never while it goes on. A player's messages are left out
// when they "set publish-messages off"; their lines are shown only when
// they "set publish-conditions on".
func talkComments(tx *archive.Tx, rec *notation.Record, row *archive.Game, moves []archive.Move, said []archive.Said) error {
	if row.Status != archive.GameOver || len(said) == 0 || len(moves) == 0 && row.Ply > 0 {
		return nil
	}
	allowed := map[string]bool{}
	allow := func(pid int64, kind string) (bool, error) {
		name, def := "publish-messages", "on"
		if kind == "if" {
			name, def = "publish-conditions", "off"
		}
		key := fmt.Sprint(pid, name)
		if ok, seen := allowed[key]; seen {
			return ok, nil
		}
		v, err := tx.Setting(pid, name, def)
		allowed[key] = v == "on"
		return v == "on", err
	}
	for _, s := range said {
		ok, err := allow(s.PlayerID, s.Kind)
		if err != nil {
			return err
		}
		seat := slices.Index(row.Players, s.PlayerID)
		if !ok || seat < 0 {
			continue
		}
		text := rec.Players[seat] + ": " + strings.Join(strings.Fields(s.Text), " ")
		if s.Kind == "if" {
			text = rec.Players[seat] + "'s conditional moves: if " + s.Text
		}
		// After the last move made by then; before the first, the record's
		// opening comment.
		k := len(moves) - 1
		for k >= 0 && moves[k].Ply > s.Ply {
			k--
		}
		if k < 0 {
			rec.Comment = joinLines(rec.Comment, text)
		} else {
			rec.Moves[k].Comment = joinLines(rec.Moves[k].Comment, text)
		}
	}
	return nil
}

// joinLines adds line b after a: comments one a line (notation).
func joinLines(a, b string) string {
	if a == "" {
		return b
	}
	return a + "\n" + b
}
