package archive

import (
	"context"
	"fmt"
)

// A challenge's id becomes its game's id, so new challenges must take ids
// past every game's. The challenges' AUTOINCREMENT sequence sees to it in a
// club's own archive; an archive written by another tool (archivegen writes
// games without challenges) must move it on itself (the first
// challenge on such an archive got id 1 and its accept failed forever on
// "UNIQUE constraint failed: games.id").

// ErrSequenceBehind is CheckSequences' error.
type ErrSequenceBehind struct{ Next, LastGame int64 }

func (e *ErrSequenceBehind) Error() string {
	return fmt.Sprintf("archive: the next challenge would be #%d, but games up to #%d exist, so a new game would take an id in use; "+
		"the archive was written by a tool that did not move the challenges' sequence on: postal archive fix --db FILE moves it past the games", e.Next, e.LastGame)
}

// CheckSequences returns an *ErrSequenceBehind when a new challenge would
// take the id of an existing game.
func (a *DB) CheckSequences(ctx context.Context) error {
	var seq, last int64
	err := a.db.QueryRowContext(ctx, `SELECT COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'challenges'), 0), COALESCE((SELECT MAX(id) FROM games), 0)`).Scan(&seq, &last)
	if err != nil {
		return fmt.Errorf("archive: sequences: %w", err)
	}
	if seq < last {
		return &ErrSequenceBehind{Next: seq + 1, LastGame: last}
	}
	return nil
}

// RaiseSequences moves the challenges' sequence past every game's id.
func (t *Tx) RaiseSequences() error {
	var last int64
	if err := t.queryRow(`SELECT COALESCE(MAX(id), 0) FROM games`).Scan(&last); err != nil {
		return fmt.Errorf("archive: sequences: %w", err)
	}
	res, err := t.exec(`UPDATE sqlite_sequence SET seq = MAX(seq, ?) WHERE name = 'challenges'`, last)
	if err != nil {
		return fmt.Errorf("archive: sequences: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 && last > 0 {
		if _, err := t.exec(`INSERT INTO sqlite_sequence (name, seq) VALUES ('challenges', ?)`, last); err != nil {
			return fmt.Errorf("archive: sequences: %w", err)
		}
	}
	return nil
}
