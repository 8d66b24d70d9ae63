package club

import "fmt"

// A mail postal did not read (issues 24 and 32): over the size limit (its
// body was never fetched whole), or past the bounds on its MIME structure
// (mailer/bounds.go). It is kept as its headers and the hash of its body,
// and answered once, briefly: from the strangers' budget, or, to a
// player's address, from the player's own allowance of notices, which no
// flood of strangers can spend.
func (h *handling) unreadable() error {
	why := fmt.Sprintf("postal could not read your mail: %s. Not one line of it was read, and nothing was changed. Commands fit in a few lines of plain text: write them again in a new mail, without attachments.", h.in.Unreadable)
	h.outcome = "unreadable: " + h.in.Unreadable
	if h.in.TooLarge {
		why = fmt.Sprintf("Your mail of %s is over postal's limit of %s, so postal read none of it. Commands fit in a few lines: write them again without attachments or a long quote.",
			byteSize(h.in.Size), byteSize(h.s.opt.MaxMessageSize))
		h.outcome = fmt.Sprintf("too large: %d bytes", h.in.Size)
	}
	kind := "short"
	player, err := h.Tx.PlayerByAddress(h.from())
	if err == nil {
		kind = "notice"
	}
	ok, err := h.budget(kind)
	if err != nil || !ok {
		return err
	}
	if player == nil {
		return h.shortReply(why)
	}
	return h.plainReply(wrap(why)+"\n\n"+wrap("If you did not write to postal, someone used your address: ignore this mail.")+"\n", h.s.opt.Address)
}
