package club

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"postal/archive"
	"postal/club/accounts"
	"postal/club/work"
	"postal/engine"
)

// botTurns runs the bot's look at the archive and returns what it must do.
func (c *club) botTurns() []botTurn {
	c.t.Helper()
	turns, err := c.s.botTurns(context.Background())
	if err != nil {
		c.t.Fatal(err)
	}
	return turns
}

// A challenge to the bot starts the game at once, at the level asked or
// the club's default; a level the bot does not play, a level asked of a
// person, and a challenge past the bot's number of games are refused and
// change nothing. Nothing is ever mailed to the bot.
func TestBotChallenges(t *testing.T) {
	c := newClub(t, Options{Bot: &BotOptions{MaxLevel: 3, MaxGames: 2}})
	c.register("alice")
	c.register("bob")
	key := "key " + c.keys["alice"] + "\n"
	out := c.mail("alice@example.org", "bot", key+"challenge bot takeaway level 4")
	contains(t, to(t, out, "alice@example.org"), "bot plays at levels 1 to 3, not 4")
	out = c.mail("alice@example.org", "bot", key+"challenge bob takeaway level 2")
	contains(t, to(t, out, "alice@example.org"), "only the bot plays at a level")
	out = c.mail("alice@example.org", "bot", key+"challenge bot takeaway level 3 as second")
	if len(out) != 1 {
		t.Fatalf("%d mails; want the reply to alice alone", len(out))
	}
	contains(t, out[0], "game #1 has started: Takeaway: bot vs alice", "bot accepted at once and plays at level 3 of 4", "You play South")
	out = c.mail("alice@example.org", "bot", key+"challenge bot takeaway")
	contains(t, to(t, out, "alice@example.org"), "game #2 has started", "plays at level 2 of 4")
	out = c.mail("alice@example.org", "bot", key+"challenge bot takeaway")
	contains(t, to(t, out, "alice@example.org"), "bot plays as many games as it may (2)")
	err := c.db.Tx(context.Background(), func(tx *archive.Tx) error {
		for id, want := range map[int64]int{1: 3, 2: 2} {
			if level, err := tx.BotLevel(id); err != nil || level != want {
				t.Errorf("game %d: level %d (%v), want %d", id, level, err, want)
			}
		}
		if _, err := tx.Challenge(3); !errors.Is(err, archive.ErrNotFound) {
			t.Errorf("the refused challenge was stored: %v", err)
		}
		bot, err := tx.PlayerByName("bot")
		if err != nil {
			return err
		}
		if !strings.HasPrefix(bot.Address, "postal+bot.bot@") {
			t.Errorf("the bot's address %s is not the club's own", bot.Address)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// Game 1 waits for the bot (game 2 too, if it drew the first move).
	turns := c.botTurns()
	if len(turns) == 0 || turns[0].game != 1 || turns[0].level != 3 || turns[0].side != engine.First || turns[0].ply != 0 {
		t.Errorf("the bot's turns: %+v, want game 1 first, at level 3", turns)
	}
}

// The bot's move goes through the player's move path: logged, the clock
// and the turn passed on, the opponent told by mail. Played again for the
// same ply (a thought finished after a restart, say), it is refused and
// nothing changes: it counts once.
func TestBotMoveCountsOnce(t *testing.T) {
	c := newClub(t, Options{Bot: &BotOptions{}})
	c.register("alice")
	c.mail("alice@example.org", "bot", "key "+c.keys["alice"]+"\nchallenge bot takeaway as second")
	turns := c.botTurns()
	if len(turns) != 1 || turns[0].game != 1 || turns[0].ply != 0 {
		t.Fatalf("turns %+v", turns)
	}
	c.now = c.now.Add(time.Minute)
	if err := c.s.botMove(context.Background(), turns[0], "t2"); err != nil {
		t.Fatal(err)
	}
	out := c.outbox()
	m := to(t, out, "alice@example.org")
	contains(t, m, "bot played t2 in game #1. Your move (move 2).")
	if len(out) != 1 {
		t.Errorf("%d mails after the bot's move, want alice's notice alone", len(out))
	}
	if err := c.s.botMove(context.Background(), turns[0], "t1"); !errors.Is(err, errStaleTurn) {
		t.Fatalf("the same turn played again: %v", err)
	}
	g := c.game(1)
	if g.Ply != 1 || g.Deadline.IsZero() {
		t.Errorf("game 1 after the bot's move: ply %d, deadline %v", g.Ply, g.Deadline)
	}
	if len(c.outbox()) != 0 {
		t.Error("the refused move sent mail")
	}
	if turns := c.botTurns(); len(turns) != 0 {
		t.Errorf("the bot still has turns: %+v", turns)
	}
	// alice moves; after a restart the bot finds its turn in the archive.
	c.replyTo(m, "t1")
	c.restart()
	if turns := c.botTurns(); len(turns) != 1 || turns[0].ply != 2 {
		t.Errorf("after a restart the bot's turns are %+v, want game 1 at ply 2", turns)
	}
}

// An open challenge that waited TakeOpen for a person is taken by the bot,
// at its default level, and its challenger told the game started.
func TestBotTakesOpenChallenges(t *testing.T) {
	c := newClub(t, Options{Bot: &BotOptions{TakeOpen: time.Hour, Level: 1}})
	c.register("alice")
	c.mail("alice@example.org", "open", "key "+c.keys["alice"]+"\nopen takeaway as first")
	if turns := c.botTurns(); len(turns) != 0 || game1Exists(c) {
		t.Fatalf("the bot took a challenge that waited a minute")
	}
	c.now = c.now.Add(2 * time.Hour)
	c.botTurns()
	if !game1Exists(c) {
		t.Fatal("the bot did not take the open challenge after two hours")
	}
	contains(t, to(t, c.outbox(), "alice@example.org"), "bot accepted your challenge: game #1 has started. You play North")
	if g := c.game(1); g.Status != archive.GameActive {
		t.Errorf("game 1 is %s", g.Status)
	}
}

func game1Exists(c *club) bool {
	c.t.Helper()
	exists := false
	err := c.db.Tx(context.Background(), func(tx *archive.Tx) error {
		_, err := tx.GameByID(1)
		exists = err == nil
		if errors.Is(err, archive.ErrNotFound) {
			return nil
		}
		return err
	})
	if err != nil {
		c.t.Fatal(err)
	}
	return exists
}

// A club that turned its bot off refuses challenges to it; a person who
// registered the bot's name first keeps it, and the bot stays off.
func TestBotOffAndNameTaken(t *testing.T) {
	c := newClub(t, Options{Bot: &BotOptions{}})
	c.register("alice")
	key := "key " + c.keys["alice"] + "\n"
	c.mail("alice@example.org", "bot", key+"challenge bot takeaway")
	c.opt.Bot = nil
	c.restart()
	out := c.mail("alice@example.org", "bot", key+"challenge bot takeaway")
	contains(t, to(t, out, "alice@example.org"), "bot is the club's bot, and it is off")

	// Registering the bot's name is refused since issue 32 (club/accounts/names.go):
	// the person who took it did so in an older archive.
	c2 := newClub(t, Options{Bot: &BotOptions{Name: "robot"}})
	contains(t, to(t, c2.mail("robot@example.org", "hi", "register robot"), "robot@example.org"), "kept for the club's bot")
	read(c2, func(tx *archive.Tx) (*archive.Player, error) {
		return tx.AddPlayer("robot", "robot@example.org", accounts.HashKey(archive.NewSecret(20)), c2.now)
	})
	c2.register("alice")
	if _, err := c2.s.botTurns(context.Background()); !errors.Is(err, work.ErrBotName) {
		t.Errorf("the bot played under a person's name: %v", err)
	}
	out = c2.mail("alice@example.org", "bot", "key "+c2.keys["alice"]+"\nchallenge robot takeaway")
	contains(t, to(t, out, "robot@example.org"), "alice challenges you")
}

// Under the club's claim mode, an opponent who ran out of time is claimed
// by the bot as a person would claim: the game ends, lost on time.
func TestBotClaimsOnTime(t *testing.T) {
	c := newClub(t, Options{Timeout: "claim", Bot: &BotOptions{}})
	c.register("alice")
	c.mail("alice@example.org", "bot", "key "+c.keys["alice"]+"\nchallenge bot takeaway as first days 1")
	c.now = c.now.Add(25 * time.Hour)
	if _, _, err := c.s.Tick(context.Background()); err != nil {
		t.Fatal(err)
	}
	if g := c.game(1); g.Flagged.IsZero() || g.Status != archive.GameActive {
		t.Fatalf("after the deadline: flagged %v, %s", g.Flagged, g.Status)
	}
	c.outbox()
	c.botTurns()
	g := c.game(1)
	if g.Status != archive.GameOver || g.Result != "0-1" || !strings.Contains(g.Termination, "alice ran out of time") {
		t.Fatalf("game 1: %s %s %q", g.Status, g.Result, g.Termination)
	}
	contains(t, to(t, c.outbox(), "alice@example.org"), "Game #1 is over")
}

// Issue 32, second round, found 16: games against the bot were unlimited,
// each costing the club CPU on every move. A player plays at most
// GamesPerPlayer games with the bot at once (5 by default); past it a
// challenge to the bot is refused, and the bot takes none of their open
// challenges.
func TestBotGamesPerPlayer(t *testing.T) {
	c := newClub(t, Options{Bot: &BotOptions{GamesPerPlayer: 2}})
	c.register("alice")
	c.register("bob")
	for i := range 3 {
		out := c.mail("alice@example.org", "bot", c.withKey("alice@example.org", "challenge bot takeaway"))
		reply := to(t, out, "alice@example.org")
		if i < 2 {
			contains(t, reply, "has started")
		} else {
			contains(t, reply, "you play 2 games with bot already, as many as one may at once", "Nothing was done")
		}
	}
	if n := len(read(c, func(tx *archive.Tx) ([]*archive.Game, error) {
		bot, err := tx.PlayerByName("bot")
		if err != nil {
			return nil, err
		}
		return tx.GamesOf(bot.ID)
	})); n != 2 {
		t.Errorf("the bot plays %d games", n)
	}
	// bob is not held back by alice's games.
	contains(t, to(t, c.mail("bob@example.org", "bot", c.withKey("bob@example.org", "challenge bot takeaway")), "bob@example.org"), "has started")
}
