package main

import (
	"flag"
	"fmt"
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
// may be written "second: MOVE" in a phase where both may act), resolving
// chance from the seed.
func playMoves(g engine.Game, pos engine.Position, seed uint64, moves []string) (engine.Position, error) {
	pos, _, err := engine.ResolveChance(pos, seed)
	if err != nil {
		return nil, err
	}
	for i, text := range moves {
		p, move, err := actor(pos, g.Info().Sides, text)
		if err != nil {
			return nil, fmt.Errorf("move %d (%s): %w", i+1, text, err)
		}
		next, _, err := engine.Play(pos, p, move)
		if err != nil {
			return nil, fmt.Errorf("move %d (%s): %w", i+1, text, err)
		}
		if pos, _, err = engine.ResolveChance(next, seed); err != nil {
			return nil, err
		}
	}
	return pos, nil
}

// actor returns who plays text: the player named by a "side:" prefix (the
// game's side name, first or second), else the only player who may act.
func actor(pos engine.Position, sides [2]string, text string) (engine.Player, string, error) {
	if head, rest, ok := strings.Cut(text, ":"); ok {
		head = strings.TrimSpace(head)
		for p, names := range [2][]string{{"first", "1", sides[0]}, {"second", "2", sides[1]}} {
			for _, n := range names {
				if strings.EqualFold(head, n) {
					return engine.Player(p), strings.TrimSpace(rest), nil
				}
			}
		}
	}
	players := pos.ToMove()
	switch len(players) {
	case 0:
		return 0, "", fmt.Errorf("the game is over: %s", pos.Result().Reason)
	case 1:
		return players[0], text, nil
	}
	return 0, "", fmt.Errorf("both players may act now: write SIDE: MOVE (first: or second: will do)")
}

// gameNames are the names of every game, as the command line takes them.
func gameNames() []string {
	var names []string
	for _, g := range engine.Games() {
		names = append(names, g.Info().Name)
	}
	return names
}
