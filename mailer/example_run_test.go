package mailer_test

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"postal/mailer"
	"postal/mailer/demoserver"
)

// Example wires the demo servers, a sender and a watcher: Alice's move goes
// out by SMTP, lands in the club's INBOX, and the watcher hands it to the
// handler, then moves it to the Processed mailbox.
func Example() {
	quiet := slog.New(slog.DiscardHandler)
	srv, err := demoserver.Start(demoserver.Options{IMAPAddr: "127.0.0.1:0", SMTPAddr: "127.0.0.1:0", Logger: quiet})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer srv.Close()

	// Alice's mail client.
	alice := mailer.NewSender(mailer.SendOptions{Addr: srv.SMTPAddr, TLS: mailer.TLSNone,
		User: "alice@demo.test", Password: "alice", Logger: quiet})
	err = alice.Send(context.Background(), mailer.Outbound{
		From: "alice@demo.test", To: "postal+g42@demo.test", Subject: "Re: Game 42",
		MessageID: "alice-1@demo.test", Text: "e4\n\n> Your move, Alice.\n",
	})
	if err != nil {
		fmt.Println(err)
		return
	}

	// The club's side.
	w := mailer.NewWatcher(mailer.WatchOptions{
		Addr: srv.IMAPAddr, TLS: mailer.TLSNone, User: srv.Club, Password: "postal",
		Processed: "Processed", Parse: mailer.ParseOptions{OwnAddresses: []string{srv.Club}}, Logger: quiet,
	})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	w.Run(ctx, func(ctx context.Context, in *mailer.Inbound) error {
		fmt.Printf("%s to %v: %q\n", in.From, in.Recipients, in.Text)
		cancel() // one message is enough for the example
		return nil
	})
	n, _ := srv.NumMessages(srv.Club, "Processed")
	fmt.Println("processed:", n)
	// Output:
	// alice@demo.test to [postal+g42@demo.test]: "e4"
	// processed: 1
}
