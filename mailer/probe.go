package mailer

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// What postal check asks of the mail servers (issue 29): the same logins,
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

// ProbeSMTP logs in to the submission server as the sender does, and quits
// without sending.
func ProbeSMTP(ctx context.Context, opts SendOptions) error {
	s := NewSender(opts)
	c, err := s.client()
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, s.opts.Timeout)
	defer cancel()
	if err := c.DialWithContext(ctx); err != nil {
		return fmt.Errorf("mailer: smtp %s: %w", s.opts.Addr, err)
	}
	return c.Close()
}

// RoundTrip sends a test mail from the club to to (a plus address of the
// club's own) and waits until it arrives in the watched mailbox, or in the
// processed folder if a running daemon took it first. It then deletes it,
// so that it is neither handled nor kept. It returns how long delivery
// took; an error when the mail did not arrive within wait.
func RoundTrip(ctx context.Context, w WatchOptions, s SendOptions, from, to string, wait time.Duration) (time.Duration, error) {
	var rnd [8]byte
	rand.Read(rnd[:])
	domain := from[strings.LastIndexByte(from, '@')+1:]
	id := "postal-check-" + hex.EncodeToString(rnd[:]) + "@" + domain
	start := time.Now()
	err := NewSender(s).Send(ctx, Outbound{
		From:      from,
		To:        to,
		Subject:   "postal check: delivery to " + to,
		MessageID: id,
		Text:      "postal check sent this mail to see that mail to " + to + "\nreaches the club's mailbox. It deletes it when it arrives.\n",
		Headers:   map[string]string{"Auto-Submitted": "auto-generated"},
	})
	if err != nil {
		return 0, err
	}
	watcher := NewWatcher(w)
	c, err := w.dialAs(ctx, nil)
	if err != nil {
		return 0, err
	}
	defer c.Close()
	names := watcher.mailboxNames(c)
	folders := []string{names.watched}
	if names.processed != "" {
		folders = append(folders, names.processed)
	}
	deadline := time.Now().Add(wait)
	for {
		for _, folder := range folders {
			found, err := takeByMessageID(c, folder, id)
			if err != nil {
				return 0, err
			}
			if found {
				return time.Since(start), c.Logout().Wait()
			}
		}
		if time.Now().After(deadline) {
			return 0, fmt.Errorf("mailer: the test mail to %s did not arrive in %s within %s", to, strings.Join(folders, " or "), wait)
		}
		select {
		case <-ctx.Done():
			return 0, ctx.Err()
		case <-time.After(250 * time.Millisecond):
		}
	}
}

// takeByMessageID finds the message of Message-ID id in folder and deletes
// it.
func takeByMessageID(c *imapclient.Client, folder, id string) (bool, error) {
	if _, err := c.Select(folder, nil).Wait(); err != nil {
		return false, nil // no such folder (yet): not there
	}
	data, err := c.UIDSearch(&imap.SearchCriteria{Header: []imap.SearchCriteriaHeaderField{{Key: "Message-Id", Value: id}}}, nil).Wait()
	if err != nil {
		return false, fmt.Errorf("mailer: imap search in %s: %w", folder, err)
	}
	uids := data.AllUIDs()
	if len(uids) == 0 {
		return false, nil
	}
	set := imap.UIDSetNum(uids...)
	if err := c.Store(set, &imap.StoreFlags{Op: imap.StoreFlagsAdd, Flags: []imap.Flag{imap.FlagDeleted}, Silent: true}, nil).Close(); err != nil {
		return true, fmt.Errorf("mailer: imap store: %w", err)
	}
	if err := c.Expunge().Close(); err != nil {
		return true, fmt.Errorf("mailer: imap expunge: %w", err)
	}
	return true, nil
}
