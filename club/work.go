package club

import (
	"time"

	"postal/archive"
)

// work is one change to the club, in one archive transaction: what every
// writer shares (issue 33). A mail's commands (handling), a pass of the
// clock (Tick) and a move of the bot each do their work through it: load
// games, play and end them, start tournaments' rounds, and queue the mails
// that tell players so. What only an inbound mail has (the message, its
// proof, the sections of its reply) is handling's.
type work struct {
	s   *Service
	tx  *archive.Tx
	now time.Time
	// actor is the player the change is made for: the sender of a mail
	// (see proof.go), the club's bot for its moves; nil for the club itself
	// (the clock).
	actor *archive.Player
	// msgID is the Message-ID of the mail the change comes from, which the
	// moves it plays carry; "" for the clock and the bot.
	msgID string

	notices []notice        // mails to players other than the actor, sent by flushNotices
	ended   []*archive.Game // games the change ended
	// lead are the first lines of the actor's reply, when something done
	// for them has more to say than their command's section: a mail's
	// reply shows them; the clock and the bot have no reply.
	lead []string
}

// actorID is the player the work acts for; 0 for the club itself (the
// clock).
func (w *work) actorID() int64 {
	if w.actor == nil {
		return 0
	}
	return w.actor.ID
}
