package accounts

import (
	"fmt"

	"postal/club/work"
)

// Unreadable answers a mail postal did not read: over the size limit (its
// body was never fetched whole), or past the bounds on its MIME structure
// (mailer/bounds.go). It is kept as its headers and the hash of its body,
// and answered once, briefly: from the strangers' budget, or, to a
// player's address, from the player's own allowance of notices, which no
// flood of strangers can spend.
func Unreadable(u *work.Unit, p *Proof) (*Answer, error) {
	in := p.In
	why := fmt.Sprintf("postal could not read your mail: %s. Not one line of it was read, and nothing was changed. Commands fit in a few lines of plain text: write them again in a new mail, without attachments.", in.Unreadable)
	a := &Answer{Outcome: "unreadable: " + in.Unreadable}
	if in.TooLarge {
		why = fmt.Sprintf("Your mail of %s is over postal's limit of %s, so postal read none of it. Commands fit in a few lines: write them again without attachments or a long quote.",
			byteSize(in.Size), byteSize(u.Club.MaxMessageSize))
		a.Outcome = fmt.Sprintf("too large: %d bytes", in.Size)
	}
	kind := "short"
	player, err := u.Tx.PlayerByAddress(p.From)
	if err == nil {
		kind = "notice"
	}
	ok, err := budget(u, p, kind)
	if err != nil || !ok {
		return a, err
	}
	if player == nil {
		return a, shortReply(u, p, why)
	}
	return a, plainReply(u, p, wrap(why)+"\n\n"+wrap("If you did not write to postal, someone used your address: ignore this mail.")+"\n", u.Club.Address)
}
