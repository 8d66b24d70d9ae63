package main

import (
	"context"
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
	smtpErr := mailer.ProbeSMTP(ctx, send)
	if smtpErr != nil {
		c.fail("smtp login", smtpErr, loginFix("smtp", send.Addr, smtpErr))
	} else {
		c.ok("smtp login", fmt.Sprintf("%s as %s", send.Addr, send.User))
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
