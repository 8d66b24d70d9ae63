package notation

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"postal/engine"
)

// RecordError reports text that is not a record, with the line it is on.
type RecordError struct {
	Line int
	Msg  string
}

func (e *RecordError) Error() string {
	return fmt.Sprintf("notation: record line %d: %s", e.Line, e.Msg)
}

// ReadRecord reads one record. It is lenient: extra white space, any case in
// tag names, missing optional tags and comments anywhere are accepted. It
// reads the text only; Replay checks the moves.
func ReadRecord(text string) (*Record, error) {
	recs, err := ReadRecords(text)
	if err != nil {
		return nil, err
	}
	switch len(recs) {
	case 0:
		return nil, &RecordError{1, "no record found"}
	case 1:
		return recs[0], nil
	}
	return nil, &RecordError{1, fmt.Sprintf("%d records found where one was expected", len(recs))}
}

// ReadRecords reads a file of records, each starting with its tags.
func ReadRecords(text string) ([]*Record, error) {
	text = strings.TrimPrefix(strings.ReplaceAll(text, "\r\n", "\n"), "\ufeff")
	lines := strings.Split(text, "\n")
	var recs []*Record
	for i := 0; i < len(lines); {
		// Skip blank lines between records.
		if strings.TrimSpace(lines[i]) == "" {
			i++
			continue
		}
		start := i
		var tags []Tag
		for i < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[i]), "[") {
			t, err := readTag(strings.TrimSpace(lines[i]))
			if err != nil {
				return nil, &RecordError{i + 1, err.Error()}
			}
			tags = append(tags, t)
			i++
		}
		if len(tags) == 0 {
			return nil, &RecordError{start + 1, "a record starts with its tags, like [Game \"conflagration\"]"}
		}
		moveStart := i
		var movetext []string
		for i < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[i]), "[") {
			movetext = append(movetext, lines[i])
			i++
		}
		rec, err := newRecord(tags)
		if err != nil {
			return nil, &RecordError{start + 1, err.Error()}
		}
		if err := readMovetext(rec, strings.Join(movetext, "\n"), moveStart+1); err != nil {
			return nil, err
		}
		recs = append(recs, rec)
	}
	return recs, nil
}

func readTag(line string) (Tag, error) {
	if !strings.HasSuffix(line, "]") {
		return Tag{}, fmt.Errorf("tag %s does not end with ]", line)
	}
	body := strings.TrimSpace(line[1 : len(line)-1])
	key, rest, ok := strings.Cut(body, " ")
	rest = strings.TrimSpace(rest)
	if !ok || key == "" || len(rest) < 2 || rest[0] != '"' || rest[len(rest)-1] != '"' {
		return Tag{}, fmt.Errorf("tag %s is not of the form [Key \"value\"]", line)
	}
	var v strings.Builder
	inner := rest[1 : len(rest)-1]
	for i := 0; i < len(inner); i++ {
		if inner[i] == '\\' && i+1 < len(inner) {
			i++
		}
		v.WriteByte(inner[i])
	}
	return Tag{key, v.String()}, nil
}

// newRecord builds a record from its tags, taking the ones it owns as fields.
func newRecord(tags []Tag) (*Record, error) {
	r := &Record{Config: engine.Config{Options: map[string]string{}}}
	for _, t := range tags {
		if strings.EqualFold(t.Key, tagGame) {
			r.Game = strings.ToLower(strings.TrimSpace(t.Value))
		}
	}
	if r.Game == "" {
		return nil, fmt.Errorf("the Game tag is missing")
	}
	// The seats, which name the players' tags, depend on the ruleset and
	// options.
	for _, t := range tags {
		v := strings.TrimSpace(t.Value)
		switch {
		case strings.EqualFold(t.Key, tagRuleset):
			r.Config.Ruleset = strings.ToLower(v)
		case strings.EqualFold(t.Key, tagOptions):
			opts, err := engine.ParseOptions(strings.Fields(v))
			if err != nil {
				return nil, err
			}
			r.Config.Options = opts
		}
	}
	sides := seatNames(r.Game, r.Config)
	r.Players = make([]string, len(sides))
	var score, reason string
	for _, t := range tags {
		v := strings.TrimSpace(t.Value)
		seat := seatOf(t.Key, sides)
		switch {
		case strings.EqualFold(t.Key, tagGame), strings.EqualFold(t.Key, tagRuleset), strings.EqualFold(t.Key, tagOptions):
		case strings.EqualFold(t.Key, tagRulesVersion):
			// The record replays by the rules it was played by.
			r.Config.Version = v
		case strings.EqualFold(t.Key, tagSeed):
			seed, err := strconv.ParseUint(v, 10, 64)
			if err != nil {
				return nil, fmt.Errorf("the Seed tag %q is not a number", v)
			}
			r.Config.Seed, r.seedTag = seed, true
		case strings.EqualFold(t.Key, tagCommitment):
			r.SeedCommitment = strings.ToLower(v)
		case strings.EqualFold(t.Key, tagResult):
			score = v
		case strings.EqualFold(t.Key, tagTermination):
			reason = v
		case seat >= 0:
			r.Players[seat] = v
		default:
			r.Tags = append(r.Tags, Tag{t.Key, v})
		}
	}
	res, err := parseScore(score, reason, len(sides))
	if err != nil {
		return nil, err
	}
	r.Result = res
	return r, nil
}

// seatOf returns the seat whose tag key is key: a side's name, or First
// and Second for the first two; -1 for none.
func seatOf(key string, sides []string) engine.Player {
	for p, side := range sides {
		if strings.EqualFold(key, side) || (p == 0 && strings.EqualFold(key, "First")) || (p == 1 && strings.EqualFold(key, "Second")) {
			return engine.Player(p)
		}
	}
	return -1
}

// parseScore reads a Result tag of a game of seats players, with the
// Termination tag's reason.
func parseScore(score, reason string, seats int) (engine.Result, error) {
	r, err := engine.ParseScore(score, seats)
	if err != nil {
		return engine.Result{}, err
	}
	if r.Over() {
		r.Reason = reason
	}
	return r, nil
}

// isScore reports whether word is a result of a game of seats players, as
// ends the movetext.
func isScore(word string, seats int) bool {
	_, err := engine.ParseScore(word, seats)
	return err == nil
}

// readMovetext reads "1. MOVE {comment} 2. Side: MOVE ... RESULT". A move
// runs from its number to the next number, comment or result; moves may hold
// spaces ("c2 revive a4").
func readMovetext(r *Record, text string, firstLine int) error {
	sides := seatNames(r.Game, r.Config)
	expect := engine.First
	var cur *RecordMove
	var words []string
	lineOf := func(off int) int { return firstLine + strings.Count(text[:off], "\n") }
	finish := func(off int) error {
		if cur == nil {
			return nil
		}
		move := strings.Join(words, " ")
		if move == "" {
			return &RecordError{lineOf(off), fmt.Sprintf("move %d is empty", len(r.Moves)+1)}
		}
		cur.Text = move
		if err := setActor(cur, sides, &expect); err != nil {
			return &RecordError{lineOf(off), fmt.Sprintf("move %d: %v", len(r.Moves)+1, err)}
		}
		r.Moves = append(r.Moves, *cur)
		cur, words = nil, nil
		return nil
	}
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case unicode.IsSpace(rune(c)):
			i++
		case c == '{':
			end := strings.IndexByte(text[i:], '}')
			if end < 0 {
				return &RecordError{lineOf(i), "a comment { is never closed"}
			}
			body := strings.Join(strings.Fields(text[i+1:i+end]), " ")
			if cur != nil {
				if err := finish(i); err != nil {
					return err
				}
			}
			if n := len(r.Moves); n > 0 {
				r.Moves[n-1].Comment = joinComment(r.Moves[n-1].Comment, body)
			} else {
				r.Comment = joinComment(r.Comment, body)
			}
			i += end + 1
		default:
			j := i
			for j < len(text) && !unicode.IsSpace(rune(text[j])) && text[j] != '{' {
				j++
			}
			word := text[i:j]
			switch {
			case isMoveNumber(word):
				if err := finish(i); err != nil {
					return err
				}
				cur = &RecordMove{}
			case isScore(word, len(sides)) && j == len(strings.TrimRightFunc(text, unicode.IsSpace)):
				if err := finish(i); err != nil {
					return err
				}
				if !r.Result.Over() && word != "*" {
					res, _ := parseScore(word, "", len(sides))
					r.Result = res
				}
			case cur == nil:
				return &RecordError{lineOf(i), fmt.Sprintf("%q stands where a move number like \"%d.\" should", word, len(r.Moves)+1)}
			default:
				words = append(words, word)
			}
			i = j
		}
	}
	return finish(len(text))
}

// joinComment adds comment b after a: comments in a row are kept one a
// line, as the writer writes them apart (comments).
func joinComment(a, b string) string {
	switch {
	case b == "":
		return a
	case a == "":
		return b
	}
	return a + "\n" + b
}

// isMoveNumber reports whether word is "N." (or "N..." as PGN writes).
func isMoveNumber(word string) bool {
	digits := strings.TrimRight(word, ".")
	if digits == word || digits == "" {
		return false
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// setActor reads an optional "Side:" prefix off the move, or else gives the
// move to the player expected: strict alternation of two sides (as the
// writer does), the next seat of more.
func setActor(m *RecordMove, sides []string, expect *engine.Player) error {
	m.Player = *expect
	if head, rest, ok := strings.Cut(m.Text, ":"); ok && !strings.Contains(head, " ") {
		switch p := seatOf(head, sides); {
		case p >= 0:
			m.Player = p
		case seatNumber(head, len(sides)) >= 0:
			m.Player = seatNumber(head, len(sides))
		case strings.EqualFold(head, "chance"):
			m.Player = engine.Chance
		default:
			return fmt.Errorf("%q is not a side of this game (%s or chance)", head, strings.Join(sides, ", "))
		}
		m.Text = strings.TrimSpace(rest)
		if first, _, _ := strings.Cut(m.Text, " "); m.Text == "" || isMoveNumber(first) {
			return fmt.Errorf("no move after the side %q", head)
		}
	}
	*expect = following(m.Player, *expect, len(sides))
	return nil
}

// seatNumber reads a seat written as its number from 1 ("2" is the second
// player); -1 when head is no seat of a game of seats players.
func seatNumber(head string, seats int) engine.Player {
	n, err := strconv.Atoi(head)
	if err != nil || n < 1 || n > seats || head != strconv.Itoa(n) {
		return -1
	}
	return engine.Player(n - 1)
}
