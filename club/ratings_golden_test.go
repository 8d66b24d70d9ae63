package club

import (
	"context"
	"fmt"
	"testing"
	"time"

	"postal/engine"
	"postal/mailer"
)

// ratingMails are the mails of the ratings (issue 25): a game-over mail
// with the line that says what the game did to its players' ratings, and
// the answer to "ratings", every list, from a registered player rated in
// one list and not in the other. The lists hold people and the bot at its
// level ("bot-1").
func ratingMails(t *testing.T, add func(string, mailer.Outbound, bool)) {
	c := newClub(t, Options{Bot: &BotOptions{}})
	pinRandom(t, 25)
	for _, p := range []string{"alice", "bob", "carol"} {
		c.register(p)
	}
	playRated(c, t, "conflagration", "alice", "bob", "bob")
	playRated(c, t, "conflagration", "bob", "carol", "carol")
	out := playRated(c, t, "conflagration", "carol", "alice", "carol")
	add("rated-over", to(t, out, "alice@example.org"), false)
	playRated(c, t, "imperial-chess", "alice", "bob", "alice")

	// alice against the bot at level 1: each makes a move, then she
	// resigns.
	out = c.as("alice", "challenge bot conflagration level 1 as first")
	id := gameOf(t, to(t, out, "alice@example.org"))
	c.as("alice", fmt.Sprintf("move %d %s", id, positionOf(c, t, id).Legal(engine.First)[0]))
	turns := c.botTurns()
	if len(turns) != 1 || turns[0].game != id {
		t.Fatalf("the bot's turns: %+v", turns)
	}
	c.now = c.now.Add(time.Minute)
	if err := c.s.botMove(context.Background(), turns[0], turns[0].pos.Legal(engine.Second)[0].String()); err != nil {
		t.Fatal(err)
	}
	c.as("alice", fmt.Sprintf("resign %d", id))

	out = c.as("carol", "ratings")
	add("ratings", to(t, out, "carol@example.org"), false)
}

// playRated has challenger and opponent (registered) play game, the
// challenger first, each making a move of their own (the first listed),
// after which loser resigns: a rated game. It returns the mails of the
// resignation.
func playRated(c *club, t *testing.T, game, challenger, opponent, loser string) []mailer.Outbound {
	t.Helper()
	out := c.as(challenger, "challenge "+opponent+" "+game+" as first")
	out = c.replyTo(to(t, out, opponent+"@example.org"), "accept")
	id := gameOf(t, to(t, out, challenger+"@example.org"))
	for i, name := range []string{challenger, opponent} {
		side := engine.Player(i)
		pos := positionOf(c, t, id)
		if !engine.Acts(pos, side) {
			t.Fatalf("game %d: %s (%v) is not to move in %s", id, name, side, pos)
		}
		c.as(name, fmt.Sprintf("move %d %s", id, pos.Legal(side)[0]))
	}
	c.now = c.now.Add(time.Hour)
	return c.as(loser, fmt.Sprintf("resign %d", id))
}
