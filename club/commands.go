package club

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"time"

	"postal/archive"
	"postal/club/clock"
	"postal/docs"
	"postal/engine"
	"postal/mailer"
	"postal/notation"
)

func (h *handling) register(c notation.Command) (section, error) {
	// Only a proven player's mail is read (budget.go), and an address of no
	// player registers by a reply (registration.go).
	return section{}, refuse(fmt.Sprintf("%s is already registered as %s", h.from(), h.actor.Name), "One address plays under one name. Write \"status\" for your games.")
}

// help answers with the list of commands (helpIndex), one section of
// docs/commands.md, or a game's description.
func (h *handling) help(topic string) (section, error) {
	doc := docs.Commands()
	if topic == "" {
		return section{Title: "postal's commands", Doc: helpIndex()}, nil
	}
	if part := helpTopic(doc, topic); part != "" {
		return section{Title: "help on " + topic, Doc: part}, nil
	}
	if _, err := engine.Lookup(topic); err == nil {
		return h.rules(topic)
	}
	var topics []string
	for _, v := range notation.Verbs {
		topics = append(topics, string(v))
	}
	return section{}, refuse(fmt.Sprintf("no help on %q", topic), "Topics: "+strings.Join(topics, ", ")+", or the name of a game (\"games\" lists them).")
}

// helpTopic returns the part of the document under the heading whose first
// word is topic ("### move ..."), up to the next heading.
func helpTopic(doc, topic string) string {
	var out []string
	in := false
	for _, line := range strings.Split(doc, "\n") {
		if strings.HasPrefix(line, "#") {
			words := strings.Fields(strings.TrimLeft(line, "#"))
			if in {
				break
			}
			in = len(words) > 0 && strings.EqualFold(strings.Trim(words[0], "`"), topic)
		}
		if in {
			out = append(out, line)
		}
	}
	return strings.TrimSpace(strings.Join(out, "\n"))
}

func (h *handling) rules(name string) (section, error) {
	g, err := engine.Lookup(name)
	if err != nil {
		return section{}, refuse(fmt.Sprintf("postal does not play %q", name), "Write \"games\" for the games postal plays.")
	}
	info := g.Info()
	lines := []string{info.Description}
	if info.Provisional != "" {
		lines = append(lines, "Provisional: "+info.Provisional)
	}
	if h.s.opt.SiteURL != "" {
		lines = append(lines, "The full rules: "+strings.TrimRight(h.s.opt.SiteURL, "/")+"/types/"+info.Name+".html")
	}
	sec := section{Title: info.Title + " (" + info.Name + ")", Lines: lines, Pre: describe(info)}
	if text, err := fs.ReadFile(docs.Rules(), info.Name+".md"); err == nil {
		sec.Doc = string(text)
	}
	return sec, nil
}

// describe lists a game's sides, rulesets and options.
func describe(info engine.Info) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Sides: %s (moves first), %s\n", info.Sides[0], info.Sides[1])
	b.WriteString("Rulesets:\n")
	for i, r := range info.Rulesets {
		def := ""
		if i == 0 {
			def = " (default)"
		}
		fmt.Fprintf(&b, "  %s%s: %s\n", r.Name, def, r.Description)
	}
	if len(info.Options) > 0 {
		b.WriteString("Options (NAME=VALUE):\n")
		for _, o := range info.Options {
			vals := ""
			if len(o.Values) > 0 {
				vals = " [" + strings.Join(o.Values, ", ") + "]"
			}
			only := ""
			if w := o.RulesetWords(); w != "" {
				only = " (" + w + ")"
			}
			fmt.Fprintf(&b, "  %s=%s%s%s: %s\n", o.Name, o.Default, vals, only, o.Description)
		}
	}
	if info.Unlisted != "" {
		fmt.Fprintf(&b, "Moves not listed by \"moves\": %s\n", info.Unlisted)
	}
	return strings.TrimRight(b.String(), "\n")
}

func (h *handling) gamesList() (section, error) {
	// A list, so that each game's description wraps under its name in the
	// text part and fits a phone's width in the HTML part.
	var b strings.Builder
	for _, g := range engine.Games() {
		info := g.Info()
		fmt.Fprintf(&b, "- %s (%s): %s\n", info.Name, info.Title, info.Description)
	}
	if b.Len() == 0 {
		b.WriteString("(none yet)")
	}
	return section{Title: "games postal plays", Doc: b.String(),
		Lines: []string{"\"rules GAME\" describes one; \"challenge PLAYER GAME\" or \"open GAME\" starts one."}}, nil
}

func (h *handling) status() (section, error) {
	if h.actor == nil {
		return section{}, refuse("you are not registered", "Write \"register NAME\" first.")
	}
	games, err := h.gamesOf(h.actor)
	if err != nil {
		return section{}, err
	}
	var b strings.Builder
	if len(games) == 0 {
		b.WriteString("No games in progress.\n")
	}
	for _, gs := range games {
		turn := h.whoMoves(gs) + " to move"
		if side := gs.side(h.actor); engine.Acts(gs.pos, side) {
			turn = "your move"
		}
		fmt.Fprintf(&b, "#%d %s, move %d: %s", gs.row.ID, gs.title(), gs.moveNumber(), turn)
		if !gs.row.Deadline.IsZero() {
			fmt.Fprintf(&b, ", %s left", left(gs.row.Deadline.Sub(h.now)))
		}
		if gs.row.DrawOffer != 0 {
			fmt.Fprintf(&b, ", %s offers a draw", gs.players[gs.row.DrawOffer-1].Name)
		}
		if len(gs.row.DrawAgreed) > 0 {
			fmt.Fprintf(&b, ", a draw needs %s", h.drawWaiting(gs))
		}
		b.WriteByte('\n')
		more, err := h.conditionsStatus(gs) // issue 26: conditional moves, note
		if err != nil {
			return section{}, err
		}
		b.WriteString(more)
	}
	chs, err := h.tx.OpenChallenges(h.actor.ID)
	if err != nil {
		return section{}, err
	}
	for _, ch := range chs {
		who, err := h.tx.PlayerByID(ch.ChallengerID)
		if err != nil {
			return section{}, err
		}
		switch {
		case ch.Seats != nil:
			b.WriteString(h.statusOfMore(ch, who) + "\n")
		case ch.ChallengerID == h.actor.ID:
			fmt.Fprintf(&b, "challenge #%d: you propose %s %s to %s\n", ch.ID, ch.Game, ch.Config, h.opponentName(ch))
		case ch.OpponentID == h.actor.ID:
			fmt.Fprintf(&b, "challenge #%d: %s challenges you to %s %s (accept %d / decline %d)\n", ch.ID, who.Name, ch.Game, ch.Config, ch.ID, ch.ID)
		default:
			fmt.Fprintf(&b, "open challenge #%d: %s proposes %s %s to anyone (accept %d)\n", ch.ID, who.Name, ch.Game, ch.Config, ch.ID)
		}
	}
	return section{Title: "status of " + h.actor.Name, Pre: strings.TrimRight(b.String(), "\n")}, nil
}

func (h *handling) opponentName(ch *archive.Challenge) string {
	if ch.Seats != nil {
		return h.seatNames(ch)
	}
	return h.seatHolder(archive.ChallengeSeat{PlayerID: ch.OpponentID, Address: ch.OpponentAddr})
}

// left writes a duration for people: "2 days 3 hours", "40 minutes".
// It rounds to the nearest hour (the nearest minute under an hour), so that
// two mails a second apart say the same: "3 days", not "3 days" and then
// "2 days 23 hours" (issue 29).
func left(d time.Duration) string {
	if d <= 0 {
		return "no time"
	}
	if d >= time.Hour {
		d = d.Round(time.Hour)
	} else {
		d = d.Round(time.Minute)
	}
	days, hours := int(d/(24*time.Hour)), int(d%(24*time.Hour)/time.Hour)
	switch {
	case days > 0 && hours > 0:
		return plural(days, "day") + " " + plural(hours, "hour")
	case days > 0:
		return plural(days, "day")
	case hours > 0:
		return plural(hours, "hour")
	}
	return plural(max(1, int(d/time.Minute)), "minute")
}

// plural writes n and the noun, in the plural unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// parseConfig reads the stored "ruleset k=v ..." text.
func parseConfig(s string, seed uint64) (engine.Config, error) {
	words := strings.Fields(s)
	cfg := engine.Config{Seed: seed}
	if len(words) > 0 && !strings.Contains(words[0], "=") {
		cfg.Ruleset, words = words[0], words[1:]
	}
	opts, err := engine.ParseOptions(words)
	cfg.Options = opts
	return cfg, err
}

func (h *handling) challenge(c notation.Command) (section, error) {
	g, err := engine.Lookup(c.Game)
	if err != nil {
		return section{}, refuse(fmt.Sprintf("postal does not play %q", c.Game), "Write \"games\" for the games postal plays.")
	}
	info := g.Info()
	var rs string
	var optWords []string
	for _, w := range c.Options {
		if strings.Contains(w, "=") {
			optWords = append(optWords, w)
		} else if rs == "" {
			rs = w
		} else {
			return section{}, refuse(fmt.Sprintf("two rulesets: %s and %s", rs, w), "Name at most one ruleset.\n"+describe(info))
		}
	}
	opts, err := engine.ParseOptions(optWords)
	if err != nil {
		return section{}, refuse(err.Error())
	}
	cfg, err := engine.Normalize(info, engine.Config{Ruleset: rs, Options: opts})
	if err != nil {
		ue := refuse(strings.TrimPrefix(err.Error(), "engine: "))
		ue.pre = describe(info)
		return section{}, ue
	}
	ctl, err := h.s.challengeControl(c.Clock)
	if err != nil {
		return section{}, refuse(strings.TrimPrefix(err.Error(), "clock: "))
	}
	if seats := info.Seats(cfg); len(seats) > 2 {
		return h.challengeOfMore(c, info, cfg, ctl)
	}
	if len(c.Others) > 0 {
		return section{}, refuse(fmt.Sprintf("%s %s is a game of two: name one opponent", info.Title, cfg.String()))
	}
	switch c.As {
	case "", "first", "second", "random":
	default:
		return section{}, refuse(fmt.Sprintf("%q is not a side of this game", c.As), fmt.Sprintf("\"as first\" plays %s, \"as second\" %s; or \"as random\".", info.Sides[0], info.Sides[1]))
	}
	ch := &archive.Challenge{ChallengerID: h.actor.ID, Game: info.Name, Config: cfg.String(), Side: c.As, Days: int(ctl.PerMove / clock.Day), Control: ctl.String(), Created: h.now}
	if ch.Side == "" {
		ch.Side = "random"
	}
	var opp *archive.Player
	if c.Verb == notation.CmdChallenge {
		if opp, ch.OpponentAddr, err = h.opponent(c.Arg); err != nil {
			return section{}, err
		}
		if opp != nil {
			ch.OpponentID = opp.ID
		}
	}
	level := c.Level
	switch {
	case opp != nil && h.s.isOwn(opp.Address) && !h.s.isBot(opp):
		return section{}, refuse(fmt.Sprintf("%s is the club's bot, and it is off", opp.Name), "Challenge a person instead; \"status\" shows your games.")
	case h.s.isBot(opp):
		if level, err = h.botChallenge(opp, level); err != nil {
			return section{}, err
		}
	case level != 0:
		return section{}, refuse("only the bot plays at a level", "Leave \"level\" out when you challenge a person.")
	}
	if err := h.tx.AddChallenge(ch); err != nil {
		return section{}, err
	}
	if err := h.markUnrated(c, ch.ID); err != nil {
		return section{}, err
	}
	if err := h.tx.AddEvent(h.now, "challenge", ch.ID, h.actor.ID, info.Name+" "+ch.Config); err != nil {
		return section{}, err
	}
	if h.s.isBot(opp) {
		return h.botAccepts(opp, ch, level)
	}
	what := fmt.Sprintf("%s (%s), %s, %s plays %s", info.Title, ch.Config, ctl.Describe(), h.actor.Name, sideText(ch.Side, info))
	if c.Unrated {
		what += ", unrated"
	}
	subject, err := h.challengeSubject(ch)
	if err != nil {
		return section{}, err
	}
	switch {
	case opp != nil:
		err = h.send(outgoing{to: opp.Address, player: opp, game: ch.ID, subject: subject, auto: "auto-generated",
			view: mailView{Intro: []string{
				fmt.Sprintf("%s challenges you to a game of %s (challenge #%d). Reply \"accept\" to play, \"decline\" to say no.", h.actor.Name, info.Title, ch.ID),
				fmt.Sprintf("The game: %s.", what)},
				Sections: []section{{Title: info.Title, Lines: []string{info.Description}, Pre: describe(info)}},
				HowTo:    []string{fmt.Sprintf("\"accept %d\" starts the game, \"decline %d\" says no; a reply to this mail may leave the number out.", ch.ID, ch.ID), "\"rules " + info.Name + "\" sends the rules."}}})
	case ch.OpponentAddr != "":
		err = h.invite(ch, info, ch.OpponentAddr, what, "")
	}
	if err != nil {
		return section{}, err
	}
	sec := section{Title: fmt.Sprintf("challenge #%d: %s", ch.ID, what), game: ch.ID}
	switch {
	case opp != nil:
		sec.Lines = []string{fmt.Sprintf("%s has been asked; the game starts when they accept. \"cancel %d\" withdraws it.", opp.Name, ch.ID)}
	case ch.OpponentAddr != "":
		sec.Lines = []string{fmt.Sprintf("%s is not registered yet and got an invitation. \"cancel %d\" withdraws it.", ch.OpponentAddr, ch.ID)}
	default:
		sec.Lines = []string{fmt.Sprintf("Anyone may accept it with \"accept %d\". \"cancel %d\" withdraws it.", ch.ID, ch.ID)}
	}
	return sec, nil
}

// invite mails address, which has no player, the invitation to challenge
// ch of info: what says the game, with the other players of a game of more
// than two ("" for two).
func (h *handling) invite(ch *archive.Challenge, info engine.Info, address, what, with string) error {
	if with != "" {
		with = ", " + with
	}
	if err := h.tx.AddInvitation(address, h.actor.ID, h.now); err != nil {
		return err
	}
	return h.send(outgoing{to: address, subject: fmt.Sprintf("[postal #%d] %s invites you to play %s", ch.ID, h.actor.Name, info.Title), auto: "auto-generated",
		view: mailView{Intro: []string{
			fmt.Sprintf("%s invites you to play %s by email with postal, a club for correspondence games%s.", h.actor.Name, info.Title, with),
			fmt.Sprintf("The game: %s.", what),
			fmt.Sprintf("To join, reply with a line \"register NAME\" (a name of your choice: a letter, then letters, digits, '-', '_' or '.'), and reply to postal's answer, which confirms that this address is yours; then \"accept %d\" plays, \"decline %d\" says no thanks.", ch.ID, ch.ID),
			"If you do not want to play, ignore this mail: postal will not write again unless someone invites you.",
		}, Sections: []section{{Title: info.Title, Lines: []string{info.Description}}}}})
}

// opponent finds the player a challenge names, by name or address: the
// player, or, for an address not registered, the address to invite.
func (h *handling) opponent(arg string) (*archive.Player, string, error) {
	var opp *archive.Player
	var err error
	if strings.Contains(arg, "@") {
		if h.s.isOwn(arg) {
			return nil, "", refuse("postal does not play against itself")
		}
		opp, err = h.tx.PlayerByAddress(arg)
		if errors.Is(err, archive.ErrNotFound) {
			return nil, arg, h.mayInvite(strings.ToLower(arg)) // strangers.go
		}
	} else if h.s.opt.Bot != nil && arg == h.s.opt.Bot.name() {
		if opp, err = h.s.botPlayer(h.tx, h.now); errors.Is(err, errBotName) {
			opp, err = h.tx.PlayerByName(arg) // a person's name, as it was before the bot
		}
	} else {
		opp, err = h.tx.PlayerByName(arg)
		if errors.Is(err, archive.ErrNotFound) {
			return nil, "", refuse(fmt.Sprintf("there is no player called %s", arg), "Challenge them by email address instead: postal will invite them.")
		}
	}
	if err != nil {
		return nil, "", err
	}
	if opp.ID == h.actor.ID {
		return nil, "", refuse("you cannot challenge yourself")
	}
	return opp, "", nil
}

func sideText(side string, info engine.Info) string {
	switch side {
	case "first":
		return info.Sides[0] + " (moves first)"
	case "second":
		return info.Sides[1]
	}
	return "a side drawn at random"
}

func (h *handling) challengeFor(id int64) (*archive.Challenge, error) {
	ch, err := h.tx.Challenge(id)
	if errors.Is(err, archive.ErrNotFound) {
		return nil, refuse(fmt.Sprintf("there is no challenge #%d", id), "Write \"status\" for your challenges.")
	}
	if err != nil {
		return nil, err
	}
	if ch.Status != archive.ChallengeOpen {
		return nil, refuse(fmt.Sprintf("challenge #%d is %s", id, ch.Status))
	}
	return ch, nil
}

// randomRead fills the seed of a new game and the draw of its sides; tests
// that pin mails replace it.
var randomRead = rand.Read

func (h *handling) accept(id int64) (section, error) {
	ch, err := h.challengeFor(id)
	if err != nil {
		return section{}, err
	}
	if ch.Seats != nil {
		return h.acceptSeat(ch)
	}
	switch {
	case ch.ChallengerID == h.actor.ID:
		return section{}, refuse("you cannot accept your own challenge", fmt.Sprintf("\"cancel %d\" withdraws it.", id))
	case ch.OpponentID != 0 && ch.OpponentID != h.actor.ID, ch.OpponentAddr != "" && ch.OpponentAddr != h.actor.Address:
		return section{}, refuse(fmt.Sprintf("challenge #%d is addressed to someone else", id))
	}
	gs, err := h.startGame(ch, h.actor)
	if err != nil {
		return section{}, err
	}
	return h.started(gs, h.actor)
}

// startGame starts the game of challenge ch, accepted by acceptor: the
// seed and the sides drawn, the chance before the first move resolved, the
// clock started. The challenger is told, unless they sent the message
// (challenging the club's bot), whose reply says it.
func (h *handling) startGame(ch *archive.Challenge, acceptor *archive.Player) (*gameState, error) {
	id := ch.ID
	var b [9]byte
	randomRead(b[:])
	seed := binary.LittleEndian.Uint64(b[:8]) >> 1 // SQLite integers are signed
	game, cfg, pos, err := startOf(ch, seed)
	if err != nil {
		return nil, err
	}
	// The side is drawn apart from the seed: who moves first is public and
	// must tell nothing about the seed.
	challengerFirst := ch.Side == "first" || ch.Side == "random" && b[8]&1 == 0
	players := []int64{ch.ChallengerID, acceptor.ID}
	if !challengerFirst {
		players = []int64{acceptor.ID, ch.ChallengerID}
	}
	gs, err := h.openGame(ch, acceptor.ID, seed, game, cfg, pos, players)
	if err != nil {
		return nil, err
	}
	row := gs.row
	challenger := gs.players[0]
	if !challengerFirst {
		challenger = gs.players[1]
	}
	if h.actor == nil || challenger.ID != h.actor.ID {
		started := fmt.Sprintf("%s accepted your challenge: game #%d has started. You play %s.", acceptor.Name, id, gs.info.Sides[gs.side(challenger)])
		if engine.Acts(gs.pos, gs.side(challenger)) {
			started += fmt.Sprintf(" Your move (move %d).", gs.moveNumber())
		}
		if err := h.gameNotice(gs, challenger, append([]string{started}, diceCommitted(row)...)); err != nil {
			return nil, err
		}
	}
	return gs, nil
}

// started is the section that tells p that game gs has started.
func (h *handling) started(gs *gameState, p *archive.Player) (section, error) {
	b, err := h.boardOf(gs, nil, "")
	if err != nil {
		return section{}, err
	}
	return section{Title: fmt.Sprintf("game #%d has started: %s", gs.row.ID, gs.title()),
		Lines: append([]string{fmt.Sprintf("You play %s.", gs.info.Sides[gs.side(p)])}, diceCommitted(gs.row)...), Board: b, game: gs.row.ID}, nil
}

// startOf makes the start position of the game challenge ch proposes,
// with seed.
func startOf(ch *archive.Challenge, seed uint64) (engine.Game, engine.Config, engine.Position, error) {
	cfg, err := parseConfig(ch.Config, seed)
	if err != nil {
		return nil, cfg, nil, permanent{err}
	}
	game, cfg, pos, err := engine.New(ch.Game, cfg)
	if err != nil {
		return nil, cfg, nil, refuse(fmt.Sprintf("challenge #%d cannot start: %v", ch.ID, err))
	}
	return game, cfg, pos, nil
}

// openGame stores the game of challenge ch, accepted by every player:
// players by seat, from pos, the start of game as configured by cfg with
// seed. The game keeps the challenge's number; the chance draws it starts
// with are made and its clock starts; the start is logged as by, the last
// to accept. It returns the game as stored.
func (h *handling) openGame(ch *archive.Challenge, by int64, seed uint64, game engine.Game, cfg engine.Config, pos engine.Position, players []int64) (*gameState, error) {
	row := &archive.Game{ID: ch.ID, Game: game.Info().Name, Config: cfg.String(), Seed: seed, Players: players,
		Status: archive.GameActive, Result: "*", DaysPerMove: ch.Days, Control: ch.Control, Created: h.now}
	row.Position, row.Ply = pos.String(), pos.Ply()
	if err := h.tx.AddGame(row); err != nil {
		return nil, err
	}
	next, err := h.resolveChance(&gameState{row: row, pos: pos}, pos)
	if err != nil {
		return nil, err
	}
	row.Position, row.Ply, row.Updated = next.String(), next.Ply(), h.now
	if err := h.startClock(&gameState{row: row, pos: next}); err != nil {
		return nil, err
	}
	if err := h.tx.UpdateGame(row); err != nil {
		return nil, err
	}
	if err := h.tx.SetChallengeStatus(ch.ID, archive.ChallengeAccepted, h.now); err != nil {
		return nil, err
	}
	if err := h.tx.AddEvent(h.now, "start", ch.ID, by, row.Config); err != nil {
		return nil, err
	}
	return h.loadGame(ch.ID)
}

// diceCommitted is what the first mails of a game with chance say about its
// dice: the commitment to the secret seed.
func diceCommitted(row *archive.Game) []string {
	c := seedCommitment(row)
	if c == "" {
		return nil
	}
	return []string{
		fmt.Sprintf("Fair dice: chance in this game draws from a secret seed, which postal reveals when the game ends. Its commitment, SHA-256 of \"postal-seed-v1:%d:SEED\", is", row.ID),
		c,
		"Keep it: with the seed, it lets anyone check that every throw was the seed's (\"help record\" says how).",
	}
}

// diceRevealed is what the mails at the end of a game with chance say about
// its dice: the seed, now public.
func diceRevealed(row *archive.Game) []string {
	c := seedCommitment(row)
	if c == "" {
		return nil
	}
	return []string{fmt.Sprintf("Fair dice: the seed of game #%d was %d, committed to at the start as %s. \"postal replay\" on the record checks both the seed and every throw.", row.ID, row.Seed, c)}
}

// withdraw declines (the challenged) or cancels (the challenger) a challenge.
func (h *handling) withdraw(c notation.Command) (section, error) {
	ch, err := h.challengeFor(c.ID)
	if err != nil {
		return section{}, err
	}
	if ch.Seats != nil {
		return h.withdrawMore(c, ch)
	}
	status, notify := archive.ChallengeDeclined, ch.ChallengerID
	if c.Verb == notation.CmdCancel {
		if ch.ChallengerID != h.actor.ID {
			return section{}, refuse(fmt.Sprintf("challenge #%d is not yours to cancel", c.ID), fmt.Sprintf("\"decline %d\" refuses a challenge made to you.", c.ID))
		}
		status, notify = archive.ChallengeCancelled, ch.OpponentID
	} else if ch.OpponentID != h.actor.ID {
		return section{}, refuse(fmt.Sprintf("challenge #%d is not addressed to you", c.ID))
	}
	if err := h.tx.SetChallengeStatus(c.ID, status, h.now); err != nil {
		return section{}, err
	}
	if err := h.tx.AddEvent(h.now, status, c.ID, h.actor.ID, ""); err != nil {
		return section{}, err
	}
	if notify != 0 {
		p, err := h.tx.PlayerByID(notify)
		if err != nil {
			return section{}, err
		}
		subject, err := h.challengeSubject(ch)
		if err != nil {
			return section{}, err
		}
		err = h.send(outgoing{to: p.Address, player: p, game: c.ID, auto: "auto-generated", subject: subject,
			view: mailView{Intro: []string{fmt.Sprintf("%s %s challenge #%d (%s): there will be no game.", h.actor.Name, status, c.ID, ch.Game)}}})
		if err != nil {
			return section{}, err
		}
	}
	return section{Title: fmt.Sprintf("challenge #%d %s", c.ID, status), game: c.ID}, nil
}

func (h *handling) record(id int64) (section, error) {
	gs, err := h.game(id)
	if err != nil {
		return section{}, err
	}
	rec, err := gameRecord(h.tx, gs.row, h.s.opt.Address, !h.s.opt.HideMessages)
	if err != nil {
		return section{}, err
	}
	text := rec.String()
	return section{Title: fmt.Sprintf("record of game #%d", id), Lines: []string{"The record is attached and below."}, Pre: text, game: id,
		attach: []mailer.Attachment{{Name: fmt.Sprintf("postal-%d.txt", id), ContentType: "text/plain; charset=utf-8", Data: []byte(text)}}}, nil
}

func recordResult(row *archive.Game) engine.Result {
	r, err := engine.ParseScore(row.Result, len(row.Players))
	if err != nil || !r.Over() {
		return engine.Result{}
	}
	r.Reason = row.Termination
	return r
}
