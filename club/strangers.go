package club

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"postal/archive"
	"postal/mailer"
	"postal/notation"
)

// The budget for strangers (issue 24). A From address proves nothing, so
// anything postal writes to an address that is no player's may go to a
// victim whose address was forged: postal must never send more than it got.
// Such an address gets at most one short reply a day (under 4 KB: what
// postal is, how to register, where the commands are), or the welcome when
// its mail registers it; all those replies together have a club-wide cap an
// hour. Mail past the budget is recorded (headers only) and not answered.
// Players, proven or not, answer to their own rate limit; help without proof
// is the short text too.

const (
	// maxSubject is how much of a subject postal keeps and echoes.
	maxSubject = 200
	// invitesPerMail is how many new addresses one mail may invite.
	invitesPerMail = 3
	// welcomesPerDay is how many welcomes one address may get a day (a
	// name taken makes a second try natural), and how many refusals of
	// someone else's proof.
	welcomesPerDay = 3
)

// registerRE finds a register line before the mail is parsed, to foresee
// whether a stranger's mail is answered.
var registerRE = regexp.MustCompile(`(?im)^[ \t]*register[ \t]`)

// keep decides, before anything is stored, what of the message the archive
// keeps: all of it, or (for mail too large, from postal itself, never to be
// answered, past the rate limit or past the strangers' budget) only its
// header block and the hash of its body.
func (h *handling) keep() (raw []byte, sum string, err error) {
	in, from := h.in, h.from()
	if in.TooLarge || in.BodySHA256 != "" { // Raw holds the headers already
		return in.Raw, in.BodySHA256, nil
	}
	headersOnly := func() ([]byte, string, error) {
		raw, sum := mailer.HeadersOnly(in.Raw)
		return raw, sum, nil
	}
	if h.s.isOwn(from) || in.NoReply != "" || from == "" || !strings.Contains(from, "@") {
		return headersOnly()
	}
	if limit := h.s.opt.RateLimit; limit > 0 {
		n, err := h.tx.CountFrom(from, h.now.Add(-time.Hour))
		if err != nil {
			return nil, "", err
		}
		if n >= limit {
			return headersOnly()
		}
	}
	stranger, err := h.isStranger()
	if err != nil || !stranger {
		return in.Raw, "", err
	}
	kind := "short"
	if registerRE.MatchString(in.Text) {
		kind = "welcome"
	}
	ok, err := h.budget(kind)
	if err != nil || ok {
		return in.Raw, "", err
	}
	return headersOnly()
}

// isStranger reports whether the message comes from an address of no
// player and carries no token of the club's (an address being confirmed
// carries one).
func (h *handling) isStranger() (bool, error) {
	_, err := h.tx.PlayerByAddress(h.from())
	switch {
	case err == nil:
		return false, nil
	case !errors.Is(err, archive.ErrNotFound):
		return false, err
	}
	return len(h.s.tokens(h.in.Recipients)) == 0, nil
}

// budget reports whether a reply of kind ("short", "welcome" or
// "refusal") to the sender is within the budget for strangers.
func (h *handling) budget(kind string) (bool, error) {
	if limit := h.s.opt.StrangerRepliesPerHour; limit > 0 {
		n, err := h.tx.AllStrangerReplies(h.now.Add(-time.Hour))
		if err != nil || n >= limit {
			return false, err
		}
	}
	allowed := 1
	if kind != "short" {
		allowed = welcomesPerDay // or refusals: a player's address just removed may hear why
	}
	n, err := h.tx.StrangerReplies(h.from(), kind, h.now.Add(-24*time.Hour))
	return n < allowed, err
}

// stranger answers the mail of an address that proves nothing, once its
// proofs are known (the message acts for no player): the short reply, or
// nothing past the budget; a mail that registers goes on to be handled, its
// welcome counted. answered reports that the message is done.
func (h *handling) stranger(parsed []notation.Parsed) (answered bool, err error) {
	if h.actor != nil {
		return false, nil
	}
	if stranger, err := h.isStranger(); err != nil || !stranger {
		return false, err
	}
	kind := "short"
	for _, p := range parsed {
		if p.Err == nil && p.Cmd.Verb == notation.CmdRegister {
			kind = "welcome"
		}
	}
	ok, err := h.budget(kind)
	if err != nil {
		return true, err
	}
	if !ok {
		h.outcome = "ignored: past the budget for strangers"
		return true, nil
	}
	if err := h.tx.AddStrangerReply(h.from(), kind, h.now); err != nil {
		return true, err
	}
	if kind == "welcome" {
		return false, nil
	}
	h.outcome = "stranger: short reply"
	return true, h.shortReply("postal did not read your mail: to an address that is not a player's, it answers with this note, once a day.")
}

// answersStranger decides whether a message answered before its commands
// were read (proof.go: someone else's token or key, an address confirmed)
// gets its answer: a refusal to an address of no player is a reply to a
// stranger, within the budget; else an attacker with a token of their own
// could have postal write to any forged From.
func (h *handling) answersStranger() (bool, error) {
	from := h.from()
	for _, c := range h.claims {
		if c.kind == "confirm" && c.addr != nil && c.addr.Address == from {
			return true, nil // the address's owner asked for this mail
		}
	}
	if _, err := h.tx.PlayerByAddress(from); err == nil {
		return true, nil
	} else if !errors.Is(err, archive.ErrNotFound) {
		return false, err
	}
	ok, err := h.budget("refusal")
	if err != nil || !ok {
		h.outcome += " (not answered: past the budget for strangers)"
		return false, err
	}
	return true, h.tx.AddStrangerReply(from, "refusal", h.now)
}

// tooLarge answers a mail over the size limit, briefly and within the budget
// for strangers, whoever sent it: its body was never read.
func (h *handling) tooLarge() error {
	h.outcome = fmt.Sprintf("too large: %d bytes", h.in.Size)
	ok, err := h.budget("short")
	if err != nil || !ok {
		return err
	}
	if err := h.tx.AddStrangerReply(h.from(), "short", h.now); err != nil {
		return err
	}
	return h.shortReply(fmt.Sprintf("Your mail of %s is over postal's limit of %s, so postal read none of it. Commands fit in a few lines: write them again without attachments or a long quote.",
		byteSize(h.in.Size), byteSize(h.s.opt.MaxMessageSize)))
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
// paragraph why, then what postal is and how to join. It has no HTML part
// and no pictures; its subject repeats at most maxSubject characters.
func (h *handling) shortReply(why string) error {
	s := h.s
	subject := strings.TrimSpace(clip(h.in.Subject, maxSubject))
	if subject == "" {
		subject = "postal"
	}
	if !strings.HasPrefix(strings.ToLower(subject), "re:") {
		subject = "Re: " + subject
	}
	out := mailer.Outbound{
		From:      fmt.Sprintf("%s <%s>", s.opt.Name, s.opt.Address),
		To:        h.from(),
		ReplyTo:   s.opt.Address,
		Subject:   subject,
		MessageID: "postal." + archive.NewSecret(20) + "@" + s.host,
		Text:      strangerText(why, s.opt.Address, s.opt.SiteURL),
		Headers:   map[string]string{"Auto-Submitted": "auto-replied", "X-Auto-Response-Suppress": "All"},
	}
	if validMsgID(h.in.MessageID) {
		out.InReplyTo = h.in.MessageID
		out.References = []string{h.in.MessageID}
	}
	msg, files, err := out.Stored()
	if err != nil {
		return err
	}
	_, err = h.tx.Enqueue(archive.Mail{Message: msg, Files: files}, h.now)
	return err
}

// strangerText is the body of the short reply, within 78 columns.
func strangerText(why, club, site string) string {
	var b strings.Builder
	b.WriteString(wrap(why) + "\n\n")
	b.WriteString(wrap("postal is a club that plays board games by email: Imperial Chess, Superial Chess, Conflagration, Initiative, Imperial Shuffle and more. Players write their moves in plain mail; postal checks them and answers with the board.") + "\n\n")
	b.WriteString(wrap("To join, write to "+club+" a mail with one line:") + "\n\n")
	b.WriteString("    register NAME\n\n")
	b.WriteString(wrap("where NAME is the name you will play under (a letter, then letters, digits, '-', '_' or '.'). postal answers with your personal key.") + "\n\n")
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
		if line != "" && len([]rune(line))+1+len([]rune(w)) > textWidth {
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

// shortHelp is help without proof: where the commands are, not all of them
// (a forged From must not turn one line into a long mail).
func (h *handling) shortHelp() section {
	return section{Title: "where the commands are", Lines: []string{
		"The list of every command goes only to mail that proves who sent it: a reply to a mail from postal, or a mail with a line \"key YOUR-KEY\". Write \"help\" in such a mail.",
		"The main ones: \"games\" lists the games, \"status\" shows yours, \"challenge PLAYER GAME\" or \"open GAME\" starts one, \"move ID MOVE\" plays.",
	}}
}

// unprovenDoc lets a mail without proof carry one game's rules: the next
// rules sections of the mail are cut to their first lines, so that a From
// forged in a player's name cannot turn one mail into a long one.
func (h *handling) unprovenDoc(sec section) section {
	if h.proof != "" {
		return sec
	}
	h.docs++
	if h.docs > 1 {
		sec.Doc, sec.Pre = "", ""
		sec.Lines = append(sec.Lines, "A mail that does not prove who sent it gets the rules of one game; reply to a mail from postal, or add a line \"key YOUR-KEY\", for more.")
	}
	return sec
}

// mayInvite refuses an invitation to address, which has no player, past the
// limits: invitesPerMail in one mail, the club's InvitesPerDay for one
// player, and none to an address that never answered an invitation.
func (h *handling) mayInvite(address string) error {
	if h.invited >= invitesPerMail {
		return refuse(fmt.Sprintf("one mail invites at most %d new addresses", invitesPerMail), "Nothing was sent to "+address+". Invite more in another mail.")
	}
	if limit := h.s.opt.InvitesPerDay; limit > 0 {
		n, err := h.tx.InvitationsBy(h.actor.ID, h.now.Add(-24*time.Hour))
		if err != nil {
			return err
		}
		if n >= limit {
			return refuse(fmt.Sprintf("you have invited %d addresses today, postal's limit", limit), "Nothing was sent to "+address+". Try again tomorrow, or challenge a player by name.")
		}
	}
	never, err := h.tx.Unanswered(address)
	if err != nil {
		return err
	}
	if never {
		return refuse(address+" was invited before and never answered", "postal writes to an address that has not answered once only. Nothing was sent.")
	}
	h.invited++
	return nil
}
