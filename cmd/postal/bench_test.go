package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"postal/archive"
	"postal/archive/archivegen"
	"postal/engine"
	"postal/mailer/demoserver"
)

// benchGames is the size of the daemon benchmark's archive: that many
// finished games and a tenth as many in progress, generated into SQLite
// (shared with the site's benchmarks in POSTAL_BENCH_DIR, as "make bench"
// sets it).
var benchGames = flag.Int("benchgames", 10000, "finished games in the daemon benchmark's archive")

// daemonLog reads the daemon's log for the site's builds and updates.
var siteLine = regexp.MustCompile(`msg="site (built|updated)".* duration=(\S+)`)

// BenchmarkDaemon runs the postal binary as "postal serve" (against the
// demo's loopback mail servers) on the generated archive, lets it build
// its site, then stores moves through the archive as the club does, one at
// a time, each published by the daemon's site publisher before the next.
// It reports the daemon's full build at start, its update after one move
// (the median of the durations it logs) and its memory from /proc: VmRSS
// at the end and VmHWM, the peak, full build included.
func BenchmarkDaemon(b *testing.B) {
	if _, err := os.Stat("/proc/self/status"); err != nil {
		b.Skip("no /proc: the daemon's memory cannot be read")
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	n := *benchGames
	dir := b.TempDir()
	cache := os.Getenv("POSTAL_BENCH_DIR")
	if cache == "" {
		cache = dir
	}
	var games []string
	for _, g := range engine.Games() {
		games = append(games, g.Info().Name)
	}
	path, err := archivegen.Cached(ctx, cache, archivegen.Bench(n, games))
	if err != nil {
		b.Fatal(err)
	}
	if path, err = archivegen.Copy(path, dir); err != nil {
		b.Fatal(err)
	}
	bin := filepath.Join(dir, "postal")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	srv, err := demoserver.Start(demoserver.Options{IMAPAddr: "127.0.0.1:0", SMTPAddr: "127.0.0.1:0", Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		b.Fatal(err)
	}
	defer srv.Close()
	port := func(addr string) string { _, p, _ := net.SplitHostPort(addr); return p }
	config := filepath.Join(dir, "postal.toml")
	err = os.WriteFile(config, fmt.Appendf(nil, `database = %q
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
[site]
out = %q
every = "20ms"
[clock]
reminders = "none"
`, path, srv.Club, port(srv.IMAPAddr), srv.Club, port(srv.SMTPAddr), filepath.Join(dir, "site")), 0o644)
	if err != nil {
		b.Fatal(err)
	}
	cmd := exec.CommandContext(ctx, bin, "serve", "--config", config)
	cmd.Env = append(os.Environ(), "POSTAL_BENCH_PASSWORD=postal")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	defer func() {
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
	}()
	type build struct {
		full bool
		took time.Duration
	}
	builds := make(chan build, 100)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := siteLine.FindStringSubmatch(sc.Text()); m != nil {
				d, _ := time.ParseDuration(m[2])
				builds <- build{m[1] == "built", d}
			} else if strings.Contains(sc.Text(), "level=ERROR") {
				b.Log("daemon: " + sc.Text())
			}
		}
		io.Copy(io.Discard, stderr)
	}()
	wait := func() build {
		select {
		case bd := <-builds:
			return bd
		case <-time.After(5 * time.Minute):
			b.Fatal("the daemon published nothing")
		}
		return build{}
	}
	first := wait()
	if !first.full {
		b.Fatalf("the daemon's first build was not full")
	}
	db, err := archive.Open(ctx, path)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	active := archivegen.InProgress(n)
	var updates []time.Duration
	i := 0
	for b.Loop() {
		if active, err = archivegen.MoveSome(ctx, db, active, i); err != nil {
			b.Fatal(err)
		}
		i++
		bd := wait()
		if bd.full {
			b.Fatal("the daemon built in full after a move")
		}
		updates = append(updates, bd.took)
	}
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", cmd.Process.Pid))
	if err != nil {
		b.Fatal(err)
	}
	slices.Sort(updates)
	b.ReportMetric(first.took.Seconds(), "full-build-s")
	b.ReportMetric(float64(updates[len(updates)/2].Microseconds())/1000, "update-ms")
	b.ReportMetric(procKB(status, "VmRSS")/1024, "rss-MiB")
	b.ReportMetric(procKB(status, "VmHWM")/1024, "peak-rss-MiB")
}

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
