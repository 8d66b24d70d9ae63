package work

import (
	"time"

	"postal/archive"
)

// Unit is one change to the club, in one archive transaction: what every
// writer shares. A mail's commands, a pass of the clock and a move of the
// bot each make one: load games, play and end them, start tournaments'
// rounds, and queue the mails that tell players so. What only an inbound
// mail has stays out of it: the message and its proof (accounts.Proof),
// and the sections of its reply (the club's mail adapter).
type Unit struct {
	Tx  *archive.Tx
	Now time.Time
	// Actor is the player the change is made for: the sender of a mail
	// (once proved), the club's bot for its moves; nil for the club itself
	// (the clock).
	Actor *archive.Player
	// MsgID is the Message-ID of the mail the change comes from, which the
	// moves it plays carry; "" for the clock and the bot.
	MsgID string
	// Club is what the club is: its settings and the ports to what lies
	// above the domain packages (its mail).
	Club *Club

	// Notices are mails to players other than the actor about a game,
	// queued while the change goes on and sent, one each, at its end (so
	// that each shows the game as the change left it).
	Notices []Notice
	Ended   []*archive.Game // games the change ended
	// Lead are the first lines of the actor's reply, when something done
	// for them has more to say than their command's section: a mail's
	// reply shows them; the clock and the bot have no reply.
	Lead []string
	// Relays are what the actor said to other players ("say"), one mail
	// per addressee and game, gathered while a mail is read and sent once
	// it has been read whole.
	Relays []*Relay
	// Explored counts the explorations ("explore") a mail asked for: each
	// replays the club's finished games, and a mail answers a few.
	Explored int

	// moves are the games' moves read in this unit (Moves).
	moves map[int64]keptMoves
}

// ActorID is the player the unit acts for; 0 for the club itself (the
// clock).
func (u *Unit) ActorID() int64 {
	if u.Actor == nil {
		return 0
	}
	return u.Actor.ID
}

// Notice is a queued mail to a player about a game.
type Notice struct {
	Game    int64
	Player  *archive.Player
	Intro   []string
	NoBoard bool // a reminder: the board only on asking ("board ID")
}

// Relay is the mail to one addressee of what the actor said in one game
// or challenge.
type Relay struct {
	To      *archive.Player
	Game    int64
	Subject string
	Intro   string
	Lines   []string
	HowTo   []string
}
