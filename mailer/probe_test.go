package mailer

import (
	"context"
	"errors"
	"io"
	"net"
	"testing"

	"github.com/emersion/go-smtp"
)

// ProbeSMTP asks a server that refuses relay, as Postfix does for a client
// it does not relay for, for an address of another domain: the refusal is
// a RefusedError with the server's code and words. Nothing is sent either
// way: the probe never comes to DATA.
func TestProbeSMTPRelay(t *testing.T) {
	srv := startDemo(t)
	send := SendOptions{Addr: srv.SMTPAddr, TLS: TLSNone, User: srv.Club, Password: "postal"}
	ctx := context.Background()
	err := ProbeSMTP(ctx, send, srv.Club, "someone@elsewhere.test")
	var refused *RefusedError
	if !errors.As(err, &refused) || refused.Command != "RCPT TO" || refused.Addr != "someone@elsewhere.test" || refused.Code != 554 ||
		refused.Msg != "5.7.1 <someone@elsewhere.test>: Relay access denied" || refused.Temporary() {
		t.Fatalf("ProbeSMTP to another domain, relay refused: %#v (%v)", refused, err)
	}
	srv.SetRelay(true)
	if err := ProbeSMTP(ctx, send, srv.Club, "someone@elsewhere.test"); err != nil {
		t.Fatalf("ProbeSMTP to another domain, relayed: %v", err)
	}
	// The club's own address: a recipient the server delivers to itself.
	if err := ProbeSMTP(ctx, send, srv.Club, srv.Club); err != nil {
		t.Fatalf("ProbeSMTP to the club: %v", err)
	}
	if got := srv.Relayed(); len(got) != 0 {
		t.Errorf("the probe sent mail: %+v", got)
	}
	if n, err := srv.NumMessages(srv.Club, "INBOX"); err != nil || n != 0 {
		t.Errorf("the probe delivered %d mails to the club (%v)", n, err)
	}
	// A wrong password is no refusal of an address: the login failed.
	send.Password = "wrong"
	if err := ProbeSMTP(ctx, send, srv.Club, "someone@elsewhere.test"); err == nil || errors.As(err, &refused) {
		t.Errorf("ProbeSMTP with a wrong password: %v", err)
	}
}

// refusing is an SMTP server's session that refuses the sender, or the
// recipient, with the error given, and counts the mails that reached
// DATA.
type refusing struct {
	mail, rcpt error
	data       *int
}

func (s refusing) NewSession(*smtp.Conn) (smtp.Session, error) { return s, nil }
func (s refusing) Mail(string, *smtp.MailOptions) error        { return s.mail }
func (s refusing) Rcpt(string, *smtp.RcptOptions) error        { return s.rcpt }
func (s refusing) Data(io.Reader) error                        { *s.data++; return nil }
func (s refusing) Reset()                                      {}
func (s refusing) Logout() error                               { return nil }

// A server that refuses the club's address as sender (Postfix's
// reject_sender_login_mismatch) is a RefusedError of MAIL FROM; a 4xx
// answer is a temporary one.
func TestProbeSMTPSenderRefused(t *testing.T) {
	for _, c := range []struct {
		name      string
		s         refusing
		command   string
		code      int
		temporary bool
	}{
		{"sender", refusing{mail: &smtp.SMTPError{Code: 553, EnhancedCode: smtp.EnhancedCode{5, 7, 1}, Message: "<postal@club.example>: Sender address rejected: not owned by user"}}, "MAIL FROM", 553, false},
		{"deferred", refusing{rcpt: &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "Temporary lookup failure"}}, "RCPT TO", 451, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			data := 0
			c.s.data = &data
			srv := smtp.NewServer(c.s)
			srv.Domain = "localhost"
			l, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			go srv.Serve(l)
			t.Cleanup(func() { srv.Close() })
			err = ProbeSMTP(context.Background(), SendOptions{Addr: l.Addr().String(), TLS: TLSNone}, "postal@club.example", "someone@elsewhere.example")
			var refused *RefusedError
			if !errors.As(err, &refused) || refused.Command != c.command || refused.Code != c.code || refused.Temporary() != c.temporary {
				t.Errorf("ProbeSMTP: %#v (%v), want %s refused with %d", refused, err, c.command, c.code)
			}
			if data != 0 {
				t.Errorf("%d mails came to DATA", data)
			}
		})
	}
}
