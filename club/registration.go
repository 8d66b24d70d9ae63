package club

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"postal/archive"
	"postal/club/accounts"
	"postal/club/reply"
	"postal/notation"
)

// Registration (issue 32). "register NAME" from an address of no player
// proves nothing: anyone can write any From. It is completed only when the
// address proves it receives mail: postal's answer asks for a reply, and
// its reply address carries the proof. Until then the address is a
// stranger (its answers come from the strangers' budget) and the name is
// held for a day, not taken. The reply makes the player, sends the welcome
// with the personal key, and its reply address goes on proving the player.

// registrationHold is how long a registration waits for its reply, holding
// its name.
const registrationHold = 24 * time.Hour

// registerPending answers "register NAME" from an address of no player,
// within the strangers' budget.
func (h *handling) registerPending(name string) error {
	ok, err := h.budget("welcome")
	if err != nil {
		return err
	}
	if !ok {
		h.outcome = "ignored: past the budget for strangers"
		return h.keepHeaders()
	}
	from := h.from()
	refusal := accounts.PlayerNameRefusal(name, h.Club.BotName)
	if refusal == nil {
		if err := h.nameFree(name, from); err != nil && !errors.As(err, &refusal) {
			return err
		}
	}
	if refusal != nil {
		h.outcome = "register: " + refusal.Title
		return h.plainReply(registerText(fmt.Sprintf("postal did not register this address (%s): %s. %s", from, refusal.Title, refusal.Lines[0]), "", "", ""), h.s.opt.Address)
	}
	// The same request again (a newcomer who thinks the first answer was
	// lost) gets the same code: a reply to either answer completes it, not
	// only to the newest (a stranger's trial replied to the first and was
	// told it was no player).
	token := archive.NewSecret(16)
	if r, err := h.Tx.RegistrationOf(name, h.Now.Add(-registrationHold)); err == nil && r.Address == strings.ToLower(from) {
		token = r.Token
	} else if err != nil && !errors.Is(err, archive.ErrNotFound) {
		return err
	}
	if err := h.Tx.AddRegistration(archive.Registration{Address: from, Name: name, Token: token, At: h.Now}); err != nil {
		return err
	}
	h.outcome = "register: waiting for the reply"
	text := registerText(fmt.Sprintf("postal, the correspondence games club at %s, was asked to register this address (%s) under the name %s.", h.s.opt.Address, from, name), name, token, h.s.opt.Address)
	return h.plainReply(text, h.s.local+h.s.opt.TokenSeparator+token+"@"+h.s.host)
}

// registrationCodeClaims looks up the codes of "register NAME CODE" lines:
// the code of postal's answer completes the registration as a reply to it
// does, where a reply cannot reach the club (no plus-addressing).
func (h *handling) registrationCodeClaims(parsed []notation.Parsed) error {
	for _, p := range parsed {
		if p.Err != nil || p.Cmd.Verb != notation.CmdRegister || p.Cmd.Value == "" {
			continue
		}
		c, ok, err := h.registrationClaim(p.Cmd.Value)
		if err != nil {
			return err
		}
		if ok && c.reg.Name == p.Cmd.Arg {
			h.claims = append(h.claims, c)
		}
	}
	return nil
}

// nameFree refuses a name a player has, or a registration of another
// address holds.
func (h *handling) nameFree(name, from string) error {
	if _, err := h.Tx.PlayerByName(name); err == nil {
		return reply.Refuse(fmt.Sprintf("the name %s is taken", name), "Choose another name, and write \"register NAME\" again.")
	} else if !errors.Is(err, archive.ErrNotFound) {
		return err
	}
	r, err := h.Tx.RegistrationOf(name, h.Now.Add(-registrationHold))
	if errors.Is(err, archive.ErrNotFound) || err == nil && r.Address == from {
		return nil
	}
	if err != nil {
		return err
	}
	return reply.Refuse(fmt.Sprintf("the name %s is held for another address", name), "Someone asked for it less than a day ago and has not confirmed yet. Choose another name, and write \"register NAME\" again.")
}

// registerText is the answer to "register NAME", within 78 columns: first
// what happened; with name set, the request for a reply, and the code to
// write to the club where a reply cannot reach it.
func registerText(first, name, code, club string) string {
	text := wrap(first) + "\n\n"
	if name != "" {
		text += wrap("To become "+name+", reply to this mail: what you write does not matter, the reply itself proves that this address is yours. postal then sends your welcome, with your personal key. The name is held for you for a day.") + "\n\n" +
			wrap("If your reply cannot reach postal, write a new mail to "+club+" from this address with this line instead:") + "\n\n" +
			"    register " + name + " " + code + "\n\n" +
			wrap("If you did not ask for this, ignore this mail: nothing is registered, and the name is free again tomorrow.") + "\n"
		return text
	}
	return text + wrap("If you did not write to postal, someone used your address: ignore this mail.") + "\n"
}

// registrationClaim is the claim of a token that a registration's mail
// carried, when tok is one.
func (h *handling) registrationClaim(tok string) (claim, bool, error) {
	r, err := h.Tx.RegistrationByToken(tok)
	if errors.Is(err, archive.ErrNotFound) {
		return claim{}, false, nil
	}
	return claim{kind: "register", reg: r}, err == nil, err
}

// registration returns the claim of the message that completes a
// registration: a reply from its own address to its mail. From any other
// address the token proves nothing.
func (h *handling) registration() *claim {
	for i, c := range h.claims {
		if c.kind == "register" && c.reg.Address == h.from() {
			return &h.claims[i]
		}
	}
	return nil
}

// completeRegistration makes the player of the registration c: the reply
// came from its address. Nothing else of the mail is read.
func (h *handling) completeRegistration(c *claim) error {
	r, from := c.reg, h.from()
	h.tagged = 0
	if err := h.Tx.DeleteRegistration(r.Address); err != nil {
		return err
	}
	if h.Now.Sub(r.At) > registrationHold {
		h.outcome = "register: expired"
		h.sections = append(h.sections, reply.Section{Title: "this registration has expired", Lines: []string{
			fmt.Sprintf("It waited a day for your reply, and the name %s is free again. Write \"register NAME\" in a new mail to %s to start again.", r.Name, h.s.opt.Address)}})
		return nil
	}
	if p, err := h.Tx.PlayerByAddress(from); err == nil {
		h.outcome = "register: the address is a player's"
		h.sections = append(h.sections, reply.Section{Title: fmt.Sprintf("%s plays as %s already", from, p.Name), Lines: []string{"One address plays under one name. Write \"status\" for your games."}})
		return nil
	} else if !errors.Is(err, archive.ErrNotFound) {
		return err
	}
	if _, err := h.Tx.PlayerByName(r.Name); err == nil {
		h.outcome = "register: the name is taken"
		h.sections = append(h.sections, reply.Section{Title: fmt.Sprintf("the name %s is taken", r.Name), Lines: []string{"Choose another name, and write \"register NAME\" in a new mail."}})
		return nil
	} else if !errors.Is(err, archive.ErrNotFound) {
		return err
	}
	key := archive.NewSecret(20)
	p, err := h.Tx.AddPlayer(r.Name, from, accounts.HashKey(key), h.Now)
	if err != nil {
		return err
	}
	if err := h.Tx.AdoptToken(p.ID, r.Token, h.Now); err != nil {
		return err
	}
	if err := h.Tx.AddEvent(h.Now, "register", 0, p.ID, from); err != nil {
		return err
	}
	h.Actor, h.proof = p, "token"
	h.outcome = "registered"
	h.subject = "Welcome to postal, " + p.Name
	h.Lead = append(h.Lead, fmt.Sprintf("Welcome to postal, %s: %s now plays as %s.", p.Name, from, p.Name))
	lines := []string{
		"Your personal key is below. Keep it secret. Mail from postal carries its own proof, so replies need nothing more; a fresh mail (not a reply) that changes a game must carry a line \"key " + key + "\".",
		"Start with \"games\" to see what postal plays, then \"challenge PLAYER GAME\" or \"open GAME\". Nothing else in the mail you replied with was read: send your commands in a reply to this one.",
	}
	invites, err := h.Tx.BindInvitations(from, p.ID)
	if err != nil {
		return err
	}
	for _, ch := range invites {
		who, err := h.Tx.PlayerByID(ch.ChallengerID)
		if err != nil {
			return err
		}
		lines = append(lines, fmt.Sprintf("%s has challenged you to %s (challenge #%d): write \"accept %d\" or \"decline %d\".", who.Name, ch.Game, ch.ID, ch.ID, ch.ID))
	}
	h.sections = append(h.sections, reply.Section{Title: "registered as " + p.Name, Lines: lines, Pre: "key " + key})
	return nil
}
