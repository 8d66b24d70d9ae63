package club

import (
	"context"
	"math/rand/v2"
	"regexp"
	"strconv"
	"testing"
	"time"

	"postal/archive/archivegen"
	"postal/club/games"
	"postal/engine"
	"postal/mailer"
)

// BenchmarkReplyPath measures the daemon's work for one move by mail, from
// the parsed mail to its replies queued and read back as the sender reads
// them: the club's transaction (the proof, the engine, the boards drawn,
// the mover's reply and the opponent's turn mail rendered into the outbox)
// and the outbox read, in an archive of 1,100 games, every game taking
// turns. Two players play Imperial Chess, each answering the last game
// mail with the move it suggests; a finished game is followed by a new
// one. Besides ns/op it reports cpu-ms/move, the process's CPU time (user
// and system, getrusage) by move, which other jobs on the machine do not
// inflate, and renders/move, the boards drawn as pictures by move (each
// position's PNG and SVG once, whoever shows it).
func BenchmarkReplyPath(b *testing.B) {
	c := newClub(b, Options{CatchUp: 1 << 30})
	var all []string
	for _, g := range engine.Games() {
		all = append(all, g.Info().Name)
	}
	o := archivegen.Bench(1000, all)
	o.Start, o.Deadline = c.now.Add(-30*24*time.Hour), c.now.Add(72*time.Hour)
	if _, err := archivegen.Generate(context.Background(), c.db, o); err != nil {
		b.Fatal(err)
	}
	c.tick()
	c.register("alice")
	c.register("bob")
	suggested := regexp.MustCompile(`e\.g\. "([^"]+)"`)
	var waiting mailer.Outbound // the game mail of the player to move
	newGame := func() {
		out := c.mail("alice@example.org", "new game", c.withKey("alice@example.org", "challenge bob imperial-chess as first"))
		out = c.replyTo(to(b, out, "bob@example.org"), "accept")
		waiting = to(b, out, "alice@example.org")
	}
	newGame()
	// Another game each run (-count): the boards drawn are cached by
	// position, and a run replaying the last one's would draw none.
	replyPathRuns++
	rng := rand.New(rand.NewPCG(1, replyPathRuns))
	renders := games.Renders()
	cpu := cpuTime()
	moves := 0
	var aside time.Duration // the new games' CPU time and renders, not a move's
	var rendersAside int64
	for b.Loop() {
		m := suggested.FindStringSubmatch(waiting.Text)
		if m != nil {
			// A random legal move, not the suggested one: a new position
			// each time, as in a real game, whose board is drawn anew.
			m[1] = randomMove(b, c, waiting, rng)
		}
		if m == nil {
			b.StopTimer()
			c0, r0 := cpuTime(), games.Renders()
			newGame()
			aside += cpuTime() - c0
			rendersAside += games.Renders() - r0
			b.StartTimer()
			m = []string{"", randomMove(b, c, waiting, rng)}
		}
		out := c.replyTo(waiting, m[1])
		moves++
		next := ""
		for _, o := range out {
			if suggested.MatchString(o.Text) && o.To != waiting.To {
				next = o.To
			}
		}
		if next == "" {
			waiting = mailer.Outbound{} // over: the next iteration starts a game
			continue
		}
		waiting = to(b, out, next)
	}
	b.ReportMetric(float64(cpuTime()-cpu-aside)/float64(time.Millisecond)/float64(moves), "cpu-ms/move")
	b.ReportMetric(float64(games.Renders()-renders-rendersAside)/float64(moves), "renders/move")
}

// replyPathRuns counts the runs of BenchmarkReplyPath.
var replyPathRuns uint64

var gameTag = regexp.MustCompile(`\[postal #(\d+)\]`)

// randomMove is a random legal move in the game of mail m, for the side to
// move.
func randomMove(b *testing.B, c *club, m mailer.Outbound, rng *rand.Rand) string {
	tag := gameTag.FindStringSubmatch(m.Subject)
	if tag == nil {
		b.Fatalf("no game in %q", m.Subject)
	}
	id, _ := strconv.ParseInt(tag[1], 10, 64)
	row := c.game(id)
	g, err := engine.Lookup(row.Game)
	if err != nil {
		b.Fatal(err)
	}
	pos, err := g.ParsePosition(row.Position)
	if err != nil {
		b.Fatal(err)
	}
	legal := pos.Legal(pos.ToMove()[0])
	return legal[rng.IntN(len(legal))].String()
}

// TestAMoveDrawsItsBoardOnce: the mover's reply and the opponent's turn
// mail show the same board, drawn once (a sharp PNG is most of a move's
// handling).
func TestAMoveDrawsItsBoardOnce(t *testing.T) {
	c := newClub(t, Options{})
	c.register("alice")
	c.register("bob")
	out := c.mail("alice@example.org", "new game", c.withKey("alice@example.org", "challenge bob imperial-chess as first"))
	out = c.replyTo(to(t, out, "bob@example.org"), "accept")
	legal := positionOf(c, t, 1).Legal(engine.First)
	before := games.Renders()
	out = c.replyTo(to(t, out, "alice@example.org"), legal[len(legal)-1].String())
	if n := games.Renders() - before; n > 1 {
		t.Errorf("one move drew %d boards, want 1", n)
	}
	if len(out) != 2 {
		t.Fatalf("%d mails after a move, want the reply and the turn mail", len(out))
	}
}
