// Package imperialshuffle implements Imperial Shuffle (Thomas R. Brendel,
// 2005), an Icehouse game on two 4x4 boards, as settled by the rulings file
// /work/shared/rules/imperial-shuffle.md (R1-R12, cited in comments).
//
// Each player arranges 16 pyramids on their own board (R5, R6), then moves
// their Emperor one square at a time, rotating the line ahead of it (R7, R8);
// a piece that comes to face an identical live piece on the opponent's board
// kills it (R9); pushing the High Priest may revive a dead piece (R10). A
// player whose Emperor cannot move loses (R11); a threefold repetition is a
// draw (R12).
package imperialshuffle

import (
	"fmt"
	"slices"

	"postal/engine"
)

func init() { engine.Register(Game{}) }

// Game is Imperial Shuffle for the registry.
type Game struct{}

// Info describes the game.
func (Game) Info() engine.Info {
	return engine.Info{
		Name:        "imperial-shuffle",
		Title:       "Imperial Shuffle",
		Description: "Push your people around two 4x4 boards until the rival Emperor is walled in by corpses.",
		Sides:       []string{sides[0], sides[1]},
		Rulesets: []engine.Ruleset{{
			Name:        "standard",
			Description: "The rules of 2005: setup by submitted arrangements, loss when your Emperor cannot move, draw by threefold repetition.",
		}},
		Options: []engine.Option{{
			Name:        "nobles",
			Description: "the three colours of both players' Nobles (r red, y yellow, g green, b blue)",
			Default:     defaultNobles,
			Values:      nobleValues,
		}},
		Chance:   true,
		Unlisted: "setup arrangements",
		Provisional: "The setup is played by submitting whole arrangements (a clashing one is refused) instead of the seed's " +
			"simultaneous placing and swapping; reanimation also happens when the High Priest is the piece that falls off " +
			"the edge; threefold repetition is a draw.",
	}
}

// Start returns the setup position: both players still to arrange (R5).
func (Game) Start(cfg engine.Config) (engine.Position, error) {
	n := cfg.Option("nobles")
	if n == "" {
		n = defaultNobles
	}
	if !slices.Contains(nobleValues, n) {
		return nil, fmt.Errorf("imperial-shuffle: nobles must be one of %v, not %q", nobleValues, n)
	}
	if cfg.Ruleset != "" && cfg.Ruleset != "standard" {
		return nil, fmt.Errorf("imperial-shuffle: no ruleset %q", cfg.Ruleset)
	}
	return &Position{nobles: nobleSet(n), last: lastMove{from: -1, to: -1, revive: -1}}, nil
}

// ParsePosition reads the text written by Position.String.
func (Game) ParsePosition(text string) (engine.Position, error) {
	return parsePosition(text)
}
