package club

import (
	"errors"
	"fmt"
	"strconv"

	"postal/archive"
	"postal/notation"
)

// How a message proves its sender (issue 15). A From address names a player
// but proves nothing: anyone can write it. A proof counts only when the From
// address is one of its owner's: the registered address or one the player
// added and confirmed ("address add"). Then
//
//   - the personal key ("key KEY"), the account's reply token (the
//     plus-address of a mail about no game) and a DKIM pass reported by the
//     club's own server prove the player for every command;
//   - the reply token of a mail about a game or challenge proves the player
//     for that game only, and only while it goes on.
//
// A token or key of someone else changes nothing: the whole message is
// refused with a plain answer that says nothing about the proof, and its
// owner is told once per offending address and kind (proof_misuse).

// claim is one proof a message carries: a token of its recipients or a key
// line of its body.
type claim struct {
	kind  string          // "token", "key" or "confirm" (an address confirmation token)
	owner *archive.Player // whose proof it is
	game  int64           // token: the game or challenge it was given for; 0 for the account
	addr  *archive.Address
}

// misuseKind is the kind of proof the owner is told about.
func (c claim) misuseKind() string {
	if c.kind == "key" {
		return "key"
	}
	return "token"
}

// tokenClaims looks up the tokens the message was sent to and sets the game
// the message is about: the game of a game token, else the subject's tag.
func (h *handling) tokenClaims() error {
	for _, tok := range h.s.tokens(h.in.Recipients) {
		pid, gid, err := h.tx.TokenOwner(tok)
		kind := "token"
		var addr *archive.Address
		if errors.Is(err, archive.ErrNotFound) {
			if addr, err = h.tx.AddressByToken(tok); errors.Is(err, archive.ErrNotFound) {
				continue // not ours, or long gone: the mail proves nothing
			}
			kind, pid = "confirm", addr.PlayerID
		}
		if err != nil {
			return err
		}
		p, err := h.tx.PlayerByID(pid)
		if err != nil {
			return err
		}
		h.claims = append(h.claims, claim{kind: kind, owner: p, game: gid, addr: addr})
	}
	for _, c := range h.claims {
		if c.kind == "token" && c.game != 0 {
			h.tagged = c.game
			return nil
		}
	}
	if m := tagRE.FindStringSubmatch(h.in.Subject); m != nil {
		h.tagged, _ = strconv.ParseInt(m[1], 10, 64)
	}
	return nil
}

// keyClaims looks up the key lines of the message.
func (h *handling) keyClaims(parsed []notation.Parsed) error {
	for _, p := range parsed {
		if p.Err != nil || p.Cmd.Verb != notation.CmdKey || p.Cmd.Arg == "" {
			continue
		}
		owner, err := h.tx.PlayerByKeyHash(hashKey(p.Cmd.Arg))
		if errors.Is(err, archive.ErrNotFound) {
			continue // the key command answers that it is not valid
		}
		if err != nil {
			return err
		}
		h.claims = append(h.claims, claim{kind: "key", owner: owner})
	}
	return nil
}

// prove decides who the message acts for and what it proves, from its
// claims and its From address. done reports that the message has been
// answered already: a proof of someone else refused it, or it confirmed an
// address; its commands are then not read.
func (h *handling) prove() (done bool, err error) {
	from := h.from()
	sender, err := h.tx.PlayerByAddress(from)
	if errors.Is(err, archive.ErrNotFound) {
		sender, err = nil, nil
	}
	if err != nil {
		return false, err
	}
	var foreign []claim
	var confirm *claim
	for i, c := range h.claims {
		switch {
		case c.kind == "confirm" && c.addr.Address == from:
			confirm = &h.claims[i]
		case c.kind != "confirm" && sender != nil && sender.ID == c.owner.ID:
		default:
			foreign = append(foreign, c)
		}
	}
	if len(foreign) > 0 {
		return true, h.refuseForeign(foreign)
	}
	if confirm != nil {
		return true, h.confirmAddress(confirm)
	}
	h.actor = sender
	if sender == nil {
		return false, nil
	}
	for _, c := range h.claims {
		switch {
		case c.kind == "key":
			h.proof, h.proofGame = "key", 0
			h.keyOK = true
			return false, nil
		case c.game == 0:
			h.proof, h.proofGame = "token", 0
		case h.proof == "":
			h.proof, h.proofGame = "token", c.game
		}
	}
	if h.proof == "token" && h.proofGame == 0 {
		return false, nil
	}
	if authPass(h.s.opt.AuthServID, h.in.AuthResults, from) {
		h.proof, h.proofGame = "dkim", 0
		return false, nil
	}
	if h.proofGame != 0 {
		h.proofLive, err = h.live(h.proofGame)
	}
	return false, err
}

// live reports whether game or challenge id still goes on: an active game,
// or an open challenge not yet a game.
func (h *handling) live(id int64) (bool, error) {
	g, err := h.tx.GameByID(id)
	if err == nil {
		return g.Status == archive.GameActive, nil
	}
	if !errors.Is(err, archive.ErrNotFound) {
		return false, err
	}
	ch, err := h.tx.Challenge(id)
	if errors.Is(err, archive.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return ch.Status == archive.ChallengeOpen, nil
}

// authorize refuses a command that changes something unless the message
// proved its sender for it.
func (h *handling) authorize(c notation.Command) error {
	name := h.actor.Name
	switch {
	case h.proof == "":
		return refuse("postal cannot tell that this mail comes from "+name,
			"This command changes a game or your account, and a From address proves nothing: anyone can write it. Nothing was changed.",
			"Reply to a mail from postal, keeping its reply address, or add a line \"key YOUR-KEY\" with the personal key postal sent you when you registered.")
	case h.proofGame == 0:
		return nil
	case c.Account():
		return refuse(fmt.Sprintf("a reply about #%d cannot do %q", h.proofGame, c.Verb),
			fmt.Sprintf("The reply address of a mail about game or challenge #%d proves who you are for #%d only, and %q acts on your account. Nothing was changed.", h.proofGame, h.proofGame, c.Verb),
			"Reply to a mail from postal about no game (write \"status\" for one), or add a line \"key YOUR-KEY\".")
	case !h.proofLive:
		return refuse(fmt.Sprintf("#%d is over: a reply to its mails changes nothing", h.proofGame),
			"Nothing was changed. For another game, reply to a mail about that game, or add a line \"key YOUR-KEY\".")
	case c.ID != h.proofGame:
		return refuse(fmt.Sprintf("a reply about #%d cannot act on #%d", h.proofGame, c.ID),
			fmt.Sprintf("The reply address of a mail about #%d proves who you are for #%d only. Nothing was changed. Reply to a mail about #%d, or add a line \"key YOUR-KEY\".", h.proofGame, h.proofGame, c.ID))
	}
	return nil
}

// refuseForeign answers a message that carries someone else's proof: the
// sender learns only that nothing was done, each owner is told once per
// address and kind.
func (h *handling) refuseForeign(foreign []claim) error {
	from := h.from()
	// The answer repeats nothing of the mail, not even its subject.
	h.actor, h.tagged, h.subject = nil, 0, "postal: your mail was not accepted"
	h.outcome = "refused: another player's proof"
	told := map[string]bool{}
	for _, c := range foreign {
		kind := c.misuseKind()
		key := strconv.FormatInt(c.owner.ID, 10) + " " + kind
		if told[key] {
			continue
		}
		told[key] = true
		if err := h.tx.AddEvent(h.now, "proof-misuse", c.game, c.owner.ID, kind+" from "+from); err != nil {
			return err
		}
		first, err := h.tx.NoteMisuse(c.owner.ID, from, kind, h.now)
		if err != nil {
			return err
		}
		if first {
			if err := h.tellOwner(c.owner, from, kind); err != nil {
				return err
			}
		}
	}
	h.sections = append(h.sections, section{Title: "postal did nothing with this mail", Lines: []string{
		"It came from " + from + " with a proof of identity that postal gave to someone else. A reply address or a personal key counts only in mail from its owner's own addresses, so not one line of this mail was read.",
		"To play, write to " + h.s.opt.Address + " from your own address (\"help\" explains how), or reply to a mail postal sent you.",
	}})
	return nil
}

// tellOwner tells p that their proof of kind came from address.
func (h *handling) tellOwner(p *archive.Player, address, kind string) error {
	intro := []string{
		fmt.Sprintf("A mail from %s reached postal with the secret reply address of a mail postal sent you (or sent to an address you added). postal did nothing with it, and told the sender only that it was not accepted.", address),
		fmt.Sprintf("A reply address counts only in mail from your own addresses. If %s is yours, add it with \"address add %s\". If it is not, someone has seen a mail of yours (a forward, a copy, a reply to all): no harm was done, but keep postal's mails to yourself.", address, address),
	}
	if kind == "key" {
		intro = []string{
			fmt.Sprintf("A mail from %s carried your personal key. postal did nothing with it, and told the sender only that it was not accepted.", address),
			"Someone knows your key. Write \"key new\" to retire it and get a new one.",
		}
	}
	what := "reply address"
	if kind == "key" {
		what = "personal key"
	}
	intro = append(intro, fmt.Sprintf("postal tells you this once: later mails from %s with your %s are refused the same way, without a word to you.", address, what))
	return h.send(outgoing{to: p.Address, player: p, auto: "auto-generated",
		subject: "postal: your " + what + " was used from " + address,
		view:    mailView{Intro: intro}})
}
