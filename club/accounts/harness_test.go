package accounts

import (
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"postal/archive"
	"postal/archive/archivetest"
	"postal/club/reply"
	"postal/club/work"
	"postal/mailer"
	"postal/mailer/dkimproof"
	"postal/notation"
)

// A test club: a real archive in a file, the club's settings as club.New
// fills them in, and the mails its units send, recorded instead of
// rendered (the mail adapter is the club's root, not this package's).
type club struct {
	t     *testing.T
	db    *archive.DB
	c     *work.Club
	now   time.Time
	mails []reply.Mail  // what Send queued, in order
	plain []reply.Plain // what SendPlain queued, in order
	order []string      // "mail" or "plain", in the order both were queued
}

func newClub(t *testing.T) *club {
	t.Helper()
	db, err := archive.OpenLog(context.Background(), archivetest.Path(t), slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	k := &club{t: t, db: db, now: time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)}
	k.c = &work.Club{
		Address: "postal@demo.test", Local: "postal", Host: "demo.test", Name: "postal", TokenSeparator: "+",
		RateLimit: 60, StrangerRepliesPerHour: 30, InvitesPerDay: 10, MaxMessageSize: 1 << 20,
		DKIMMaxAge: dkimproof.DefaultMaxAge, Log: slog.New(slog.DiscardHandler),
		Clock: func() time.Time { return k.now },
		Post: func(u *work.Unit, m reply.Mail) error {
			k.mails, k.order = append(k.mails, m), append(k.order, "mail")
			return nil
		},
		PostPlain: func(u *work.Unit, m reply.Plain) error {
			k.plain, k.order = append(k.plain, m), append(k.order, "plain")
			return nil
		},
	}
	return k
}

// unit runs f in one unit of work, in one transaction, and fails the test
// on an error.
func (k *club) unit(f func(u *work.Unit) error) {
	k.t.Helper()
	err := k.db.Tx(context.Background(), func(tx *archive.Tx) error {
		return f(&work.Unit{Tx: tx, Now: k.now, Club: k.c})
	})
	if err != nil {
		k.t.Fatal(err)
	}
}

// player registers name at name@example.org with key, and returns it.
func (k *club) player(name, key string) *archive.Player {
	k.t.Helper()
	var p *archive.Player
	k.unit(func(u *work.Unit) (err error) {
		p, err = u.Tx.AddPlayer(name, name+"@example.org", HashKey(key), k.now)
		return err
	})
	return p
}

// token is p's reply token for game (0: the account).
func (k *club) token(p *archive.Player, game int64) string {
	k.t.Helper()
	var tok string
	k.unit(func(u *work.Unit) (err error) {
		tok, err = u.Tx.Token(p.ID, game, k.now)
		return err
	})
	return tok
}

// game makes an active game of players, the number of a challenge of the
// first, and returns its number.
func (k *club) game(players ...*archive.Player) int64 {
	k.t.Helper()
	var id int64
	k.unit(func(u *work.Unit) error {
		ch := &archive.Challenge{ChallengerID: players[0].ID, Game: "initiative", Side: "first", Days: 3, Created: k.now}
		if err := u.Tx.AddChallenge(ch); err != nil {
			return err
		}
		g := &archive.Game{ID: ch.ID, Game: "initiative", Status: archive.GameActive, Result: "*", DaysPerMove: 3, Created: k.now}
		for _, p := range players {
			g.Players = append(g.Players, p.ID)
		}
		id = ch.ID
		return u.Tx.AddGame(g)
	})
	return id
}

// end ends game id now.
func (k *club) end(id int64) {
	k.t.Helper()
	k.unit(func(u *work.Unit) error {
		g, err := u.Tx.GameByID(id)
		if err != nil {
			return err
		}
		g.Status, g.Result, g.Finished, g.Updated = archive.GameOver, "1-0", k.now, k.now
		return u.Tx.UpdateGame(g)
	})
}

// handled is what the accounts made of one mail.
type handled struct {
	proof  *Proof
	actor  *archive.Player
	tagged int64
	answer *Answer // nil: its commands are read
	lead   []string
}

// mail takes one mail through the accounts as the club's flow does: it
// is recorded, its tokens and keys read, its sender proved, and its
// answer paid for. to are its recipients; body its text.
func (k *club) mail(from string, to []string, subject, body string) handled {
	k.t.Helper()
	in := &mailer.Inbound{MessageID: archive.NewSecret(8) + "@client.test", From: from, Recipients: to, Subject: subject, Text: body,
		Raw: []byte("From: " + from + "\r\nSubject: " + subject + "\r\n\r\n" + body)}
	var h handled
	k.unit(func(u *work.Unit) error {
		p := NewProof(in, dkimproof.Result{})
		raw, sum := Kept(k.c, in)
		row, err := u.Tx.AddMessage(archive.Message{MessageID: in.MessageID, From: strings.ToLower(from), Received: k.now, Outcome: "handling", Raw: raw, BodySHA256: sum})
		if err != nil {
			return err
		}
		p.Row = row
		if h.tagged, err = ReadTokens(u, p); err != nil {
			return err
		}
		parsed, _ := notation.ParseCommands(body, notation.ParseOptions{Language: language, Tagged: h.tagged != 0})
		if err := ReadKeys(u, p, parsed); err != nil {
			return err
		}
		a, err := Prove(u, p)
		if a == nil && err == nil {
			a, err = Paid(u, p, parsed)
		}
		h.proof, h.actor, h.answer, h.lead = p, u.Actor, a, u.Lead
		return err
	})
	return h
}

// reply is the address of token tok at the test club.
func (k *club) reply(tok string) string { return k.c.ReplyAddress(tok) }
