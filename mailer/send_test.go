package mailer

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"io"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-message"

	"postal/mailer/demoserver"
)

// memQueue is an in-memory Queue, a test double of the archive's SQLite
// outbox with the same contract.
type memQueue struct {
	mu     sync.Mutex
	rows   []*memRow
	onSent func(id int64) // called before Sent records, to check the order of events
}

type memRow struct {
	Queued
	due      time.Time
	sentAt   time.Time
	gaveUp   bool
	failures []string
}

func (q *memQueue) add(m Outbound, due time.Time) int64 {
	q.mu.Lock()
	defer q.mu.Unlock()
	id := int64(len(q.rows) + 1)
	q.rows = append(q.rows, &memRow{Queued: Queued{ID: id, Msg: m}, due: due})
	return id
}

func (q *memQueue) row(id int64) memRow {
	q.mu.Lock()
	defer q.mu.Unlock()
	r := *q.rows[id-1]
	r.failures = slices.Clone(r.failures)
	return r
}

func (q *memQueue) pending(r *memRow) bool { return r.sentAt.IsZero() && !r.gaveUp }

func (q *memQueue) Due(ctx context.Context, now time.Time, limit int) ([]Queued, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	var out []Queued
	for _, r := range q.rows {
		if q.pending(r) && !r.due.After(now) && len(out) < limit {
			out = append(out, r.Queued)
		}
	}
	return out, nil
}

func (q *memQueue) Sent(ctx context.Context, id int64, at time.Time) error {
	if q.onSent != nil {
		q.onSent(id)
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	q.rows[id-1].sentAt = at
	return nil
}

func (q *memQueue) Retry(ctx context.Context, id int64, failure string, retryAt time.Time) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	r := q.rows[id-1]
	r.Attempts++
	r.failures = append(r.failures, failure)
	if retryAt.IsZero() {
		r.gaveUp = true
	}
	r.due = retryAt
	return nil
}

func (q *memQueue) NextDue(ctx context.Context) (time.Time, bool, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	var at time.Time
	ok := false
	for _, r := range q.rows {
		if q.pending(r) && (!ok || r.due.Before(at)) {
			at, ok = r.due, true
		}
	}
	return at, ok, nil
}

func runSender(t *testing.T, srv *demoserver.Server, q Queue) *Sender {
	t.Helper()
	s := NewSender(SendOptions{
		Addr: srv.SMTPAddr, TLS: TLSNone, User: srv.Club, Password: "postal", HELO: "postal.test",
		BackoffMin: 10 * time.Millisecond, BackoffMax: 50 * time.Millisecond, Logger: testLogger(t),
	})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx, q) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run returned %v after cancel, want nil", err)
		}
	})
	return s
}

func testPNG(t testing.TB) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 8, 8))
	for i := range 8 {
		img.Set(i, i, color.Black)
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

const testSVG = `<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>`

func boardReply(t testing.TB, to string) Outbound {
	return Outbound{
		From:       "postal@demo.test",
		To:         to,
		ReplyTo:    "postal+g42@demo.test",
		Subject:    "[postal] Game 42: your move ♞",
		MessageID:  "postal-42-8@demo.test",
		InReplyTo:  "reply-1@demo.test",
		References: []string{"postal-42-7@demo.test", "reply-1@demo.test"},
		Text:       "Bob played e5.\nYour move, Alice.",
		HTML:       `<p>Bob played e5.</p><img src="cid:board" alt="board"><p>Your move, Alice.</p>`,
		Inline:     []Attachment{{Name: "board.png", ContentType: "image/png", ContentID: "board", Data: testPNG(t)}},
		Attachments: []Attachment{
			{Name: "board.svg", ContentType: "image/svg+xml", Data: []byte(testSVG)},
			{Name: "game-42.pgn", ContentType: "text/plain", Data: []byte("[Game \"conflagration\"]\n\n1. e4 e5 *\n")},
		},
		Headers: map[string]string{"Auto-Submitted": "auto-replied"},
	}
}

// fetchAll returns every message in the INBOX of addr, through IMAP.
func fetchAll(t *testing.T, srv *demoserver.Server, addr, password string) [][]byte {
	t.Helper()
	c, err := dialIMAP(context.Background(), srv.IMAPAddr, TLSNone, nil, addr, password, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.Select("INBOX", nil).Wait(); err != nil {
		t.Fatal(err)
	}
	var all imap.SeqSet
	all.AddRange(1, 0)
	bufs, err := c.Fetch(all, &imap.FetchOptions{BodySection: []*imap.FetchItemBodySection{bodySection}}).Collect()
	if err != nil {
		t.Fatal(err)
	}
	var out [][]byte
	for _, b := range bufs {
		out = append(out, b.FindBodySection(bodySection))
	}
	return out
}

// mimeTree describes the MIME structure of e, e.g.
// "multipart/mixed[text/plain image/png]", and collects the leaf parts.
func mimeTree(t *testing.T, e *message.Entity, leaves map[string]*leaf) string {
	t.Helper()
	typ, params, _ := e.Header.ContentType()
	if mr := e.MultipartReader(); mr != nil {
		var kids []string
		for {
			p, err := mr.NextPart()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("reading %s: %v", typ, err)
			}
			kids = append(kids, mimeTree(t, p, leaves))
		}
		return typ + "[" + strings.Join(kids, " ") + "]"
	}
	body, err := io.ReadAll(e.Body)
	if err != nil {
		t.Fatalf("reading %s: %v", typ, err)
	}
	_, dparams, _ := e.Header.ContentDisposition()
	name := dparams["filename"]
	if name == "" {
		name = params["name"]
	}
	if name == "" {
		name = typ
	}
	leaves[name] = &leaf{typ: typ, header: e.Header, body: body}
	return typ
}

type leaf struct {
	typ    string
	header message.Header
	body   []byte
}

// TestSenderDelivers: a reply with text, HTML, an inline PNG and
// attachments arrives with the right MIME structure and headers, and the
// row is marked sent only once the server has it.
func TestSenderDelivers(t *testing.T) {
	srv := startDemo(t)
	q := &memQueue{}
	q.onSent = func(id int64) {
		if n, _ := srv.NumMessages("alice@demo.test", "INBOX"); n != 1 {
			t.Errorf("Sent(%d) recorded while alice's INBOX holds %d messages", id, n)
		}
	}
	s := runSender(t, srv, q)
	// The queue was empty when Run started: only Wake makes it look again.
	want := boardReply(t, "alice@demo.test")
	id := q.add(want, time.Now())
	s.Wake()
	waitFor(t, "row sent", func() bool { return !q.row(id).sentAt.IsZero() })

	msgs := fetchAll(t, srv, "alice", "alice")
	if len(msgs) != 1 {
		t.Fatalf("alice has %d messages, want 1", len(msgs))
	}
	ent, err := message.Read(bytes.NewReader(msgs[0]))
	if err != nil {
		t.Fatal(err)
	}
	h := ent.Header
	for k, v := range map[string]string{
		"Message-Id":     "<postal-42-8@demo.test>",
		"In-Reply-To":    "<reply-1@demo.test>",
		"References":     "<postal-42-7@demo.test> <reply-1@demo.test>",
		"Auto-Submitted": "auto-replied",
		"Return-Path":    "<postal@demo.test>",
	} {
		if got := h.Get(k); got != v {
			t.Errorf("%s = %q, want %q", k, got, v)
		}
	}
	if got := h.Get("Reply-To"); !strings.Contains(got, "postal+g42@demo.test") {
		t.Errorf("Reply-To = %q", got)
	}
	if subj, _ := h.Text("Subject"); subj != want.Subject {
		t.Errorf("Subject = %q, want %q", subj, want.Subject)
	}

	leaves := map[string]*leaf{}
	tree := mimeTree(t, ent, leaves)
	const wantTree = "multipart/mixed[multipart/related[multipart/alternative[text/plain text/html] image/png] image/svg+xml text/plain]"
	if tree != wantTree {
		t.Errorf("MIME structure\n got %s\nwant %s", tree, wantTree)
	}
	if l := leaves["text/plain"]; l == nil || strings.TrimSpace(strings.ReplaceAll(string(l.body), "\r\n", "\n")) != want.Text {
		t.Errorf("text part = %+v", l)
	}
	if l := leaves["text/html"]; l == nil || !strings.Contains(string(l.body), `src="cid:board"`) {
		t.Errorf("html part lacks the cid reference: %v", l)
	}
	if l := leaves["board.png"]; l == nil || !bytes.Equal(l.body, want.Inline[0].Data) || l.header.Get("Content-Id") != "<board>" {
		t.Errorf("inline PNG wrong: %+v", l)
	} else if _, err := png.Decode(bytes.NewReader(l.body)); err != nil {
		t.Errorf("inline PNG does not decode: %v", err)
	}
	if l := leaves["board.svg"]; l == nil || string(l.body) != testSVG {
		t.Errorf("SVG attachment wrong: %+v", l)
	} else if d, _, _ := l.header.ContentDisposition(); d != "attachment" {
		t.Errorf("SVG disposition %q, want attachment", d)
	}
	if l := leaves["game-42.pgn"]; l == nil || !strings.Contains(string(l.body), "1. e4 e5") {
		t.Errorf("record attachment wrong: %+v", l)
	}

	// postal's own reply, were it to come back, is never answered.
	in, err := ParseMessage(msgs[0], ParseOptions{OwnAddresses: []string{"postal@demo.test"}})
	if err != nil {
		t.Fatal(err)
	}
	if in.NoReply == "" || in.Text != want.Text {
		t.Errorf("parsed back: NoReply %q, Text %q", in.NoReply, in.Text)
	}
}

// TestSenderRetries: temporary SMTP failures (451) are retried with backoff
// and the message is delivered exactly once.
func TestSenderRetries(t *testing.T) {
	srv := startDemo(t)
	srv.FailNext(2)
	q := &memQueue{}
	id := q.add(boardReply(t, "bob@demo.test"), time.Now())
	runSender(t, srv, q)
	waitFor(t, "row sent", func() bool { return !q.row(id).sentAt.IsZero() })
	r := q.row(id)
	if r.Attempts != 2 || len(r.failures) != 2 || !strings.Contains(r.failures[0], "451") {
		t.Errorf("attempts %d, failures %q; want two 451 failures", r.Attempts, r.failures)
	}
	if n, _ := srv.NumMessages("bob@demo.test", "INBOX"); n != 1 {
		t.Errorf("bob has %d messages, want exactly 1", n)
	}
}

// TestSenderPermanentFailure: a 5xx rejection gives up at once and never
// records the row as sent.
func TestSenderPermanentFailure(t *testing.T) {
	srv := startDemo(t)
	q := &memQueue{}
	q.onSent = func(id int64) { t.Errorf("Sent(%d) for a rejected message", id) }
	// The demo takes any name of its own domain (issue 37), and refuses
	// relay to another: 554, permanent.
	id := q.add(boardReply(t, "nobody@elsewhere.test"), time.Now())
	runSender(t, srv, q)
	waitFor(t, "row given up", func() bool { return q.row(id).gaveUp })
	if r := q.row(id); r.Attempts != 1 || !strings.Contains(r.failures[0], "554") {
		t.Errorf("attempts %d, failures %q; want one 554", r.Attempts, r.failures)
	}
}

// TestSenderWaitsForDue: a row due later is not sent before its time.
func TestSenderWaitsForDue(t *testing.T) {
	srv := startDemo(t)
	q := &memQueue{}
	later := q.add(boardReply(t, "carol@demo.test"), time.Now().Add(time.Hour))
	now := q.add(boardReply(t, "alice@demo.test"), time.Now())
	runSender(t, srv, q)
	waitFor(t, "due row sent", func() bool { return !q.row(now).sentAt.IsZero() })
	if r := q.row(later); !r.sentAt.IsZero() || r.Attempts != 0 {
		t.Errorf("row due in an hour was tried: %+v", r)
	}
}

func TestBuildMessageRefusesBadInput(t *testing.T) {
	for name, o := range map[string]Outbound{
		"no from":       {To: "alice@demo.test", Text: "x"},
		"bad to":        {From: "postal@demo.test", To: "not an address", Text: "x"},
		"header inject": {From: "postal@demo.test", To: "alice@demo.test", Headers: map[string]string{"X-A": "b\r\nBcc: eve@evil.example"}},
		"inline no cid": {From: "postal@demo.test", To: "alice@demo.test", HTML: "<p>", Inline: []Attachment{{Name: "a.png"}}},
	} {
		if _, err := BuildMessage(o); err == nil {
			t.Errorf("%s: BuildMessage succeeded", name)
		} else if !IsPermanentSendError(err) {
			t.Errorf("%s: error %v is not permanent", name, err)
		}
	}
}

func TestBuildMessageTextOnly(t *testing.T) {
	raw, err := BuildMessage(Outbound{From: "postal@demo.test", To: "alice@demo.test", Subject: "hi", Text: "hello"})
	if err != nil {
		t.Fatal(err)
	}
	ent, err := message.Read(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	if typ, _, _ := ent.Header.ContentType(); typ != "text/plain" {
		t.Errorf("Content-Type %q, want text/plain", typ)
	}
	if ent.Header.Get("Message-Id") == "" || ent.Header.Get("Date") == "" {
		t.Error("Message-ID or Date missing")
	}
}

// TestSenderHanded: Handed returns once the rows written before the last
// Wake were handed to the SMTP server, and waits no longer than its bound
// without a running sender.
func TestSenderHanded(t *testing.T) {
	srv := startDemo(t)
	q := &memQueue{}
	s := runSender(t, srv, q)
	id := q.add(boardReply(t, "alice@demo.test"), time.Now())
	s.Wake()
	if !s.Handed(context.Background(), 10*time.Second) {
		t.Fatal("Handed timed out")
	}
	if q.row(id).sentAt.IsZero() {
		t.Error("Handed returned before the row was sent")
	}

	idle := NewSender(SendOptions{Addr: srv.SMTPAddr})
	idle.Wake()
	start := time.Now()
	if idle.Handed(context.Background(), 50*time.Millisecond) {
		t.Error("Handed reported mail handed over without a running sender")
	}
	if time.Since(start) > 5*time.Second {
		t.Error("Handed waited past its bound")
	}
}
