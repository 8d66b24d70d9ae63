package mailer

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"sync"
	"testing"
)

// Issue 24: two deliveries of one mail without Message-ID differ in the
// headers servers add on the way (Received, Return-Path, Delivered-To); the
// fallback ID hashes only what the sender wrote, so the second is the same
// message. A change the sender made is a different one.
func TestParseMessageNoMessageIDRedelivered(t *testing.T) {
	mail := "From: Mallory <m@evil.test>\r\nTo: postal@demo.test\r\nSubject: help\r\n\r\nhelp\r\n"
	first := "Return-Path: <m@evil.test>\r\nDelivered-To: postal@demo.test\r\nReceived: from mx by demo.test; Thu, 26 Nov 2026 09:00:00 +0000\r\n" + mail
	second := "Return-Path: <m@evil.test>\r\nDelivered-To: postal@demo.test\r\nReceived: from mx by demo.test; Thu, 26 Nov 2026 09:00:07 +0000\r\n" +
		"Received: from relay by mx; Thu, 26 Nov 2026 09:00:06 +0000\r\nAuthentication-Results: demo.test; dkim=none\r\n" + mail
	a, err := ParseMessage([]byte(first), demoOpts)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := ParseMessage([]byte(second), demoOpts)
	if a.MessageID != b.MessageID || !strings.HasPrefix(a.MessageID, "sha256:") {
		t.Errorf("one mail delivered twice: IDs %q and %q", a.MessageID, b.MessageID)
	}
	c, _ := ParseMessage([]byte(strings.Replace(second, "Subject: help", "Subject: help!", 1)), demoOpts)
	d, _ := ParseMessage([]byte(strings.Replace(second, "\r\n\r\nhelp", "\r\n\r\nhelp me", 1)), demoOpts)
	if c.MessageID == a.MessageID || d.MessageID == a.MessageID {
		t.Errorf("another subject or body, same ID %q", a.MessageID)
	}
}

// TestHeadersOnly: what the archive keeps of a message it does not keep
// whole: the header block and the body's hash.
func TestHeadersOnly(t *testing.T) {
	raw := []byte("From: a@b.test\r\nSubject: x\r\n\r\nbody\r\nmore\r\n")
	head, sum := HeadersOnly(raw)
	want := sha256.Sum256([]byte("body\r\nmore\r\n"))
	if string(head) != "From: a@b.test\r\nSubject: x\r\n\r\n" || sum != hex.EncodeToString(want[:]) {
		t.Errorf("HeadersOnly: %q %s", head, sum)
	}
	huge := append([]byte("Subject: "+strings.Repeat("x", 1<<20)+"\r\n\r\n"), "body"...)
	if head, _ := HeadersOnly(huge); len(head) != maxKeptHeader {
		t.Errorf("a 1 MiB header block is kept whole: %d bytes", len(head))
	}
}

// TestWatcherTooLargeToKeep: a message above MaxStoredBytes reaches the
// handler as its header block and the SHA-256 of its body, never read whole;
// without Message-ID it gets the ID a whole read would give it.
func TestWatcherTooLargeToKeep(t *testing.T) {
	srv := startDemo(t)
	body := strings.Repeat("help\r\n", 2000)
	big := testMessage("big@demo.test", "mallory@evil.test", body)
	noID := []byte("From: mallory@evil.test\r\nTo: postal@demo.test\r\nSubject: no id\r\n\r\n" + body)
	deliver(t, srv, big)
	deliver(t, srv, noID)
	var mu sync.Mutex
	var got []*Inbound
	handle := func(ctx context.Context, in *Inbound) error {
		mu.Lock()
		defer mu.Unlock()
		got = append(got, in)
		return nil
	}
	runWatcher(t, srv, WatchOptions{Processed: "Processed", MaxStoredBytes: 4096}, handle)
	waitFor(t, "both handed over", func() bool { mu.Lock(); defer mu.Unlock(); return len(got) == 2 })
	in := got[0]
	head, sum := HeadersOnly(big)
	switch {
	case !in.TooLarge || in.Text != "" || in.Size != int64(len(big)):
		t.Errorf("too large %v, text %q, size %d of %d", in.TooLarge, in.Text, in.Size, len(big))
	case !bytes.Equal(in.Raw, head) || in.BodySHA256 != sum:
		t.Errorf("kept %q, body hash %s; want the header block and %s", in.Raw, in.BodySHA256, sum)
	case in.MessageID != "big@demo.test" || in.From != "mallory@evil.test":
		t.Errorf("Message-ID %q, From %q", in.MessageID, in.From)
	}
	whole, _ := ParseMessage(noID, demoOpts)
	if got[1].MessageID != whole.MessageID {
		t.Errorf("without Message-ID: %q, a whole read gives %q", got[1].MessageID, whole.MessageID)
	}
}
