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
	sides := sideNames(r.Game)
	var score, reason string
	for _, t := range tags {
		v := strings.TrimSpace(t.Value)
		switch {
		case strings.EqualFold(t.Key, tagGame):
		case strings.EqualFold(t.Key, tagRuleset):
			r.Config.Ruleset = strings.ToLower(v)
		case strings.EqualFold(t.Key, tagOptions):
			opts, err := engine.ParseOptions(strings.Fields(v))
			if err != nil {
				return nil, err
			}
			r.Config.Options = opts
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
		case strings.EqualFold(t.Key, sides[0]) || strings.EqualFold(t.Key, "First"):
			r.Players[0] = v
		case strings.EqualFold(t.Key, sides[1]) || strings.EqualFold(t.Key, "Second"):
			r.Players[1] = v
		default:
			r.Tags = append(r.Tags, Tag{t.Key, v})
		}
	}
	res, err := parseScore(score, reason)
	if err != nil {
		return nil, err
	}
	r.Result = res
	return r, nil
}

func parseScore(score, reason string) (engine.Result, error) {
	switch score {
	case "", "*":
		return engine.Result{}, nil
	case "1-0":
		return engine.Result{Kind: engine.Win, Winner: engine.First, Reason: reason}, nil
	case "0-1":
		return engine.Result{Kind: engine.Win, Winner: engine.Second, Reason: reason}, nil
	case "1/2-1/2", "½-½":
		return engine.Result{Kind: engine.Draw, Reason: reason}, nil
	}
	return engine.Result{}, fmt.Errorf("result %q is none of 1-0, 0-1, 1/2-1/2, *", score)
}

func isScore(word string) bool {
	switch word {
	case "1-0", "0-1", "1/2-1/2", "½-½", "*":
		return true
	}
	return false
}

// readMovetext reads "1. MOVE {comment} 2. Side: MOVE ... RESULT". A move
// runs from its number to the next number, comment or result; moves may hold
// spaces ("c2 revive a4").
func readMovetext(r *Record, text string, firstLine int) error {
	sides := sideNames(r.Game)
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
			case isScore(word) && j == len(strings.TrimRightFunc(text, unicode.IsSpace)):
				if err := finish(i); err != nil {
					return err
				}
				if !r.Result.Over() && word != "*" {
					res, _ := parseScore(word, "")
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

func joinComment(a, b string) string {
	if a == "" {
		return b
	}
	return a + " " + b
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
// move to the player that strict alternation expects (as the writer does).
func setActor(m *RecordMove, sides [2]string, expect *engine.Player) error {
	m.Player = *expect
	if head, rest, ok := strings.Cut(m.Text, ":"); ok && !strings.Contains(head, " ") {
		switch {
		case strings.EqualFold(head, sides[0]) || strings.EqualFold(head, "first") || head == "1":
			m.Player = engine.First
		case strings.EqualFold(head, sides[1]) || strings.EqualFold(head, "second") || head == "2":
			m.Player = engine.Second
		case strings.EqualFold(head, "chance"):
			m.Player = engine.Chance
		default:
			return fmt.Errorf("%q is not a side of this game (%s, %s or chance)", head, sides[0], sides[1])
		}
		m.Text = strings.TrimSpace(rest)
		if first, _, _ := strings.Cut(m.Text, " "); m.Text == "" || isMoveNumber(first) {
			return fmt.Errorf("no move after the side %q", head)
		}
	}
	if m.Player != engine.Chance {
		*expect = m.Player.Other()
	}
	return nil
}
