//go:build integration

package main

import (
	"bufio"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"errors"
	"net"
	"net/smtp"
	"net/textproto"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"postal/mailer"
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
	if records["club.example."] == "" || records["_dmarc.club.example."] == "" || records["MX club.example."] != "mx.club.example" {
		t.Fatalf("docs/deploy.md's DNS table gives no SPF, DMARC or MX record: %q", records)
	}
	// The machine's address, as the internet reaches it: the MX's A record,
	// which SPF's "mx" names.
	public := publicAddr(t)
	dns := startDNS(t)
	for name, txt := range records {
		if !strings.HasPrefix(name, "MX ") {
			dns.TXT(name, txt)
		}
	}
	dns.MX("club.example", records["MX club.example."])
	dns.A("mx.club.example", public)
	dnsAddr := dns.Addr
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
	guideRun(t, repo, shims, logDir, -1, `rm -rf /var/lib/postal/postal.db* /var/lib/postal/broken-* /var/mail/vhosts/club.example /var/mail/vhosts/players.example /var/log/postal-deploy-test.log
rm -rf /etc/postal/env /var/www/postal/site /var/www/postal/.site.gen /var/backups/postal/postal-*.db
if test -f /etc/postfix/master.cf; then postconf -MX submission/inet 127.0.0.1:submission/inet 2>/dev/null || true; fi`)

	var checkOut string
	checkBlock := -1
	for i, b := range blocks {
		if strings.Contains(b, "postal check") {
			// The key opendkim-genkey wrote is published; the machine's
			// resolver is the test's; and a player of another domain has
			// a mailbox on this machine too.
			dns.TXT("postal._domainkey.club.example", dkimRecord())
			guideRun(t, repo, shims, logDir, -1, `
sed -i 's|^dns_resolver = .*|dns_resolver = "`+dnsAddr+`"|' /etc/postal/postal.toml
postconf -e 'virtual_mailbox_domains = club.example players.example'
echo 'alice@players.example OK' >> /etc/postfix/vmailbox
postmap /etc/postfix/vmailbox
sed -i '/^alice@players.example:/d' /etc/dovecot/users
echo "alice@players.example:$(doveadm pw -s SHA512-CRYPT -p alice-secret)" >> /etc/dovecot/users
postfix reload`)
		}
		out := guideRun(t, repo, shims, logDir, i, b)
		if strings.Contains(b, "postal check") {
			checkOut, checkBlock = out, i
		}
	}
	for _, name := range []string{"config", "database", "site", "bot", "imap login", "folders", "smtp login", "relay", "resolver", "plus address", "dkim", "spf", "dmarc"} {
		if !regexp.MustCompile(`(?m)^  ok    ` + regexp.QuoteMeta(name) + ` `).MatchString(checkOut) {
			t.Errorf("postal check did not say ok for %s:\n%s", name, checkOut)
		}
	}
	if !strings.HasSuffix(checkOut, "postal check: all good\n") {
		t.Errorf("postal check:\n%s", checkOut)
	}

	// A player writes to the club from her own domain.
	snakeoil, err := os.ReadFile("/etc/ssl/certs/ssl-cert-snakeoil.pem")
	if err != nil {
		t.Fatal(err)
	}
	pinned, err := mailer.PinnedTLS(snakeoil)
	if err != nil {
		t.Fatal(err)
	}
	alice := &mailClient{t: t, addr: "alice@players.example", password: "alice-secret", imapAddr: "127.0.0.1:143", smtpAddr: "127.0.0.1:587", smtpTLS: pinned}
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
	// The guide's config keeps the bot (issue 34: it had none).
	alice.reply(welcome, "challenge bot conflagration level 1")
	game := alice.await("the answer to the challenge", func(m *gotMail) bool {
		return m != welcome && m != status && strings.Contains(m.Text, "bot")
	})
	if !strings.Contains(game.Text, "bot accepted at once") {
		t.Errorf("the guide's club has no bot:\n%s", game.Text)
	}

	// Issue 34: the guide's Postfix is safe on the internet.
	start := time.Now()
	guidePostfixRefusesStrangers(t, public)
	t.Logf("postfix's refusals checked in %s", time.Since(start).Round(time.Millisecond))
	// And postal check cannot say all good when the club's mail goes out
	// unsigned (OpenDKIM stopped) or signed with a key DNS does not hold.
	check := func() (string, error) {
		begin := time.Now()
		out, err := exec.Command("bash", "-c", blocks[checkBlock]).CombinedOutput()
		t.Logf("postal check took %s:\n%s", time.Since(begin).Round(time.Millisecond), out)
		return string(out), err
	}
	stopOpenDKIM(t)
	out, err := check()
	if err == nil || !regexp.MustCompile(`(?m)^  FAIL  dkim +the test mail came back without a DKIM signature`).MatchString(out) || !strings.Contains(out, "OpenDKIM: is it running") {
		t.Errorf("postal check with OpenDKIM stopped: %v\n%s", err, out)
	}
	guideRun(t, repo, shims, logDir, -1, "systemctl restart opendkim")
	dns.TXT("postal._domainkey.club.example", otherDKIMKey(t))
	out, err = check()
	if err == nil || !regexp.MustCompile(`(?m)^  FAIL  dkim +the key published at postal\._domainkey\.club\.example does not verify`).MatchString(out) ||
		!strings.Contains(out, "/etc/opendkim/keys/postal.txt") {
		t.Errorf("postal check with another key in DNS: %v\n%s", err, out)
	}
	dns.TXT("postal._domainkey.club.example", dkimRecord())
	checkRefusals(t, repo, shims, logDir, check, alice)
	t.Logf("postfix's refusals and the failing checks in %s", time.Since(start).Round(time.Millisecond))

	// s34: docs/operating.md on the same machine, as root.
	start = time.Now()
	followOperating(t, repo, shims, logDir, alice)
	t.Logf("docs/operating.md followed in %s", time.Since(start).Round(time.Millisecond))
}

// checkRefusals: postal check, run as the guide prints it, against what an
// operator found it passed: a Postfix that refuses to relay postal's mail
// ("554 5.7.1 Relay access denied": every answer to a player would
// bounce), and a database postal's user cannot write (chmod 0400). Each
// fails its line with the fix; mended, the check is all good again. With
// [smtp] check_recipient, an address of another domain, the check's test
// mail goes there through Postfix and OpenDKIM, signed for the club.
func checkRefusals(t *testing.T, repo, shims, logDir string, check func() (string, error), alice *mailClient) {
	t.Helper()
	run := func(block string) { guideRun(t, repo, shims, logDir, -1, block) }
	// A submission service whose relay restrictions leave out
	// permit_sasl_authenticated (and mynetworks): Postfix logs postal in,
	// then refuses its mail to other domains.
	run(`postconf -P '127.0.0.1:submission/inet/smtpd_relay_restrictions=reject_unauth_destination'
systemctl restart postfix`)
	out, err := check()
	if err == nil || !regexp.MustCompile(`(?m)^  FAIL  relay +127\.0\.0\.1:587 refused mail from postal@club\.example to postal-check@example\.com, outside club\.example: 554 5\.7\.1 <postal-check@example\.com>: Relay access denied; every answer to a player would bounce$`).MatchString(out) ||
		!strings.Contains(out, "smtpd_relay_restrictions = permit_mynetworks, permit_sasl_authenticated, reject_unauth_destination") ||
		!regexp.MustCompile(`(?m)^  ok    smtp login `).MatchString(out) {
		t.Errorf("postal check with a Postfix that refuses relay: %v\n%s", err, out)
	}
	run(`postconf -PX '127.0.0.1:submission/inet/smtpd_relay_restrictions'
systemctl restart postfix`)

	run(`chmod 0400 /var/lib/postal/postal.db`)
	out, err = check()
	if err == nil || !regexp.MustCompile(`(?m)^  FAIL  database +/var/lib/postal/postal\.db: cannot write to it as postal, whom postal runs as \(the owner of /var/lib/postal/postal\.db\): /var/lib/postal/postal\.db \(postal's, 0400\)`).MatchString(out) ||
		!regexp.MustCompile(`(?m)^        fix: chmod u\+w /var/lib/postal/postal\.db$`).MatchString(out) {
		t.Errorf("postal check with the database chmod 0400: %v\n%s", err, out)
	}
	run(`chmod u+w /var/lib/postal/postal.db`)

	run(`sed -i '/^\[smtp\]/a check_recipient = "alice@players.example"' /etc/postal/postal.toml`)
	out, err = check()
	if err != nil || !strings.HasSuffix(out, "postal check: all good\n") ||
		!regexp.MustCompile(`(?m)^  ok    relay +127\.0\.0\.1:587 takes mail from postal@club\.example to alice@players\.example: a test mail to alice@players\.example was taken for delivery`).MatchString(out) ||
		!regexp.MustCompile(`(?m)^  ok    database +/var/lib/postal/postal\.db: .*, writable by postal$`).MatchString(out) {
		t.Errorf("postal check, mended, with a check_recipient: %v\n%s", err, out)
	}
	got := alice.await("postal check's test mail", func(m *gotMail) bool {
		return m.Subject == "postal check: the club's mail to alice@players.example"
	})
	if !regexp.MustCompile(`(?m)^DKIM-Signature:.*(\n\s.*)*\bd=club\.example;`).Match(got.Raw) {
		t.Errorf("postal check's test mail to the check_recipient is not signed for club.example:\n%.2000s", got.Raw)
	}
	run(`sed -i '/^check_recipient = /d' /etc/postal/postal.toml`)
}

// guidePostfixRefusesStrangers: the guide's Postfix refuses an address of
// the club's domain it does not know while the sender is connected, not
// later by a bounce to a forged sender (backscatter), takes the club's
// plus addresses and postmaster, and listens for submission on loopback
// only (issue 34).
func guidePostfixRefusesStrangers(t *testing.T, public net.IP) {
	t.Helper()
	c, err := smtp.Dial(net.JoinHostPort(public.String(), "25"))
	if err != nil {
		t.Fatalf("port 25 of %s, the MX: %v", public, err)
	}
	defer c.Close()
	if err := c.Mail("someone@elsewhere.example"); err != nil {
		t.Fatal(err)
	}
	for rcpt, taken := range map[string]bool{"nobody@club.example": false, "postal+k3x9q2@club.example": true, "postmaster@club.example": true} {
		err := c.Rcpt(rcpt)
		if taken && err != nil {
			t.Errorf("RCPT TO:<%s> refused: %v", rcpt, err)
		}
		var refused *textproto.Error
		if !taken && (!errors.As(err, &refused) || refused.Code != 550 || !strings.HasPrefix(refused.Msg, "5.1.1")) {
			t.Errorf("RCPT TO:<%s> not refused at once with 550 5.1.1: %v", rcpt, err)
		}
	}
	c.Quit()
	if conn, err := net.DialTimeout("tcp", net.JoinHostPort(public.String(), "587"), 2*time.Second); err == nil {
		conn.Close()
		t.Errorf("submission (587) is open on %s, not only on 127.0.0.1", public)
	}
	// On 127.0.0.1 it takes no password before STARTTLS.
	c, err = smtp.Dial("127.0.0.1:587")
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if ok, _ := c.Extension("AUTH"); ok {
		t.Error("submission offers AUTH before STARTTLS")
	}
}

// publicAddr is the machine's address that is not loopback: the internet
// reaches the guide's MX there.
func publicAddr(t *testing.T) net.IP {
	t.Helper()
	ips, err := interfaceAddrs()
	if err != nil {
		t.Fatal(err)
	}
	for _, ip := range ips {
		if v4 := ip.To4(); v4 != nil && ip.IsGlobalUnicast() && !ip.IsPrivate() {
			return v4
		}
	}
	t.Fatalf("this machine has no public IPv4 address (%v): the guide's MX needs one", ips)
	return nil
}

// stopOpenDKIM stops the guide's OpenDKIM, by the pid of its PidFile.
func stopOpenDKIM(t *testing.T) {
	t.Helper()
	b, err := os.ReadFile("/run/opendkim/opendkim.pid")
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	p, _ := os.FindProcess(pid)
	if err := p.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	for start := time.Now(); p.Signal(syscall.Signal(0)) == nil; time.Sleep(50 * time.Millisecond) {
		if time.Since(start) > 10*time.Second {
			t.Fatal("OpenDKIM did not stop")
		}
	}
}

// otherDKIMKey is the record of a key OpenDKIM does not sign with.
func otherDKIMKey(t *testing.T) string {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	der, err := x509.MarshalPKIXPublicKey(&key.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	return "v=DKIM1; h=sha256; k=rsa; p=" + base64.StdEncoding.EncodeToString(der)
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

// dnsTable reads the TXT records of the guide's DNS table, and its MX
// records as "MX NAME."; the DKIM key is the file opendkim-genkey writes.
func dnsTable(md string) map[string]string {
	records := map[string]string{}
	row := regexp.MustCompile("(?m)^\\| `([^`]+)` \\| TXT \\| `([^`]+)` \\|$")
	for _, m := range row.FindAllStringSubmatch(md, -1) {
		records[m[1]+"."] = m[2]
	}
	mx := regexp.MustCompile("(?m)^\\| `([^`]+)` \\| MX \\| `\\d+ ([^`]+)\\.` \\|$")
	for _, m := range mx.FindAllStringSubmatch(md, -1) {
		records["MX "+m[1]+"."] = m[2]
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
case $cmd in daemon-reload|enable) exit 0;; restart|start|reload|stop) ;; *) echo "systemctl (test): no $cmd" >&2; exit 1;; esac
stop_postal() {
	pkill -f "postal serve --config /etc/postal/postal.toml" || true
	for i in $(seq 100); do pgrep -f "postal serve --config /etc/postal/postal.toml" >/dev/null || return 0; sleep 0.1; done
	echo "systemctl (test): postal did not stop" >&2; exit 1
}
if [ "$cmd" = stop ]; then
	for unit in "$@"; do
		case $unit in postal) stop_postal;; *) echo "systemctl (test): no stop for $unit" >&2; exit 1;; esac
	done
	exit 0
fi
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
		stop_postal
		# As docs/postal.service: User=postal, EnvironmentFile=-/etc/postal/env, UMask=0077.
		n=$(grep -c 'postal: running' /var/log/postal-deploy-test.log 2>/dev/null || true)
		(
			if [ -f /etc/postal/env ]; then set -a; . /etc/postal/env; set +a; fi
			umask 0077
			exec runuser -u postal -- /usr/local/bin/postal serve --config /etc/postal/postal.toml </dev/null >>/var/log/postal-deploy-test.log 2>&1
		) &
		for i in $(seq 100); do [ "$(grep -c 'postal: running' /var/log/postal-deploy-test.log 2>/dev/null || true)" -gt "${n:-0}" ] && break; sleep 0.1; done;;
	*) echo "systemctl (test): no unit $unit" >&2; exit 1;;
	esac
done
`

// journalctlShim shows postal's log so far, and returns.
const journalctlShim = `#!/bin/sh
cat /var/log/postal-deploy-test.log 2>/dev/null
exit 0
`
