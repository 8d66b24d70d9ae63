package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"postal/archive"
	"postal/archive/archivegen"
	"postal/site"
)

// TestSitePublisher runs the daemon's site publisher on a generated archive:
// it builds the site at start, then publishes each change the archive's
// change sequence reports, a game dated in the future notwithstanding (the
// publisher used to read the games updated since its last read less a
// minute, which such a game hid).
func TestSitePublisher(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	dir := t.TempDir()
	db, err := archive.Open(ctx, filepath.Join(dir, "postal.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := archivegen.Generate(ctx, db, archivegen.Options{Finished: 20, Active: 4, MaxPlies: 40, Seed: 3, Deadline: time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC)}); err != nil {
		t.Fatal(err)
	}
	cfg := &Config{Club: ClubConfig{Address: "postal@club.example", Name: "Test club"}, Site: SiteConfig{Out: filepath.Join(dir, "site")}}
	p := newSitePublisher(db, cfg, testLogger(t))
	builds := make(chan site.Stats, 10)
	p.built = func(st site.Stats) { builds <- st }
	done := make(chan struct{})
	go func() { defer close(done); p.run(ctx) }()
	next := func() site.Stats {
		t.Helper()
		select {
		case st := <-builds:
			return st
		case <-ctx.Done():
			t.Fatal("no build")
		}
		return site.Stats{}
	}
	if st := next(); !st.Full || st.Games != 24 {
		t.Fatalf("first build: %+v", st)
	}
	page := func(id int64) string {
		data, err := os.ReadFile(filepath.Join(cfg.Site.Out, "games", fmt.Sprint(id)+".html"))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	// Game 21, in progress, is dated a year ahead; then game 22 gets a move.
	err = db.Tx(ctx, func(tx *archive.Tx) error {
		g, err := tx.GameByID(21)
		if err != nil {
			return err
		}
		g.Updated = time.Now().AddDate(1, 0, 0)
		return tx.UpdateGame(g)
	})
	if err != nil {
		t.Fatal(err)
	}
	p.Kick()
	if st := next(); st.Full || st.Changed != 1 {
		t.Errorf("after game 21 changed: %+v", st)
	}
	before := page(22)
	if played, err := archivegen.Move(ctx, db, 22); err != nil || !played {
		t.Fatalf("a move in game 22: %v %v", played, err)
	}
	p.Kick()
	if st := next(); st.Full || st.Changed != 1 || st.Written == 0 {
		t.Errorf("after a move in game 22: %+v", st)
	}
	after := page(22)
	if after == before || !strings.Contains(after, "<li id=\"ply-1\"") || strings.Count(after, "<li id=\"ply-") != strings.Count(before, "<li id=\"ply-")+1 {
		t.Error("game 22's page does not show its new move")
	}
	// A restarted publisher carries on from the site's cursor: no full build.
	cancel()
	<-done
	ctx, cancel = context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if played, err := archivegen.Move(ctx, db, 23); err != nil || !played {
		t.Fatalf("a move in game 23: %v %v", played, err)
	}
	p = newSitePublisher(db, cfg, testLogger(t))
	st, err := p.pub.Update(ctx)
	if err != nil || st.Full || st.Changed != 1 {
		t.Errorf("update after a restart: %+v, %v", st, err)
	}
	if !bytes.Contains([]byte(page(23)), []byte("In progress")) {
		t.Error("game 23's page does not say it is in progress")
	}
}

// After a restore the site is ahead of the database (s34, finding 1): it
// shows moves the restored database no longer holds, and its cursor is
// past the database's change sequence, so the daemon published nothing
// until the sequence caught up. The daemon notices before it handles any
// mail (the site's cursor past the database's last change), says why in
// its log, and builds the site in full; then it publishes the new moves.
func TestSiteRebuiltAfterARestore(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	dir := t.TempDir()
	live := filepath.Join(dir, "postal.db")
	db, err := archive.Open(ctx, live)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := archivegen.Generate(ctx, db, archivegen.Options{Finished: 6, Active: 4, MaxPlies: 40, Seed: 5, Deadline: time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC)}); err != nil {
		t.Fatal(err)
	}
	cfg := &Config{Club: ClubConfig{Address: "postal@club.example", Name: "Test club"}, Site: SiteConfig{Out: filepath.Join(dir, "site")}}
	record := func(id int64) string {
		data, err := os.ReadFile(filepath.Join(cfg.Site.Out, "games", fmt.Sprint(id)+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	// publisher runs the daemon's site publisher on db, as postal serve
	// does (prepare before the mail is handled), until the test ends it.
	type publisher struct {
		*sitePublisher
		builds chan site.Stats
		stop   func()
	}
	start := func(db *archive.DB, log io.Writer) publisher {
		p := publisher{sitePublisher: newSitePublisher(db, cfg, slog.New(slog.NewTextHandler(io.MultiWriter(log, newTestWriter(t)), nil))),
			builds: make(chan site.Stats, 10)}
		p.prepare(ctx)
		p.built = func(st site.Stats) { p.builds <- st }
		pctx, pcancel := context.WithCancel(ctx)
		done := make(chan struct{})
		go func() { defer close(done); p.run(pctx) }()
		p.stop = func() { pcancel(); <-done }
		return p
	}
	next := func(p publisher) site.Stats {
		t.Helper()
		select {
		case st := <-p.builds:
			return st
		case <-ctx.Done():
			t.Fatal("no build")
		}
		return site.Stats{}
	}
	p := start(db, io.Discard)
	if st := next(p); !st.Full {
		t.Fatalf("first build: %+v", st)
	}
	backup := filepath.Join(dir, "backup.db")
	if _, stderr, code := postal(t, "backup", "--db", live, backup); code != 0 {
		t.Fatalf("postal backup: %s", stderr)
	}
	atBackup := record(7)
	// After the backup game 7 gets a move, and the site shows it.
	if played, err := archivegen.Move(ctx, db, 7); err != nil || !played {
		t.Fatalf("a move in game 7: %v %v", played, err)
	}
	p.Kick()
	if st := next(p); st.Full || st.Changed != 1 {
		t.Fatalf("the update after game 7's move: %+v", st)
	}
	p.stop()
	moved := record(7)
	if moved == atBackup {
		t.Fatal("the site does not show game 7's move")
	}
	db.Close()

	// The database is lost and the backup restored.
	for _, suffix := range []string{"", "-wal", "-shm"} {
		os.Remove(live + suffix)
	}
	data, err := os.ReadFile(backup)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(live, data, 0o600); err != nil {
		t.Fatal(err)
	}
	db, err = archive.Open(ctx, live)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	log := &syncBuffer{}
	p = start(db, log)
	defer p.stop()
	if st := next(p); !st.Full {
		t.Errorf("the first build after the restore is an update: %+v", st)
	}
	if got := record(7); got != atBackup {
		t.Errorf("after the restore the site shows game 7 as\n%s\nnot as the restored database holds it:\n%s", got, atBackup)
	}
	if !strings.Contains(log.String(), `msg="site: building in full" why="the site is as of the database's change `) {
		t.Errorf("the log does not say why the site is built again:\n%s", log.String())
	}
	// A move after the restore is published.
	if played, err := archivegen.Move(ctx, db, 7); err != nil || !played {
		t.Fatalf("a move in game 7: %v %v", played, err)
	}
	p.Kick()
	if st := next(p); st.Full || st.Changed != 1 {
		t.Errorf("the update after the restored game's move: %+v", st)
	}
	if got := record(7); got == atBackup {
		t.Errorf("the site does not show the move made after the restore:\n%s", got)
	}
}

// A command run by hand as root on a database of postal's refuses, naming
// the runuser line (s34, finding 2): what it writes beside the database
// and the site stays root's, and the daemon, which runs as postal, could
// no longer write it ("postal site build" as root stopped the site's
// updates).
func TestCommandsRefuseRootOnPostalsDatabase(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("only root runs a command on a database another user owns")
	}
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "postal.db")
	db, err := archive.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	if err := os.Chown(path, 65534, 65534); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "site")
	config := filepath.Join(dir, "postal.toml")
	err = os.WriteFile(config, []byte(fmt.Sprintf("database = %q\n[club]\naddress = \"postal@club.example\"\n[imap]\nhost = \"127.0.0.1\"\nuser = \"postal@club.example\"\npassword_env = \"P\"\n[smtp]\nhost = \"127.0.0.1\"\npassword_env = \"P\"\n", path)), 0o600)
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"serve", "--config", config},
		{"site", "build", "--db", path, "--out", out},
		{"status", "--db", path},
		{"outbox", "--db", path, "hold"},
		{"backup", "--db", path, filepath.Join(dir, "backup.db")},
	} {
		stdout, stderr, code := postal(t, args...)
		if code == 0 || !strings.Contains(stderr, "is nobody's: run postal as nobody, runuser -u nobody -- postal "+args[0]) {
			t.Errorf("postal %s as root: %d\n%s%s", strings.Join(args, " "), code, stdout, stderr)
		}
	}
	if _, err := os.Lstat(out); err == nil {
		t.Error("postal site build as root wrote the site")
	}
	for _, f := range []string{"postal.db-wal", "postal.db-shm", "backup.db"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			t.Errorf("a command as root left %s", f)
		}
	}
	// The owner runs them.
	if err := os.Chown(path, 0, 0); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := postal(t, "status", "--db", path); code != 0 {
		t.Errorf("postal status as the database's owner: %s", stderr)
	}
}

// Issue 35, finding 9: "postal site build --db" without a config took no
// club address, and the pages' "Send this move" had no recipient. It now
// takes the address the daemon recorded, else the sender of the club's
// last mail (the outbox), else says plainly that the pages lack it.
func TestSiteBuildTakesTheClubAddress(t *testing.T) {
	ctx := t.Context()
	dir := t.TempDir()
	path := filepath.Join(dir, "postal.db")
	db, err := archive.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := archivegen.Generate(ctx, db, archivegen.Options{Finished: 1, Active: 1, Players: 2, MaxPlies: 20, Seed: 5, Deadline: time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC)}); err != nil {
		t.Fatal(err)
	}
	active := func() string {
		var id int64
		err := db.ReadTx(ctx, func(tx *archive.Tx) error {
			gs, err := tx.GamesAfter(0, 10)
			for _, g := range gs {
				if g.Status == archive.GameActive {
					id = g.ID
				}
			}
			return err
		})
		if err != nil || id == 0 {
			t.Fatalf("no game in progress: %v", err)
		}
		return fmt.Sprintf("games/%d.html", id)
	}()
	build := func(name string) (string, string) {
		t.Helper()
		out := filepath.Join(dir, name)
		stdout, errOut, code := postal(t, "site", "build", "--db", path, "--out", out)
		if code != 0 {
			t.Fatalf("site build: exit %d: %s", code, errOut)
		}
		page, err := os.ReadFile(filepath.Join(out, active))
		if err != nil {
			t.Fatal(err)
		}
		return stdout, string(page)
	}
	stdout, page := build("none")
	// Without it the page offers no move to send: its mails' links carry
	// no address either (issue 32).
	if !strings.Contains(stdout, "the archive does not name the club's address, and no config does") || strings.Contains(page, `id="play"`) {
		t.Errorf("an archive without the club's address:\n%s", stdout)
	}
	// The club's last mail names it (an archive from before the daemon
	// recorded it).
	err = db.Tx(ctx, func(tx *archive.Tx) error {
		_, err := tx.Enqueue(archive.Mail{Message: []byte(`{"From":"The Postal Club <Postal@Club.example>","To":"alice@example.org","Subject":"x"}`)}, time.Now())
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	stdout, page = build("outbox")
	if !strings.Contains(stdout, "the club's address, from the archive: postal@club.example") || !strings.Contains(page, `data-club="postal@club.example"`) {
		t.Errorf("from the outbox:\n%s", stdout)
	}
	// What the daemon recorded comes first.
	if err := db.SetState(ctx, map[string]string{archive.StateClub: "games@club.example"}); err != nil {
		t.Fatal(err)
	}
	stdout, page = build("state")
	if !strings.Contains(page, `data-club="games@club.example"`) {
		t.Errorf("from the daemon's state:\n%s", stdout)
	}
	db.Close()
}

// TestDaemonTakesBuiltSite builds a club's site with "postal site build
// --config" and starts the daemon's publisher on it (issue 36): it takes the
// site as it is and updates it, no full build; then a config whose title
// differs (what every page shows) makes it build in full, and its log says
// why; so does hide_messages.
func TestDaemonTakesBuiltSite(t *testing.T) {
	ctx := t.Context()
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "postal.db")
	db, err := archive.Open(ctx, dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := archivegen.Generate(ctx, db, archivegen.Options{Finished: 12, Active: 3, MaxPlies: 30, Seed: 5, Deadline: time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC)}); err != nil {
		t.Fatal(err)
	}
	config := func(name, club, extra string) string {
		path := filepath.Join(dir, name)
		text := fmt.Sprintf(`database = %q
[club]
address = "postal@club.example"
name = %q
[imap]
host = "imap.club.example"
user = "postal"
[smtp]
host = "smtp.club.example"
[site]
out = %q
url = "https://club.example/games/"
%s`, dbPath, club, filepath.Join(dir, "site"), extra)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	path := config("postal.toml", "Test club", "")
	if out, errOut, code := postal(t, "site", "build", "--config", path); code != 0 {
		t.Fatalf("site build: exit %d, %s %s", code, out, errOut)
	}
	update := func(path string) (site.Stats, string) {
		t.Helper()
		cfg, err := LoadConfig(path)
		if err != nil {
			t.Fatal(err)
		}
		var logged bytes.Buffer
		p := newSitePublisher(db, cfg, slog.New(slog.NewTextHandler(&logged, nil)))
		st, err := p.pub.Update(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return st, logged.String()
	}
	if played, err := archivegen.Move(ctx, db, 13); err != nil || !played {
		t.Fatalf("a move in game 13: %v %v", played, err)
	}
	if st, log := update(path); st.Full || st.Changed != 1 {
		t.Errorf("the daemon's first update of the site postal site build made: %+v\n%s", st, log)
	}
	// The club renamed: every page shows the title.
	renamed := config("renamed.toml", "Other club", "")
	st, log := update(renamed)
	if !st.Full || !strings.Contains(log, "site: building in full") || !strings.Contains(log, `title \"Test club\" → \"Other club\"`) {
		t.Errorf("after the club's name changed: %+v\n%s", st, log)
	}
	t.Logf("the log after the rename:\n%s", log)
	if st, log := update(renamed); st.Full {
		t.Errorf("a second update after the rename: %+v\n%s", st, log)
	}
	// What players said leaves the pages: every page of a finished game
	// may change.
	st, log = update(config("hidden.toml", "Other club", "hide_messages = true\n"))
	if !st.Full || !strings.Contains(log, "site: building in full") || !strings.Contains(log, "players' messages hidden") {
		t.Errorf("after hide_messages: %+v\n%s", st, log)
	}
}
