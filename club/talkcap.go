package club

import (
	"fmt"
	"strings"
	"time"

	"postal/archive"
	"postal/club/reply"
	"postal/docs/words"
)

// Talk in one piece (issue 32). Each "say" line was a mail of its own to
// the other players: 20 mails of 49 lines made 980 mails to one opponent.
// Now the say lines of one mail reach each addressee as one mail about the
// game, sent once the whole mail has been read; and a player's messages to
// one game are capped a day, in lines, past which they are refused.

// relayed is the mail to one addressee of what the sender said in one game
// or challenge, gathered while the message is read.
type relayed struct {
	to      *archive.Player
	game    int64
	subject string
	intro   string
	lines   []string
	howTo   []string
}

// relay adds lines, said in game, to the mail for p.
func (h *handling) relay(p *archive.Player, game int64, subject, intro string, lines, howTo []string) {
	for _, r := range h.relays {
		if r.to.ID == p.ID && r.game == game {
			r.lines = append(r.lines, lines...)
			return
		}
	}
	h.relays = append(h.relays, &relayed{to: p, game: game, subject: subject, intro: intro, lines: lines, howTo: howTo})
}

// flushRelays sends each addressee their one mail of what was said.
func (h *handling) flushRelays() error {
	for _, r := range h.relays {
		err := h.send(reply.Mail{To: r.to.Address, Player: r.to, Game: r.game, Subject: r.subject, Auto: "auto-generated",
			View: reply.View{Intro: []string{r.intro}, Sections: []reply.Section{{Lines: r.lines, Game: r.game}}, HowTo: r.howTo}})
		if err != nil {
			return err
		}
	}
	h.relays = nil
	return nil
}

// talkLinesPerDay is the day's cap when Options.TalkLinesPerDay is 0.
const talkLinesPerDay = 20

// talkAllowance refuses text, said in game (or its challenge) where, when
// it would take the actor past the day's lines there.
func (h *handling) talkAllowance(game int64, where, text string) error {
	limit := h.s.opt.TalkLinesPerDay
	if limit < 0 {
		return nil
	}
	said, err := h.Tx.SaidSince(game, h.Actor.ID, h.Now.Add(-24*time.Hour))
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
