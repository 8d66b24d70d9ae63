package club

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"postal/archive"
	"postal/club/clock"
	"postal/club/reply"
	"postal/engine"
	"postal/mailer"
)

// TestRefusalsSayThePlayersMessage_Issue33: what the engine and the clock
// refuse in a player's words comes back as the message their typed errors
// carry for the player, through any wrapping, never with the package's
// prefix ("engine: ", "clock: "), which a cut of the error's text once took
// out (and left in when the text was wrapped once more).
func TestRefusalsSayThePlayersMessage_Issue33(t *testing.T) {
	_, cfg := engine.Normalize(engine.Info{Name: "g", Rulesets: []engine.Ruleset{{Name: "standard"}}}, engine.Config{Ruleset: "other"})
	_, ctl := clock.ParseControl("days 0")
	for _, tc := range []struct {
		err  error
		want string
	}{
		{cfg, `g has no ruleset "other" (rulesets: standard)`},
		{fmt.Errorf("club: %w", cfg), `g has no ruleset "other" (rulesets: standard)`},
		{ctl, `days "0" is not a positive number of days`},
		{fmt.Errorf("club: game 3: %w", engine.Illegal("resign", "%s is out of the game already", "South")), "South is out of the game already"},
	} {
		var ue *reply.Refusal
		if got := reply.Explain(tc.err); !errors.As(got, &ue) || ue.Title != tc.want {
			t.Errorf("refusal(%v) = %v, want the refusal %q", tc.err, got, tc.want)
		}
	}
	if other := errors.New("engine: chance outcome refused"); reply.Explain(other) != other {
		t.Errorf("an error no player caused became a refusal")
	}

	c := newClub(t, Options{})
	c.register("alice")
	c.register("bob")
	out := c.mail("alice@example.org", "x", "key "+c.keys["alice"]+strings.Join([]string{"",
		"challenge bob takeaway pile",
		"challenge bob initiative colours=9",
		"challenge bob initiative draft=maybe",
		"tournament cup takeaway pile round-robin",
	}, "\n"))
	m := to(t, out, "alice@example.org")
	lacks(t, m, "engine:", "clock:")
	says(t, m, `takeaway has no ruleset "pile" (rulesets: standard)`, `initiative has no option "colours"`, `option draft of initiative must be one of no, yes, not "maybe"`)
	if n := strings.Count(m.Text, "Error: "); n != 4 {
		t.Errorf("%d refusals, want 4:\n%s", n, m.Text)
	}
}

// TestPermanentFailureWrapsTheCause_Issue33: a message the club can never
// handle fails with one mark of permanence, mailer.ErrPermanent, wrapped
// with its cause (%w all the way), which the watcher reads as the club
// wrote it: no second type, no text copied with %v.
func TestPermanentFailureWrapsTheCause_Issue33(t *testing.T) {
	c := newClub(t, Options{})
	c.start("")
	// A game whose stored position its engine refuses: a bug, not a
	// passing state; retrying cannot cure it.
	err := c.db.Tx(context.Background(), func(tx *archive.Tx) error {
		g, err := tx.GameByID(1)
		if err != nil {
			return err
		}
		g.Position = "not a position"
		return tx.UpdateGame(g)
	})
	if err != nil {
		t.Fatal(err)
	}
	err = c.s.Handle(context.Background(), &mailer.Inbound{MessageID: "p@client.test", From: "alice@example.org", Text: "key " + c.keys["alice"] + "\nboard 1"})
	var ce *Error
	if !errors.Is(err, mailer.ErrPermanent) || !IsPermanent(err) || !errors.As(err, &ce) || ce.MessageID != "p@client.test" {
		t.Fatalf("a stored position the engine refuses: %v (%T), want a club *Error wrapping mailer.ErrPermanent", err, err)
	}
	if !strings.Contains(err.Error(), "game 1: stored position") {
		t.Errorf("the cause is lost: %v", err)
	}
	if err := c.s.Handle(context.Background(), &mailer.Inbound{From: "bob@example.org"}); !errors.Is(err, mailer.ErrPermanent) {
		t.Errorf("no Message-ID: %v, want mailer.ErrPermanent wrapped", err)
	}
}
