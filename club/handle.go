package club

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"postal/archive"
	"postal/club/accounts"
	"postal/club/challenges"
	"postal/club/game"
	"postal/club/games"
	"postal/club/ratings"
	"postal/club/reply"
	"postal/club/tournaments"
	"postal/docs/words"
	"postal/engine"
	"postal/mailer"
	"postal/notation"
)

// handling is the work of one inbound message, inside its transaction:
// the work every writer shares (work: the transaction, the time, the actor,
// the notices), and what only a mail has: the message, its proof and the
// sections of its reply.
type handling struct {
	*job // its actor is the player whose address the From address is, once proved (club/accounts)

	in  *mailer.Inbound
	key string // what the messages row is recorded under (accounts.SeenBefore)
	msg int64  // the messages row

	// proof is what the mail has for proving its sender, and what it
	// proved: club/accounts reads and weighs it.
	proof *accounts.Proof

	tagged  int64  // the game the message is about: a game token's, or the subject's tag
	subject string // the reply's subject, when not the usual one
	final   bool   // the reply is a refusal no answer to it mends: no "How to answer"

	sections []reply.Section
	outcome  string
	ok       int // commands done, key lines aside
	refused  int // commands refused or unreadable, key lines aside
}

// from is the message's From address, lower case.
func (h *handling) from() string { return strings.ToLower(h.in.From) }

// run handles the message. Its outcome is saved with it, or the whole
// transaction fails.
func (h *handling) run() (err error) {
	in := h.in
	from := h.from()
	in.Subject = reply.Clip(in.Subject, maxSubject)
	raw, sum := accounts.Kept(h.Club, in) // what of the message is stored
	h.msg, err = h.Tx.AddMessage(archive.Message{MessageID: h.key, Digest: in.Digest, From: from, Subject: in.Subject, Received: h.Now, Outcome: "handling", Raw: raw, BodySHA256: sum, Size: in.Size})
	if err != nil {
		return err
	}
	h.proof.Row = h.msg
	h.outcome = "handled"
	defer func() {
		if err == nil {
			err = h.Tx.SetOutcome(h.msg, h.outcome)
		}
	}()
	switch {
	case h.s.isOwn(from):
		h.outcome = archive.OutcomeOwn
		return nil
	case in.NoReply != "":
		h.outcome = "ignored: " + in.NoReply
		return nil
	case from == "" || !strings.Contains(from, "@"):
		h.outcome = "ignored: no From address"
		return nil
	}
	if in.TooLarge || in.Unreadable != "" {
		return h.answer(accounts.Unreadable(h.Unit, h.proof))
	}
	if h.tagged, err = accounts.ReadTokens(h.Unit, h.proof); err != nil {
		return err
	}
	parsed, truncated, err := h.parse()
	if err != nil {
		return err
	}
	// Keys first: a key line anywhere proves the sender for every command.
	if err := accounts.ReadKeys(h.Unit, h.proof, parsed); err != nil {
		return err
	}
	// Who the mail acts for, and who pays for its answer: unless it proved
	// its sender within their rate limit, the accounts answer it.
	a, err := accounts.Prove(h.Unit, h.proof)
	if a == nil && err == nil {
		a, err = accounts.Paid(h.Unit, h.proof, parsed)
	}
	if a != nil || err != nil {
		return h.answer(a, err)
	}
	if d := h.proof.Disagree; d.Token != 0 && namesNoGame(parsed) {
		h.sections = append(h.sections, reply.Section{Title: "which game?", Lines: []string{fmt.Sprintf(
			"This mail answers a mail about game #%d, but its subject names game #%d: a command or move that names no game was done in neither.", d.Token, d.Subject)}})
	}
	seq, commands := 0, 0
	var prose []string
	for _, p := range parsed {
		seq++
		if p.Prose {
			prose = append(prose, p.Text)
			if err := h.Tx.AddCommand(h.msg, seq, p.Line, reply.Clip(p.Text, reply.MaxEcho), "not read"); err != nil {
				return err
			}
			continue
		}
		commands++
		var sec reply.Section
		if p.Err != nil {
			sec = parseErrorSection(p)
		} else {
			sec, err = h.command(p)
			if err != nil {
				return err
			}
		}
		result := "ok"
		if sec.Error {
			result = "error: " + sec.Title
		}
		text := p.Text
		if p.Err == nil && p.Cmd.Verb == notation.CmdKey && p.Cmd.Arg != "" {
			// The key is a secret: neither the commands log nor the
			// reply repeats it.
			text = "key (not repeated here)"
			sec.Command = text
		}
		switch {
		case p.Err == nil && p.Cmd.Verb == notation.CmdKey && p.Cmd.Value != "new":
			// A key line proves the sender; it is not a command the
			// player asked to be done, and the reply's count of what
			// was done and refused leaves it out.
		case sec.Error:
			h.refused++
		default:
			h.ok++
		}
		if err := h.Tx.AddCommand(h.msg, seq, p.Line, reply.Clip(text, reply.MaxEcho), result); err != nil {
			return err
		}
		h.sections = append(h.sections, reply.Bound(sec))
	}
	switch {
	case truncated:
		title := "too many lines"
		if commands >= notation.MaxCommands {
			title = "too many commands"
		}
		h.sections = append(h.sections, truncatedSection(title,
			fmt.Sprintf("postal reads at most %d commands of a mail, and %d lines besides blank and quoted ones", notation.MaxCommands, 4*notation.MaxCommands), commands, parsed))
	case in.Clipped:
		h.sections = append(h.sections, truncatedSection("too long",
			fmt.Sprintf("postal reads the first %d KB of a mail's text", mailer.MaxTextRead>>10), commands, parsed))
	}
	if err := h.endedSections(); err != nil {
		return err
	}
	if err := games.FlushNotices(h.Unit); err != nil {
		return err
	}
	if err := games.FlushRelays(h.Unit); err != nil {
		return err
	}
	h.outcome = fmt.Sprintf("handled: %d done, %d refused", h.ok, h.refused)
	if commands == 0 {
		h.Lead = append(h.Lead, "postal found no command in your mail: nothing was done.")
		h.sections = append(h.sections, reply.Section{Lines: []string{"postal reads commands in the body of a mail, one a line, and found none in yours. Write \"help\" for the list of commands."}})
		h.outcome = "no commands"
	}
	if len(prose) > 0 {
		h.sections = append(h.sections, proseSection(prose), reply.Section{Lines: []string{games.SayHint}})
	}
	return h.reply()
}

// endedSections add to the reply what the others' game-over mails say of
// each game the mail ended: its seed, now revealed, and its ratings. Each
// block is headed by the game's end ("Game #4 is over: ..."), unless the
// reply is about that game alone and its first line says it (a
// director's "remove" ends several, and dice and ratings without their
// game read as nobody's).
func (h *handling) endedSections() error {
	var blocks []reply.Section
	for _, row := range h.Ended {
		lines := games.DiceRevealed(row)
		if line, err := ratings.Line(h.Tx, row.ID); err != nil {
			return err
		} else if line != "" {
			lines = append(lines, line)
		}
		if h.Actor != nil && slices.Contains(row.Players, h.Actor.ID) { // what comes next, to a player (next.go)
			gs, err := games.Load(h.Unit, row.ID)
			if err != nil {
				return err
			}
			next, err := h.Club.Events.EndLines(h.Unit, gs, h.Actor)
			if err != nil {
				return err
			}
			lines = append(lines, next...)
		}
		blocks = append(blocks, reply.Section{Lines: lines, Game: row.ID})
	}
	sole := soleGame(append(slices.Clone(h.sections), blocks...))
	for _, b := range blocks {
		if b.Game != sole {
			gs, err := games.Load(h.Unit, b.Game)
			if err != nil {
				return err
			}
			b.Lines = append([]string{fmt.Sprintf("Game #%d is over: %s.", b.Game, gs.ResultText())}, b.Lines...)
		}
		if b.Lines != nil {
			h.sections = append(h.sections, b)
		}
	}
	return nil
}

// parseErrorSection answers a line that is not a command, pointing at the word.
func parseErrorSection(p notation.Parsed) reply.Section {
	e := p.Err
	title := e.Msg
	lines := []string{fmt.Sprintf("Line %d, column %d:", e.Line, e.Col)}
	if e.Word != "" {
		lines = []string{fmt.Sprintf("Line %d, column %d, at %q:", e.Line, e.Col, e.Word)}
	}
	return reply.Section{Command: p.Text, Error: true, Title: title, Lines: lines, Pre: reply.Caret(e.Text, e.Col)}
}

// namesNoGame reports whether a line of parsed may have meant a game
// without naming it: a command that takes a game and names none, or a
// line that is not a command (a bare move, read as one only in a reply
// about one game).
func namesNoGame(parsed []notation.Parsed) bool {
	for _, p := range parsed {
		if p.Prose || p.Err != nil || language.NeedsGame(p.Cmd) && p.Cmd.ID == 0 {
			return true
		}
	}
	return false
}

// truncatedSection says how much of a mail that passed a limit of
// postal's was read, n commands of the lines parsed, and where to go on
// from.
func truncatedSection(title, limit string, n int, parsed []notation.Parsed) reply.Section {
	last := 0
	if len(parsed) > 0 {
		last = parsed[len(parsed)-1].Line
	}
	return reply.Section{Title: title, Lines: []string{
		fmt.Sprintf("%s: it read %s, up to line %d, and nothing after.", limit, words.Plural(n, "command"), last),
		fmt.Sprintf("Send the rest, from line %d on, in another message.", last+1),
	}}
}

// maxProse is how many lines of prose a reply lists.
const maxProse = 8

// proseSection lists, once, the lines of a mail that were not read as
// commands (notation's chat-line rule), so that a player who meant one
// sees it was not.
func proseSection(lines []string) reply.Section {
	var pre []string
	for i, l := range lines {
		if i == maxProse {
			pre = append(pre, fmt.Sprintf("(and %d more)", len(lines)-maxProse))
			break
		}
		pre = append(pre, "  "+reply.Clip(l, reply.TextWidth-2))
	}
	return reply.Section{Title: "not read as commands:", Pre: strings.Join(pre, "\n")}
}

// parse reads the commands of the message. In a reply about a game, a line
// the game reads as a move (for the sender's side, or either side) is a
// move; notation's chat-line rule tells the rest from prose.
func (h *handling) parse() ([]notation.Parsed, bool, error) {
	opt, err := h.parseOptions()
	if err != nil {
		return nil, false, err
	}
	parsed, truncated := notation.ParseCommands(h.in.Text, opt)
	return parsed, truncated, nil
}

// parseOptions says how to read the message: as a reply about the game it
// is tagged with, if any.
func (h *handling) parseOptions() (notation.ParseOptions, error) {
	opt := notation.ParseOptions{Language: language, Tagged: h.tagged != 0, Tag: h.tagged}
	if h.tagged != 0 {
		gs, err := games.Load(h.Unit, h.tagged)
		switch {
		case err == nil:
			opt.Move = h.moveReader(gs)
		case !errors.Is(err, archive.ErrNotFound):
			return opt, err
		}
	}
	return opt, nil
}

// moveReader reads a line as a move of gs: for the seat of the sender
// first, then for every other seat; it returns the first seat's error.
func (h *handling) moveReader(gs *game.Game) func(string) error {
	var sides []engine.Player
	if p, err := h.Tx.PlayerByAddress(h.from()); err == nil && gs.Side(p) >= 0 {
		sides = append(sides, gs.Side(p))
	}
	for i := range gs.Players {
		if s := engine.Player(i); !slices.Contains(sides, s) {
			sides = append(sides, s)
		}
	}
	return func(line string) error {
		var first error
		for _, s := range sides {
			_, err := notation.ReadMove(gs.Pos, s, line)
			if err == nil {
				return nil
			}
			if first == nil {
				first = err
			}
		}
		return first
	}
}

// command runs one parsed command and returns its section of the reply. A
// *userError becomes a refusal; any other error aborts the whole message.
func (h *handling) command(p notation.Parsed) (reply.Section, error) {
	c := p.Cmd
	if language.NeedsGame(c) && c.ID == 0 {
		c.ID = h.tagged
	}
	sec, err := h.dispatch(c, p)
	var ue *reply.Refusal
	if errors.As(err, &ue) {
		sec := reply.Section{Command: p.Text, Error: true, Title: ue.Title, Lines: ue.Lines, Pre: ue.Pre}
		if language.NeedsGame(c) && !ue.Apart {
			sec.Game = c.ID // the refusal belongs to that game's conversation
		}
		return sec, nil
	}
	if err != nil {
		return reply.Section{}, err
	}
	sec.Command = p.Text
	return sec, nil
}

// dispatch runs c by its row of the command table: the game a reply's tag
// names when c leaves its number out, the proof a change needs, then the
// row's handler.
func (h *handling) dispatch(c notation.Command, p notation.Parsed) (reply.Section, error) {
	row := commandOf(c)
	if language.NeedsGame(c) && c.ID == 0 {
		if c.Verb == notation.CmdSay || c.Verb == notation.CmdNote {
			return reply.Section{}, games.TalkWithoutGame(c.Verb)
		}
		if d := h.proof.Disagree; d.Token != 0 {
			return reply.Section{}, reply.Refuse("which game?", fmt.Sprintf("The mail this answers and its subject name games #%d and #%d: write the game number (%s). Nothing was done.", d.Token, d.Subject, row.Usage))
		}
		return reply.Section{}, reply.Refuse("which game?", fmt.Sprintf("Write the game number: %s. A reply to a mail about a game, with its [postal #N] subject, may leave it out.", row.Usage))
	}
	need := accounts.Need{Changes: row.changes(c), Game: language.NeedsGame(c)}
	if need.Changes {
		if h.Actor == nil {
			return reply.Section{}, reply.Refuse("you are not registered", "Write \"register NAME\" first (NAME: a letter, then letters, digits, '-' or '_').")
		}
		if err := accounts.Authorize(h.Unit, h.proof, c, need); err != nil {
			return reply.Section{}, err
		}
	}
	if err := accounts.AfterGame(h.Unit, h.proof, c, need); err != nil {
		return reply.Section{}, err
	}
	return row.do(h, c, p)
}

// cancel is "cancel NAME [REASON]", a tournament's, or "cancel ID", a
// challenge's.
func (h *handling) cancel(c notation.Command) (reply.Section, error) {
	if c.CancelsEvent() {
		return tournaments.Cancel(h.Unit, c)
	}
	return challenges.Withdraw(h.Unit, c)
}

// set is "set NAME VALUE": each setting has its own answer.
func (h *handling) set(c notation.Command) (reply.Section, error) {
	switch c.Setting {
	case "tournament-news":
		return tournaments.SetNews(h.Unit, c)
	case "boards":
		return games.SetBoards(h.Unit, c)
	case "reminders":
		return games.SetReminders(h.Unit, c)
	}
	return games.SetTalk(h.Unit, c)
}
