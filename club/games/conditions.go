package games

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"postal/archive"
	"postal/club/game"
	"postal/club/reply"
	"postal/club/work"
	"postal/docs/words"
	"postal/engine"
	"postal/notation"
)

// Conditional moves. "if M1 M2 M3 M4" says: if the others play M1, answer
// M2; if they then play M3, answer M4. Each line is checked against the
// rules when given, by replaying it from the game's position, and kept as
// a line of steps (archive.Condition), the player's answers among them.
// The lines of a player in a game form a tree: every line stands at the
// same position, and where two lines follow the same moves they give the
// same answer (a later line that answers differently replaces the
// earlier). After every move the one path of moves takes (commit), each
// player's lines are advanced: lines that foresaw the move go on, the
// others go; when a line reaches its player's answer and it is their turn,
// the answer is played at once, through the same path, in the same
// transaction. A move no line foresaw clears the player's lines, and the
// player is told.

// maxLines and maxSteps bound what one player keeps in one game.
const (
	maxLines = 20
	maxSteps = 40
)

// Conditions answers "if", "if clear", "if" alone and "conditions".
func Conditions(u *work.Unit, c notation.Command, p notation.Parsed) (reply.Section, error) {
	if c.Verb == notation.CmdConditions || c.Move == "" && c.Setting == "" {
		return listConditions(u, c.ID)
	}
	gs, side, err := Mine(u, c.ID)
	if err != nil {
		return reply.Section{}, err
	}
	id := gs.Row.ID
	if c.Setting == "clear" {
		old, err := u.Tx.Conditions(id, u.Actor.ID)
		if err != nil {
			return reply.Section{}, err
		}
		if err := u.Tx.SetConditions(id, u.Actor.ID, nil); err != nil {
			return reply.Section{}, err
		}
		if len(old) == 0 {
			return reply.Section{Title: fmt.Sprintf("you had no conditional moves in game #%d", id), Game: id}, nil
		}
		return reply.Section{Title: fmt.Sprintf("your conditional moves in game #%d are removed", id), Lines: []string{words.Plural(len(old), "line") + " removed."}, Game: id}, nil
	}
	steps, _, err := lineOf(u, gs, c, p)
	if err != nil {
		return reply.Section{}, err
	}
	switch {
	case steps[0].Seat == int(side):
		return reply.Section{}, reply.Refuse(fmt.Sprintf("it is your move in game #%d", id), "A conditional line starts with a move of the others: play your move first (the same mail may then say \"if\").")
	case steps[len(steps)-1].Seat != int(side):
		return reply.Section{}, reply.Refuse("the line ends without your answer", fmt.Sprintf("End it with your move after %s; nothing was kept of this line.", steps[len(steps)-1].Move))
	case len(steps) > maxSteps:
		return reply.Section{}, reply.Refuse(fmt.Sprintf("the line has %d moves; at most %d", len(steps), maxSteps))
	}
	lines, err := u.Tx.Conditions(id, u.Actor.ID)
	if err != nil {
		return reply.Section{}, err
	}
	lines, replaced := mergeLine(lines, archive.Condition{Ply: gs.Pos.Ply(), Steps: steps}, side)
	if len(lines) > maxLines {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("you have %d conditional lines in game #%d already", maxLines, id), "\"if clear\" removes them all.")
	}
	if err := u.Tx.SetConditions(id, u.Actor.ID, lines); err != nil {
		return reply.Section{}, err
	}
	if err := u.Tx.AddTalk(archive.Said{GameID: id, PlayerID: u.Actor.ID, Ply: gs.Pos.Ply(), Kind: "if", Text: StepsText(steps), At: u.Now}); err != nil {
		return reply.Section{}, err
	}
	title := fmt.Sprintf("conditional moves kept in game #%d", id)
	var out []string
	if replaced > 0 {
		out = append(out, fmt.Sprintf("It replaces %s that answered the same moves otherwise.", words.Plural(replaced, "line")))
	}
	out = append(out, "When the moves of a line are played, your answer is played at once; a move no line foresaw clears them all, and you are told. \"if clear\" removes them.")
	return reply.Section{Title: title, Lines: out, Pre: conditionsText(lines), Game: id}, nil
}

// listConditions lists the actor's lines in game id.
func listConditions(u *work.Unit, id int64) (reply.Section, error) {
	gs, err := Named(u, id)
	if err != nil {
		return reply.Section{}, err
	}
	if gs.Side(u.Actor) < 0 {
		return reply.Section{}, NotPlaying(id, fmt.Sprintf("It is %s.", gs.Title()))
	}
	lines, err := u.Tx.Conditions(id, u.Actor.ID)
	if err != nil {
		return reply.Section{}, err
	}
	if len(lines) == 0 {
		return reply.Section{Title: fmt.Sprintf("no conditional moves in game #%d", id), Lines: []string{"\"if M1 M2\" answers M1 with M2 at once (\"help if\")."}, Game: id}, nil
	}
	return reply.Section{Title: fmt.Sprintf("your conditional moves in game #%d", id), Pre: conditionsText(lines), Game: id}, nil
}

// conditionsText writes lines, one a line: "if e5 Nf3 Nc6 Bb5".
func conditionsText(lines []archive.Condition) string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = "if " + StepsText(l.Steps)
	}
	return strings.Join(out, "\n")
}

// StepsText writes the moves of a line as "if" takes them: separated by
// commas when a move holds a space.
func StepsText(steps []archive.Step) string {
	sep := " "
	for _, s := range steps {
		if strings.ContainsFunc(s.Move, unicode.IsSpace) {
			sep = ", "
		}
	}
	moves := make([]string, len(steps))
	for i, s := range steps {
		moves[i] = s.Move
	}
	return strings.Join(moves, sep)
}

// mergeLine adds line to the tree of lines of the player of side: a line
// that answers the same moves otherwise is replaced, a line the new one
// goes on from is replaced by it, and a line the new one only repeats the
// start of makes it change nothing. It returns the lines and how many
// were replaced.
func mergeLine(lines []archive.Condition, line archive.Condition, side engine.Player) ([]archive.Condition, int) {
	out := lines[:0:0]
	replaced, covered := 0, false
	for _, l := range lines {
		d := 0
		for d < len(l.Steps) && d < len(line.Steps) && l.Steps[d] == line.Steps[d] {
			d++
		}
		switch {
		case d == len(line.Steps):
			covered = true // the new line is the start of l (or l itself)
			out = append(out, l)
		case d == len(l.Steps):
			// The new line goes on from l: it takes l's place.
		case l.Steps[d].Seat == int(side):
			replaced++ // the same moves, another answer
		default:
			out = append(out, l) // another branch
		}
	}
	if !covered {
		out = append(out, line)
	}
	return out, replaced
}

// lineOf reads the moves of c (an "if" or a "preview if") as a line of
// steps from the position of gs: it replays them, each by who acts where
// it falls (chance included), and returns the steps and the position after
// them. The words of a move that holds spaces are found by trying the
// shortest first; commas, when the line has any, separate the moves
// instead. An illegal or unreadable move refuses the whole line, as a move
// is refused: pointing at the word, or listing the legal moves there.
func lineOf(u *work.Unit, gs *game.Game, c notation.Command, p notation.Parsed) ([]archive.Step, engine.Position, error) {
	r := newLineReader(c.Move, gs.Row.ID, gs.Info, gs.SeatName)
	if r.read(gs.Pos, 0) {
		return r.steps, r.end, nil
	}
	return nil, nil, r.refusal(c, p)
}

// newLineReader is the reader of a line of moves of a game of rules, its
// number id (0 for none): split by its commas, when it has any, else at
// every space (a move of several words is found as it is read). seatName
// names a seat for a refusal.
func newLineReader(line string, id int64, rules engine.Info, seatName func(engine.Player) string) *lineReader {
	var words []string
	if strings.Contains(line, ",") {
		for _, w := range strings.Split(line, ",") {
			if w = strings.TrimSpace(w); w != "" {
				words = append(words, w)
			}
		}
	} else {
		words = strings.Fields(line)
	}
	return &lineReader{game: id, rules: rules, seatName: seatName, words: words, budget: 5000,
		kind: "a conditional line", start: "now", nothing: "Nothing was kept of this line."}
}

// lineReader splits and replays the words of a line of moves: a
// conditional line, or the moves an exploration follows.
type lineReader struct {
	game     int64
	rules    engine.Info
	seatName func(engine.Player) string
	// anyone lets the line cross a point where several players act at
	// once (a setup), each move played by the first of them who may: the
	// explorer's line names moves, not their players. A conditional line
	// stops there.
	anyone bool
	kind   string // what the line is, for a refusal: "a conditional line"
	start  string // where the line's first move falls, for a refusal: "now"
	// nothing says, in a refusal, what was not done.
	nothing string
	// played lists the moves a refusal offers instead of the legal moves
	// (the explorer's: those its games played there); nil for none.
	played func(i int) []string

	words  []string
	budget int // plays left to try: the search ends however the words fall
	steps  []archive.Step
	at     []int // the word each step begins at
	end    engine.Position

	// The failure that got furthest: at word failAt, by whom, where.
	failAt  int
	failErr error
	failPos engine.Position
	failWho engine.Player
	failTxt string
	failDo  string // why the line cannot go on there, when no move is at fault
}

func (r *lineReader) read(pos engine.Position, i int) bool {
	if i == len(r.words) {
		r.end = pos
		return true
	}
	if pos.Result().Over() {
		r.fail(i, "the game would be over after "+r.words[i-1]+": nothing can follow it")
		return false
	}
	tm := pos.ToMove()
	if len(tm) != 1 && !r.anyone {
		r.fail(i, "the line reaches a point where several players act at once: a conditional line cannot cross it")
		return false
	}
	for k := 1; k <= min(6, len(r.words)-i) && r.budget > 0; k++ {
		r.budget--
		text := strings.Join(r.words[i:i+k], " ")
		if _, leaving := engine.ParseLeaving(text); leaving {
			r.fail(i, r.kind+" holds moves, not "+text)
			return false
		}
		for _, who := range tm {
			next, m, err := engine.Play(pos, who, text)
			if err != nil {
				var se *engine.SyntaxError
				// The shortest reading speaks for the word, unless a longer
				// one read further (a move of several words, refused).
				if i > r.failAt || i == r.failAt && r.failErr == nil && r.failDo == "" || i == r.failAt && !errors.As(err, &se) && k > 1 {
					r.failAt, r.failErr, r.failPos, r.failWho, r.failTxt, r.failDo = i, err, pos, who, text, ""
				}
				continue
			}
			r.steps = append(r.steps, archive.Step{Seat: int(who), Move: m.String()})
			r.at = append(r.at, i)
			if r.read(next, i+k) {
				return true
			}
			r.steps, r.at = r.steps[:len(r.steps)-1], r.at[:len(r.at)-1]
		}
	}
	return false
}

func (r *lineReader) fail(i int, why string) {
	if i >= r.failAt {
		r.failAt, r.failErr, r.failDo = i, nil, why
	}
}

// refusal words the furthest failure as a move's refusal does
// (reply.ExplainMove): pointing at the word, or listing the legal moves
// there.
func (r *lineReader) refusal(c notation.Command, p notation.Parsed) error {
	if r.failDo != "" {
		return reply.Refuse(r.failDo, r.nothing)
	}
	if r.failErr == nil {
		hint := "Separate its moves with commas; nothing was kept of it."
		if r.anyone {
			hint = "Separate its moves with commas."
		}
		return reply.Refuse("the line could not be read", hint)
	}
	return reply.ExplainMove(r.failErr, r.move(c, p, r.failAt, r.failTxt, r.failPos, r.failWho))
}

// wordsOf is where step i of a line read whole lies in its words:
// words[first:last].
func (r *lineReader) wordsOf(i int) (first, last int) {
	last = len(r.words)
	if i+1 < len(r.at) {
		last = r.at[i+1]
	}
	return r.at[i], last
}

// move is the move at word i of the line, read as text at pos for who, as
// a refusal speaks of it.
func (r *lineReader) move(c notation.Command, p notation.Parsed, i int, text string, pos engine.Position, who engine.Player) *reply.Move {
	after := r.start
	if i > 0 {
		after = "after " + strings.Join(r.words[:i], " ")
	}
	m := &reply.Move{Text: text, Game: r.game, Rules: r.rules, Pos: pos, Seat: who, SeatName: r.seatName(who),
		Line: p.Line, LineText: p.Text, Col: wordCol(p.Text, len(r.words), i, c.Move), After: after, Nothing: r.nothing}
	if r.played != nil {
		m.Played = r.played(i)
	}
	return m
}

// wordCol is the column (from 1) in text, the line as written, of move i
// of the n moves that end it (move, their text as the parser kept it):
// word i of the last n words, or, with commas, the start of the i-th
// part between them.
func wordCol(text string, n, i int, move string) int {
	runes := []rune(text)
	var starts []int
	for k, r := range runes {
		if !unicode.IsSpace(r) && (k == 0 || unicode.IsSpace(runes[k-1])) {
			starts = append(starts, k+1)
		}
	}
	if !strings.Contains(move, ",") {
		if j := len(starts) - n + i; j >= 0 && j < len(starts) {
			return starts[j]
		}
		return 1
	}
	first := len(starts) - len(strings.Fields(move)) // the first word of the moves
	if first < 0 || first >= len(starts) {
		return 1
	}
	col, commas := starts[first], 0
	for k := col - 1; k < len(runes) && commas < i; k++ {
		if runes[k] == ',' {
			commas++
			col = k + 2
			for col-1 < len(runes) && (unicode.IsSpace(runes[col-1]) || runes[col-1] == ',') {
				col++
			}
		}
	}
	return col
}

// previewLine answers "preview if": the board after a whole line.
func previewLine(u *work.Unit, c notation.Command, p notation.Parsed) (reply.Section, error) {
	gs, err := Named(u, c.ID)
	if err != nil {
		return reply.Section{}, err
	}
	if gs.Row.Status != archive.GameActive {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("game #%d is over", gs.Row.ID))
	}
	side := gs.Side(u.Actor)
	steps, end, err := lineOf(u, gs, c, p)
	if err != nil {
		return reply.Section{}, err
	}
	moves := 0
	for _, st := range steps {
		if st.Seat != int(engine.Chance) {
			moves++
		}
	}
	b, err := boardOf(u, gs, end, &preview{after: StepsText(steps), moves: moves})
	if err != nil {
		return reply.Section{}, err
	}
	lines := []string{}
	if side >= 0 {
		lines = append(lines, fmt.Sprintf("To keep it as conditional moves, write \"if %d %s\".", gs.Row.ID, StepsText(steps)))
	}
	return reply.Section{Title: fmt.Sprintf("preview of game #%d after %s (nothing played)", gs.Row.ID, StepsText(steps)), Board: b, Game: gs.Row.ID, Lines: lines}, nil
}

// ConditionsStatus is what status says of the actor's conditional moves
// and note in gs: lines to add under the game's, "" when none.
func ConditionsStatus(u *work.Unit, gs *game.Game) (string, error) {
	lines, err := u.Tx.Conditions(gs.Row.ID, u.Actor.ID)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for _, l := range lines {
		b.WriteString("  if " + StepsText(l.Steps) + "\n")
	}
	note, err := u.Tx.Note(gs.Row.ID, u.Actor.ID)
	if err != nil {
		return "", err
	}
	if note != "" {
		b.WriteString("  your note: " + strings.ReplaceAll(note, "\n", " / ") + "\n")
	}
	return b.String(), nil
}

// answerConditions advances every player's lines in gs past the plies
// commit just logged (mv.Plies: the move of mv.Seat and the chance that
// followed). When a line reaches the answer of a player who now
// acts, the answer is played at once (through commit again, so that it
// may in turn be answered) and the player is told instead of being told
// it is their move; answered reports it. after holds what the turn notice
// adds; a player whose lines are cleared on their turn reads it there.
func answerConditions(u *work.Unit, gs *game.Game, mv game.Moved, after *[]string) (bool, error) {
	mover, move := mv.Seat, mv.Move
	ids, err := u.Tx.ConditionPlayers(gs.Row.ID)
	if err != nil || len(ids) == 0 {
		return false, err
	}
	type answer struct {
		seat engine.Player
		move string
	}
	var ans *answer
	for _, pid := range ids {
		seat := slices.Index(gs.Row.Players, pid)
		if seat < 0 {
			continue
		}
		lines, err := u.Tx.Conditions(gs.Row.ID, pid)
		if err != nil {
			return false, err
		}
		had, done, stale := len(lines), 0, 0
		for _, m := range mv.Plies {
			next := lines[:0:0]
			for _, l := range lines {
				if l.Ply != m.Ply-1 {
					stale++ // from before a player left (R13d): its moves no longer follow
					continue
				}
				if l.Steps[0] != (archive.Step{Seat: m.Player, Move: m.Text}) {
					continue // not foreseen
				}
				if l.Steps = l.Steps[1:]; len(l.Steps) == 0 {
					done++
					continue
				}
				l.Ply = m.Ply
				next = append(next, l)
			}
			lines = next
		}
		if err := u.Tx.SetConditions(gs.Row.ID, pid, lines); err != nil {
			return false, err
		}
		p := gs.Players[seat]
		if len(lines) == 0 && had > done && stale == had-done {
			if err := tellPlayer(u, gs, p, fmt.Sprintf("Your conditional moves in game #%d are cleared: a player left the game since you gave them.", gs.Row.ID)); err != nil {
				return false, err
			}
			continue
		}
		if len(lines) == 0 && had > done {
			if tm := gs.ToMove(); len(tm) == 1 && tm[0] == engine.Player(seat) && (u.Actor == nil || u.Actor.ID != p.ID) {
				// Their turn notice says what was played; this follows it.
				*after = append(*after, fmt.Sprintf("None of your conditional moves foresaw %s: they are cleared.", move))
				continue
			}
			if err := tellPlayer(u, gs, p, fmt.Sprintf("%s played %s in game #%d, which none of your conditional moves foresaw: they are cleared.", gs.Players[mover].Name, move, gs.Row.ID)); err != nil {
				return false, err
			}
			continue
		}
		if len(lines) > 0 && lines[0].Steps[0].Seat == seat && engine.Acts(gs.Pos, engine.Player(seat)) && ans == nil {
			ans = &answer{engine.Player(seat), lines[0].Steps[0].Move}
		}
	}
	if ans == nil || gs.Row.Status != archive.GameActive {
		return false, nil
	}
	p := gs.Players[ans.seat]
	// Checked again when played: the line was legal when given, but the
	// rules are the judge now.
	answered, err := gs.Play(ans.seat, ans.move, u.Now, u.MsgID)
	var broken *game.BrokenError
	if errors.As(err, &broken) {
		return false, work.Permanent(err)
	}
	if err != nil {
		if err := u.Tx.SetConditions(gs.Row.ID, p.ID, nil); err != nil {
			return false, err
		}
		return false, tellPlayer(u, gs, p, fmt.Sprintf("Your conditional answer %s in game #%d could not be played (%v): your conditional moves there are cleared.", ans.move, gs.Row.ID, err))
	}
	line := fmt.Sprintf("%s played %s in game #%d; your conditional answer %s was played at once.", gs.Players[mover].Name, move, gs.Row.ID, answered.Move)
	if err := tellPlayer(u, gs, p, append([]string{line}, *after...)...); err != nil {
		return false, err
	}
	if err := u.Tx.AddEvent(u.Now, "conditional", gs.Row.ID, p.ID, answered.Move); err != nil {
		return false, err
	}
	return true, commit(u, gs, answered, true)
}

// answeredLine is what the player to move after a conditional answer is
// told of it (the turn notice's extra line).
func answeredLine(gs *game.Game, side engine.Player, move string) string {
	return fmt.Sprintf("%s had left %s as a conditional answer: it was played at once.", gs.Players[side].Name, move)
}
