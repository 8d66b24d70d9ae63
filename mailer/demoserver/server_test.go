package demoserver

import (
	"errors"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

func start(t *testing.T, opts Options) *Server {
	t.Helper()
	opts.IMAPAddr, opts.SMTPAddr = "127.0.0.1:0", "127.0.0.1:0"
	opts.Logger = slog.New(slog.DiscardHandler)
	s, err := Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func submit(t *testing.T, s *Server, user, password, from string, to []string, body string) error {
	t.Helper()
	c, err := smtp.Dial(s.SMTPAddr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if user != "" {
		if err := c.Auth(sasl.NewPlainClient("", user, password)); err != nil {
			return err
		}
	}
	return c.SendMail(from, to, strings.NewReader(body))
}

// TestSubmissionDelivers: mail submitted by SMTP lands in the INBOX of each
// addressee, plus-addresses included, with the envelope sender recorded.
func TestSubmissionDelivers(t *testing.T) {
	s := start(t, Options{ClubPassword: "secret"})
	body := "From: alice@demo.test\r\nTo: postal+g42@demo.test\r\nSubject: e4\r\n\r\ne4\r\n"
	if err := submit(t, s, "alice", "alice", "alice@demo.test", []string{"Postal+g42@Demo.Test", "bob@demo.test"}, body); err != nil {
		t.Fatal(err)
	}
	for addr, want := range map[string]int{"postal@demo.test": 1, "bob@demo.test": 1, "carol@demo.test": 0, "alice@demo.test": 0} {
		if n, err := s.NumMessages(addr, "INBOX"); err != nil || n != want {
			t.Errorf("%s INBOX: %d messages (err %v), want %d", addr, n, err, want)
		}
	}

	// The club reads its mail by IMAP with its configured password.
	c, err := imapclient.DialInsecure(s.IMAPAddr, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Login("postal", "postal").Wait(); err == nil {
		t.Error("club login with the default password succeeded although ClubPassword is set")
	}
	if err := c.Login("postal@demo.test", "secret").Wait(); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Select("INBOX", nil).Wait(); err != nil {
		t.Fatal(err)
	}
	var all imap.SeqSet
	all.AddNum(1)
	sec := &imap.FetchItemBodySection{Peek: true}
	msgs, err := c.Fetch(all, &imap.FetchOptions{BodySection: []*imap.FetchItemBodySection{sec}}).Collect()
	if err != nil || len(msgs) != 1 {
		t.Fatalf("fetch: %v, %d messages", err, len(msgs))
	}
	raw := string(msgs[0].FindBodySection(sec))
	if !strings.HasPrefix(raw, "Return-Path: <alice@demo.test>\r\n") || !strings.HasSuffix(raw, "\r\ne4\r\n") {
		t.Errorf("delivered message:\n%s", raw)
	}
}

// TestDeliveredHook: Delivered sees each message as it lands, once per
// mailbox it lands in, by the account's address (a plus-address lands in
// its account's).
func TestDeliveredHook(t *testing.T) {
	var mu sync.Mutex
	got := map[string]string{}
	s := start(t, Options{Delivered: func(addr string, raw []byte, at time.Time) {
		mu.Lock()
		defer mu.Unlock()
		got[addr] += string(raw)
	}})
	body := "From: alice@demo.test\r\nTo: postal+g42@demo.test\r\nSubject: e4\r\n\r\ne4\r\n"
	if err := submit(t, s, "alice", "alice", "alice@demo.test", []string{"postal+g42@demo.test", "bob@demo.test"}, body); err != nil {
		t.Fatal(err)
	}
	if err := s.Deliver("carol@demo.test", []byte(body)); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	for _, addr := range []string{"postal@demo.test", "bob@demo.test", "carol@demo.test"} {
		if !strings.HasSuffix(got[addr], body) || strings.Count(got[addr], "Subject: e4") != 1 {
			t.Errorf("%s: the hook saw %q", addr, got[addr])
		}
	}
	if len(got) != 3 {
		t.Errorf("the hook saw mail for %d mailboxes, want 3: %v", len(got), got)
	}
}

func TestSubmissionRefusals(t *testing.T) {
	s := start(t, Options{})
	body := "Subject: x\r\n\r\nx\r\n"
	if err := submit(t, s, "", "", "alice@demo.test", []string{"bob@demo.test"}, body); err == nil {
		t.Error("unauthenticated submission accepted")
	}
	if err := submit(t, s, "alice", "bob", "alice@demo.test", []string{"bob@demo.test"}, body); err == nil {
		t.Error("wrong password accepted")
	}
	err := submit(t, s, "alice", "alice", "alice@demo.test", []string{"nobody@elsewhere.test"}, body)
	var se *smtp.SMTPError
	if !errors.As(err, &se) || se.Code != 554 || se.EnhancedCode != (smtp.EnhancedCode{5, 7, 1}) || !strings.Contains(se.Message, "Relay access denied") {
		t.Errorf("a recipient of another domain: %v, want 554 5.7.1 Relay access denied", err)
	}
	for _, bad := range []string{"-x@demo.test", "a!b@demo.test"} {
		if err := submit(t, s, "alice", "alice", "alice@demo.test", []string{bad}, body); !errors.As(err, &se) || se.Code != 550 {
			t.Errorf("recipient %q, no name: %v, want a 550", bad, err)
		}
	}
	s.FailNext(1)
	err = submit(t, s, "alice", "alice", "alice@demo.test", []string{"bob@demo.test"}, body)
	if !errors.As(err, &se) || se.Code != 451 {
		t.Errorf("FailNext: %v, want a 451", err)
	}
	if err := submit(t, s, "alice", "alice", "alice@demo.test", []string{"bob@demo.test"}, body); err != nil {
		t.Errorf("after FailNext(1) ran out: %v", err)
	}
	if n, _ := s.NumMessages("bob", "INBOX"); n != 1 {
		t.Errorf("bob has %d messages, want 1", n)
	}
}

func TestStartRefusesNonLoopback(t *testing.T) {
	_, err := Start(Options{IMAPAddr: "0.0.0.0:0", SMTPAddr: "127.0.0.1:0", Logger: slog.New(slog.DiscardHandler)})
	if err == nil || !strings.Contains(err.Error(), "loopback") {
		t.Errorf("Start on 0.0.0.0: %v, want a loopback error", err)
	}
}

func TestAddresses(t *testing.T) {
	s := start(t, Options{Players: []string{"zed", "amy"}})
	got := strings.Join(s.Addresses(), " ")
	if want := "postal@demo.test amy@demo.test zed@demo.test"; got != want {
		t.Errorf("Addresses() = %q, want %q", got, want)
	}
}

// Issue 37: any name of the demo's domain is a user, made on first use,
// its password the name: a friend invited by mail has a mailbox to read,
// and can log in as themselves, and only as themselves.
func TestAnyNameIsAUser(t *testing.T) {
	s := start(t, Options{})
	body := "Subject: hello\r\n\r\nhello\r\n"
	if err := submit(t, s, "alice", "alice", "alice@demo.test", []string{"zoe@demo.test", "yann+x@demo.test"}, body); err != nil {
		t.Fatalf("mail to new names: %v", err)
	}
	for _, who := range []string{"zoe", "yann"} {
		if n, err := s.NumMessages(who, "INBOX"); err != nil || n != 1 {
			t.Errorf("%s has %d messages (%v), want 1", who, n, err)
		}
	}
	if err := submit(t, s, "walt", "walt", "walt@demo.test", []string{"zoe@demo.test"}, body); err != nil {
		t.Errorf("a new name logs in with itself as password and sends: %v", err)
	}
	if err := submit(t, s, "zoe", "alice", "zoe@demo.test", []string{"alice@demo.test"}, body); err == nil {
		t.Error("zoe logged in with alice's password")
	}
	c, err := imapclient.DialInsecure(s.IMAPAddr, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Login("zoe", "zoe").Wait(); err != nil {
		t.Fatalf("zoe's IMAP login: %v", err)
	}
	if got := strings.Join(s.Addresses(), " "); !strings.Contains(got, "zoe@demo.test") || !strings.Contains(got, "walt@demo.test") {
		t.Errorf("Addresses() = %s", got)
	}
}

// With SetRelay, mail for another domain is taken and kept, not delivered
// to any mailbox; the demo's own recipients still get theirs.
func TestRelayKeepsMailForOtherDomains(t *testing.T) {
	s := start(t, Options{})
	s.SetRelay(true)
	body := "Subject: out\r\n\r\nout\r\n"
	if err := submit(t, s, "alice", "alice", "alice@demo.test", []string{"someone@elsewhere.test", "bob@demo.test"}, body); err != nil {
		t.Fatal(err)
	}
	got := s.Relayed()
	if len(got) != 1 || got[0].To != "someone@elsewhere.test" || got[0].From != "alice@demo.test" || !strings.HasSuffix(string(got[0].Raw), body) {
		t.Errorf("relayed: %+v", got)
	}
	if n, err := s.NumMessages("bob@demo.test", "INBOX"); err != nil || n != 1 {
		t.Errorf("bob's INBOX holds %d (%v), want 1", n, err)
	}
	s.SetRelay(false)
	if err := submit(t, s, "alice", "alice", "alice@demo.test", []string{"someone@elsewhere.test"}, body); err == nil {
		t.Error("relay taken after SetRelay(false)")
	}
}
