package archivegen

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"strings"
	"time"

	"postal/archive"
)

// beforeRatings is the schema version of the last postal without ratings
// (migration 014 brought them; 012 and 013 came with them).
const beforeRatings = 11

// BeforeRatings writes at path a new archive as a postal from before
// ratings left it (schema version 11, which the migrations upgrade): players
// gen001... and o.Finished finished games, then o.Active in progress,
// played as Generate plays them, stored with that schema's SQL as the club
// then stored them: the challenge each game began as, the game row, its
// seats past the second, its moves, and the event of its end. archive.Open
// upgrades it. o.Rate is not called: nothing was rated then.
func BeforeRatings(ctx context.Context, path string, o Options) (Stats, error) {
	start := time.Now()
	o.fill()
	kinds, err := variants(o.Games)
	if err != nil {
		return Stats{}, err
	}
	if err := archive.CreateAt(ctx, path, beforeRatings); err != nil {
		return Stats{}, err
	}
	db, err := sql.Open("sqlite", "file:"+(&url.URL{Path: path}).EscapedPath()+"?_pragma=foreign_keys(1)")
	if err != nil {
		return Stats{}, err
	}
	defer db.Close()
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return Stats{}, err
	}
	defer tx.Rollback()
	exec := func(q string, args ...any) error {
		_, err := tx.ExecContext(ctx, q, args...)
		return err
	}
	at := func(t time.Time) string {
		if t.IsZero() {
			return ""
		}
		return t.UTC().Format("2006-01-02T15:04:05.000Z")
	}
	players := make([]int64, o.Players)
	for i := range players {
		players[i] = int64(i + 1)
		name := fmt.Sprintf("gen%03d", i+1)
		if err := exec(`INSERT INTO players (id, name, address, key_hash, created) VALUES (?, ?, ?, ?, ?)`, players[i], name, name+"@gen.test", "gen-key-"+name, at(o.Start)); err != nil {
			return Stats{}, fmt.Errorf("archivegen: player %s: %w", name, err)
		}
	}
	var st Stats
	for i := range o.Finished + o.Active {
		id := int64(i + 1)
		g, err := play(i, id, i >= o.Finished, kinds.pick(i), players, o)
		if err != nil {
			return st, err
		}
		r := g.row
		err = exec(`INSERT INTO challenges (id, challenger_id, opponent_id, game, config, side, days, status, created, updated, control) VALUES (?, ?, ?, ?, ?, 'first', ?, 'accepted', ?, ?, ?)`,
			id, r.Players[0], r.Players[1], r.Game, r.Config, r.DaysPerMove, at(r.Created), at(r.Created), r.Control)
		if err == nil {
			err = exec(`INSERT INTO games (id, game, config, seed, first_id, second_id, position, ply, status, result, termination, days_per_move, deadline, created, updated, finished, control, turn_started)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				id, r.Game, r.Config, int64(r.Seed), r.Players[0], r.Players[1], r.Position, r.Ply, r.Status, r.Result, r.Termination, r.DaysPerMove,
				at(r.Deadline), at(r.Created), at(r.Updated), at(r.Finished), r.Control, at(r.TurnStarted))
		}
		for seat, p := range r.Players[2:] {
			if err == nil {
				err = exec(`INSERT INTO game_seats (game_id, seat, player_id) VALUES (?, ?, ?)`, id, seat+2, p)
			}
		}
		for _, m := range g.moves {
			if err == nil {
				err = exec(`INSERT INTO moves (game_id, ply, player, move, message_id, at) VALUES (?, ?, ?, ?, ?, ?)`, id, m.Ply, m.Player, m.Text, m.MessageID, at(m.At))
			}
		}
		if err == nil && r.Status == archive.GameOver {
			err = exec(`INSERT INTO events (at, kind, game_id, player_id, detail) VALUES (?, 'over', ?, 0, ?)`, at(r.Finished), id, strings.TrimSpace(r.Result+" "+r.Termination))
		}
		if err != nil {
			return st, fmt.Errorf("archivegen: game %d: %w", id, err)
		}
		st.Games++
		st.Plies += len(g.moves)
	}
	if err := tx.Commit(); err != nil {
		return st, err
	}
	st.Duration = time.Since(start)
	return st, nil
}
