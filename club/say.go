package club

import (
	"errors"
	"fmt"
	"strings"

	"postal/archive"
	"postal/club/game"
	"postal/club/games"
	"postal/club/reply"
	"postal/notation"
)

// Messages between players (issue 26): "say TEXT" in a mail about a game
// relays the text to the game's other players, in a mail of the game's
// conversation, from the club and with each addressee's own reply token:
// nobody sees another's address, and an answer goes back through the club.
// In a reply about a challenge not yet accepted, it goes to the challenger
// (or, from the challenger, to whom they challenged). Messages are kept
// (archive talk) and shown in the record as comments once the game is
// over, as the players and the club allow (talkComments).

// talkWithoutGame answers a say or note in a mail about no game.
func talkWithoutGame(v notation.Verb) error {
	if v == notation.CmdNote {
		return reply.Refuse("note: which game?", "A note belongs to a game: write it in a reply to a mail about the game (its subject carries [postal #N]). Nothing was kept.")
	}
	return reply.Refuse("say: to whom?", "A message goes to the other players of a game: write \"say\" in a reply to a mail about the game or its challenge (its subject carries [postal #N]). Nothing was sent.")
}

func (h *handling) say(c notation.Command) (reply.Section, error) {
	id := c.ID
	var to []*archive.Player
	var subject, where string
	var ply int
	var gs *game.Game
	var err error
	gs, err = games.Load(h.Unit, id)
	switch {
	case err == nil:
		if gs.Side(h.Actor) < 0 {
			return reply.Section{}, reply.Refuse(fmt.Sprintf("you do not play in game #%d", id), "Only its players may write to each other in a game. Nothing was sent.")
		}
		for _, p := range gs.Players {
			if p.ID != h.Actor.ID && !h.s.isOwn(p.Address) {
				to = append(to, p)
			}
		}
		if subject, err = games.Subject(h.Unit, gs); err != nil {
			return reply.Section{}, err
		}
		where, ply = fmt.Sprintf("game #%d", id), gs.Pos.Ply()
	case errors.Is(err, archive.ErrNotFound):
		ch, cerr := h.Tx.Challenge(id)
		if errors.Is(cerr, archive.ErrNotFound) {
			return reply.Section{}, talkWithoutGame(c.Verb)
		}
		if cerr != nil {
			return reply.Section{}, cerr
		}
		if to, err = h.challengeTalkers(ch); err != nil {
			return reply.Section{}, err
		}
		if subject, err = games.ChallengeSubject(h.Unit, ch); err != nil {
			return reply.Section{}, err
		}
		where = fmt.Sprintf("challenge #%d", id)
	default:
		return reply.Section{}, err
	}
	if to == nil {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("there is nobody to tell in %s", where), "Nothing was sent.")
	}
	if err := h.talkAllowance(id, where, c.Text); err != nil { // talkcap.go
		return reply.Section{}, err
	}
	if err := h.Tx.AddTalk(archive.Said{GameID: id, PlayerID: h.Actor.ID, Ply: ply, Kind: "say", Text: c.Text, At: h.Now}); err != nil {
		return reply.Section{}, err
	}
	if err := h.Tx.AddEvent(h.Now, "say", id, h.Actor.ID, ""); err != nil {
		return reply.Section{}, err
	}
	who := h.Actor.Name
	if gs != nil {
		who = gs.SeatName(gs.Side(h.Actor))
	}
	var names []string
	for _, p := range to {
		names = append(names, p.Name)
		howTo := []string{"To answer, reply with a line that starts with \"say\" (or \"say\" alone, then your lines up to an empty one). postal passes it on; nobody sees another player's address."}
		if gs != nil {
			howTo = append(howTo, games.HowTo(h.Unit, gs, p)...)
		}
		// One mail per addressee and game, once the whole mail is read.
		h.relay(p, id, subject, fmt.Sprintf("%s says, in %s:", who, where), strings.Split(c.Text, "\n"), howTo) // talkcap.go
	}
	return reply.Section{Title: fmt.Sprintf("message sent to %s in %s", strings.Join(names, " and "), where),
		Lines: []string{"It comes from the club in the conversation about the game; their answer comes back the same way."}, Game: id}, nil
}

// challengeTalkers are the players a message in challenge ch goes to from
// the actor: the challenger, or, from the challenger, those challenged who
// have an account. nil when the actor has no part in it.
func (h *handling) challengeTalkers(ch *archive.Challenge) ([]*archive.Player, error) {
	ids := []int64{ch.ChallengerID}
	for _, s := range ch.Seats {
		if s.PlayerID != 0 && s.PlayerID != ch.ChallengerID {
			ids = append(ids, s.PlayerID)
		}
	}
	mine := false
	for _, id := range ids {
		mine = mine || id == h.Actor.ID
	}
	if !mine {
		return nil, reply.Refuse(fmt.Sprintf("challenge #%d is not yours", ch.ID), "Only its challenger and those challenged may write in it. Nothing was sent.")
	}
	if ch.ChallengerID != h.Actor.ID {
		ids = ids[:1] // to the challenger
	} else {
		ids = ids[1:]
	}
	var out []*archive.Player
	for _, id := range ids {
		p, err := h.Tx.PlayerByID(id)
		if err != nil {
			return nil, err
		}
		if !h.s.isOwn(p.Address) {
			out = append(out, p)
		}
	}
	return out, nil
}

// sayHint follows the lines of a mail not read as commands: prose goes
// nowhere, and a player who meant it for the opponent learns how.
const sayHint = "To send a message to your opponent, start the line with say."
