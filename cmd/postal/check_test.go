package main

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"postal/archive"
	"postal/mailer/demoserver"
)

// checkRig is a club's config against the in-process mail servers, which
// sign the club's mail, and a DNS server of the test's, in a folder of its
// own.
type checkRig struct {
	srv  *demoserver.Server
	dns  *testDNS
	dir  string
	key  ed25519.PublicKey
	conf map[string]string // settings of the config, "section.key" = TOML value
}

// noSigning in the options of newCheckRig starts a mail server that does
// not sign the club's mail, as Postfix does with OpenDKIM stopped.
var noSigning = &demoserver.DKIMKey{}

// sendsFrom is the public address of the test's machine, from which mail
// relayed by the SMTP server on loopback leaves.
var sendsFrom = net.ParseIP("192.0.2.10")

func newCheckRig(t *testing.T, opts demoserver.Options) *checkRig {
	opts.IMAPAddr, opts.SMTPAddr = "127.0.0.1:0", "127.0.0.1:0"
	pub, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	switch opts.DKIM {
	case nil:
		opts.DKIM = &demoserver.DKIMKey{Selector: "mail", Key: key}
	case noSigning:
		opts.DKIM = nil
	}
	srv, err := demoserver.Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	// The club's SMTP server relays its mail to other domains, as a
	// submission server must (kept by the server, not sent on).
	srv.SetRelay(true)
	dns := startDNS(t)
	dns.TXT("demo.test", "v=spf1 ip4:192.0.2.0/24 -all")
	dns.TXT("_dmarc.demo.test", "v=DMARC1; p=quarantine")
	dns.TXT("mail._domainkey.demo.test", dkimRecordOf(pub))
	dir := t.TempDir()
	ih, ip, _ := net.SplitHostPort(srv.IMAPAddr)
	sh, sp, _ := net.SplitHostPort(srv.SMTPAddr)
	t.Setenv("POSTAL_CHECK_PASSWORD", "postal")
	return &checkRig{srv: srv, dns: dns, dir: dir, key: pub, conf: map[string]string{
		"database":           fmt.Sprintf("%q", filepath.Join(dir, "postal.db")),
		"club.address":       fmt.Sprintf("%q", srv.Club),
		"club.dkim_selector": `"mail"`,
		"club.dns_resolver":  fmt.Sprintf("%q", dns.Addr),
		"imap.host":          fmt.Sprintf("%q", ih),
		"imap.port":          ip,
		"imap.tls":           `"none"`,
		"imap.user":          fmt.Sprintf("%q", srv.Club),
		"imap.password_env":  `"POSTAL_CHECK_PASSWORD"`,
		"imap.processed":     `"processed"`,
		"smtp.host":          fmt.Sprintf("%q", sh),
		"smtp.port":          sp,
		"smtp.tls":           `"none"`,
		"smtp.user":          fmt.Sprintf("%q", srv.Club),
		"smtp.password_env":  `"POSTAL_CHECK_PASSWORD"`,
		"site.out":           fmt.Sprintf("%q", filepath.Join(dir, "site")),
	}}
}

// dkimRecordOf is the TXT record that publishes an Ed25519 DKIM key.
func dkimRecordOf(pub ed25519.PublicKey) string {
	return "v=DKIM1; k=ed25519; p=" + base64.StdEncoding.EncodeToString(pub)
}

// writeConfig writes the rig's config, and returns its path.
func (r *checkRig) writeConfig(t *testing.T) string {
	t.Helper()
	var top, sections []string
	bySection := map[string][]string{}
	for k, v := range r.conf {
		section, key, ok := strings.Cut(k, ".")
		if !ok {
			top = append(top, k+" = "+v)
			continue
		}
		bySection[section] = append(bySection[section], key+" = "+v)
	}
	for _, s := range []string{"club", "imap", "smtp", "site", "oauth2", "bots"} {
		sections = append(sections, "["+s+"]\n"+strings.Join(bySection[s], "\n"))
	}
	path := filepath.Join(r.dir, "postal.toml")
	if err := os.WriteFile(path, []byte(strings.Join(top, "\n")+"\n"+strings.Join(sections, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// check writes the config and runs postal check on it.
func (r *checkRig) check(t *testing.T) (string, error) {
	t.Helper()
	path := r.writeConfig(t)
	var out strings.Builder
	c := &checker{w: &out, wait: 5e9, localAddrs: func() ([]net.IP, error) {
		// Loopback, a private and a link-local address are not where
		// mail leaves from; sendsFrom is.
		return []net.IP{net.ParseIP("127.0.0.1"), net.ParseIP("10.1.2.3"), sendsFrom, net.ParseIP("fe80::1")}, nil
	}}
	err := c.run(context.Background(), path)
	return out.String(), err
}

// lines says that out has a line of status for each check named.
func lines(t *testing.T, out, status string, names ...string) {
	t.Helper()
	for _, n := range names {
		if !strings.Contains(out, fmt.Sprintf("  %-5s %-13s", status, n)) {
			t.Errorf("no %s line for %s:\n%s", status, n, out)
		}
	}
}

// Every check green on a club that is set up right (issue 29), and the test
// mail to the plus address gone again afterwards.
func TestCheckAllGood(t *testing.T) {
	r := newCheckRig(t, demoserver.Options{})
	out, err := r.check(t)
	if err != nil {
		t.Fatalf("postal check: %v\n%s", err, out)
	}
	t.Log("\n" + out)
	lines(t, out, "ok", "config", "database", "site", "bot", "imap login", "folders", "smtp login", "relay", "resolver", "plus address", "dkim", "spf", "dmarc")
	if !strings.Contains(out, "verifies against the key at mail._domainkey.demo.test") || !strings.Contains(out, "lets 192.0.2.10 send") {
		t.Errorf("the dkim and spf lines do not say what they proved:\n%s", out)
	}
	if strings.Contains(out, "FAIL") || !strings.HasSuffix(out, "postal check: all good\n") {
		t.Errorf("a failure among the checks:\n%s", out)
	}
	if n, err := r.srv.NumMessages(r.srv.Club, "INBOX"); err != nil || n != 0 {
		t.Errorf("the test mail stayed in the club's INBOX: %d (%v)", n, err)
	}
}

// Each thing the config can get wrong fails its own check with a fix, and
// the others still run.
func TestCheckNamesEachFailureWithItsFix(t *testing.T) {
	for _, c := range []struct {
		name   string
		opts   demoserver.Options
		change func(r *checkRig)
		failed []string // the checks that fail
		fix    string   // what the first one's fix says
	}{
		{name: "wrong password", change: func(r *checkRig) { t.Setenv("POSTAL_CHECK_PASSWORD", "wrong") },
			failed: []string{"imap login", "smtp login"}, fix: "check [imap] user and its password; Gmail, Google Workspace and Microsoft 365 refuse"},
		{name: "missing folder", change: func(r *checkRig) { r.conf["imap.mailbox"] = `"postal-inbox"` },
			failed: []string{"folders"}, fix: "create it in the mail account, or set [imap] mailbox"},
		{name: "no plus addressing", opts: demoserver.Options{NoPlusAddressing: true},
			failed: []string{"plus address"}, fix: "Turn on plus addressing (Postfix: recipient_delimiter = +"},
		{name: "unwritable database folder", change: func(r *checkRig) { r.conf["database"] = fmt.Sprintf("%q", unwritable(t)+"/postal.db") },
			failed: []string{"database"}, fix: "a file in a folder that exists and that the user postal runs as can write"},
		{name: "missing database folder", change: func(r *checkRig) { r.conf["database"] = fmt.Sprintf("%q", filepath.Join(r.dir, "no", "postal.db")) },
			failed: []string{"database"}, fix: "a file in a folder that exists"},
		{name: "no DMARC", change: func(r *checkRig) { r.dns.TXT("_dmarc.demo.test") },
			failed: []string{"dmarc"}, fix: "publish a TXT record at _dmarc.demo.test"},
		// Issue 34, finding 1: each of these said "all good".
		{name: "the DNS key is not the signer's", change: func(r *checkRig) {
			other, _, _ := ed25519.GenerateKey(rand.Reader)
			r.dns.TXT("mail._domainkey.demo.test", dkimRecordOf(other))
		}, failed: []string{"dkim"}, fix: "the record holds another key than the one the signer signs with"},
		{name: "the mail server does not sign", opts: demoserver.Options{DKIM: noSigning},
			failed: []string{"dkim"}, fix: "must sign the club's mail for demo.test. With docs/deploy.md's OpenDKIM: is it running"},
		{name: "no key at the selector", change: func(r *checkRig) { r.dns.TXT("mail._domainkey.demo.test") },
			failed: []string{"dkim"}, fix: "publish the signer's public key as a TXT record at mail._domainkey.demo.test"},
		{name: "SPF names another machine", change: func(r *checkRig) { r.dns.TXT("demo.test", "v=spf1 a:elsewhere.example ~all") },
			failed: []string{"spf"}, fix: "naming the machines that send its mail"},
		{name: "SPF lets anyone send", change: func(r *checkRig) { r.dns.TXT("demo.test", "v=spf1 mx +all") },
			failed: []string{"spf"}, fix: "naming the machines that send its mail"},
		{name: "the configured resolver does not answer", change: func(r *checkRig) { r.conf["club.dns_resolver"] = `"127.0.0.1:1"` },
			failed: []string{"resolver"}, fix: "postal verifies players' DKIM signatures through it"},
		// s34, finding 7: a config failure names the setting to change, not
		// "postal.example.toml documents every setting".
		{name: "failed is the watched mailbox", change: func(r *checkRig) { r.conf["imap.failed"] = `"INBOX"` },
			failed: []string{"config"}, fix: "change failed in [imap] of "},
		{name: "processed is the watched mailbox", change: func(r *checkRig) { r.conf["imap.processed"] = `"inbox"` },
			failed: []string{"config"}, fix: "change processed in [imap] of "},
		{name: "a resolver without its port", change: func(r *checkRig) { r.conf["club.dns_resolver"] = `"127.0.0.1"` },
			failed: []string{"config"}, fix: "change dns_resolver in [club] of "},
		{name: "a setting postal does not have", change: func(r *checkRig) { r.conf["imap.folder"] = `"postal"` },
			failed: []string{"config"}, fix: "remove folder from [imap] of "},
		{name: "check_recipient of the club's domain", change: func(r *checkRig) { r.conf["smtp.check_recipient"] = `"me@demo.test"` },
			failed: []string{"config"}, fix: "change check_recipient in [smtp] of "},
		{name: "check_recipient that is no address", change: func(r *checkRig) { r.conf["smtp.check_recipient"] = `"Me <me@elsewhere.test>"` },
			failed: []string{"config"}, fix: "change check_recipient in [smtp] of "},
		{name: "check_recipient in [imap]", change: func(r *checkRig) { r.conf["imap.check_recipient"] = `"me@elsewhere.test"` },
			failed: []string{"config"}, fix: "remove check_recipient from [imap] of "},
		{name: "a line that is not TOML", change: func(r *checkRig) { r.conf["club.name"] = `"The Club` },
			failed: []string{"config"}, fix: "mend line "},
		{name: "no TLS of that name", change: func(r *checkRig) { r.conf["smtp.tls"] = `"ssl"` },
			failed: []string{"config"}, fix: "change tls in [smtp] of "},
		// s34, finding 7: a server that refuses the connection is not
		// running or not listening there; its host, port and tls are right.
		{name: "the mail server is not running", change: func(r *checkRig) {
			port := closedPort(t)
			r.conf["imap.port"], r.conf["smtp.port"] = port, port
		}, failed: []string{"imap login", "smtp login"}, fix: "the mail server is not running, or not listening at 127.0.0.1:"},
		{name: "the mail server closes the connection", change: func(r *checkRig) {
			port := hangingUp(t)
			r.conf["imap.port"], r.conf["smtp.port"] = port, port
		}, failed: []string{"imap login", "smtp login"}, fix: "closed the connection"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newCheckRig(t, c.opts)
			if c.change != nil {
				c.change(r)
			}
			out, err := r.check(t)
			if err != errChecksFailed || !strings.HasSuffix(out, fmt.Sprintf("postal check: %d failed\n", len(c.failed))) {
				t.Fatalf("postal check: %v, want %d failures:\n%s", err, len(c.failed), out)
			}
			t.Log("\n" + out)
			lines(t, out, "FAIL", c.failed...)
			// The fix is the line after the first failure's.
			_, after, _ := strings.Cut(out, "FAIL  "+fmt.Sprintf("%-13s", c.failed[0]))
			_, fix, _ := strings.Cut(after, "\n        fix: ")
			if fix, _, _ = strings.Cut(fix, "\n"); !strings.Contains(fix, c.fix) {
				t.Errorf("the fix says %q, not %q:\n%s", fix, c.fix, out)
			}
		})
	}
}

// closedPort is a port of 127.0.0.1 on which nothing listens.
func closedPort(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	_, port, _ := net.SplitHostPort(l.Addr().String())
	l.Close()
	return port
}

// hangingUp is a port of 127.0.0.1 whose server closes every connection
// at once, before its greeting: Postfix's submission does so when the
// Dovecot that checks its passwords is stopped.
func hangingUp(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	_, port, _ := net.SplitHostPort(l.Addr().String())
	return port
}

// unwritable is a folder the test's user cannot create files in: /sys for
// root, whom permissions do not stop.
func unwritable(t *testing.T) string {
	if os.Geteuid() == 0 {
		return "/sys"
	}
	dir := filepath.Join(t.TempDir(), "ro")
	if err := os.Mkdir(dir, 0o500); err != nil {
		t.Fatal(err)
	}
	return dir
}

// A DMARC record that asks receivers to do nothing (p=none) is a warning,
// not "all good" (issue 34): the check says so, and exits 0.
func TestCheckWarnsOfDMARCNone(t *testing.T) {
	r := newCheckRig(t, demoserver.Options{})
	r.dns.TXT("_dmarc.demo.test", "v=DMARC1; p=none; rua=mailto:postmaster@demo.test")
	out, err := r.check(t)
	if err != nil {
		t.Fatalf("postal check: %v, want exit 0 for a warning:\n%s", err, out)
	}
	lines(t, out, "warn", "dmarc")
	if !strings.Contains(out, "publish p=quarantine or p=reject") || !strings.HasSuffix(out, "postal check: nothing failed, 1 warning: see the fixes above\n") {
		t.Errorf("the warning does not say its fix, or the check says all good:\n%s", out)
	}
}

// A check run beside a daemon that runs with another processed folder
// (another config, or one changed since it started) finds its test mail
// where the daemon moved it, and says the folders differ (issue 34: it
// reported a false plus-address failure).
func TestCheckBesideADaemonOfOtherFolders(t *testing.T) {
	r := newCheckRig(t, demoserver.Options{})
	r.conf["imap.processed"] = `"postal/daemon-processed"`
	cfg, err := LoadConfig(r.writeConfig(t))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	d, err := newDaemon(ctx, cfg, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	stopped := make(chan struct{})
	go func() { d.run(ctx); close(stopped) }()
	t.Cleanup(func() { cancel(); <-stopped; d.db.Close() })
	for start := time.Now(); ; time.Sleep(20 * time.Millisecond) {
		state, _ := archive.ReadState(ctx, cfg.Database)
		if state[archive.StateProcessed] == "postal/daemon-processed" {
			if state[archive.StateClub] != cfg.Club.Address {
				t.Errorf("the daemon recorded the club's address %q, not %q", state[archive.StateClub], cfg.Club.Address)
			}
			break
		}
		if time.Since(start) > 10*time.Second {
			t.Fatal("the daemon recorded no folders")
		}
	}
	r.conf["imap.processed"] = `"processed"`
	out, err := r.check(t)
	t.Log("\n" + out)
	if err != nil {
		t.Fatalf("postal check: %v", err)
	}
	lines(t, out, "ok", "plus address")
	lines(t, out, "warn", "folders")
	if !strings.Contains(out, `processed = "postal/daemon-processed" (this config: "processed")`) {
		t.Errorf("the folders line does not name the daemon's folder:\n%s", out)
	}
}

// postal check's site line fails when the site is not writable by the user
// postal runs as, the owner of the database, and names the fix (s34,
// finding 2: "postal site build" run as root left the site to root, the
// daemon's updates failed at every move, and the check said "ok site").
func TestCheckSiteWritableByPostalsUser(t *testing.T) {
	ctx := context.Background()
	r := newCheckRig(t, demoserver.Options{})
	config := r.writeConfig(t)
	db, err := archive.Open(ctx, filepath.Join(r.dir, "postal.db"))
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	if out, stderr, code := postal(t, "site", "build", "--config", config); code != 0 {
		t.Fatalf("postal site build: %d\n%s%s", code, out, stderr)
	}
	gen := filepath.Join(r.dir, ".site.gen")
	var fix string
	if os.Geteuid() == 0 {
		// The site was built by root; postal's user (nobody here) owns
		// the database.
		for _, f := range []string{"postal.db", "postal.db-wal", "postal.db-shm"} {
			os.Chown(filepath.Join(r.dir, f), 65534, 65534)
		}
		fix = "chown -R -h nobody:nogroup " + filepath.Join(r.dir, "site") + " " + gen
	} else {
		gens, _ := filepath.Glob(filepath.Join(gen, "0*[0-9]"))
		if len(gens) == 0 {
			t.Fatal("no generation")
		}
		if err := os.Chmod(gens[0], 0o555); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.Chmod(gens[0], 0o755) })
		fix = "chmod -R u+w " + gen
	}
	out, err := r.check(t)
	t.Log("\n" + out)
	if err != errChecksFailed {
		t.Fatalf("postal check: %v", err)
	}
	lines(t, out, "FAIL", "site")
	_, after, _ := strings.Cut(out, "FAIL  site")
	if !strings.Contains(after, "not writable by nobody, whom postal runs as (the owner of ") || !strings.Contains(after, fix) {
		t.Errorf("the site line does not say who cannot write it, or the fix %q:\n%s", fix, out)
	}
	// Mended as the fix says, the line is ok.
	if os.Geteuid() == 0 {
		filepath.WalkDir(r.dir, func(path string, d fs.DirEntry, err error) error { return os.Lchown(path, 65534, 65534) })
	} else {
		filepath.WalkDir(gen, func(path string, d fs.DirEntry, err error) error {
			if d.IsDir() {
				os.Chmod(path, 0o755)
			}
			return nil
		})
	}
	out, _ = r.check(t)
	lines(t, out, "ok", "site")
}

// A failing postal check ends with one summary line, on its output, and
// exits 1 (s34: a second one, "some checks failed", came on stderr).
func TestCheckFailsWithOneSummary(t *testing.T) {
	r := newCheckRig(t, demoserver.Options{})
	r.conf["imap.failed"] = `"INBOX"`
	out, stderr, code := postal(t, "check", "--config", r.writeConfig(t))
	if code != 1 || stderr != "" || !strings.HasSuffix(out, "postal check: 1 failed\n") {
		t.Errorf("postal check: exit %d, stderr %q:\n%s", code, stderr, out)
	}
}

// The site's folder is not the database's: when postal cannot write in it,
// or it is missing, the site line says what postal makes there and which
// setting to change, not the database's -wal and -shm files.
func TestCheckSiteFolderIsTheSites(t *testing.T) {
	for _, c := range []struct {
		name, folder string
		says         []string
	}{
		{"unwritable", unwritable(t), []string{"cannot write in the folder", "the site's link site and the folder .site.gen"}},
		{"missing", filepath.Join(t.TempDir(), "no"), []string{"does not exist", "set [site] out to a path in an existing folder"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newCheckRig(t, demoserver.Options{})
			r.conf["site.out"] = fmt.Sprintf("%q", filepath.Join(c.folder, "site"))
			out, err := r.check(t)
			if err != errChecksFailed {
				t.Fatalf("postal check: %v\n%s", err, out)
			}
			lines(t, out, "FAIL", "site")
			_, line, _ := strings.Cut(out, "FAIL  site")
			line, _, _ = strings.Cut(line, "\n        fix:")
			for _, s := range c.says {
				if !strings.Contains(line, s) {
					t.Errorf("the site line does not say %q:\n%s", s, out)
				}
			}
			for _, s := range []string{"database", "-wal", "-shm", "archive:"} {
				if strings.Contains(line, s) {
					t.Errorf("the site line speaks of %q:\n%s", s, out)
				}
			}
		})
	}
}

// A database postal's user cannot write fails the database line, with the
// fix: it was "ok" when the file was chmod 0400, since the check only read
// it, and postal serve then fails at its first write.
//
// Run by the owner, the check judges the permissions (mode 0400 here, as
// another user than root) and writes for real, a write rolled back. Root
// writes whatever the permissions say, so as root the file is made
// immutable instead (chattr +i), which stops root too and which only the
// real write finds.
func TestCheckDatabaseReadOnlyToItsOwner(t *testing.T) {
	r := newCheckRig(t, demoserver.Options{})
	path := filepath.Join(r.dir, "postal.db")
	db, err := archive.OpenLog(context.Background(), path, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	fix := "chmod u+w " + path
	if os.Geteuid() == 0 {
		immutable(t, path)
		fix = "chattr -i " + path
	} else if err := os.Chmod(path, 0o400); err != nil {
		t.Fatal(err)
	}
	out, err := r.check(t)
	t.Log("\n" + out)
	if err != errChecksFailed {
		t.Fatalf("postal check: %v", err)
	}
	lines(t, out, "FAIL", "database")
	_, after, _ := strings.Cut(out, "FAIL  database")
	if !strings.Contains(after, path+": cannot write to it") || !strings.Contains(after, fix) {
		t.Errorf("the database line does not say it cannot write, or the fix %q:\n%s", fix, out)
	}
}

// Run by root on a database of postal's user (nobody here) that only it
// may read, the check cannot write for that user: it judges the
// permissions for the owner, as it does the site's.
func TestCheckDatabaseReadOnlyToPostalsUser(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("only root checks a database another user owns")
	}
	r := newCheckRig(t, demoserver.Options{})
	path := filepath.Join(r.dir, "postal.db")
	db, err := archive.OpenLog(context.Background(), path, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	for _, p := range []string{r.dir, path} {
		if err := os.Chown(p, 65534, 65534); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chmod(path, 0o400); err != nil {
		t.Fatal(err)
	}
	out, err := r.check(t)
	t.Log("\n" + out)
	if err != errChecksFailed {
		t.Fatalf("postal check: %v", err)
	}
	lines(t, out, "FAIL", "database")
	_, after, _ := strings.Cut(out, "FAIL  database")
	if !strings.Contains(after, path+": cannot write to it as nobody, whom postal runs as (the owner of "+path+"): "+path+" (nobody's, 0400)") || !strings.Contains(after, "fix: chmod u+w "+path) {
		t.Errorf("the database line does not say who cannot write it, or the fix:\n%s", out)
	}
	// Mended as the fix says (its command, run by the shell), the line is
	// ok.
	_, fix, _ := strings.Cut(after, "fix: ")
	fix, _, _ = strings.Cut(fix, "\n")
	if b, err := exec.Command("sh", "-c", fix).CombinedOutput(); err != nil {
		t.Fatalf("the fix %q: %v %s", fix, err, b)
	}
	out, _ = r.check(t)
	lines(t, out, "ok", "database")
}

// immutable sets the immutable attribute of path (chattr +i) until the
// test ends. A filesystem without attributes (tmpfs, overlayfs) or a
// container without CAP_LINUX_IMMUTABLE refuses it: then root has no way
// here to make a file it cannot write, and the test skips, except under CI.
func immutable(t *testing.T, path string) {
	t.Helper()
	if out, err := exec.Command("chattr", "+i", path).CombinedOutput(); err != nil {
		msg := fmt.Sprintf("chattr +i %s: %v %s: root writes any file but an immutable one", path, err, out)
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	t.Cleanup(func() {
		if out, err := exec.Command("chattr", "-i", path).CombinedOutput(); err != nil {
			t.Errorf("chattr -i %s: %v %s", path, err, out)
		}
	})
}

// An SMTP server that logs postal in but refuses mail for other domains
// fails the relay line with its own answer and the fix: the check said
// "all good" of Postfix's "554 5.7.1 Relay access denied", and every
// answer to a player would have bounced. The probe sends nothing: MAIL
// FROM and RCPT TO, then RSET.
func TestCheckRelayRefused(t *testing.T) {
	r := newCheckRig(t, demoserver.Options{})
	r.srv.SetRelay(false)
	out, err := r.check(t)
	t.Log("\n" + out)
	if err != errChecksFailed || !strings.HasSuffix(out, "postal check: 1 failed\n") {
		t.Fatalf("postal check: %v, want 1 failure", err)
	}
	lines(t, out, "FAIL", "relay")
	lines(t, out, "ok", "smtp login", "plus address", "dkim")
	_, after, _ := strings.Cut(out, "FAIL  relay")
	if !strings.Contains(after, "refused mail from postal@demo.test to postal-check@example.com, outside demo.test: 554 5.7.1 <postal-check@example.com>: Relay access denied") ||
		!strings.Contains(after, "every answer to a player would bounce") || !strings.Contains(after, "permit_sasl_authenticated") {
		t.Errorf("the relay line does not say what the server answered, or the fix:\n%s", out)
	}
	if got := r.srv.Relayed(); len(got) != 0 {
		t.Errorf("the check sent mail outside: %+v", got)
	}
}

// A server that relays passes; the probe sent nothing (no DATA), unless the
// config names a check_recipient, an address of the operator's outside the
// club's domain, which then gets a test mail, signed as players' mail is.
func TestCheckRelay(t *testing.T) {
	r := newCheckRig(t, demoserver.Options{})
	out, err := r.check(t)
	if err != nil {
		t.Fatalf("postal check: %v\n%s", err, out)
	}
	lines(t, out, "ok", "relay")
	if !strings.Contains(out, "takes mail from postal@demo.test to postal-check@example.com (RCPT TO accepted; nothing sent)") {
		t.Errorf("the relay line does not say what it proved:\n%s", out)
	}
	if got := r.srv.Relayed(); len(got) != 0 {
		t.Errorf("the probe sent mail outside: %+v", got)
	}

	r.conf["smtp.check_recipient"] = `"operator@elsewhere.test"`
	out, err = r.check(t)
	t.Log("\n" + out)
	if err != nil {
		t.Fatalf("postal check: %v", err)
	}
	lines(t, out, "ok", "relay")
	if !strings.Contains(out, "a test mail to operator@elsewhere.test was taken for delivery") {
		t.Errorf("the relay line does not name the check_recipient:\n%s", out)
	}
	got := r.srv.Relayed()
	if len(got) != 1 || got[0].To != "operator@elsewhere.test" || got[0].From != "postal@demo.test" {
		t.Fatalf("relayed: %+v, want one mail to operator@elsewhere.test", got)
	}
	if raw := string(got[0].Raw); !strings.Contains(raw, "DKIM-Signature:") || !strings.Contains(raw, "Subject: postal check:") || !strings.Contains(raw, "Auto-Submitted: auto-generated") {
		t.Errorf("the mail to the check_recipient:\n%s", raw)
	}

	// Refused, the check_recipient is what the line names, and it gets
	// nothing.
	r.srv.SetRelay(false)
	out, _ = r.check(t)
	lines(t, out, "FAIL", "relay")
	if !strings.Contains(out, "to operator@elsewhere.test, outside demo.test: 554 5.7.1") {
		t.Errorf("the relay line does not name the check_recipient:\n%s", out)
	}
	if n := len(r.srv.Relayed()); n != 1 {
		t.Errorf("%d mails relayed, want still 1", n)
	}
}
