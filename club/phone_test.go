package club

import (
	"strings"
	"testing"

	"postal/archive"
	"postal/engine"
	"postal/mailer"
)

// Moves as phones write them play by mail (issue 28): an en dash, a
// capital and a full stop, a space for the sign.
func TestPhoneMoves(t *testing.T) {
	c := newClub(t, Options{})
	c.register("alice")
	c.register("bob")
	out := c.mail("alice@example.org", "game", "key "+c.keys["alice"]+"\nchallenge bob conflagration as first")
	out = c.replyTo(to(t, out, "bob@example.org"), "accept")
	latest := map[engine.Player]string{engine.First: "alice@example.org", engine.Second: "bob@example.org"}
	mails := map[string]mailer.Outbound{"alice@example.org": to(t, out, "alice@example.org")}
	for i, write := range []func(string) string{
		func(m string) string { return strings.Replace(strings.ToLower(m), "-", "–", 1) },
		func(m string) string { return m + "." },
		func(m string) string { return strings.ToLower(strings.Replace(m, "-", " ", 1)) },
	} {
		pos := positionOf(c, t, 1)
		side := pos.ToMove()[0]
		var move string
		for _, m := range pos.Legal(side) {
			if strings.Contains(m.String(), "-") {
				move = m.String()
				break
			}
		}
		who := latest[side]
		out = c.replyTo(mails[who], write(move))
		reply := to(t, out, who)
		moves := read(c, func(tx *archive.Tx) ([]archive.Move, error) { return tx.Moves(1) })
		if len(moves) != i+1 || moves[i].Text != move {
			t.Fatalf("%q by mail: moves %v; reply:\n%s", write(move), moves, reply.Text)
		}
		for _, m := range out {
			mails[m.To] = m
		}
	}
}
