package games

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"postal/archive"
	"postal/club/game"
	"postal/club/reply"
	"postal/club/work"
	"postal/engine"
)

// mailImageBytes bounds a board's two images in a mail, the PNG and the
// SVG together, before base64: a move mail stays under 40 KB with
// its text, HTML and headers. The PNG is drawn at twice its size
// where that fits, for phones' sharp screens (picture.MailPNG).
const mailImageBytes = 22 << 10

// HowTo is the "how to answer" list at the end of a mail to p; gs is the
// game the mail is about, or nil.
func HowTo(u *work.Unit, gs *game.Game, p *archive.Player) []string {
	if gs == nil || gs.Row.Status != archive.GameActive {
		return []string{"Write one command a line; \"help\" lists them all."}
	}
	if side := gs.Side(p); side >= 0 && !gs.StillIn(side) {
		// Out of a game of more (R13d): nothing of it is theirs to do.
		return []string{
			"You are out of this game; you will hear when it ends. \"board\" and \"record\" show it.",
			"Write one command a line; \"help\" lists them all.",
		}
	}
	move := "your move on a line of its own"
	var choices []string
	if side := gs.Side(p); side >= 0 && engine.Acts(gs.Pos, side) {
		legal := gs.Pos.Legal(side)
		if len(legal) > 0 {
			move += fmt.Sprintf(", e.g. %q", legal[0].String())
		}
		// A short choice is spelled out (an Initiative parry, a forced
		// capture): the player sees exactly what the rules allow.
		if len(legal) > 0 && len(legal) <= MaxListedMoves {
			texts := make([]string, len(legal))
			for i, m := range legal {
				texts[i] = m.String()
			}
			choices = []string{"Your legal moves: " + strings.Join(texts, ", ") + "."}
			if more := engine.Unlisted(gs.Pos, side, gs.Info); more != "" {
				choices[0] += " Also allowed: " + more + "."
			}
		}
	} else {
		move = "a command on a line of its own"
	}
	out := append(choices,
		"Reply to this mail with "+move+". Other lines of your reply are not read as commands.",
		"\"moves\" lists the legal moves, \"preview MOVE\" shows the board after one.",
		"\"resign\", \"draw\" (offer or accept), \"board\", \"record\".",
	)
	if note := noteLine(u, gs, p); note != "" {
		out = append(out, note)
	}
	return out
}

// MaxListedMoves is the most legal moves a game mail spells out.
const MaxListedMoves = 24

// noteLine is the footer line of a mail to p about gs that shows p's note,
// "" when none.
func noteLine(u *work.Unit, gs *game.Game, p *archive.Player) string {
	if gs == nil || p == nil {
		return ""
	}
	note, err := u.Tx.Note(gs.Row.ID, p.ID)
	if err != nil {
		u.Club.Log.Warn("club: note", "game", gs.Row.ID, "err", err)
		return ""
	}
	if note == "" {
		return ""
	}
	return "Your note (only you see it): " + strings.ReplaceAll(note, "\n", " / ")
}

// StateLine says in one line where gs stands for p (nil: an observer): the
// first line of a mail about the game.
func StateLine(gs *game.Game, p *archive.Player) string {
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
// picture do), so the mail says only what it does not (say it
// once). "" when chance drew nothing since.
func chanceAfter(gs *game.Game) string {
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

// BoardOf draws the board of gs as it stands for a mail.
func BoardOf(u *work.Unit, gs *game.Game) (*reply.Board, error) { return boardOf(u, gs, nil, nil) }

// preview is a position of a game a command shows without playing it: the
// game's after the moves (their text) the preview adds, moves of the
// players among them (chance's aside).
type preview struct {
	after string
	moves int
}

// boardOf draws pos (the game's own position unless given; pv says what
// it previews, if it does) for a mail.
func boardOf(u *work.Unit, gs *game.Game, pos engine.Position, pv *preview) (*reply.Board, error) {
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
		b.Chance = chanceAfter(gs)
	}
	if r := pos.Result(); r.Over() || gs.Row.Status == archive.GameOver {
		// The result is said at the top of the mail, and the board says
		// it too: no third time here.
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
			b.Deadline = clockLine(u, gs)
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
				u.Club.Log.Warn("club: no PNG board", "game", gs.Row.ID, "err", err)
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

// images are a position's pictures.
type images struct {
	alt      string
	width    int
	svg, png []byte
}

// drawnImages holds the pictures drawn lately, by position: the reply and
// the notices of one message, and the games of a club, often show the same
// position, and a sharp PNG takes a tenth of a second to draw. Pictures
// depend on nothing but the position, so every unit of work may share them.
var drawnImages struct {
	sync.Mutex
	m map[string]images
}

// renders counts the positions drawn as pictures (Renders).
var renders atomic.Int64

// Renders is how many positions have been drawn as pictures so far: the
// benchmarks report it by move, each position being drawn once whoever
// shows it.
func Renders() int64 { return renders.Load() }

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
	renders.Add(1)
	drawnImages.Lock()
	defer drawnImages.Unlock()
	if drawnImages.m == nil || len(drawnImages.m) >= 64 {
		drawnImages.m = map[string]images{} // forget them all: a bound, not a policy
	}
	drawnImages.m[key] = img
	return img
}
