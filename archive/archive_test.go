package archive

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"log/slog"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

func openTemp(t *testing.T) (*DB, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "postal db.sqlite") // a space, to test DSN escaping
	db, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db, path
}

func TestMigrateTwice(t *testing.T) {
	ctx := context.Background()
	db, path := openTemp(t)
	last := lastMigration(t)
	v, err := db.Version(ctx)
	if err != nil || v != last || v < 3 {
		t.Fatalf("version %d, %v; want %d, the last migration's", v, err, last)
	}
	db.Close()
	db2, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	defer db2.Close()
	if v, _ := db2.Version(ctx); v != last {
		t.Fatalf("version after reopen %d", v)
	}
}

// lastMigration is the number of the last migration (numbers may skip:
// branches take theirs).
func lastMigration(t *testing.T) int {
	t.Helper()
	steps, _ := fs.Glob(migrations, "migrations/*.sql")
	n, err := strconv.Atoi(strings.SplitN(path.Base(steps[len(steps)-1]), "_", 2)[0])
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestTxRollsBack(t *testing.T) {
	ctx := context.Background()
	db, _ := openTemp(t)
	now := time.Date(2026, 11, 22, 8, 0, 0, 0, time.UTC)
	boom := errors.New("boom")
	err := db.Tx(ctx, func(tx *Tx) error {
		if _, err := tx.AddPlayer("alice", "alice@example.org", "h1", now); err != nil {
			return err
		}
		if _, err := tx.Enqueue(Mail{Message: []byte("to alice"), Files: [][]byte{{1}}}, now); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("Tx returned %v", err)
	}
	// A cancelled context after the work also leaves nothing.
	cctx, cancel := context.WithCancel(ctx)
	err = db.Tx(cctx, func(tx *Tx) error {
		if _, err := tx.AddPlayer("alice", "alice@example.org", "h1", now); err != nil {
			return err
		}
		cancel()
		return nil
	})
	if err == nil {
		t.Fatal("Tx committed after its context was cancelled")
	}
	db.Tx(ctx, func(tx *Tx) error {
		if _, err := tx.PlayerByName("alice"); !errors.Is(err, ErrNotFound) {
			t.Errorf("player after rollback: %v", err)
		}
		return nil
	})
	if rows, _ := db.Outbox(ctx, 0); len(rows) != 0 {
		t.Errorf("outbox after rollback: %d rows", len(rows))
	}
}

func TestMessageOnce(t *testing.T) {
	ctx := context.Background()
	db, _ := openTemp(t)
	now := time.Now()
	for i, want := range []bool{false, true} {
		err := db.Tx(ctx, func(tx *Tx) error {
			seen, err := tx.Seen("m1@example.org")
			if err != nil {
				return err
			}
			if seen != want {
				t.Errorf("round %d: seen %v", i, seen)
			}
			if !seen {
				_, err = tx.AddMessage(Message{MessageID: "m1@example.org", From: "a@b.c", Received: now, Outcome: "ok"})
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	err := db.Tx(ctx, func(tx *Tx) error {
		_, err := tx.AddMessage(Message{MessageID: "m1@example.org", Received: now})
		return err
	})
	if err == nil {
		t.Fatal("the same Message-ID was recorded twice")
	}
}

// The outbox hands its rows out due first, with their files, and drops the
// files of a row once it is sent (issue 17), never those of a row still due
// or given up.
func TestQueue(t *testing.T) {
	ctx := context.Background()
	db, _ := openTemp(t)
	t0 := time.Date(2026, 11, 22, 8, 0, 0, 0, time.UTC)
	if _, ok, err := db.NextDue(ctx); ok || err != nil {
		t.Fatalf("empty outbox: ok %v, %v", ok, err)
	}
	var ids []int64
	db.Tx(ctx, func(tx *Tx) error {
		for i, to := range []string{"a@x.org", "b@x.org", "c@x.org"} {
			id, err := tx.Enqueue(Mail{Message: []byte("to " + to), Files: [][]byte{{0, 1, 2}, []byte(to)}}, t0.Add(time.Duration(i)*time.Second))
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, id)
		}
		return nil
	})
	due, err := db.Due(ctx, t0, 10)
	if err != nil || len(due) != 1 || string(due[0].Mail.Message) != "to a@x.org" || len(due[0].Mail.Files) != 2 || string(due[0].Mail.Files[0]) != "\x00\x01\x02" || string(due[0].Mail.Files[1]) != "a@x.org" {
		t.Fatalf("due at t0: %+v, %v", due, err)
	}
	if err := db.Retry(ctx, ids[0], "421 try later", t0.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if err := db.Sent(ctx, ids[1], t0.Add(2*time.Second)); err != nil {
		t.Fatal(err)
	}
	next, ok, err := db.NextDue(ctx)
	if !ok || err != nil || !next.Equal(t0.Add(2*time.Second)) {
		t.Fatalf("next due %v %v %v", next, ok, err)
	}
	due, _ = db.Due(ctx, t0.Add(time.Hour), 10)
	if len(due) != 2 || due[0].ID != ids[2] || due[1].Attempts != 1 || len(due[1].Mail.Files) != 2 {
		t.Fatalf("due later: %+v", due)
	}
	if err := db.Sent(ctx, ids[2], t0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := db.Retry(ctx, ids[0], "550 no such user", time.Time{}); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := db.NextDue(ctx); ok {
		t.Fatal("a given-up row is still due")
	}
	if err := db.Sent(ctx, 999, t0); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Sent of a missing row: %v", err)
	}
	rows, _ := db.Outbox(ctx, 0)
	if len(rows) != 3 || rows[0].LastError != "550 no such user" || rows[0].Attempts != 2 || !rows[1].SentAt.Equal(t0.Add(2*time.Second)) {
		t.Fatalf("rows: %+v", rows)
	}
	if len(rows[0].Mail.Files) != 2 || rows[1].Mail.Files != nil || rows[2].Mail.Files != nil || string(rows[2].Mail.Message) != "to c@x.org" {
		t.Fatalf("files after sending: given up %d, sent %d and %d; message %q", len(rows[0].Mail.Files), len(rows[1].Mail.Files), len(rows[2].Mail.Files), rows[2].Mail.Message)
	}
	var n int
	if err := db.db.QueryRow(`SELECT COUNT(*) FROM outbox_files`).Scan(&n); err != nil || n != 2 {
		t.Fatalf("%d file rows left, %v; want the given-up row's 2", n, err)
	}
}

func TestTokens(t *testing.T) {
	ctx := context.Background()
	db, _ := openTemp(t)
	now := time.Now()
	db.Tx(ctx, func(tx *Tx) error {
		p, err := tx.AddPlayer("alice", "alice@example.org", "h", now)
		if err != nil {
			t.Fatal(err)
		}
		t1, _ := tx.Token(p.ID, 0, now)
		t2, _ := tx.Token(p.ID, 0, now)
		if t1 != t2 || len(t1) != 16 {
			t.Errorf("tokens %q %q", t1, t2)
		}
		pid, gid, err := tx.TokenOwner(t1)
		if err != nil || pid != p.ID || gid != 0 {
			t.Errorf("owner %d %d %v", pid, gid, err)
		}
		if _, _, err := tx.TokenOwner("nope"); !errors.Is(err, ErrNotFound) {
			t.Errorf("unknown token: %v", err)
		}
		return nil
	})
}

// TestMigrateFromOne opens a version 1 archive with a game in it and brings
// it to the current schema.
func TestMigrateFromOne(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := open(ctx, path, migrationsUpTo(t, 1), slog.Default())
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 22, 8, 0, 0, 0, time.UTC)
	err = db.Tx(ctx, func(tx *Tx) error {
		a, _ := tx.AddPlayer("a", "a@x.org", "h1", now)
		b, _ := tx.AddPlayer("b", "b@x.org", "h2", now)
		_, err := tx.exec(`INSERT INTO games (id, game, config, seed, first_id, second_id, position, ply, status, deadline, created, updated) VALUES (1, 'g', '', 0, ?, ?, 'p', 0, 'active', ?, ?, ?)`, a.ID, b.ID, fmtTime(now.Add(time.Hour)), fmtTime(now), fmtTime(now))
		if err != nil {
			return err
		}
		// Moves as version 1 stored them: chance as 2.
		_, err = tx.exec(`INSERT INTO moves (game_id, ply, player, move, at) VALUES (1, 1, 2, 'roll 6', ?), (1, 2, 0, 'a', ?), (1, 3, 1, 'b', ?)`, fmtTime(now), fmtTime(now), fmtTime(now))
		if err != nil {
			return err
		}
		// Mails as the outbox kept them before 008: the files' bytes
		// inside the message's JSON; one sent, one still due.
		_, err = tx.exec(`INSERT INTO outbox (msg, created, next_attempt, sent_at) VALUES (?, ?, NULL, ?), (?, ?, ?, NULL)`,
			oldMail("a@x.org"), fmtTime(now), fmtTime(now), oldMail("b@x.org"), fmtTime(now), fmtTime(now))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	db, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if v, _ := db.Version(ctx); v != lastMigration(t) {
		t.Fatalf("version %d after migrating, want %d", v, lastMigration(t))
	}
	// The sent mail lost its files' bytes and kept the rest; the due one
	// is as it was.
	rows, err := db.Outbox(ctx, 0)
	if err != nil || len(rows) != 2 {
		t.Fatalf("outbox after migrating: %+v, %v", rows, err)
	}
	sent, due := string(rows[0].Mail.Message), string(rows[1].Mail.Message)
	if strings.Contains(sent, `"Data"`) || !strings.Contains(sent, `"Inline":[{"Name":"b.png","ContentID":"c1"}]`) || !strings.Contains(sent, `"Attachments":[{"Name":"b.svg"},{"Name":"r.txt"}]`) || !strings.Contains(sent, `"Text":"your move"`) {
		t.Errorf("sent mail after migrating: %s", sent)
	}
	if due != oldMail("b@x.org") {
		t.Errorf("due mail after migrating: %s", due)
	}
	// The old game reads with the columns later migrations added, at their
	// defaults, and the clock scheduler sees its deadline.
	err = db.Tx(ctx, func(tx *Tx) error {
		games, err := tx.DueGames(now, 10)
		if err != nil {
			return err
		}
		if len(games) != 1 || !games[0].Deadline.Equal(now.Add(time.Hour)) || games[0].Control != "" || len(games[0].Banks) != 0 || len(games[0].Players) != 2 {
			t.Fatalf("timed games after migrating: %+v", games)
		}
		// Chance's moves read as engine.Chance (010), the seats' as before.
		moves, err := tx.Moves(1)
		if err != nil || len(moves) != 3 || moves[0].Player != Chance || moves[1].Player != 0 || moves[2].Player != 1 {
			t.Fatalf("moves after migrating: %+v %v", moves, err)
		}
		p, err := tx.PlayerByName("a")
		if err != nil || p.Reminders != "each" {
			t.Fatalf("player after migrating: %+v %v", p, err)
		}
		// The old game has a change number: a reader from the start sees it.
		if ids, seq, err := tx.ChangedAfter(0); err != nil || len(ids) != 1 || seq < 1 {
			t.Fatalf("changes after migrating: %v %d %v", ids, seq, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// oldMail is a mail as the outbox stored it before migration 008.
func oldMail(to string) string {
	return `{"To":"` + to + `","Text":"your move","Inline":[{"Name":"b.png","ContentID":"c1","Data":"iVBORw0K"}],"Attachments":[{"Name":"b.svg","Data":"PHN2Zy8+"},{"Name":"r.txt","Data":"MS4gYQ=="}]}`
}

// A conversation keeps its first mail and the latest ones (issue 16).
func TestThread(t *testing.T) {
	db, _ := openTemp(t)
	err := db.Tx(context.Background(), func(tx *Tx) error {
		if _, _, ok, err := tx.Thread(7, "a@x.org"); ok || err != nil {
			t.Fatalf("a thread before any mail: %v %v", ok, err)
		}
		for _, id := range []string{"m1@x", "m2@x", "m3@x", "m4@x"} {
			if err := tx.AddToThread(7, "a@x.org", id, 2); err != nil {
				return err
			}
		}
		root, recent, ok, err := tx.Thread(7, "a@x.org")
		if !ok || err != nil || root != "m1@x" || strings.Join(recent, " ") != "m3@x m4@x" {
			t.Errorf("thread: %q %q %v %v", root, recent, ok, err)
		}
		if _, _, ok, _ := tx.Thread(7, "b@x.org"); ok {
			t.Error("another address shares the thread")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// migrationsUpTo are the migrations numbered n or less: the schema of an
// archive written by an older postal.
func migrationsUpTo(t *testing.T, n int) fs.FS {
	t.Helper()
	return stepsUpTo{migrations, n}
}

// An archive at migration 8 (the outbox's files, before issue 16's threads)
// keeps its conversations: each keeps its first mail and starts its list of
// latest ones with the next mail.
func TestMigrateThreadsFromEight(t *testing.T) {
	ctx := context.Background()
	file := filepath.Join(t.TempDir(), "eight.db")
	db, err := open(ctx, file, migrationsUpTo(t, 8), slog.Default())
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := db.Version(ctx); v != 8 {
		t.Fatalf("version %d before migrating, want 8", v)
	}
	err = db.Tx(ctx, func(tx *Tx) error {
		_, err := tx.exec(`INSERT INTO threads (game_id, address, root_id) VALUES (3, 'a@x.org', 'first@x')`)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	db, err = Open(ctx, file)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if v, _ := db.Version(ctx); v != lastMigration(t) || v < 9 {
		t.Fatalf("version %d after migrating, want %d", v, lastMigration(t))
	}
	err = db.Tx(ctx, func(tx *Tx) error {
		root, recent, ok, err := tx.Thread(3, "a@x.org")
		if err != nil || !ok || root != "first@x" || len(recent) != 0 {
			t.Fatalf("the old thread after migrating: %q %q %v %v", root, recent, ok, err)
		}
		if err := tx.AddToThread(3, "a@x.org", "next@x", 4); err != nil {
			return err
		}
		root, recent, _, err = tx.Thread(3, "a@x.org")
		if err != nil || root != "first@x" || strings.Join(recent, " ") != "next@x" {
			t.Errorf("the old thread after a mail: %q %q %v", root, recent, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// An archive written before migration 21 holds Superial Chess games of
// three and four played by rules version 1 (before R13g, issue 27): after
// migrating, their positions say v1, so that they replay and go on as they
// were played; two-player games and games of other rules are unchanged.
func TestMigrateR13gMarksOldMultiplayerGamesV1(t *testing.T) {
	ctx := context.Background()
	file := filepath.Join(t.TempDir(), "twenty.db")
	db, err := open(ctx, file, migrationsUpTo(t, 20), slog.Default())
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	multi := "multiplayer 3 10/4No5/10/10/10/4So5/10/So9/SoSo8/W+1So7 s np 200 99 - -"
	positions := map[int64][2]string{
		1: {"superial-chess", multi},
		2: {"superial-chess", multi + " v1"},
		3: {"superial-chess", "classic 6 6/6/6/2pp2/1pHp2/6 w - 20 3 - -"},
		4: {"takeaway", "multiplayer 1"},
	}
	err = db.Tx(ctx, func(tx *Tx) error {
		p, err := tx.AddPlayer("alice", "alice@x", "", now)
		if err != nil {
			return err
		}
		for id := int64(1); id <= 4; id++ {
			g := &Game{ID: id, Game: positions[id][0], Position: positions[id][1], Players: []int64{p.ID, p.ID, p.ID}, Status: GameActive, Created: now, Updated: now}
			if err := tx.AddGame(g); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	if db, err = Open(ctx, file); err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	want := map[int64]string{1: multi + " v1", 2: multi + " v1", 3: positions[3][1], 4: positions[4][1]}
	err = db.ReadTx(ctx, func(tx *Tx) error {
		for id, w := range want {
			g, err := tx.GameByID(id)
			if err != nil {
				return err
			}
			if g.Position != w {
				t.Errorf("game %d after migrating: %q, want %q", id, g.Position, w)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// An upgrade says what it changed: each migration applied at an open is
// logged, one line each with its version and step (issue 34); an archive
// already up to date logs none.
func TestMigrationsAppliedAreLogged(t *testing.T) {
	ctx := context.Background()
	file := filepath.Join(t.TempDir(), "old.db")
	db, err := open(ctx, file, migrationsUpTo(t, 19), slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	var log strings.Builder
	if db, err = OpenLog(ctx, file, slog.New(slog.NewTextHandler(&log, nil))); err != nil {
		t.Fatal(err)
	}
	steps, _ := fs.Glob(migrations, "migrations/*.sql")
	var want []string
	for _, s := range steps {
		if n, _ := strconv.Atoi(strings.SplitN(path.Base(s), "_", 2)[0]); n > 19 {
			want = append(want, path.Base(s))
		}
	}
	lines := strings.Split(strings.TrimSpace(log.String()), "\n")
	if len(lines) != len(want) {
		t.Fatalf("%d lines logged for %d migrations:\n%s", len(lines), len(want), log.String())
	}
	for i, w := range want {
		if !strings.Contains(lines[i], "archive: migration applied") || !strings.Contains(lines[i], "step="+w) {
			t.Errorf("line %d does not name %s: %s", i+1, w, lines[i])
		}
	}
	db.Close()
	log.Reset()
	if db, err = OpenLog(ctx, file, slog.New(slog.NewTextHandler(&log, nil))); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if log.Len() != 0 {
		t.Errorf("an archive up to date logged:\n%s", log.String())
	}
}

// An archive of the release before issue 33 (migrations to 21) keeps a
// challenge of two's opponent in challenges.opponent_id or opponent_addr,
// a tournament table of three its first two players only, and a game of
// two's draw offer in games.draw_offer. After migration 30 every challenge
// lists its seats, and the offer is the offerer's agreement: the games in
// progress go on as they were.
func TestMigrate30EveryChallengeSeats(t *testing.T) {
	ctx := context.Background()
	file := filepath.Join(t.TempDir(), "release.db")
	db, err := open(ctx, file, migrationsUpTo(t, 21), slog.Default())
	if err != nil {
		t.Fatal(err)
	}
	at := "2026-11-01T00:00:00.000Z"
	// As the release wrote them: 1 an open challenge of two to bob, 2 an
	// invitation, 3 an open one, 4 accepted and a game with bob's draw
	// offer, 5 a tournament's table of three (a challenge row of two),
	// 6 a challenge of four with seats of its own, 7 an open challenge of
	// alice's as second that carol accepted (its row named no opponent).
	for _, q := range []string{
		`INSERT INTO players (id, name, address, key_hash, created) VALUES (1, 'alice', 'alice@x', 'ka', '` + at + `'), (2, 'bob', 'bob@x', 'kb', '` + at + `'), (3, 'carol', 'carol@x', 'kc', '` + at + `')`,
		`INSERT INTO challenges (id, challenger_id, opponent_id, opponent_addr, game, config, side, days, status, created, updated) VALUES
			(1, 1, 2, '', 'initiative', 'standard', 'random', 3, 'open', '` + at + `', '` + at + `'),
			(2, 1, NULL, 'dave@x', 'initiative', 'standard', 'first', 3, 'open', '` + at + `', '` + at + `'),
			(3, 2, NULL, '', 'initiative', 'standard', 'second', 3, 'open', '` + at + `', '` + at + `'),
			(4, 1, 2, '', 'initiative', 'standard', 'first', 3, 'accepted', '` + at + `', '2026-11-02T00:00:00.000Z'),
			(5, 1, 2, '', 'superial-chess', 'multiplayer players=3', 'first', 3, 'accepted', '` + at + `', '` + at + `'),
			(6, 1, NULL, '', 'superial-chess', 'multiplayer players=4', 'north', 3, 'open', '` + at + `', '` + at + `'),
			(7, 1, NULL, '', 'initiative', 'standard', 'second', 3, 'accepted', '` + at + `', '` + at + `')`,
		`INSERT INTO challenge_seats (challenge_id, n, player_id, address, accepted) VALUES (6, 1, 2, '', ''), (6, 2, NULL, '', ''), (6, 3, NULL, 'erin@x', '')`,
		`INSERT INTO games (id, game, config, seed, first_id, second_id, position, ply, status, draw_offer, created, updated) VALUES
			(4, 'initiative', 'standard', 7, 1, 2, 'p4', 3, 'active', 1, '` + at + `', '` + at + `'),
			(5, 'superial-chess', 'multiplayer players=3', 8, 1, 2, 'p5', 2, 'active', NULL, '` + at + `', '` + at + `'),
			(7, 'initiative', 'standard', 9, 3, 1, 'p7', 1, 'active', NULL, '` + at + `', '` + at + `')`,
		`INSERT INTO game_seats (game_id, seat, player_id) VALUES (5, 2, 3)`,
	} {
		if _, err := db.db.ExecContext(ctx, q); err != nil {
			t.Fatalf("%v\n%s", err, q)
		}
	}
	db.Close()
	if db, err = Open(ctx, file); err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	err = db.Tx(ctx, func(tx *Tx) error {
		want := map[int64][]ChallengeSeat{
			1: {{N: 1, PlayerID: 2}},
			2: {{N: 1, Address: "dave@x"}},
			3: {{N: 1}},
			4: {{N: 1, PlayerID: 2, Accepted: time.Date(2026, 11, 2, 0, 0, 0, 0, time.UTC)}},
			5: {{N: 1, PlayerID: 2, Accepted: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)}, {N: 2, PlayerID: 3, Accepted: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)}},
			6: {{N: 1, PlayerID: 2}, {N: 2}, {N: 3, Address: "erin@x"}},
			7: {{N: 1, PlayerID: 3, Accepted: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)}},
		}
		for id, seats := range want {
			c, err := tx.Challenge(id)
			if err != nil {
				return err
			}
			if !slices.EqualFunc(c.Seats, seats, func(a, b ChallengeSeat) bool {
				return a.N == b.N && a.PlayerID == b.PlayerID && a.Address == b.Address && a.Accepted.Equal(b.Accepted)
			}) {
				t.Errorf("challenge %d's seats after migrating: %+v, want %+v", id, c.Seats, seats)
			}
		}
		// bob's open challenges: 1 (his seat), 3 (his own), 6 (his seat).
		open, err := tx.OpenChallenges(2)
		if err != nil {
			return err
		}
		var ids []int64
		for _, c := range open {
			ids = append(ids, c.ID)
		}
		if !slices.Equal(ids, []int64{1, 3, 6}) {
			t.Errorf("bob's open challenges after migrating: %v", ids)
		}
		// dave registers: the invitation becomes his.
		d, err := tx.AddPlayer("dave", "dave@x", "kd", time.Now())
		if err != nil {
			return err
		}
		if bound, err := tx.BindInvitations("dave@x", d.ID); err != nil || len(bound) != 1 || bound[0].ID != 2 || bound[0].Seats[0].PlayerID != d.ID {
			t.Errorf("dave's invitations: %+v %v", bound, err)
		}
		g, err := tx.GameByID(4)
		if err != nil {
			return err
		}
		if g.Status != GameActive || g.Position != "p4" || g.Ply != 3 || !slices.Equal(g.DrawAgreed, []int{1}) {
			t.Errorf("game 4 after migrating: %s %q ply %d, draw agreed by %v (bob offered)", g.Status, g.Position, g.Ply, g.DrawAgreed)
		}
		g, err = tx.GameByID(5)
		if err != nil {
			return err
		}
		if !slices.Equal(g.Players, []int64{1, 2, 3}) || g.DrawAgreed != nil {
			t.Errorf("game 5 after migrating: players %v, draw agreed by %v", g.Players, g.DrawAgreed)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
