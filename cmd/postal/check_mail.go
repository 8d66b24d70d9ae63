package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"postal/archive"
	"postal/mailer"
)

// mail: the logins, the folders, and a mail to the club's plus address
// that must arrive in its mailbox: reply proof depends on it. The mail
// comes back as players' providers receive the club's, signed: dkim
// (check_dns.go) judges its signature.
func (c *checker) mail(ctx context.Context, cfg *Config, watch mailer.WatchOptions, send mailer.SendOptions) {
	folders, err := mailer.ProbeIMAP(ctx, watch)
	imapOK := err == nil
	var daemonFolders []string
	if err != nil {
		c.fail("imap login", err, loginFix("imap", watch.Addr, err))
	} else {
		c.ok("imap login", fmt.Sprintf("%s as %s", watch.Addr, watch.User))
		daemonFolders = c.folders(ctx, cfg, watch, folders)
	}
	outside := relayProbe(cfg)
	smtpErr := mailer.ProbeSMTP(ctx, send, cfg.Club.Address, outside)
	var refused *mailer.RefusedError
	switch {
	case errors.As(smtpErr, &refused):
		// Logged in; the server refused the envelope.
		c.ok("smtp login", fmt.Sprintf("%s as %s", send.Addr, send.User))
		c.relayRefused(cfg, send, refused)
		smtpErr = nil
	case smtpErr != nil:
		c.fail("smtp login", smtpErr, loginFix("smtp", send.Addr, smtpErr))
		c.skip("relay", "needs the smtp login")
	default:
		c.ok("smtp login", fmt.Sprintf("%s as %s", send.Addr, send.User))
		c.relay(ctx, cfg, send, outside)
	}
	// The signature of the test mail is checked against the key the
	// resolver finds: it must answer first.
	c.checkResolver(ctx, cfg)
	switch {
	case smtpErr != nil:
		c.skip("plus address", "needs the smtp login")
		return
	case !imapOK || !folders.Watched:
		c.skip("plus address", "needs the imap login and the watched mailbox")
		return
	}
	local, domain, _ := strings.Cut(cfg.Club.Address, "@")
	to := local + "+check@" + domain
	trip, err := mailer.RoundTrip(ctx, watch, send, cfg.Club.Address, to, c.wait, daemonFolders...)
	if err != nil {
		c.fail("plus address", err, "mail to "+local+"+TOKEN@"+domain+" must reach the club's mailbox: every reply to postal carries the player's token this way. Turn on plus addressing (Postfix: recipient_delimiter = +; Fastmail, Gmail and Microsoft 365 have it on), see docs/deploy.md")
		return
	}
	c.trip = &trip
	c.ok("plus address", fmt.Sprintf("a mail to %s arrived in %s in %s (deleted again)", to, trip.Folder, trip.Took.Round(time.Millisecond)))
}

// folders: the watched mailbox exists, and the folders postal moves mail
// to are not it. It returns the folders of a running daemon that differ
// from the config's, where the daemon may move the test mail.
func (c *checker) folders(ctx context.Context, cfg *Config, watch mailer.WatchOptions, f mailer.Folders) []string {
	names := watch.FolderNames()
	if !f.Watched {
		c.fail("folders", fmt.Errorf("the watched mailbox %q does not exist (the account has %s)", names.Watched, strings.Join(f.All, ", ")),
			"create it in the mail account, or set [imap] mailbox to one of those")
		return nil
	}
	var later []string
	if !f.Processed {
		later = append(later, names.Processed)
	}
	if !f.Failed {
		later = append(later, names.Failed)
	}
	detail := "watching " + names.Watched
	if names.Processed == "" {
		detail += ", marking handled mail \\Seen"
	}
	if len(later) > 0 {
		detail += "; postal creates " + strings.Join(later, " and ") + " at its first start"
	}
	// A daemon that runs with other folders than this config's (started
	// with another file, or not restarted since the file changed) moves
	// the test mail where this config does not say.
	state, err := archive.ReadState(ctx, cfg.Database)
	running := err == nil && runningState(state, time.Now())
	if !running {
		c.ok("folders", detail)
		return nil
	}
	var differ, extra []string
	for _, d := range []struct{ key, setting, ours string }{
		{archive.StateWatched, "mailbox", names.Watched},
		{archive.StateProcessed, "processed", names.Processed},
		{archive.StateFailed, "failed", names.Failed},
	} {
		if theirs, ok := state[d.key]; ok && theirs != d.ours {
			differ = append(differ, fmt.Sprintf("%s = %q (this config: %q)", d.setting, theirs, d.ours))
			if theirs != "" {
				extra = append(extra, theirs)
			}
		}
	}
	if len(differ) == 0 {
		c.ok("folders", detail+"; the running postal uses the same")
		return nil
	}
	c.warn("folders", detail+"; but the running postal uses "+strings.Join(differ, ", "),
		"restart postal (systemctl restart postal) after changing [imap], or check the config it runs with")
	return extra
}

// runningState reports whether daemon_state shows a daemon alive at now.
func runningState(state map[string]string, now time.Time) bool {
	return daemonRunning(archive.Status{Alive: archive.StateTime(state[archive.StateAlive]), Stopped: archive.StateTime(state[archive.StateStopped]),
		Process: state[archive.StateProcess]}, now)
}

// relayProbe is the address outside the club's domain that the relay check
// asks the SMTP server to take mail for: [smtp] check_recipient, or else
// an address of example.com, which is reserved for examples (RFC 2606),
// nobody's mailbox; the probe sends it nothing.
func relayProbe(cfg *Config) string {
	if cfg.SMTP.CheckRecipient != "" {
		return cfg.SMTP.CheckRecipient
	}
	if _, domain, _ := strings.Cut(cfg.Club.Address, "@"); strings.EqualFold(domain, "example.com") {
		return "postal-check@example.net"
	}
	return "postal-check@example.com"
}

// relay: the SMTP server that took the envelope of a mail to an address
// outside the club's domain; with [smtp] check_recipient, a test mail
// goes there too, for the operator to see how the club's mail arrives
// elsewhere.
func (c *checker) relay(ctx context.Context, cfg *Config, send mailer.SendOptions, outside string) {
	takes := fmt.Sprintf("%s takes mail from %s to %s", send.Addr, cfg.Club.Address, outside)
	to := cfg.SMTP.CheckRecipient
	if to == "" {
		c.ok("relay", takes+" (RCPT TO accepted; nothing sent)")
		return
	}
	_, domain, _ := strings.Cut(cfg.Club.Address, "@")
	err := mailer.SendTestMail(ctx, send, cfg.Club.Address, to, "postal check: the club's mail to "+to,
		"postal check sent this mail from "+cfg.Club.Address+" to "+to+" ([smtp] check_recipient)\n"+
			"to see that the club's mail server relays the club's mail to other domains,\n"+
			"as it must every answer to a player.\n\n"+
			"Look at how it arrived, as players' providers receive the club's mail:\n"+
			"its DKIM-Signature (d="+domain+"), the Authentication-Results your\n"+
			"provider added (dkim=pass, spf=pass, dmarc=pass), and whether it was\n"+
			"filed as spam.\n")
	if err != nil {
		c.fail("relay", fmt.Errorf("%s, but not the test mail to it: %v", takes, err),
			"the server's log says why it refused the mail after its recipient (a content filter, a size limit)")
		return
	}
	c.ok("relay", fmt.Sprintf("%s: a test mail to %s was taken for delivery; look at it there (its DKIM-Signature, Authentication-Results and spam folder)", takes, to))
}

// relayRefused: the SMTP server logged postal in but refused the sender or
// the recipient outside the club's domain of a mail.
func (c *checker) relayRefused(cfg *Config, send mailer.SendOptions, r *mailer.RefusedError) {
	_, domain, _ := strings.Cut(cfg.Club.Address, "@")
	answer := fmt.Sprintf("%d %s", r.Code, r.Msg)
	fix := ""
	if r.Temporary() {
		fix = "the server refused for now (4xx): run the check again; if it refuses again, "
	}
	if r.Command == "MAIL FROM" {
		c.fail("relay", fmt.Errorf("%s refused %s as the sender (MAIL FROM): %s; every answer to a player would fail", send.Addr, r.Addr, answer),
			fix+fmt.Sprintf("the server must let [smtp] user (%s) send as the club's address, [club] address (%s): Postfix's smtpd_sender_login_maps; a provider: make it the account's own address, or an alias the account may send as", send.User, cfg.Club.Address))
		return
	}
	fix += fmt.Sprintf("the server must relay the mail of [smtp] user (%s) to any domain once it has logged in. docs/deploy.md's Postfix: smtpd_relay_restrictions = permit_mynetworks, permit_sasl_authenticated, reject_unauth_destination, and smtpd_sasl_auth_enable = yes on the submission port postal sends to ([smtp] port, 587); a provider relays for its accounts on its submission port (587 or 465), not on port 25",
		send.User)
	if cfg.SMTP.CheckRecipient == "" {
		fix += ". If the server refused the address itself, not the relay (its answer names the address or its domain, 5.1.x), set [smtp] check_recipient to an address of yours at another domain"
	}
	c.fail("relay", fmt.Errorf("%s refused mail from %s to %s, outside %s: %s; every answer to a player would bounce", send.Addr, cfg.Club.Address, r.Addr, domain, answer), fix)
}
