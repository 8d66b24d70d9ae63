package mailer

import (
	"context"
	"crypto/sha256"
	"crypto/tls"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strings"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// WatchOptions configures a Watcher. The zero value of each field has the
// meaning documented on it; Addr, User and Password are required.
type WatchOptions struct {
	Addr string  // host:port of the IMAP server
	TLS  TLSMode // zero: implicit TLS; TLSNone only to loopback
	// TLSConfig for TLSImplicit and TLSStartTLS; nil uses the system roots
	// and the host of Addr as server name.
	TLSConfig *tls.Config
	User      string
	Password  string
	// OAuth2, when set, logs in with an OAuth2 access token instead of
	// Password.
	OAuth2 *OAuth2
	// Mailbox is the mailbox watched; "" means "INBOX".
	Mailbox string
	// Processed is where handled mail is moved; "" means it stays in Mailbox
	// and gets the \Seen flag instead (then only unseen mail is handled).
	// In all three names "/" separates levels of the hierarchy, whatever
	// delimiter the server uses.
	Processed string
	// Failed is where mail the handler refuses for good (ErrPermanent) or
	// that cannot be parsed is moved; "" means "postal-failed". It is
	// created when missing, like Processed.
	Failed string
	// PollInterval is how often the mailbox is searched when the server
	// does not offer IDLE (or DisableIdle is set); zero means one minute.
	PollInterval time.Duration
	// IdleRefresh is how long one IDLE lasts before the mailbox is searched
	// again anyway, in case a notification was missed; zero means ten
	// minutes.
	IdleRefresh time.Duration
	// DisableIdle makes the watcher poll even when the server offers IDLE,
	// for servers whose IDLE notifications are unreliable.
	DisableIdle bool
	// BackoffMin and BackoffMax bound the delay before reconnecting after a
	// dropped connection, and before retrying a message whose handler
	// failed temporarily; the delay doubles on each failure. Zero means one
	// second and five minutes.
	BackoffMin, BackoffMax time.Duration
	// MaxMessageBytes is the largest message fetched; larger ones are moved
	// to Failed unread. Zero means 64 MiB.
	MaxMessageBytes int64
	// MaxStoredBytes is the largest message read whole; of a larger one
	// (up to MaxMessageBytes) only the header block is read, and the body
	// streamed through SHA-256 without being kept (Inbound.TooLarge). Zero
	// means 1 MiB.
	MaxStoredBytes int64
	// ShutdownGrace is how long the message in hand may still be handled
	// and marked after Run's context is cancelled; zero means 15 seconds.
	ShutdownGrace time.Duration
	// Parse configures ParseMessage, e.g. the club's own addresses.
	Parse ParseOptions
	// Searched, when set, is called each time the watcher has searched the
	// mailbox and handled what it found (postal status shows the last
	// time); nil means nobody asks.
	Searched func(time.Time)
	// Logger receives connection and message events; nil means
	// slog.Default().
	Logger *slog.Logger
}

// Handler handles one received message. Its error decides the message's
// fate: nil marks it processed (moved to Processed, or \Seen); an error
// wrapping ErrPermanent moves it to Failed; any other error leaves it where
// it is, to be tried again after a backoff. The handler must commit what it
// does before returning nil and must recognise a message it already
// committed (by Inbound.MessageID): a crash between its commit and the
// watcher's marking makes the watcher hand the message over again.
type Handler func(ctx context.Context, in *Inbound) error

// Watcher watches one IMAP mailbox and hands every new message to a
// Handler, one at a time, in UID order.
type Watcher struct {
	opts WatchOptions
	log  *slog.Logger
}

// NewWatcher returns a watcher; it connects when Run is called.
func NewWatcher(opts WatchOptions) *Watcher {
	if opts.Mailbox == "" {
		opts.Mailbox = "INBOX"
	}
	if opts.Failed == "" {
		opts.Failed = "postal-failed"
	}
	if opts.PollInterval <= 0 {
		opts.PollInterval = time.Minute
	}
	if opts.IdleRefresh <= 0 {
		opts.IdleRefresh = 10 * time.Minute
	}
	if opts.BackoffMin <= 0 {
		opts.BackoffMin = time.Second
	}
	if opts.BackoffMax <= 0 {
		opts.BackoffMax = 5 * time.Minute
	}
	if opts.BackoffMax < opts.BackoffMin {
		opts.BackoffMax = opts.BackoffMin
	}
	if opts.MaxMessageBytes <= 0 {
		opts.MaxMessageBytes = 64 << 20
	}
	if opts.MaxStoredBytes <= 0 {
		opts.MaxStoredBytes = 1 << 20
	}
	if opts.ShutdownGrace <= 0 {
		opts.ShutdownGrace = defaultShutdownGrace
	}
	log := opts.Logger
	if log == nil {
		log = slog.Default()
	}
	return &Watcher{opts: opts, log: log.With("mailbox", opts.Mailbox, "imap", opts.Addr)}
}

// Run watches the mailbox until ctx is cancelled, then returns nil. It first
// handles everything already in the mailbox (mail left over from a crash),
// then waits for new mail with IDLE, or by polling when the server does not
// offer IDLE. A dropped connection is re-established with backoff. Run
// returns an error only for a configuration it can never work with.
func (w *Watcher) Run(ctx context.Context, handle Handler) error {
	if err := checkPlainAllowed(w.opts.TLS, w.opts.Addr); err != nil {
		return err
	}
	backoff := w.opts.BackoffMin
	for {
		connected, err := w.session(ctx, handle)
		if ctx.Err() != nil {
			return nil
		}
		if connected {
			backoff = w.opts.BackoffMin
		}
		w.log.Warn("mailer: imap session ended, reconnecting", "err", err, "delay", backoff)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, w.opts.BackoffMax)
	}
}

// dialIMAP connects and logs in.
func dialIMAP(ctx context.Context, addr string, mode TLSMode, tlsConfig *tls.Config, user, password string, opts *imapclient.Options) (*imapclient.Client, error) {
	c, err := connectIMAP(ctx, addr, mode, tlsConfig, opts)
	if err != nil {
		return nil, err
	}
	if err := c.Login(user, password).Wait(); err != nil {
		c.Close()
		return nil, fmt.Errorf("mailer: imap login as %q: %w", user, err)
	}
	return c, nil
}

// dialAs connects and logs in as the options say: with the password, or
// with an OAuth2 token.
func (o WatchOptions) dialAs(ctx context.Context, copts *imapclient.Options) (*imapclient.Client, error) {
	if o.OAuth2 == nil {
		return dialIMAP(ctx, o.Addr, o.TLS, o.TLSConfig, o.User, o.Password, copts)
	}
	c, err := connectIMAP(ctx, o.Addr, o.TLS, o.TLSConfig, copts)
	if err != nil {
		return nil, err
	}
	sc, err := o.OAuth2.saslClient(o.User)
	if err == nil {
		err = c.Authenticate(sc)
	}
	if err != nil {
		c.Close()
		return nil, fmt.Errorf("mailer: imap oauth2 login as %q: %w", o.User, err)
	}
	return c, nil
}

// connectIMAP connects and reads the greeting, before any login.
func connectIMAP(ctx context.Context, addr string, mode TLSMode, tlsConfig *tls.Config, opts *imapclient.Options) (*imapclient.Client, error) {
	if err := checkPlainAllowed(mode, addr); err != nil {
		return nil, err
	}
	if opts == nil {
		opts = &imapclient.Options{}
	}
	d := net.Dialer{Timeout: 30 * time.Second}
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("mailer: dial imap: %w", err)
	}
	if tlsConfig == nil {
		tlsConfig = &tls.Config{}
	}
	tlsConfig = tlsConfig.Clone()
	if tlsConfig.ServerName == "" {
		tlsConfig.ServerName, _, _ = net.SplitHostPort(addr)
	}
	opts.TLSConfig = tlsConfig
	var c *imapclient.Client
	switch mode {
	case TLSImplicit:
		c = imapclient.New(tls.Client(conn, tlsConfig), opts)
	case TLSStartTLS:
		c, err = imapclient.NewStartTLS(conn, opts)
		if err != nil {
			conn.Close()
			return nil, fmt.Errorf("mailer: imap starttls: %w", err)
		}
	default:
		c = imapclient.New(conn, opts)
	}
	if err := c.WaitGreeting(); err != nil {
		c.Close()
		return nil, fmt.Errorf("mailer: imap greeting: %w", err)
	}
	return c, nil
}

// session runs one connection until it fails or ctx is cancelled.
// connected reports whether login and select succeeded, which resets the
// reconnect backoff.
func (w *Watcher) session(ctx context.Context, handle Handler) (connected bool, err error) {
	// The unilateral handler runs on the client's reader goroutine: it may
	// only signal, never send commands.
	changed := make(chan struct{}, 1)
	signal := func() {
		select {
		case changed <- struct{}{}:
		default:
		}
	}
	c, err := w.opts.dialAs(ctx, &imapclient.Options{
		UnilateralDataHandler: &imapclient.UnilateralDataHandler{
			Mailbox: func(data *imapclient.UnilateralDataMailbox) {
				if data.NumMessages != nil {
					signal()
				}
			},
		},
	})
	if err != nil {
		return false, err
	}
	defer c.Close()
	// Cancelling ctx stops taking new messages; the one in hand is finished
	// with wctx, which ends ShutdownGrace later and then closes the
	// connection, ending any command still waiting.
	wctx, wcancel := workContext(ctx, w.opts.ShutdownGrace)
	defer wcancel()
	stop := context.AfterFunc(wctx, func() { c.Close() })
	defer stop()

	names := w.mailboxNames(c)
	for _, mb := range []string{names.failed, names.processed} {
		if mb != "" {
			ensureMailbox(c, mb)
		}
	}
	if _, err := c.Select(names.watched, nil).Wait(); err != nil {
		return false, fmt.Errorf("mailer: select %q: %w", names.watched, err)
	}
	useIdle := !w.opts.DisableIdle && c.Caps().Has(imap.CapIdle)
	w.log.Info("mailer: watching", "idle", useIdle)

	retry := map[imap.UID]*retryState{} // messages whose handler failed temporarily
	for {
		if err := w.processAll(ctx, wctx, c, names, handle, retry); err != nil {
			return true, err
		}
		if w.opts.Searched != nil {
			w.opts.Searched(time.Now())
		}
		wait := w.opts.PollInterval
		if useIdle {
			wait = w.opts.IdleRefresh
		}
		now := time.Now()
		for _, r := range retry {
			if d := r.at.Sub(now); d < wait {
				wait = max(d, 0)
			}
		}
		timer := time.NewTimer(wait)
		if useIdle {
			idle, err := c.Idle()
			if err != nil {
				timer.Stop()
				return true, fmt.Errorf("mailer: idle: %w", err)
			}
			select {
			case <-changed:
			case <-timer.C:
			case <-c.Closed():
			case <-ctx.Done():
			}
			timer.Stop()
			if err := idle.Close(); err != nil {
				return true, fmt.Errorf("mailer: idle done: %w", err)
			}
			if err := idle.Wait(); err != nil {
				return true, fmt.Errorf("mailer: idle: %w", err)
			}
		} else {
			select {
			case <-timer.C:
			case <-c.Closed():
			case <-ctx.Done():
			}
			timer.Stop()
		}
		if ctx.Err() != nil {
			return true, ctx.Err()
		}
		// Drain a notification that arrived while not idling: the search
		// below sees its message anyway.
		select {
		case <-changed:
		default:
		}
	}
}

// mailboxes are the configured mailbox names in the server's spelling.
type mailboxes struct{ watched, processed, failed string }

// mailboxNames translates "/" in the configured names to the server's
// hierarchy delimiter (Dovecot's maildir uses "."), so "postal/processed"
// is a folder "processed" inside "postal" on every server.
func (w *Watcher) mailboxNames(c *imapclient.Client) mailboxes {
	n := serverSpelling(c, w.opts.Mailbox, w.opts.Processed, w.opts.Failed)
	return mailboxes{watched: n[0], processed: n[1], failed: n[2]}
}

// serverSpelling is names with "/" as the server's hierarchy delimiter.
func serverSpelling(c *imapclient.Client, names ...string) []string {
	l, err := c.List("", "", nil).Collect()
	if err != nil || len(l) == 0 || l[0].Delim == 0 || l[0].Delim == '/' {
		return names
	}
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = strings.ReplaceAll(n, "/", string(l[0].Delim))
	}
	return out
}

type retryState struct {
	at    time.Time
	delay time.Duration
}

// ensureMailbox creates mailbox name; it usually exists already, and a real
// failure shows up when a message is moved there.
func ensureMailbox(c *imapclient.Client, name string) {
	_ = c.Create(name, nil).Wait()
}

// processAll handles every message waiting in the mailbox, oldest first. An
// error means the connection is unusable.
func (w *Watcher) processAll(ctx, wctx context.Context, c *imapclient.Client, names mailboxes, handle Handler, retry map[imap.UID]*retryState) error {
	criteria := &imap.SearchCriteria{NotFlag: []imap.Flag{imap.FlagDeleted}}
	if names.processed == "" {
		criteria.NotFlag = append(criteria.NotFlag, imap.FlagSeen)
	}
	data, err := c.UIDSearch(criteria, nil).Wait()
	if err != nil {
		return fmt.Errorf("mailer: search: %w", err)
	}
	uids := data.AllUIDs()
	present := make(map[imap.UID]bool, len(uids))
	for _, uid := range uids {
		present[uid] = true
	}
	for uid := range retry {
		if !present[uid] {
			delete(retry, uid) // moved or deleted by someone else
		}
	}
	for _, uid := range uids {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if r := retry[uid]; r != nil && time.Now().Before(r.at) {
			continue
		}
		if err := w.processOne(ctx, wctx, c, names, uid, handle, retry); err != nil {
			return err
		}
	}
	return nil
}

var bodySection = &imap.FetchItemBodySection{Peek: true} // BODY.PEEK[]: fetching must not set \Seen

// processOne fetches, parses, handles and marks one message. The handler
// runs with wctx, so a shutdown (ctx) does not interrupt it.
func (w *Watcher) processOne(ctx, wctx context.Context, c *imapclient.Client, names mailboxes, uid imap.UID, handle Handler, retry map[imap.UID]*retryState) error {
	log := w.log.With("uid", uid)
	set := imap.UIDSetNum(uid)
	sizes, err := c.Fetch(set, &imap.FetchOptions{UID: true, RFC822Size: true}).Collect()
	if err != nil {
		return fmt.Errorf("mailer: fetch size of uid %d: %w", uid, err)
	}
	if len(sizes) == 0 {
		return nil // expunged meanwhile
	}
	if size := sizes[0].RFC822Size; size > w.opts.MaxMessageBytes {
		log.Warn("mailer: message too large, moving to failed", "size", size, "failed", names.failed)
		return w.move(c, set, names.failed)
	}
	// Size limits come before anything is read: a mail too large is never
	// held whole, in memory or in the archive.
	size := sizes[0].RFC822Size
	fetch := w.fetchWhole
	if size > w.opts.MaxStoredBytes {
		fetch = w.fetchTooLarge
	}
	raw, sum, err := fetch(c, set)
	if err != nil {
		return fmt.Errorf("mailer: fetch uid %d: %w", uid, err)
	}
	if raw == nil {
		return nil // expunged meanwhile
	}
	in, err := ParseMessage(raw, w.opts.Parse)
	if err != nil {
		log.Warn("mailer: unparsable message, moving to failed", "err", err, "failed", names.failed)
		return w.move(c, set, names.failed)
	}
	if sum != nil {
		in.TooLarge, in.Text = true, ""
		in.BodySHA256 = hex.EncodeToString(sum)
		if strings.HasPrefix(in.MessageID, "sha256:") { // no Message-ID: hash the body too
			in.MessageID = SenderHash(raw, [32]byte(sum))
		}
		in.Digest = WriterDigest(raw, [32]byte(sum))
	}
	in.Size = size
	log = log.With("messageid", in.MessageID, "from", in.From)
	start := time.Now()
	herr := handle(wctx, in)
	switch {
	case herr == nil:
		delete(retry, uid)
		// The handler's time alone (the club's transaction): what a
		// message costs the daemon, apart from IMAP and SMTP (the daemon's
		// benchmarks read it).
		log.Info("mailer: message handled", "duration", time.Since(start))
		if names.processed == "" {
			err := c.Store(set, &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagSeen}}, nil).Close()
			if err != nil {
				return fmt.Errorf("mailer: flag uid %d seen: %w", uid, err)
			}
			return nil
		}
		return w.move(c, set, names.processed)
	case errors.Is(herr, ErrPermanent):
		delete(retry, uid)
		log.Warn("mailer: message refused, moving to failed", "err", herr, "failed", names.failed)
		return w.move(c, set, names.failed)
	default:
		if ctx.Err() != nil {
			return ctx.Err()
		}
		r := retry[uid]
		if r == nil {
			r = &retryState{delay: w.opts.BackoffMin}
			retry[uid] = r
		} else {
			r.delay = min(2*r.delay, w.opts.BackoffMax)
		}
		r.at = time.Now().Add(r.delay)
		log.Warn("mailer: handler failed, will retry", "err", herr, "delay", r.delay)
		return nil
	}
}

// fetchWhole reads the whole message; raw is nil when it is gone.
func (w *Watcher) fetchWhole(c *imapclient.Client, set imap.UIDSet) (raw, sum []byte, err error) {
	msgs, err := c.Fetch(set, &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{bodySection}}).Collect()
	if err != nil || len(msgs) == 0 {
		return nil, nil, err
	}
	return msgs[0].FindBodySection(bodySection), nil, nil
}

var (
	headerSection = &imap.FetchItemBodySection{Specifier: imap.PartSpecifierHeader, Peek: true}
	textSection   = &imap.FetchItemBodySection{Specifier: imap.PartSpecifierText, Peek: true}
)

// fetchTooLarge reads the header block of a message too large to keep
// (at most maxKeptHeader of it) and streams its body through SHA-256:
// neither is ever held whole.
func (w *Watcher) fetchTooLarge(c *imapclient.Client, set imap.UIDSet) (head, sum []byte, err error) {
	cmd := c.Fetch(set, &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{headerSection, textSection}})
	defer cmd.Close()
	msg := cmd.Next()
	if msg == nil {
		return nil, nil, cmd.Close()
	}
	hash := sha256.New()
	for item := msg.Next(); item != nil; item = msg.Next() {
		data, ok := item.(imapclient.FetchItemDataBodySection)
		if !ok || data.Literal == nil {
			continue
		}
		switch data.Section.Specifier {
		case imap.PartSpecifierHeader:
			if head, err = io.ReadAll(io.LimitReader(data.Literal, maxKeptHeader)); err != nil {
				return nil, nil, err
			}
			if _, err := io.Copy(io.Discard, data.Literal); err != nil {
				return nil, nil, err
			}
		case imap.PartSpecifierText:
			if _, err := io.Copy(hash, data.Literal); err != nil {
				return nil, nil, err
			}
		}
	}
	if err := cmd.Close(); err != nil {
		return nil, nil, err
	}
	if head == nil {
		head = []byte{} // a message with an empty header block is still there
	}
	return head, hash.Sum(nil), nil
}

func (w *Watcher) move(c *imapclient.Client, set imap.UIDSet, mailbox string) error {
	if _, err := c.Move(set, mailbox).Wait(); err != nil {
		return fmt.Errorf("mailer: move %v to %q: %w", set, mailbox, err)
	}
	return nil
}
