package dovecot

import (
	"context"
	"io"
	"net"
	"sync"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Relay is an SMTP server on loopback in front of a Dovecot, which has no
// submission service of its own here: every message it accepts is delivered
// into Dovecot by LMTP before the SMTP server says 250, as a real
// submission-plus-delivery chain would. Any PLAIN login is accepted: it is
// for tests on loopback only.
type Relay struct {
	Addr string // 127.0.0.1:port

	srv *smtp.Server
	mu  sync.Mutex
	// Accepted, when set before mail arrives, is called for each accepted
	// message with its raw bytes and the time it was accepted.
	accepted func(raw []byte, at time.Time)
}

// StartRelay starts a relay delivering into d.
func StartRelay(d *Server) (*Relay, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	r := &Relay{Addr: l.Addr().String()}
	r.srv = smtp.NewServer(relayBackend{r, d})
	r.srv.Domain = "localhost"
	r.srv.AllowInsecureAuth = true
	r.srv.MaxMessageBytes = 64 << 20
	r.srv.ReadTimeout = time.Minute
	r.srv.WriteTimeout = time.Minute
	go r.srv.Serve(l)
	return r, nil
}

// OnAccept sets the function called for each accepted message.
func (r *Relay) OnAccept(f func(raw []byte, at time.Time)) {
	r.mu.Lock()
	r.accepted = f
	r.mu.Unlock()
}

// Close stops the relay.
func (r *Relay) Close() error { return r.srv.Close() }

type relayBackend struct {
	r *Relay
	d *Server
}

func (b relayBackend) NewSession(*smtp.Conn) (smtp.Session, error) {
	return &relaySession{b: b}, nil
}

type relaySession struct {
	b    relayBackend
	from string
	to   []string
}

func (s *relaySession) AuthMechanisms() []string { return []string{sasl.Plain} }

func (s *relaySession) Auth(mech string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(identity, username, password string) error { return nil }), nil
}

func (s *relaySession) Mail(from string, _ *smtp.MailOptions) error { s.from = from; return nil }

func (s *relaySession) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.to = append(s.to, to)
	return nil
}

func (s *relaySession) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := s.b.d.Deliver(ctx, s.from, s.to, raw); err != nil {
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: err.Error()}
	}
	s.b.r.mu.Lock()
	f := s.b.r.accepted
	s.b.r.mu.Unlock()
	if f != nil {
		f(raw, time.Now())
	}
	return nil
}

func (s *relaySession) Reset() { s.from, s.to = "", nil }

func (s *relaySession) Logout() error { return nil }
