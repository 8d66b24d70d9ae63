package published

import (
	"regexp"
	"slices"
	"strings"

	"postal/archive"
	"postal/notation"
)

// talkComments adds to rec, the record of game row with its moves, what
// its players said, and the conditional lines of those who allow it, as
// comments after the move they were said at ("alice: good luck"), once the
// game is over: never while it goes on. Messages are private, said to the
// other players and no one else: they are shown only when every player of the game said "set
// publish-messages on" (MessagesPublished); a player's conditional lines
// only when they "set publish-conditions on". No address in them is shown
// (Unaddressed), nor a format character (notation.Unformat: a message kept
// before the club dropped them on arrival).
func talkComments(tx *archive.Tx, rec *notation.Record, row *archive.Game, moves []archive.Move, said []archive.Said) error {
	if row.Status != archive.GameOver || len(said) == 0 || len(moves) == 0 && row.Ply > 0 {
		return nil
	}
	messages, err := MessagesPublished(tx, row)
	if err != nil {
		return err
	}
	conditions := map[int64]bool{}
	for _, s := range said {
		if s.Kind != "if" {
			continue
		}
		if _, seen := conditions[s.PlayerID]; !seen {
			v, err := tx.Setting(s.PlayerID, "publish-conditions", "off")
			if err != nil {
				return err
			}
			conditions[s.PlayerID] = v == "on"
		}
	}
	for _, s := range said {
		seat := slices.Index(row.Players, s.PlayerID)
		if seat < 0 || s.Kind == "if" && !conditions[s.PlayerID] || s.Kind != "if" && !messages {
			continue
		}
		text := rec.Players[seat] + ": " + Unaddressed(strings.Join(strings.Fields(notation.Unformat(s.Text)), " "))
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

// MessagesPublished reports whether the messages of game row may be
// published: every player of it said "set publish-messages on" (off is
// every player's default). The club may still keep them all out.
func MessagesPublished(tx *archive.Tx, row *archive.Game) (bool, error) {
	for _, id := range row.Players {
		v, err := tx.Setting(id, "publish-messages", "off")
		if err != nil || v != "on" {
			return false, err
		}
	}
	return true, nil
}

// addressRE matches what reads as a mail address: a mail client quoting
// "alice <alice@home.example> wrote:" into a message, or a director's
// reason, puts one in text the club publishes.
var addressRE = regexp.MustCompile(`[^\s<>()\[\]"',;:]+@[^\s<>()\[\]"',;:]+\.[^\s<>()\[\]"',;:]+`)

// Unaddressed is text with every mail address in it replaced by
// "(address)": no sender's address is ever published, so the site
// hands no one a player's mailbox to write to.
func Unaddressed(text string) string {
	if !strings.Contains(text, "@") {
		return text
	}
	return addressRE.ReplaceAllString(text, "(address)")
}

// joinLines adds line b after a: comments one a line (notation).
func joinLines(a, b string) string {
	if a == "" {
		return b
	}
	return a + "\n" + b
}
