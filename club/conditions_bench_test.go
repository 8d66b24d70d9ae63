package club

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"postal/mailer"
)

// BenchmarkHandleMoveAnswered is BenchmarkHandleMove when the move is
// answered at once by one of eighteen conditional lines: the cost of the
// hook in commit and of the second move it plays, beside the plain move's.
func BenchmarkHandleMoveAnswered(b *testing.B) {
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		c := newClub(b, Options{})
		aliceMail, _ := c.start("pile=99")
		out := c.replyTo(aliceMail, "t1")
		bobMail := to(b, out, "bob@example.org")
		lines := []string{"t1"}
		for k := 0; k < 18; k++ {
			lines = append(lines, fmt.Sprintf("if t%d t2 t%d t2 t%d t2", 1+k%3, 1+k/3%3, 1+k/9))
		}
		out = c.replyTo(bobMail, strings.Join(lines, "\n"))
		aliceMail = to(b, out, "alice@example.org")
		if n := len(conditionLines(c, "bob")); n != 18 {
			b.Fatalf("%d lines kept", n)
		}
		in := &mailer.Inbound{MessageID: fmt.Sprintf("bench%d@client.test", i), From: "alice@example.org", Subject: "Re: " + aliceMail.Subject, Text: "t1", Recipients: []string{aliceMail.ReplyTo}}
		b.StartTimer()
		if err := c.s.Handle(context.Background(), in); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		if got := lastMoves(c, 2); got[1] != "t2" {
			b.Fatalf("not answered: %v", got)
		}
	}
}
