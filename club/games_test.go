package club

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"postal/club/games"
	"postal/engine"
	_ "postal/engine/allgames"
	"postal/engine/enginetest/long"
	"postal/notation"
)

// TestEveryGame plays a random game of every ruleset of every registered
// game through Handle, one mail a move, and checks that the stored position
// follows the engine and that the record replays.
func TestEveryGame(t *testing.T) {
	for _, g := range engine.Games() {
		name := g.Info().Name
		for _, rs := range rulesetsUnderTest(g.Info()) {
			t.Run(name+"/"+rs.Name, func(t *testing.T) { playEveryGame(t, g, rs.Name) })
		}
	}
}

// rulesetsUnderTest are the rulesets of game that the tests playing every
// ruleset by mail play: all of them, but under the race detector (make
// test), where each takes seconds, only Conflagration's first: its eight
// rulesets share one move generator and one flow of mails. make test-long
// plays them all.
func rulesetsUnderTest(info engine.Info) []engine.Ruleset {
	if info.Name == "conflagration" {
		return info.Rulesets[:long.Sized(len(info.Rulesets), len(info.Rulesets), 1)]
	}
	return info.Rulesets
}

func playEveryGame(t *testing.T, g engine.Game, ruleset string) {
	name := g.Info().Name
	c := newClub(t, Options{})
	names, _ := startEvery(c, name, ruleset)
	rng := rand.New(rand.NewPCG(1, 2))
	listed := 0
	// Rasterizing boards is slow: a few moves cover the flow (more under
	// make test-long), and Initiative plays on to its first listed parry.
	plies := long.Size(16, 3)
	for i := 0; i < plies || name == "initiative" && listed == 0 && i < 16; i++ {
		row := c.game(1)
		if row.Status != "active" {
			break
		}
		pos, err := g.ParsePosition(row.Position)
		if err != nil {
			t.Fatal(err)
		}
		if pos.Ply() != row.Ply {
			t.Fatalf("stored ply %d, position ply %d", row.Ply, pos.Ply())
		}
		movers := pos.ToMove()
		p := movers[rng.IntN(len(movers))]
		legal := pos.Legal(p)
		if len(legal) == 0 {
			t.Logf("%s: no listed move at ply %d (unlisted kinds: %s); stopping", name, pos.Ply(), g.Info().Unlisted)
			break
		}
		m := legal[rng.IntN(len(legal))]
		out := c.mail(names[p]+"@example.org", "m", fmt.Sprintf("key %s\nmove 1 #%d %s", c.keys[names[p]], c.moveNumber(1), m))
		reply := to(t, out, names[p]+"@example.org")
		if !strings.Contains(reply.Text, "played in game #1") {
			t.Fatalf("move %s refused:\n%s", m, reply.Text)
		}
		after := c.game(1)
		if after.Ply <= row.Ply {
			t.Fatalf("ply did not advance after %s", m)
		}
		// The mail to the player who must answer spells out a short
		// choice exactly (Initiative's parries, issue 7).
		next, err := g.ParsePosition(after.Position)
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range next.ToMove() {
			if q == p || after.Status != "active" {
				continue
			}
			legal := next.Legal(q)
			if len(legal) == 0 || len(legal) > games.MaxListedMoves {
				continue
			}
			texts := make([]string, len(legal))
			for i, lm := range legal {
				texts[i] = lm.String()
			}
			contains(t, to(t, out, names[q]+"@example.org"), "Your legal moves: "+strings.Join(texts, ", ")+".")
			listed++
		}
	}
	t.Logf("%s: %d turn notices spelled out the legal moves", name, listed)
	if name == "initiative" && listed == 0 {
		t.Error("no Initiative parry was listed")
	}
	out := c.mail("alice@example.org", "r", c.withKey("alice@example.org", "record 1"))
	att := out[0].Attachments[len(out[0].Attachments)-1]
	rec, err := notation.ReadRecord(string(att.Data))
	if err != nil {
		t.Fatalf("record: %v\n%s", err, att.Data)
	}
	positions, err := rec.Replay()
	if err != nil {
		t.Fatalf("replay: %v", err)
	}
	if last := positions[len(positions)-1]; last.String() != c.game(1).Position {
		t.Fatalf("replayed position %s, stored %s", last, c.game(1).Position)
	}
	if rec.Config.Ruleset != ruleset {
		t.Errorf("the record's ruleset is %q, not %q", rec.Config.Ruleset, ruleset)
	}
}

func TestInfoCommands(t *testing.T) {
	c := newClub(t, Options{})
	aliceMail, _ := c.start("pile=9")
	out := c.mail("alice@example.org", "x", "key "+c.keys["alice"]+"\ngames\nrules takeaway\nhelp takeaway\nhelp register\nhelp nothing\nhelp")
	contains(t, out[0], "- takeaway (Takeaway): Take 1 to 3", "pile=15", "help on register", `no help on "nothing"`, "postal's commands", `- "move [ID] [#N] MOVE": play a move`)
	for _, md := range []string{"###", "`", "**", "|---"} {
		if strings.Contains(out[0].Text, md) {
			t.Errorf("the help mail shows the Markdown %q", md)
		}
	}
	// "help" is the list of commands, one line each (issue 28), rendered.
	if !strings.Contains(out[0].HTML, ">move [ID] [#N] MOVE</code>: play a move") || strings.Count(out[0].Text, "\n") > 150 {
		t.Errorf("the help mail's HTML part has no rendered list, or the text part is long")
	}
	out = c.replyTo(aliceMail, "preview t3\nmoves\nboard\nstatus")
	contains(t, out[0], "preview of t3 in game #1 (nothing played)", "Pile: oooooo (6 left)", `move 1 #1 t3`,
		"legal moves in game #1 (move 1)", "t1  t2  t3", "board of game #1", "#1 Takeaway: alice vs bob, move 1: your move, 3 days left")
	if c.game(1).Ply != 0 {
		t.Fatal("preview played")
	}
	// Challenges that end before a game.
	// (Account commands: a reply about game 1 does not prove them, the key does.)
	out = c.mail("alice@example.org", "x", "key "+c.keys["alice"]+"\nchallenge bob takeaway\nchallenge bob takeaway pile=3\ncancel 2\naccept 3\ndecline 1")
	contains(t, to(t, out, "alice@example.org"), "challenge #2 cancelled", "you cannot accept your own challenge", "challenge #1 is accepted")
	out = c.mail("bob@example.org", "x", "key "+c.keys["bob"]+"\ndecline 3")
	contains(t, to(t, out, "alice@example.org"), "bob declined challenge #3")
	out = c.mail("alice@example.org", "x", c.withKey("alice@example.org", "status"))
	contains(t, out[0], "#1 Takeaway")
	if strings.Contains(out[0].Text, "challenge #3") {
		t.Errorf("a declined challenge is still listed:\n%s", out[0].Text)
	}
	c.register("carol")
	out = c.mail("carol@example.org", "x", "key "+c.keys["carol"]+"\nobserve 1\nstatus\nmove 1 t1")
	contains(t, out[0], "you observe game #1", "you do not play in game #1")
}
