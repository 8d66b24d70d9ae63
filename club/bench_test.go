package club

import (
	"context"
	"fmt"
	"testing"
	"time"

	"postal/archive/archivegen"
	"postal/mailer"
)

// BenchmarkHandleMove measures one move mail: the transaction, the engine,
// two boards drawn (SVG and PNG) and two mails rendered into the outbox.
func BenchmarkHandleMove(b *testing.B) {
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		c := newClub(b, Options{})
		aliceMail, _ := c.start("pile=99")
		in := &mailer.Inbound{MessageID: fmt.Sprintf("bench%d@client.test", i), From: "alice@example.org", Subject: "Re: " + aliceMail.Subject, Text: "t1", Recipients: []string{aliceMail.ReplyTo}}
		b.StartTimer()
		if err := c.s.Handle(context.Background(), in); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMoveInALargeClub measures what the daemon does for one move by
// mail in a club with 100, 1,000 and 10,000 other games in progress: the
// move's transaction and the clock pass after it (issue 27: its cost must
// not grow with the games in progress). It reports the game rows read a
// move besides the time.
func BenchmarkMoveInALargeClub(b *testing.B) {
	for _, others := range []int{100, 1000, 10000} {
		b.Run(fmt.Sprintf("in-progress=%d", others), func(b *testing.B) {
			c := newClub(b, Options{CatchUp: 1 << 30})
			_, err := archivegen.Generate(context.Background(), c.db, archivegen.Options{Active: others, Games: []string{"conflagration"}, MaxPlies: 12, Seed: 1,
				Start: c.now.Add(-30 * 24 * time.Hour), Deadline: c.now.Add(72 * time.Hour)})
			if err != nil {
				b.Fatal(err)
			}
			c.tick()
			c.register("alice")
			c.register("bob")
			out := c.mail("alice@example.org", "new game", "key "+c.keys["alice"]+"\nchallenge bob takeaway pile=400 as first")
			out = c.replyTo(to(b, out, "bob@example.org"), "accept")
			tokens := [2]string{to(b, out, "alice@example.org").ReplyTo, to(b, out, "bob@example.org").ReplyTo}
			c.tick()
			reads := c.db.GamesRead()
			i := 0
			for b.Loop() {
				who := []string{"alice", "bob"}[i%2]
				in := &mailer.Inbound{MessageID: fmt.Sprintf("large%d@client.test", i), From: who + "@example.org", Subject: "Re: game", Text: "t1", Recipients: []string{tokens[i%2]}}
				c.now = c.now.Add(time.Minute)
				if err := c.s.Handle(context.Background(), in); err != nil {
					b.Fatal(err)
				}
				if _, _, err := c.s.Tick(context.Background()); err != nil {
					b.Fatal(err)
				}
				i++
			}
			b.ReportMetric(float64(c.db.GamesRead()-reads)/float64(i), "games-read/op")
		})
	}
}
