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
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"postal/archive"
	"postal/docs/words"
	"postal/mailer"
	"postal/mailer/dkimproof"
)

// runCheck is postal check: every part of a config tried once, a line each,
// with a fix for what fails, before the first player writes. It
// proves rather than looks: its test mail goes through the
// club's SMTP and comes back signed, and the DNS records are judged, not
// only found. Exit status 1 on any failure; warnings say so, and exit 0.
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
	w              io.Writer
	wait           time.Duration
	failed, warned int
	// localAddrs are this machine's addresses, from which mail relayed by
	// an SMTP server on loopback leaves; nil asks the interfaces.
	localAddrs func() ([]net.IP, error)

	// What the checks found that later ones use.
	resolver   *net.Resolver
	resolverOK bool
	trip       *mailer.Trip // the test mail as it came back; nil: it did not
}

// errChecksFailed is postal check's exit status 1 once every line is out,
// the summary among them: nothing more to say.
var errChecksFailed error = exitStatus(1)

func (c *checker) ok(name, detail string) { fmt.Fprintf(c.w, "  ok    %-13s %s\n", name, detail) }

func (c *checker) skip(name, why string) { fmt.Fprintf(c.w, "  skip  %-13s %s\n", name, why) }

// warn is a line that is not a failure but should be mended: postal works,
// less well than it could.
func (c *checker) warn(name, what, fix string) {
	c.warned++
	fmt.Fprintf(c.w, "  warn  %-13s %s\n", name, what)
	if fix != "" {
		fmt.Fprintf(c.w, "        fix: %s\n", fix)
	}
}

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
		c.fail("config", err, configFix(path, err))
		return c.done()
	}
	c.ok("config", fmt.Sprintf("read; the club is %s", cfg.Club.Address))
	c.database(ctx, cfg)
	c.site(cfg)
	c.bot(cfg)
	c.resolver = dkimproof.NetResolver(cfg.Club.DNSResolver)
	// The log of the mail parts goes nowhere: each check says what it found.
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	watch, send, err := cfg.mailOptions(quiet)
	if err != nil {
		c.fail("passwords", err, secretFix(err))
		c.skip("imap, smtp", "need their passwords")
		c.checkResolver(ctx, cfg)
	} else {
		c.mail(ctx, cfg, watch, send)
	}
	c.dkim(ctx, cfg)
	c.spf(ctx, cfg)
	c.dmarc(ctx, cfg)
	return c.done()
}

func (c *checker) done() error {
	warnings := ""
	if c.warned > 0 {
		warnings = ", " + words.Plural(c.warned, "warning")
	}
	switch {
	case c.failed > 0:
		fmt.Fprintf(c.w, "postal check: %d failed%s\n", c.failed, warnings)
		return errChecksFailed
	case c.warned > 0:
		fmt.Fprintf(c.w, "postal check: nothing failed, %s: see the fixes above\n", words.Plural(c.warned, "warning"))
		return nil
	}
	fmt.Fprintln(c.w, "postal check: all good")
	return nil
}

// database: its folder can take the database and its -wal and -shm files,
// and the database, when it exists, passes SQLite's integrity check and
// takes a write of postal's user.
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
	u, ok := c.databaseWritable(ctx, cfg.Database)
	if !ok {
		return
	}
	c.ok("database", fmt.Sprintf("%s: schema version %d, %s, integrity ok, writable by %s", cfg.Database, got.Version, words.Plural(got.Games, "game"), u.name))
}

// databaseWritable: postal's user, the owner of the database (as for the
// site), can write the database, its -wal and -shm files and their
// folder; reading them proves nothing of it, and postal serve would fail at
// its first write. Run as that user (as docs/deploy.md runs it), the check
// writes for real, a write it takes back, which also finds what the
// permissions do not show (the immutable attribute, a read-only mount).
// Run by root or another user, whose write would prove nothing of the
// owner's, it judges the permissions for the owner.
func (c *checker) databaseWritable(ctx context.Context, path string) (postalUser, bool) {
	u := databaseOwner(path)
	folder := filepath.Dir(path)
	bad, err := notWritable(u, folder, []string{path, path + "-wal", path + "-shm"})
	if err != nil {
		c.fail("database", err, "")
		return u, false
	}
	const fails = "postal serve would fail at its first write"
	if len(bad) > 0 {
		// What chown gives the owner may still lack the owner's write
		// bit: chmod follows for all.
		var names, chown, chmod []string
		var fixes []string
		for _, b := range bad {
			names = append(names, b.path+" ("+b.why+")")
			if b.owner != u.uid {
				chown = append(chown, b.path)
			}
			if b.path != folder {
				chmod = append(chmod, b.path)
			}
		}
		if len(chown) > 0 {
			fixes = append(fixes, fmt.Sprintf("chown %s:%s %s", u.name, u.group, strings.Join(chown, " ")))
		}
		if bad[0].path == folder {
			fixes = append(fixes, "chmod u+wx "+folder) // to create files in it, and enter it
		}
		if len(chmod) > 0 {
			fixes = append(fixes, "chmod u+w "+strings.Join(chmod, " "))
		}
		fix := strings.Join(fixes, " && ")
		if len(chown) > 0 {
			fix += " (a command run as root leaves what it writes to root: run postal's commands as runuser -u " + u.name + " -- postal ...)"
		}
		c.fail("database", fmt.Errorf("%s: cannot write to it as %s, whom postal runs as (%s): %s; %s", path, u.name, u.whence, strings.Join(names, ", "), fails), fix)
		return u, false
	}
	if os.Geteuid() != u.uid {
		return u, true
	}
	var ro *archive.ReadOnlyError
	switch err := archive.CheckWritable(ctx, path); {
	case errors.As(err, &ro):
		c.fail("database", fmt.Errorf("%s: cannot write to it (SQLite: %v), though its permissions let %s write it; %s", path, ro.Err, u.name, fails),
			fmt.Sprintf("if lsattr %s shows the immutable attribute (i): chattr -i %s; if its filesystem is mounted read-only (findmnt -T %s): mount it read-write, or set database to a path on another", path, path, folder))
		return u, false
	case err != nil:
		c.fail("database", fmt.Errorf("%s: cannot write to it: %v; %s", path, err, fails), "")
		return u, false
	}
	return u, true
}

// bot: whether the club has its bot, and as whom (a config
// without [bots] has it at its defaults).
func (c *checker) bot(cfg *Config) {
	b := cfg.Bots
	if !b.on() {
		c.skip("bot", "[bots] enabled = false: the club has no bot, and challenges to it are refused")
		return
	}
	name, level, maxLevel := b.options().Settled()
	c.ok("bot", fmt.Sprintf("%q plays every game, levels 1 to %d (%d when a challenge names none)", name, maxLevel, level))
}
