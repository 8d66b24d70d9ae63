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

// maxAddresses is how many addresses a player may add besides the one they
// registered with, pending ones included: each "address add" mails an
// address the club does not know, so it is bounded.
const maxAddresses = 5

// Confirmation mails go to addresses that are no player's, which anyone
// can name (issue 32, second round): an address gets one a month
// (confirmationQuiet) whoever asks, so that an address that ignored one is
// not written to again; a player has confirmationsPerDay sent a day; and
// they count in the club's cap an hour for mail to such addresses (the
// strangers' budget, kind "confirm").
const (
	confirmationsPerDay = 3
	confirmationQuiet   = 30 * 24 * time.Hour
)

// address lists, adds or removes the actor's addresses.
func (h *handling) address(c notation.Command) (reply.Section, error) {
	if h.Actor == nil {
		return reply.Section{}, reply.Refuse("you are not registered", "Write \"register NAME\" first.")
	}
	switch c.Setting {
	case "add":
		return h.addAddress(c.Arg)
	case "remove":
		return h.removeAddress(c.Arg)
	}
	addrs, err := h.Tx.Addresses(h.Actor.ID)
	if err != nil {
		return reply.Section{}, err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s (registered)\n", h.Actor.Address)
	for _, a := range addrs {
		if a.Pending() {
			fmt.Fprintf(&b, "%s (waiting for the reply to its confirmation mail)\n", a.Address)
		} else {
			fmt.Fprintf(&b, "%s (confirmed %s)\n", a.Address, a.Confirmed.Format("2006-01-02"))
		}
	}
	return reply.Section{Title: "addresses of " + h.Actor.Name, Pre: strings.TrimRight(b.String(), "\n"),
		Lines: []string{"Mail from any of them counts as yours when it proves itself. \"address add ADDRESS\" adds one, \"address remove ADDRESS\" removes one."}}, nil
}

func (h *handling) addAddress(addr string) (reply.Section, error) {
	p := h.Actor
	if h.s.isOwn(addr) {
		return reply.Section{}, reply.Refuse("postal's own address cannot be yours")
	}
	switch owner, err := h.Tx.PlayerByAddress(addr); {
	case err == nil && owner.ID == p.ID:
		return reply.Section{}, reply.Refuse(addr+" is already your address", "\"address\" lists your addresses.")
	case err == nil:
		return reply.Section{}, reply.Refuse(addr+" belongs to another player", "An address plays for one player only.")
	case !errors.Is(err, archive.ErrNotFound):
		return reply.Section{}, err
	}
	addrs, err := h.Tx.Addresses(p.ID)
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
	if err := h.mayConfirm(addr); err != nil {
		return reply.Section{}, err
	}
	token := archive.NewSecret(16)
	if err := h.Tx.AddAddress(p.ID, addr, token, h.Now); err != nil {
		return reply.Section{}, err
	}
	if err := h.Tx.AddEvent(h.Now, "address-add", 0, p.ID, addr); err != nil {
		return reply.Section{}, err
	}
	err = h.send(reply.Mail{To: addr, ReplyToken: token, Auto: "auto-generated",
		Subject: fmt.Sprintf("postal: is %s an address of %s?", addr, p.Name),
		View: reply.View{Intro: []string{
			fmt.Sprintf("%s asked postal, the correspondence games club at %s, to add this address (%s) to their account. Mail from it would then count as %s's.", p.Name, h.s.opt.Address, addr, p.Name),
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
func (h *handling) mayConfirm(addr string) error {
	if n, err := h.Tx.StrangerReplies(addr, "confirm", h.Now.Add(-confirmationQuiet)); err != nil {
		return err
	} else if n > 0 {
		return reply.Refuse(fmt.Sprintf("a confirmation mail went to %s less than a month ago", addr),
			"postal writes to an address that is no player's once a month at most: nothing was sent. If the address is yours, reply to that mail; it counts as long as it waits (\"address\" lists what waits). Otherwise postal does not write to it again this month.")
	}
	if n, err := h.Tx.EventsBy(h.Actor.ID, "address-add", h.Now.Add(-24*time.Hour)); err != nil {
		return err
	} else if n >= confirmationsPerDay {
		return reply.Refuse(fmt.Sprintf("postal sends at most %d confirmation mails a day for one player", confirmationsPerDay),
			fmt.Sprintf("Nothing was sent to %s. Add it again tomorrow.", addr))
	}
	if spent, err := h.capSpent("confirm"); err != nil {
		return err
	} else if spent {
		return reply.Refuse("postal has written to as many new addresses as it may this hour",
			fmt.Sprintf("Nothing was sent to %s: mail to addresses that are no player's is capped, so that no one can have postal write to others at will. Add it again in an hour.", addr))
	}
	return h.Tx.AddStrangerReply(addr, "confirm", h.Now)
}

// removeAddress ends what addr could do for the actor (issue 24): mail from
// it no longer counts as theirs; the reply addresses of every mail postal
// sent them are retired, since mail to addr carried them; and the personal
// key, when it was last mailed to addr, is replaced.
func (h *handling) removeAddress(addr string) (reply.Section, error) {
	p := h.Actor
	if addr == p.Address {
		return reply.Section{}, reply.Refuse(addr+" is the address you registered with", "It stays yours; \"address remove\" removes only addresses you added.")
	}
	if addr == h.from() {
		return reply.Section{}, reply.Refuse(addr+" is the address this mail comes from", "Remove it in a mail from another of your addresses: the answer carries new reply addresses, and must not go to the address you remove.")
	}
	addrs, err := h.Tx.Addresses(p.ID)
	if err != nil {
		return reply.Section{}, err
	}
	confirmed := false
	for _, a := range addrs {
		confirmed = confirmed || a.Address == addr && !a.Pending()
	}
	removed, err := h.Tx.RemoveAddress(p.ID, addr)
	if err != nil {
		return reply.Section{}, err
	}
	if !removed {
		return reply.Section{}, reply.Refuse(addr+" is not one of your addresses", "\"address\" lists them.")
	}
	if err := h.Tx.AddEvent(h.Now, "address-remove", 0, p.ID, addr); err != nil {
		return reply.Section{}, err
	}
	sec := reply.Section{Title: addr + " is no longer yours", Lines: []string{"Mail from it no longer counts as yours, whatever it carries."}}
	if !confirmed {
		return sec, nil // it never received a mail of the player's
	}
	if _, err := h.Tx.RetireTokens(p.ID, "address remove "+addr, h.Now); err != nil {
		return reply.Section{}, err
	}
	sec.Lines = append(sec.Lines, "The reply addresses of the mails postal sent you before are retired too, since mail to "+addr+" carried them: reply to this mail, or to the mails postal sends from now on.")
	switch sent, err := h.Tx.KeySent(p.ID); {
	case err != nil:
		return reply.Section{}, err
	case sent == addr:
		key, err := h.replaceKey("address remove")
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
func (h *handling) confirmAddress(c *claim) error {
	a, p := c.addr, c.owner
	h.tagged = 0
	switch other, err := h.Tx.PlayerByAddress(a.Address); {
	case err == nil && other.ID != p.ID:
		// Registered or confirmed by someone else since it was added.
		if _, err := h.Tx.RemoveAddress(p.ID, a.Address); err != nil {
			return err
		}
		h.outcome = "refused: the address belongs to another player"
		h.sections = append(h.sections, reply.Section{Title: a.Address + " belongs to another player now", Lines: []string{"An address plays for one player only; nothing was changed."}})
		return nil
	case err != nil && !errors.Is(err, archive.ErrNotFound):
		return err
	}
	if err := h.Tx.ConfirmAddress(p.ID, a.Address, h.Now); err != nil {
		return err
	}
	if err := h.Tx.AddEvent(h.Now, "address-confirm", 0, p.ID, a.Address); err != nil {
		return err
	}
	h.Actor = p
	h.outcome = "address confirmed"
	lines := []string{
		fmt.Sprintf("Mail from %s now counts as %s's when it proves itself like any other: a reply to a mail from postal, or a line \"key YOUR-KEY\". \"address remove %s\" undoes this.", a.Address, p.Name, a.Address),
		"Nothing else in this mail was read: send your commands in a new mail.",
	}
	invites, err := h.Tx.BindInvitations(a.Address, p.ID)
	if err != nil {
		return err
	}
	for _, ch := range invites {
		lines = append(lines, fmt.Sprintf("Challenge #%d, sent to %s, is yours now: \"accept %d\" or \"decline %d\".", ch.ID, a.Address, ch.ID, ch.ID))
	}
	h.sections = append(h.sections, reply.Section{Title: a.Address + " is now an address of " + p.Name, Lines: lines})
	// The registered address hears of it too: an address added behind the
	// player's back is the first thing a thief would do.
	return h.send(reply.Mail{To: p.Address, Player: p, Auto: "auto-generated",
		Subject: "postal: " + a.Address + " now plays as " + p.Name,
		View: reply.View{Intro: []string{
			fmt.Sprintf("%s confirmed that it is an address of yours: mail from it now counts as yours.", a.Address),
			fmt.Sprintf("If you did not ask for this, write \"address remove %s\" and \"key new\" at once.", a.Address),
		}}})
}

// newKey retires the actor's personal key and every reply address of the
// mails postal sent them (issue 24), and gives them a new key. Addresses
// they added and that wait for confirmation are withdrawn: a thief who
// added one would otherwise confirm it after the owner took the account
// back.
func (h *handling) newKey() (reply.Section, error) {
	key, err := h.replaceKey("key new")
	if err != nil {
		return reply.Section{}, err
	}
	if _, err := h.Tx.RetireTokens(h.Actor.ID, "key new", h.Now); err != nil {
		return reply.Section{}, err
	}
	dropped, err := h.Tx.DropPendingAddresses(h.Actor.ID)
	if err != nil {
		return reply.Section{}, err
	}
	sec := reply.Section{Title: "your new personal key", Pre: "key " + key, Lines: []string{
		"Your old key no longer proves anything, nor do the reply addresses of the mails postal sent you before: a mail to one of them gets only \"this address is no longer valid\". Reply to this mail, or to the mails postal sends from now on (\"board N\" brings a fresh one about game N).",
		"Keep the new key secret: a fresh mail (not a reply) that changes a game or your account must carry the line below."}}
	if len(dropped) > 0 {
		sec.Lines = append(sec.Lines, fmt.Sprintf("The addresses you added that were not yet confirmed are withdrawn: %s. Add them again if they are yours.", strings.Join(dropped, ", ")))
	}
	return sec, nil
}

// replaceKey gives the actor a new personal key, which the answer to this
// mail carries to its sender's address.
func (h *handling) replaceKey(why string) (string, error) {
	key := archive.NewSecret(20)
	if err := h.Tx.SetKeyHash(h.Actor.ID, accounts.HashKey(key)); err != nil {
		return "", err
	}
	if err := h.Tx.SetKeySent(h.Actor.ID, h.from(), h.Now); err != nil {
		return "", err
	}
	if err := h.Tx.AddEvent(h.Now, "key-new", 0, h.Actor.ID, why); err != nil {
		return "", err
	}
	h.Actor.KeyHash = accounts.HashKey(key)
	return key, nil
}
