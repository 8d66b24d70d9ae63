package accounts

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"postal/archive"
	"postal/club/reply"
	"postal/club/work"
	"postal/notation"
)

// Registration. "register NAME" from an address of no player proves
// nothing: anyone can write any From. It is completed only when the
// address proves it receives mail: postal's answer asks for a reply, and
// its reply address carries the proof (or, where a reply cannot reach the
// club, the same token as the code of "register NAME CODE"). Until then
// the address is a stranger (its answers come from the strangers' budget)
// and the name is held for a day, not taken. The reply makes the player,
// sends the welcome with the personal key, and its reply address goes on
// proving the player.

// registrationHold is how long a registration waits for its reply, holding
// its name.
const registrationHold = 24 * time.Hour

// Register answers "register" in a mail that is read: only a proven
// player's mail is read (Paid), and an address of no player registers by
// a reply (registerPending), so its sender has a name already.
func Register(u *work.Unit, p *Proof, c notation.Command) (reply.Section, error) {
	return reply.Section{}, reply.Refuse(fmt.Sprintf("%s is already registered as %s", p.From, u.Actor.Name), "One address plays under one name. Write \"status\" for your games.")
}

// registerPending answers "register NAME" from an address of no player,
// within the strangers' budget.
func registerPending(u *work.Unit, p *Proof, name string) (*Answer, error) {
	ok, err := budget(u, p, "welcome")
	if err != nil {
		return nil, err
	}
	if !ok {
		return &Answer{Outcome: "ignored: past the budget for strangers"}, keepHeaders(u, p)
	}
	from := p.From
	refusal := PlayerNameRefusal(name, u.Club.BotName())
	if refusal == nil {
		if err := nameFree(u, name, from); err != nil && !errors.As(err, &refusal) {
			return nil, err
		}
	}
	if refusal != nil {
		return &Answer{Outcome: "register: " + refusal.Title},
			plainReply(u, p, registerText(fmt.Sprintf("postal did not register this address (%s): %s. %s", from, refusal.Title, refusal.Lines[0]), "", "", ""), u.Club.Address)
	}
	// The same request again (a newcomer who thinks the first answer was
	// lost) gets the same code: a reply to either answer completes it, not
	// only to the newest (a stranger's trial replied to the first and was
	// told it was no player).
	token := archive.NewSecret(archive.TokenLen)
	if r, err := u.Tx.RegistrationOf(name, u.Now.Add(-registrationHold)); err == nil && r.Address == strings.ToLower(from) {
		token = r.Token
	} else if err != nil && !errors.Is(err, archive.ErrNotFound) {
		return nil, err
	}
	if err := u.Tx.AddRegistration(archive.Registration{Address: from, Name: name, Token: token, At: u.Now}); err != nil {
		return nil, err
	}
	text := registerText(fmt.Sprintf("postal, the correspondence games club at %s, was asked to register this address (%s) under the name %s.", u.Club.Address, from, name), name, token, u.Club.Address)
	return &Answer{Outcome: "register: waiting for the reply"}, plainReply(u, p, text, u.Club.ReplyAddress(token))
}

// registrationCodeClaims looks up the codes of "register NAME CODE" lines:
// the code of postal's answer completes the registration as a reply to it
// does, where a reply cannot reach the club (no plus-addressing).
func registrationCodeClaims(u *work.Unit, p *Proof, parsed []notation.Parsed) error {
	for _, line := range parsed {
		if line.Err != nil || line.Cmd.Verb != notation.CmdRegister || line.Cmd.Value == "" {
			continue
		}
		c, ok, err := registrationClaim(u, line.Cmd.Value)
		if err != nil {
			return err
		}
		if ok && c.reg.Name == line.Cmd.Arg {
			p.claims = append(p.claims, c)
		}
	}
	return nil
}

// nameFree refuses a name a player has, or a registration of another
// address holds.
func nameFree(u *work.Unit, name, from string) error {
	if _, err := u.Tx.PlayerByName(name); err == nil {
		return reply.Refuse(fmt.Sprintf("the name %s is taken", name), "Choose another name, and write \"register NAME\" again.")
	} else if !errors.Is(err, archive.ErrNotFound) {
		return err
	}
	r, err := u.Tx.RegistrationOf(name, u.Now.Add(-registrationHold))
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
func registrationClaim(u *work.Unit, tok string) (claim, bool, error) {
	r, err := u.Tx.RegistrationByToken(tok)
	if errors.Is(err, archive.ErrNotFound) {
		return claim{}, false, nil
	}
	return claim{kind: "register", reg: r}, err == nil, err
}

// registration returns the claim of the message that completes a
// registration: a reply from its own address to its mail. From any other
// address the token proves nothing.
func (p *Proof) registration() *claim {
	for i, c := range p.claims {
		if c.kind == "register" && c.reg.Address == p.From {
			return &p.claims[i]
		}
	}
	return nil
}

// completeRegistration makes the player of the registration c: the reply
// came from its address. Nothing else of the mail is read.
func completeRegistration(u *work.Unit, p *Proof, c *claim) (*Answer, error) {
	r, from := c.reg, p.From
	if err := u.Tx.DeleteRegistration(r.Address); err != nil {
		return nil, err
	}
	if u.Now.Sub(r.At) > registrationHold {
		return &Answer{Outcome: "register: expired", Sections: []reply.Section{{Title: "this registration has expired", Lines: []string{
			fmt.Sprintf("It waited a day for your reply, and the name %s is free again. Write \"register NAME\" in a new mail to %s to start again.", r.Name, u.Club.Address)}}}}, nil
	}
	if other, err := u.Tx.PlayerByAddress(from); err == nil {
		return &Answer{Outcome: "register: the address is a player's", Sections: []reply.Section{{Title: fmt.Sprintf("%s plays as %s already", from, other.Name), Lines: []string{"One address plays under one name. Write \"status\" for your games."}}}}, nil
	} else if !errors.Is(err, archive.ErrNotFound) {
		return nil, err
	}
	if _, err := u.Tx.PlayerByName(r.Name); err == nil {
		return &Answer{Outcome: "register: the name is taken", Sections: []reply.Section{{Title: fmt.Sprintf("the name %s is taken", r.Name), Lines: []string{"Choose another name, and write \"register NAME\" in a new mail."}}}}, nil
	} else if !errors.Is(err, archive.ErrNotFound) {
		return nil, err
	}
	key := archive.NewSecret(20)
	player, err := u.Tx.AddPlayer(r.Name, from, HashKey(key), u.Now)
	if err != nil {
		return nil, err
	}
	if err := u.Tx.AdoptToken(player.ID, r.Token, u.Now); err != nil {
		return nil, err
	}
	if err := u.Tx.AddEvent(u.Now, "register", 0, player.ID, from); err != nil {
		return nil, err
	}
	u.Actor, p.how = player, "token"
	if err := p.setProven(u); err != nil {
		return nil, err
	}
	u.Lead = append(u.Lead, fmt.Sprintf("Welcome to postal, %s: %s now plays as %s.", player.Name, from, player.Name))
	lines := []string{
		"Your personal key is below. Keep it secret. Mail from postal carries its own proof, so replies need nothing more; a fresh mail (not a reply) that changes a game must carry a line \"key " + key + "\".",
		"Start with \"games\" to see what postal plays, then \"challenge PLAYER GAME\" or \"open GAME\". Nothing else in the mail you replied with was read: send your commands in a reply to this one.",
	}
	invites, err := u.Tx.BindInvitations(from, player.ID)
	if err != nil {
		return nil, err
	}
	for _, ch := range invites {
		who, err := u.Tx.PlayerByID(ch.ChallengerID)
		if err != nil {
			return nil, err
		}
		lines = append(lines, fmt.Sprintf("%s has challenged you to %s (challenge #%d): write \"accept %d\" or \"decline %d\".", who.Name, ch.Game, ch.ID, ch.ID, ch.ID))
	}
	return &Answer{Outcome: "registered", Subject: "Welcome to postal, " + player.Name,
		Sections: []reply.Section{{Title: "registered as " + player.Name, Lines: lines, Pre: "key " + key}}}, nil
}
