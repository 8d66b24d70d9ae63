package main

import (
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"postal/club"
	"postal/engine/enginetest/long"
	"postal/notation"
)

// readme is README.md as a newcomer follows it.
type readme struct {
	// commands are the lines of its code blocks, comments removed, in
	// order.
	commands []string
	// steps are the rows of the "Play by hand" table.
	steps []handStep
}

// handStep is one row of the "Play by hand" table.
type handStep struct {
	who, sends, says string
	texts            []string // the `code` of says
}

var codeSpan = regexp.MustCompile("`([^`]+)`")

func readREADME(t *testing.T) readme {
	t.Helper()
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var r readme
	fenced, byHand := false, false
	for _, line := range strings.Split(string(b), "\n") {
		switch {
		case strings.HasPrefix(line, "```"):
			fenced = !fenced
		case strings.HasPrefix(line, "## "):
			byHand = line == "## Play by hand"
		case fenced || strings.HasPrefix(line, "    "):
			if cmd, _, _ := strings.Cut(line, "#"); strings.TrimSpace(cmd) != "" {
				r.commands = append(r.commands, strings.Join(strings.Fields(cmd), " "))
			}
		case byHand && strings.HasPrefix(line, "| "):
			cells := strings.Split(strings.Trim(line, "| "), "|")
			if len(cells) != 4 || !regexp.MustCompile(`^\d+$`).MatchString(strings.TrimSpace(cells[0])) {
				continue
			}
			s := handStep{who: strings.TrimSpace(cells[1]), sends: strings.TrimSpace(cells[2]), says: strings.TrimSpace(cells[3])}
			for _, m := range codeSpan.FindAllStringSubmatch(s.says, -1) {
				s.texts = append(s.texts, m[1])
			}
			r.steps = append(r.steps, s)
		}
	}
	return r
}

// TestREADME follows README.md. Always: its first two lines are the main job
// and the tests, every command it names exists with the flags it gives, every
// mail of "Play by hand" reads as commands. Under make test-long, a newcomer's
// first hour: from a copy of the repository, every command runs as written
// (the demo on free ports), and the game is played by hand, by mail, through
// the demo's servers; then a real club's daemon runs from the example config.
func TestREADME(t *testing.T) {
	r := readREADME(t)
	if len(r.commands) < 2 || r.commands[0] != "go run ./cmd/postal demo --autoplay" || r.commands[1] != "make test" {
		t.Fatalf("the README does not start with the main job and the tests: %q", r.commands)
	}
	for _, c := range r.commands {
		args := strings.Fields(c)
		switch {
		case args[0] == "make":
			if out, err := exec.Command("make", "-C", "../..", "-n", args[1]).CombinedOutput(); err != nil {
				t.Errorf("%s: %v\n%s", c, err, out)
			}
		case args[0] == "cp":
			if _, err := os.Stat(filepath.Join("../..", args[1])); err != nil {
				t.Errorf("%s: %v", c, err)
			}
		case c == "go install ./cmd/postal":
		case args[0] == "postal" || strings.HasPrefix(c, "go run ./cmd/postal "):
			if args[0] == "go" {
				args = args[2:]
			}
			if out, errOut, code := postal(t, append(args[1:], "-h")...); code != 0 {
				t.Errorf("%s: not a command as written: exit %d\n%s%s", c, code, out, errOut)
			}
		default:
			t.Errorf("the README names a command this test cannot follow: %s", c)
		}
	}
	if len(r.steps) != 9 {
		t.Fatalf("Play by hand has %d steps, want 9: %+v", len(r.steps), r.steps)
	}
	for _, s := range r.steps {
		text := strings.NewReplacer("KEY", "abc", "MOVE", "B3-B2", " N ", " 1 ").Replace(strings.Join(s.texts, "\n"))
		cmds, _ := notation.ParseCommands(text, notation.ParseOptions{Language: club.Language(), Tagged: strings.Contains(s.sends, "reply")})
		for _, p := range cmds {
			if p.Err != nil {
				t.Errorf("step %q: %q does not read: %v", s.says, p.Text, p.Err)
			}
		}
	}
	unit, err := os.ReadFile("../../docs/postal.service")
	if err != nil {
		t.Fatal(err)
	}
	exec := regexp.MustCompile(`(?m)^ExecStart=\S*/postal (.*)$`).FindSubmatch(unit)
	if exec == nil {
		t.Fatal("docs/postal.service starts no postal")
	} else if _, errOut, code := postal(t, append(strings.Fields(string(exec[1])), "-h")...); code != 0 {
		t.Errorf("docs/postal.service: %s is no command: %s", exec[1], errOut)
	}
	if !long.Enabled() {
		t.Log("the README's commands run under make test-long")
		return
	}
	newNewcomer(t, r).follow()
}

// newcomer follows the README in a copy of the repository.
type newcomer struct {
	t      *testing.T
	r      readme
	repo   string   // the copy
	bin    string   // where go install puts postal
	env    []string // GOBIN and PATH: the installed postal first
	demo   *process // the demo of "Play by hand", while it runs
	imap   string   // its servers
	smtp   string
	ctx    context.Context
	cancel context.CancelFunc
}

func newNewcomer(t *testing.T, r readme) *newcomer {
	dir := t.TempDir()
	n := &newcomer{t: t, r: r, repo: filepath.Join(dir, "postal")}
	n.ctx, n.cancel = context.WithTimeout(context.Background(), 8*time.Minute)
	t.Cleanup(n.cancel)
	copyRepo(t, "../..", n.repo)
	n.bin = filepath.Join(dir, "bin")
	n.env = append(os.Environ(), "GOBIN="+n.bin, "PATH="+n.bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	return n
}

// copyRepo copies the repository's files (tracked, or new and not ignored:
// what a fresh clone of this change holds) from src to dst.
func copyRepo(t *testing.T, src, dst string) {
	out, err := exec.Command("git", "-C", src, "ls-files", "-z", "--cached", "--others", "--exclude-standard").Output()
	if err != nil {
		t.Skipf("no git checkout to copy: %v", err)
	}
	for _, name := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		from, to := filepath.Join(src, name), filepath.Join(dst, name)
		fi, err := os.Lstat(from)
		if os.IsNotExist(err) {
			continue // deleted in the working tree
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			t.Fatal(err)
		}
		switch {
		case fi.Mode()&os.ModeSymlink != 0:
			link, err := os.Readlink(from)
			if err == nil {
				err = os.Symlink(link, to)
			}
			if err != nil {
				t.Fatal(err)
			}
		case fi.Mode().IsRegular():
			b, err := os.ReadFile(from)
			if err == nil {
				err = os.WriteFile(to, b, fi.Mode().Perm())
			}
			if err != nil {
				t.Fatal(err)
			}
		}
	}
}

func (n *newcomer) follow() {
	for _, c := range n.r.commands {
		n.t.Logf("$ %s", c)
		switch {
		case c == "go run ./cmd/postal demo --autoplay":
			n.autoplay(c)
		case strings.HasPrefix(c, "make "):
			// The tests run this test: make -n shows the target exists.
			n.run(strings.Replace(c, "make ", "make -n ", 1), "")
		case c == "postal site build":
			// The demo's games: alice's five against the bot and the six
			// of the round robin.
			if out := n.run(c, ""); !strings.Contains(out, "postal: built site-out: 11 games") {
				n.t.Errorf("%s: %s", c, out)
			}
		case c == "postal site serve":
			n.siteServe(c)
		case strings.HasPrefix(c, "postal play "):
			// In the terminal: help, a move, resign.
			n.run(c, "help\nB3-B2\nresign\n")
		case c == "postal demo --fresh":
			n.playByHand(c)
		case strings.HasPrefix(c, "postal serve "):
			n.realClub(c)
		default:
			if out := n.run(c, ""); strings.HasPrefix(c, "postal ") && out == "" && !strings.Contains(c, "--out") {
				n.t.Errorf("%s printed nothing", c)
			}
		}
	}
	for _, want := range []string{"bin/postal", "site-out/index.html", "game.txt", "board.png"} {
		if _, err := os.Stat(filepath.Join(n.repo, want)); err != nil && want != "bin/postal" {
			n.t.Errorf("the README's commands made no %s: %v", want, err)
		}
	}
	// What they made, git ignores (go install put postal outside).
	if out, err := exec.Command("git", "-C", "../..", "check-ignore", "--no-index", "postal-demo/postal.db", "site-out/index.html", ".site-out.gen/x", "bin/postal", "postal.toml").Output(); err != nil || len(strings.Fields(string(out))) != 5 {
		n.t.Errorf("git does not ignore all of the demo's and the site's output: %q, %v", out, err)
	}
	if n.demo != nil {
		n.demo.stop()
	}
}

// command is the exec.Cmd of a README line in the copy: postal is the
// installed binary.
func (n *newcomer) command(line string, extra ...string) *exec.Cmd {
	n.t.Helper()
	args := append(strings.Fields(line), extra...)
	if args[0] == "postal" {
		args[0] = filepath.Join(n.bin, "postal")
	}
	cmd := exec.CommandContext(n.ctx, args[0], args[1:]...)
	cmd.Dir, cmd.Env = n.repo, n.env
	return cmd
}

// run runs a README line to its end and returns its standard output.
func (n *newcomer) run(line, stdin string) string {
	n.t.Helper()
	cmd := n.command(line)
	cmd.Stdin = strings.NewReader(stdin)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		n.t.Fatalf("%s: %v\n%s%s", line, err, out, stderr.String())
	}
	return string(out)
}

// process is a README line running in the background.
type process struct {
	t      *testing.T
	cmd    *exec.Cmd
	mu     sync.Mutex
	out    strings.Builder // its standard output so far
	errOut strings.Builder
	done   chan error
}

func (n *newcomer) start(line string, extra ...string) *process {
	n.t.Helper()
	p := &process{t: n.t, cmd: n.command(line, extra...), done: make(chan error, 1)}
	// A process group of its own, which Ctrl-C signals as a terminal does
	// (go run waits for the program it runs to end).
	p.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	p.cmd.Cancel = func() error { return syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL) }
	p.cmd.Stderr = lockedWriter{&p.mu, &p.errOut}
	stdout, err := p.cmd.StdoutPipe()
	if err != nil {
		n.t.Fatal(err)
	}
	if err := p.cmd.Start(); err != nil {
		n.t.Fatalf("%s: %v", line, err)
	}
	exited := make(chan struct{})
	go func() {
		io.Copy(lockedWriter{&p.mu, &p.out}, stdout)
		p.done <- p.cmd.Wait()
		close(exited)
	}()
	// Whatever happens to the test, nothing it started runs on.
	n.t.Cleanup(func() {
		select {
		case <-exited:
		default:
			syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
			<-exited
		}
	})
	return p
}

type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}

// output is what the process printed so far.
func (p *process) output() (stdout, stderr string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.out.String(), p.errOut.String()
}

// waitFor waits until the process printed each of want.
func (p *process) waitFor(timeout time.Duration, want ...string) string {
	p.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		out, errOut := p.output()
		all := true
		for _, w := range want {
			all = all && strings.Contains(out, w)
		}
		if all {
			return out
		}
		select {
		case err := <-p.done:
			p.t.Fatalf("%v ended (%v) before printing %q:\n%s%s", p.cmd.Args, err, want, out, errOut)
		default:
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("%v never printed %q:\n%s%s", p.cmd.Args, want, out, errOut)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// exit waits for the process to end by itself, with status 0.
func (p *process) exit(timeout time.Duration) {
	p.t.Helper()
	select {
	case err := <-p.done:
		if err != nil {
			out, errOut := p.output()
			p.t.Errorf("%v ended with %v\n%s%s", p.cmd.Args, err, out, errOut)
		}
	case <-time.After(timeout):
		p.t.Errorf("%v did not end by itself", p.cmd.Args)
	}
}

// stop ends the process as Ctrl-C does; it must exit cleanly (go run
// itself exits 1 after Ctrl-C, whatever its program did).
func (p *process) stop() {
	p.t.Helper()
	syscall.Kill(-p.cmd.Process.Pid, syscall.SIGINT)
	select {
	case err := <-p.done:
		if err != nil && p.cmd.Args[0] != "go" {
			out, errOut := p.output()
			p.t.Errorf("%v after Ctrl-C: %v\n%s%s", p.cmd.Args, err, out, errOut)
		}
	case <-time.After(30 * time.Second):
		syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
		p.t.Errorf("%v did not stop on Ctrl-C", p.cmd.Args)
	}
}

// freeAddr is a loopback address no one listens on.
func freeAddr(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// autoplay runs the main job: the games are played and listed, the log
// stays off the screen, and the site is where the summary says.
func (n *newcomer) autoplay(line string) {
	p := n.start(line, "--imap", "127.0.0.1:0", "--smtp", "127.0.0.1:0")
	out := p.waitFor(4*time.Minute, "autoplay: 5 games played by mail", "The demo has stopped.")
	p.exit(time.Minute)
	if log, err := os.ReadFile(filepath.Join(n.repo, "postal-demo", "postal.log")); err != nil || !strings.HasSuffix(string(log), "msg=\"postal: stopped\"\n") {
		n.t.Errorf("the demo did not stop cleanly after autoplay: %v\n%s", err, log)
	}
	_, errOut := p.output()
	if lines := strings.Count(out, "\n"); lines > 55 || strings.Contains(out+errOut, "level=INFO") {
		n.t.Errorf("the demo printed %d lines (the log belongs in its file):\n%s%s", lines, out, errOut)
	}
	for _, want := range []string{"cup is over: ", "Ratings (Glicko-2", "postal site serve --dir postal-demo/site", "go run ./cmd/postal site serve --dir postal-demo/site", "log      postal-demo/postal.log"} {
		if !strings.Contains(out, want) {
			n.t.Errorf("the demo does not say %q:\n%s", want, out)
		}
	}
	if _, err := os.Stat(filepath.Join(n.repo, "postal-demo", "site", "index.html")); err != nil {
		n.t.Errorf("the demo's site: %v", err)
	}
}

// siteServe previews the site and fetches its front page.
func (n *newcomer) siteServe(line string) {
	addr := freeAddr(n.t)
	p := n.start(line, "--addr", addr)
	p.waitFor(time.Minute, "serving site-out at http://"+addr+"/")
	resp, err := http.Get("http://" + addr + "/")
	if err != nil {
		n.t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), "conflagration") {
		n.t.Errorf("%s: GET / answered %s:\n%.500s", line, resp.Status, body)
	}
	p.stop()
}

var (
	imapRE = regexp.MustCompile(`IMAP (127\.0\.0\.1:\d+), SMTP (127\.0\.0\.1:\d+)`)
	tagRE  = regexp.MustCompile(`\[postal #(\d+)\]`)
	egRE   = regexp.MustCompile(`e\.g\. "([^"]+)"`)
)

// asksToMove reports whether m is a game mail asking its reader to move.
func asksToMove(m *gotMail) bool {
	return tagRE.MatchString(m.Subject) && strings.Contains(m.Text, "Reply to this mail with your move")
}

// playByHand starts the demo and plays the table of "Play by hand" by mail,
// as alice and bob with their mail clients, checking postal's answers.
func (n *newcomer) playByHand(line string) {
	n.demo = n.start(line, "--imap", "127.0.0.1:0", "--smtp", "127.0.0.1:0")
	banner := n.demo.waitFor(time.Minute, "Stop with Ctrl-C.")
	m := imapRE.FindStringSubmatch(banner)
	if m == nil {
		n.t.Fatalf("the banner names no servers:\n%s", banner)
	}
	n.imap, n.smtp = m[1], m[2]
	players := map[string]*mailClient{}
	for _, name := range []string{"alice", "bob"} {
		players[name] = &mailClient{t: n.t, addr: name + "@demo.test", password: name, imapAddr: n.imap, smtpAddr: n.smtp}
	}
	// light is who moves first: the game mail says.
	var light, dark string
	keys := map[string]string{}
	for i, s := range n.r.steps {
		n.t.Logf("step %d: %s sends %s: %s", i+1, s.who, s.sends, s.says)
		who := s.who
		switch who {
		case "Light":
			who = light
		case "Dark":
			who = dark
		}
		c := players[who]
		if c == nil {
			n.t.Fatalf("step %d: who is %q?", i+1, s.who)
		}
		var game *gotMail
		if light != "" {
			game = c.find("a game mail asking to move", asksToMove)
		}
		body := strings.Join(s.texts, "\n")
		switch {
		case len(s.texts) == 0 && strings.Contains(s.says, "the one the mail suggests"):
			body = egRE.FindStringSubmatch(game.Text)[1]
		case strings.Contains(body, "KEY"):
			body = strings.NewReplacer("KEY", keys[who], " N ", " "+tagRE.FindStringSubmatch(game.Subject)[1]+" ", "MOVE", egRE.FindStringSubmatch(game.Text)[1]).Replace(body)
		}
		var sent string
		switch s.sends {
		case "a new mail to postal@demo.test":
			sent = c.send("postal@demo.test", "hello", body, "", nil)
		case "a reply to postal's answer":
			sent = c.reply(c.find("postal's answer to register", func(m *gotMail) bool { return strings.Contains(m.Text, "To become "+who+", reply to this mail") }), body)
		case "a reply to postal's welcome mail":
			sent = c.reply(c.find("the welcome mail", func(m *gotMail) bool { return strings.Contains(m.Text, "registered as "+who) }), body)
		case "a reply to the challenge mail":
			sent = c.reply(c.find("the challenge mail", func(m *gotMail) bool { return strings.Contains(m.Text, "challenges you") }), body)
		case "a reply to the game mail":
			if game == nil {
				n.t.Fatalf("step %d: %s has no game mail asking for a move", i+1, who)
			}
			sent = c.reply(game, body)
		default:
			n.t.Fatalf("step %d: the test cannot send %q", i+1, s.sends)
		}
		answer := c.await("postal's answer to step "+s.says, func(m *gotMail) bool { return m.InReplyTo == sent })
		if strings.Contains(answer.Text, "Error:") || strings.Contains(answer.Text, "cannot tell") {
			n.t.Fatalf("step %d (%s) was refused:\n%s", i+1, body, answer.Text)
		}
		switch {
		case s.sends == "a reply to postal's answer":
			if k := keyRE.FindStringSubmatch(answer.Text); k != nil {
				keys[who] = k[1]
			} else {
				n.t.Fatalf("the welcome mail holds no key:\n%s", answer.Text)
			}
		case body == "accept":
			// Both are told the game started; one of them is to move.
			for name, p := range players {
				start := answer
				if name != who {
					start = p.await("the game's start", func(m *gotMail) bool { return tagRE.MatchString(m.Subject) })
				}
				if asksToMove(start) {
					light, dark = name, map[string]string{"alice": "bob", "bob": "alice"}[name]
				}
			}
			if light == "" {
				n.t.Fatal("after accept, nobody was asked to move")
			}
		case strings.Contains(s.says, "move"):
			if !strings.Contains(answer.Text, "played in game #") {
				n.t.Fatalf("step %d: the move was not played:\n%s", i+1, answer.Text)
			}
			other := map[string]string{light: dark, dark: light}[who]
			players[other].await("the turn after "+who+"'s move", asksToMove)
		}
	}
	// A bare move in a new mail (with the key: only a mail that proves its
	// sender is read) is no command: the answer says how to write one.
	answer := players[light].send("postal@demo.test", "my move", "key "+keys[light]+"\nB3-B2", "", nil)
	reply := players[light].await("the answer to a bare move", func(m *gotMail) bool { return m.InReplyTo == answer })
	if text := strings.Join(strings.Fields(reply.Text), " "); !strings.Contains(text, `unknown command "B3-B2" (to move, write "move ID MOVE"`) {
		n.t.Errorf("a bare move in a new mail:\n%s", reply.Text)
	}
}

// realClub edits the example config as the README says, for a club on the
// demo's servers (carol's mailbox is the club's), runs the daemon as
// written, and registers bob there by mail.
func (n *newcomer) realClub(line string) {
	if n.demo == nil {
		n.t.Fatal("the real club runs on the demo's mail servers: play by hand first")
	}
	file := filepath.Join(n.repo, "postal.toml")
	b, err := os.ReadFile(file)
	if err != nil {
		n.t.Fatalf("%s: %v (the README copies the example first)", file, err)
	}
	host, port, _ := net.SplitHostPort(n.imap)
	_, smtpPort, _ := net.SplitHostPort(n.smtp)
	cfg := string(b)
	for _, e := range []struct{ re, value string }{
		{`(?m)^database = .*$`, `database = "` + filepath.Join(n.t.TempDir(), "club.db") + `"`},
		{`(?m)^address = .*$`, `address = "carol@demo.test"`},
		{`(?m)^host = .*$`, `host = "` + host + `"`},
		{`(?m)^tls = .*$`, `tls = "none"`},
		{`(?m)^user = .*$`, `user = "carol@demo.test"`},
		{`(?m)^processed = .*$`, `processed = ""`},
		{`(?m)^failed = .*$`, `failed = ""`},
		{`(?m)^out = .*$`, `out = "` + filepath.Join(n.t.TempDir(), "site") + `"`},
	} {
		cfg = regexp.MustCompile(e.re).ReplaceAllString(cfg, e.value)
	}
	cfg = strings.Replace(cfg, "port = 993", "port = "+port, 1)
	cfg = strings.Replace(cfg, "port = 465", "port = "+smtpPort, 1)
	if err := os.WriteFile(file, []byte(cfg), 0o600); err != nil {
		n.t.Fatal(err)
	}
	n.env = append(n.env, "POSTAL_IMAP_PASSWORD=carol", "POSTAL_SMTP_PASSWORD=carol")
	p := n.start(line)
	bob := &mailClient{t: n.t, addr: "bob@demo.test", password: "bob", imapAddr: n.imap, smtpAddr: n.smtp}
	bob.fetch()
	sent := bob.send("carol@demo.test", "hello", "register bob", "", nil)
	answer := bob.await("the club's answer to register", func(m *gotMail) bool { return m.InReplyTo == sent })
	sent = bob.reply(answer, "yes")
	reply := bob.await("the club's welcome", func(m *gotMail) bool { return m.InReplyTo == sent })
	if reply.From != "carol@demo.test" || !strings.Contains(reply.Text, "registered as bob") {
		n.t.Errorf("the club answered from %s:\n%s", reply.From, reply.Text)
	}
	p.stop()
	if _, errOut := p.output(); !strings.Contains(errOut, "postal: running") {
		n.t.Errorf("%s logged:\n%s", line, errOut)
	}
}
