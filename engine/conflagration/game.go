// Package conflagration implements Dale W. Walton's family of hex-board
// games inspired by Squish (2021): Conflagration, Firestorm, Backfire,
// Keep-a-riding, Mosey, Don't Mosey and Shakattrition (normal and misere),
// as settled by the rulings file /work/shared/rules/conflagration.md
// (R1-R11, cited in comments).
//
// Pieces stand on every third cell of a hexagon of hexagons (R1-R3). A
// move either joins a piece to a strictly larger group of its own colour
// (a step, R5, or a slide, R7 and R8) or slides it onto an enemy piece and
// removes it (R6, R7). Passing is never allowed; the game ends when the
// side to move cannot move, and the ruleset says whether that side wins or
// loses. Every ruleset ends (R11).
package conflagration

import (
	"fmt"
	"strconv"

	"postal/engine"
)

func init() { engine.Register(Game{}) }

// Game is the Conflagration family for the registry.
type Game struct{}

// Info describes the game.
func (Game) Info() engine.Info {
	rs := make([]engine.Ruleset, numRulesets)
	for i := range rs {
		rs[i] = engine.Ruleset{Name: rulesetNames[i], Description: rulesetDescriptions[i]}
	}
	return engine.Info{
		Name:        "conflagration",
		Title:       "Conflagration",
		Description: "Hex-board stalemate games: join your pieces into larger groups or slide to capture, until someone cannot move.",
		Sides:       []string{sides[0], sides[1]},
		Rulesets:    rs,
		Options: []engine.Option{{
			Name:        "order",
			Description: "board size: 4 (37 inner cells of the side-5 board), 5 (61 cells) or 6 (91 cells)",
			Default:     "4",
			Values:      []string{"4", "5", "6"},
		}},
	}
}

// Start returns the start position of cfg (R3).
func (Game) Start(cfg engine.Config) (engine.Position, error) {
	name := cfg.Ruleset
	if name == "" {
		name = rulesetNames[0]
	}
	rs, ok := parseRuleset(name)
	if !ok {
		return nil, fmt.Errorf("conflagration: no ruleset %q", cfg.Ruleset)
	}
	order := 4
	if v := cfg.Option("order"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 4 || n > 6 {
			return nil, fmt.Errorf("conflagration: order must be 4, 5 or 6, not %q", v)
		}
		order = n
	}
	return newStart(rs, order), nil
}

func newStart(rs ruleset, order int) *Position {
	g := geoms[order]()
	return &Position{g: g, rs: rs, b: g.start, turn: engine.First}
}

// ParsePosition reads the text written by Position.String.
func (Game) ParsePosition(text string) (engine.Position, error) {
	p, err := parsePosition(text)
	if err != nil {
		return nil, err
	}
	return p, nil
}
