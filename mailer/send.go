package mailer

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strconv"
	"sync"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// SendOptions configures a Sender. Addr is required; the zero value of every
// other field has the meaning documented on it.
type SendOptions struct {
	Addr string  // host:port of the submission server
	TLS  TLSMode // zero: implicit TLS; TLSNone only to loopback
	// TLSConfig for TLSImplicit and TLSStartTLS; nil uses the system roots.
	TLSConfig *tls.Config
	// User and Password authenticate with PLAIN; an empty User sends
	// without authentication.
	User     string
	Password string
	// OAuth2, when set, logs User in with an OAuth2 access token instead
	// of Password, a token asked for each conversation.
	OAuth2 *OAuth2
	// HELO is the name given in EHLO; "" means "localhost".
	HELO string
	// BatchSize is how many due rows are taken from the queue at once; zero
	// means 20.
	BatchSize int
	// BackoffMin and BackoffMax bound the delay before retrying a message
	// after a temporary failure; the delay doubles with each attempt. Zero
	// means one minute and four hours.
	BackoffMin, BackoffMax time.Duration
	// MaxAttempts is how many temporary failures are tolerated before the
	// sender gives up on a message; zero means 30 (about five days with the
	// default backoff). A permanent SMTP rejection (5xx) gives up at once.
	MaxAttempts int
	// Timeout bounds one SMTP conversation; zero means one minute.
	Timeout time.Duration
	// ShutdownGrace is how long the SMTP conversation in progress may go on
	// after Run's context is cancelled, so that a message the server
	// accepted is also recorded as sent; zero means 15 seconds.
	ShutdownGrace time.Duration
	// Logger receives delivery events; nil means slog.Default().
	Logger *slog.Logger
	// Now returns the current time; nil means time.Now. Tests set it.
	Now func() time.Time
}

// Sender delivers the outbox by SMTP. A row counts as sent only once the
// SMTP server accepted the message (Queue.Sent); failures are recorded with
// Queue.Retry and tried again with backoff.
type Sender struct {
	opts SendOptions
	log  *slog.Logger
	wake chan struct{}

	// What the daemon's other work waits for (Handed): asked counts the
	// Wakes, done the Wakes whose rows a finished round has seen; settled
	// is closed (and replaced) whenever done moves.
	mu      sync.Mutex
	asked   uint64
	done    uint64
	settled chan struct{}
}

// NewSender returns a sender; it does nothing until Run.
func NewSender(opts SendOptions) *Sender {
	if opts.BatchSize <= 0 {
		opts.BatchSize = 20
	}
	if opts.BackoffMin <= 0 {
		opts.BackoffMin = time.Minute
	}
	if opts.BackoffMax <= 0 {
		opts.BackoffMax = 4 * time.Hour
	}
	if opts.BackoffMax < opts.BackoffMin {
		opts.BackoffMax = opts.BackoffMin
	}
	if opts.MaxAttempts <= 0 {
		opts.MaxAttempts = 30
	}
	if opts.Timeout <= 0 {
		opts.Timeout = time.Minute
	}
	if opts.ShutdownGrace <= 0 {
		opts.ShutdownGrace = defaultShutdownGrace
	}
	if opts.HELO == "" {
		opts.HELO = "localhost"
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	log := opts.Logger
	if log == nil {
		log = slog.Default()
	}
	return &Sender{opts: opts, log: log.With("smtp", opts.Addr), wake: make(chan struct{}, 1), settled: make(chan struct{})}
}

// Wake tells a running sender that new rows were written, so it looks at the
// queue now instead of at the next due time it knew of. It never blocks.
func (s *Sender) Wake() {
	s.mu.Lock()
	s.asked++
	s.mu.Unlock()
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// Run delivers due rows until ctx is cancelled, then returns nil. Between
// rounds it sleeps until the queue's next due time (Queue.NextDue) or a
// Wake. Queue errors are logged and retried after BackoffMin; Run returns an
// error only for a configuration it can never work with.
func (s *Sender) Run(ctx context.Context, q Queue) error {
	if err := checkPlainAllowed(s.opts.TLS, s.opts.Addr); err != nil {
		return err
	}
	if _, _, err := s.hostPort(); err != nil {
		return err
	}
	for {
		s.mu.Lock()
		taking := s.asked // the rows of these Wakes are committed: this round reads them
		s.mu.Unlock()
		more, err := s.round(ctx, q)
		if ctx.Err() != nil {
			return nil
		}
		if !more {
			s.settle(taking)
		}
		var wait time.Duration
		switch {
		case err != nil:
			s.log.Error("mailer: outbox", "err", err)
			wait = s.opts.BackoffMin
		case more:
			continue
		default:
			at, ok, err := q.NextDue(ctx)
			switch {
			case err != nil:
				if ctx.Err() != nil {
					return nil
				}
				s.log.Error("mailer: outbox next due", "err", err)
				wait = s.opts.BackoffMin
			case !ok:
				wait = -1 // until woken
			default:
				wait = max(at.Sub(s.opts.Now()), 0)
			}
		}
		if !s.sleep(ctx, wait) {
			return nil
		}
	}
}

// settle records that a round saw every row written before the Wakes it
// took, and delivered or deferred each, and tells Handed.
func (s *Sender) settle(taking uint64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if taking > s.done {
		s.done = taking
		close(s.settled)
		s.settled = make(chan struct{})
	}
}

// Handed waits, at most max, until the rows written before the last Wake
// have been handed to the SMTP server (or their failure recorded, for a
// later try). The daemon's work that a move does not need to answer (the
// site, the clocks' pass) waits for it, so that the move's mail leaves
// first. It reports whether they were; without a running sender it waits
// max.
func (s *Sender) Handed(ctx context.Context, max time.Duration) bool {
	t := time.NewTimer(max)
	defer t.Stop()
	s.mu.Lock()
	target := s.asked
	for s.done < target {
		ch := s.settled
		s.mu.Unlock()
		select {
		case <-ch:
		case <-t.C:
			return false
		case <-ctx.Done():
			return false
		}
		s.mu.Lock()
	}
	s.mu.Unlock()
	return true
}

// sleep waits for d (forever when negative), a Wake, or ctx; it reports
// false when ctx is done.
func (s *Sender) sleep(ctx context.Context, d time.Duration) bool {
	var timer <-chan time.Time
	if d >= 0 {
		t := time.NewTimer(d)
		defer t.Stop()
		timer = t.C
	}
	select {
	case <-ctx.Done():
		return false
	case <-s.wake:
	case <-timer:
	}
	return true
}

// round delivers one batch of due rows; more reports a full batch. The
// batch shares one SMTP connection, and each row is recorded sent as soon
// as the server accepted its message, before the next one and before the
// conversation ends: a crash can send twice only the one message whose
// acceptance was not yet recorded (delivery stays at least once).
func (s *Sender) round(ctx context.Context, q Queue) (more bool, err error) {
	rows, err := q.Due(ctx, s.opts.Now(), s.opts.BatchSize)
	if err != nil {
		return false, fmt.Errorf("mailer: due rows: %w", err)
	}
	if len(rows) == 0 {
		return false, nil
	}
	wctx, cancel := workContext(ctx, s.opts.ShutdownGrace)
	defer cancel()
	var conn session
	defer conn.close()
	for _, row := range rows {
		if ctx.Err() != nil {
			return false, ctx.Err()
		}
		if err := s.deliver(wctx, q, row, &conn); err != nil {
			return false, err
		}
	}
	return len(rows) == s.opts.BatchSize, nil
}

// session is the SMTP connection of one round, dialled on first use and
// dropped after any failure (the next message dials again).
type session struct {
	c *gomail.Client
}

// close ends the conversation. The messages are recorded already: a server
// slow to answer QUIT delays nothing and fails nothing.
func (c *session) close() {
	if c.c != nil {
		c.c.Close()
		c.c = nil
	}
}

// deliver sends one row over conn and records the outcome; an error is the
// queue's.
func (s *Sender) deliver(ctx context.Context, q Queue, row Queued, conn *session) error {
	log := s.log.With("id", row.ID, "to", row.Msg.To, "messageid", row.Msg.MessageID)
	sendErr := s.sendOn(ctx, conn, row.Msg)
	now := s.opts.Now()
	if sendErr == nil {
		if err := q.Sent(ctx, row.ID, now); err != nil {
			// The server has the message; it may go out twice after a
			// restart, which is better than never.
			return fmt.Errorf("mailer: recording row %d sent: %w", row.ID, err)
		}
		log.Info("mailer: sent")
		return nil
	}
	conn.close()
	attempts := row.Attempts + 1
	var retryAt time.Time
	if !IsPermanentSendError(sendErr) && attempts < s.opts.MaxAttempts {
		delay := s.opts.BackoffMin
		for i := 1; i < attempts && delay < s.opts.BackoffMax; i++ {
			delay *= 2
		}
		retryAt = now.Add(min(delay, s.opts.BackoffMax))
		log.Warn("mailer: send failed, will retry", "err", sendErr, "attempts", attempts, "retry", retryAt)
	} else {
		log.Error("mailer: send failed for good", "err", sendErr, "attempts", attempts)
	}
	if err := q.Retry(ctx, row.ID, sendErr.Error(), retryAt); err != nil {
		return fmt.Errorf("mailer: recording row %d failed: %w", row.ID, err)
	}
	return nil
}

// sendOn sends o over conn, dialling it first when it has no connection,
// and returns nil once the server accepted the message.
func (s *Sender) sendOn(ctx context.Context, conn *session, o Outbound) error {
	m, err := buildMsg(o, s.opts.Now())
	if err != nil {
		return err
	}
	if conn.c == nil {
		c, err := s.client()
		if err != nil {
			return err
		}
		dctx, cancel := context.WithTimeout(ctx, s.opts.Timeout)
		defer cancel()
		if err := c.DialWithContext(dctx); err != nil {
			return fmt.Errorf("mailer: smtp to %s: %w", s.opts.Addr, err)
		}
		conn.c = c
	}
	if err := conn.c.Send(m); err != nil {
		return fmt.Errorf("mailer: smtp to %s: %w", s.opts.Addr, err)
	}
	return nil
}

// IsPermanentSendError reports whether err from Send means retrying cannot
// help: the message is malformed, or the server rejected it with a 5xx
// reply. Connection failures and 4xx replies are temporary.
func IsPermanentSendError(err error) bool {
	if errors.Is(err, errBadMessage) {
		return true
	}
	var se *gomail.SendError
	if errors.As(err, &se) {
		return !se.IsTemp() && se.ErrorCode() >= 500
	}
	return false
}

func (s *Sender) hostPort() (string, int, error) {
	host, portStr, err := net.SplitHostPort(s.opts.Addr)
	if err != nil {
		return "", 0, fmt.Errorf("mailer: smtp address %q: %w", s.opts.Addr, err)
	}
	port, err := strconv.Atoi(portStr)
	if err != nil {
		return "", 0, fmt.Errorf("mailer: smtp port %q: %w", portStr, err)
	}
	return host, port, nil
}

// Send delivers one message now, over its own SMTP connection, and returns
// nil only when the server accepted it.
func (s *Sender) Send(ctx context.Context, o Outbound) error {
	m, err := buildMsg(o, s.opts.Now())
	if err != nil {
		return err
	}
	c, err := s.client()
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, s.opts.Timeout)
	defer cancel()
	if err := c.DialAndSendWithContext(ctx, m); err != nil {
		return fmt.Errorf("mailer: smtp to %s: %w", s.opts.Addr, err)
	}
	return nil
}

// client is an SMTP client for the submission server with the sender's TLS
// and login, not yet connected.
func (s *Sender) client() (*gomail.Client, error) {
	if err := checkPlainAllowed(s.opts.TLS, s.opts.Addr); err != nil {
		return nil, err
	}
	host, port, err := s.hostPort()
	if err != nil {
		return nil, err
	}
	copts := []gomail.Option{
		gomail.WithPort(port),
		gomail.WithHELO(s.opts.HELO),
		gomail.WithTimeout(s.opts.Timeout),
	}
	tlsConfig := &tls.Config{}
	if s.opts.TLSConfig != nil {
		tlsConfig = s.opts.TLSConfig.Clone()
	}
	if tlsConfig.ServerName == "" {
		tlsConfig.ServerName = host
	}
	switch s.opts.TLS {
	case TLSImplicit:
		copts = append(copts, gomail.WithSSL(), gomail.WithTLSConfig(tlsConfig))
	case TLSStartTLS:
		copts = append(copts, gomail.WithTLSPolicy(gomail.TLSMandatory), gomail.WithTLSConfig(tlsConfig))
	default:
		copts = append(copts, gomail.WithTLSPolicy(gomail.NoTLS))
	}
	switch {
	case s.opts.OAuth2 != nil:
		auth, err := s.opts.OAuth2.smtpAuth(s.opts.User)
		if err != nil {
			return nil, err
		}
		copts = append(copts, gomail.WithSMTPAuthCustom(auth))
	case s.opts.User != "":
		copts = append(copts, gomail.WithSMTPAuth(gomail.SMTPAuthPlain),
			gomail.WithUsername(s.opts.User), gomail.WithPassword(s.opts.Password))
	}
	c, err := gomail.NewClient(host, copts...)
	if err != nil {
		return nil, fmt.Errorf("mailer: smtp client: %w", err)
	}
	return c, nil
}
