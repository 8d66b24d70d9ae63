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
	in := &mailer.Inbound{MessageID: "1@example.org", From: "alice@example.org", Subject: "hello", Text: "register Alice\nstatus"}
	if err := s.Handle(ctx, in); err != nil {
		log.Fatal(err)
	}
	// The reply waits in the outbox for the sender.
	due, _ := db.Due(ctx, time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC), 10)
	for _, q := range due {
		msg, err := mailer.LoadOutbound(q.Mail.Message, q.Mail.Files)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println("To:", msg.To)
		fmt.Println("Reply-To has a token:", strings.HasPrefix(msg.ReplyTo, "postal+"))
		for _, line := range strings.Split(msg.Text, "\n") {
			if strings.HasPrefix(line, "> ") || strings.HasPrefix(line, "registered") || strings.HasPrefix(line, "status") {
				fmt.Println(line)
			}
		}
	}
	// Output:
	// To: alice@example.org
	// Reply-To has a token: true
	// > register Alice
	// registered as alice
	// > status
	// status of alice
}
