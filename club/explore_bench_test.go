package club

import (
	"strings"
	"testing"
	"time"

	"postal/archive"
	"postal/engine"
)

// BenchmarkExploreMail is the answer to "explore" in the generated archive
// of 10,000 finished games and 1,000 in progress (make bench shares it
// through POSTAL_BENCH_DIR): each op is one mail of a player asking for
// the position after a first move of the game with the most finished
// games, whose book the club keeps between mails (work.Club.Books): a
// mail reads the finished games' numbers and makes the book's nodes. The
// first mail, which reads and replays each finished game of the book 12
// plies deep, is reported apart (first-mail-ms), with the finished games.
func BenchmarkExploreMail(b *testing.B) {
	c := clubAt(b, benchArchivePath(b, 10000), Options{CatchUp: 1 << 30})
	game, finished := "", 0
	for _, g := range engine.Games() {
		name := g.Info().Name
		ids := read(c, func(tx *archive.Tx) ([]int64, error) { return tx.FinishedOf(name) })
		if len(ids) > finished {
			game, finished = name, len(ids)
		}
	}
	c.register("reader")
	// A first move some game played: the first of the start's table.
	start := time.Now()
	first := strings.Fields(exploreRowText(b, c, "explore "+game))[0]
	firstMail := time.Since(start)
	line := "explore " + game + " " + first
	for b.Loop() {
		text := to(b, c.as("reader", line), "reader@example.org").Text
		if !strings.Contains(text, "finished games of the club reached") {
			b.Fatalf("%s:\n%s", line, text)
		}
	}
	b.ReportMetric(float64(finished), "games")
	b.ReportMetric(float64(firstMail.Microseconds())/1e3, "first-mail-ms")
}

// exploreRowText is the first row of the table that answers line.
func exploreRowText(b *testing.B, c *club, line string) string {
	text := to(b, c.as("reader", line), "reader@example.org").Text
	_, table, ok := strings.Cut(text, "Last game\n")
	if !ok {
		b.Fatalf("%s: no table:\n%s", line, text)
	}
	return table
}
