package accounts

import (
	"fmt"
	"slices"
	"time"

	"postal/archive"
	"postal/club/reply"
	"postal/club/work"
	"postal/docs/words"
)

// A proof in the wrong hands: a token or key of one player in a mail from
// an address that is not theirs, or a token "key new" or "address remove"
// retired. The mail is refused (Prove), and the owner is told, so that they
// can retire what leaked: at most once a day for each offending address,
// and MisuseNoticesPerDay times a day in all, whatever the addresses (each
// of many forged senders would otherwise have one sent to the owner).

// MisuseNoticesPerDay caps the notices of misused proofs one owner gets a
// day; the last says that no more come that day.
const MisuseNoticesPerDay = 3

// noteMisuse records each claim's misuse and tells each owner, in one mail
// however many of their proofs the message carried, when they have not
// heard of the sender's address for a day.
func noteMisuse(u *work.Unit, p *Proof, claims []claim) error {
	from := p.From
	kinds := map[int64][]string{}
	var owners []*archive.Player
	for _, c := range claims {
		kind := c.misuseKind()
		if slices.Contains(kinds[c.owner.ID], kind) {
			continue
		}
		if kinds[c.owner.ID] == nil {
			owners = append(owners, c.owner)
		}
		kinds[c.owner.ID] = append(kinds[c.owner.ID], kind)
		if err := u.Tx.AddEvent(u.Now, "proof-misuse", c.game, c.owner.ID, kind+" from "+from); err != nil {
			return err
		}
	}
	for _, owner := range owners {
		tell := false
		for _, kind := range kinds[owner.ID] {
			t, err := u.Tx.NoteMisuse(owner.ID, from, kind, u.Now)
			if err != nil {
				return err
			}
			tell = tell || t
		}
		if !tell {
			continue
		}
		told, err := u.Tx.EventsBy(owner.ID, "misuse-told", u.Now.Add(-24*time.Hour))
		if err != nil {
			return err
		}
		if told >= MisuseNoticesPerDay {
			continue // the last one said so
		}
		if err := u.Tx.AddEvent(u.Now, "misuse-told", 0, owner.ID, from); err != nil {
			return err
		}
		if err := tellOwner(u, owner, from, kinds[owner.ID], told+1 == MisuseNoticesPerDay); err != nil {
			return err
		}
	}
	return nil
}

// tellOwner tells p that their proofs of kinds came from address, and
// what that means: "no harm was done" only where it is true, for a retired
// token; a live token or key in other hands can still be used with a
// forged From, until "key new" retires it.
func tellOwner(u *work.Unit, p *archive.Player, address string, kinds []string, last bool) error {
	var intro []string
	live := false
	for _, kind := range kinds {
		switch kind {
		case "key":
			live = true
			intro = append(intro, fmt.Sprintf("A mail from %s carried your personal key. postal did nothing with it, and told the sender only that it was not accepted. Someone knows your key.", address))
		case "token":
			live = true
			intro = append(intro, fmt.Sprintf("A mail from %s reached postal with the secret reply address of a mail postal sent you (or sent to an address you added). postal did nothing with it, and told the sender only that it was not accepted.", address),
				fmt.Sprintf("A reply address counts only in mail from your own addresses. If %s is yours, add it with \"address add %s\". If it is not, someone has seen a mail of yours (a forward, a copy, a reply to all), and could use its reply address again with your address forged as the sender.", address, address))
		case "old token":
			intro = append(intro, fmt.Sprintf("A mail from %s was sent to the reply address of an old mail of yours, one that no longer counts since you wrote \"key new\" or removed an address. postal did nothing with it: no harm was done.", address))
		}
	}
	if live {
		intro = append(intro, "Write \"key new\" to retire your personal key and the reply address of every mail postal sent you; the answer brings the new key.")
	}
	intro = append(intro, fmt.Sprintf("postal tells you this at most once a day for each address: later mails from %s like it are refused the same way, and you hear of them again after a day.", address))
	if last {
		intro = append(intro, fmt.Sprintf("This is the %s such notice today: more of these mails may come, and are refused the same way, but postal tells you no more of them today.", words.Ordinal(MisuseNoticesPerDay)))
	}
	what := "reply address"
	switch {
	case slices.Contains(kinds, "key") && len(kinds) > 1:
		what = "personal key and reply address"
	case slices.Contains(kinds, "key"):
		what = "personal key"
	case !live:
		what = "old reply address"
	}
	return u.Send(reply.Mail{To: p.Address, Player: p, Auto: "auto-generated",
		Subject: "postal: your " + what + " was used from " + address,
		View:    reply.View{Intro: intro}})
}
