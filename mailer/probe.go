package mailer

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/textproto"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// What postal check asks of the mail servers: the same logins,
// folders and delivery the daemon relies on, tried once and reported, so
// that a wrong setting is found before the first player writes.

// Folders is what an IMAP login found of the configured folders, by their
// configured names ("/" between levels).
type Folders struct {
	Watched   bool     // the watched mailbox exists
	Processed bool     // the processed folder exists ("" in the config: not used)
	Failed    bool     // the failed folder exists
	InFailed  int      // messages in the failed folder
	All       []string // every folder the account has, in the server's spelling
}

// FolderNames are the folders a watcher of opts uses, by their configured
// names ("/" between levels), the defaults filled in.
type FolderNames struct{ Watched, Processed, Failed string }

// FolderNames are the folders the watcher of o uses.
func (o WatchOptions) FolderNames() FolderNames {
	w := NewWatcher(o)
	return FolderNames{Watched: w.opts.Mailbox, Processed: w.opts.Processed, Failed: w.opts.Failed}
}

// ProbeIMAP logs in as the watcher does and lists the folders.
func ProbeIMAP(ctx context.Context, opts WatchOptions) (Folders, error) {
	w := NewWatcher(opts)
	c, err := opts.dialAs(ctx, nil)
	if err != nil {
		return Folders{}, err
	}
	defer c.Close()
	names := w.mailboxNames(c)
	list, err := c.List("", "*", nil).Collect()
	if err != nil {
		return Folders{}, fmt.Errorf("mailer: imap list: %w", err)
	}
	var f Folders
	for _, m := range list {
		f.All = append(f.All, m.Mailbox)
	}
	has := func(name string) bool {
		return slices.ContainsFunc(f.All, func(m string) bool {
			// INBOX is case-insensitive (RFC 3501); other names are not.
			return m == name || strings.EqualFold(name, "INBOX") && strings.EqualFold(m, "INBOX")
		})
	}
	f.Watched, f.Processed, f.Failed = has(names.watched), names.processed == "" || has(names.processed), has(names.failed)
	if f.Failed {
		st, err := c.Status(names.failed, &imap.StatusOptions{NumMessages: true}).Wait()
		if err != nil {
			return f, fmt.Errorf("mailer: imap status %s: %w", names.failed, err)
		}
		if st.NumMessages != nil {
			f.InFailed = int(*st.NumMessages)
		}
	}
	return f, c.Logout().Wait()
}

// ProbeSMTP logs in to the submission server as the sender does. When to
// is set, it then asks the server to take a mail from from to to (MAIL
// FROM, RCPT TO) and takes the request back (RSET) before DATA, so that
// nothing is sent: a server that logs postal in may still refuse to relay
// its mail to other domains (Postfix: "554 5.7.1 Relay access denied"),
// and then every answer to a player bounces. A refusal of either address
// is a *RefusedError.
func ProbeSMTP(ctx context.Context, opts SendOptions, from, to string) error {
	s := NewSender(opts)
	c, err := s.client()
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, s.opts.Timeout)
	defer cancel()
	sc, err := c.DialToSMTPClientWithContext(ctx)
	if err != nil {
		return fmt.Errorf("mailer: smtp %s: %w", s.opts.Addr, err)
	}
	if to != "" {
		for _, step := range []struct {
			command, addr string
			do            func(string) error
		}{{"MAIL FROM", from, sc.Mail}, {"RCPT TO", to, sc.Rcpt}} {
			if err := step.do("<" + step.addr + ">"); err != nil {
				var te *textproto.Error
				if !errors.As(err, &te) {
					sc.Close()
					return fmt.Errorf("mailer: smtp %s: %s: %w", s.opts.Addr, step.command, err)
				}
				sc.Reset()
				c.CloseWithSMTPClient(sc)
				return &RefusedError{Server: s.opts.Addr, Command: step.command, Addr: step.addr, Code: te.Code, Msg: te.Msg}
			}
		}
		if err := sc.Reset(); err != nil {
			sc.Close()
			return fmt.Errorf("mailer: smtp %s: RSET: %w", s.opts.Addr, err)
		}
	}
	return c.CloseWithSMTPClient(sc)
}

// RefusedError is an address of a mail's envelope that the SMTP server
// refused: the sender (MAIL FROM) or a recipient (RCPT TO).
type RefusedError struct {
	Server  string // host:port
	Command string // "MAIL FROM" or "RCPT TO"
	Addr    string
	Code    int    // the server's reply code
	Msg     string // its words, the enhanced status code first
}

func (e *RefusedError) Error() string {
	return fmt.Sprintf("mailer: smtp %s refused %s:<%s>: %d %s", e.Server, e.Command, e.Addr, e.Code, e.Msg)
}

// Temporary reports a 4xx answer: the server may take the mail later.
func (e *RefusedError) Temporary() bool { return e.Code >= 400 && e.Code < 500 }

// SendTestMail sends a test mail of postal check's from the club's from to
// to, with text as its body.
func SendTestMail(ctx context.Context, s SendOptions, from, to, subject, text string) error {
	return NewSender(s).Send(ctx, testMail(from, to, subject, text))
}

// testMail is a mail of postal check's, of a Message-ID of its own that
// says so (postal-check-...).
func testMail(from, to, subject, text string) Outbound {
	var rnd [8]byte
	rand.Read(rnd[:])
	domain := from[strings.LastIndexByte(from, '@')+1:]
	return Outbound{
		From:      from,
		To:        to,
		Subject:   subject,
		MessageID: "postal-check-" + hex.EncodeToString(rnd[:]) + "@" + domain,
		Text:      text,
		Headers:   map[string]string{"Auto-Submitted": "auto-generated"},
	}
}

// Trip is what RoundTrip found of its test mail.
type Trip struct {
	Took   time.Duration // from sending to finding it
	Folder string        // where it was found
	Raw    []byte        // the mail as it arrived, for its DKIM signature
}

// RoundTrip sends a test mail from the club to to (a plus address of the
// club's own) and waits until it arrives in the watched mailbox, or in the
// processed folder if a running daemon took it first, or in any of also
// (the folders of a daemon that runs with another config). It then reads
// it whole and deletes it, so that it is neither handled nor kept. It
// returns an error when the mail did not arrive within wait.
func RoundTrip(ctx context.Context, w WatchOptions, s SendOptions, from, to string, wait time.Duration, also ...string) (Trip, error) {
	m := testMail(from, to, "postal check: delivery to "+to,
		"postal check sent this mail to see that mail to "+to+"\nreaches the club's mailbox, signed. It deletes it when it arrives.\n")
	id := m.MessageID
	start := time.Now()
	if err := NewSender(s).Send(ctx, m); err != nil {
		return Trip{}, err
	}
	watcher := NewWatcher(w)
	c, err := w.dialAs(ctx, nil)
	if err != nil {
		return Trip{}, err
	}
	defer c.Close()
	names := watcher.mailboxNames(c)
	folders := []string{names.watched}
	for _, f := range append([]string{names.processed}, serverSpelling(c, also...)...) {
		if f != "" && !slices.Contains(folders, f) {
			folders = append(folders, f)
		}
	}
	deadline := time.Now().Add(wait)
	for {
		for _, folder := range folders {
			raw, err := takeByMessageID(c, folder, id)
			if err != nil {
				return Trip{}, err
			}
			if raw != nil {
				return Trip{Took: time.Since(start), Folder: folder, Raw: raw}, c.Logout().Wait()
			}
		}
		if time.Now().After(deadline) {
			return Trip{}, fmt.Errorf("mailer: the test mail to %s did not arrive in %s within %s", to, strings.Join(folders, " or "), wait)
		}
		select {
		case <-ctx.Done():
			return Trip{}, ctx.Err()
		case <-time.After(250 * time.Millisecond):
		}
	}
}

// takeByMessageID finds the message of Message-ID id in folder, reads it
// whole and deletes it; nil when it is not there.
func takeByMessageID(c *imapclient.Client, folder, id string) ([]byte, error) {
	if _, err := c.Select(folder, nil).Wait(); err != nil {
		return nil, nil // no such folder (yet): not there
	}
	data, err := c.UIDSearch(&imap.SearchCriteria{Header: []imap.SearchCriteriaHeaderField{{Key: "Message-Id", Value: id}}}, nil).Wait()
	if err != nil {
		return nil, fmt.Errorf("mailer: imap search in %s: %w", folder, err)
	}
	uids := data.AllUIDs()
	if len(uids) == 0 {
		return nil, nil
	}
	set := imap.UIDSetNum(uids...)
	msgs, err := c.Fetch(set, &imap.FetchOptions{BodySection: []*imap.FetchItemBodySection{{Peek: true}}}).Collect()
	if err != nil {
		return nil, fmt.Errorf("mailer: imap fetch in %s: %w", folder, err)
	}
	if len(msgs) == 0 {
		// Gone between the search and the fetch: a daemon beside moved
		// it (to its processed folder, which the caller looks in too).
		// Taken as found, its empty text failed the DKIM check after.
		return nil, nil
	}
	var raw []byte
	for _, m := range msgs {
		for _, b := range m.BodySection {
			raw = b.Bytes
		}
	}
	if raw == nil {
		raw = []byte{} // found, though the server sent no body
	}
	if err := c.Store(set, &imap.StoreFlags{Op: imap.StoreFlagsAdd, Flags: []imap.Flag{imap.FlagDeleted}, Silent: true}, nil).Close(); err != nil {
		return raw, fmt.Errorf("mailer: imap store: %w", err)
	}
	if err := c.Expunge().Close(); err != nil {
		return raw, fmt.Errorf("mailer: imap expunge: %w", err)
	}
	return raw, nil
}

// HungUp reports whether err is a server that closed the connection
// before it greeted the client, or reset it: the server is up but will
// not serve (Postfix's submission does so when the Dovecot that checks
// its passwords is stopped), as opposed to one that refused it.
func HungUp(err error) bool {
	return errors.Is(err, io.EOF) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, io.ErrUnexpectedEOF) ||
		// go-imap's words, not an error value.
		strings.Contains(err.Error(), "connection closed before greeting")
}
