package club

import (
	"context"
	"fmt"
	"time"

	"postal/archive"
	"postal/engine"
	"postal/notation"
)

// Archived is a game of the club as a record, with the row it was read from
// (for its dates).
type Archived struct {
	Row    *archive.Game
	Record *notation.Record
}

// Records returns every game of db changed at or after since (every game
// when since is zero) as game records, their Site tag set to site: what the
// archive site publishes.
func Records(ctx context.Context, db *archive.DB, site string, since time.Time) ([]Archived, error) {
	var out []Archived
	err := db.Tx(ctx, func(tx *archive.Tx) error {
		rows, err := tx.GamesUpdatedSince(since)
		if err != nil {
			return err
		}
		out = make([]Archived, 0, len(rows))
		for _, row := range rows {
			rec, err := gameRecord(tx, row, site)
			if err != nil {
				return err
			}
			out = append(out, Archived{Row: row, Record: rec})
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("club: records: %w", err)
	}
	return out, nil
}

// gameRecord writes game row as a record: its tags, the moves of record and,
// once it is over, the result and how it ended. The mail command "record" and
// the site both use it. A game with chance carries the commitment to its
// seed from the start and the seed itself only once it is over: until then
// the seed is not even in the record's memory, so nothing made from the
// record (mail, page, download, search index) can show it.
func gameRecord(tx *archive.Tx, row *archive.Game, site string) (*notation.Record, error) {
	cfg, err := parseConfig(row.Config, revealedSeed(row))
	if err != nil {
		return nil, permanent{fmt.Errorf("club: game %d: %w", row.ID, err)}
	}
	var players [2]string
	for i, id := range row.Players {
		p, err := tx.PlayerByID(id)
		if err != nil {
			return nil, err
		}
		players[i] = p.Name
	}
	rec := &notation.Record{Game: row.Game, Config: cfg, Players: players, SeedCommitment: seedCommitment(row)}
	rec.SetTag("Site", site)
	rec.SetTag("Date", row.Created.Format("2006.01.02"))
	rec.SetTag("Round", fmt.Sprint(row.ID))
	rec.SetTag("TimeControl", control(row).String())
	moves, err := tx.Moves(row.ID)
	if err != nil {
		return nil, err
	}
	for _, m := range moves {
		rec.Add(engine.Player(m.Player), m.Text)
	}
	if row.Status == archive.GameOver {
		rec.Result = recordResult(row)
		if row.Termination != "" {
			rec.SetTag("Termination", row.Termination)
		}
	}
	return rec, nil
}

// hasChance reports whether game row draws at random, and so commits to its
// seed.
func hasChance(row *archive.Game) bool {
	g, err := engine.Lookup(row.Game)
	return err == nil && g.Info().Chance
}

// seedCommitment is the public commitment to the seed of a game with chance
// (engine.SeedCommitment), "" for a game without.
func seedCommitment(row *archive.Game) string {
	if !hasChance(row) {
		return ""
	}
	return engine.SeedCommitment(row.ID, row.Seed)
}

// revealedSeed is the seed of row as far as anyone may know it: the seed
// once the game is over, 0 while it goes on.
func revealedSeed(row *archive.Game) uint64 {
	if row.Status != archive.GameOver {
		return 0
	}
	return row.Seed
}
