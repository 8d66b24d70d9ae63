package club

import (
	"fmt"
	"strings"
	"time"

	"postal/club/reply"
	"postal/mailer"
)

// The budget for strangers (issue 24). A From address proves nothing, so
// anything postal writes to an address that is no player's may go to a
// victim whose address was forged: postal must never send more than it got.
// Such an address gets at most one short reply a day (under 4 KB: what
// postal is, how to register, where the commands are), or the answer to its
// "register NAME"; all those replies together have a club-wide cap an
// hour. Mail past the budget is recorded (headers only) and not answered.
// Since issue 32 the same budget answers any mail that proves nothing,
// whoever its From names (budget.go).

const (
	// maxSubject is how much of a subject postal keeps and echoes.
	maxSubject = 200
	// invitesPerMail is how many new addresses one mail may invite.
	invitesPerMail = 3
)

// keep decides, before anything is stored, what of the message the archive
// keeps: all of it, or (for mail too large or unreadable, from postal
// itself, never to be answered) only its header block and the hash of its
// body. A message that turns out not to be acted on (past a budget or the
// rate limit) is cut to its headers later (keepHeaders).
func (h *handling) keep() (raw []byte, sum string, err error) {
	in, from := h.in, h.from()
	if in.TooLarge || in.BodySHA256 != "" { // Raw holds the headers already
		return in.Raw, in.BodySHA256, nil
	}
	if h.s.isOwn(from) || in.NoReply != "" || in.Unreadable != "" || from == "" || !strings.Contains(from, "@") {
		raw, sum := mailer.HeadersOnly(in.Raw)
		return raw, sum, nil
	}
	return in.Raw, "", nil
}

// answersStranger decides whether a message answered before its commands
// were read (proof.go: someone else's token or key, a retired one, an
// address confirmed, a registration completed) gets its answer. A refusal
// answers a mail that proves nothing, whoever its From names: it comes
// from the strangers' budget (issue 32); else an attacker with a token of
// their own could have postal write to any forged From.
func (h *handling) answersStranger() (bool, error) {
	if h.registration() != nil { // registration.go: the address's owner asked for this mail
		return true, nil
	}
	from := h.from()
	for _, c := range h.claims {
		if c.kind == "confirm" && c.addr != nil && c.addr.Address == from {
			return true, nil // the address's owner asked for this mail
		}
	}
	ok, err := h.budget("refusal")
	if err != nil || ok {
		return ok, err
	}
	h.outcome += " (not answered: past the budget for strangers)"
	return false, h.keepHeaders()
}

// byteSize writes n for people: "9.0 MiB", "1.0 MiB", "640 KiB".
func byteSize(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// shortReply writes the stranger's reply: plain text under 4 KB, the first
// paragraph why, then what postal is and how to join.
func (h *handling) shortReply(why string) error {
	return h.plainReply(strangerText(why, h.s.opt.Address, h.s.opt.SiteURL), h.s.opt.Address)
}

// strangerSubject is the subject of every answer to a mail that proved
// nothing: postal signs its mail, and must not sign text of a forger's
// choosing (issue 32, F15), so the mail's own subject is not repeated.
const strangerSubject = "Re: your mail to postal"

// plainReply answers the message with text, a reply to an address whose
// mail proved nothing: plain text, no HTML part and no pictures, under a
// fixed subject (strangerSubject); replyTo is its Reply-To.
func (h *handling) plainReply(text, replyTo string) error {
	return h.SendPlain(reply.Plain{To: h.from(), ReplyTo: replyTo, Subject: strangerSubject, Text: text, InReplyTo: h.in.MessageID})
}

// strangerText is the body of the short reply, within 78 columns.
func strangerText(why, club, site string) string {
	var b strings.Builder
	b.WriteString(wrap(why) + "\n\n")
	b.WriteString(wrap("postal is a club that plays board games by email: Imperial Chess, Superial Chess, Conflagration, Initiative, Imperial Shuffle and more. Players write their moves in plain mail; postal checks them and answers with the board.") + "\n\n")
	b.WriteString(wrap("To join, write to "+club+" a mail with one line:") + "\n\n")
	b.WriteString("    register NAME\n\n")
	b.WriteString(wrap("where NAME is the name you will play under (a letter, then letters, digits, '-' or '_'). postal answers with a mail to reply to, and your reply, which proves that the address is yours, brings your personal key.") + "\n\n")
	b.WriteString(wrap("Then \"games\" lists the games, \"challenge PLAYER GAME\" or \"open GAME\" starts one, and \"help\" in a reply to postal's mail sends every command.") + "\n")
	if site != "" {
		b.WriteString("\n" + wrap("The club's games and rules are at "+site) + "\n")
	}
	b.WriteString("\n" + wrap("If you did not write to postal, someone used your address: ignore this mail. postal writes to an address that is not a player's at most once a day.") + "\n")
	return b.String()
}

// wrap breaks s into lines of at most textWidth columns.
func wrap(s string) string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		if line != "" && len([]rune(line))+1+len([]rune(w)) > reply.TextWidth {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	return strings.Join(append(lines, line), "\n")
}

// mayInvite refuses an invitation to address, which has no player, past the
// limits: invitesPerMail in one mail, the club's InvitesPerDay for one
// player, and none to an address that never answered an invitation.
func (h *handling) mayInvite(address string) error {
	if h.invited >= invitesPerMail {
		return reply.Refuse(fmt.Sprintf("one mail invites at most %d new addresses", invitesPerMail), "Nothing was sent to "+address+". Invite more in another mail.")
	}
	if limit := h.s.opt.InvitesPerDay; limit > 0 {
		n, err := h.Tx.InvitationsBy(h.Actor.ID, h.Now.Add(-24*time.Hour))
		if err != nil {
			return err
		}
		if n >= limit {
			return reply.Refuse(fmt.Sprintf("you have invited %d addresses today, postal's limit", limit), "Nothing was sent to "+address+". Try again tomorrow, or challenge a player by name.")
		}
	}
	never, err := h.Tx.Unanswered(address)
	if err != nil {
		return err
	}
	if never {
		return reply.Refuse(address+" was invited before and never answered", "postal writes to an address that has not answered once only. Nothing was sent.")
	}
	h.invited++
	return nil
}
