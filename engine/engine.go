// Package engine is the contract every game of postal implements, and the
// registry that names them.
//
// A game is a value implementing [Game]: it describes itself ([Info]) and
// builds start positions from a [Config]. Everything else happens on
// [Position] values, which are immutable: [Position.Apply] returns a new
// position and leaves the receiver as it was.
//
// The contract covers five very different games:
//
//   - Simultaneous phases: [Position.ToMove] lists every player who may act
//     now (both players during Imperial Shuffle's setup).
//   - Chance: when the game itself must draw (Initiative's dice, Superial
//     Chess's random moves), ToMove returns [Chance]. The caller draws the
//     outcome with [Position.Sample] from the game's seeded source
//     ([ChanceSource]) and applies it like any other move, so the record holds
//     every draw and replays without the seed.
//   - Stages and multi-part turns are the game's business: a position knows its
//     stage, and a move may be long (a charge, a hop chain).
//
// Rules decide legality in one place, Apply; parsing turns text into a move
// without judging it.
//
// Random playouts and the searcher (engine/search) use optional fast paths
// a position may offer besides the contract: [RandomMover] draws a random
// move without listing and sorting them all, [UnlistedSampler] draws moves
// Legal does not list, [Evaluator] estimates a game cut short. Every one
// falls back to the contract when a game lacks it.
package engine

import (
	"math/rand/v2"
	"slices"

	"postal/engine/picture"
)

// Player identifies who acts. The first player (White, Light) moves first.
type Player int

const (
	First  Player = 0
	Second Player = 1
	// Chance is the game itself drawing at random: dice, bags, throws.
	Chance Player = 2
)

// Other returns the opponent of p (First for Second and back).
func (p Player) Other() Player { return 1 - p }

var onePlayer = [...]Player{First, Second, Chance}

// Players returns the list of the one player p (First, Second or Chance)
// for ToMove, shared by every caller, so ToMove allocates nothing.
func Players(p Player) []Player { return onePlayer[p : p+1 : p+1] }

var bothPlayers = []Player{First, Second}

// BothPlayers returns First and Second, for ToMove in a simultaneous
// phase; shared like [Players].
func BothPlayers() []Player { return bothPlayers[:2:2] }

// Move is one action as the game understands it. Its String is the canonical
// notation: parsing it again yields an equal move.
type Move interface {
	String() string
}

// Position is an immutable game state. Implementations must not change a
// position once it is returned.
type Position interface {
	// String is the compact canonical text of the position (like FEN). It
	// holds everything needed to continue the game (ruleset, options, stage,
	// last move) and is read back by [Game.ParsePosition].
	String() string

	// ToMove lists the players who may act now, in a fixed order: one player
	// usually, both in a simultaneous phase, [Chance] when the game must draw,
	// none once the game is over. The list may be shared (see [Players]):
	// callers must not modify it.
	ToMove() []Player

	// Legal lists the legal moves of p in canonical order (sorted by their
	// text). Kinds of move too many to list (a setup arrangement, a charge)
	// are accepted by Apply but left out; see [Info.Unlisted]. For [Chance] it
	// lists every possible outcome. It returns nil when p may not act.
	Legal(p Player) []Move

	// ParseMove reads the text of a move of p. It checks form only, never
	// legality; a form error is a *[SyntaxError].
	ParseMove(p Player, text string) (Move, error)

	// Apply plays m for p and returns the new position. An illegal move
	// returns an *[IllegalMoveError] and no position.
	Apply(p Player, m Move) (Position, error)

	// Sample draws a chance outcome from src, with the game's probabilities.
	// It is called only when ToMove is [Chance].
	Sample(src *rand.Rand) Move

	// Result says whether the game is over, and how.
	Result() Result

	// Ply counts the moves applied since the start (chance outcomes included).
	Ply() int

	// ASCII is the board in fixed-width text, at most 78 columns wide, for a
	// plain-text mail: coordinates on the edges, whose turn, the last move and
	// the game's own state, with a legend where letters need one.
	ASCII() string

	// Picture is the board as a vector drawing, readable at 400 px wide, with
	// coordinates on the edges and the last move highlighted. The picture
	// package turns it into SVG and PNG.
	Picture() *picture.Picture
}

// Game is one game of the registry.
type Game interface {
	Info() Info
	// Start returns the start position for cfg, which [Normalize] has checked
	// and completed with defaults.
	Start(cfg Config) (Position, error)
	// ParsePosition reads the text written by [Position.String].
	ParsePosition(text string) (Position, error)
}

// Info describes a game for the registry, the CLI, mail and the site.
type Info struct {
	Name        string // as used everywhere: "conflagration"
	Title       string // for people: "Conflagration"
	Description string // one line
	Sides       [2]string
	Rulesets    []Ruleset // the first is the default
	Options     []Option
	// Chance is true when the game draws at random (records then carry a Seed).
	Chance bool
	// Unlisted names the kinds of move Apply accepts that Legal does not list,
	// for people ("setup arrangements", "charges"); empty when Legal is complete.
	Unlisted string
	// Provisional marks rules this project had to invent, to be shown to users.
	Provisional string
	// Version is the version of this implementation of the rules, written in
	// every record ("1" when empty); raise it when a change of rules could
	// make an old record replay differently.
	Version string
}

// RulesVersion returns i.Version, or "1" when unset.
func (i Info) RulesVersion() string {
	if i.Version == "" {
		return "1"
	}
	return i.Version
}

// Ruleset is a named variant of a game.
type Ruleset struct {
	Name        string
	Description string
}

// Option is a setting of a game with its allowed values.
type Option struct {
	Name        string
	Description string
	Default     string
	// Values lists the allowed values; empty means any value the game's
	// Start accepts.
	Values []string
	// Rulesets lists the rulesets the option belongs to; empty means all.
	// Under another ruleset the option may not be given and is not filled
	// in with its default.
	Rulesets []string
	// Ignore lists rulesets, outside Rulesets, under which the option is
	// accepted and dropped: records written before the option had its
	// rulesets carry it there.
	Ignore []string
}

// For reports whether the option belongs to ruleset rs.
func (o Option) For(rs string) bool { return len(o.Rulesets) == 0 || slices.Contains(o.Rulesets, rs) }

// ResultKind says whether and how a game ended.
type ResultKind int

const (
	Ongoing ResultKind = iota
	Win
	Draw
)

// Result is the state of a game: ongoing, or won or drawn with a reason for
// people ("Black cannot move", "resigned").
type Result struct {
	Kind   ResultKind
	Winner Player // meaningful when Kind == Win
	Reason string
}

// Over reports whether the game has ended.
func (r Result) Over() bool { return r.Kind != Ongoing }

// Score is the result as a record writes it: "1-0", "0-1", "1/2-1/2" or "*".
func (r Result) Score() string {
	switch {
	case r.Kind == Draw:
		return "1/2-1/2"
	case r.Kind == Win && r.Winner == First:
		return "1-0"
	case r.Kind == Win && r.Winner == Second:
		return "0-1"
	}
	return "*"
}
