// Package notation is postal's text: the game record format (this file and
// its siblings record_*.go) and the command language players write by mail.
// It turns text into values without judging them; the engine decides what is
// legal.
package notation

import (
	"fmt"
	"strings"

	"postal/engine"
)

// Tag is one [Key "value"] pair of a record.
type Tag struct {
	Key, Value string
}

// RecordMove is one move of a record's movetext: who played it, its text and
// an optional comment that follows it.
type RecordMove struct {
	Player  engine.Player
	Text    string
	Comment string
}

// Record is a whole game as text: tags, then numbered moves (see
// docs/record-format.md).
type Record struct {
	Game   string
	Config engine.Config
	// Players names the players by seat, in the order of the game's seats
	// ([engine.Info.Seats]): the first and second player of a two-player
	// game. A name is "" when unknown; the reader gives one per seat.
	Players []string
	// Tags holds every other tag, in order (Site, Date, Result, Termination, ...).
	Tags []Tag
	// Comment is a comment standing before the first move.
	Comment string
	Moves   []RecordMove
	Result  engine.Result
	// SeedCommitment is [engine.SeedCommitment] of the game's number (the
	// Round tag) and its seed: published from the start of a game with
	// chance, while the seed stays secret. "" when the record has none.
	// While the record has one and its result is not known, the writer
	// leaves the seed out.
	SeedCommitment string

	seedTag bool // the record read had a Seed tag
}

// Tag returns the value of the tag key (case-insensitive), or "".
func (r *Record) Tag(key string) string {
	for _, t := range r.Tags {
		if strings.EqualFold(t.Key, key) {
			return t.Value
		}
	}
	return ""
}

// SetTag sets tag key to value, replacing an existing tag of that key.
func (r *Record) SetTag(key, value string) {
	for i, t := range r.Tags {
		if strings.EqualFold(t.Key, key) {
			r.Tags[i].Value = value
			return
		}
	}
	r.Tags = append(r.Tags, Tag{key, value})
}

// Add appends a move played by p.
func (r *Record) Add(p engine.Player, move string) {
	r.Moves = append(r.Moves, RecordMove{Player: p, Text: move})
}

// ReplayError reports a record move the engine refused. MoveNumber counts
// from 1, as the movetext numbers moves.
type ReplayError struct {
	MoveNumber int
	Move       string
	Err        error
}

func (e *ReplayError) Error() string {
	return fmt.Sprintf("notation: move %d (%s): %v", e.MoveNumber, e.Move, e.Err)
}

func (e *ReplayError) Unwrap() error { return e.Err }

// Start returns the game and its start position for the record's game and
// config.
func (r *Record) Start() (engine.Game, engine.Position, error) {
	g, cfg, pos, err := engine.New(r.Game, r.Config)
	if err != nil {
		return nil, nil, err
	}
	r.Config = cfg
	return g, pos, nil
}

// Replay plays the record through the engine and returns every position,
// from the start (index 0) to the position after the last move. An illegal
// or unreadable move fails with a *ReplayError.
func (r *Record) Replay() ([]engine.Position, error) {
	_, pos, err := r.Start()
	if err != nil {
		return nil, err
	}
	positions := []engine.Position{pos}
	for i, m := range r.Moves {
		if !engine.MayPlay(pos, m.Player, m.Text) {
			return positions, &ReplayError{i + 1, m.Text, &engine.NotYourTurnError{Player: m.Player}}
		}
		next, _, err := engine.Play(pos, m.Player, m.Text)
		if err != nil {
			return positions, &ReplayError{i + 1, m.Text, err}
		}
		pos = next
		positions = append(positions, pos)
	}
	return positions, nil
}
