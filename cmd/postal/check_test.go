package main

import (
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"postal/mailer/demoserver"
)

// checkRig is a club's config against the in-process mail servers, in a
// folder of its own.
type checkRig struct {
	srv  *demoserver.Server
	dir  string
	conf map[string]string // settings of the config, "section.key" = TOML value
}

func newCheckRig(t *testing.T, opts demoserver.Options) *checkRig {
	opts.IMAPAddr, opts.SMTPAddr = "127.0.0.1:0", "127.0.0.1:0"
	srv, err := demoserver.Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	dir := t.TempDir()
	ih, ip, _ := net.SplitHostPort(srv.IMAPAddr)
	sh, sp, _ := net.SplitHostPort(srv.SMTPAddr)
	t.Setenv("POSTAL_CHECK_PASSWORD", "postal")
	return &checkRig{srv: srv, dir: dir, conf: map[string]string{
		"database":           fmt.Sprintf("%q", filepath.Join(dir, "postal.db")),
		"club.address":       fmt.Sprintf("%q", srv.Club),
		"club.dkim_selector": `"mail"`,
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

// check writes the config and runs postal check on it, with DNS answered
// from records.
func (r *checkRig) check(t *testing.T, records map[string]string) (string, error) {
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
	for _, s := range []string{"club", "imap", "smtp", "site", "oauth2"} {
		sections = append(sections, "["+s+"]\n"+strings.Join(bySection[s], "\n"))
	}
	path := filepath.Join(r.dir, "postal.toml")
	if err := os.WriteFile(path, []byte(strings.Join(top, "\n")+"\n"+strings.Join(sections, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	c := &checker{w: &out, wait: 5e9, lookupTXT: func(_ context.Context, name string) ([]string, error) {
		if txt, ok := records[name]; ok {
			return []string{txt}, nil
		}
		return nil, &net.DNSError{Err: "no such host", Name: name, IsNotFound: true}
	}}
	err := c.run(context.Background(), path)
	return out.String(), err
}

var goodDNS = map[string]string{
	"demo.test":                 "v=spf1 mx -all",
	"_dmarc.demo.test":          "v=DMARC1; p=quarantine",
	"mail._domainkey.demo.test": "v=DKIM1; k=rsa; p=MIIB",
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
	out, err := r.check(t, goodDNS)
	if err != nil {
		t.Fatalf("postal check: %v\n%s", err, out)
	}
	lines(t, out, "ok", "config", "database", "site", "imap login", "folders", "smtp login", "plus address", "spf", "dmarc", "dkim")
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
		dns    map[string]string
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
		{name: "no DMARC", dns: map[string]string{"demo.test": "v=spf1 mx -all", "mail._domainkey.demo.test": "v=DKIM1; p=x"},
			failed: []string{"dmarc"}, fix: "publish a TXT record at _dmarc.demo.test"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newCheckRig(t, c.opts)
			if c.change != nil {
				c.change(r)
			}
			dns := c.dns
			if dns == nil {
				dns = goodDNS
			}
			out, err := r.check(t, dns)
			if err != errChecksFailed || !strings.HasSuffix(out, fmt.Sprintf("postal check: %d failed\n", len(c.failed))) {
				t.Fatalf("postal check: %v, want %d failures:\n%s", err, len(c.failed), out)
			}
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
