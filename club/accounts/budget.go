package accounts

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"postal/club/reply"
	"postal/club/work"
	"postal/mailer"
	"postal/notation"
)

// Budget by proof, not by address. A From address proves nothing: anyone
// may write a player's address as easily as any other. So whatever a mail
// proves decides who pays for its answer:
//
//   - a mail that proves its sender (a reply token, a key, a DKIM signature
//     postal checked, a trusted Authentication-Results: proof.go) is read,
//     and counts against its sender's rate limit, which only such mail
//     spends;
//   - a mail that proves nothing is not read at all. It is answered with a
//     short note (under 4 KB, plain text) from the strangers' budget, whether
//     or not its From is a player's: each address gets a few a day, and all
//     such notes together stay under the club's cap an hour. "register
//     NAME" from an address of no player is the one thing such a mail does
//     (registration.go);
//   - notices about a mail postal could not read (too large, unreadable) to
//     a player's address are the player's own: a few a day, not drawn from
//     the strangers' cap, so that a flood of strangers cannot silence them.

// allowance is how many replies of a kind one address may get in a day,
// and whether they count in the club-wide cap an hour.
type allowance struct {
	perDay int
	capped bool
}

var allowances = map[string]allowance{
	"short":    {1, true},  // a stranger's note
	"welcome":  {3, true},  // the answer to "register NAME" (a name taken makes a second try natural)
	"refusal":  {3, true},  // someone else's proof, or a retired one
	"unproven": {3, true},  // a note to a player's address whose mail proves nothing
	"notice":   {1, false}, // to a player's address: a mail too large or unreadable
	// "confirm" is an address confirmation (address.go: mayConfirm), kept
	// under its own rules but counted in the cap.
}

// RepliesPerDay is how many replies of kind ("short", "welcome",
// "refusal", "unproven", "notice") one address may get in a day.
func RepliesPerDay(kind string) int { return allowances[kind].perDay }

// cappedKinds are the kinds counted in the club-wide cap.
var cappedKinds = []string{"short", "welcome", "refusal", "unproven", "confirm"}

// registrationReserve is the part of the club's cap an hour that only the
// answers to "register NAME" may spend: a flood of forged strangers spends
// the rest, and a newcomer is still answered.
func registrationReserve(limit int) int {
	if limit < 2 {
		return 0
	}
	return max(1, limit/3)
}

// capSpent reports whether the club's cap an hour leaves no room for a
// reply of kind: every kind but "welcome" stops short of the
// registrations' reserve.
func capSpent(u *work.Unit, kind string) (bool, error) {
	limit := u.Club.StrangerRepliesPerHour
	if limit <= 0 {
		return false, nil
	}
	if kind != "welcome" {
		limit -= registrationReserve(limit)
	}
	n, err := u.Tx.AllStrangerReplies(u.Now.Add(-time.Hour), cappedKinds)
	return n >= limit, err
}

// budget reports whether a reply of kind to the sender is within its
// allowance, and records it when it is.
func budget(u *work.Unit, p *Proof, kind string) (bool, error) {
	a := allowances[kind]
	if a.capped {
		if spent, err := capSpent(u, kind); err != nil || spent {
			return false, err
		}
	}
	n, err := u.Tx.StrangerReplies(p.From, kind, u.Now.Add(-24*time.Hour))
	if err != nil || n >= a.perDay {
		return false, err
	}
	return true, u.Tx.AddStrangerReply(p.From, kind, u.Now)
}

// Paid decides, once Prove has weighed the message's proofs, who pays for
// its answer. nil: the sender proved who they are and is within their rate
// limit, and the commands are read. Otherwise the mail has been dealt
// with: unproven, and answered from the strangers' budget or not at all;
// or past the rate limit.
func Paid(u *work.Unit, p *Proof, parsed []notation.Parsed) (*Answer, error) {
	if p.how == "" {
		return unproven(u, p, parsed)
	}
	if err := p.setProven(u); err != nil {
		return nil, err
	}
	return rateLimited(u, p)
}

// rateLimited applies the sender's rate limit, counting proven mail only:
// past it the message is kept as headers and not applied; the first one
// past it is answered, once.
func rateLimited(u *work.Unit, p *Proof) (*Answer, error) {
	limit := u.Club.RateLimit
	if limit <= 0 {
		return nil, nil
	}
	n, err := u.Tx.CountProvenFrom(p.From, u.Now.Add(-time.Hour))
	if err != nil || n <= limit {
		return nil, err
	}
	a := &Answer{Outcome: "rate-limited"}
	if err := keepHeaders(u, p); err != nil {
		return nil, err
	}
	if n > limit+1 {
		return a, nil // said once, then silent
	}
	a.Sections = append(a.Sections, reply.Section{Title: "too many messages", Lines: []string{fmt.Sprintf("postal handles at most %d messages an hour from one address. This message and the next ones within the hour are ignored; send your commands again later.", limit)}})
	a.Reply = true
	return a, nil
}

// unproven answers a mail that proves nothing: "register NAME" from an
// address of no player, or the note of its kind, within the budget; past
// it, nothing, and only its headers are kept.
func unproven(u *work.Unit, p *Proof, parsed []notation.Parsed) (*Answer, error) {
	if u.Actor == nil {
		for _, line := range parsed {
			if line.Err == nil && line.Cmd.Verb == notation.CmdRegister {
				return registerPending(u, p, line.Cmd.Arg) // registration.go
			}
		}
	}
	kind := "short"
	if u.Actor != nil {
		kind = "unproven"
	}
	ok, err := budget(u, p, kind)
	if err != nil {
		return nil, err
	}
	if !ok {
		return &Answer{Outcome: "ignored: past the budget for strangers"}, keepHeaders(u, p)
	}
	if u.Actor == nil {
		why := "postal did not read your mail: to an address that is not a player's, it answers with this note, once a day."
		if unreadName(parsed) {
			// The name is not repeated: postal signs its mail, and a
			// look-alike of a player's name is a forger's text.
			why = "postal did not register you: the name in your line \"register NAME\" has a character no name may have. A player's name is a letter, then letters, digits, '-' or '_', in plain a to z (no accents, no other alphabets). postal answers an address that is not a player's once a day."
		}
		return &Answer{Outcome: "stranger: short reply"}, shortReply(u, p, why)
	}
	tok, err := u.Tx.Token(u.Actor.ID, 0, u.Now)
	if err != nil {
		return nil, err
	}
	badKey := false
	for _, line := range parsed {
		badKey = badKey || line.Err == nil && line.Cmd.Verb == notation.CmdKey && line.Cmd.Arg != ""
	}
	return &Answer{Outcome: "unproven: short reply"}, plainReply(u, p, unprovenText(u.Actor.Name, u.Club.Address, badKey), u.Club.ReplyAddress(tok))
}

// unreadName reports whether the mail has a line "register NAME" whose
// name postal could not read as one (an accent, another alphabet).
func unreadName(parsed []notation.Parsed) bool {
	for _, line := range parsed {
		var ce *notation.CommandError
		verb, _, _ := strings.Cut(line.Text, " ")
		if errors.As(line.Err, &ce) && ce != nil && ce.Word != "" && strings.EqualFold(verb, string(notation.CmdRegister)) {
			return true
		}
	}
	return false
}

// unprovenText is the note to a player's address whose mail proves
// nothing, within 78 columns; badKey says that it had a key line, not the
// player's key. The note goes only to the player's own address, and its
// reply address carries the player's account token: a reply to it proves
// them.
func unprovenText(name, club string, badKey bool) string {
	text := wrap("postal cannot tell that this mail comes from "+name+": a From address proves nothing, since anyone can write it. Not one line of the mail was read. Nothing was changed.") + "\n\n"
	if badKey {
		// Most often a key mistyped or cut short; sometimes one replaced.
		text += wrap("Its line \"key ...\" is not your personal key. Copy the key from your welcome mail, or from the answer to your last \"key new\": a key replaced since then (by \"key new\" or \"address remove\") proves nothing.") + "\n\n"
	}
	return text +
		wrap("Reply to this mail with your commands: its reply address proves that you are "+name+". Or write a fresh mail to "+club+" with a line \"key YOUR-KEY\", the personal key of your welcome mail. Mail from a provider that signs it (DKIM) proves itself.") + "\n\n" +
		wrap("If you did not write to postal, someone used your address: ignore this mail. postal answers such mail at most three times a day.") + "\n"
}

// keepHeaders cuts the stored message to its headers and the hash of its
// body: what is kept of a message that is not acted on.
func keepHeaders(u *work.Unit, p *Proof) error {
	if p.In.BodySHA256 != "" {
		return nil // only its headers were stored
	}
	head, sum := mailer.HeadersOnly(p.In.Raw)
	return u.Tx.KeepHeaders(p.Row, head, sum)
}
