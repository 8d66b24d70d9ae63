package notation

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"postal/engine"
)

// ErrSeedSecret is what CheckDice returns for a record that commits to a
// seed it does not show yet: a game in progress.
var ErrSeedSecret = errors.New("notation: the seed is secret until the game ends")

// DiceError reports a record whose chance does not add up: its seed does not
// match its SeedCommitment, or a chance move of its movetext is not the one
// the seed draws. MoveNumber names the first chance move the seed
// contradicts (counting from 1, as the movetext does); 0 when there is none.
type DiceError struct {
	MoveNumber int
	Move       string // the chance move as the record has it
	Drawn      string // what the seed draws there
	// Commitment is set when the seed does not match the SeedCommitment.
	Commitment bool
	Msg        string // why, when it is neither of the above
}

func (e *DiceError) Error() string {
	var parts []string
	if e.Msg != "" {
		parts = append(parts, e.Msg)
	}
	if e.Commitment {
		parts = append(parts, "the Seed does not match the SeedCommitment: it is not the seed the server committed to at the start")
	}
	if e.MoveNumber > 0 {
		parts = append(parts, fmt.Sprintf("move %d (chance: %s) is not what the seed draws there (chance: %s)", e.MoveNumber, e.Move, e.Drawn))
	}
	return "notation: dice: " + strings.Join(parts, "; ")
}

// CheckDice checks the record's chance against its seed, as anyone can once
// a game is over: that the Seed matches the SeedCommitment (computed with
// the game's number, the Round tag), and that every chance move is the
// outcome [engine.ChanceSource] draws from the seed at that ply. It returns
// the number of chance moves checked. A record with neither chance moves nor
// a commitment has nothing to check (0, nil); the record of a game in
// progress, which shows no seed yet, returns ErrSeedSecret; a failed check is a *DiceError,
// an illegal move a *ReplayError.
func (r *Record) CheckDice() (checked int, err error) {
	chance := 0
	for _, m := range r.Moves {
		if m.Player == engine.Chance {
			chance++
		}
	}
	if chance == 0 && r.SeedCommitment == "" {
		return 0, nil
	}
	if !r.seedTag && r.Config.Seed == 0 {
		switch {
		case !r.Result.Over():
			return 0, ErrSeedSecret
		case r.SeedCommitment != "":
			return 0, &DiceError{Msg: "the game is over but the record shows no Seed to check the SeedCommitment with"}
		}
		return 0, &DiceError{Msg: "the record has chance moves but no Seed to check them with"}
	}
	seed := r.Config.Seed
	bad, err := r.firstUndrawn(seed)
	if err != nil {
		return 0, err
	}
	if r.SeedCommitment != "" {
		round := r.Tag("Round")
		id, perr := strconv.ParseInt(round, 10, 64)
		if perr != nil || id <= 0 {
			return 0, &DiceError{Msg: fmt.Sprintf("the Round tag %q is not the game's number, which the SeedCommitment is computed with", round)}
		}
		if engine.SeedCommitment(id, seed) != r.SeedCommitment {
			bad.Commitment = true
			return 0, bad
		}
	}
	if bad.MoveNumber > 0 {
		return 0, bad
	}
	return chance, nil
}

// firstUndrawn replays the record and returns, in a *DiceError, the first
// chance move that seed does not draw (MoveNumber 0 when every one is).
func (r *Record) firstUndrawn(seed uint64) (*DiceError, error) {
	positions, err := r.Replay()
	if err != nil {
		return nil, err
	}
	for i, m := range r.Moves {
		if m.Player != engine.Chance {
			continue
		}
		pos := positions[i] // the position the move was played in
		played, err := pos.ParseMove(engine.Chance, m.Text)
		if err != nil {
			return nil, &ReplayError{i + 1, m.Text, err}
		}
		if drawn := pos.Sample(engine.ChanceSource(seed, pos.Ply())); drawn.String() != played.String() {
			return &DiceError{MoveNumber: i + 1, Move: m.Text, Drawn: drawn.String()}, nil
		}
	}
	return &DiceError{}, nil
}
