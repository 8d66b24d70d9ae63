//go:build integration

package main

import (
	"bufio"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/dns/dnsmessage"
)

// TestIntegrationDeployGuide follows docs/deploy.md's own-server path on
// this machine, as a newcomer would on a fresh Debian one (issue 29): every
// sh block of the page, in order, as root. The guide's "systemctl" starts
// the daemons directly (CI has no systemd), and a DNS server of the test's
// serves the guide's DNS table. Then postal check must report every line
// ok, and a player on another domain registers by mail through Postfix,
// Dovecot and OpenDKIM: the welcome comes back signed for the club's
// domain, and a reply to its plus address is answered.
//
// It reconfigures the machine's Postfix, Dovecot and OpenDKIM, so it runs
// only under CI=true or with POSTAL_DEPLOY_TEST=1.
func TestIntegrationDeployGuide(t *testing.T) {
	if os.Getenv("CI") != "true" && os.Getenv("POSTAL_DEPLOY_TEST") != "1" {
		t.Skip("changes this machine's mail servers as docs/deploy.md says: set POSTAL_DEPLOY_TEST=1 (CI=true runs it)")
	}
	if os.Geteuid() != 0 {
		t.Fatal("docs/deploy.md's commands are run as root")
	}
	repo, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	guide, err := os.ReadFile(filepath.Join(repo, "docs", "deploy.md"))
	if err != nil {
		t.Fatal(err)
	}
	blocks := shBlocks(string(guide))
	if len(blocks) < 8 {
		t.Fatalf("docs/deploy.md has %d sh blocks", len(blocks))
	}
	records := dnsTable(string(guide))
	if records["club.example."] == "" || records["_dmarc.club.example."] == "" {
		t.Fatalf("docs/deploy.md's DNS table gives no SPF or DMARC record: %q", records)
	}
	dnsAddr := serveDNS(t, records)
	shims := t.TempDir()
	for name, text := range map[string]string{"systemctl": systemctlShim, "journalctl": journalctlShim} {
		if err := os.WriteFile(filepath.Join(shims, name), []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(stopGuideDaemons)
	logDir := t.TempDir()
	// What an earlier run on this machine left (a laptop's rerun; CI's
	// machine is fresh): the club's database and mail, alice's mailbox.
	stopGuideDaemons()
	guideRun(t, repo, shims, logDir, -1, `rm -rf /var/lib/postal/postal.db* /var/mail/vhosts/club.example /var/mail/vhosts/players.example /var/log/postal-deploy-test.log`)

	var checkOut string
	for i, b := range blocks {
		if strings.Contains(b, "postal check") {
			// The machine's resolver is the test's; and a player of
			// another domain, with a mailbox on this machine too.
			guideRun(t, repo, shims, logDir, -1, `
sed -i 's|^\[club\]$|[club]\ndns_resolver = "`+dnsAddr+`"|' /etc/postal/postal.toml
postconf -e 'virtual_mailbox_domains = club.example players.example'
sed -i '/^alice@players.example:/d' /etc/dovecot/users
echo "alice@players.example:$(doveadm pw -s SHA512-CRYPT -p alice-secret)" >> /etc/dovecot/users
postfix reload`)
		}
		out := guideRun(t, repo, shims, logDir, i, b)
		if strings.Contains(b, "postal check") {
			checkOut = out
		}
	}
	for _, name := range []string{"config", "database", "site", "imap login", "folders", "smtp login", "plus address", "spf", "dmarc", "dkim"} {
		if !regexp.MustCompile(`(?m)^  ok    ` + regexp.QuoteMeta(name) + ` `).MatchString(checkOut) {
			t.Errorf("postal check did not say ok for %s:\n%s", name, checkOut)
		}
	}
	if !strings.HasSuffix(checkOut, "postal check: all good\n") {
		t.Errorf("postal check:\n%s", checkOut)
	}

	// A player writes to the club from her own domain.
	alice := &mailClient{t: t, addr: "alice@players.example", password: "alice-secret", imapAddr: "127.0.0.1:143", smtpAddr: "127.0.0.1:587"}
	alice.send("postal@club.example", "hello", "register alice\n", "", nil)
	// The answer asks for a reply, which proves the address (issue 32).
	answer := alice.await("the answer to register", func(m *gotMail) bool { return strings.Contains(m.Text, "To become alice, reply to this mail") })
	alice.reply(answer, "yes")
	welcome := alice.await("the welcome", func(m *gotMail) bool { return keyRE.MatchString(m.Text) })
	if !regexp.MustCompile(`(?m)^DKIM-Signature:.*(\n\s.*)*\bd=club\.example;`).Match(welcome.Raw) || !strings.Contains(string(welcome.Raw), "s=postal;") {
		t.Errorf("the welcome is not signed for club.example by the guide's selector:\n%.2000s", welcome.Raw)
	}
	if !strings.HasPrefix(welcome.ReplyTo, "postal+") || !strings.HasSuffix(welcome.ReplyTo, "@club.example") {
		t.Fatalf("the welcome's Reply-To %q is not a plus address of the club", welcome.ReplyTo)
	}
	// A reply goes to the plus address, which the guide's Postfix and
	// Dovecot deliver to postal's INBOX.
	alice.reply(welcome, "status")
	status := alice.await("the answer to status", func(m *gotMail) bool { return m.InReplyTo != "" && m != welcome })
	if !strings.Contains(status.Text, "alice") {
		t.Errorf("the answer to status does not speak of alice:\n%s", status.Text)
	}
}

// guideRun runs one block as root with bash -euo pipefail in the repository,
// the shims first on the PATH; it fails the test with the block's output.
func guideRun(t *testing.T, repo, shims, logDir string, i int, block string) string {
	t.Helper()
	out, err := os.CreateTemp(logDir, "block-*.log")
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	cmd := exec.Command("bash", "-euo", "pipefail", "-c", block)
	cmd.Dir = repo
	cmd.Env = append(os.Environ(), "PATH="+shims+":"+os.Getenv("PATH"), "DEBIAN_FRONTEND=noninteractive")
	// A file, not a pipe: the daemons the block starts keep no pipe open
	// for the test to wait on.
	cmd.Stdout, cmd.Stderr = out, out
	err = cmd.Run()
	b, _ := os.ReadFile(out.Name())
	if err != nil {
		t.Fatalf("docs/deploy.md, sh block %d: %v\n%s\n--- its output:\n%s", i+1, err, block, b)
	}
	return string(b)
}

// shBlocks are the page's ```sh blocks, in order.
func shBlocks(md string) []string {
	var blocks []string
	var cur *strings.Builder
	sc := bufio.NewScanner(strings.NewReader(md))
	for sc.Scan() {
		line := sc.Text()
		switch {
		case cur == nil && strings.TrimSpace(line) == "```sh":
			cur = &strings.Builder{}
		case cur != nil && strings.TrimSpace(line) == "```":
			blocks = append(blocks, cur.String())
			cur = nil
		case cur != nil:
			cur.WriteString(line + "\n")
		}
	}
	return blocks
}

// dnsTable reads the TXT records of the guide's DNS table; the DKIM key is
// the file opendkim-genkey writes, read when asked.
func dnsTable(md string) map[string]string {
	records := map[string]string{}
	row := regexp.MustCompile("(?m)^\\| `([^`]+)` \\| TXT \\| `([^`]+)` \\|$")
	for _, m := range row.FindAllStringSubmatch(md, -1) {
		records[m[1]+"."] = m[2]
	}
	return records
}

// dkimRecord is the TXT record opendkim-genkey wrote for the selector.
func dkimRecord() string {
	b, err := os.ReadFile("/etc/opendkim/keys/postal.txt")
	if err != nil {
		return ""
	}
	var parts []string
	for _, m := range regexp.MustCompile(`"([^"]*)"`).FindAllStringSubmatch(string(b), -1) {
		parts = append(parts, m[1])
	}
	return strings.Join(parts, "")
}

// serveDNS answers TXT questions for records (and the DKIM key) on a UDP
// port of loopback, NXDOMAIN for any other name.
func serveDNS(t *testing.T, records map[string]string) string {
	pc, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pc.Close() })
	go func() {
		buf := make([]byte, 1500)
		for {
			n, from, err := pc.ReadFrom(buf)
			if err != nil {
				return
			}
			var msg dnsmessage.Message
			if msg.Unpack(buf[:n]) != nil || len(msg.Questions) != 1 {
				continue
			}
			q := msg.Questions[0]
			name := strings.ToLower(q.Name.String())
			txt := records[name]
			if name == "postal._domainkey.club.example." {
				txt = dkimRecord()
			}
			msg.Header.Response, msg.Header.Authoritative = true, true
			msg.Answers = nil
			switch {
			case txt == "":
				msg.Header.RCode = dnsmessage.RCodeNameError
			case q.Type == dnsmessage.TypeTXT:
				var chunks []string
				for len(txt) > 255 {
					chunks, txt = append(chunks, txt[:255]), txt[255:]
				}
				msg.Answers = []dnsmessage.Resource{{
					Header: dnsmessage.ResourceHeader{Name: q.Name, Type: dnsmessage.TypeTXT, Class: dnsmessage.ClassINET, TTL: 60},
					Body:   &dnsmessage.TXTResource{TXT: append(chunks, txt)},
				}}
			}
			if out, err := msg.Pack(); err == nil {
				pc.WriteTo(out, from)
			}
		}
	}()
	return pc.LocalAddr().String()
}

// stopGuideDaemons stops what the guide started, so that nothing runs on
// after the test.
func stopGuideDaemons() {
	exec.Command("pkill", "-f", "postal serve --config /etc/postal/postal.toml").Run()
	exec.Command("postfix", "stop").Run()
	exec.Command("doveadm", "stop").Run()
	exec.Command("pkill", "-x", "opendkim").Run()
	time.Sleep(500 * time.Millisecond)
}

// systemctlShim is the guide's systemctl on a machine without systemd: it
// starts and restarts the guide's daemons directly.
const systemctlShim = `#!/bin/bash
set -eu
cmd=$1; shift
if [ "$cmd" = enable ] && [ "${1:-}" = --now ]; then shift; cmd=restart; fi
case $cmd in daemon-reload|enable) exit 0;; restart|start|reload) ;; *) echo "systemctl (test): no $cmd" >&2; exit 1;; esac
for unit in "$@"; do
	case $unit in
	opendkim)
		pkill -x opendkim || true; sleep 0.5
		install -d -o opendkim -g opendkim /run/opendkim
		opendkim -x /etc/opendkim.conf </dev/null >/dev/null 2>&1;;
	dovecot)
		doveadm stop >/dev/null 2>&1 || true; sleep 0.5
		dovecot </dev/null >/dev/null 2>&1;;
	postfix)
		postfix stop >/dev/null 2>&1 || true
		postfix start </dev/null >/dev/null 2>&1;;
	postal)
		pkill -f "postal serve --config /etc/postal/postal.toml" || true
		runuser -u postal -- env $(cat /etc/postal/env) /usr/local/bin/postal serve --config /etc/postal/postal.toml </dev/null >>/var/log/postal-deploy-test.log 2>&1 &
		for i in $(seq 100); do grep -q 'postal: running' /var/log/postal-deploy-test.log 2>/dev/null && break; sleep 0.1; done;;
	*) echo "systemctl (test): no unit $unit" >&2; exit 1;;
	esac
done
`

// journalctlShim shows postal's log so far, and returns.
const journalctlShim = `#!/bin/sh
cat /var/log/postal-deploy-test.log 2>/dev/null
exit 0
`
