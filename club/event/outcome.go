package event

import (
	"strings"

	"postal/docs/words"
	"postal/engine"
)

// Outcome says how game g of ev ended, by player: "alice won", "drawn",
// "1st carol, 2nd alice, 3rd bob", "in play". Never by the score of its
// seats: a knockout's replay swaps the seats, and its "1-0" read beside
// the first game's players names the other player.
func (ev *Event) Outcome(g Game) string {
	r := g.Result()
	switch {
	case g.Void:
		return "void, ended with the event"
	case !r.Over():
		return "in play"
	case len(g.Players) > 2:
		var parts []string
		for place := 1; place <= len(g.Players); place++ {
			for seat, p := range g.Players {
				if r.Place(engine.Player(seat)) == place {
					parts = append(parts, words.Ordinal(place)+" "+ev.PlayerName(p))
				}
			}
		}
		return strings.Join(parts, ", ")
	case r.Kind == engine.Win:
		return ev.PlayerName(g.Players[r.Winner]) + " won"
	}
	return "drawn"
}

// Pairing names the players of g by seat: "alice - bob".
func (ev *Event) Pairing(g Game) string {
	names := make([]string, len(g.Players))
	for i, p := range g.Players {
		names[i] = ev.PlayerName(p)
	}
	return strings.Join(names, " - ")
}
