// Package dovecot starts a real Dovecot (Debian's dovecot-imapd and
// dovecot-lmtpd) for integration tests: a generated configuration in a
// fresh directory, IMAP and LMTP on free loopback ports, users from a
// passwd-file, and delivery by LMTP. Each Server is its own instance, run
// as a child process in its own process group and killed on Stop.
package dovecot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/emersion/go-smtp"
)

// ErrNotInstalled is returned by Start when no dovecot binary is found.
var ErrNotInstalled = errors.New("dovecot: not installed (apt-get install -y --no-install-recommends dovecot-imapd dovecot-lmtpd)")

// Options configures Start.
type Options struct {
	// Users maps login names (addresses) to passwords; nil means
	// postal@demo.test with password "postal".
	Users map[string]string
	// Binary is the dovecot executable; "" means "dovecot" from PATH, or
	// /usr/sbin/dovecot.
	Binary string
}

// Server is a running Dovecot.
type Server struct {
	IMAPAddr string // 127.0.0.1:port, plain text, LOGIN allowed
	LMTPAddr string // 127.0.0.1:port
	Dir      string // configuration, state, log and mail

	cmd *exec.Cmd
	// exited is closed once the master has exited, and waitErr is then
	// its Wait's error: closed rather than sent on, so that the start's
	// wait and Stop both see the exit, however many look.
	exited  chan struct{}
	waitErr error
}

// Binary returns the path of the dovecot executable, or ErrNotInstalled.
func Binary() (string, error) {
	if p, err := exec.LookPath("dovecot"); err == nil {
		return p, nil
	}
	if _, err := os.Stat("/usr/sbin/dovecot"); err == nil {
		return "/usr/sbin/dovecot", nil
	}
	return "", ErrNotInstalled
}

// Start writes a configuration and starts Dovecot, returning once both
// listeners accept connections. The caller must Stop it.
func Start(opts Options) (*Server, error) {
	bin := opts.Binary
	if bin == "" {
		var err error
		if bin, err = Binary(); err != nil {
			return nil, err
		}
	}
	if opts.Users == nil {
		opts.Users = map[string]string{"postal@demo.test": "postal"}
	}
	// Not under t.TempDir(): as root the mail user is "dovecot", and the
	// 0700 parents of a test temp dir would lock it out.
	dir, err := os.MkdirTemp("", "postal-dovecot-")
	if err != nil {
		return nil, fmt.Errorf("dovecot: %w", err)
	}
	s := &Server{Dir: dir, exited: make(chan struct{})}
	if err := s.configure(opts.Users); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	logf, err := os.Create(filepath.Join(dir, "stdout.log"))
	if err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("dovecot: %w", err)
	}
	// Output goes to a file, never to a pipe: nothing must wait on it.
	s.cmd = exec.Command(bin, "-F", "-c", filepath.Join(dir, "dovecot.conf"))
	s.cmd.Stdout, s.cmd.Stderr = logf, logf
	s.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := s.cmd.Start(); err != nil {
		logf.Close()
		os.RemoveAll(dir)
		return nil, fmt.Errorf("dovecot: start %s: %w", bin, err)
	}
	go func() {
		s.waitErr = s.cmd.Wait()
		logf.Close()
		close(s.exited)
	}()
	if err := s.waitReady(10 * time.Second); err != nil {
		log := s.Log()
		s.Stop()
		return nil, fmt.Errorf("%w\n%s", err, log)
	}
	return s, nil
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func (s *Server) configure(users map[string]string) error {
	imapPort, err := freePort()
	if err != nil {
		return fmt.Errorf("dovecot: %w", err)
	}
	lmtpPort, err := freePort()
	if err != nil {
		return fmt.Errorf("dovecot: %w", err)
	}
	s.IMAPAddr = net.JoinHostPort("127.0.0.1", strconv.Itoa(imapPort))
	s.LMTPAddr = net.JoinHostPort("127.0.0.1", strconv.Itoa(lmtpPort))

	var passwd strings.Builder
	for u, p := range users {
		if strings.ContainsAny(u+p, ":\n") {
			return fmt.Errorf("dovecot: user %q or its password contains ':' or a newline", u)
		}
		fmt.Fprintf(&passwd, "%s:{PLAIN}%s::::::\n", u, p)
	}
	mailDir := filepath.Join(s.Dir, "mail")
	for _, d := range []string{"run", "state", "mail"} {
		if err := os.Mkdir(filepath.Join(s.Dir, d), 0o755); err != nil {
			return fmt.Errorf("dovecot: %w", err)
		}
	}
	if err := os.WriteFile(filepath.Join(s.Dir, "passwd"), []byte(passwd.String()), 0o644); err != nil {
		return fmt.Errorf("dovecot: %w", err)
	}

	// Who runs what: as root, Dovecot's own unprivileged accounts (the mail
	// uid must not be 0); as anyone else, that user for everything.
	var accounts string
	mailUser, mailGroup := "dovecot", "dovecot"
	if os.Geteuid() != 0 {
		u, err := user.Current()
		if err != nil {
			return fmt.Errorf("dovecot: %w", err)
		}
		g, err := user.LookupGroupId(u.Gid)
		if err != nil {
			return fmt.Errorf("dovecot: %w", err)
		}
		mailUser, mailGroup = u.Username, g.Name
		accounts = fmt.Sprintf(`default_internal_user = %[1]s
default_internal_group = %[2]s
default_login_user = %[1]s
service anvil {
  chroot =
}
service imap-login {
  chroot =
}
`, mailUser, mailGroup)
	} else {
		if err := os.Chmod(s.Dir, 0o755); err != nil {
			return fmt.Errorf("dovecot: %w", err)
		}
		u, err := user.Lookup(mailUser)
		if err != nil {
			return fmt.Errorf("dovecot: the %q account is missing: %w", mailUser, err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(mailDir, uid, gid); err != nil {
			return fmt.Errorf("dovecot: %w", err)
		}
	}

	conf := fmt.Sprintf(`# Generated by postal/mailer/dovecot for one test run.
base_dir = %[1]s/run
state_dir = %[1]s/state
log_path = %[1]s/dovecot.log
info_log_path = %[1]s/dovecot.log
protocols = imap lmtp
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:%[1]s/mail/%%u
recipient_delimiter = +
lmtp_save_to_detail_mailbox = no
first_valid_uid = 1
%[4]s
passdb {
  driver = passwd-file
  args = scheme=PLAIN %[1]s/passwd
}
userdb {
  driver = static
  args = uid=%[5]s gid=%[6]s home=%[1]s/mail/%%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = %[2]d
  }
  inet_listener imaps {
    port = 0
  }
}
service lmtp {
  inet_listener lmtp {
    address = 127.0.0.1
    port = %[3]d
  }
}
service imap {
  process_limit = 64
}
protocol lmtp {
  postmaster_address = postmaster@localhost
}
`, s.Dir, imapPort, lmtpPort, accounts, mailUser, mailGroup)
	if err := os.WriteFile(filepath.Join(s.Dir, "dovecot.conf"), []byte(conf), 0o644); err != nil {
		return fmt.Errorf("dovecot: %w", err)
	}
	return nil
}

// waitReady waits until both listeners greet.
func (s *Server) waitReady(timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for _, addr := range []string{s.IMAPAddr, s.LMTPAddr} {
		for {
			select {
			case <-s.exited:
				return fmt.Errorf("dovecot: exited during start: %v", s.waitErr)
			default:
			}
			c, err := net.DialTimeout("tcp", addr, time.Second)
			if err == nil {
				c.SetReadDeadline(time.Now().Add(2 * time.Second))
				buf := make([]byte, 64)
				n, _ := c.Read(buf)
				c.Close()
				if n > 0 {
					break
				}
			}
			if time.Now().After(deadline) {
				return fmt.Errorf("dovecot: %s not ready after %v", addr, timeout)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	return nil
}

// Log returns Dovecot's log so far, for the message of a failing test.
func (s *Server) Log() string {
	var b bytes.Buffer
	for _, f := range []string{"stdout.log", "dovecot.log"} {
		data, _ := os.ReadFile(filepath.Join(s.Dir, f))
		b.Write(data)
	}
	return b.String()
}

// Deliver hands raw to Dovecot by LMTP for the recipients, as an MTA would.
// from is the envelope sender ("" for a bounce).
func (s *Server) Deliver(ctx context.Context, from string, to []string, raw []byte) error {
	d := net.Dialer{Timeout: 10 * time.Second}
	conn, err := d.DialContext(ctx, "tcp", s.LMTPAddr)
	if err != nil {
		return fmt.Errorf("dovecot: lmtp: %w", err)
	}
	c := smtp.NewClientLMTP(conn)
	defer c.Close()
	if err := c.Hello("localhost"); err != nil {
		return fmt.Errorf("dovecot: lmtp lhlo: %w", err)
	}
	if err := c.Mail(from, nil); err != nil {
		return fmt.Errorf("dovecot: lmtp mail from: %w", err)
	}
	for _, rcpt := range to {
		if err := c.Rcpt(rcpt, nil); err != nil {
			return fmt.Errorf("dovecot: lmtp rcpt %s: %w", rcpt, err)
		}
	}
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("dovecot: lmtp data: %w", err)
	}
	if _, err := w.Write(raw); err != nil {
		return fmt.Errorf("dovecot: lmtp data: %w", err)
	}
	if _, err := w.CloseWithLMTPResponse(); err != nil {
		return fmt.Errorf("dovecot: lmtp delivery: %w", err)
	}
	return c.Quit()
}

// Stop kills the process group and removes the directory.
func (s *Server) Stop() error {
	if s.cmd != nil && s.cmd.Process != nil {
		pgid := s.cmd.Process.Pid
		_ = syscall.Kill(-pgid, syscall.SIGTERM)
		select {
		case <-s.exited:
		case <-time.After(5 * time.Second):
			_ = syscall.Kill(-pgid, syscall.SIGKILL)
			// A master killed outright is reaped at once; a minute is
			// only a bound, so that a test never hangs on it.
			select {
			case <-s.exited:
			case <-time.After(time.Minute):
			}
		}
		// Children (imap, lmtp, auth) may outlive the master briefly.
		_ = syscall.Kill(-pgid, syscall.SIGKILL)
	}
	return os.RemoveAll(s.Dir)
}
