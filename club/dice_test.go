package club

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"postal/archive"
	"postal/club/published"
	"postal/docs"
	"postal/engine"
	"postal/mailer"
	"postal/notation"
	"postal/site"
)

// Fair dice (issue 15): until a game is over its seed is in no mail, no
// record and no file of the site; a commitment to it is, from the first
// mails on. At the end the seed is revealed everywhere and checks against
// the commitment and every throw; a record with one throw altered, or a seed
// that is not the committed one, does not.
func TestSeedSecretUntilEnd(t *testing.T) {
	for _, tc := range []struct{ game, config string }{
		{"superial-chess", "random random-moves=3"},
		{"initiative", ""},
	} {
		t.Run(tc.game, func(t *testing.T) {
			c := newClub(t, Options{})
			// The same seed on every run: with another, a random
			// Initiative game may end within the moves played here.
			pinRandom(t, 15)
			c.register("alice")
			c.register("bob")
			c.register("carol") // a stranger would get the short reply
			c.mail("alice@example.org", "x", "key "+c.keys["alice"]+"\nchallenge bob "+tc.game+" "+tc.config+" as first")
			out := c.mail("bob@example.org", "x", "key "+c.keys["bob"]+"\naccept 1")
			row := c.game(1)
			seed := strconv.FormatUint(row.Seed, 10)
			commitment := engine.SeedCommitment(1, row.Seed)
			if len(seed) < 12 {
				t.Skipf("seed %s too short to grep for", seed) // about one game in a million
			}
			// The first mails of the game publish the commitment.
			for _, who := range []string{"alice@example.org", "bob@example.org"} {
				contains(t, to(t, out, who), "Fair dice", commitment)
			}
			rng := rand.New(rand.NewPCG(15, 15))
			if tc.game == "superial-chess" {
				c.play(t, "alice", "random") // a throw of the cube
				c.play(t, "bob", "random")
			}
			c.playRandom(t, 6, rng)
			if tc.game == "superial-chess" {
				c.play(t, mover(t, c), "random") // the last move of record is a throw
			}
			if n := chanceMoves(t, c); n < 2 {
				t.Fatalf("only %d chance moves: the test shows little", n)
			}

			// In progress: the seed is nowhere, the commitment is.
			rec := recordText(c, t, "carol@example.org")
			if !strings.Contains(rec, `[SeedCommitment "`+commitment+`"]`) || strings.Contains(rec, "[Seed ") {
				t.Fatalf("the record of a game in progress:\n%s", rec)
			}
			dir := buildSite(t, c)
			if f := grepDir(t, dir, seed); f != "" {
				t.Errorf("the site shows the seed of a game in progress in %s", f)
			}
			if grepDir(t, dir, commitment) == "" {
				t.Error("the site does not show the commitment")
			}
			if page, _ := os.ReadFile(filepath.Join(dir, "games", "1.html")); !strings.Contains(string(page), commitment) || !strings.Contains(string(page), "secret until the game ends") {
				t.Errorf("the game page does not show the commitment:\n%s", page)
			}
			if m := grepMail(t, c, seed); m != "" {
				t.Errorf("a mail shows the seed of a game in progress: %s", m)
			}
			if _, err := mustRead(t, rec).CheckDice(); !errors.Is(err, notation.ErrSeedSecret) {
				t.Errorf("CheckDice on a game in progress: %v", err)
			}

			// Over: the seed is revealed and checks out.
			out = c.mail("alice@example.org", "x", "key "+c.keys["alice"]+"\nresign 1")
			for _, who := range []string{"alice@example.org", "bob@example.org"} {
				contains(t, to(t, out, who), "Fair dice: the seed of game #1 was "+seed)
			}
			rec = recordText(c, t, "carol@example.org")
			if !strings.Contains(rec, `[Seed "`+seed+`"]`) || !strings.Contains(rec, `[SeedCommitment "`+commitment+`"]`) {
				t.Fatalf("the record of the game over:\n%s", rec)
			}
			r := mustRead(t, rec)
			if n, err := r.CheckDice(); err != nil || n != chanceMoves(t, c) {
				t.Fatalf("CheckDice: %d chance moves, %v", n, err)
			}
			dir = buildSite(t, c)
			for _, f := range []string{"games/1.html", "games/1.txt"} {
				if b, _ := os.ReadFile(filepath.Join(dir, f)); !strings.Contains(string(b), seed) {
					t.Errorf("%s does not reveal the seed", f)
				}
			}

			// One throw altered (the record cut after it, so the rest
			// still replays): refused, naming its move.
			bad, n := alterThrow(t, r)
			if _, err := bad.CheckDice(); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("move %d (chance: ", n)) {
				t.Errorf("a record with move %d altered: %v", n, err)
			}
			// A seed that is not the committed one: refused, naming the
			// first throw it contradicts.
			wrong := mustRead(t, rec)
			wrong.Config.Seed++
			var de *notation.DiceError
			if _, err := wrong.CheckDice(); !errors.As(err, &de) || !de.Commitment || de.MoveNumber == 0 || !strings.Contains(err.Error(), fmt.Sprintf("move %d (chance: ", de.MoveNumber)) {
				t.Errorf("a wrong seed: %v", err)
			}
		})
	}
}

// play has name send move in game 1 with their key.
func (c *club) play(t *testing.T, name, move string) {
	t.Helper()
	before := c.game(1).Ply
	out := c.mail(name+"@example.org", "m", fmt.Sprintf("key %s\nmove 1 %s", c.keys[name], move))
	if reply := to(t, out, name+"@example.org"); !strings.Contains(reply.Text, "played in game #1") {
		t.Fatalf("%s: %s refused:\n%s", name, move, reply.Text)
	}
	if c.game(1).Ply <= before {
		t.Fatalf("%s did not advance the game", move)
	}
}

// mover is the name of a player to move in game 1.
func mover(t *testing.T, c *club) string {
	t.Helper()
	pos := c.position(t)
	for _, p := range pos.ToMove() {
		if p == engine.First || p == engine.Second {
			return [2]string{"alice", "bob"}[p]
		}
	}
	t.Fatalf("nobody to move in %s", pos)
	return ""
}

// position is the position of game 1.
func (c *club) position(t *testing.T) engine.Position {
	t.Helper()
	return positionOf(c, t, 1)
}

// playRandom plays plies random legal moves in game 1 (fewer if it ends).
func (c *club) playRandom(t *testing.T, plies int, rng *rand.Rand) {
	t.Helper()
	for i := 0; i < plies && c.game(1).Status == archive.GameActive; i++ {
		pos := c.position(t)
		name := mover(t, c)
		side := engine.First
		if name == "bob" {
			side = engine.Second
		}
		legal := pos.Legal(side)
		c.play(t, name, legal[rng.IntN(len(legal))].String())
	}
}

func chanceMoves(t *testing.T, c *club) int {
	t.Helper()
	n := 0
	err := c.db.Tx(context.Background(), func(tx *archive.Tx) error {
		moves, err := tx.Moves(1)
		for _, m := range moves {
			if m.Player == int(engine.Chance) {
				n++
			}
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// recordText asks for game 1's record by mail, as anyone may.
func recordText(c *club, t *testing.T, from string) string {
	t.Helper()
	// Strangers get a note, not records (the budget for strangers): the
	// reader is a player.
	if name, _, _ := strings.Cut(from, "@"); c.keys[name] == "" {
		c.register(name)
	}
	out := c.mail(from, "record", c.withKey(from, "record 1"))
	m := to(t, out, from)
	for _, a := range m.Attachments {
		if a.Name == "postal-1.txt" {
			if !strings.Contains(m.Text, string(a.Data[:40])) {
				t.Fatal("the record is not in the text part too")
			}
			return string(a.Data)
		}
	}
	t.Fatalf("no record attached:\n%s", m.Text)
	return ""
}

func mustRead(t *testing.T, text string) *notation.Record {
	t.Helper()
	r, err := notation.ReadRecord(text)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// buildSite builds the archive site of the club as the daemon does and
// returns its directory.
func buildSite(t *testing.T, c *club) string {
	t.Helper()
	var games []site.Game
	err := published.EachRecord(context.Background(), c.db, c.opt.Address, nil, true, func(r published.Archived) error {
		games = append(games, site.Game{ID: r.Row.ID, Record: r.Record, Plies: r.Row.Ply, Position: r.Row.Position,
			Started: r.Row.Created, Updated: r.Row.Updated, Finished: r.Row.Finished, Deadline: r.Row.Deadline})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "site")
	if _, err := site.Build(context.Background(), site.NewMemory(games...), site.Options{OutDir: out, Rules: docs.Rules(), Logger: slog.New(slog.DiscardHandler)}); err != nil {
		t.Fatal(err)
	}
	return out
}

// grepDir returns the first file under dir that contains s, "" for none;
// it reads text files only.
func grepDir(t *testing.T, dir, s string) string {
	t.Helper()
	found := ""
	err := filepath.WalkDir(dir+"/", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || found != "" {
			return err
		}
		switch filepath.Ext(path) {
		case ".gz", ".br", ".wasm", ".png":
			// Compressed or binary: text would not show in it as
			// written, and a few bytes may match by chance (the
			// browser's engine once held U+202E's three).
			return nil
		}
		b, err := os.ReadFile(path)
		if err == nil && strings.Contains(string(b), s) {
			found = path
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return found
}

// grepMail returns the first mail of the outbox that contains s anywhere,
// "" for none.
func grepMail(t *testing.T, c *club, s string) string {
	t.Helper()
	rows, err := c.db.Outbox(context.Background(), 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		m := c.load(r)
		raw, err := mailer.BuildMessage(m)
		if err != nil {
			t.Fatal(err)
		}
		all := m.Subject + m.Text + m.HTML + string(raw)
		for _, a := range append(m.Inline, m.Attachments...) {
			all += string(a.Data)
		}
		if strings.Contains(all, s) {
			return fmt.Sprintf("%q to %s", m.Subject, m.To)
		}
	}
	return ""
}

// alterThrow returns a copy of r with its last chance move replaced by
// another outcome and the moves after it cut, and the move's number.
func alterThrow(t *testing.T, r *notation.Record) (*notation.Record, int) {
	t.Helper()
	positions, err := r.Replay()
	if err != nil {
		t.Fatal(err)
	}
	for i := len(r.Moves) - 1; i >= 0; i-- {
		if r.Moves[i].Player != engine.Chance {
			continue
		}
		for _, m := range positions[i].Legal(engine.Chance) {
			if m.String() == r.Moves[i].Text {
				continue
			}
			bad := *r
			bad.Moves = append([]notation.RecordMove(nil), r.Moves[:i+1]...)
			bad.Moves[i].Text = m.String()
			return &bad, i + 1
		}
	}
	t.Fatal("no chance move with another outcome")
	return nil, 0
}
