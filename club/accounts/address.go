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

// A player's addresses: the one they registered with, and up to
// maxAddresses more, each added by "address add" and confirmed by a reply
// from it to the club's confirmation mail. Mail from any of them counts as
// the player's when it proves itself; removing one retires what went to it.

// maxAddresses is how many addresses a player may add besides the one they
// registered with, pending ones included: each "address add" mails an
// address the club does not know, so it is bounded.
const maxAddresses = 5

// Confirmation mails go to addresses that are no player's, which anyone
// can name: an address gets one a month (confirmationQuiet) whoever asks,
// so that an address that ignored one is not written to again; a player
// has ConfirmationsPerDay sent a day; and they count in the club's cap an
// hour for mail to such addresses (the strangers' budget, kind "confirm").
const (
	ConfirmationsPerDay = 3
	confirmationQuiet   = 30 * 24 * time.Hour
)

// Address lists, adds or removes the actor's addresses: "address",
// "address add ADDRESS", "address remove ADDRESS".
func Address(u *work.Unit, p *Proof, c notation.Command) (reply.Section, error) {
	if u.Actor == nil {
		return reply.Section{}, reply.Refuse("you are not registered", "Write \"register NAME\" first.")
	}
	switch c.Setting {
	case "add":
		return addAddress(u, c.Arg)
	case "remove":
		return removeAddress(u, p, c.Arg)
	}
	addrs, err := u.Tx.Addresses(u.Actor.ID)
	if err != nil {
		return reply.Section{}, err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s (registered)\n", u.Actor.Address)
	for _, a := range addrs {
		if a.Pending() {
			fmt.Fprintf(&b, "%s (waiting for the reply to its confirmation mail)\n", a.Address)
		} else {
			fmt.Fprintf(&b, "%s (confirmed %s)\n", a.Address, a.Confirmed.Format("2006-01-02"))
		}
	}
	return reply.Section{Title: "addresses of " + u.Actor.Name, Pre: strings.TrimRight(b.String(), "\n"),
		Lines: []string{"Mail from any of them counts as yours when it proves itself. \"address add ADDRESS\" adds one, \"address remove ADDRESS\" removes one."}}, nil
}

// addAddress adds addr to the actor's addresses, pending, and mails it
// the confirmation to reply to.
func addAddress(u *work.Unit, addr string) (reply.Section, error) {
	p := u.Actor
	if u.Club.IsOwn(addr) {
		return reply.Section{}, reply.Refuse("postal's own address cannot be yours")
	}
	switch owner, err := u.Tx.PlayerByAddress(addr); {
	case err == nil && owner.ID == p.ID:
		return reply.Section{}, reply.Refuse(addr+" is already your address", "\"address\" lists your addresses.")
	case err == nil:
		return reply.Section{}, reply.Refuse(addr+" belongs to another player", "An address plays for one player only.")
	case !errors.Is(err, archive.ErrNotFound):
		return reply.Section{}, err
	}
	// name+detail@host is delivered to name@host's mailbox by most servers:
	// the confirmation mail would ask another player to vouch for the actor,
	// and a mail client that answers from the address a mail came to would
	// give it. The actor's own +details are theirs to add.
	if base := withoutDetail(addr); base != addr {
		switch owner, err := u.Tx.PlayerByAddress(base); {
		case err == nil && owner.ID != p.ID:
			return reply.Section{}, reply.Refuse(addr+" belongs to another player", "It is a +address of "+base+", another player's mailbox: an address plays for one player only.")
		case err != nil && !errors.Is(err, archive.ErrNotFound):
			return reply.Section{}, err
		}
	}
	addrs, err := u.Tx.Addresses(p.ID)
	if err != nil {
		return reply.Section{}, err
	}
	again := false
	for _, a := range addrs {
		again = again || a.Address == addr
	}
	if !again && len(addrs) >= maxAddresses {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("you have %d addresses already", len(addrs)+1), fmt.Sprintf("postal keeps at most %d besides the one you registered with; \"address remove ADDRESS\" makes room.", maxAddresses))
	}
	if err := mayConfirm(u, addr); err != nil {
		return reply.Section{}, err
	}
	token := archive.NewSecret(archive.TokenLen)
	if err := u.Tx.AddAddress(p.ID, addr, token, u.Now); err != nil {
		return reply.Section{}, err
	}
	if err := u.Tx.AddEvent(u.Now, "address-add", 0, p.ID, addr); err != nil {
		return reply.Section{}, err
	}
	err = u.Send(reply.Mail{To: addr, ReplyToken: token, Auto: "auto-generated",
		Subject: fmt.Sprintf("postal: is %s an address of %s?", addr, p.Name),
		View: reply.View{Intro: []string{
			fmt.Sprintf("%s asked postal, the correspondence games club at %s, to add this address (%s) to their account. Mail from it would then count as %s's.", p.Name, u.Club.Address, addr, p.Name),
			"If you are " + p.Name + " and this address is yours, reply to this mail. What you write does not matter: the reply itself confirms the address, and nothing in it is read.",
			"If not, ignore this mail: nothing changes, and postal will not write to this address again unless asked.",
		}}})
	if err != nil {
		return reply.Section{}, err
	}
	return reply.Section{Title: "confirmation mail sent to " + addr, Lines: []string{
		fmt.Sprintf("%s counts as yours once a reply from it to that mail arrives. \"address remove %s\" withdraws it.", addr, addr)}}, nil
}

// mayConfirm refuses a confirmation mail to addr past its bounds, and
// counts it when it goes.
func mayConfirm(u *work.Unit, addr string) error {
	if n, err := u.Tx.StrangerReplies(addr, "confirm", u.Now.Add(-confirmationQuiet)); err != nil {
		return err
	} else if n > 0 {
		return reply.Refuse(fmt.Sprintf("a confirmation mail went to %s less than a month ago", addr),
			"postal writes to an address that is no player's once a month at most: nothing was sent. If the address is yours, reply to that mail; it counts as long as it waits (\"address\" lists what waits). Otherwise postal does not write to it again this month.")
	}
	if n, err := u.Tx.EventsBy(u.Actor.ID, "address-add", u.Now.Add(-24*time.Hour)); err != nil {
		return err
	} else if n >= ConfirmationsPerDay {
		return reply.Refuse(fmt.Sprintf("postal sends at most %d confirmation mails a day for one player", ConfirmationsPerDay),
			fmt.Sprintf("Nothing was sent to %s. Add it again tomorrow.", addr))
	}
	if spent, err := capSpent(u, "confirm"); err != nil {
		return err
	} else if spent {
		return reply.Refuse("postal has written to as many new addresses as it may this hour",
			fmt.Sprintf("Nothing was sent to %s: mail to addresses that are no player's is capped, so that no one can have postal write to others at will. Add it again in an hour.", addr))
	}
	return u.Tx.AddStrangerReply(addr, "confirm", u.Now)
}

// removeAddress ends what addr could do for the actor: mail from it no
// longer counts as theirs; the reply addresses of every mail postal sent
// them are retired, since mail to addr carried them; and the personal key,
// when it was last mailed to addr, is replaced.
func removeAddress(u *work.Unit, p *Proof, addr string) (reply.Section, error) {
	player := u.Actor
	if addr == player.Address {
		return reply.Section{}, reply.Refuse(addr+" is the address you registered with", "It stays yours; \"address remove\" removes only addresses you added.")
	}
	if addr == p.From {
		return reply.Section{}, reply.Refuse(addr+" is the address this mail comes from", "Remove it in a mail from another of your addresses: the answer carries new reply addresses, and must not go to the address you remove.")
	}
	addrs, err := u.Tx.Addresses(player.ID)
	if err != nil {
		return reply.Section{}, err
	}
	confirmed := false
	for _, a := range addrs {
		confirmed = confirmed || a.Address == addr && !a.Pending()
	}
	removed, err := u.Tx.RemoveAddress(player.ID, addr)
	if err != nil {
		return reply.Section{}, err
	}
	if !removed {
		return reply.Section{}, reply.Refuse(addr+" is not one of your addresses", "\"address\" lists them.")
	}
	if err := u.Tx.AddEvent(u.Now, "address-remove", 0, player.ID, addr); err != nil {
		return reply.Section{}, err
	}
	sec := reply.Section{Title: addr + " is no longer yours", Lines: []string{"Mail from it no longer counts as yours, whatever it carries."}}
	if !confirmed {
		return sec, nil // it never received a mail of the player's
	}
	if _, err := u.Tx.RetireTokens(player.ID, "address remove "+addr, u.Now); err != nil {
		return reply.Section{}, err
	}
	sec.Lines = append(sec.Lines, "The reply addresses of the mails postal sent you before are retired too, since mail to "+addr+" carried them: reply to this mail, or to the mails postal sends from now on.")
	switch sent, err := u.Tx.KeySent(player.ID); {
	case err != nil:
		return reply.Section{}, err
	case sent == addr:
		key, err := replaceKey(u, p, "address remove")
		if err != nil {
			return reply.Section{}, err
		}
		sec.Pre = "key " + key
		sec.Lines = append(sec.Lines, "Your personal key was last mailed to "+addr+", so it no longer proves anything either. Your new key is below: keep it secret.")
	}
	return sec, nil
}

// confirmAddress answers the reply to a confirmation mail, sent from the
// address it confirms: the address becomes its player's. The rest of the
// mail is not read.
func confirmAddress(u *work.Unit, p *Proof, c *claim) (*Answer, error) {
	a, player := c.addr, c.owner
	switch other, err := u.Tx.PlayerByAddress(a.Address); {
	case err == nil && other.ID != player.ID:
		// Registered or confirmed by someone else since it was added.
		if _, err := u.Tx.RemoveAddress(player.ID, a.Address); err != nil {
			return nil, err
		}
		return &Answer{Outcome: "refused: the address belongs to another player",
			Sections: []reply.Section{{Title: a.Address + " belongs to another player now", Lines: []string{"An address plays for one player only; nothing was changed."}}}}, nil
	case err != nil && !errors.Is(err, archive.ErrNotFound):
		return nil, err
	}
	if err := u.Tx.ConfirmAddress(player.ID, a.Address, u.Now); err != nil {
		return nil, err
	}
	if err := p.setProven(u); err != nil {
		return nil, err
	}
	if err := u.Tx.AddEvent(u.Now, "address-confirm", 0, player.ID, a.Address); err != nil {
		return nil, err
	}
	u.Actor = player
	lines := []string{
		fmt.Sprintf("Mail from %s now counts as %s's when it proves itself like any other: a reply to a mail from postal, or a line \"key YOUR-KEY\". \"address remove %s\" undoes this.", a.Address, player.Name, a.Address),
		"Nothing else in this mail was read: send your commands in a new mail.",
	}
	invites, err := u.Tx.BindInvitations(a.Address, player.ID)
	if err != nil {
		return nil, err
	}
	for _, ch := range invites {
		lines = append(lines, fmt.Sprintf("Challenge #%d, sent to %s, is yours now: \"accept %d\" or \"decline %d\".", ch.ID, a.Address, ch.ID, ch.ID))
	}
	ans := &Answer{Outcome: "address confirmed",
		Sections: []reply.Section{{Title: a.Address + " is now an address of " + player.Name, Lines: lines}}}
	// The registered address hears of it too: an address added behind the
	// player's back is the first thing a thief would do.
	return ans, u.Send(reply.Mail{To: player.Address, Player: player, Auto: "auto-generated",
		Subject: "postal: " + a.Address + " now plays as " + player.Name,
		View: reply.View{Intro: []string{
			fmt.Sprintf("%s confirmed that it is an address of yours: mail from it now counts as yours.", a.Address),
			fmt.Sprintf("If you did not ask for this, write \"address remove %s\" and \"key new\" at once.", a.Address),
		}}})
}

// withoutDetail is addr without the +detail of its local part.
func withoutDetail(addr string) string {
	local, domain, ok := strings.Cut(addr, "@")
	if !ok {
		return addr
	}
	if name, _, found := strings.Cut(local, "+"); found && name != "" {
		return name + "@" + domain
	}
	return addr
}
