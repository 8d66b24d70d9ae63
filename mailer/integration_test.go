//go:build integration

package mailer

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"

	"postal/mailer/dovecot"
)

// The tests in this file run against a real Dovecot: make test-integration
// (go test -tags integration -run Integration ./...). Without dovecot they
// skip, unless CI=true.

func dovecotCount(t *testing.T, d *dovecot.Server, mailbox string) int {
	t.Helper()
	c, err := dialIMAP(context.Background(), d.IMAPAddr, TLSNone, nil, "postal@demo.test", "postal", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if l, err := c.List("", "", nil).Collect(); err == nil && len(l) > 0 && l[0].Delim != 0 {
		mailbox = strings.ReplaceAll(mailbox, "/", string(l[0].Delim))
	}
	st, err := c.Status(mailbox, &imap.StatusOptions{NumMessages: true}).Wait()
	if err != nil {
		return -1
	}
	return int(*st.NumMessages)
}

func runDovecotWatcher(t *testing.T, d *dovecot.Server, opts WatchOptions, h Handler) {
	t.Helper()
	opts.Addr, opts.TLS, opts.User, opts.Password = d.IMAPAddr, TLSNone, "postal@demo.test", "postal"
	opts.Logger = testLogger(t)
	opts.BackoffMin, opts.BackoffMax = 10*time.Millisecond, 100*time.Millisecond
	opts.Parse = ParseOptions{OwnAddresses: []string{"postal@demo.test"}}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- NewWatcher(opts).Run(ctx, h) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run = %v after cancel", err)
		}
	})
}

// TestIntegrationDovecotIdle: mail delivered by LMTP, to a plus-address,
// reaches the handler through IDLE and is moved to the processed mailbox;
// a refused message goes to the failed mailbox.
func TestIntegrationDovecotIdle(t *testing.T) {
	d := dovecot.StartTest(t, dovecot.Options{Users: map[string]string{"postal@demo.test": "postal", "alice@demo.test": "alice"}})
	ctx := context.Background()
	if err := d.Deliver(ctx, "alice@demo.test", []string{"postal@demo.test"}, testMessage("early@demo.test", "alice@demo.test", "e4")); err != nil {
		t.Fatal(err)
	}
	rec := newRecorder()
	rec.fail["refused@demo.test"] = []error{fmt.Errorf("club: %w: unknown game", ErrPermanent)}
	runDovecotWatcher(t, d, WatchOptions{Processed: "postal/processed", Failed: "postal/failed", PollInterval: time.Hour, IdleRefresh: time.Hour}, rec.handle)
	rec.expect(t, "early@demo.test")

	if err := d.Deliver(ctx, "alice@demo.test", []string{"postal+g42@demo.test"}, testMessage("idle@demo.test", "alice@demo.test", "d4")); err != nil {
		t.Fatal(err)
	}
	rec.expect(t, "idle@demo.test")
	if err := d.Deliver(ctx, "alice@demo.test", []string{"postal@demo.test"}, testMessage("refused@demo.test", "alice@demo.test", "c4")); err != nil {
		t.Fatal(err)
	}
	rec.expect(t, "refused@demo.test")
	waitFor(t, "INBOX empty, 2 processed, 1 failed", func() bool {
		return dovecotCount(t, d, "INBOX") == 0 && dovecotCount(t, d, "postal/processed") == 2 && dovecotCount(t, d, "postal/failed") == 1
	})
	if got, want := rec.handled(), []string{"early@demo.test", "idle@demo.test", "refused@demo.test"}; !slices.Equal(got, want) {
		t.Errorf("handled %q, want %q", got, want)
	}
}

// TestIntegrationDovecotSeenPolling: polling mode with \Seen marking against
// Dovecot; a bounce delivered with an empty envelope sender is handed over
// with NoReply set.
func TestIntegrationDovecotSeenPolling(t *testing.T) {
	d := dovecot.StartTest(t, dovecot.Options{})
	ctx := context.Background()
	got := make(chan *Inbound, 10)
	runDovecotWatcher(t, d, WatchOptions{DisableIdle: true, PollInterval: 20 * time.Millisecond}, func(ctx context.Context, in *Inbound) error {
		got <- in
		return nil
	})
	if err := d.Deliver(ctx, "", []string{"postal@demo.test"}, testMessage("bounce@demo.test", "mailer-daemon@mx.example.org", "undeliverable")); err != nil {
		t.Fatal(err)
	}
	select {
	case in := <-got:
		if in.MessageID != "bounce@demo.test" || in.NoReply == "" {
			t.Errorf("got %s with NoReply %q, want bounce@demo.test with NoReply set", in.MessageID, in.NoReply)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("bounce never handed over")
	}
	waitFor(t, "message seen", func() bool {
		c, err := dialIMAP(ctx, d.IMAPAddr, TLSNone, nil, "postal@demo.test", "postal", nil)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		if _, err := c.Select("INBOX", &imap.SelectOptions{ReadOnly: true}).Wait(); err != nil {
			t.Fatal(err)
		}
		data, err := c.UIDSearch(&imap.SearchCriteria{Flag: []imap.Flag{imap.FlagSeen}}, nil).Wait()
		return err == nil && len(data.AllUIDs()) == 1
	})
}
