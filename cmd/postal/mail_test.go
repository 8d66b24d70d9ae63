package main

import (
	"bytes"
	"crypto/tls"
	"fmt"
	"io"
	"math/rand/v2"
	"mime/quotedprintable"
	"net/smtp"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	gomessage "github.com/emersion/go-message"
	_ "github.com/emersion/go-message/charset"
	"github.com/emersion/go-message/mail"
)

// gotMail is a mail a player received, taken apart.
type gotMail struct {
	From, ReplyTo                 string
	Subject, MessageID, InReplyTo string
	References                    []string
	Text, HTML                    string
	SVG, PNG                      bool // an SVG attachment, an inline PNG
	Files                         map[string]string
	Raw                           []byte
}

func parseGot(t testing.TB, raw []byte) *gotMail {
	t.Helper()
	mr, err := mail.CreateReader(bytes.NewReader(raw))
	if err != nil && !gomessage.IsUnknownCharset(err) {
		t.Fatalf("unreadable mail: %v\n%s", err, raw)
	}
	g := &gotMail{Raw: raw, Files: map[string]string{}}
	g.Subject, _ = mr.Header.Subject()
	g.MessageID, _ = mr.Header.MessageID()
	if ids, _ := mr.Header.MsgIDList("In-Reply-To"); len(ids) > 0 {
		g.InReplyTo = ids[0]
	}
	g.References, _ = mr.Header.MsgIDList("References")
	if from, _ := mr.Header.AddressList("From"); len(from) > 0 {
		g.From = from[0].Address
	}
	if rt, _ := mr.Header.AddressList("Reply-To"); len(rt) > 0 {
		g.ReplyTo = rt[0].Address
	}
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("mail part: %v", err)
		}
		body, _ := io.ReadAll(part.Body)
		switch h := part.Header.(type) {
		case *mail.InlineHeader:
			ct, _, _ := h.ContentType()
			switch ct {
			case "text/plain":
				g.Text = string(body)
			case "text/html":
				g.HTML = string(body)
			case "image/png":
				g.PNG = true
			}
		case *mail.AttachmentHeader:
			name, _ := h.Filename()
			ct, _, _ := h.ContentType()
			g.Files[name] = string(body)
			switch ct {
			case "image/svg+xml":
				g.SVG = true
			case "image/png":
				g.PNG = true
			}
		}
	}
	return g
}

// keyRE finds the personal key in postal's welcome mail.
var keyRE = regexp.MustCompile(`key ([a-z2-9]{20})`)

// mailClient is a person's mail client on the demo's servers: it submits
// mail by SMTP and reads its INBOX by IMAP, as any client would.
type mailClient struct {
	t                  testing.TB
	addr, password     string
	imapAddr, smtpAddr string
	last               imap.UID
	// smtpTLS, when set, is the TLS of the submission server, which takes
	// the password over TLS only (docs/deploy.md's Postfix).
	smtpTLS *tls.Config
	inbox   []*gotMail // read so far, oldest first
	taken   map[*gotMail]bool
}

// send submits a plain-text mail and returns its Message-ID.
func (c *mailClient) send(to, subject, body, inReplyTo string, refs []string) string {
	c.t.Helper()
	id := fmt.Sprintf("%x@client.test", rand.Uint64())
	var h strings.Builder
	fmt.Fprintf(&h, "From: %s\r\nTo: %s\r\nSubject: %s\r\nDate: %s\r\nMessage-ID: <%s>\r\n", c.addr, to, subject, time.Now().Format(time.RFC1123Z), id)
	if inReplyTo != "" {
		fmt.Fprintf(&h, "In-Reply-To: <%s>\r\n", inReplyTo)
	}
	if len(refs) > 0 {
		fmt.Fprintf(&h, "References: <%s>\r\n", strings.Join(refs, "> <"))
	}
	h.WriteString("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n")
	var qp bytes.Buffer
	w := quotedprintable.NewWriter(&qp)
	w.Write([]byte(strings.ReplaceAll(body, "\n", "\r\n")))
	w.Close()
	host := c.smtpAddr[:strings.LastIndexByte(c.smtpAddr, ':')]
	msg := append([]byte(h.String()), qp.Bytes()...)
	send := smtp.SendMail
	if c.smtpTLS != nil {
		send = c.sendTLS
	}
	if err := send(c.smtpAddr, smtp.PlainAuth("", c.addr, c.password, host), c.addr, []string{to}, msg); err != nil {
		c.t.Fatalf("%s sending to %s: %v", c.addr, to, err)
	}
	return id
}

// sendTLS is smtp.SendMail with STARTTLS by c.smtpTLS.
func (c *mailClient) sendTLS(addr string, auth smtp.Auth, from string, to []string, msg []byte) error {
	cl, err := smtp.Dial(addr)
	if err != nil {
		return err
	}
	defer cl.Close()
	if err := cl.StartTLS(c.smtpTLS); err != nil {
		return err
	}
	if err := cl.Auth(auth); err != nil {
		return err
	}
	if err := cl.Mail(from); err != nil {
		return err
	}
	for _, rcpt := range to {
		if err := cl.Rcpt(rcpt); err != nil {
			return err
		}
	}
	w, err := cl.Data()
	if err != nil {
		return err
	}
	if _, err := w.Write(msg); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	return cl.Quit()
}

// reply answers m as a mail client does: to its Reply-To, "Re:" its
// subject, threaded, the original quoted under the answer.
func (c *mailClient) reply(m *gotMail, body string) string {
	c.t.Helper()
	to := m.ReplyTo
	if to == "" {
		to = m.From
	}
	subject := m.Subject
	if !strings.HasPrefix(strings.ToLower(subject), "re:") {
		subject = "Re: " + subject
	}
	quoted := "> " + strings.ReplaceAll(strings.TrimRight(m.Text, "\r\n"), "\n", "\n> ")
	body += "\n\nOn " + time.Now().Format("Mon, 2 Jan 2006") + ", " + m.From + " wrote:\n" + strings.ReplaceAll(quoted, "\r", "")
	return c.send(to, subject, body, m.MessageID, append(m.References, m.MessageID))
}

// fetch reads the mail that arrived since the last fetch.
func (c *mailClient) fetch() {
	c.t.Helper()
	for _, m := range fetchSince(c.t, c.imapAddr, c.addr, c.password, c.last) {
		c.last = m.uid
		c.inbox = append(c.inbox, parseGot(c.t, m.raw))
	}
}

// fetched is a message as IMAP gave it.
type fetched struct {
	uid imap.UID
	raw []byte
}

// fetchSince returns the messages of user's INBOX with a UID above after,
// by UID, without marking them read.
func fetchSince(t testing.TB, imapAddr, user, password string, after imap.UID) []fetched {
	t.Helper()
	c, err := imapclient.DialInsecure(imapAddr, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Login(user, password).Wait(); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Select("INBOX", &imap.SelectOptions{ReadOnly: true}).Wait(); err != nil {
		t.Fatal(err)
	}
	set := imap.UIDSet{}
	set.AddRange(after+1, 0)
	section := &imap.FetchItemBodySection{Peek: true}
	msgs, err := c.Fetch(set, &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{section}}).Collect()
	if err != nil {
		return nil // an empty mailbox answers "1:*" with an error on some servers
	}
	var out []fetched
	for _, m := range msgs {
		if m.UID > after { // a UID range n:* always holds the last message
			out = append(out, fetched{m.UID, m.FindBodySection(section)})
		}
	}
	return out
}

// await waits for a mail that ok accepts among those no await returned
// before, and returns it.
func (c *mailClient) await(what string, ok func(*gotMail) bool) *gotMail {
	c.t.Helper()
	if c.taken == nil {
		c.taken = map[*gotMail]bool{}
	}
	// A minute and a half: the daemon behind the mail may be starting
	// (its first site build) on a machine whose other tests load both
	// cores, as CI's long tests beside its integration suite do.
	deadline := time.Now().Add(90 * time.Second)
	for {
		for _, m := range c.inbox {
			if !c.taken[m] && ok(m) {
				c.taken[m] = true
				return m
			}
		}
		if time.Now().After(deadline) {
			var subjects []string
			for _, m := range c.inbox {
				if !c.taken[m] {
					subjects = append(subjects, m.Subject)
				}
			}
			c.t.Fatalf("%s never got %s; got %q", c.addr, what, subjects)
		}
		time.Sleep(50 * time.Millisecond)
		c.fetch()
	}
}

// latest is the newest mail read that ok accepts, or nil.
func (c *mailClient) latest(ok func(*gotMail) bool) *gotMail {
	for i := len(c.inbox) - 1; i >= 0; i-- {
		if ok(c.inbox[i]) {
			return c.inbox[i]
		}
	}
	return nil
}

// find returns the newest mail ok accepts, waiting for one if none came yet.
func (c *mailClient) find(what string, ok func(*gotMail) bool) *gotMail {
	c.t.Helper()
	c.fetch()
	if m := c.latest(ok); m != nil {
		return m
	}
	return c.await(what, ok)
}
