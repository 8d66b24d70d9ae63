package club

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"postal/archive"
	"postal/club/game"
	"postal/club/reply"
	"postal/club/work"
	"postal/engine"
	"postal/notation"
)

func (w *job) loadGame(id int64) (*game.Game, error) {
	row, err := w.Tx.GameByID(id)
	if err != nil {
		return nil, err
	}
	return w.gameOf(row)
}

// gamesOf loads every game in progress of p.
func (w *job) gamesOf(p *archive.Player) ([]*game.Game, error) {
	rows, err := w.Tx.GamesOf(p.ID)
	if err != nil {
		return nil, err
	}
	out := make([]*game.Game, len(rows))
	for i, row := range rows {
		if out[i], err = w.gameOf(row); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// gameOf loads the rest of the game of row: its engine, position, players
// and moves.
func (w *job) gameOf(row *archive.Game) (*game.Game, error) {
	id := row.ID
	g, err := engine.Lookup(row.Game)
	if err != nil {
		return nil, permanent(fmt.Errorf("club: game %d: %w", id, err))
	}
	pos, err := g.ParsePosition(row.Position)
	if err != nil {
		return nil, permanent(fmt.Errorf("club: game %d: stored position: %w", id, err))
	}
	gs := &game.Game{Row: row, Engine: g, Info: g.Info(), Pos: pos, Players: make([]*archive.Player, len(row.Players))}
	for i, pid := range row.Players {
		if gs.Players[i], err = w.Tx.PlayerByID(pid); err != nil {
			return nil, err
		}
	}
	if gs.Moves, err = w.Tx.Moves(id); err != nil {
		return nil, err
	}
	if gs.Event, err = w.eventOf(id); err != nil {
		return nil, err
	}
	return gs, nil
}

// game loads a game for a command, refusing unknown numbers.
func (h *handling) game(id int64) (*game.Game, error) {
	gs, err := h.loadGame(id)
	if errors.Is(err, archive.ErrNotFound) {
		if _, cerr := h.Tx.Challenge(id); cerr == nil {
			return nil, reply.Refuse(fmt.Sprintf("#%d is a challenge, not a game yet", id), fmt.Sprintf("It becomes a game when it is accepted: \"accept %d\".", id))
		}
		return nil, reply.Refuse(fmt.Sprintf("there is no game #%d", id), "Write \"status\" for your games.")
	}
	return gs, err
}

// myGame loads game id for a command only its players may give while it
// goes on: the game and the actor's side, or a refusal.
func (h *handling) myGame(id int64) (*game.Game, engine.Player, error) {
	gs, err := h.game(id)
	if err != nil {
		return nil, -1, err
	}
	side := gs.Side(h.Actor)
	if side < 0 {
		return nil, -1, reply.Refuse(fmt.Sprintf("you do not play in game #%d", gs.Row.ID), fmt.Sprintf("It is %s.", gs.Title()))
	}
	if gs.Row.Status != archive.GameActive {
		return nil, -1, reply.Refuse(fmt.Sprintf("game #%d is over", gs.Row.ID), "Result: "+gs.ResultText()+".")
	}
	return gs, side, nil
}

// stateLine says in one line where gs stands for p (nil: an observer): the
// first line of a mail about the game.
func (h *handling) stateLine(gs *game.Game, p *archive.Player) string {
	switch {
	case gs.Row.Status == archive.GameOver:
		return fmt.Sprintf("Game #%d is over: %s.", gs.Row.ID, gs.ResultText())
	case slices.Contains(gs.ToMove(), gs.Side(p)):
		return fmt.Sprintf("Your move in game #%d (move %d).", gs.Row.ID, gs.MoveNumber())
	}
	return fmt.Sprintf("Game #%d: %s to move (move %d).", gs.Row.ID, gs.WhoMoves(), gs.MoveNumber())
}

// chanceAfter says what chance drew after the last player's move, for a
// board: the board itself says the last move (every game's ASCII and
// picture do), so the mail says only what it does not (issue 28: say it
// once). "" when chance drew nothing since.
func (w *job) chanceAfter(gs *game.Game) string {
	k := len(gs.Moves) - 1
	for k >= 0 && gs.Moves[k].Player == int(engine.Chance) {
		k--
	}
	var chance []string
	for _, m := range gs.Moves[k+1:] {
		chance = append(chance, m.Text)
	}
	switch {
	case len(chance) == 0:
		return ""
	case k < 0:
		return fmt.Sprintf("Chance drew the setup (%d draws, in the record).", len(chance))
	case len(chance) <= 3:
		return "Then chance drew: " + strings.Join(chance, ", ") + "."
	}
	return fmt.Sprintf("Then chance drew %d times (in the record).", len(chance))
}

// boardOf draws pos (the game's own position unless given) for a mail.
// preview is a position of a game a command shows without playing it: the
// game's after the moves (their text) the preview adds, moves of the
// players among them (chance's aside).
type preview struct {
	after string
	moves int
}

func (w *job) boardOf(gs *game.Game, pos engine.Position, pv *preview) (*reply.Board, error) {
	if pos == nil {
		pos = gs.Pos
		if gs.Row.Status == archive.GameOver {
			// Ended by a resignation, the clock or agreement: the
			// board says so, not whose move it would have been.
			pos = engine.Ended(pos, gs.Result())
		}
	}
	b := &reply.Board{ASCII: pos.ASCII(), Width: 400, File: fmt.Sprintf("postal-%d-move-%d", gs.Row.ID, gs.MoveNumber()-1), Game: gs.Row.ID}
	b.Title = fmt.Sprintf("Game #%d, %s", gs.Row.ID, gs.Title())
	next := gs.MoveNumber()
	if pv != nil {
		b.Title = fmt.Sprintf("Preview of game #%d after %s (not played)", gs.Row.ID, pv.after)
		b.File += "-preview"
		next += pv.moves
	} else {
		b.Chance = w.chanceAfter(gs)
	}
	if r := pos.Result(); r.Over() || gs.Row.Status == archive.GameOver {
		// The result is said at the top of the mail, and the board says
		// it too: no third time here (issue 28).
		if pv != nil {
			b.Turn = "This move would end the game: " + r.Words(gs.Names()) + "."
		}
	} else {
		var names []string
		for _, p := range pos.ToMove() {
			names = append(names, gs.SeatName(p))
		}
		b.Turn = fmt.Sprintf("%s to move (move %d).", strings.Join(names, " and "), next)
		if pv == nil {
			b.Deadline = w.clockLine(gs)
		}
	}
	// One position ended by a resignation looks unlike itself going on.
	key := pos.String() + "\n" + pos.Result().Reason
	img := drawn(key, func() images {
		var img images
		if pic := pos.Picture(); pic != nil {
			img.alt, img.width = pic.Title, int(pic.Width)
			img.svg = pic.MinSVG()
			if png, _, err := pic.MailPNG(mailImageBytes - len(img.svg)); err == nil {
				img.png = png
			} else {
				w.s.log.Warn("club: no PNG board", "game", gs.Row.ID, "err", err)
			}
		}
		return img
	})
	b.Alt, b.SVGData, b.PNGData = img.alt, img.svg, img.png
	if img.width > 0 {
		b.Width = img.width
	}
	if b.Alt == "" {
		b.Alt = b.Title
	}
	return b, nil
}

// legalSample lists legal moves for a reply: all of them, or a sample when
// there are many.
func legalSample(gs *game.Game, pos engine.Position, p engine.Player, limit int) string {
	legal := pos.Legal(p)
	texts := make([]string, len(legal))
	for i, m := range legal {
		texts[i] = m.String()
	}
	note := ""
	if limit > 0 && len(texts) > limit {
		note = fmt.Sprintf("\n(%d legal moves; the first %d are shown. Write \"moves %d\" for all.)", len(texts), limit, gs.Row.ID)
		texts = texts[:limit]
	}
	if len(texts) == 0 {
		return "(no listed moves)"
	}
	out := columns(texts) + note
	if u := engine.Unlisted(pos, p, gs.Info); u != "" {
		out += "\nAlso allowed but not listed: " + u + "."
	}
	return out
}

// columns lays words out in rows of at most 72 characters, in columns as
// wide as the common word: the longest of the nine in ten shortest. The
// words wider than that (a long hop chain among short moves) follow the
// columns, a line each, rather than making every column as wide as they
// are (a list of a line a word).
func columns(words []string) string {
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

// moveError turns the engine's refusal of a move into a reply that points at
// the word (syntax) or lists the legal moves (illegal).
func moveError(gs *game.Game, side engine.Player, c notation.Command, p notation.Parsed, err error) error {
	var se *engine.SyntaxError
	var ie *engine.IllegalMoveError
	var nt *engine.NotYourTurnError
	switch {
	case errors.As(err, &se):
		// The move text ends the line, so its column is from the end.
		col := len([]rune(p.Text)) - len([]rune(c.Move)) + len([]rune(c.Move[:min(se.Offset, len(c.Move))])) + 1
		ue := reply.Refuse(fmt.Sprintf("%q is not a move of %s: %s", c.Move, gs.Info.Title, se.Msg),
			fmt.Sprintf("Line %d, column %d, at %q:", p.Line, col, se.Word()))
		ue.Pre = reply.Caret(p.Text, col)
		return ue
	case errors.As(err, &ie):
		ue := reply.Refuse(fmt.Sprintf("%s is not a legal move here: %s", c.Move, ie.Reason), "Nothing was played. Your legal moves:")
		ue.Pre = legalSample(gs, gs.Pos, side, 60)
		return ue
	case errors.As(err, &nt):
		return reply.Refuse(fmt.Sprintf("it is not your turn in game #%d", gs.Row.ID), "Nothing was played.")
	}
	return reply.Refuse(fmt.Sprintf("%s was refused: %v", c.Move, err), "Nothing was played.")
}

func (h *handling) move(c notation.Command, p notation.Parsed) (reply.Section, error) {
	gs, side, err := h.myGame(c.ID)
	if err != nil {
		return reply.Section{}, err
	}
	if how, ok := engine.ParseLeaving(c.Move); ok && gs.More() {
		// Leaving is a move of the record in a game of more than two, but
		// no one plays "timeout": the clock does.
		if how != engine.Resign {
			return reply.Section{}, reply.Refuse(fmt.Sprintf("%q is not a move", c.Move), "The clock takes a player out when their time runs out.")
		}
		return h.resign(gs.Row.ID)
	}
	if !engine.Acts(gs.Pos, side) {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("it is not your turn in game #%d", gs.Row.ID), fmt.Sprintf("It is move %d and %s to move. Nothing was played.", gs.MoveNumber(), gs.WhoMoves()))
	}
	if c.Guard != 0 && c.Guard != gs.MoveNumber() {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("the game is at move %d, not move %d", gs.MoveNumber(), c.Guard),
			fmt.Sprintf("Your move was written against a board that has changed since; nothing was played. \"board %d\" shows the board now.", gs.Row.ID))
	}
	next, m, err := notation.PlayMove(gs.Pos, side, c.Move)
	if err != nil {
		return reply.Section{}, moveError(gs, side, c, p, err)
	}
	if err := h.commit(gs, side, m.String(), next); err != nil {
		return reply.Section{}, err
	}
	sec := reply.Section{Title: fmt.Sprintf("%s played in game #%d", m, gs.Row.ID), Game: gs.Row.ID}
	// The confirmation of one's own move carries no board (issue 28: light
	// mail): the player has just seen it. A move that ends the game shows
	// the end, and the mail's first line says how; when it is the mover's
	// turn again (an opponent's conditional answer was played at once), the
	// board is the one to answer. "set boards all" or "none" says otherwise.
	show := gs.Row.Status == archive.GameOver || slices.Contains(gs.ToMove(), side)
	switch h.Actor.Boards {
	case "all":
		show = true
	case "none":
		show = false
	}
	if !show {
		sec.Lines = []string{fmt.Sprintf("\"board %d\" sends the board.", gs.Row.ID)}
		return sec, nil
	}
	b, err := h.boardOf(gs, nil, nil)
	if err != nil {
		return reply.Section{}, err
	}
	sec.Board = b
	return sec, nil
}

// commit logs a move (and the chance draws that follow it), stores the new
// position, and sends the notices: a turn notice to whoever moves next, or
// the game-over mail.
func (w *job) commit(gs *game.Game, side engine.Player, move string, next engine.Position) error {
	return w.commitMove(gs, side, move, next, false)
}

// commitMove is commit; answer marks a conditional answer (conditions.go),
// which the player to move next is told of.
func (w *job) commitMove(gs *game.Game, side engine.Player, move string, next engine.Position, answer bool) error {
	from := len(gs.Moves) // the plies this move logs, chance included, from here
	if err := w.addMove(gs, archive.Move{Ply: next.Ply(), Player: int(side), Text: move, MessageID: w.MsgID, At: w.Now}); err != nil {
		return err
	}
	next, err := w.resolveChance(gs, next)
	if err != nil {
		return err
	}
	gs.Pos = next
	gs.Row.Position, gs.Row.Ply, gs.Row.Updated = next.String(), next.Ply(), w.Now
	declined, err := w.declineDraw(gs, side)
	if err != nil {
		return err
	}
	w.spendClock(gs, side)
	if err := w.startTurn(gs); err != nil {
		return err
	}
	if err := w.Tx.AddEvent(w.Now, "move", gs.Row.ID, gs.Players[side].ID, move); err != nil {
		return err
	}
	if r := next.Result(); r.Over() {
		return w.finish(gs, r)
	}
	if err := w.Tx.UpdateGame(gs.Row); err != nil {
		return err
	}
	if gs.More() {
		if err := w.moveNews(gs, side, move); err != nil {
			return err
		}
	}
	var after []string
	if answer {
		after = append(after, answeredLine(gs, side, move))
	}
	// Conditional moves (issue 26): a line that foresaw this move has its
	// answer played at once, through this same path; its player is told
	// instead of getting their turn.
	answered, err := w.answerConditions(gs, side, move, from, &after)
	if err != nil {
		return err
	}
	if !answered {
		if err := w.turnNotices(gs, side, move, after, answer); err != nil {
			return err
		}
	}
	return w.tellDeclined(gs, side, declined)
}

// addMove logs a ply of gs.
func (w *job) addMove(gs *game.Game, m archive.Move) error {
	if err := w.Tx.AddMove(gs.Row.ID, m); err != nil {
		return err
	}
	gs.Moves = append(gs.Moves, m)
	return nil
}

// resolveChance draws and logs the chance outcomes pos, a position of gs,
// waits for.
func (w *job) resolveChance(gs *game.Game, pos engine.Position) (engine.Position, error) {
	next, steps, err := engine.ResolveChance(pos, gs.Row.Seed)
	if err != nil {
		return nil, permanent(err)
	}
	ply := pos.Ply()
	for _, st := range steps {
		ply++
		if err := w.addMove(gs, archive.Move{Ply: ply, Player: int(engine.Chance), Text: st.Move.String(), At: w.Now}); err != nil {
			return nil, err
		}
	}
	return next, nil
}

// turnNotices tells the players who must act now, other than the one who
// just played move (who has the reply), that it is their move: what was
// played first, then after. answer marks a conditional answer to the
// sender's move, which their reply tells them of.
func (w *job) turnNotices(gs *game.Game, mover engine.Player, move string, after []string, answer bool) error {
	for _, p := range gs.ToMove() {
		if p == mover && w.Actor != nil && w.Actor.ID == gs.Players[p].ID {
			continue
		}
		if answer && w.Actor != nil && w.Actor.ID == gs.Players[p].ID {
			// The move of the sender was answered at once: the reply says so.
			w.Lead = append(w.Lead, after...)
			continue
		}
		first := fmt.Sprintf("%s played %s in game #%d. Your move (move %d).", gs.Players[mover].Name, move, gs.Row.ID, gs.MoveNumber())
		if p == mover {
			first = fmt.Sprintf("Your move in game #%d (move %d).", gs.Row.ID, gs.MoveNumber())
		}
		if err := w.gameNotice(gs, gs.Players[p], append([]string{first}, after...)); err != nil {
			return err
		}
	}
	return nil
}

// gameNotice queues a mail to p about gs. Notices of one message to the same
// player about the same game become one mail, sent by flushNotices with the
// board as all the message's commands left it.
func (w *job) gameNotice(gs *game.Game, p *archive.Player, intro []string) error {
	for i := range w.Notices {
		if n := &w.Notices[i]; n.Game == gs.Row.ID && n.Player.ID == p.ID {
			n.Intro = append(n.Intro, intro...)
			return nil
		}
	}
	w.Notices = append(w.Notices, work.Notice{Game: gs.Row.ID, Player: p, Intro: slices.Clip(intro)})
	return nil
}

// reminderNotice queues a reminder to p about gs: a notice without the
// board, which the player has had since their turn began (issue 28: light
// mail). Merged with another notice of the same message, it has the board.
func (w *job) reminderNotice(gs *game.Game, p *archive.Player, intro []string) error {
	for i := range w.Notices {
		if n := &w.Notices[i]; n.Game == gs.Row.ID && n.Player.ID == p.ID {
			n.Intro = append(n.Intro, intro...)
			return nil
		}
	}
	w.Notices = append(w.Notices, work.Notice{Game: gs.Row.ID, Player: p, Intro: slices.Clip(intro), NoBoard: true})
	return nil
}

func (w *job) flushNotices() error {
	for _, n := range w.Notices {
		gs, err := w.loadGame(n.Game)
		if err != nil {
			return err
		}
		sec := reply.Section{Game: gs.Row.ID}
		// A reminder carries the board only for a player who asked for
		// them all; a player who wants none gets none (set boards).
		if n.Player.Boards == "none" || n.NoBoard && n.Player.Boards != "all" {
			sec.Lines = []string{fmt.Sprintf("\"board %d\" sends the board.", gs.Row.ID)}
		} else if sec.Board, err = w.boardOf(gs, nil, nil); err != nil {
			return err
		}
		subject, err := w.gameSubject(gs)
		if err != nil {
			return err
		}
		err = w.send(reply.Mail{
			To: n.Player.Address, Player: n.Player, Game: gs.Row.ID, Subject: subject,
			View: reply.View{Intro: n.Intro, Sections: []reply.Section{sec}, HowTo: w.howTo(gs, n.Player)},
			Auto: "auto-generated",
		})
		if err != nil {
			return err
		}
	}
	w.Notices = nil
	return nil
}

// finish ends a game and sends the game-over mail to both players (but not
// to the actor, whose reply says it) and to every observer.
func (w *job) finish(gs *game.Game, r engine.Result) error {
	gs.Row.Status = archive.GameOver
	gs.Row.Result = r.Score()
	gs.Row.Termination = r.Reason
	gs.Row.Finished, gs.Row.Updated = w.Now, w.Now
	gs.Row.DrawAgreed = nil
	gs.Row.Deadline, gs.Row.Paused, gs.Row.Flagged = time.Time{}, time.Time{}, time.Time{}
	if err := w.Tx.UpdateGame(gs.Row); err != nil {
		return err
	}
	if err := w.Tx.AddEvent(w.Now, "over", gs.Row.ID, 0, gs.ResultText()); err != nil {
		return err
	}
	// Every end of a game passes here: the ratings change with it (issue 25).
	if err := w.rate(gs); err != nil {
		return err
	}
	intro := append([]string{fmt.Sprintf("Game #%d is over: %s.", gs.Row.ID, gs.ResultText())}, diceRevealed(gs.Row)...)
	if line, err := w.ratingLine(gs.Row.ID); err != nil {
		return err
	} else if line != "" {
		intro = append(intro, line)
	}
	w.Ended = append(w.Ended, gs.Row)
	err := w.tellEach(gs, -1, func(p *archive.Player) ([]string, error) {
		next, err := w.endLines(gs, p) // next.go: what comes next
		return append(slices.Clip(intro), next...), err
	})
	if err != nil {
		return err
	}
	return w.eventGameOver(gs)
}

// tellAll queues intro for every player of gs but seat skip (-1: none) and
// the actor (whose reply says it), and for its observers.
func (w *job) tellAll(gs *game.Game, skip engine.Player, intro []string) error {
	return w.tellEach(gs, skip, func(*archive.Player) ([]string, error) { return intro, nil })
}

// tellEach is tellAll with the intro of each player written by intro.
func (w *job) tellEach(gs *game.Game, skip engine.Player, intro func(*archive.Player) ([]string, error)) error {
	tell := func(p *archive.Player) error {
		lines, err := intro(p)
		if err != nil {
			return err
		}
		return w.gameNotice(gs, p, lines)
	}
	for i, p := range gs.Players {
		if engine.Player(i) == skip || w.Actor != nil && p.ID == w.Actor.ID {
			continue
		}
		if err := tell(p); err != nil {
			return err
		}
	}
	obs, err := w.Tx.Observers(gs.Row.ID)
	if err != nil {
		return err
	}
	for _, id := range obs {
		p, err := w.Tx.PlayerByID(id)
		if err != nil {
			return err
		}
		if err := tell(p); err != nil {
			return err
		}
	}
	return nil
}

func (h *handling) preview(c notation.Command, p notation.Parsed) (reply.Section, error) {
	gs, err := h.game(c.ID)
	if err != nil {
		return reply.Section{}, err
	}
	side := gs.Side(h.Actor)
	if side < 0 || !engine.Acts(gs.Pos, side) {
		// Anyone may look at what the side to move could do.
		tm := gs.ToMove()
		if len(tm) == 0 {
			return reply.Section{}, reply.Refuse(fmt.Sprintf("game #%d is over", gs.Row.ID))
		}
		side = tm[0]
	}
	next, m, err := notation.PlayMove(gs.Pos, side, c.Move)
	if err != nil {
		return reply.Section{}, moveError(gs, side, c, p, err)
	}
	b, err := h.boardOf(gs, next, &preview{after: m.String(), moves: 1})
	if err != nil {
		return reply.Section{}, err
	}
	return reply.Section{Title: fmt.Sprintf("preview of %s in game #%d (nothing played)", m, gs.Row.ID), Board: b, Game: gs.Row.ID,
		Lines: []string{fmt.Sprintf("To play it, write \"move %d #%d %s\".", gs.Row.ID, gs.MoveNumber(), m)}}, nil
}

func (h *handling) moves(id int64) (reply.Section, error) {
	gs, err := h.game(id)
	if err != nil {
		return reply.Section{}, err
	}
	if gs.Row.Status != archive.GameActive {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("game #%d is over", id), "Result: "+gs.ResultText()+".")
	}
	var pre []string
	for _, p := range gs.ToMove() {
		pre = append(pre, fmt.Sprintf("%s:\n%s", gs.SeatName(p), legalSample(gs, gs.Pos, p, 0)))
	}
	return reply.Section{Title: fmt.Sprintf("legal moves in game #%d (move %d)", id, gs.MoveNumber()), Pre: strings.Join(pre, "\n\n"), Game: id}, nil
}

func (h *handling) board(id int64) (reply.Section, error) {
	gs, err := h.game(id)
	if err != nil {
		return reply.Section{}, err
	}
	b, err := h.boardOf(gs, nil, nil)
	if err != nil {
		return reply.Section{}, err
	}
	return reply.Section{Title: fmt.Sprintf("board of game #%d", id), Board: b, Game: id}, nil
}

func (h *handling) observe(c notation.Command) (reply.Section, error) {
	gs, err := h.game(c.ID)
	if err != nil {
		return reply.Section{}, err
	}
	if c.Verb == notation.CmdObserve {
		if gs.Side(h.Actor) >= 0 {
			return reply.Section{}, reply.Refuse(fmt.Sprintf("you play in game #%d", c.ID), "Players get every mail of their games already.")
		}
		if _, err := h.Tx.AddObserver(c.ID, h.Actor.ID); err != nil {
			return reply.Section{}, err
		}
		if err := h.Tx.AddEvent(h.Now, "observe", c.ID, h.Actor.ID, ""); err != nil {
			return reply.Section{}, err
		}
		b, err := h.boardOf(gs, nil, nil)
		if err != nil {
			return reply.Section{}, err
		}
		return reply.Section{Title: fmt.Sprintf("you observe game #%d", c.ID), Lines: []string{"You will get a mail when it ends. \"unobserve " + fmt.Sprint(c.ID) + "\" stops this."}, Board: b, Game: c.ID}, nil
	}
	removed, err := h.Tx.RemoveObserver(c.ID, h.Actor.ID)
	if err != nil {
		return reply.Section{}, err
	}
	if !removed {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("you do not observe game #%d", c.ID))
	}
	if err := h.Tx.AddEvent(h.Now, "unobserve", c.ID, h.Actor.ID, ""); err != nil {
		return reply.Section{}, err
	}
	return reply.Section{Title: fmt.Sprintf("you no longer observe game #%d", c.ID), Game: c.ID}, nil
}

// images are a position's pictures.
type images struct {
	alt      string
	width    int
	svg, png []byte
}

// drawnImages holds the pictures drawn lately, by position: the reply and
// the notices of one message, and the games of a club, often show the same
// position, and a sharp PNG takes a tenth of a second to draw. Pictures
// depend on nothing but the position, so any handling may share them.
var drawnImages struct {
	sync.Mutex
	m map[string]images
}

// drawn returns the pictures of the position key, drawing them the first
// time.
func drawn(key string, draw func() images) images {
	drawnImages.Lock()
	img, ok := drawnImages.m[key]
	drawnImages.Unlock()
	if ok {
		return img
	}
	img = draw()
	drawnImages.Lock()
	defer drawnImages.Unlock()
	if drawnImages.m == nil || len(drawnImages.m) >= 64 {
		drawnImages.m = map[string]images{} // forget them all: a bound, not a policy
	}
	drawnImages.m[key] = img
	return img
}

// moveNews tells the players of gs still in, other than mover (who has the
// reply) and those to move now (who get their turn), what mover played:
// news of each move.
func (w *job) moveNews(gs *game.Game, mover engine.Player, move string) error {
	line := fmt.Sprintf("%s played %s in game #%d; %s to move.", gs.SeatName(mover), move, gs.Row.ID, gs.WhoMoves())
	for i, pl := range gs.Players {
		p := engine.Player(i)
		if p == mover || !gs.StillIn(p) || slices.Contains(gs.ToMove(), p) {
			continue
		}
		// The sender hears of a conditional answer to their move (the
		// only move news they get) in their reply.
		if err := w.tellPlayer(gs, pl, line); err != nil {
			return err
		}
	}
	return nil
}
