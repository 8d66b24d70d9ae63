package games

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"postal/archive"
	"postal/club/game"
	"postal/club/reply"
	"postal/club/work"
	"postal/docs/words"
	"postal/notation"
)

// Messages between players: "say TEXT" in a mail about a game relays the
// text to the game's other players, in a mail of the game's conversation,
// from the club and with each addressee's own reply token: nobody sees
// another's address, and an answer goes back through the club. In a reply
// about a challenge not yet accepted, it goes to the challenger (or, from
// the challenger, to whom they challenged). Messages are kept (archive
// talk) and shown in the record as comments once the game is over, as the
// players and the club allow.
//
// Talk comes in one piece: the say lines of one mail reach each addressee
// as one mail about the game, sent once the whole mail has been read (20
// say lines were once 20 mails to each opponent); and a player's messages
// to one game are capped a day, in lines, past which they are refused.
//
// Private notes: "note TEXT" keeps a note of the player's on a game, shown
// only in their own mails (status, and the footer of every mail about the
// game to them), never published and never in the record. A new note
// replaces the old; "note clear" removes it.

// Say is "say TEXT": the actor's message to the other players of a game,
// or of a challenge not yet accepted.
func Say(u *work.Unit, c notation.Command) (reply.Section, error) {
	id := c.ID
	if c.Text = strings.TrimSpace(notation.Unformat(c.Text)); c.Text == "" {
		return reply.Section{}, reply.Refuse("say needs a text", "Nothing was sent.")
	}
	var to []*archive.Player
	var subject, where string
	var ply int
	var gs *game.Game
	var err error
	gs, err = Load(u, id)
	switch {
	case err == nil:
		if gs.Side(u.Actor) < 0 {
			return reply.Section{}, NotPlaying(id, "Only its players may write to each other in a game. Nothing was sent.")
		}
		for _, p := range gs.Players {
			if p.ID != u.Actor.ID && !u.Club.IsOwn(p.Address) {
				to = append(to, p)
			}
		}
		if subject, err = Subject(u, gs); err != nil {
			return reply.Section{}, err
		}
		where, ply = fmt.Sprintf("game #%d", id), gs.Pos.Ply()
	case errors.Is(err, archive.ErrNotFound):
		ch, cerr := u.Tx.Challenge(id)
		if errors.Is(cerr, archive.ErrNotFound) {
			return reply.Section{}, TalkWithoutGame(c.Verb)
		}
		if cerr != nil {
			return reply.Section{}, cerr
		}
		if to, err = challengeTalkers(u, ch); err != nil {
			return reply.Section{}, err
		}
		if subject, err = ChallengeSubject(u, ch); err != nil {
			return reply.Section{}, err
		}
		where = fmt.Sprintf("challenge #%d", id)
	default:
		return reply.Section{}, err
	}
	if to == nil {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("there is nobody to tell in %s", where), "Nothing was sent.")
	}
	if err := talkAllowance(u, id, where, c.Text); err != nil {
		return reply.Section{}, err
	}
	if err := u.Tx.AddTalk(archive.Said{GameID: id, PlayerID: u.Actor.ID, Ply: ply, Kind: "say", Text: c.Text, At: u.Now}); err != nil {
		return reply.Section{}, err
	}
	if err := u.Tx.AddEvent(u.Now, "say", id, u.Actor.ID, ""); err != nil {
		return reply.Section{}, err
	}
	who := u.Actor.Name
	if gs != nil {
		who = gs.SeatName(gs.Side(u.Actor))
	}
	var names []string
	for _, p := range to {
		names = append(names, p.Name)
		howTo := []string{"To answer, reply with a line that starts with \"say\" (or \"say\" alone, then your lines up to an empty one). postal passes it on; nobody sees another player's address."}
		if gs != nil {
			howTo = append(howTo, HowTo(u, gs, p)...)
		}
		// One mail per addressee and game, once the whole mail is read.
		relay(u, p, id, subject, fmt.Sprintf("%s says, in %s:", who, where), strings.Split(c.Text, "\n"), howTo)
	}
	return reply.Section{Title: fmt.Sprintf("message sent to %s in %s", strings.Join(names, " and "), where),
		Lines: []string{"It comes from the club in the conversation about the game; their answer comes back the same way."}, Game: id}, nil
}

// challengeTalkers are the players a message in challenge ch goes to from
// the actor: the challenger, or, from the challenger, those challenged who
// have an account. nil when the actor has no part in it.
func challengeTalkers(u *work.Unit, ch *archive.Challenge) ([]*archive.Player, error) {
	ids := []int64{ch.ChallengerID}
	for _, s := range ch.Seats {
		if s.PlayerID != 0 && s.PlayerID != ch.ChallengerID {
			ids = append(ids, s.PlayerID)
		}
	}
	mine := false
	for _, id := range ids {
		mine = mine || id == u.Actor.ID
	}
	if !mine {
		return nil, reply.Refuse(fmt.Sprintf("challenge #%d is not yours", ch.ID), "Only its challenger and those challenged may write in it. Nothing was sent.")
	}
	if ch.ChallengerID != u.Actor.ID {
		ids = ids[:1] // to the challenger
	} else {
		ids = ids[1:]
	}
	var out []*archive.Player
	for _, id := range ids {
		p, err := u.Tx.PlayerByID(id)
		if err != nil {
			return nil, err
		}
		if !u.Club.IsOwn(p.Address) {
			out = append(out, p)
		}
	}
	return out, nil
}

// SayHint follows the lines of a mail not read as commands: prose goes
// nowhere, and a player who meant it for the opponent learns how.
const SayHint = "To send a message to your opponent, start the line with say."

// relay adds lines, said in game id, to the mail for p (u.Relays: one mail
// per addressee and game, sent once the whole mail has been read).
func relay(u *work.Unit, p *archive.Player, id int64, subject, intro string, lines, howTo []string) {
	for _, r := range u.Relays {
		if r.To.ID == p.ID && r.Game == id {
			r.Lines = append(r.Lines, lines...)
			return
		}
	}
	u.Relays = append(u.Relays, &work.Relay{To: p, Game: id, Subject: subject, Intro: intro, Lines: lines, HowTo: howTo})
}

// FlushRelays sends each addressee their one mail of what was said: what
// ends the unit of a mail, after its notices.
func FlushRelays(u *work.Unit) error {
	for _, r := range u.Relays {
		err := u.Send(reply.Mail{To: r.To.Address, Player: r.To, Game: r.Game, Subject: r.Subject, Auto: "auto-generated",
			View: reply.View{Intro: []string{r.Intro}, Sections: []reply.Section{{Lines: r.Lines, Game: r.Game}}, HowTo: r.HowTo}})
		if err != nil {
			return err
		}
	}
	u.Relays = nil
	return nil
}

// TalkLinesPerDay is the day's cap of a player's lines in a game when the
// club sets none.
const TalkLinesPerDay = 20

// talkAllowance refuses text, said in game id (or its challenge) where, when
// it would take the actor past the day's lines there.
func talkAllowance(u *work.Unit, id int64, where, text string) error {
	limit := u.Club.TalkLinesPerDay
	if limit < 0 {
		return nil
	}
	said, err := u.Tx.SaidSince(id, u.Actor.ID, u.Now.Add(-24*time.Hour))
	if err != nil {
		return err
	}
	used := 0
	for _, s := range said {
		used += lineCount(s)
	}
	if n := lineCount(text); used+n > limit {
		return reply.Refuse(fmt.Sprintf("past your %d lines a day in %s", limit, where),
			fmt.Sprintf("postal passes on %d lines a day from each player in a game; you have %s left today, and this message has %s. Nothing was sent: say it in fewer lines, or tomorrow.",
				limit, words.Plural(max(0, limit-used), "line"), words.Plural(n, "line")))
	}
	return nil
}

// lineCount is how many lines text has.
func lineCount(text string) int { return strings.Count(text, "\n") + 1 }

// TalkWithoutGame answers a say or note in a mail about no game.
func TalkWithoutGame(v notation.Verb) error {
	if v == notation.CmdNote {
		return reply.Refuse("note: which game?", "A note belongs to a game: write it in a reply to a mail about the game (its subject carries [postal #N]). Nothing was kept.")
	}
	return reply.Refuse("say: to whom?", "A message goes to the other players of a game: write \"say\" in a reply to a mail about the game or its challenge (its subject carries [postal #N]). Nothing was sent.")
}

// Note is "note TEXT" and "note clear": the actor's private note on a
// game of theirs.
func Note(u *work.Unit, c notation.Command) (reply.Section, error) {
	c.Text = strings.TrimSpace(notation.Unformat(c.Text))
	if c.Text == "" && c.Setting != "clear" {
		return reply.Section{}, reply.Refuse("note needs a text", "Nothing was kept.")
	}
	gs, err := Named(u, c.ID)
	if err != nil {
		return reply.Section{}, err
	}
	if gs.Side(u.Actor) < 0 {
		return reply.Section{}, NotPlaying(gs.Row.ID, "A note belongs to a game of yours. Nothing was kept.")
	}
	if err := u.Tx.SetNote(gs.Row.ID, u.Actor.ID, c.Text, u.Now); err != nil {
		return reply.Section{}, err
	}
	if c.Setting == "clear" {
		return reply.Section{Title: fmt.Sprintf("your note on game #%d is removed", gs.Row.ID), Game: gs.Row.ID}, nil
	}
	return reply.Section{Title: fmt.Sprintf("note kept on game #%d", gs.Row.ID),
		Lines: []string{"Only you see it: at the end of your mails about the game, and in \"status\". A new note replaces it; \"note clear\" removes it."}, Game: gs.Row.ID}, nil
}

// SetTalk sets publish-messages or publish-conditions.
func SetTalk(u *work.Unit, c notation.Command) (reply.Section, error) {
	if err := u.Tx.SetSetting(u.Actor.ID, c.Setting, c.Value); err != nil {
		return reply.Section{}, err
	}
	// The site wrote the records of finished games as the settings were
	// then: "off" must take back what "on" published.
	if err := u.Tx.TouchTalkOf(u.Actor.ID); err != nil {
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
