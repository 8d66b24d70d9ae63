package main

import (
	"crypto/tls"
	"fmt"
	"log/slog"
	"os"

	"golang.org/x/oauth2"

	"postal/mailer"
)

// mailOptions turns the [imap] and [smtp] sections into the watcher's and
// the sender's options: the daemon runs with them, and postal check tries
// them. The passwords are read here, from their files or environment.
func (c *Config) mailOptions(log *slog.Logger) (mailer.WatchOptions, mailer.SendOptions, error) {
	// One token source serves both logins, so a refresh is shared.
	var ts oauth2.TokenSource
	tokens := func() (oauth2.TokenSource, error) {
		var err error
		if ts == nil {
			ts, err = c.OAuth2.tokenSource()
		}
		return ts, err
	}
	imapPass, imapOAuth, err := c.IMAP.login(tokens)
	if err != nil {
		return mailer.WatchOptions{}, mailer.SendOptions{}, err
	}
	smtpPass, smtpOAuth, err := c.SMTP.login(tokens)
	if err != nil {
		return mailer.WatchOptions{}, mailer.SendOptions{}, err
	}
	imapTLS, err := mailer.ParseTLSMode(c.IMAP.TLS)
	if err != nil {
		return mailer.WatchOptions{}, mailer.SendOptions{}, err
	}
	smtpTLS, err := mailer.ParseTLSMode(c.SMTP.TLS)
	if err != nil {
		return mailer.WatchOptions{}, mailer.SendOptions{}, err
	}
	imapTLSConfig, err := c.IMAP.tlsConfig()
	if err != nil {
		return mailer.WatchOptions{}, mailer.SendOptions{}, err
	}
	smtpTLSConfig, err := c.SMTP.tlsConfig()
	if err != nil {
		return mailer.WatchOptions{}, mailer.SendOptions{}, err
	}
	smtpUser := c.SMTP.User
	if smtpUser == "" {
		smtpUser = c.IMAP.User
	}
	w := mailer.WatchOptions{
		Addr:         c.IMAP.Addr(),
		TLS:          imapTLS,
		TLSConfig:    imapTLSConfig,
		User:         c.IMAP.User,
		Password:     imapPass,
		OAuth2:       imapOAuth,
		Mailbox:      c.IMAP.Mailbox,
		Processed:    c.IMAP.Processed,
		Failed:       c.IMAP.Failed,
		PollInterval: c.IMAP.PollInterval.Duration,
		// Larger mail is kept as its headers and a hash.
		MaxStoredBytes: c.Club.MaxMessageSize,
		Parse:          mailer.ParseOptions{OwnAddresses: []string{c.Club.Address}},
		Logger:         log,
	}
	s := mailer.SendOptions{
		Addr:      c.SMTP.Addr(),
		TLS:       smtpTLS,
		TLSConfig: smtpTLSConfig,
		User:      smtpUser,
		Password:  smtpPass,
		OAuth2:    smtpOAuth,
		Logger:    log,
		Now:       c.now,
	}
	return w, s, nil
}

// tlsConfig is the TLS config of the account's server: nil (the system's
// authorities) unless tls_certificate pins its own certificate.
func (s MailServer) tlsConfig() (*tls.Config, error) {
	if s.TLSCertificate == "" {
		return nil, nil
	}
	b, err := os.ReadFile(s.TLSCertificate)
	if err != nil {
		return nil, fmt.Errorf("config: tls_certificate of %s: %w", s.Host, err)
	}
	c, err := mailer.PinnedTLS(b)
	if err != nil {
		return nil, fmt.Errorf("config: tls_certificate %s: %w", s.TLSCertificate, err)
	}
	return c, nil
}

// login is how the account logs in: its password, or an OAuth2 token.
func (s MailServer) login(tokens func() (oauth2.TokenSource, error)) (string, *mailer.OAuth2, error) {
	o, err := s.oauthLogin(tokens)
	if err != nil || o != nil {
		return "", o, err
	}
	pass, err := s.Password()
	return pass, nil, err
}
