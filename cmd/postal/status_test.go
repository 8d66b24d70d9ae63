package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2/imapclient"

	"postal/archive"
	"postal/archive/archivegen"
	"postal/mailer/demoserver"
	"postal/site"
)

// postal status reads what the daemon has in hand from its database: the
// outbox waiting and retrying, the last search of the mailbox and the mail
// handled, the games in progress and the next deadline, the tournaments open
// and running (issue 25); with --config, the mail in the failed folder
// (issue 29).
func TestStatusShowsTheQueue(t *testing.T) {
	ctx := context.Background()
	r := newCheckRig(t, demoserver.Options{})
	r.conf["imap.failed"] = `"failed"`
	r.check(t) // writes the config
	path := filepath.Join(r.dir, "postal.db")
	db, err := archive.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	deadline := now.Add(50 * time.Hour)
	if _, err := archivegen.Generate(ctx, db, archivegen.Options{Finished: 5, Active: 3, Seed: 1, MaxPlies: 60, Deadline: deadline, Start: now.Add(-100 * 24 * time.Hour)}); err != nil {
		t.Fatal(err)
	}
	var ids []int64
	err = db.Tx(ctx, func(tx *archive.Tx) error {
		for i := range 3 {
			id, err := tx.Enqueue(archive.Mail{Message: []byte(`{}`)}, now.Add(-time.Duration(3-i)*time.Hour))
			if err != nil {
				return err
			}
			ids = append(ids, id)
		}
		for i, at := range []time.Time{now.Add(-2 * time.Hour), now.Add(-20 * time.Minute), now.Add(-30 * time.Hour)} {
			if _, err := tx.AddMessage(archive.Message{MessageID: string(rune('a'+i)) + "@x", From: "alice@x", Subject: "s", Received: at, Outcome: "ok"}); err != nil {
				return err
			}
		}
		return addStatusTournaments(tx, now)
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Retry(ctx, ids[0], "dial tcp 127.0.0.1:25: connection refused", now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := db.Sent(ctx, ids[2], now); err != nil {
		t.Fatal(err)
	}
	if err := db.SetLastPoll(ctx, now.Add(-5*time.Minute)); err != nil {
		t.Fatal(err)
	}
	db.Close()
	// Two mails postal could not handle wait in the failed folder.
	c, err := imapclient.DialInsecure(r.srv.IMAPAddr, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Login(r.srv.Club, "postal").Wait(); err != nil {
		t.Fatal(err)
	}
	if err := c.Create("failed", nil).Wait(); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		raw := []byte("From: x@y\r\nSubject: broken\r\n\r\nbody\r\n")
		cmd := c.Append("failed", int64(len(raw)), nil)
		cmd.Write(raw)
		cmd.Close()
		if _, err := cmd.Wait(); err != nil {
			t.Fatal(err)
		}
	}
	c.Logout().Wait()

	out, stderr, code := postal(t, "status", "--config", filepath.Join(r.dir, "postal.toml"))
	if code != 0 {
		t.Fatalf("postal status: %d\n%s%s", code, out, stderr)
	}
	for _, want := range []string{
		"schema version ",
		"last search of the mailbox 5 minutes ago; last mail handled 20 minutes ago; 2 mails in the last 24 hours",
		"outbox    2 waiting, the oldest written 3 hours ago; 1 retrying (the last failure: dial tcp 127.0.0.1:25: connection refused); 0 given up",
		"failed    2 mails in failed",
		"games     3 in progress; the next deadline is game #",
		"(in 2 days 2 hours)",
		// Issue 25: the tournaments open and running, not those over.
		"tournaments 2 running, 1 open for entries\n",
		"            cup (conflagration round-robin): running, 3 entrants, 2 of 4 games in play\n",
		"            sw (conflagration swiss of 4 rounds): running, 4 entrants, round 2, 0 of 0 games in play\n",
		"            spring (initiative knockout): open, 1 entrant\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("postal status does not say %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "old (") {
		t.Errorf("postal status lists a tournament that is over:\n%s", out)
	}
	// The database alone: everything but the mail account.
	out, _, code = postal(t, "status", "--db", path)
	if code != 0 || strings.Contains(out, "failed    ") || !regexp.MustCompile(`games +3 in progress`).MatchString(out) {
		t.Errorf("postal status --db: %d\n%s", code, out)
	}
}

// addStatusTournaments adds the tournaments of TestStatusShowsTheQueue to the
// generated games: cup, running, with four of them (two in progress) and an
// entrant who left; sw, a Swiss in its second round; spring, open; old, over.
func addStatusTournaments(tx *archive.Tx, now time.Time) error {
	games, err := tx.GamesAfter(0, 100)
	if err != nil {
		return err
	}
	var active, over []*archive.Game
	for _, g := range games {
		if g.Status == archive.GameActive {
			active = append(active, g)
		} else {
			over = append(over, g)
		}
	}
	if len(active) < 2 || len(over) < 2 {
		return fmt.Errorf("generated %d games in progress and %d over", len(active), len(over))
	}
	cupGames := []*archive.Game{over[0], active[0], over[1], active[1]}
	var players []int64
	for _, g := range cupGames {
		for _, p := range g.Players {
			if !slices.Contains(players, p) {
				players = append(players, p)
			}
		}
	}
	if len(players) < 4 {
		return fmt.Errorf("the generated games have %d players", len(players))
	}
	add := func(name, game, format string, rounds, round int, status string, entrants []int64) (*archive.Tournament, error) {
		t := &archive.Tournament{Name: name, DirectorID: players[0], Game: game, Format: format, Settings: map[string]int{"rounds": rounds}, Days: 5, Control: "5 days a move", Created: now}
		if err := tx.AddTournament(t); err != nil {
			return nil, err
		}
		for _, p := range entrants {
			if err := tx.AddEntrant(t.ID, p, now); err != nil {
				return nil, err
			}
		}
		t.Status, t.Round = status, round
		return t, tx.UpdateTournament(t)
	}
	cup, err := add("cup", "conflagration", "round-robin", 0, 0, archive.TournamentRunning, players[:4])
	if err != nil {
		return err
	}
	for i, g := range cupGames {
		if err := tx.AddTournamentGame(cup.ID, archive.TournamentGame{GameID: g.ID, Round: 1, Board: i + 1}); err != nil {
			return err
		}
	}
	if err := tx.UpdateEntrant(cup.ID, archive.Entrant{PlayerID: players[3], Status: "left", Out: now}); err != nil {
		return err
	}
	for _, t := range []struct {
		name, game, format string
		rounds, round      int
		status             string
		entrants           []int64
	}{
		{"sw", "conflagration", "swiss", 4, 2, archive.TournamentRunning, players[:4]},
		{"spring", "initiative", "knockout", 0, 0, archive.TournamentOpen, players[:1]},
		{"old", "initiative", "round-robin", 0, 0, archive.TournamentOver, players[:2]},
	} {
		if _, err := add(t.name, t.game, t.format, t.rounds, t.round, t.status, t.entrants); err != nil {
			return err
		}
	}
	return nil
}

// postal status says whether the daemon runs, by its heartbeat, and how
// old its last sign of life is; run without the passwords' environment
// it names the variable and how postal serve has it, instead of a bare
// config error (issue 34).
func TestStatusSaysWhetherTheDaemonRuns(t *testing.T) {
	ctx := context.Background()
	r := newCheckRig(t, demoserver.Options{})
	config := r.writeConfig(t)
	path := filepath.Join(r.dir, "postal.db")
	db, err := archive.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	status := func() string {
		t.Helper()
		out, stderr, code := postal(t, "status", "--config", config)
		if code != 0 {
			t.Fatalf("postal status: %d\n%s%s", code, out, stderr)
		}
		return out
	}
	now := time.Now()
	for _, c := range []struct {
		what  string
		state map[string]string
		want  string
	}{
		{"never ran", nil, "daemon    not running (it has never run on this database"},
		{"alive", map[string]string{archive.StateAlive: archive.FmtStateTime(now.Add(-5 * time.Second))}, "daemon    running (last sign of life 5 s ago)"},
		{"stopped", map[string]string{archive.StateStopped: archive.FmtStateTime(now.Add(-3 * time.Second))}, "daemon    not running (it stopped "},
		{"killed", map[string]string{archive.StateAlive: archive.FmtStateTime(now.Add(-10 * time.Minute)), archive.StateStopped: archive.FmtStateTime(now.Add(-time.Hour))},
			"daemon    not running (last sign of life 10 minutes ago: it was killed"},
	} {
		if c.state != nil {
			if err := db.SetState(ctx, c.state); err != nil {
				t.Fatal(err)
			}
		}
		if out := status(); !strings.Contains(out, c.want) {
			t.Errorf("%s: postal status does not say %q:\n%s", c.what, c.want, out)
		}
	}
	os.Unsetenv("POSTAL_CHECK_PASSWORD")
	if out := status(); !strings.Contains(out, "failed    not looked at: config: environment variable POSTAL_CHECK_PASSWORD") ||
		!strings.Contains(out, "set POSTAL_CHECK_PASSWORD as postal serve has it: the unit reads it from /etc/postal/env (EnvironmentFile), so run this as root with sh -c 'set -a; . /etc/postal/env; exec runuser -u postal -- postal ...'") ||
		!strings.Contains(out, "or name a file in the config instead, password_file") {
		t.Errorf("without the password's variable, postal status does not say which to set:\n%s", out)
	}
}

// testDB is a new database in a folder of the test's, closed at its end,
// and its path.
func testDB(t *testing.T) (*archive.DB, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "postal.db")
	db, err := archive.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db, path
}

// statusOf is postal status of args, which must succeed.
func statusOf(t *testing.T, args ...string) string {
	t.Helper()
	out, stderr, code := postal(t, append([]string{"status"}, args...)...)
	if code != 0 {
		t.Fatalf("postal status: %d\n%s%s", code, out, stderr)
	}
	return out
}

// postal status says times under a minute in seconds, as its "last sign of
// life" does: "1 minute ago" for a mail handled 10 s before, or for a daemon
// stopped 3 s before, read as a minute (s34, finding 4).
func TestStatusSaysSecondsUnderAMinute(t *testing.T) {
	ctx := context.Background()
	db, path := testDB(t)
	now := time.Now()
	err := db.Tx(ctx, func(tx *archive.Tx) error {
		_, err := tx.AddMessage(archive.Message{MessageID: "m@x", From: "alice@x", Subject: "s", Received: now.Add(-10 * time.Second), Outcome: "handled"})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.SetLastPoll(ctx, now.Add(-18*time.Second)); err != nil {
		t.Fatal(err)
	}
	if err := db.SetState(ctx, map[string]string{archive.StateAlive: archive.FmtStateTime(now.Add(-33 * time.Second)), archive.StateStopped: archive.FmtStateTime(now.Add(-3 * time.Second))}); err != nil {
		t.Fatal(err)
	}
	out := statusOf(t, "--db", path)
	for _, want := range []string{`it stopped [34] s ago`, `last search of the mailbox 1[89] s ago`, `last mail handled 1[01] s ago`} {
		if !regexp.MustCompile(want).MatchString(out) {
			t.Errorf("postal status does not say %q:\n%s", want, out)
		}
	}
}

// A heartbeat does not outlive its process (s34, finding 5): a database
// copied while postal ran (a backup, restored) carries a heartbeat seconds
// old, and postal status called the daemon running. The heartbeat names its
// process; on the same machine status looks whether it still runs.
func TestStatusHeartbeatOfAGoneProcess(t *testing.T) {
	ctx := context.Background()
	db, live := testDB(t)
	dir := filepath.Dir(live)
	// The daemon's stand-in: a process of its own, which the test ends.
	daemon := exec.Command("sleep", "60")
	if err := daemon.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { daemon.Process.Kill(); daemon.Wait() })
	id, err := processIdentity(daemon.Process.Pid)
	if err != nil {
		t.Fatal(err)
	}
	beat := func(db *archive.DB, process string) {
		t.Helper()
		if err := db.SetState(ctx, map[string]string{archive.StateAlive: archive.FmtStateTime(time.Now().Add(-5 * time.Second)), archive.StateProcess: process}); err != nil {
			t.Fatal(err)
		}
	}
	status := func(path string) string { t.Helper(); return statusOf(t, "--db", path) }
	beat(db, id)
	if out := status(live); !strings.Contains(out, "daemon    running (last sign of life 5 s ago)") {
		t.Errorf("the daemon's process runs, but postal status says:\n%s", out)
	}
	backup := filepath.Join(dir, "backup.db")
	if _, stderr, code := postal(t, "backup", "--db", live, backup); code != 0 {
		t.Fatalf("postal backup: %s", stderr)
	}
	daemon.Process.Kill()
	daemon.Wait()
	// The backup restored while postal is stopped.
	out := status(backup)
	if !strings.Contains(out, "daemon    not running (its last heartbeat, ") || !strings.Contains(out, fmt.Sprintf("is of process %d on this machine, which is gone", daemon.Process.Pid)) {
		t.Errorf("the daemon's process is gone, but postal status says:\n%s", out)
	}
	// A heartbeat recorded on another machine (a database moved between
	// machines) is judged by its age alone.
	beat(db, "elsewhere.example 0a1b 4242 1234")
	if out := status(live); !strings.Contains(out, "daemon    running (last sign of life 5 s ago") {
		t.Errorf("a heartbeat of another machine, 5 s old: postal status says:\n%s", out)
	}
}

// postal status counts neither postal check's own test mails as mail in
// nor the mails the operator dropped after a restore as given up (s34,
// finding 7): its "24 hours" showed 26 mails for 9 of players', and "2 given
// up" for two mails dropped by hand.
func TestStatusCountsNeitherCheckMailNorDrops(t *testing.T) {
	ctx := context.Background()
	db, path := testDB(t)
	now := time.Now()
	var ids []int64
	err := db.Tx(ctx, func(tx *archive.Tx) error {
		for i, m := range []archive.Message{
			{MessageID: "p1@x", From: "alice@players.example", Received: now.Add(-2 * time.Hour), Outcome: "handled"},
			{MessageID: "p2@x", From: "bob@players.example", Received: now.Add(-time.Hour), Outcome: "handled"},
			{MessageID: "c1@x", From: "postal@club.example", Received: now.Add(-30 * time.Minute), Outcome: archive.OutcomeOwn},
			{MessageID: "c2@x", From: "postal@club.example", Received: now.Add(-20 * time.Minute), Outcome: archive.OutcomeOwn},
		} {
			m.Subject = fmt.Sprint("s", i)
			if _, err := tx.AddMessage(m); err != nil {
				return err
			}
		}
		for range 3 {
			id, err := tx.Enqueue(archive.Mail{Message: []byte(`{}`)}, now.Add(-time.Hour))
			if err != nil {
				return err
			}
			ids = append(ids, id)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// Mail 1 is refused for good by the server; 2 and 3, held after a
	// restore, are dropped by the operator: they had gone out.
	if err := db.Retry(ctx, ids[0], "550 no such user", time.Time{}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.HoldWaiting(ctx, now); err != nil {
		t.Fatal(err)
	}
	if _, err := db.DropHeld(ctx, ids[1:], now); err != nil {
		t.Fatal(err)
	}
	out := statusOf(t, "--db", path)
	for _, want := range []string{"last mail handled 1 hour ago; 2 mails in the last 24 hours (and 2 from postal's own address, left unanswered: postal check's test mails, or forgeries of postal)", "0 waiting; 1 given up; 2 dropped by you (postal outbox drop)"} {
		if !strings.Contains(out, want) {
			t.Errorf("postal status does not say %q:\n%s", want, out)
		}
	}
}

// The daemon's site updates that fail show in postal status (s34, finding
// 2): a site left to root by a build run as root failed at every move, and
// only the daemon's log said so. Once an update succeeds the line goes.
func TestStatusShowsSiteFailures(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	db, path := testDB(t)
	dir := filepath.Dir(path)
	if _, err := archivegen.Generate(ctx, db, archivegen.Options{Finished: 2, Active: 2, Seed: 1, MaxPlies: 20}); err != nil {
		t.Fatal(err)
	}
	// The site's folder is a file: no user, root neither, can write in it.
	blocked := filepath.Join(dir, "www")
	if err := os.WriteFile(blocked, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := &Config{Club: ClubConfig{Address: "postal@club.example"}, Site: SiteConfig{Out: filepath.Join(blocked, "site")}}
	p := newSitePublisher(db, cfg, testLogger(t))
	p.prepare(ctx)
	builds := make(chan site.Stats, 10)
	p.built = func(st site.Stats) { builds <- st }
	pctx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { defer close(done); p.run(pctx) }()
	defer func() { stop(); <-done }()
	failures := func() int {
		state, err := db.State(ctx)
		if err != nil {
			t.Fatal(err)
		}
		n, _ := strconv.Atoi(state[archive.StateSiteFailures])
		return n
	}
	waitUntil(t, ctx, "a failed update recorded", func() bool { return failures() == 1 })
	p.Kick()
	waitUntil(t, ctx, "a second failed update recorded", func() bool { return failures() == 2 })
	status := func() string { t.Helper(); return statusOf(t, "--db", path) }
	out := status()
	if !regexp.MustCompile(`(?m)^  site      the last 2 updates failed, the first [0-9]+ s ago, the last [0-9]+ s ago: site: .*www/site.*not a directory; postal check names the fix$`).MatchString(out) {
		t.Errorf("postal status does not show the site's failures:\n%s", out)
	}
	// Mended: the next update succeeds, and the line goes.
	if err := os.Remove(blocked); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(blocked, 0o755); err != nil {
		t.Fatal(err)
	}
	p.Kick()
	select {
	case st := <-builds:
		if !st.Full {
			t.Errorf("the first build that succeeds: %+v", st)
		}
	case <-ctx.Done():
		t.Fatal("no build after the folder was mended")
	}
	if out := status(); strings.Contains(out, "failed, the first") || failures() != 0 {
		t.Errorf("postal status still shows the site failing:\n%s", out)
	}
}
