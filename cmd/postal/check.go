package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"postal/archive"
	"postal/mailer"
	"postal/mailer/dkimproof"
)

// runCheck is postal check: every part of a config tried once, a line each,
// with a fix for what fails (issue 29), before the first player writes.
func runCheck(args []string, w io.Writer) error {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	configFile := fs.String("config", "postal.toml", "the config file to check")
	wait := fs.Duration("wait", 30*time.Second, "how long the test mail to the club's plus address may take to arrive")
	if rest, err := parseFlags(fs, args); err != nil {
		return err
	} else if len(rest) > 0 {
		return usageError{"unexpected " + rest[0]}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	c := &checker{w: w, wait: *wait}
	return c.run(ctx, *configFile)
}

// checker runs the checks and writes their lines.
type checker struct {
	w      io.Writer
	wait   time.Duration
	failed int
	// lookupTXT reads DNS TXT records; nil asks the config's resolver.
	lookupTXT func(ctx context.Context, name string) ([]string, error)
}

// errChecksFailed is postal check's exit status 1 once every line is out.
var errChecksFailed = errors.New("some checks failed: see the fixes above")

func (c *checker) ok(name, detail string) { fmt.Fprintf(c.w, "  ok    %-13s %s\n", name, detail) }

func (c *checker) skip(name, why string) { fmt.Fprintf(c.w, "  skip  %-13s %s\n", name, why) }

func (c *checker) fail(name string, err error, fix string) {
	c.failed++
	fmt.Fprintf(c.w, "  FAIL  %-13s %v\n", name, err)
	if fix != "" {
		fmt.Fprintf(c.w, "        fix: %s\n", fix)
	}
}

func (c *checker) run(ctx context.Context, path string) error {
	fmt.Fprintf(c.w, "postal check: %s\n", path)
	cfg, err := LoadConfig(path)
	if err != nil {
		c.fail("config", err, "postal.example.toml documents every setting")
		return c.done()
	}
	c.ok("config", fmt.Sprintf("read; the club is %s", cfg.Club.Address))
	c.database(ctx, cfg)
	c.site(cfg)
	// The log of the mail parts goes nowhere: each check says what it found.
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	watch, send, err := cfg.mailOptions(quiet)
	if err != nil {
		c.fail("passwords", err, "each of [imap] and [smtp] needs password_env (an environment variable that is set) or password_file (a file postal can read)")
		c.skip("imap, smtp", "need their passwords")
	} else {
		c.mail(ctx, cfg, watch, send)
	}
	if c.lookupTXT == nil {
		c.lookupTXT = dkimproof.Resolver(cfg.Club.DNSResolver)
	}
	c.dns(ctx, cfg)
	return c.done()
}

func (c *checker) done() error {
	if c.failed > 0 {
		fmt.Fprintf(c.w, "postal check: %d failed\n", c.failed)
		return errChecksFailed
	}
	fmt.Fprintln(c.w, "postal check: all good")
	return nil
}

// database: its folder can take the database and its -wal and -shm files,
// and the database, when it exists, passes SQLite's integrity check.
func (c *checker) database(ctx context.Context, cfg *Config) {
	if err := archive.CheckFolder(cfg.Database); err != nil {
		c.fail("database", err, fmt.Sprintf("database = %q in the config: a file in a folder that exists and that the user postal runs as can write", cfg.Database))
		return
	}
	if _, err := os.Stat(cfg.Database); errors.Is(err, fs.ErrNotExist) {
		c.ok("database", cfg.Database+": postal creates it at its first start")
		return
	}
	got, err := archive.Check(ctx, cfg.Database)
	if err != nil {
		c.fail("database", err, "restore the latest backup (docs/operating.md)")
		return
	}
	c.ok("database", fmt.Sprintf("%s: schema version %d, %s, integrity ok", cfg.Database, got.Version, count(got.Games, "game")))
}

// site: the site is written as a folder beside its link, so the link's
// folder must be writable.
func (c *checker) site(cfg *Config) {
	if cfg.Site.Out == "" {
		c.skip("site", "[site] out is empty: no site is built")
		return
	}
	if err := archive.CheckFolder(cfg.Site.Out); err != nil {
		c.fail("site", err, fmt.Sprintf("[site] out = %q: postal writes the site beside it, in its folder", cfg.Site.Out))
		return
	}
	c.ok("site", cfg.Site.Out)
}

// mail: the logins, the folders, and a mail to the club's plus address
// that must arrive in its mailbox: reply proof depends on it.
func (c *checker) mail(ctx context.Context, cfg *Config, watch mailer.WatchOptions, send mailer.SendOptions) {
	folders, err := mailer.ProbeIMAP(ctx, watch)
	imapOK := err == nil
	if err != nil {
		c.fail("imap login", err, connectFix("imap", err))
	} else {
		c.ok("imap login", fmt.Sprintf("%s as %s", watch.Addr, watch.User))
		c.folders(cfg, folders)
	}
	if err := mailer.ProbeSMTP(ctx, send); err != nil {
		c.fail("smtp login", err, connectFix("smtp", err))
		c.skip("plus address", "needs the smtp login")
		return
	}
	c.ok("smtp login", fmt.Sprintf("%s as %s", send.Addr, send.User))
	if !imapOK || !folders.Watched {
		c.skip("plus address", "needs the imap login and the watched mailbox")
		return
	}
	local, domain, _ := strings.Cut(cfg.Club.Address, "@")
	to := local + "+check@" + domain
	took, err := mailer.RoundTrip(ctx, watch, send, cfg.Club.Address, to, c.wait)
	if err != nil {
		c.fail("plus address", err, "mail to "+local+"+TOKEN@"+domain+" must reach the club's mailbox: every reply to postal carries the player's token this way. Turn on plus addressing (Postfix: recipient_delimiter = +; Fastmail, Gmail and Microsoft 365 have it on), see docs/deploy.md")
		return
	}
	c.ok("plus address", fmt.Sprintf("a mail to %s arrived in %s (deleted again)", to, took.Round(time.Millisecond)))
}

func (c *checker) folders(cfg *Config, f mailer.Folders) {
	watched := cfg.IMAP.Mailbox
	if watched == "" {
		watched = "INBOX"
	}
	if !f.Watched {
		c.fail("folders", fmt.Errorf("the watched mailbox %q does not exist (the account has %s)", watched, strings.Join(f.All, ", ")),
			"create it in the mail account, or set [imap] mailbox to one of those")
		return
	}
	var later []string
	if !f.Processed {
		later = append(later, cfg.IMAP.Processed)
	}
	if !f.Failed {
		failed := cfg.IMAP.Failed
		if failed == "" {
			failed = "postal-failed"
		}
		later = append(later, failed)
	}
	detail := "watching " + watched
	if len(later) > 0 {
		detail += "; postal creates " + strings.Join(later, " and ") + " at its first start"
	}
	c.ok("folders", detail)
}

// connectFix is the fix for a login that failed: the address when nothing
// answered, else the account.
func connectFix(section string, err error) string {
	var op *net.OpError
	if errors.As(err, &op) || strings.Contains(err.Error(), "dial") {
		return fmt.Sprintf("check [%s] host, port and tls (implicit: 993 for IMAP, 465 for SMTP; starttls: 143, 587)", section)
	}
	return fmt.Sprintf("check [%s] user and its password; Gmail, Google Workspace and Microsoft 365 refuse the account's own password: use an app password, or OAuth2 (docs/deploy.md)", section)
}

// dns: the club's domain publishes SPF and DMARC, and the DKIM key of its
// selector when the config names one, so that mail from the club is
// believed and players' providers sign theirs. Skipped when no resolver
// answers.
func (c *checker) dns(ctx context.Context, cfg *Config) {
	_, domain, _ := strings.Cut(cfg.Club.Address, "@")
	records := []struct{ name, host, prefix, fix string }{
		{"spf", domain, "v=spf1", "publish a TXT record at " + domain + " naming the servers that send its mail, e.g. \"v=spf1 mx -all\""},
		{"dmarc", "_dmarc." + domain, "v=DMARC1", "publish a TXT record at _dmarc." + domain + ", e.g. \"v=DMARC1; p=quarantine\""},
	}
	if cfg.Club.DKIMSelector != "" {
		records = append(records, struct{ name, host, prefix, fix string }{"dkim", cfg.Club.DKIMSelector + "._domainkey." + domain, "v=DKIM1",
			"publish the public key of the signer (OpenDKIM, rspamd or the provider) at " + cfg.Club.DKIMSelector + "._domainkey." + domain})
	}
	for _, r := range records {
		lctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		txt, err := c.lookupTXT(lctx, r.host)
		cancel()
		var dnsErr *net.DNSError
		switch {
		case err != nil && errors.As(err, &dnsErr) && !dnsErr.IsNotFound:
			c.skip(r.name, "no DNS resolver answered ("+err.Error()+")")
			continue
		case err != nil:
			c.fail(r.name, fmt.Errorf("no TXT record at %s", r.host), r.fix)
			continue
		}
		found := ""
		for _, t := range txt {
			if strings.HasPrefix(strings.TrimSpace(t), r.prefix) {
				found = t
			}
		}
		if found == "" {
			c.fail(r.name, fmt.Errorf("no %s record at %s", r.prefix, r.host), r.fix)
			continue
		}
		c.ok(r.name, fmt.Sprintf("%s: %.60s", r.host, found))
	}
	if cfg.Club.DKIMSelector == "" {
		c.skip("dkim", "set [club] dkim_selector to the selector that signs the club's mail to check its key")
	}
}
