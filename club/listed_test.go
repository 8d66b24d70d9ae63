package club

import (
	"context"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"postal/archive"
	"postal/club/work"
	"postal/engine"
	"postal/engine/enginetest/long"
	"postal/mailer"
	"postal/notation"
)

// TestListedMovesArePlayed is the property of issue 16 through the club:
// along random games of every game and ruleset, every move a mail lists
// ("Your legal moves: ..." or the answer to "moves"), written alone on a
// line of a reply, is read as that move, and the one played among them,
// sent with chat lines around it, is played with no error. Every mail of
// the game to a player has one subject, and refers to the first.
func TestListedMovesArePlayed(t *testing.T) {
	for _, g := range engine.Games() {
		info := g.Info()
		if info.Name == "takeaway" {
			continue
		}
		for _, rs := range rulesetsUnderTest(info) {
			t.Run(info.Name+"/"+rs.Name, func(t *testing.T) { listedMoves(t, info.Name, rs.Name) })
		}
	}
}

// chat are the lines a player writes around a move.
const chat = "Hi!\n\n%s\n\nThanks — nice move!\nSee you next week\nSent from my iPhone"

func listedMoves(t *testing.T, game, ruleset string) {
	c := newClub(t, Options{})
	pinRandom(t, uint64(len(game)+len(ruleset)))
	names, out := startEvery(c, game, ruleset)
	var all []mailer.Outbound
	last := map[string]mailer.Outbound{}
	keep := func(out []mailer.Outbound) {
		for _, m := range out {
			all = append(all, m)
			last[m.To] = m
		}
	}
	keep(out)
	rng := rand.New(rand.NewPCG(16, uint64(len(ruleset))))
	// Every listed move is read through the club: a few plies a game
	// (more under make test-long) cover each kind of position.
	plies, checked := long.Size(10, 3), 0
	for i := 0; i < plies && c.game(1).Status == archive.GameActive; i++ {
		pos := c.position(t)
		var movers []engine.Player
		for _, p := range pos.ToMove() {
			if p != engine.Chance {
				movers = append(movers, p)
			}
		}
		side := movers[rng.IntN(len(movers))]
		addr := names[side] + "@example.org"
		listed := listedIn(last[addr])
		if listed == nil {
			// More than a mail spells out: ask for the list.
			out := c.replyTo(last[addr], "moves")
			keep(out)
			listed = movesAnswer(t, out[0], names[side])
		}
		if len(listed) == 0 {
			t.Fatalf("no move listed for %s:\n%s", names[side], last[addr].Text)
		}
		read := readAsMoves(c, t, addr, 1, listed)
		for i, m := range listed {
			if _, _, err := engine.Play(pos, side, m); err != nil {
				t.Fatalf("the mail lists %q, which the game refuses: %v", m, err)
			}
			if read[i] != m {
				t.Fatalf("%q alone on a line of a reply is read as %q", m, read[i])
			}
			checked++
		}
		move := listed[rng.IntN(len(listed))]
		out := c.replyTo(last[addr], fmt.Sprintf(chat, move))
		keep(out)
		reply := to(t, out, addr)
		contains(t, reply, move+" played in game #1", "not read as commands:", "Thanks — nice move!", "Sent from my iPhone")
		if strings.Contains(reply.Text, "Error") {
			t.Fatalf("a move with chat lines got an error:\n%s", reply.Text)
		}
		if played := lastPlayerMove(c, t, 1); played != move {
			t.Fatalf("%q was sent, %q played", move, played)
		}
	}
	t.Logf("%d listed moves read as themselves", checked)
	oneThread(t, all, "[postal #1] ")
}

// listedIn returns the moves a game mail spells out, nil when it lists none.
func listedIn(m mailer.Outbound) []string {
	text := squash(m.Text)
	_, after, ok := strings.Cut(text, "Your legal moves: ")
	if !ok {
		return nil
	}
	list, _, _ := strings.Cut(after, ". ")
	return strings.Split(list, ", ")
}

// movesAnswer returns the moves the answer to "moves" lists for name.
func movesAnswer(t *testing.T, m mailer.Outbound, name string) []string {
	t.Helper()
	_, after, ok := strings.Cut(m.Text, name+" (")
	if !ok {
		t.Fatalf("the answer to moves lists nothing for %s:\n%s", name, m.Text)
	}
	_, after, _ = strings.Cut(after, "\n")
	block, _, _ := strings.Cut(after, "\n\n")
	var out []string
	for _, line := range strings.Split(block, "\n") {
		if strings.HasPrefix(line, "(") || strings.HasPrefix(line, "Also allowed") {
			continue
		}
		for _, w := range regexp.MustCompile(`\s{2,}`).Split(strings.TrimSpace(line), -1) {
			if w != "" {
				out = append(out, w)
			}
		}
	}
	return out
}

// readAsMoves reads each line as the club reads a reply from addr about
// game id that holds only that line, and returns the moves it makes of them
// ("" for anything else).
func readAsMoves(c *club, t *testing.T, addr string, id int64, lines []string) []string {
	t.Helper()
	got := make([]string, len(lines))
	err := c.db.Tx(context.Background(), func(tx *archive.Tx) error {
		h := &handling{job: &job{s: c.s, Unit: &work.Unit{Club: c.s.club, Tx: tx, Now: c.now}}, in: &mailer.Inbound{From: addr}, tagged: id}
		opt, err := h.parseOptions()
		if err != nil {
			return err
		}
		for i, line := range lines {
			parsed, _ := notation.ParseCommands(line, opt)
			if len(parsed) == 1 && parsed[0].Err == nil && !parsed[0].Prose && parsed[0].Cmd.Verb == notation.CmdMove {
				got[i] = parsed[0].Cmd.Move
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// lastPlayerMove is the last move of game id a player made.
func lastPlayerMove(c *club, t *testing.T, id int64) string {
	t.Helper()
	var got string
	err := c.db.Tx(context.Background(), func(tx *archive.Tx) error {
		moves, err := tx.Moves(id)
		for _, m := range slices.Backward(moves) {
			if m.Player != int(engine.Chance) {
				got = m.Text
				break
			}
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// oneThread checks that the mails about a game (those whose subject starts
// with tag, the challenge's included: issue 28) to each address share one
// subject and one first mail, which each refers to, and answer a mail of
// the conversation.
func oneThread(t *testing.T, all []mailer.Outbound, tag string) {
	t.Helper()
	subject := map[string]string{}
	root := map[string]string{}
	for _, m := range all {
		if !strings.HasPrefix(m.Subject, tag) {
			continue
		}
		if s, ok := subject[m.To]; ok && s != m.Subject {
			t.Errorf("mails to %s about one game have the subjects %q and %q", m.To, s, m.Subject)
		}
		subject[m.To] = m.Subject
		r, ok := root[m.To]
		switch {
		case !ok:
			root[m.To] = m.MessageID // the conversation's first mail: the challenge's
		case len(m.References) == 0 || m.InReplyTo == "":
			t.Errorf("a mail to %s (%s) refers to nothing", m.To, squash(m.Text)[:40])
		case r != m.References[0]:
			t.Errorf("mails to %s about one game start from %s and %s", m.To, r, m.References[0])
		}
	}
	if len(subject) < 2 {
		t.Errorf("mails about the game went to %d addresses", len(subject))
	}
}
