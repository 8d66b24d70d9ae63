package main

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/mail"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"postal/archive"
	"postal/archive/archivegen"
	"postal/engine"
	"postal/mailer/demoserver"
)

// benchGames is the size of the daemon benchmarks' archive: that many
// finished games and a tenth as many in progress, generated into SQLite
// (shared with the site's benchmarks in POSTAL_BENCH_DIR, as "make bench"
// sets it).
var benchGames = flag.Int("benchgames", 10000, "finished games in the daemon benchmark's archive")

// The daemon's log lines the benchmarks read: the site's builds and
// updates, each handled message, and the watcher's start.
var (
	siteLine    = regexp.MustCompile(`msg="site (built|updated)".* duration=(\S+)`)
	handledLine = regexp.MustCompile(`msg="mailer: message handled".* duration=(\S+)`)
)

// daemonMoves is the fewest moves by mail a daemon benchmark sends, however
// few iterations b.Loop asks for ("make bench" runs a second; -benchtime 1x
// one): the medians and the 95th percentile need that many.
const daemonMoves = 40

// daemonRestarts is how many times BenchmarkDaemon restarts the daemon.
const daemonRestarts = 5

// BenchmarkDaemon runs the postal binary as "postal serve" (against the
// demo's loopback mail servers) on the generated archive of 11,000 games,
// 1,000 in progress (issue 27), lets it build its site, then plays moves
// by mail, one at a time: each move lands in the club's inbox as a
// player's answer to a game mail, and is timed until postal's reply lands
// in the player's mailbox. It reports
//
//   - full-build-s: the site's full build at the daemon's first start;
//   - reply-ms-median, reply-ms-p95: the mover's reply, from the mail
//     landing in the club's inbox to postal's reply landing in the mover's
//     (goal < 60 ms median);
//   - handle-ms-median: the club's handling of the message alone (the
//     watcher's log);
//   - site-update-ms-median: the site's update after each move (the
//     daemon's log; goal < 30 ms);
//   - cpu-ms/move: the daemon's CPU time (user and system, /proc) over
//     the moves, a move's reply, handling and site update together, by
//     move: unlike the times it does not grow when other jobs share the
//     machine;
//   - rss-MiB, peak-rss-MiB: VmRSS after the moves and VmHWM, the peak,
//     full build included (/proc);
//   - restart-ms: the daemon restarted on that archive with a move waiting
//     in the inbox, from exec to the move's reply landing (goal < 1 s), and
//     ready-ms: from exec to the watcher's "watching" line.
func BenchmarkDaemon(b *testing.B) {
	if _, err := os.Stat("/proc/self/status"); err != nil {
		b.Skip("no /proc: the daemon's memory and CPU time cannot be read")
	}
	d := newDaemonBench(b, postalBinary(b), benchOptions(*benchGames, *benchGames/10), true)
	d.start()
	first := d.firstBuild()
	cpu := d.cpu()
	for b.Loop() {
		d.move()
	}
	for len(d.replies) < daemonMoves {
		d.move()
	}
	cpu = d.cpu() - cpu
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", d.cmd.Process.Pid))
	if err != nil {
		b.Fatal(err)
	}
	var restarts, ready []time.Duration
	for range daemonRestarts {
		d.stop()
		r, w := d.restart()
		restarts, ready = append(restarts, r), append(ready, w)
	}
	b.ReportMetric(first.Seconds(), "full-build-s")
	b.ReportMetric(ms(quantile(d.replies, 0.5)), "reply-ms-median")
	b.ReportMetric(ms(quantile(d.replies, 0.95)), "reply-ms-p95")
	b.ReportMetric(ms(quantile(d.handled, 0.5)), "handle-ms-median")
	b.ReportMetric(ms(quantile(d.updates, 0.5)), "site-update-ms-median")
	b.ReportMetric(ms(cpu)/float64(len(d.replies)), "cpu-ms/move")
	b.ReportMetric(procKB(status, "VmRSS")/1024, "rss-MiB")
	b.ReportMetric(procKB(status, "VmHWM")/1024, "peak-rss-MiB")
	b.ReportMetric(ms(quantile(restarts, 0.5)), "restart-ms")
	b.ReportMetric(ms(quantile(ready, 0.5)), "ready-ms")
}

// BenchmarkDaemonInProgress shows that a message costs the daemon the same
// whatever the number of games in progress (issue 27: the clock pass after
// each message once loaded every one of them): the same 10,000 finished
// games with 100, 1,000 and 10,000 in progress, moves by mail as in
// BenchmarkDaemon. The daemon runs without its site here, which
// BenchmarkDaemon measures: the figures are the club's and the mail's, and
// cpu-ms/move the daemon's CPU time by move, which other jobs on the
// machine do not inflate.
func BenchmarkDaemonInProgress(b *testing.B) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		b.Skip("no /proc: the daemon's CPU time cannot be read")
	}
	bin := postalBinary(b)
	for _, active := range []int{100, 1000, 10000} {
		b.Run(fmt.Sprintf("games=%d", active), func(b *testing.B) {
			d := newDaemonBench(b, bin, benchOptions(*benchGames, active), false)
			d.start()
			d.move() // the first message meets a daemon just started
			cpu := d.cpu()
			d.replies, d.handled = nil, nil
			for b.Loop() {
				d.move()
			}
			for len(d.replies) < daemonMoves {
				d.move()
			}
			cpu = d.cpu() - cpu
			b.ReportMetric(ms(cpu)/float64(len(d.replies)), "cpu-ms/move")
			b.ReportMetric(ms(quantile(d.handled, 0.5)), "handle-ms-median")
			b.ReportMetric(ms(quantile(d.replies, 0.5)), "reply-ms-median")
			b.ReportMetric(ms(quantile(d.replies, 0.95)), "reply-ms-p95")
		})
	}
}

// benchOptions is the archive of finished games and active in progress,
// every game and ruleset taking turns.
func benchOptions(finished, active int) archivegen.Options {
	var games []string
	for _, g := range engine.Games() {
		games = append(games, g.Info().Name)
	}
	o := archivegen.Bench(finished, games)
	o.Active = active
	return o
}

// daemonBench is the postal binary serving a private copy of a generated
// archive against the demo's loopback mail servers, whose users are the
// archive's players, so that moves can be sent by mail and postal's
// replies timed as they land.
type daemonBench struct {
	b      *testing.B
	ctx    context.Context
	bin    string
	config string
	db     *archive.DB // the benchmark's reads of the copy
	srv    *demoserver.Server
	site   bool
	rng    *rand.Rand

	// games are the games in progress, each with its players' addresses
	// and reply tokens by seat; next is the next to move in.
	games []benchGame
	next  int
	sent  int
	// sentAt is when the last move landed in the club's inbox.
	sentAt time.Time

	cmd    *exec.Cmd
	exited chan struct{}

	// What the daemon's log and the mail servers told, each appended as it
	// happens; changed is closed (and replaced) at every news.
	mu       sync.Mutex
	changed  chan struct{}
	builds   []siteRun
	handles  []time.Duration
	watching time.Time
	landed   map[string]landed // replies, by the Message-ID they answer

	// The figures: replies and handled messages of the moves by mail, site
	// updates after them.
	replies, handled, updates []time.Duration
}

type benchGame struct {
	id     int64
	addrs  []string
	tokens []string
}

type siteRun struct {
	full bool
	took time.Duration
}

type landed struct {
	to  string
	at  time.Time
	raw []byte
}

// newDaemonBench copies the archive of o (generated once into
// POSTAL_BENCH_DIR), gives every player of its games in progress a reply
// token for each of their games, as the club does when it mails them,
// starts the mail servers with the players as users and writes the config;
// site says whether the daemon publishes a site. The daemon is not started.
func newDaemonBench(b *testing.B, bin string, o archivegen.Options, site bool) *daemonBench {
	ctx := b.Context()
	dir := b.TempDir()
	cache := os.Getenv("POSTAL_BENCH_DIR")
	if cache == "" {
		cache = dir
	}
	path, err := archivegen.Cached(ctx, cache, o)
	if err != nil {
		b.Fatal(err)
	}
	if path, err = archivegen.Copy(path, dir); err != nil {
		b.Fatal(err)
	}
	db, err := archive.Open(ctx, path)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	d := &daemonBench{b: b, ctx: ctx, bin: bin, db: db, site: site, rng: rand.New(rand.NewPCG(27, 27)),
		changed: make(chan struct{}), landed: map[string]landed{}}
	domain := ""
	locals := map[string]bool{}
	err = db.Tx(ctx, func(tx *archive.Tx) error {
		now := time.Now()
		players := map[int64]*archive.Player{}
		for id := int64(o.Finished) + 1; id <= int64(o.Finished+o.Active); id++ {
			g, err := tx.GameByID(id)
			if err != nil {
				return err
			}
			if g.Status != archive.GameActive {
				continue
			}
			bg := benchGame{id: id}
			for _, pid := range g.Players {
				p, ok := players[pid]
				if !ok {
					if p, err = tx.PlayerByID(pid); err != nil {
						return err
					}
					players[pid] = p
				}
				tok, err := tx.Token(pid, id, now)
				if err != nil {
					return err
				}
				local, host, _ := strings.Cut(p.Address, "@")
				if domain != "" && host != domain {
					return fmt.Errorf("players of two domains: %s and %s", domain, host)
				}
				domain, locals[local] = host, true
				bg.addrs, bg.tokens = append(bg.addrs, p.Address), append(bg.tokens, tok)
			}
			d.games = append(d.games, bg)
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	if len(d.games) == 0 {
		b.Fatal("no game in progress in the archive")
	}
	d.srv, err = demoserver.Start(demoserver.Options{IMAPAddr: "127.0.0.1:0", SMTPAddr: "127.0.0.1:0", Domain: domain,
		Players: slices.Sorted(func(yield func(string) bool) {
			for l := range locals {
				if !yield(l) {
					return
				}
			}
		}),
		Delivered: d.delivered, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { d.srv.Close() })
	port := func(addr string) string { _, p, _ := net.SplitHostPort(addr); return p }
	siteConfig := ""
	if site {
		siteConfig = fmt.Sprintf("[site]\nout = %q\nevery = \"20ms\"\n", filepath.Join(dir, "site"))
	}
	d.config = filepath.Join(dir, "postal.toml")
	err = os.WriteFile(d.config, fmt.Appendf(nil, `database = %q
[club]
address = %q
name = "Bench club"
rate_limit = -1
[imap]
host = "127.0.0.1"
port = %s
tls = "none"
user = %q
password_env = "POSTAL_BENCH_PASSWORD"
[smtp]
host = "127.0.0.1"
port = %s
tls = "none"
password_env = "POSTAL_BENCH_PASSWORD"
[clock]
reminders = "none"
%s`, path, d.srv.Club, port(d.srv.IMAPAddr), d.srv.Club, port(d.srv.SMTPAddr), siteConfig), 0o644)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(d.stop)
	return d
}

// delivered is the mail servers' hook: it keeps each of postal's replies
// by the Message-ID it answers.
func (d *daemonBench) delivered(addr string, raw []byte, at time.Time) {
	if addr == d.srv.Club {
		return
	}
	m, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return
	}
	irt := strings.Trim(m.Header.Get("In-Reply-To"), "<> ")
	if irt == "" {
		return
	}
	d.news(func() {
		if _, ok := d.landed[irt]; !ok {
			d.landed[irt] = landed{addr, at, raw}
		}
	})
}

// news records what fn changes and wakes the waiters.
func (d *daemonBench) news(fn func()) {
	d.mu.Lock()
	defer d.mu.Unlock()
	fn()
	close(d.changed)
	d.changed = make(chan struct{})
}

// await waits until ok holds (called with d.mu held) and fails the
// benchmark, naming what, after a few minutes, or after half an hour for
// the site's first build: it renders every ply's board of 11,000 games,
// minutes on a loaded machine.
func (d *daemonBench) await(what string, ok func() bool) {
	d.b.Helper()
	wait := 5 * time.Minute
	if what == firstBuild {
		wait = 30 * time.Minute
	}
	deadline := time.After(wait)
	for {
		d.mu.Lock()
		done, changed := ok(), d.changed
		d.mu.Unlock()
		if done {
			return
		}
		select {
		case <-changed:
		case <-deadline:
			d.b.Fatalf("the daemon never gave %s", what)
		}
	}
}

// start runs the daemon and reads its log.
func (d *daemonBench) start() {
	d.b.Helper()
	cmd := exec.Command(d.bin, "serve", "--config", d.config)
	cmd.Env = append(os.Environ(), "POSTAL_BENCH_PASSWORD=postal")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		d.b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		d.b.Fatal(err)
	}
	d.news(func() { d.watching = time.Time{} })
	exited := make(chan struct{})
	go func() {
		// The log is read to its end whatever it says: a daemon blocked on
		// a full pipe would stall the figures.
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			line := sc.Text()
			if m := siteLine.FindStringSubmatch(line); m != nil {
				took, _ := time.ParseDuration(m[2])
				d.news(func() { d.builds = append(d.builds, siteRun{m[1] == "built", took}) })
			} else if m := handledLine.FindStringSubmatch(line); m != nil {
				took, _ := time.ParseDuration(m[1])
				d.news(func() { d.handles = append(d.handles, took) })
			} else if strings.Contains(line, `msg="mailer: watching"`) {
				at := time.Now()
				d.news(func() { d.watching = at })
			} else if strings.Contains(line, "level=ERROR") || strings.Contains(line, "level=WARN") {
				d.b.Log("daemon: " + line)
			}
		}
		io.Copy(io.Discard, stderr)
		cmd.Wait()
		close(exited)
	}()
	d.cmd, d.exited = cmd, exited
}

// stop ends the daemon with SIGTERM, as systemd does, and waits for it.
func (d *daemonBench) stop() {
	if d.cmd == nil {
		return
	}
	d.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-d.exited:
	case <-time.After(time.Minute):
		d.cmd.Process.Kill()
		<-d.exited
	}
	d.cmd = nil
}

const firstBuild = "its site's first build"

// firstBuild waits for the site's first build, which must be full (the
// copy has no site), and returns its duration.
func (d *daemonBench) firstBuild() time.Duration {
	d.b.Helper()
	d.await(firstBuild, func() bool { return len(d.builds) > 0 })
	d.mu.Lock()
	defer d.mu.Unlock()
	if !d.builds[0].full {
		d.b.Fatal("the daemon's first build was not full")
	}
	return d.builds[0].took
}

// move plays one move by mail and records its figures: the reply, the
// handling and, with a site, the site's update after it.
func (d *daemonBench) move() {
	d.b.Helper()
	d.mu.Lock()
	builds, handles := len(d.builds), len(d.handles)
	d.mu.Unlock()
	id, ply, msgID := d.send()
	d.replies = append(d.replies, d.reply(id, ply, msgID).Sub(d.sentAt))
	d.await("the handled message's log line", func() bool { return len(d.handles) > handles })
	if d.site {
		d.await("the site's update after a move", func() bool { return len(d.builds) > builds })
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	d.handled = append(d.handled, d.handles[handles:]...)
	for _, bd := range d.builds[builds:] {
		if bd.full {
			d.b.Fatal("the daemon built its site in full after a move")
		}
		d.updates = append(d.updates, bd.took)
	}
}

// restart sends a move while the daemon is stopped, starts it and returns
// the time from exec to the move's reply, and to the watcher's start.
func (d *daemonBench) restart() (reply, ready time.Duration) {
	d.b.Helper()
	id, ply, msgID := d.send()
	start := time.Now()
	d.start()
	replied := d.reply(id, ply, msgID)
	d.await("its watching line", func() bool { return !d.watching.IsZero() })
	d.mu.Lock()
	defer d.mu.Unlock()
	return replied.Sub(start), d.watching.Sub(start)
}

// send delivers into the club's inbox the next move of the next game in
// progress that has one, from the player to move, as an answer to postal's
// last mail of that game: to the player's reply token, which proves the
// player for that game. It returns the game, its ply before the move, and
// the mail's Message-ID; d.sentAt is when it landed.
func (d *daemonBench) send() (id int64, ply int, msgID string) {
	d.b.Helper()
	for tries := 0; tries < len(d.games); tries++ {
		g := d.games[d.next%len(d.games)]
		d.next++
		var row *archive.Game
		err := d.db.ReadTx(d.ctx, func(tx *archive.Tx) error {
			var err error
			row, err = tx.GameByID(g.id)
			return err
		})
		if err != nil {
			d.b.Fatal(err)
		}
		seat, move, ok := d.choose(row)
		if !ok {
			continue
		}
		d.sent++
		msgID = fmt.Sprintf("bench.%d.%d@client.test", d.sent, time.Now().UnixNano())
		local, host, _ := strings.Cut(d.srv.Club, "@")
		raw := fmt.Sprintf("Return-Path: <%s>\r\nFrom: <%s>\r\nTo: <%s+%s@%s>\r\nSubject: Re: [postal #%d]\r\nDate: %s\r\nMessage-ID: <%s>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nmove %d %s\r\n",
			g.addrs[seat], g.addrs[seat], local, g.tokens[seat], host, g.id, time.Now().Format(time.RFC1123Z), msgID, g.id, move)
		d.sentAt = time.Now()
		if err := d.srv.Deliver(d.srv.Club, []byte(raw)); err != nil {
			d.b.Fatal(err)
		}
		return g.id, row.Ply, msgID
	}
	d.b.Fatal("no game in progress has a move to play")
	return 0, 0, ""
}

// choose picks a legal move of a player to move in the game, at random.
func (d *daemonBench) choose(row *archive.Game) (seat int, move string, ok bool) {
	if row.Status != archive.GameActive {
		return 0, "", false
	}
	eg, err := engine.Lookup(row.Game)
	if err != nil {
		d.b.Fatal(err)
	}
	pos, err := eg.ParsePosition(row.Position)
	if err != nil {
		d.b.Fatalf("game %d: %v", row.ID, err)
	}
	for _, p := range pos.ToMove() {
		if p == engine.Chance || int(p) >= len(row.Players) {
			continue
		}
		if legal := pos.Legal(p); len(legal) > 0 {
			return int(p), legal[d.rng.IntN(len(legal))].String(), true
		}
	}
	return 0, "", false
}

// reply waits for postal's answer to msgID and checks that it played the
// move: the game went past ply. It returns when the answer landed.
func (d *daemonBench) reply(id int64, ply int, msgID string) time.Time {
	d.b.Helper()
	d.await("a reply to "+msgID, func() bool { _, ok := d.landed[msgID]; return ok })
	d.mu.Lock()
	got := d.landed[msgID]
	d.mu.Unlock()
	var row *archive.Game
	err := d.db.ReadTx(d.ctx, func(tx *archive.Tx) error {
		var err error
		row, err = tx.GameByID(id)
		return err
	})
	if err != nil {
		d.b.Fatal(err)
	}
	if row.Ply <= ply {
		d.b.Fatalf("game %d is still at ply %d after the move %s; postal answered:\n%.3000s", id, row.Ply, msgID, got.raw)
	}
	return got.at
}

// postalBinary builds cmd/postal once per test binary.
func postalBinary(t testing.TB) string {
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "postal-bin-")
		if err != nil {
			buildOnce.err = err
			return
		}
		buildOnce.bin = filepath.Join(dir, "postal")
		out, err := exec.Command("go", "build", "-o", buildOnce.bin, ".").CombinedOutput()
		if err != nil {
			buildOnce.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildOnce.err != nil {
		t.Fatal(buildOnce.err)
	}
	return buildOnce.bin
}

var buildOnce struct {
	sync.Once
	bin string
	err error
}

// cpu is the CPU time the daemon has used, user and system.
func (d *daemonBench) cpu() time.Duration {
	d.b.Helper()
	used, err := processCPU(d.cmd.Process.Pid)
	if err != nil {
		d.b.Fatal(err)
	}
	return used
}

// processCPU is the CPU time process pid has used, user and system, from
// /proc/PID/stat in clock ticks (USER_HZ, 100 on Linux).
func processCPU(pid int) (time.Duration, error) {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// The command name, field 2, is in parentheses and may hold spaces:
	// utime and stime are fields 14 and 15, the 12th and 13th after it.
	f := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(utime+stime) * (time.Second / 100), nil
}

// quantile is the q-quantile of ds (nearest rank), 0 for none.
func quantile(ds []time.Duration, q float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Sorted(slices.Values(ds))
	return s[min(len(s)-1, int(q*float64(len(s))))]
}

// ms is d in milliseconds, for b.ReportMetric.
func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// procKB reads a "Name:   1234 kB" line of /proc/PID/status.
func procKB(status []byte, name string) float64 {
	for line := range strings.Lines(string(status)) {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == name+":" {
			v, _ := strconv.ParseFloat(f[1], 64)
			return v
		}
	}
	return 0
}
