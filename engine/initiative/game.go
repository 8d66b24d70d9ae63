// Package initiative implements Initiative (Fogus, 2014), an abstract fencing
// game for Icehouse pyramids, as settled by the rulings file
// /work/shared/rules/initiative.md (R1-R14, cited in comments).
//
// Each player holds ten pyramids (dealt by the pyramid die, R3, or drafted,
// R13-R14). In turn the leader attacks with a pyramid and the other player
// must parry it (R5, R7); the parry may win the initiative by the colour
// order of the initiative stack (R8), which sacrifices rearrange (R6). An
// attack nobody can parry wins the round (R10), scored by R11; a match is
// two rounds with the inventories swapped (R12).
//
// Every draw of the game (stack order, dice and bag, first drafter, first
// leader) is a chance move, so a record replays without its seed.
package initiative

import (
	"fmt"
	"strings"

	"postal/engine"
)

func init() { engine.Register(Game{}) }

// Game is Initiative for the registry.
type Game struct{}

var sides = [2]string{"First", "Second"}

// Info describes the game.
func (Game) Info() engine.Info {
	return engine.Info{
		Name:        "initiative",
		Title:       "Initiative",
		Description: "An abstract fencing duel with pyramids: attack, parry, seize the initiative on a stack of colours.",
		Sides:       []string{sides[0], sides[1]},
		Rulesets: []engine.Ruleset{{
			Name:        "standard",
			Description: "Fogus's 2014 rules with sacrifices, pummeling and calls, a match of two rounds with the inventories swapped.",
		}},
		Options: []engine.Option{
			{
				Name:        "draft",
				Description: "yes: draft the inventories from three rows instead of the quick setup by die and bag",
				Default:     "no",
				Values:      []string{"no", "yes"},
			},
			{
				Name:        "stack",
				Description: "random, or the starting order of the initiative stack from top to bottom as five colour letters (b blue, g green, k black, y yellow, r red), like bgkyr",
				Default:     "random",
			},
		},
		Chance: true,
		// Version 2: the draft move is "draft" ("draw" in version 1, which
		// mail read as a draw offer); records of version 1 still replay.
		Version: "2",
		Provisional: "The quick setup leaves the size of a two-size die face to chance; only the attacker may call; " +
			"a take past 10 returns any one of the taker's pyramids; a round ends as soon as an attack cannot be parried.",
	}
}

// Start returns the position before the first draw.
func (Game) Start(cfg engine.Config) (engine.Position, error) {
	if cfg.Ruleset != "" && cfg.Ruleset != "standard" {
		return nil, fmt.Errorf("initiative: no ruleset %q", cfg.Ruleset)
	}
	p := newPosition()
	switch d := strings.ToLower(cfg.Option("draft")); d {
	case "", "no":
	case "yes":
		p.draft = true
	default:
		return nil, fmt.Errorf("initiative: option draft must be no or yes, not %q", d)
	}
	switch s := strings.ToLower(cfg.Option("stack")); s {
	case "", "random":
	default:
		st, ok := parseStack(s)
		if !ok {
			return nil, fmt.Errorf("initiative: option stack must be random or five different colour letters of bgkyr, like bgkyr, not %q", s)
		}
		p.fixed, p.opt = true, st
		p.start, p.cur, p.stackSet = st, st, true
	}
	if p.stackSet {
		p.afterStack()
	}
	return p, nil
}

// newPosition is the position before anything is drawn: the full bag (R1).
func newPosition() *Position {
	p := &Position{held: noPiece, round: 1}
	for k := range p.bag {
		p.bag[k] = bagCopies(piece(k))
	}
	for i := range p.drow {
		p.drow[i] = [2]piece{noPiece, noPiece}
	}
	p.lastBy = engine.Chance
	return p
}

// ParsePosition reads the text written by Position.String.
func (Game) ParsePosition(text string) (engine.Position, error) {
	p, err := parsePosition(text)
	if err != nil {
		return nil, err
	}
	return p, nil
}
