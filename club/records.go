package club

import (
	"context"
	"fmt"

	"postal/archive"
	"postal/engine"
	"postal/notation"
)

// Archived is a game of the club as a record, with the row it was read from
// (for its dates, clocks and position).
type Archived struct {
	Row    *archive.Game
	Record *notation.Record
}

// EachRecord calls fn with the record of each game of ids that exists
// (every game when ids is nil), by number, its Site tag set to site: what
// the archive site publishes. Without moves the records carry none
// (Row.Ply counts them) and no move is read. It reads the games a chunk at a
// time, each chunk in one short transaction, and calls fn between them, so
// the club goes on handling mail while a large archive is read.
func EachRecord(ctx context.Context, db *archive.DB, site string, ids []int64, moves bool, fn func(Archived) error) error {
	return EachRecordOf(ctx, db, RecordOptions{Site: site, Messages: true}, ids, moves, fn)
}

// RecordOptions says how EachRecordOf writes records.
type RecordOptions struct {
	Site string // the records' Site tag
	// Messages shows what the players said (and the conditional moves of
	// those who allow it) as comments once a game is over, as each player
	// allows (talkComments): the club's choice.
	Messages bool
}

// EachRecordOf is EachRecord, as opt says.
func EachRecordOf(ctx context.Context, db *archive.DB, opt RecordOptions, ids []int64, moves bool, fn func(Archived) error) error {
	site := opt.Site
	const chunk = 200
	names := map[int64]string{}
	var after int64 // the last game read, when reading every game
	for first := true; ; first = false {
		if ids != nil && len(ids) == 0 {
			return nil
		}
		var out []Archived
		err := db.ReadTx(ctx, func(tx *archive.Tx) error {
			if first {
				var err error
				if names, err = tx.PlayerNames(); err != nil {
					return err
				}
			}
			var rows []*archive.Game
			var err error
			if ids == nil {
				rows, err = tx.GamesAfter(after, chunk)
			} else {
				rows, err = tx.GamesIn(ids[:min(chunk, len(ids))])
				ids = ids[min(chunk, len(ids)):]
			}
			if err != nil {
				return err
			}
			byGame := map[int64][]archive.Move{}
			if moves && len(rows) > 0 {
				gids := make([]int64, len(rows))
				for i, r := range rows {
					gids[i] = r.ID
				}
				if byGame, err = tx.MovesOf(gids); err != nil {
					return err
				}
			}
			talk := map[int64][]archive.Said{}
			if moves && opt.Messages && len(rows) > 0 {
				var over []int64
				for _, r := range rows {
					if r.Status == archive.GameOver {
						over = append(over, r.ID)
					}
				}
				if talk, err = tx.TalkOf(over); err != nil {
					return err
				}
			}
			out = make([]Archived, 0, len(rows))
			for _, row := range rows {
				players := make([]string, len(row.Players))
				for i, id := range row.Players {
					name, ok := names[id]
					if !ok {
						p, err := tx.PlayerByID(id)
						if err != nil {
							return err
						}
						name, names[id] = p.Name, p.Name
					}
					players[i] = name
				}
				rec, err := newRecord(row, players, byGame[row.ID], site)
				if err != nil {
					return err
				}
				if err := talkComments(tx, rec, row, byGame[row.ID], talk[row.ID]); err != nil {
					return err
				}
				out = append(out, Archived{Row: row, Record: rec})
			}
			return tagEvents(tx, out)
		})
		if err != nil {
			return fmt.Errorf("club: records: %w", err)
		}
		if ids == nil && len(out) == 0 {
			return nil
		}
		for _, a := range out {
			if err := fn(a); err != nil {
				return err
			}
			after = a.Row.ID
		}
	}
}

// gameRecord writes game row as a record: its tags, the moves of record and,
// once it is over, the result and how it ended. The mail command "record" and
// the site (through EachRecord) both use it.
func gameRecord(tx *archive.Tx, row *archive.Game, site string, messages bool) (*notation.Record, error) {
	players := make([]string, len(row.Players))
	for i, id := range row.Players {
		p, err := tx.PlayerByID(id)
		if err != nil {
			return nil, err
		}
		players[i] = p.Name
	}
	moves, err := tx.Moves(row.ID)
	if err != nil {
		return nil, err
	}
	rec, err := newRecord(row, players, moves, site)
	if err != nil {
		return nil, err
	}
	if err := tagEvents(tx, []Archived{{Row: row, Record: rec}}); err != nil {
		return nil, err
	}
	if !messages || row.Status != archive.GameOver {
		return rec, nil
	}
	talk, err := tx.TalkOf([]int64{row.ID})
	if err != nil {
		return nil, err
	}
	return rec, talkComments(tx, rec, row, moves, talk[row.ID])
}

// newRecord makes the record of game row from its players' names and its
// moves. A game with chance carries the commitment to its seed from the start
// and the seed itself only once it is over: until then the seed is not even
// in the record's memory, so nothing made from the record (mail, page,
// download, search index) can show it.
func newRecord(row *archive.Game, players []string, moves []archive.Move, site string) (*notation.Record, error) {
	cfg, err := GameConfig(row, revealedSeed(row))
	if err != nil {
		return nil, permanent(err)
	}
	rec := &notation.Record{Game: row.Game, Config: cfg, Players: players, SeedCommitment: seedCommitment(row)}
	rec.SetTag("Site", site)
	rec.SetTag("Date", row.Created.Format("2006.01.02"))
	rec.SetTag("Round", fmt.Sprint(row.ID))
	rec.SetTag("TimeControl", control(row).String())
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

// GameConfig is the config game row is replayed from: its ruleset and
// options as stored, seed (the seed as far as the reader may know it, see
// revealedSeed), and the version of the rules it was played by
// (RulesVersion). Every replay of a row's moves starts from it: the records
// of the mail command "record" and of the site (newRecord, EachRecord), and
// through them the site's pages, records and results (issue 27, R13g).
func GameConfig(row *archive.Game, seed uint64) (engine.Config, error) {
	cfg, err := parseConfig(row.Config, seed)
	if err != nil {
		return engine.Config{}, fmt.Errorf("club: game %d: %w", row.ID, err)
	}
	cfg.Version = RulesVersion(row)
	return cfg, nil
}

// RulesVersion is the version of its game's rules game row was played by,
// as engine.Config.Version names it: "" for the current one. The archive
// keeps no column for it: the stored position says it (engine.VersionOf),
// since a game started under an older version keeps that version in its
// position text to its end (Superial Chess's multiplayer games of version
// 1, played before ruling R13g: a player whose turn came with no move went
// out before a draw was judged). Replayed under the current version, such
// a game's moves could end otherwise than they did (issue 27). Only a game
// whose rules have had more than one version is read; a position that
// does not read (a broken row, which the club refuses to play on) says
// nothing, and the game replays under the current version.
func RulesVersion(row *archive.Game) string {
	g, err := engine.Lookup(row.Game)
	if err != nil || g.Info().RulesVersion() == "1" || row.Position == "" {
		return ""
	}
	pos, err := g.ParsePosition(row.Position)
	if err != nil {
		return ""
	}
	return engine.VersionOf(pos)
}
