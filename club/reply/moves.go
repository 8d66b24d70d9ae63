package reply

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"postal/club/clock"
	"postal/club/event"
	"postal/engine"
	"postal/site/explorer"
)

// Move is a player's move that a refusal speaks of: the move as written,
// where it was written, and the position of its game it was refused in. A
// move played now (Move) and a move of a conditional line (After: "now",
// "after e4 e5") are refused in the same words, but for what was not done.
type Move struct {
	Text     string          // the move as written
	Game     int64           // its game's number
	Rules    engine.Info     // its game's rules: their title, what their lists leave out
	Pos      engine.Position // where it was refused
	Seat     engine.Player   // who moves there
	SeatName string          // "bob (West)": who moves there, in words
	Line     int             // the line of the mail it was written on
	LineText string          // that line, as written
	Col      int             // the column of the move's first character in LineText, from 1
	// After is where a move of a line falls ("now", "after e4 e5"); "" for
	// a move played now.
	After string
	// Nothing says what was not done, when it is not a move's or a
	// conditional line's ("Nothing was played."): the explorer's.
	Nothing string
	// Played are the moves the club's finished games played where the move
	// falls, for the explorer ("explore"), which points at the move and
	// lists them, or the legal moves when it is illegal; nil elsewhere.
	Played []string
}

// ExplainMove is Explain for an error that met m, a player's move (nil:
// no move): a word that is no move points at the word, an illegal move
// lists the legal moves there, and a move out of turn says so; the reply
// says what was not done. It is the one mapping of the errors of moves to
// refusals, whether a move is played, previewed or kept in a conditional
// line, and of the other typed errors a player's words cause (Explain).
func ExplainMove(err error, m *Move) error {
	var cfg *engine.ConfigError
	var ctl *clock.ControlError
	var illegal *engine.IllegalMoveError
	var syntax *engine.SyntaxError
	var turn *engine.NotYourTurnError
	var ev *event.Refusal
	switch {
	case errors.As(err, &ev):
		return Refuse(ev.Msg, ev.Hint)
	case errors.As(err, &cfg):
		return Refuse(cfg.Msg)
	case errors.As(err, &ctl):
		return Refuse(ctl.Msg)
	case m == nil && errors.As(err, &illegal):
		return Refuse(illegal.Reason)
	case m == nil:
		return err
	}
	line := m.After != ""
	nothing := "Nothing was played."
	if line {
		nothing = "Nothing was kept of this line."
	}
	if m.Nothing != "" {
		nothing = m.Nothing
	}
	if m.Played != nil {
		if ue := explained(err, m, nothing); ue != nil {
			return ue
		}
	}
	switch {
	case errors.As(err, &syntax):
		col := m.Col + utf8.RuneCountInString(m.Text[:min(max(syntax.Offset, 0), len(m.Text))])
		where := fmt.Sprintf("Line %d, column %d, at %q:", m.Line, col, syntax.Word())
		if line {
			where = fmt.Sprintf("Line %d, column %d, at %q. %s", m.Line, col, syntax.Word(), nothing)
		}
		ue := Refuse(fmt.Sprintf("%q is not a move of %s: %s", m.Text, m.Rules.Title, syntax.Msg), where)
		ue.Pre = Caret(m.LineText, col)
		if m.Seat == engine.Chance {
			// A line that leaves out a throw or a draw: it is part of the line.
			ue.Lines = append(ue.Lines, fmt.Sprintf("Chance acts there, %s: write its outcome as the record does. Its outcomes:", m.After))
			ue.Pre += "\n\n" + LegalMoves(m.Game, m.Rules, m.Pos, m.Seat, 60)
		}
		return ue
	case errors.As(err, &illegal):
		ue := Refuse(fmt.Sprintf("%s is not a legal move here: %s", m.Text, illegal.Reason), nothing+" Your legal moves:")
		if line {
			ue = Refuse(fmt.Sprintf("%s is not a legal move %s: %s", m.Text, m.After, illegal.Reason), fmt.Sprintf("%s The legal moves of %s there:", nothing, m.SeatName))
		}
		ue.Pre = LegalMoves(m.Game, m.Rules, m.Pos, m.Seat, 60)
		return ue
	case errors.As(err, &turn) && !line:
		return Refuse(fmt.Sprintf("it is not your turn in game #%d", m.Game), nothing)
	case line:
		return Refuse(fmt.Sprintf("%s %s was refused: %v", m.Text, m.After, err), nothing)
	}
	return Refuse(fmt.Sprintf("%s was refused: %v", m.Text, err), nothing)
}

// explained words the refusal of a move the explorer follows: a legal move
// no game played there, or an illegal one, each pointing at the move (nil
// for the other errors, worded as a line's).
func explained(err error, m *Move, nothing string) *Refusal {
	var illegal *engine.IllegalMoveError
	var ue *Refusal
	switch {
	case errors.Is(err, explorer.ErrNotPlayed):
		ue = Refuse(fmt.Sprintf("no finished game of the club played %s %s", m.Text, m.After), fmt.Sprintf("Line %d, column %d. %s The moves played there:", m.Line, m.Col, nothing))
		ue.Pre = Caret(m.LineText, m.Col) + "\n\n" + Columns(m.Played)
	case errors.As(err, &illegal):
		ue = Refuse(fmt.Sprintf("%s is not a legal move %s: %s", m.Text, m.After, illegal.Reason), fmt.Sprintf("Line %d, column %d. %s The legal moves of %s there:", m.Line, m.Col, nothing, m.SeatName))
		ue.Pre = Caret(m.LineText, m.Col) + "\n\n" + LegalMoves(m.Game, m.Rules, m.Pos, m.Seat, 0)
	default:
		return nil
	}
	return ue
}

// LegalMoves lists the legal moves of seat at pos, a position of game id
// under rules, for a reply: all of them, or the first limit (0: no limit)
// with a note of how many there are, and what the rules allow without
// listing it.
func LegalMoves(id int64, rules engine.Info, pos engine.Position, seat engine.Player, limit int) string {
	legal := pos.Legal(seat)
	texts := make([]string, len(legal))
	for i, m := range legal {
		texts[i] = m.String()
	}
	note := ""
	if limit > 0 && len(texts) > limit {
		note = fmt.Sprintf("\n(%d legal moves; the first %d are shown. Write \"moves %d\" for all.)", len(texts), limit, id)
		texts = texts[:limit]
	}
	if len(texts) == 0 {
		return "(no listed moves)"
	}
	out := Columns(texts) + note
	if u := engine.Unlisted(pos, seat, rules); u != "" {
		out += "\nAlso allowed but not listed: " + u + "."
	}
	return out
}

// Columns lays words out in rows of at most 72 characters, in columns as
// wide as the common word: the longest of the nine in ten shortest. The
// words wider than that (a long hop chain among short moves) follow the
// columns, a line each, rather than making every column as wide as they
// are (a list of a line a word).
func Columns(words []string) string {
	widths := make([]int, len(words))
	for i, s := range words {
		widths[i] = len([]rune(s))
	}
	sorted := slices.Sorted(slices.Values(widths))
	w := sorted[(len(sorted)-1)*9/10]
	per := max(1, 72/(w+2))
	var b strings.Builder
	var long []string
	n, last := 0, 0 // the words in the columns, and the width of the last
	for i, s := range words {
		if widths[i] > w {
			long = append(long, s)
			continue
		}
		if n > 0 {
			if n%per == 0 {
				b.WriteByte('\n')
			} else {
				b.WriteString(strings.Repeat(" ", w+2-last))
			}
		}
		b.WriteString(s)
		n, last = n+1, widths[i]
	}
	for _, s := range long {
		b.WriteString("\n" + s)
	}
	return b.String()
}
