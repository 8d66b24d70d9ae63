package club_test

import (
	"context"
	"fmt"
	"log"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"postal/archive"
	"postal/club"
	"postal/mailer"
)

func ExampleService_Handle() {
	ctx := context.Background()
	dir, _ := os.MkdirTemp("", "postal-example")
	defer os.RemoveAll(dir)
	db, err := archive.Open(ctx, filepath.Join(dir, "postal.db"))
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()
	s, err := club.New(db, club.Options{
		Address: "postal@demo.test",
		Now:     func() time.Time { return time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC) },
		Log:     slog.New(slog.DiscardHandler),
	})
	if err != nil {
		log.Fatal(err)
	}
	// A registration asks for a reply from the address; the reply, to the
	// answer's Reply-To, makes the player.
	in := &mailer.Inbound{MessageID: "1@example.org", From: "alice@example.org", Subject: "hello", Text: "register Alice"}
	if err := s.Handle(ctx, in); err != nil {
		log.Fatal(err)
	}
	answer := outbox(ctx, db, 0)[0]
	fmt.Println(strings.SplitN(answer.Text, "\n", 2)[0])
	in = &mailer.Inbound{MessageID: "2@example.org", From: "alice@example.org", Subject: "Re: hello", Text: "yes", Recipients: []string{answer.ReplyTo}}
	if err := s.Handle(ctx, in); err != nil {
		log.Fatal(err)
	}
	// The welcome waits in the outbox for the sender.
	welcome := outbox(ctx, db, 1)[0]
	fmt.Println("To:", welcome.To)
	fmt.Println("Reply-To has a token:", strings.HasPrefix(welcome.ReplyTo, "postal+"))
	for _, line := range strings.Split(welcome.Text, "\n") {
		if strings.HasPrefix(line, "registered") || strings.HasPrefix(line, "Welcome") {
			fmt.Println(line)
		}
	}
	// Output:
	// postal, the correspondence games club at postal@demo.test, was asked to
	// To: alice@example.org
	// Reply-To has a token: true
	// Welcome to postal, alice: alice@example.org now plays as alice.
	// registered as alice
}

// outbox reads the mails waiting in db's outbox, from the one after skip.
func outbox(ctx context.Context, db *archive.DB, skip int) []mailer.Outbound {
	due, err := db.Due(ctx, time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC), 10)
	if err != nil {
		log.Fatal(err)
	}
	var out []mailer.Outbound
	for _, q := range due[skip:] {
		msg, err := mailer.LoadOutbound(q.Mail.Message, q.Mail.Files)
		if err != nil {
			log.Fatal(err)
		}
		out = append(out, msg)
	}
	return out
}
