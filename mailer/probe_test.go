package mailer

import (
	"context"
	"errors"
	"testing"
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
