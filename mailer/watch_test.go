package mailer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"

	"postal/mailer/demoserver"
)

// startDemo runs the in-process IMAP and SMTP servers on free ports.
func startDemo(t *testing.T) *demoserver.Server {
	t.Helper()
	srv, err := demoserver.Start(demoserver.Options{
		IMAPAddr: "127.0.0.1:0",
		SMTPAddr: "127.0.0.1:0",
		Logger:   testLogger(t),
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	return srv
}

// testLogger sends log lines to t.Log, so they show only for failing tests.
// Servers' goroutines may still log after the test ended, when t.Log must
// not be called: lines after the test's cleanup are dropped.
func testLogger(t *testing.T) *slog.Logger {
	w := &tWriter{t: t}
	t.Cleanup(func() { w.mu.Lock(); w.done = true; w.mu.Unlock() })
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

type tWriter struct {
	t    *testing.T
	mu   sync.Mutex
	done bool
}

func (w *tWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.done {
		w.t.Log(string(bytes.TrimRight(p, "\n")))
	}
	return len(p), nil
}

func testMessage(id, from, text string) []byte {
	return []byte(fmt.Sprintf("From: %s\r\nTo: postal@demo.test\r\nSubject: test %s\r\nMessage-ID: <%s>\r\n"+
		"Date: Sun, 22 Nov 2026 09:00:00 +0000\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n%s\r\n", from, id, id, text))
}

// recorder is a Handler that remembers what it was given and answers with
// the errors queued in fail (then nil).
type recorder struct {
	mu   sync.Mutex
	seen []string // Message-IDs, in handling order
	fail map[string][]error
	got  chan string
}

func newRecorder() *recorder {
	return &recorder{fail: map[string][]error{}, got: make(chan string, 100)}
}

func (r *recorder) handle(ctx context.Context, in *Inbound) error {
	r.mu.Lock()
	r.seen = append(r.seen, in.MessageID)
	var err error
	if errs := r.fail[in.MessageID]; len(errs) > 0 {
		err, r.fail[in.MessageID] = errs[0], errs[1:]
	}
	r.mu.Unlock()
	r.got <- in.MessageID
	return err
}

func (r *recorder) handled() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.seen)
}

// expect waits for the handler to be given the message id.
func (r *recorder) expect(t *testing.T, id string) {
	t.Helper()
	timeout := time.After(20 * time.Second)
	for {
		select {
		case got := <-r.got:
			if got == id {
				return
			}
		case <-timeout:
			t.Fatalf("handler never got %s; got %q", id, r.handled())
		}
	}
}

func runWatcher(t *testing.T, srv *demoserver.Server, opts WatchOptions, h Handler) {
	t.Helper()
	opts.Addr = srv.IMAPAddr
	opts.TLS = TLSNone
	opts.User = srv.Club
	opts.Password = "postal"
	opts.Logger = testLogger(t)
	opts.Parse = ParseOptions{OwnAddresses: []string{srv.Club}}
	if opts.BackoffMin == 0 {
		opts.BackoffMin = 10 * time.Millisecond
		opts.BackoffMax = 100 * time.Millisecond
	}
	w := NewWatcher(opts)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx, h) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run returned %v after cancel, want nil", err)
		}
	})
}

// waitFor polls cond until it holds; the deadline only guards against a
// hang, it measures nothing.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func count(t *testing.T, srv *demoserver.Server, mailbox string) int {
	t.Helper()
	n, err := srv.NumMessages(srv.Club, mailbox)
	if err != nil {
		return -1 // not created yet
	}
	return n
}

func deliver(t *testing.T, srv *demoserver.Server, raw []byte) {
	t.Helper()
	if err := srv.Deliver(srv.Club, raw); err != nil {
		t.Fatal(err)
	}
}

// TestWatcherIdle: the backlog is handled on start, and new mail is noticed
// through IDLE alone (the poll interval is an hour).
func TestWatcherIdle(t *testing.T) {
	srv := startDemo(t)
	deliver(t, srv, testMessage("backlog@demo.test", "alice@demo.test", "e4"))
	rec := newRecorder()
	runWatcher(t, srv, WatchOptions{Processed: "Processed", PollInterval: time.Hour, IdleRefresh: time.Hour}, rec.handle)

	rec.expect(t, "backlog@demo.test")
	waitFor(t, "backlog moved to Processed", func() bool { return count(t, srv, "Processed") == 1 })

	deliver(t, srv, testMessage("new@demo.test", "bob@demo.test", "e5"))
	rec.expect(t, "new@demo.test")
	waitFor(t, "INBOX empty, 2 processed", func() bool {
		return count(t, srv, "INBOX") == 0 && count(t, srv, "Processed") == 2
	})
	if got, want := rec.handled(), []string{"backlog@demo.test", "new@demo.test"}; !slices.Equal(got, want) {
		t.Errorf("handled %q, want %q (each exactly once)", got, want)
	}
}

// TestWatcherPoll: with IDLE disabled the watcher finds new mail by polling.
func TestWatcherPoll(t *testing.T) {
	srv := startDemo(t)
	rec := newRecorder()
	runWatcher(t, srv, WatchOptions{Processed: "Processed", DisableIdle: true, PollInterval: 20 * time.Millisecond}, rec.handle)
	waitFor(t, "Processed created", func() bool { return count(t, srv, "Processed") == 0 })
	deliver(t, srv, testMessage("polled@demo.test", "alice@demo.test", "e4"))
	rec.expect(t, "polled@demo.test")
	waitFor(t, "moved to Processed", func() bool { return count(t, srv, "Processed") == 1 && count(t, srv, "INBOX") == 0 })
}

// TestWatcherSeen: without a Processed mailbox, handled mail stays in the
// INBOX flagged \Seen and is never handed over again.
func TestWatcherSeen(t *testing.T) {
	srv := startDemo(t)
	deliver(t, srv, testMessage("one@demo.test", "alice@demo.test", "e4"))
	rec := newRecorder()
	runWatcher(t, srv, WatchOptions{}, rec.handle)
	rec.expect(t, "one@demo.test")
	deliver(t, srv, testMessage("two@demo.test", "alice@demo.test", "d4"))
	rec.expect(t, "two@demo.test")
	waitFor(t, "both seen", func() bool { return len(seenFlags(t, srv)) == 2 })
	if got := count(t, srv, "INBOX"); got != 2 {
		t.Errorf("INBOX has %d messages, want 2", got)
	}
	if got, want := rec.handled(), []string{"one@demo.test", "two@demo.test"}; !slices.Equal(got, want) {
		t.Errorf("handled %q, want %q", got, want)
	}
}

// seenFlags lists the UIDs of INBOX messages flagged \Seen, through a
// second IMAP connection.
func seenFlags(t *testing.T, srv *demoserver.Server) []imap.UID {
	t.Helper()
	c, err := dialIMAP(context.Background(), srv.IMAPAddr, TLSNone, nil, srv.Club, "postal", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.Select("INBOX", &imap.SelectOptions{ReadOnly: true}).Wait(); err != nil {
		t.Fatal(err)
	}
	data, err := c.UIDSearch(&imap.SearchCriteria{Flag: []imap.Flag{imap.FlagSeen}}, nil).Wait()
	if err != nil {
		t.Fatal(err)
	}
	return data.AllUIDs()
}

// TestWatcherFailed: a permanent handler error moves the message to the
// failed mailbox; a temporary one leaves it for a retry, which succeeds.
func TestWatcherFailed(t *testing.T) {
	srv := startDemo(t)
	rec := newRecorder()
	rec.fail["bad@demo.test"] = []error{fmt.Errorf("club: %w: no such game", ErrPermanent)}
	rec.fail["flaky@demo.test"] = []error{errors.New("database is locked"), errors.New("database is locked")}
	deliver(t, srv, testMessage("bad@demo.test", "alice@demo.test", "e4"))
	deliver(t, srv, testMessage("flaky@demo.test", "bob@demo.test", "e5"))
	runWatcher(t, srv, WatchOptions{Processed: "Processed", Failed: "Failed"}, rec.handle)

	waitFor(t, "bad in Failed, flaky in Processed", func() bool {
		return count(t, srv, "Failed") == 1 && count(t, srv, "Processed") == 1 && count(t, srv, "INBOX") == 0
	})
	n := 0
	for _, id := range rec.handled() {
		if id == "flaky@demo.test" {
			n++
		}
	}
	if n != 3 {
		t.Errorf("flaky message handled %d times, want 3 (two temporary failures, then success)", n)
	}
}

// TestWatcherReconnect: after the server drops the connection the watcher
// reconnects and handles mail that arrived meanwhile.
func TestWatcherReconnect(t *testing.T) {
	srv := startDemo(t)
	rec := newRecorder()
	runWatcher(t, srv, WatchOptions{Processed: "Processed", PollInterval: time.Hour, IdleRefresh: time.Hour}, rec.handle)
	deliver(t, srv, testMessage("before@demo.test", "alice@demo.test", "e4"))
	rec.expect(t, "before@demo.test")

	srv.DropConnections()
	deliver(t, srv, testMessage("after@demo.test", "bob@demo.test", "e5"))
	rec.expect(t, "after@demo.test")
	waitFor(t, "both processed", func() bool { return count(t, srv, "Processed") == 2 })
}

// TestWatcherWrongPassword keeps retrying (the password may be fixed on the
// server) and stops cleanly when cancelled.
func TestWatcherWrongPassword(t *testing.T) {
	srv := startDemo(t)
	w := NewWatcher(WatchOptions{Addr: srv.IMAPAddr, TLS: TLSNone, User: srv.Club, Password: "wrong",
		BackoffMin: time.Millisecond, BackoffMax: 5 * time.Millisecond, Logger: testLogger(t)})
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	called := false
	if err := w.Run(ctx, func(context.Context, *Inbound) error { called = true; return nil }); err != nil {
		t.Errorf("Run = %v, want nil after cancel", err)
	}
	if called {
		t.Error("handler called without a login")
	}
}

func TestWatcherRefusesPlainTextToRemote(t *testing.T) {
	w := NewWatcher(WatchOptions{Addr: "imap.example.org:143", TLS: TLSNone, User: "u", Password: "p"})
	err := w.Run(context.Background(), func(context.Context, *Inbound) error { return nil })
	if err == nil {
		t.Fatal("Run with TLS none to a remote host succeeded")
	}
}

// TestWatcherShutdownFinishesMessage: cancelling Run while a message is
// being handled lets the handler finish and the message be marked, so it is
// not handed over again after a restart.
func TestWatcherShutdownFinishesMessage(t *testing.T) {
	srv := startDemo(t)
	deliver(t, srv, testMessage("inflight@demo.test", "alice@demo.test", "e4"))
	started, release := make(chan struct{}), make(chan struct{})
	var handlerErr error
	w := NewWatcher(WatchOptions{Addr: srv.IMAPAddr, TLS: TLSNone, User: srv.Club, Password: "postal",
		Processed: "Processed", Logger: testLogger(t)})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- w.Run(ctx, func(hctx context.Context, in *Inbound) error {
			close(started)
			<-release
			handlerErr = hctx.Err() // the handler's context outlives the shutdown
			return nil
		})
	}()
	<-started
	cancel()
	close(release)
	if err := <-done; err != nil {
		t.Fatalf("Run = %v", err)
	}
	if handlerErr != nil {
		t.Errorf("handler context was cancelled with Run's: %v", handlerErr)
	}
	if n := count(t, srv, "Processed"); n != 1 {
		t.Errorf("Processed has %d messages after shutdown, want 1", n)
	}
}

// TestWatcherTooLarge: a message above MaxMessageBytes is moved to the
// failed mailbox without being fetched or handed over; the next one is.
func TestWatcherTooLarge(t *testing.T) {
	srv := startDemo(t)
	big := testMessage("big@demo.test", "alice@demo.test", string(bytes.Repeat([]byte("x"), 4096)))
	deliver(t, srv, big)
	deliver(t, srv, testMessage("small@demo.test", "alice@demo.test", "e4"))
	rec := newRecorder()
	runWatcher(t, srv, WatchOptions{Processed: "Processed", Failed: "Failed", MaxMessageBytes: 1024}, rec.handle)
	rec.expect(t, "small@demo.test")
	waitFor(t, "big in Failed", func() bool { return count(t, srv, "Failed") == 1 && count(t, srv, "Processed") == 1 })
	if got := rec.handled(); !slices.Equal(got, []string{"small@demo.test"}) {
		t.Errorf("handled %q, want only small@demo.test", got)
	}
}
