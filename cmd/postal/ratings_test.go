package main

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"postal/archive"
	"postal/archive/archivegen"
)

// "postal ratings --recompute" compares the stored ratings with those the
// finished games give: an archive whose games were stored without the
// club rating them (a generated one) differs, and says where; one without
// a rated game agrees.
func TestRatingsRecompute(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "postal.db")
	db, err := archive.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := archivegen.Generate(ctx, db, archivegen.Options{Active: 3, MaxPlies: 6, Seed: 1}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	out, errOut, code := postal(t, "ratings", "--recompute", "--db", path)
	if code != 0 || !strings.Contains(out, "from 0 finished games (0 rated)") || !strings.Contains(out, "the stored ratings are the recomputed ones") {
		t.Errorf("no finished game: exit %d\n%s%s", code, out, errOut)
	}
	if out, _, code := postal(t, "ratings", "--db", path); code != 0 || !strings.Contains(out, "no ratings yet") {
		t.Errorf("postal ratings: exit %d\n%s", code, out)
	}

	db, err = archive.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := archivegen.Generate(ctx, db, archivegen.Options{Finished: 5, MaxPlies: 6, Seed: 2}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	out, errOut, code = postal(t, "ratings", "--recompute", "--db", path)
	if code != 1 || !strings.Contains(out, "differs: game ") || !strings.Contains(out, "rated by the recompute, not by the club") || !strings.Contains(errOut, "the stored ratings differ from the recompute") {
		t.Errorf("unrated games: exit %d\n%s%s", code, out, errOut)
	}
	if _, errOut, code := postal(t, "ratings", "--db", filepath.Join(t.TempDir(), "none.db")); code != 1 || !strings.Contains(errOut, "the database") {
		t.Errorf("a missing database: exit %d, %s", code, errOut)
	}
}

// Issue 35, finding 6: an archive from before ratings (schema version 11,
// as that postal wrote it) upgraded: "postal ratings --recompute" rates
// none of its 6 finished games and says why and what rates them; "--all"
// rates them in the order they ended, the recompute then agrees with what
// is stored, and a second "--all" has nothing left to rate. An old game
// of the club's bot that the archive cannot place needs the config.
func TestRatingsAllOfAnArchiveFromBeforeRatings(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "postal.db")
	if _, err := archivegen.BeforeRatings(ctx, path, archivegen.Options{Games: []string{"conflagration", "imperial-chess"}, Finished: 6, Active: 1, Players: 4, MaxPlies: 12, Seed: 35}); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := postal(t, "ratings", "--recompute", "--db", path)
	if code != 0 || !strings.Contains(out, "from 6 finished games (0 rated)") ||
		!strings.Contains(out, `6 of the finished games ended before the archive had ratings and are not rated; "postal ratings --recompute --all" rates them`) {
		t.Fatalf("an upgraded archive: exit %d\n%s%s", code, out, errOut)
	}
	played := 0 // the finished games each player made a move of
	db, err := archive.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	err = db.ReadTx(ctx, func(tx *archive.Tx) error {
		for id := int64(1); id <= 6; id++ {
			g, err := tx.GameByID(id)
			if err != nil {
				return err
			}
			moved, err := tx.MovedSeats(id, nil)
			if err != nil {
				return err
			}
			if g.Status == archive.GameOver && len(moved) == len(g.Players) {
				played++
			}
		}
		return nil
	})
	db.Close()
	if err != nil || played < 4 {
		t.Fatalf("%d of 6 games played by both (want most), %v", played, err)
	}
	if _, _, code := postal(t, "ratings", "--all", "--db", path); code != 2 {
		t.Errorf("--all without --recompute: exit %d, want a usage error", code)
	}
	out, errOut, code = postal(t, "ratings", "--recompute", "--all", "--db", path)
	if code != 0 || !strings.Contains(out, "postal: rated 6 finished games from before ratings") ||
		!strings.Contains(out, fmt.Sprintf("from 6 finished games (%d rated)", played)) || !strings.Contains(out, "the stored ratings are the recomputed ones") ||
		strings.Contains(out, "ended before the archive had ratings") {
		t.Fatalf("--all: exit %d\n%s%s", code, out, errOut)
	}
	if out, _, code := postal(t, "ratings", "--db", path); code != 0 || !strings.Contains(out, "conflagration") || !strings.Contains(out, "gen00") {
		t.Errorf("the lists after --all: exit %d\n%s", code, out)
	}
	out, errOut, code = postal(t, "ratings", "--recompute", "--all", "--db", path)
	if code != 0 || !strings.Contains(out, "no finished game from before ratings is left unrated") || !strings.Contains(out, fmt.Sprintf("(%d rated)", played)) {
		t.Errorf("--all again: exit %d\n%s%s", code, out, errOut)
	}

	// The bot played an old game at a level the archive kept, and the
	// archive does not name the bot: the config must.
	path = filepath.Join(t.TempDir(), "bot.db")
	if _, err := archivegen.BeforeRatings(ctx, path, archivegen.Options{Games: []string{"imperial-chess"}, Finished: 2, Players: 2, MaxPlies: 12, Seed: 36}); err != nil {
		t.Fatal(err)
	}
	raw, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	_, err = raw.Exec(`UPDATE players SET name = 'bot', address = 'postal+bot.bot@club.test' WHERE id = 2; INSERT INTO bot_games (game_id, level) VALUES (1, 3)`)
	raw.Close()
	if err != nil {
		t.Fatal(err)
	}
	out, errOut, code = postal(t, "ratings", "--recompute", "--all", "--db", path)
	if code != 1 || !strings.Contains(errOut, "game #1, from before ratings, was played by the club's bot, and neither the archive nor the config names it: name the club's config (--config FILE)") {
		t.Errorf("a bot's old game without the config: exit %d\n%s%s", code, out, errOut)
	}
	config := filepath.Join(t.TempDir(), "postal.toml")
	text := fmt.Sprintf("database = %q\n[club]\naddress = \"postal@club.test\"\n[imap]\nhost = \"localhost\"\nuser = \"postal\"\n[smtp]\nhost = \"localhost\"\n[bots]\nenabled = true\n", path)
	if err := os.WriteFile(config, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	out, errOut, code = postal(t, "ratings", "--recompute", "--all", "--config", config)
	if code != 0 || !strings.Contains(out, "rated 2 finished games from before ratings") {
		t.Fatalf("with the config: exit %d\n%s%s", code, out, errOut)
	}
	out, _, _ = postal(t, "ratings", "--db", path)
	if !strings.Contains(out, "bot-3") || !strings.Contains(out, "bot-2") {
		t.Errorf("the bot's old games at level 3 (kept) and 2 (its default): \n%s", out)
	}
}

// The daemon says at its start, in its log, how many finished games of an
// upgraded archive are not rated, and what rates them.
func TestDaemonLogsGamesFromBeforeRatings(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "postal.db")
	if _, err := archivegen.BeforeRatings(ctx, path, archivegen.Options{Games: []string{"conflagration"}, Finished: 3, Players: 2, MaxPlies: 12, Seed: 35}); err != nil {
		t.Fatal(err)
	}
	cfg := &Config{Database: path, Club: ClubConfig{Address: "postal@x.test"}, IMAP: MailServer{Host: "127.0.0.1", Port: 1, TLS: "none", password: "p"}, SMTP: MailServer{Host: "127.0.0.1", Port: 1, TLS: "none", password: "p"}}
	var logged bytes.Buffer
	d, err := newDaemon(ctx, cfg, slog.New(slog.NewTextHandler(&logged, nil)))
	if err != nil {
		t.Fatal(err)
	}
	d.db.Close()
	if want := `msg="postal: finished games from before ratings are not rated" games=3 rate-them-with="postal ratings --recompute --all --config FILE"`; !strings.Contains(logged.String(), want) {
		t.Errorf("the daemon's log lacks %s:\n%s", want, logged.String())
	}
	if _, _, code := postal(t, "ratings", "--recompute", "--all", "--db", path); code != 0 {
		t.Fatal("--all failed")
	}
	logged.Reset()
	if d, err = newDaemon(ctx, cfg, slog.New(slog.NewTextHandler(&logged, nil))); err != nil {
		t.Fatal(err)
	}
	d.db.Close()
	if strings.Contains(logged.String(), "before ratings") {
		t.Errorf("the log after --all: %s", logged.String())
	}
}
