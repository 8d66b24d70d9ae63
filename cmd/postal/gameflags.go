package main

import (
	"flag"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"postal/engine"
)

// gameFlags are the flags every game subcommand takes.
type gameFlags struct {
	fs      *flag.FlagSet
	ruleset string
	options multiFlag
	seed    uint64
}

type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, " ") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

func newGameFlags(name string) *gameFlags {
	g := &gameFlags{fs: flag.NewFlagSet(name, flag.ContinueOnError)}
	g.fs.StringVar(&g.ruleset, "ruleset", "", "the ruleset (default: the game's first)")
	g.fs.Var(&g.options, "option", "a game option name=value (repeatable)")
	g.fs.Uint64Var(&g.seed, "seed", 1, "the seed of the game's chance source")
	return g
}

// parse reads flags anywhere among the arguments and returns the others.
func (g *gameFlags) parse(args []string) ([]string, error) { return parseFlags(g.fs, args) }

// start builds the start position of game with the flags' ruleset, options
// and seed. An unknown game is a usage error that names every game.
func (g *gameFlags) start(game string) (engine.Game, engine.Config, engine.Position, error) {
	if _, err := engine.Lookup(game); err != nil {
		return nil, engine.Config{}, nil, usageError{fmt.Sprintf("unknown game %q; the games are %s (postal games describes them)", game, strings.Join(gameNames(), ", "))}
	}
	opts, err := engine.ParseOptions(g.options)
	if err != nil {
		return nil, engine.Config{}, nil, usageError{err.Error()}
	}
	return engine.New(game, engine.Config{Ruleset: g.ruleset, Options: opts, Seed: g.seed})
}

// playMoves applies the moves in order, each by the player to move (a move
// may be written "second: MOVE" in a phase where both may act, or
// "north: resign" for a player leaving a game of more than two), resolving
// chance from the seed of cfg, the game's config.
func playMoves(g engine.Game, cfg engine.Config, pos engine.Position, moves []string) (engine.Position, error) {
	pos, _, err := engine.ResolveChance(pos, cfg.Seed)
	if err != nil {
		return nil, err
	}
	sides := g.Info().Seats(cfg)
	for i, text := range moves {
		p, move, err := actor(pos, g.Info(), sides, text)
		if err != nil {
			return nil, fmt.Errorf("move %d (%s): %w", i+1, text, err)
		}
		next, _, err := engine.Play(pos, p, move)
		if err != nil {
			return nil, fmt.Errorf("move %d (%s): %w", i+1, text, err)
		}
		if pos, _, err = engine.ResolveChance(next, cfg.Seed); err != nil {
			return nil, err
		}
	}
	return pos, nil
}

// actor returns who plays text: the player named by a "side:" prefix (a
// side of the game, the seats of info configured as sides, first or
// second, or the seat's number from 1), else the only player who may act.
func actor(pos engine.Position, info engine.Info, sides []string, text string) (engine.Player, string, error) {
	if head, rest, ok := strings.Cut(text, ":"); ok {
		head = strings.TrimSpace(head)
		if p, ok := seatNamed(sides, head); ok {
			return p, strings.TrimSpace(rest), nil
		}
		if sideOfGame(info, head) {
			return 0, "", fmt.Errorf("no such player: %s does not play in this game (the sides: %s)", head, strings.Join(sides, ", "))
		}
	}
	players := pos.ToMove()
	switch {
	case len(players) == 0:
		return 0, "", fmt.Errorf("the game is over: %s", pos.Result().Reason)
	case len(players) == 1:
		return players[0], text, nil
	case len(sides) == 2:
		return 0, "", fmt.Errorf("both players may act now: write SIDE: MOVE (first: or second: will do)")
	}
	return 0, "", fmt.Errorf("several players may act now: write SIDE: MOVE")
}

// sideOfGame reports whether name is a side of any ruleset of the game.
func sideOfGame(info engine.Info, name string) bool {
	all := slices.Clone(info.Sides)
	for _, r := range info.Rulesets {
		all = append(all, r.Sides...)
	}
	return slices.ContainsFunc(all, func(s string) bool { return strings.EqualFold(s, name) })
}

// seatNamed returns the seat called name: a side's name, first or second, or
// a seat's number counting from 1.
func seatNamed(sides []string, name string) (engine.Player, bool) {
	for p, side := range sides {
		if strings.EqualFold(name, side) || name == strconv.Itoa(p+1) ||
			(p == 0 && strings.EqualFold(name, "first")) || (p == 1 && strings.EqualFold(name, "second")) {
			return engine.Player(p), true
		}
	}
	return 0, false
}

// gameNames are the names of every game, as the command line takes them.
func gameNames() []string {
	var names []string
	for _, g := range engine.Games() {
		names = append(names, g.Info().Name)
	}
	return names
}
