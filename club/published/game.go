package published

import (
	"fmt"
	"time"

	"postal/archive"
	"postal/club/clock"
	"postal/club/stored"
	"postal/engine"
)

// What a stored game row says: its configuration and rules version, its
// time control, its result, the commitment to its seed.

// hasChance reports whether game row draws at random, and so commits to its
// seed.
func hasChance(row *archive.Game) bool {
	g, err := engine.Lookup(row.Game)
	return err == nil && g.Info().Chance
}

// SeedCommitment is the public commitment to the seed of a game with chance
// (engine.SeedCommitment), "" for a game without.
func SeedCommitment(row *archive.Game) string {
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
// through them the site's pages, records and results (ruling R13g).
func GameConfig(row *archive.Game, seed uint64) (engine.Config, error) {
	cfg, err := stored.ParseConfig(row.Config, seed)
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
// a game's moves could end otherwise than they did. Only a game whose rules
// have had more than one version is read; a position that does not read (a
// broken row, which the club refuses to play on) says nothing, and the
// game replays under the current version.
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

// Control is the game's time control.
func Control(row *archive.Game) clock.Control {
	if row.Control == "" {
		return clock.Control{Kind: clock.PerMove, PerMove: time.Duration(row.DaysPerMove) * clock.Day}
	}
	c, err := clock.ParseControl(row.Control)
	if err != nil {
		// Controls are parsed before they are stored: a bad one is a bug,
		// and the game is better untimed than stuck.
		return clock.Control{Kind: clock.None}
	}
	return c
}

// ParseConfig reads the stored "ruleset k=v ..." text of a game or a
// tournament: stored.ParseConfig, by the name the club's callers know.
func ParseConfig(s string, seed uint64) (engine.Config, error) { return stored.ParseConfig(s, seed) }

// Result is how game row ended, with the players' names in its reason as
// stored; not over while it goes on.
func Result(row *archive.Game) engine.Result {
	r, err := engine.ParseScore(row.Result, len(row.Players))
	if err != nil || !r.Over() {
		return engine.Result{}
	}
	r.Reason = row.Termination
	return r
}
