package archive

import (
	"fmt"
	"strconv"
	"strings"
)

// Step is one move of a line of conditional moves: the seat that plays it
// (-1 for chance) and its text.
type Step struct {
	Seat int
	Move string
}

// Condition is one line of a player's conditional moves in a game (issue
// 26): the steps that follow the position at Ply, the player's answers
// among them.
type Condition struct {
	Seq   int
	Ply   int
	Steps []Step
}

func fmtSteps(steps []Step) string {
	lines := make([]string, len(steps))
	for i, s := range steps {
		lines[i] = strconv.Itoa(s.Seat) + "\t" + s.Move
	}
	return strings.Join(lines, "\n")
}

func parseSteps(text string) ([]Step, error) {
	var out []Step
	for _, l := range strings.Split(text, "\n") {
		seat, move, ok := strings.Cut(l, "\t")
		n, err := strconv.Atoi(seat)
		if !ok || err != nil {
			return nil, fmt.Errorf("archive: a condition step %q", l)
		}
		out = append(out, Step{n, move})
	}
	return out, nil
}

// Conditions returns the lines of conditional moves of player in game, in
// the order given.
func (t *Tx) Conditions(gameID, playerID int64) ([]Condition, error) {
	rows, err := t.query(`SELECT seq, ply, steps FROM conditions WHERE game_id = ? AND player_id = ? ORDER BY seq`, gameID, playerID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Condition
	for rows.Next() {
		var c Condition
		var steps string
		if err := rows.Scan(&c.Seq, &c.Ply, &steps); err != nil {
			return nil, err
		}
		if c.Steps, err = parseSteps(steps); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// ConditionPlayers returns the players who hold conditional moves in game.
func (t *Tx) ConditionPlayers(gameID int64) ([]int64, error) {
	return t.ids(`SELECT DISTINCT player_id FROM conditions WHERE game_id = ? ORDER BY player_id`, gameID)
}

// SetConditions replaces the lines of conditional moves of player in game
// with lines (none: clears them), numbered in order.
func (t *Tx) SetConditions(gameID, playerID int64, lines []Condition) error {
	if _, err := t.exec(`DELETE FROM conditions WHERE game_id = ? AND player_id = ?`, gameID, playerID); err != nil {
		return fmt.Errorf("archive: clear conditions: %w", err)
	}
	for i, c := range lines {
		if _, err := t.exec(`INSERT INTO conditions (game_id, player_id, seq, ply, steps) VALUES (?, ?, ?, ?, ?)`, gameID, playerID, i+1, c.Ply, fmtSteps(c.Steps)); err != nil {
			return fmt.Errorf("archive: add condition: %w", err)
		}
	}
	return nil
}
