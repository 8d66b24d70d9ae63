// Package demoserver runs an in-process IMAP and SMTP server on loopback for
// `postal demo` and for tests: users for the club and a few players, and
// mail submitted by SMTP delivered to the addressee's INBOX, plus-addresses
// included. Any name of its domain is a user: its password is the
// name, and its mailbox is made the first time the name logs in or is
// written to, so a person trying the demo can invite friends and a test can
// run a league of many players. Everything lives in memory and is gone on
// Close.
package demoserver

import (
	"bytes"
	"crypto"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"
	"github.com/emersion/go-msgauth/dkim"
	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Options configures Start. The zero value runs the demo on the default
// ports with the default users.
type Options struct {
	// IMAPAddr and SMTPAddr are the listen addresses; "" means
	// 127.0.0.1:1143 and 127.0.0.1:1587. Port 0 picks a free port (tests);
	// the bound addresses are in Server.IMAPAddr and Server.SMTPAddr.
	// Only loopback addresses are accepted: the servers speak plain text.
	IMAPAddr, SMTPAddr string
	// Domain of every address; "" means "demo.test".
	Domain string
	// Club is the club's local part; "" means "postal".
	Club string
	// ClubPassword is the club's IMAP and SMTP password; "" means the same
	// as its local part, like the players'.
	ClubPassword string
	// Players are the players' local parts made at the start; nil means
	// alice, bob and carol. Each player's password is the local part, as
	// every other name's, made on first use.
	Players []string
	// TLSConfig, when set, secures both servers: with STARTTLS, or from the
	// first byte when ImplicitTLS is set. Nil means plain text, the demo's
	// normal mode. Tests of the TLS modes set it.
	TLSConfig   *tls.Config
	ImplicitTLS bool
	// NoPlusAddressing makes the server refuse mail to alice+x@ as a mail
	// server without plus addressing does (postal check's test of it).
	NoPlusAddressing bool
	// OAuth2, when set, lets accounts log in with SASL XOAUTH2 and
	// OAUTHBEARER besides PLAIN: a login of addr with token succeeds when
	// OAuth2(addr, token) says so (tests of postal's OAuth2 logins).
	OAuth2 func(addr, token string) bool
	// Logger receives protocol errors and deliveries; nil means
	// slog.Default().
	Logger *slog.Logger
	// DKIM, when set, signs every submitted mail for Domain before it is
	// delivered, as a mail server with a signing milter does (postal
	// check's tests of the signature of its test mail).
	DKIM *DKIMKey
	// Delivered, when set, is called with each message as it lands in a
	// mailbox (addr is the account's address), so a benchmark can time
	// postal's replies to the instant without polling the mailboxes.
	Delivered func(addr string, raw []byte, at time.Time)
}

// DKIMKey is the key the server signs submitted mail with, published (by
// whoever publishes it) at Selector._domainkey.Domain.
type DKIMKey struct {
	Selector string
	Key      crypto.Signer
}

// Server is a running demo mail server.
type Server struct {
	IMAPAddr string // bound IMAP address, host:port
	SMTPAddr string // bound SMTP address, host:port
	Domain   string
	Club     string // the club's address, e.g. postal@demo.test

	log   *slog.Logger
	mem   *imapmemserver.Server
	imap  *imapserver.Server
	smtp  *smtp.Server
	imapL *trackingListener

	noPlus    bool
	dkim      *DKIMKey
	oauth2    func(addr, token string) bool
	delivered func(addr string, raw []byte, at time.Time)

	mu       sync.Mutex
	users    map[string]*account // by address
	failNext int
	relay    bool      // takes mail for other domains (SetRelay)
	relayed  []Relayed // what it took for them
}

// Relayed is a mail the server took for an address of another domain,
// kept instead of sent on (SetRelay).
type Relayed struct {
	From, To string
	Raw      []byte
}

type account struct {
	addr     string
	password string
	user     *imapmemserver.User
}

// Start listens on both addresses and serves until Close.
func Start(opts Options) (*Server, error) {
	if opts.IMAPAddr == "" {
		opts.IMAPAddr = "127.0.0.1:1143"
	}
	if opts.SMTPAddr == "" {
		opts.SMTPAddr = "127.0.0.1:1587"
	}
	if opts.Domain == "" {
		opts.Domain = "demo.test"
	}
	if opts.Club == "" {
		opts.Club = "postal"
	}
	if opts.ClubPassword == "" {
		opts.ClubPassword = opts.Club
	}
	if opts.Players == nil {
		opts.Players = []string{"alice", "bob", "carol"}
	}
	log := opts.Logger
	if log == nil {
		log = slog.Default()
	}
	for _, a := range []string{opts.IMAPAddr, opts.SMTPAddr} {
		if err := checkLoopback(a); err != nil {
			return nil, err
		}
	}
	s := &Server{
		noPlus:    opts.NoPlusAddressing,
		dkim:      opts.DKIM,
		oauth2:    opts.OAuth2,
		delivered: opts.Delivered,
		Domain:    strings.ToLower(opts.Domain),
		Club:      strings.ToLower(opts.Club + "@" + opts.Domain),
		log:       log.With("component", "demoserver"),
		mem:       imapmemserver.New(),
		users:     map[string]*account{},
	}
	s.addUser(opts.Club, opts.ClubPassword)
	for _, p := range opts.Players {
		s.addUser(p, p)
	}

	il, err := net.Listen("tcp", opts.IMAPAddr)
	if err != nil {
		return nil, fmt.Errorf("demoserver: imap: %w", err)
	}
	sl, err := net.Listen("tcp", opts.SMTPAddr)
	if err != nil {
		il.Close()
		return nil, fmt.Errorf("demoserver: smtp: %w", err)
	}
	s.IMAPAddr, s.SMTPAddr = il.Addr().String(), sl.Addr().String()
	var startTLS *tls.Config
	if opts.TLSConfig != nil {
		if opts.ImplicitTLS {
			il, sl = tls.NewListener(il, opts.TLSConfig), tls.NewListener(sl, opts.TLSConfig)
		} else {
			startTLS = opts.TLSConfig
		}
	}
	s.imapL = &trackingListener{Listener: il, conns: map[net.Conn]struct{}{}}

	s.imap = imapserver.New(&imapserver.Options{
		NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			return &imapSession{srv: s}, nil, nil
		},
		// IMAP4rev2 brings MOVE, UIDPLUS and friends; without it the
		// client falls back to COPY + EXPUNGE.
		Caps:         imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapIMAP4rev2: {}},
		InsecureAuth: true, // loopback only, checked above
		TLSConfig:    startTLS,
		Logger:       printfLogger{s.log.With("proto", "imap")},
	})
	s.smtp = smtp.NewServer(smtpBackend{s})
	s.smtp.Domain = "localhost"
	s.smtp.AllowInsecureAuth = true
	s.smtp.TLSConfig = startTLS
	s.smtp.MaxMessageBytes = 64 << 20
	s.smtp.MaxRecipients = 50
	s.smtp.ReadTimeout = 5 * time.Minute
	s.smtp.WriteTimeout = time.Minute
	s.smtp.ErrorLog = printfLogger{s.log.With("proto", "smtp")}

	go s.imap.Serve(s.imapL)
	go s.smtp.Serve(sl)
	s.log.Info("demoserver: listening", "imap", s.IMAPAddr, "smtp", s.SMTPAddr, "club", s.Club)
	return s, nil
}

func checkLoopback(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("demoserver: address %q: %w", addr, err)
	}
	if host == "localhost" {
		return nil
	}
	if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("demoserver: %q is not a loopback address; the demo servers have no TLS", addr)
	}
	return nil
}

// addUser makes the account local with password; s.mu is held, or the
// server not yet serving.
func (s *Server) addUser(local, password string) *account {
	addr := strings.ToLower(local + "@" + s.Domain)
	u := imapmemserver.NewUser(addr, password)
	_ = u.Create("INBOX", nil)
	s.mem.AddUser(u)
	a := &account{addr: addr, password: password, user: u}
	s.users[addr] = a
	return a
}

// Addresses returns every user's address, the club first.
func (s *Server) Addresses() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for a := range s.users {
		if a != s.Club {
			out = append(out, a)
		}
	}
	slices.Sort(out)
	return append([]string{s.Club}, out...)
}

// lookup finds the account of an address or login name: "alice",
// "alice@demo.test" and "alice+x@demo.test" all name alice. A name of the
// server's domain with no account yet gets one (password: the name); nil
// for another domain or a local part that is no name.
func (s *Server) lookup(name string) *account {
	name = strings.ToLower(strings.TrimSpace(name))
	if !strings.Contains(name, "@") {
		name += "@" + s.Domain
	}
	local, domain, _ := strings.Cut(name, "@")
	local, detail, _ := strings.Cut(local, "+")
	if detail != "" && s.noPlus {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if a := s.users[local+"@"+domain]; a != nil || domain != s.Domain || !demoName(local) {
		return a
	}
	return s.addUser(local, local)
}

// demoName reports whether local may name a demo user: 1 to 64 letters,
// digits, '.', '_' or '-', from a letter or digit.
func demoName(local string) bool {
	if local == "" || len(local) > 64 {
		return false
	}
	for i, r := range local {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
		case i > 0 && (r == '.' || r == '_' || r == '-'):
		default:
			return false
		}
	}
	return true
}

// Deliver appends raw to the INBOX of the account of addr, as a mail
// server's local delivery would.
func (s *Server) Deliver(addr string, raw []byte) error {
	a := s.lookup(addr)
	if a == nil {
		return fmt.Errorf("demoserver: no user %q", addr)
	}
	if _, err := a.user.Append("INBOX", literal{bytes.NewReader(raw)}, &imap.AppendOptions{Time: time.Now()}); err != nil {
		return fmt.Errorf("demoserver: deliver to %s: %w", a.addr, err)
	}
	s.log.Info("demoserver: delivered", "to", a.addr, "bytes", len(raw))
	if s.delivered != nil {
		s.delivered(a.addr, raw, time.Now())
	}
	return nil
}

// NumMessages returns how many messages the mailbox of addr holds.
func (s *Server) NumMessages(addr, mailbox string) (int, error) {
	a := s.lookup(addr)
	if a == nil {
		return 0, fmt.Errorf("demoserver: no user %q", addr)
	}
	st, err := a.user.Status(mailbox, &imap.StatusOptions{NumMessages: true})
	if err != nil {
		return 0, fmt.Errorf("demoserver: status %s %q: %w", a.addr, mailbox, err)
	}
	return int(*st.NumMessages), nil
}

// FailNext makes the next n SMTP submissions fail with a temporary error
// (451), for tests of the sender's retries.
func (s *Server) FailNext(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failNext = n
}

// SetRelay makes the server take mail for addresses of other domains from
// logged-in users, as a submission server that relays does, and keep it
// (Relayed): nothing leaves the machine. Without it, as at the start, it
// refuses them as Postfix refuses relay, 554 5.7.1 Relay access denied.
func (s *Server) SetRelay(on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.relay = on
}

// Relayed returns the mail the server took for other domains, oldest
// first.
func (s *Server) Relayed() []Relayed {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.relayed)
}

// DropConnections closes every open IMAP connection, as a server restart or
// a network failure would; the listener stays open. For tests of
// reconnection.
func (s *Server) DropConnections() {
	s.imapL.dropAll()
}

// Close stops both servers and closes every connection.
func (s *Server) Close() error {
	return errors.Join(s.imap.Close(), s.smtp.Close())
}

type literal struct{ *bytes.Reader }

func (l literal) Size() int64 { return l.Reader.Size() }

// imapSession accepts the bare local part as login name too.
type imapSession struct {
	*imapmemserver.UserSession // nil until logged in
	srv                        *Server
}

func (sess *imapSession) Login(username, password string) error {
	a := sess.srv.lookup(username)
	if a == nil {
		return imapserver.ErrAuthFailed
	}
	if err := a.user.Login(a.addr, password); err != nil {
		return err
	}
	sess.UserSession = imapmemserver.NewUserSession(a.user)
	return nil
}

// idleRecheck bounds how long a change can go unreported during IDLE.
const idleRecheck = 200 * time.Millisecond

// Idle reports changes that happened between the previous command and the
// IDLE command, which imapmemserver's Idle only sends with the next change
// (Dovecot sends them at once): a message delivered in that gap would
// otherwise wait unannounced. It polls first, then idles in short rounds,
// polling between them, which also covers the instant between the poll and
// the inner Idle starting to listen.
func (sess *imapSession) Idle(w *imapserver.UpdateWriter, stop <-chan struct{}) error {
	for {
		if err := sess.UserSession.Poll(w, true); err != nil {
			return err
		}
		tick, inner := make(chan struct{}), make(chan struct{})
		timer := time.AfterFunc(idleRecheck, func() { close(tick) })
		go func() {
			select {
			case <-stop:
			case <-tick:
			}
			close(inner)
		}()
		err := sess.UserSession.Idle(w, inner)
		// Without a selected mailbox the inner Idle returns at once, before
		// inner is closed: then there is nothing to watch.
		returnedEarly := false
		select {
		case <-inner:
		default:
			returnedEarly = true
		}
		if timer.Stop() {
			close(tick) // let the goroutine end
		}
		if err != nil {
			return err
		}
		if returnedEarly {
			<-stop
			return nil
		}
		select {
		case <-stop:
			return nil
		default: // a round ended: poll and idle again
		}
	}
}

var _ imapserver.SessionIMAP4rev2 = (*imapSession)(nil)

type smtpBackend struct{ srv *Server }

func (b smtpBackend) NewSession(*smtp.Conn) (smtp.Session, error) {
	return &smtpSession{srv: b.srv}, nil
}

// smtpSession is one submission: authenticated, to demo addresses, and
// to others' when the server relays.
type smtpSession struct {
	srv     *Server
	user    *account
	from    string
	to      []*account
	outside []string // recipients of other domains, taken to relay
}

func (s *smtpSession) AuthMechanisms() []string { return s.srv.mechanisms() }

func (s *smtpSession) Auth(mech string) (sasl.Server, error) {
	if mech != sasl.Plain {
		return s.srv.oauth2Server(mech, func(a *account) { s.user = a }, smtp.ErrAuthFailed, smtp.ErrAuthUnknownMechanism)
	}
	return sasl.NewPlainServer(func(identity, username, password string) error {
		a := s.srv.lookup(username)
		if a == nil || a.user.Login(a.addr, password) != nil {
			return smtp.ErrAuthFailed
		}
		s.user = a
		return nil
	}), nil
}

func (s *smtpSession) Mail(from string, opts *smtp.MailOptions) error {
	if s.user == nil {
		return smtp.ErrAuthRequired
	}
	s.from = from
	return nil
}

func (s *smtpSession) Rcpt(to string, opts *smtp.RcptOptions) error {
	if s.user == nil {
		return smtp.ErrAuthRequired
	}
	if _, domain, ok := strings.Cut(to, "@"); ok && !strings.EqualFold(strings.TrimSpace(domain), s.srv.Domain) {
		s.srv.mu.Lock()
		relay := s.srv.relay
		s.srv.mu.Unlock()
		if !relay {
			return &smtp.SMTPError{Code: 554, EnhancedCode: smtp.EnhancedCode{5, 7, 1}, Message: "<" + to + ">: Relay access denied"}
		}
		s.outside = append(s.outside, to)
		return nil
	}
	a := s.srv.lookup(to)
	if a == nil || !strings.Contains(to, "@") {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "demoserver: no such user " + to}
	}
	s.to = append(s.to, a)
	return nil
}

func (s *smtpSession) Data(r io.Reader) error {
	body, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s.srv.mu.Lock()
	fail := s.srv.failNext > 0
	if fail {
		s.srv.failNext--
	}
	s.srv.mu.Unlock()
	if fail {
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "demoserver: temporary failure (FailNext)"}
	}
	if k := s.srv.dkim; k != nil {
		var signed bytes.Buffer
		err := dkim.Sign(&signed, bytes.NewReader(body), &dkim.SignOptions{Domain: s.srv.Domain, Selector: k.Selector, Signer: k.Key,
			HeaderCanonicalization: dkim.CanonicalizationRelaxed, BodyCanonicalization: dkim.CanonicalizationSimple})
		if err != nil {
			return fmt.Errorf("demoserver: dkim: %w", err)
		}
		body = signed.Bytes()
	}
	// Local delivery records the envelope sender, as Dovecot's LMTP does.
	raw := append([]byte("Return-Path: <"+s.from+">\r\n"), body...)
	for _, a := range s.to {
		if err := s.srv.Deliver(a.addr, raw); err != nil {
			return err
		}
	}
	if len(s.outside) > 0 {
		s.srv.mu.Lock()
		for _, to := range s.outside {
			s.srv.relayed = append(s.srv.relayed, Relayed{From: s.from, To: to, Raw: body})
		}
		s.srv.mu.Unlock()
	}
	return nil
}

func (s *smtpSession) Reset() { s.from, s.to, s.outside = "", nil, nil }

func (s *smtpSession) Logout() error { return nil }

// trackingListener remembers accepted connections so they can be dropped.
type trackingListener struct {
	net.Listener
	mu    sync.Mutex
	conns map[net.Conn]struct{}
}

func (l *trackingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	tc := &trackedConn{Conn: c, l: l}
	l.mu.Lock()
	l.conns[tc] = struct{}{}
	l.mu.Unlock()
	return tc, nil
}

func (l *trackingListener) dropAll() {
	l.mu.Lock()
	conns := make([]net.Conn, 0, len(l.conns))
	for c := range l.conns {
		conns = append(conns, c)
	}
	l.mu.Unlock()
	for _, c := range conns {
		c.Close()
	}
}

type trackedConn struct {
	net.Conn
	l    *trackingListener
	once sync.Once
}

func (c *trackedConn) Close() error {
	c.once.Do(func() {
		c.l.mu.Lock()
		delete(c.l.conns, c)
		c.l.mu.Unlock()
	})
	return c.Conn.Close()
}

// printfLogger adapts slog to the Printf loggers of go-imap and go-smtp.
type printfLogger struct{ log *slog.Logger }

func (l printfLogger) Printf(format string, v ...any) { l.log.Warn(fmt.Sprintf(format, v...)) }
func (l printfLogger) Println(v ...any)               { l.log.Warn(fmt.Sprint(v...)) }
