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
//   - Seats: most games have two players, [First] and [Second]; a ruleset
//     may seat more (Superial Chess's multiplayer ruleset seats three or
//     four). [Info.Seats] names the seats of a game, and [Result.Places]
//     says where each finished; a player of such a game may leave it (resign,
//     run out of time) while the others play on ([Leaver]).
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
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"postal/engine/picture"
)

// Player identifies who acts: a seat, numbered from 0 in the order of
// [Info.Seats] (the first player, White or Light, moves first), or [Chance].
// A two-player game has the seats First and Second; a game of more players
// has more (Superial Chess's South, West, North, East are 0 to 3).
type Player int

const (
	First  Player = 0
	Second Player = 1
	// Chance is the game itself drawing at random: dice, bags, throws. It
	// is no seat: seats count from 0. (Before games of more than two players
	// it was 2; the archive maps its stored moves, see archive.Move.)
	Chance Player = -1
)

// onePlayer holds Chance and the seats of every game (four at most), each
// at its number plus one.
var onePlayer = [...]Player{Chance, 0, 1, 2, 3}

// Players returns the list of the one player p (a seat or Chance) for
// ToMove, shared by every caller, so ToMove allocates nothing.
func Players(p Player) []Player { return onePlayer[p+1 : p+2 : p+2] }

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
	// Sides names the seats in turn order, the first moving first: "White",
	// "Black". A ruleset with seats of its own names them (Ruleset.Sides);
	// Seats gives the seats of a game as configured.
	Sides    []string
	Rulesets []Ruleset // the first is the default
	Options  []Option
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
	// Sides names the seats of this ruleset when they are not the game's
	// (Info.Sides): Superial Chess's multiplayer ruleset seats South, West,
	// North and East. Nil for the game's.
	Sides []string
	// SeatsOption names the option that says how many of Sides play: the
	// first ones, in turn order ("players=3" seats South, West and North).
	// Empty when all of them play.
	SeatsOption string
}

// Seats returns the names of the seats of a game played with cfg, in turn
// order: its length is the number of players, and a Player indexes it. The
// ruleset's own Sides, or the game's, cut to its SeatsOption (or that
// option's default, when cfg does not set it). An unknown ruleset has the
// game's seats. The slice is the caller's own: a terminal game names the
// bot's seats in it.
func (i Info) Seats(cfg Config) []string { return slices.Clone(i.seats(cfg)) }

// SeatNamed returns the seat of seats (a game's [Info.Seats]) that name
// calls, in any case: "first" and "second" the first two in turn order, or
// a seat's own name ("Black", "dark", "north"); false when it calls none.
// It is the one reading of a side asked for: the command line's --as, the
// "as" of a challenge by mail and the seat a challenge keeps.
func SeatNamed(seats []string, name string) (Player, bool) {
	name = strings.TrimSpace(name)
	switch {
	case strings.EqualFold(name, "first") && len(seats) > 0:
		return First, true
	case strings.EqualFold(name, "second") && len(seats) > 1:
		return Second, true
	}
	if k := slices.IndexFunc(seats, func(s string) bool { return strings.EqualFold(s, name) }); k >= 0 {
		return Player(k), true
	}
	return 0, false
}

func (i Info) seats(cfg Config) []string {
	rs := strings.ToLower(strings.TrimSpace(cfg.Ruleset))
	if rs == "" && len(i.Rulesets) > 0 {
		rs = i.Rulesets[0].Name
	}
	k := slices.IndexFunc(i.Rulesets, func(r Ruleset) bool { return r.Name == rs })
	if k < 0 || i.Rulesets[k].Sides == nil {
		return i.Sides
	}
	r := i.Rulesets[k]
	if r.SeatsOption == "" {
		return r.Sides
	}
	v := cfg.Option(r.SeatsOption)
	if o := slices.IndexFunc(i.Options, func(o Option) bool { return o.Name == r.SeatsOption }); v == "" && o >= 0 {
		v = i.Options[o].Default
	}
	if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && n >= 1 && n < len(r.Sides) {
		return r.Sides[:n]
	}
	return r.Sides
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
//
// A two-player game says who won with Kind and Winner alone. A game of more
// players also fills Places; its Kind is Win when one player is first alone
// (the Winner), Draw when several share the first place.
type Result struct {
	Kind   ResultKind
	Winner Player // meaningful when Kind == Win
	Reason string
	// Places holds, in a game of more than two players, the place of each
	// seat, by seat: 1 for the first; players who share a place have the
	// same number, and the places after them are skipped (two first, then
	// third: 1-1-3-4). While the game goes on it holds the places of the
	// players already out, 0 for those still in. Nil in a two-player game.
	Places []int
}

// Over reports whether the game has ended.
func (r Result) Over() bool { return r.Kind != Ongoing }

// Score is the result as a record writes it: "1-0", "0-1", "1/2-1/2" or "*"
// for two players; for more, the places by seat joined by "-" ("2-1-4-3",
// "1-1-3-4" when two draw after two others are out), "*" while the game goes
// on.
func (r Result) Score() string {
	switch {
	case r.Kind == Ongoing:
		return "*"
	case len(r.Places) > 2:
		parts := make([]string, len(r.Places))
		for i, pl := range r.Places {
			parts[i] = strconv.Itoa(pl)
		}
		return strings.Join(parts, "-")
	case r.Kind == Draw:
		return "1/2-1/2"
	case r.Winner == First:
		return "1-0"
	case r.Winner == Second:
		return "0-1"
	}
	return "*"
}

// Place returns the place of seat p: 1 for the winner, 2 for the loser of a
// two-player game, 1 for both after a draw; Places in a game of more. It is
// 0 while p is still in a game that goes on.
func (r Result) Place(p Player) int {
	switch {
	case r.Places != nil:
		if p < 0 || int(p) >= len(r.Places) {
			return 0
		}
		return r.Places[p]
	case r.Kind == Draw:
		return 1
	case r.Kind == Win && p == r.Winner:
		return 1
	case r.Kind == Win:
		return 2
	}
	return 0
}

// Shares returns each seat's share of a finished result, by seat, on one
// scale for every number of players: the first place is worth 1, the last
// 0, the places between evenly apart ((n-place)/(n-1) of n seats), and
// players who share places split them evenly. Two players: a win 1 and a
// loss 0, a draw 1/2 each; four: 1, 2/3, 1/3, 0. While the game goes on, the
// players out have their shares and those still in 0. The searcher's
// rewards and [Evaluator] use this scale.
func (r Result) Shares() []float64 {
	n := max(2, len(r.Places))
	out := make([]float64, n)
	for p := range out {
		place := r.Place(Player(p))
		if place == 0 {
			continue
		}
		tied := 0
		for q := range out {
			if r.Place(Player(q)) == place {
				tied++
			}
		}
		// The tied players hold places place..place+tied-1: the mean of
		// their worths.
		out[p] = (float64(n-place) - float64(tied-1)/2) / float64(n-1)
	}
	return out
}

// Drawn returns the result of the game r is the state of, drawn now for
// reason: by agreement, which a game of more than two players needs from
// every player still in (Superial Chess R13e). The players still in share
// the first place; those out keep theirs.
func (r Result) Drawn(reason string) Result {
	out := Result{Kind: Draw, Reason: reason}
	if r.Places != nil {
		out.Places = slices.Clone(r.Places)
		for i, pl := range out.Places {
			if pl == 0 {
				out.Places[i] = 1
			}
		}
	}
	return out
}

// ParseScore reads a result as [Result.Score] writes it, for a game of the
// given number of seats: "1-0", "0-1", "1/2-1/2" (or "½-½") and "*" (or
// "") for two; the places by seat for more ("2-1-4-3"), which must be
// places players can finish in: 1-1-3-4, never 1-1-2-4. The result has no
// Reason.
func ParseScore(score string, seats int) (Result, error) {
	switch score {
	case "", "*":
		return Result{}, nil
	}
	if seats <= 2 {
		switch score {
		case "1-0":
			return Result{Kind: Win, Winner: First}, nil
		case "0-1":
			return Result{Kind: Win, Winner: Second}, nil
		case "1/2-1/2", "½-½":
			return Result{Kind: Draw}, nil
		}
		return Result{}, fmt.Errorf("engine: result %q is none of 1-0, 0-1, 1/2-1/2, *", score)
	}
	parts := strings.Split(score, "-")
	if len(parts) != seats {
		return Result{}, fmt.Errorf("engine: result %q does not give the places of the %d players, like %s, or * while the game goes on", score, seats, placesExample(seats))
	}
	places := make([]int, seats)
	for i, s := range parts {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > seats || s != strconv.Itoa(n) {
			return Result{}, fmt.Errorf("engine: result %q: place %q of player %d is not a number from 1 to %d", score, s, i+1, seats)
		}
		places[i] = n
	}
	// Place n goes to players after n-1 better placed ones: ties share a
	// place and skip the next ones.
	for _, n := range places {
		better := 0
		for _, m := range places {
			if m < n {
				better++
			}
		}
		if better != n-1 {
			return Result{}, fmt.Errorf("engine: result %q: place %d follows %d better placed players, not %d", score, n, better, n-1)
		}
	}
	r := Result{Kind: Draw, Places: places}
	if first := slices.Index(places, 1); first >= 0 && slices.Index(places[first+1:], 1) < 0 {
		r.Kind, r.Winner = Win, Player(first)
	}
	return r, nil
}

// placesExample is a result of seats players, for messages: 1-2-3-4.
func placesExample(seats int) string {
	parts := make([]string, seats)
	for i := range parts {
		parts[i] = strconv.Itoa(i + 1)
	}
	return strings.Join(parts, "-")
}
