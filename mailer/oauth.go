package mailer

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/emersion/go-sasl"
	"github.com/wneessen/go-mail/smtp"
	"golang.org/x/oauth2"
)

// OAuth2 logs in with an OAuth2 access token instead of a password, as
// Microsoft 365 and Google Workspace require: SASL XOAUTH2 (the
// providers' own) or OAUTHBEARER (RFC 7628). The token is asked of Token at
// every login, so a token refreshed since the last one is used; a
// connection that stays up needs no new token.
type OAuth2 struct {
	// Mechanism is "XOAUTH2" or "OAUTHBEARER"; "" means XOAUTH2, which
	// every provider that offers OAuth2 for mail accepts.
	Mechanism string
	// Token gives the access token; oauth2.ReuseTokenSource refreshes it
	// when it expires.
	Token oauth2.TokenSource
}

// Mechanisms are the OAuth2 SASL mechanisms postal speaks.
var Mechanisms = []string{"XOAUTH2", "OAUTHBEARER"}

func (o *OAuth2) mechanism() (string, error) {
	m := strings.ToUpper(o.Mechanism)
	if m == "" {
		m = "XOAUTH2"
	}
	for _, ok := range Mechanisms {
		if m == ok {
			return m, nil
		}
	}
	return "", fmt.Errorf("mailer: oauth2: no mechanism %q (XOAUTH2 or OAUTHBEARER)", o.Mechanism)
}

// TokenError is a login that failed before it began: no access token
// came from the provider's token endpoint. Its fix is never the mail
// account's password: the provider refused the refresh token
// (it expired or was revoked: postal oauth gets a new one), or the
// endpoint did not answer (the network), or the config lacks what the
// token needs.
type TokenError struct{ Err error }

func (e *TokenError) Error() string {
	msg := "mailer: oauth2 token: " + e.Err.Error()
	switch code := e.Code(); {
	case code == "invalid_grant":
		return msg + " (the refresh token expired or was revoked: run postal oauth again)"
	case code != "":
		return msg + " (the provider refused: check [oauth2] client_id, its secret and scopes)"
	case e.Unreachable():
		return msg + " (the token endpoint did not answer: check the network to [oauth2] token_url)"
	}
	return msg
}

func (e *TokenError) Unwrap() error { return e.Err }

// Code is the OAuth error code of the provider's refusal (RFC 6749
// section 5.2: invalid_grant for a refresh token that no longer works);
// "" when the provider did not answer with one.
func (e *TokenError) Code() string {
	var re *oauth2.RetrieveError
	if errors.As(e.Err, &re) {
		switch {
		case re.ErrorCode != "":
			return re.ErrorCode
		case re.Response != nil:
			return fmt.Sprintf("HTTP %d", re.Response.StatusCode)
		}
		return "refused"
	}
	return ""
}

// Unreachable reports that the token endpoint did not answer.
func (e *TokenError) Unreachable() bool {
	var ue *url.Error
	return errors.As(e.Err, &ue)
}

// token is the current access token.
func (o *OAuth2) token() (string, error) {
	t, err := o.Token.Token()
	if err != nil {
		return "", &TokenError{err}
	}
	if t.AccessToken == "" {
		return "", errors.New("mailer: oauth2 token: the token endpoint gave no access token")
	}
	return t.AccessToken, nil
}

// login is the mechanism and the current token.
func (o *OAuth2) login() (mech, tok string, err error) {
	if mech, err = o.mechanism(); err != nil {
		return "", "", err
	}
	tok, err = o.token()
	return mech, tok, err
}

// saslClient is the IMAP login of user with the current token.
func (o *OAuth2) saslClient(user string) (sasl.Client, error) {
	mech, tok, err := o.login()
	if err != nil {
		return nil, err
	}
	if mech == "OAUTHBEARER" {
		return sasl.NewOAuthBearerClient(&sasl.OAuthBearerOptions{Username: user, Token: tok}), nil
	}
	return xoauth2Client{ir: xoauth2Response(user, tok)}, nil
}

// smtpAuth is the SMTP login of user with the current token.
func (o *OAuth2) smtpAuth(user string) (smtp.Auth, error) {
	mech, tok, err := o.login()
	if err != nil {
		return nil, err
	}
	if mech == "OAUTHBEARER" {
		return oauthBearerAuth{sasl.NewOAuthBearerClient(&sasl.OAuthBearerOptions{Username: user, Token: tok})}, nil
	}
	return smtp.XOAuth2Auth(user, tok), nil
}

// xoauth2Response is XOAUTH2's one message: the user and the bearer token.
func xoauth2Response(user, token string) []byte {
	return []byte("user=" + user + "\x01auth=Bearer " + token + "\x01\x01")
}

// xoauth2Client is SASL XOAUTH2 (go-sasl has only OAUTHBEARER). A refused
// token is answered with a JSON challenge, to which the client sends an
// empty response so that the server can finish with its error.
type xoauth2Client struct{ ir []byte }

func (c xoauth2Client) Start() (string, []byte, error) { return "XOAUTH2", c.ir, nil }

func (c xoauth2Client) Next(challenge []byte) ([]byte, error) { return []byte{}, nil }

// oauthBearerAuth is go-sasl's OAUTHBEARER client as an SMTP login.
type oauthBearerAuth struct{ c sasl.Client }

func (a oauthBearerAuth) Start(*smtp.ServerInfo) (string, []byte, error) { return a.c.Start() }

func (a oauthBearerAuth) Next(fromServer []byte, more bool) ([]byte, error) {
	if !more {
		return nil, nil
	}
	return a.c.Next(fromServer)
}
