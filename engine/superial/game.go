// Package superial implements Superial Chess, the cube game of the novel "The
// End of Death and Taxes?", as settled by the rulings of
// /work/shared/rules/superial-chess.md: the classic game on a 6x6 checkers
// board (R1-R10), the random-move variant (R11), two-player boards of 8x8
// and 10x10 (R12), three or four players on a 10x10 board (R13-R13f, the
// multi files), and cubes against the chess army (R14-R17, the vs-chess
// files).
//
// Every piece is a cube with a team (White or Black) and an aspect: pusher o,
// hopper + or slasher x. Captured cubes change team and stay on the board.
// Against chess, White plays the chess men; a man the cubes capture changes
// sides, and the first becomes the cubes' king, stacked on a cube.
package superial

import (
	"fmt"
	"strconv"

	"postal/engine"
)

func init() { engine.Register(Game{}) }

// Game is Superial Chess for the registry.
type Game struct{}

// Info describes the game, its rulesets and options.
func (Game) Info() engine.Info {
	return engine.Info{
		Name:        "superial-chess",
		Title:       "Superial Chess",
		Description: "Cubes that push, hop and slash on a checkers board; captured cubes change team.",
		Sides:       []string{"White", "Black"},
		Rulesets: []engine.Ruleset{
			{Name: "classic", Description: "The classic game (6x6, or 8x8 and 10x10 with the size option)."},
			{Name: "random", Description: "Each player may spend random moves: the cube is thrown for a square and a face (6x6 only)."},
			{Name: "vs-chess", Description: "Cubes against chess (8x8): White plays the chess army, Black eight cubes; the first man the cubes capture becomes their king."},
			{Name: "multiplayer", Description: "Three or four players on a 10x10 board, a side each; a captured cube passes to its capturer; the last player in wins.",
				Sides: multiSides[:], SeatsOption: "players"},
		},
		Options: []engine.Option{
			{Name: "size", Description: "Board size N x N; each team starts with N pushers.", Default: "6", Values: []string{"6", "8", "10"}, Rulesets: cubeRulesets},
			// Records of classic games written before options had
			// rulesets say random-moves=1: they must still replay.
			{Name: "random-moves", Description: "Random moves each player starts with.", Default: "1", Values: []string{"1", "2", "3"}, Rulesets: []string{"random"}, Ignore: []string{"classic"}},
			{Name: "players", Description: "How many play: South, West and North, and East with four.", Default: "4", Values: []string{"3", "4"}, Rulesets: []string{"multiplayer"}},
		},
		Chance: true,
		// Version 2: a draw by repetition or by the 100-ply rule ends the
		// multiplayer game before the next player's turn, so nobody goes
		// out at it (R13g); records of version 1 replay by its rules.
		Version: "2",
		Provisional: "Two-player boards of 8x8 and 10x10 are this server's invention; so is the draw after 100 moves in a row without a capture, an aspect change or a random move. " +
			"Against chess, the draw comes after 100 moves without a capture or a pawn's move, and a pawn on its last rank by any way but its own move becomes a queen. " +
			"The seed only sketches games of more players: the multiplayer arrangement is this server's reading of it.",
	}
}

// cubeRulesets are the rulesets of cubes against cubes.
var cubeRulesets = []string{"classic", "random"}

// Start returns the start position of R3 (R12 for larger boards).
func (Game) Start(cfg engine.Config) (engine.Position, error) {
	switch cfg.Ruleset {
	case "vs-chess":
		return vsStart(), nil
	case "multiplayer":
		n, err := playersOption(cfg)
		if err != nil {
			return nil, err
		}
		p := multiStart(n)
		if cfg.Version == "1" {
			p.v1 = true
			p.settle()
		}
		return p, nil
	}
	size := cfg.Option("size")
	if size == "" {
		size = "6"
	}
	n, err := strconv.Atoi(size)
	if err != nil || (n != 6 && n != 8 && n != 10) {
		return nil, fmt.Errorf("superial-chess: size must be 6, 8 or 10, not %q", size)
	}
	p := &Position{b: startBoard(int8(n))}
	switch cfg.Ruleset {
	case "", "classic":
	case "random":
		if n != 6 {
			return nil, fmt.Errorf("superial-chess: the random ruleset is played on the 6x6 board only, since a six-sided cube throws the file and the rank; size %d was asked", n)
		}
		k := cfg.Option("random-moves")
		if k == "" {
			k = "1"
		}
		kn, err := strconv.Atoi(k)
		if err != nil || kn < 1 || kn > 3 {
			return nil, fmt.Errorf("superial-chess: random-moves must be 1, 2 or 3, not %q", k)
		}
		p.random, p.k, p.left = true, int8(kn), [2]int8{int8(kn), int8(kn)}
	default:
		return nil, fmt.Errorf("superial-chess: unknown ruleset %q", cfg.Ruleset)
	}
	p.finish()
	return p, nil
}
