package demoserver

import (
	"bytes"
	"errors"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"
	"github.com/emersion/go-sasl"
)

// The OAuth2 logins of Options.OAuth2: SASL XOAUTH2 and OAUTHBEARER, on
// IMAP and SMTP alike.

// mechanisms are the SASL mechanisms the servers offer.
func (s *Server) mechanisms() []string {
	if s.oauth2 == nil {
		return []string{sasl.Plain}
	}
	return []string{sasl.Plain, "XOAUTH2", sasl.OAuthBearer}
}

// tokenLogin finds the account a token login names, nil when the token is
// not good for it.
func (s *Server) tokenLogin(user, token string) *account {
	a := s.lookup(user)
	if a == nil || s.oauth2 == nil || !s.oauth2(a.addr, token) {
		return nil
	}
	return a
}

// oauth2Server is the SASL server of an OAuth2 mechanism; in calls it with
// the account logged in. failed and unknown are the protocol's errors.
func (s *Server) oauth2Server(mech string, in func(*account), failed, unknown error) (sasl.Server, error) {
	if s.oauth2 == nil {
		return nil, unknown
	}
	switch mech {
	case "XOAUTH2":
		return xoauth2Server(func(user, token string) error {
			a := s.tokenLogin(user, token)
			if a == nil {
				return failed
			}
			in(a)
			return nil
		}), nil
	case sasl.OAuthBearer:
		return sasl.NewOAuthBearerServer(func(o sasl.OAuthBearerOptions) *sasl.OAuthBearerError {
			a := s.tokenLogin(o.Username, o.Token)
			if a == nil {
				return &sasl.OAuthBearerError{Status: "invalid_token", Schemes: "bearer"}
			}
			in(a)
			return nil
		}), nil
	}
	return nil, unknown
}

// xoauth2Server reads XOAUTH2's one message: "user=U^Aauth=Bearer T^A^A".
type xoauth2Server func(user, token string) error

func (f xoauth2Server) Next(response []byte) ([]byte, bool, error) {
	var user, token string
	for _, kv := range bytes.Split(response, []byte{1}) {
		k, v, _ := bytes.Cut(kv, []byte{'='})
		switch string(k) {
		case "user":
			user = string(v)
		case "auth":
			token = string(bytes.TrimPrefix(v, []byte("Bearer ")))
		}
	}
	if user == "" || token == "" {
		return nil, true, errors.New("demoserver: malformed XOAUTH2 response")
	}
	return nil, true, f(user, token)
}

// The IMAP session offers the same mechanisms (imapserver.SessionSASL).

func (sess *imapSession) AuthenticateMechanisms() []string { return sess.srv.mechanisms() }

func (sess *imapSession) Authenticate(mech string) (sasl.Server, error) {
	if mech == sasl.Plain {
		return sasl.NewPlainServer(func(identity, username, password string) error {
			return sess.Login(username, password)
		}), nil
	}
	return sess.srv.oauth2Server(mech, func(a *account) { sess.UserSession = imapmemserver.NewUserSession(a.user) },
		imapserver.ErrAuthFailed, &imap.Error{Type: imap.StatusResponseTypeNo, Text: "SASL mechanism not supported"})
}

var _ imapserver.SessionSASL = (*imapSession)(nil)
