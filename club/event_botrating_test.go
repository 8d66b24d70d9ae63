package club

import (
	"context"
	"testing"

	"postal/archive"
	"postal/club/rating"
)

// The club's bot is rated at each level apart, and plays an event's games
// at its own level: an event seeds and shows it by that level's rating,
// not by the level it played most (here level 1, stronger), nor by 1500
// when that level has one.
func TestEventRatesTheBotAtItsLevel(t *testing.T) {
	c := newClub(t, Options{Bot: &BotOptions{Level: 2}})
	for _, p := range []string{"alice", "bob", "carol"} {
		c.register(p)
	}
	c.as("alice", "tournament cup imperial-chess round-robin days 5")
	c.as("bob", "join cup")
	c.as("carol", "join cup")
	c.as("alice", "join cup bot")
	list := rating.ListOf("imperial-chess", "standard")
	var cup int64
	err := c.db.Tx(context.Background(), func(tx *archive.Tx) error {
		bot, err := tx.PlayerByName("bot")
		if err != nil {
			return err
		}
		for _, s := range []archive.Standing{
			{List: list, PlayerID: bot.ID, Level: 1, Rating: 1662, RD: 80, Vol: 0.06, Games: 40, Last: c.now},
			{List: list, PlayerID: bot.ID, Level: 2, Rating: 1431, RD: 120, Vol: 0.06, Games: 3, Last: c.now},
		} {
			if err := tx.SetStanding(s); err != nil {
				return err
			}
		}
		tr, err := tx.TournamentByName("cup")
		cup = tr.ID
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	says(t, c.reply(c.as("alice", "start cup")), "cup has started")
	err = c.db.Tx(context.Background(), func(tx *archive.Tx) error {
		entrants, err := tx.Entrants(cup)
		if err != nil {
			return err
		}
		for _, e := range entrants {
			p, err := tx.PlayerByID(e.PlayerID)
			if err != nil {
				return err
			}
			want := 1500.0
			if p.Name == "bot" {
				want = 1431
			}
			if e.Rating != want {
				t.Errorf("%s entered cup at %g, want %g", p.Name, e.Rating, want)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	says(t, to(t, c.as("bob", "standings cup"), "bob@example.org"), "1431")
}
