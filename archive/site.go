package archive

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The reads of the archive site's publisher (and of other readers that
// follow the games): the change sequence, and games and moves read many at
// a time, so a site of thousands of games costs a few queries per hundred
// games rather than a few per game.

// LastSeq returns the greatest change number given to a game (see
// migration 007); 0 when there is no game.
func (t *Tx) LastSeq() (int64, error) {
	var seq int64
	err := t.queryRow(`SELECT COALESCE(MAX(seq), 0) FROM games`).Scan(&seq)
	return seq, err
}

// ChangedAfter returns the games changed after change number seq, by
// number, and the greatest change number read (seq when nothing changed).
// It reads the index of change numbers only: its cost follows the changes,
// not the archive.
func (t *Tx) ChangedAfter(seq int64) (ids []int64, last int64, err error) {
	rows, err := t.query(`SELECT id, seq FROM games WHERE seq > ? ORDER BY seq`, seq)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	last = seq
	for rows.Next() {
		var id, s int64
		if err := rows.Scan(&id, &s); err != nil {
			return nil, 0, err
		}
		ids = append(ids, id)
		last = max(last, s)
	}
	slices.Sort(ids)
	return ids, last, rows.Err()
}

// GamesAfter returns at most limit games numbered above id, by number: a
// reader walks every game with it, a chunk at a time.
func (t *Tx) GamesAfter(id int64, limit int) ([]*Game, error) {
	return t.games(`WHERE id > ? ORDER BY id LIMIT ?`, id, limit)
}

// GamesIn returns the games numbered ids that exist, by number.
func (t *Tx) GamesIn(ids []int64) ([]*Game, error) {
	if len(ids) > maxIn && !slices.IsSorted(ids) {
		ids = slices.Sorted(slices.Values(ids)) // each part by number, and the parts in order
	}
	var out []*Game
	err := inParts(ids, func(part []int64) error {
		gs, err := t.games(`WHERE id IN (`+placeholders(len(part))+`) ORDER BY id`, int64Args(part)...)
		out = append(out, gs...)
		return err
	})
	return out, err
}

// MovesOf returns the moves of each of the games ids, in order, as a
// record holds them: ply, player and text only (no message, no date). The
// moves of a game come as one row, joined by SQLite: a site reads millions
// of moves, and a row costs more than its text.
func (t *Tx) MovesOf(ids []int64) (map[int64][]Move, error) { return t.MovesUpTo(ids, 0) }

// MovesUpTo is MovesOf, each game's first plies moves only (0: all): an
// opening's reader (the explorer) reads a few moves of each of many games,
// by the moves' primary key.
//
// Each move comes with its ply and is put in order here, not by an ORDER
// BY in the group_concat: that one made SQLite sort every game's moves in
// a temporary b-tree, two fifths of the query's time, when the index it
// reads them by, (game_id, ply), gives them in order already. SQLite does
// not promise that order to group_concat, so the plies are checked, and
// sorted in the rare case they are not.
func (t *Tx) MovesUpTo(ids []int64, plies int) (map[int64][]Move, error) {
	out := make(map[int64][]Move, len(ids))
	err := inParts(ids, func(part []int64) error { return t.movesUpTo(part, plies, out) })
	if err != nil {
		return nil, err
	}
	return out, nil
}

// movesUpTo is MovesUpTo of a part of the games, into out.
func (t *Tx) movesUpTo(ids []int64, plies int, out map[int64][]Move) error {
	args := int64Args(ids)
	upTo := ""
	if plies > 0 {
		upTo, args = ` AND ply <= ?`, append(args, plies)
	}
	rows, err := t.query(`SELECT game_id, COUNT(*), group_concat(ply || ' ' || player || ' ' || move, char(10)) FROM moves WHERE game_id IN (`+placeholders(len(ids))+`)`+upTo+` GROUP BY game_id`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var n int
		var all string
		if err := rows.Scan(&id, &n, &all); err != nil {
			return err
		}
		ms, err := parseMoves(id, n, all)
		if err != nil {
			return err
		}
		out[id] = ms
	}
	return rows.Err()
}

// parseMoves reads the n moves of game id joined by MovesUpTo, a line
// "PLY PLAYER TEXT" each, into ply order, numbered from 1.
func parseMoves(id int64, n int, all string) ([]Move, error) {
	ms := make([]Move, 0, n)
	inOrder := true
	for line := range strings.SplitSeq(all, "\n") {
		plyText, rest, ok1 := strings.Cut(line, " ")
		player, text, ok2 := strings.Cut(rest, " ")
		ply, err1 := strconv.Atoi(plyText)
		p, err2 := strconv.Atoi(player)
		if !ok1 || !ok2 || err1 != nil || err2 != nil {
			return nil, fmt.Errorf("archive: game %d: a move without a ply or player: %q", id, line)
		}
		if len(ms) > 0 && ply <= ms[len(ms)-1].Ply {
			inOrder = false
		}
		ms = append(ms, Move{Ply: ply, Player: p, Text: text})
	}
	if len(ms) != n {
		return nil, fmt.Errorf("archive: game %d: %d moves read, %d stored (a move holds a line break)", id, len(ms), n)
	}
	if !inOrder {
		slices.SortFunc(ms, func(a, b Move) int { return a.Ply - b.Ply })
	}
	// Numbered by their place, as the record counts them.
	for i := range ms {
		ms[i].Ply = i + 1
	}
	return ms, nil
}

// PlayerNames returns the name of every player, by id.
func (t *Tx) PlayerNames() (map[int64]string, error) {
	rows, err := t.query(`SELECT id, name FROM players`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]string{}
	for rows.Next() {
		var id int64
		var name string
		if err := rows.Scan(&id, &name); err != nil {
			return nil, err
		}
		out[id] = name
	}
	return out, rows.Err()
}

// AddMoves appends moves to game's log, many rows to a statement: what a
// generated archive of millions of moves is written with.
func (t *Tx) AddMoves(gameID int64, moves []Move) error {
	const perStatement = 200
	for len(moves) > 0 {
		n := min(len(moves), perStatement)
		args := make([]any, 0, 6*n)
		for _, m := range moves[:n] {
			args = append(args, gameID, m.Ply, m.Player, m.Text, m.MessageID, fmtTime(m.At))
		}
		q := `INSERT INTO moves (game_id, ply, player, move, message_id, at) VALUES ` + strings.TrimSuffix(strings.Repeat("(?, ?, ?, ?, ?, ?), ", n), ", ")
		if _, err := t.exec(q, args...); err != nil {
			return fmt.Errorf("archive: add moves of game %d: %w", gameID, err)
		}
		moves = moves[n:]
	}
	return nil
}

func placeholders(n int) string { return strings.TrimSuffix(strings.Repeat("?, ", n), ", ") }

// maxIn is the most ids one statement asks about. SQLite refuses a
// statement of more than 32,766 variables, and a reader may ask about
// more games than that: the site's update after a change to every game of
// a large archive (filling the positions before the last ply, a re-rating)
// reads what it shows of each changed game.
const maxIn = 5000

// inParts calls fn with ids in runs of at most maxIn, in order.
func inParts(ids []int64, fn func(part []int64) error) error {
	for len(ids) > 0 {
		n := min(len(ids), maxIn)
		if err := fn(ids[:n]); err != nil {
			return err
		}
		ids = ids[n:]
	}
	return nil
}

func int64Args(ids []int64) []any {
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	return args
}

// LastGameID returns the greatest game number; 0 when there is no game.
func (t *Tx) LastGameID() (int64, error) {
	var id int64
	err := t.queryRow(`SELECT COALESCE(MAX(id), 0) FROM games`).Scan(&id)
	return id, err
}
