package main

import (
	"log/slog"

	"postal/mailer"
)

// mailOptions turns the [imap] and [smtp] sections into the watcher's and
// the sender's options: the daemon runs with them, and postal check tries
// them. The passwords are read here, from their files or environment.
func (c *Config) mailOptions(log *slog.Logger) (mailer.WatchOptions, mailer.SendOptions, error) {
	imapPass, err := c.IMAP.Password()
	if err != nil {
		return mailer.WatchOptions{}, mailer.SendOptions{}, err
	}
	smtpPass, err := c.SMTP.Password()
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
	smtpUser := c.SMTP.User
	if smtpUser == "" {
		smtpUser = c.IMAP.User
	}
	w := mailer.WatchOptions{
		Addr:         c.IMAP.Addr(),
		TLS:          imapTLS,
		User:         c.IMAP.User,
		Password:     imapPass,
		Mailbox:      c.IMAP.Mailbox,
		Processed:    c.IMAP.Processed,
		Failed:       c.IMAP.Failed,
		PollInterval: c.IMAP.PollInterval.Duration,
		Parse:        mailer.ParseOptions{OwnAddresses: []string{c.Club.Address}},
		Logger:       log,
	}
	s := mailer.SendOptions{
		Addr:     c.SMTP.Addr(),
		TLS:      smtpTLS,
		User:     smtpUser,
		Password: smtpPass,
		Logger:   log,
		Now:      c.now,
	}
	return w, s, nil
}
