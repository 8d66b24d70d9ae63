package accounts

import (
	"fmt"
	"strings"
	"time"

	"postal/club/reply"
	"postal/club/work"
	"postal/mailer"
)

// The budget for strangers. A From address proves nothing, so anything
// postal writes to an address that is no player's may go to a victim whose
// address was forged: postal must never send more than it got. Such an
// address gets at most one short reply a day (under 4 KB: what postal is,
// how to register, where the commands are), or the answer to its
// "register NAME"; all those replies together have a club-wide cap an
// hour. Mail past the budget is recorded (headers only) and not answered.
// The same budget answers any mail that proves nothing, whoever its From
// names (budget.go).

// invitesPerMail is how many new addresses one mail may invite.
const invitesPerMail = 3

// Kept is what of the message the archive keeps, decided before anything
// is stored: all of it, or (for mail too large or unreadable, from postal
// itself, never to be answered) only its header block and the hash of its
// body. A message that turns out not to be acted on (past a budget or the
// rate limit) is cut to its headers later (keepHeaders).
func Kept(c *work.Club, in *mailer.Inbound) (raw []byte, sum string) {
	from := strings.ToLower(in.From)
	if in.TooLarge || in.BodySHA256 != "" { // Raw holds the headers already
		return in.Raw, in.BodySHA256
	}
	if c.IsOwn(from) || in.NoReply != "" || in.Unreadable != "" || from == "" || !strings.Contains(from, "@") {
		return mailer.HeadersOnly(in.Raw)
	}
	return in.Raw, ""
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
func shortReply(u *work.Unit, p *Proof, why string) error {
	return plainReply(u, p, strangerText(why, u.Club.Address, u.Club.SiteURL), u.Club.Address)
}

// strangerSubject is the subject of every answer to a mail that proved
// nothing: postal signs its mail, and must not sign text of a forger's
// choosing, so the mail's own subject is not repeated.
const strangerSubject = "Re: your mail to postal"

// plainReply answers the message with text, a reply to an address whose
// mail proved nothing: plain text, no HTML part and no pictures, under a
// fixed subject (strangerSubject); replyTo is its Reply-To.
func plainReply(u *work.Unit, p *Proof, text, replyTo string) error {
	return u.SendPlain(reply.Plain{To: p.From, ReplyTo: replyTo, Subject: strangerSubject, Text: text, InReplyTo: p.In.MessageID})
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

// wrap breaks s into lines of at most reply.TextWidth columns.
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

// MayInvite refuses an invitation from the unit's actor to address, which
// has no player, past the limits: invitesPerMail in one mail, the club's
// InvitesPerDay for one player, and none to an address that never answered
// an invitation. An invitation it allows counts in the mail's.
func MayInvite(u *work.Unit, p *Proof, address string) error {
	if p.invited >= invitesPerMail {
		return reply.Refuse(fmt.Sprintf("one mail invites at most %d new addresses", invitesPerMail), "Nothing was sent to "+address+". Invite more in another mail.")
	}
	if limit := u.Club.InvitesPerDay; limit > 0 {
		n, err := u.Tx.InvitationsBy(u.Actor.ID, u.Now.Add(-24*time.Hour))
		if err != nil {
			return err
		}
		if n >= limit {
			return reply.Refuse(fmt.Sprintf("you have invited %d addresses today, postal's limit", limit), "Nothing was sent to "+address+". Try again tomorrow, or challenge a player by name.")
		}
	}
	never, err := u.Tx.Unanswered(address)
	if err != nil {
		return err
	}
	if never {
		return reply.Refuse(address+" was invited before and never answered", "postal writes to an address that has not answered once only. Nothing was sent.")
	}
	p.invited++
	return nil
}
