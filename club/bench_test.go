package club

import (
	"context"
	"fmt"
	"testing"

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
