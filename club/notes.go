package club

import (
	"fmt"

	"postal/club/games"
	"postal/club/reply"
	"postal/notation"
)

// Private notes (issue 26): "note TEXT" keeps a note of the player's on a
// game, shown only in their own mails (status, and the footer of every
// mail about the game to them), never published and never in the record.
// A new note replaces the old; "note clear" removes it.

func (h *handling) note(c notation.Command) (reply.Section, error) {
	gs, err := games.Named(h.Unit, c.ID)
	if err != nil {
		return reply.Section{}, err
	}
	if gs.Side(h.Actor) < 0 {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("you do not play in game #%d", gs.Row.ID), "A note belongs to a game of yours. Nothing was kept.")
	}
	if err := h.Tx.SetNote(gs.Row.ID, h.Actor.ID, c.Text, h.Now); err != nil {
		return reply.Section{}, err
	}
	if c.Setting == "clear" {
		return reply.Section{Title: fmt.Sprintf("your note on game #%d is removed", gs.Row.ID), Game: gs.Row.ID}, nil
	}
	return reply.Section{Title: fmt.Sprintf("note kept on game #%d", gs.Row.ID),
		Lines: []string{"Only you see it: at the end of your mails about the game, and in \"status\". A new note replaces it; \"note clear\" removes it."}, Game: gs.Row.ID}, nil
}

// setTalk sets publish-messages or publish-conditions.
func (h *handling) setTalk(c notation.Command) (reply.Section, error) {
	if err := h.Tx.SetSetting(h.Actor.ID, c.Setting, c.Value); err != nil {
		return reply.Section{}, err
	}
	what := map[string]string{
		"publish-messages on":    "The messages of a game you play are shown in its record and on the site once it is over, if every other player of it says so too (and the club shows messages). No address in them is shown.",
		"publish-messages off":   "Your messages are never shown in a record or on the site; the other players still get them. It is the default: messages are private.",
		"publish-conditions on":  "Your conditional moves are shown in the record and on the site once the game is over.",
		"publish-conditions off": "Your conditional moves are never shown in a record or on the site.",
	}[c.Setting+" "+c.Value]
	return reply.Section{Title: fmt.Sprintf("%s is %s", c.Setting, c.Value), Lines: []string{what}}, nil
}
