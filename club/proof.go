package club

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"postal/archive"
	"postal/club/accounts"
	"postal/club/reply"
	"postal/docs/words"
	"postal/mailer"
	"postal/mailer/dkimproof"
	"postal/notation"
)

// How a message proves its sender (issues 15 and 24). A From address names
// a player but proves nothing: anyone can write it. A proof counts only when
// the From address is one of its owner's: the registered address or one the
// player added and confirmed ("address add"). Then
//
//   - the personal key ("key KEY"), the account's reply token (the
//     plus-address of a mail about no game), a DKIM signature postal
//     verified itself and that is aligned with the From domain
//     (mailer/dkimproof), and, only where the operator states that the mail
//     server removes forged copies, the topmost Authentication-Results
//     header of the club's server, prove the player for every command;
//   - the reply token of a mail about a game or challenge proves the player
//     for that game only, and only while it goes on: once the game ends its
//     tokens prove nothing.
//
// A token or key of someone else changes nothing: the whole message is
// refused with a plain answer that says nothing about the proof. A token
// that "key new" or "address remove" retired changes nothing either: the
// answer says only that the address is no longer valid. The owner of a
// misused proof is told at most once a day per offending address
// (proof_misuse).

// claim is one proof a message carries: a token of its recipients or a key
// line of its body.
type claim struct {
	kind  string          // "token", "key", "confirm" (an address confirmation token), "retired" (a token no longer valid) or "register" (registration.go)
	owner *archive.Player // whose proof it is; nil for "register"
	game  int64           // token: the game or challenge it was given for; 0 for the account
	addr  *archive.Address
	reg   *archive.Registration
}

// misuseKind is the kind of proof the owner is told about.
func (c claim) misuseKind() string {
	switch c.kind {
	case "key":
		return "key"
	case "retired":
		return "old token"
	}
	return "token"
}

// tokenClaims looks up the tokens the message was sent to and sets the game
// the message is about: the game of a game token, else the subject's tag.
func (h *handling) tokenClaims() error {
	for _, tok := range h.s.tokens(h.in.Recipients) {
		c, ok, err := h.tokenClaim(tok)
		if err != nil {
			return err
		}
		if ok {
			h.claims = append(h.claims, c)
		}
	}
	for _, c := range h.claims {
		if c.kind == "token" && c.game != 0 {
			h.tagged = c.game
			return nil
		}
	}
	if m := tagRE.FindStringSubmatch(h.in.Subject); m != nil && h.subjectBound() {
		h.tagged, _ = strconv.ParseInt(m[1], 10, 64)
	}
	return nil
}

// tokenClaim finds whose token tok is: a reply token, an address
// confirmation token, or a retired reply token. ok is false for a token
// postal never gave: the mail proves nothing by it.
func (h *handling) tokenClaim(tok string) (c claim, ok bool, err error) {
	pid, gid, err := h.Tx.TokenOwner(tok)
	c.kind, c.game = "token", gid
	if errors.Is(err, archive.ErrNotFound) {
		c.kind = "confirm"
		if c.addr, err = h.Tx.AddressByToken(tok); err == nil {
			pid = c.addr.PlayerID
		}
	}
	if errors.Is(err, archive.ErrNotFound) {
		var r *archive.RetiredToken
		if r, err = h.Tx.TokenRetired(tok); err == nil {
			c.kind, c.game, pid = "retired", r.GameID, r.PlayerID
		}
	}
	if errors.Is(err, archive.ErrNotFound) {
		return h.registrationClaim(tok) // registration.go
	}
	if err != nil {
		return c, false, err
	}
	c.owner, err = h.Tx.PlayerByID(pid)
	return c, err == nil, err
}

// keyClaims looks up the key lines of the message, and the codes of its
// "register NAME CODE" lines (registration.go).
func (h *handling) keyClaims(parsed []notation.Parsed) error {
	for _, p := range parsed {
		if p.Err != nil || p.Cmd.Verb != notation.CmdKey || p.Cmd.Arg == "" {
			continue
		}
		owner, err := h.Tx.PlayerByKeyHash(accounts.HashKey(p.Cmd.Arg))
		if errors.Is(err, archive.ErrNotFound) {
			continue // the key command answers that it is not valid
		}
		if err != nil {
			return err
		}
		h.claims = append(h.claims, claim{kind: "key", owner: owner})
	}
	return h.registrationCodeClaims(parsed)
}

// prove decides who the message acts for and what it proves, from its
// claims and its From address. done reports that the message has been
// answered already: a proof of someone else refused it, or it confirmed an
// address; its commands are then not read.
func (h *handling) prove() (done bool, err error) {
	from := h.from()
	sender, err := h.Tx.PlayerByAddress(from)
	if errors.Is(err, archive.ErrNotFound) {
		sender, err = nil, nil
	}
	if err != nil {
		return false, err
	}
	var foreign, retired []claim
	var confirm *claim
	for i, c := range h.claims {
		switch {
		case c.kind == "register": // registration.go: a reply from its own address completes it, and proves nothing else
		case c.kind == "retired":
			retired = append(retired, c)
		case c.kind == "confirm" && c.addr.Address == from:
			confirm = &h.claims[i]
		case c.kind != "confirm" && sender != nil && sender.ID == c.owner.ID:
		default:
			foreign = append(foreign, c)
		}
	}
	if len(foreign) > 0 {
		for _, c := range retired {
			if sender == nil || sender.ID != c.owner.ID {
				foreign = append(foreign, c)
			}
		}
		return true, h.refuseForeign(foreign)
	}
	if len(retired) > 0 {
		return true, h.refuseRetired(sender, retired)
	}
	if reg := h.registration(); reg != nil {
		return true, h.completeRegistration(reg)
	}
	if confirm != nil {
		return true, h.confirmAddress(confirm)
	}
	h.Actor = sender
	if sender == nil {
		return false, nil
	}
	for _, c := range h.claims {
		switch {
		case c.kind == "key":
			h.proof, h.proofGame = "key", 0
			h.keyOK = true
			return false, nil
		case c.game == 0:
			h.proof, h.proofGame = "token", 0
		case h.proof == "":
			h.proof, h.proofGame = "token", c.game
		}
	}
	if h.proof == "token" && h.proofGame == 0 {
		return false, nil
	}
	if h.dkim.Proven || h.s.opt.TrustAuthResults && authPass(h.s.opt.AuthServID, h.in.AuthResults, from) {
		h.proof, h.proofGame = "dkim", 0
		return false, nil
	}
	if h.proofGame != 0 {
		if h.proofLive, err = h.live(h.proofGame); err != nil || h.proofLive {
			return false, err
		}
		// A finished game's token (issue 32, second round): for
		// tokenGrace, that game's record, moves and board (afterGame);
		// then nothing.
		if fresh, err := h.lately(h.proofGame); err != nil || !fresh {
			h.proof, h.proofGame = "", 0
			return false, err
		}
	}
	return false, nil
}

// tokenGrace is how long after its game ended a game's token still proves
// its player, for that game's record, moves and board only: a reply to the
// game-over mail asks for them.
const tokenGrace = 3 * 24 * time.Hour

// lately reports whether id is a game that ended less than tokenGrace
// ago; a challenge no longer open has nothing to look at.
func (h *handling) lately(id int64) (bool, error) {
	g, err := h.Tx.GameByID(id)
	if errors.Is(err, archive.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return g.Status == archive.GameOver && h.Now.Sub(g.Finished) < tokenGrace, nil
}

// afterGame refuses, to a mail proven by the token of a game that ended,
// every command but a look at that game (its record, moves or board): the
// token of a mail about one game does not speak for the player elsewhere,
// and once its game is over it speaks only for a look back.
func (h *handling) afterGame(c notation.Command) error {
	if h.proof != "token" || h.proofGame == 0 || h.proofLive || c.NeedsGame() && c.ID == h.proofGame && !c.Changes() {
		return nil
	}
	return reply.Refuse(fmt.Sprintf("#%d is over: a reply to its mails serves only to look at it", h.proofGame),
		fmt.Sprintf("For %s after its end, a reply to a mail about #%d brings its record, moves or board, and nothing else. Nothing was done. For anything else, write a fresh mail to %s with a line \"key YOUR-KEY\", or reply to a newer mail from postal.", words.Count(int(tokenGrace/(24*time.Hour)), "day", "days"), h.proofGame, h.s.opt.Address))
}

// live reports whether game or challenge id still goes on: an active game,
// or an open challenge not yet a game.
func (h *handling) live(id int64) (bool, error) {
	g, err := h.Tx.GameByID(id)
	if err == nil {
		return g.Status == archive.GameActive, nil
	}
	if !errors.Is(err, archive.ErrNotFound) {
		return false, err
	}
	ch, err := h.Tx.Challenge(id)
	if errors.Is(err, archive.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return ch.Status == archive.ChallengeOpen, nil
}

// authorize refuses a command that changes something unless the message
// proved its sender for it.
func (h *handling) authorize(c notation.Command) error {
	name := h.Actor.Name
	switch {
	case h.proof == "":
		return reply.Refuse("postal cannot tell that this mail comes from "+name,
			"This command changes a game or your account, and a From address proves nothing: anyone can write it. Nothing was changed.",
			"Reply to a mail from postal, keeping its reply address, or add a line \"key YOUR-KEY\" with the personal key postal sent you when you registered.")
	case h.proofGame == 0:
		return nil
	case c.Account():
		return reply.Refuse(fmt.Sprintf("a reply about #%d cannot do %q", h.proofGame, c.Verb),
			fmt.Sprintf("The reply address of a mail about game or challenge #%d proves who you are for #%d only, and %q acts on your account. Nothing was changed.", h.proofGame, h.proofGame, c.Verb),
			"Reply to a mail from postal about no game (write \"status\" for one), or add a line \"key YOUR-KEY\".")
	case !h.proofLive:
		return reply.Refuse(fmt.Sprintf("#%d is over: a reply to its mails changes nothing", h.proofGame),
			"Nothing was changed. For another game, reply to a mail about that game, or add a line \"key YOUR-KEY\".")
	case c.ID != h.proofGame:
		return reply.Refuse(fmt.Sprintf("a reply about #%d cannot act on #%d", h.proofGame, c.ID),
			fmt.Sprintf("The reply address of a mail about #%d proves who you are for #%d only. Nothing was changed. Reply to a mail about #%d, or add a line \"key YOUR-KEY\".", h.proofGame, h.proofGame, c.ID))
	}
	return nil
}

// refuseForeign answers a message that carries someone else's proof: the
// sender learns only that nothing was done; each owner is told, at most
// once a day per offending address.
func (h *handling) refuseForeign(foreign []claim) error {
	from := h.from()
	// The answer repeats nothing of the mail, not even its subject.
	h.Actor, h.tagged, h.subject = nil, 0, "postal: your mail was not accepted"
	h.outcome = "refused: another player's proof"
	if err := h.noteMisuse(foreign); err != nil {
		return err
	}
	h.sections = append(h.sections, reply.Section{Title: "postal did nothing with this mail", Lines: []string{
		"It came from " + from + " with a proof of identity that postal gave to someone else. A reply address or a personal key counts only in mail from its owner's own addresses, so not one line of this mail was read.",
		"To play, write to " + h.s.opt.Address + " from your own address (\"help\" explains how), or reply to a mail postal sent you.",
	}})
	return nil
}

// refuseRetired answers a message sent to a reply address that "key new"
// or "address remove" retired: not one line is read. Its owner hears of it
// when the mail does not come from one of their addresses; from one of
// them, the answer itself reaches them.
func (h *handling) refuseRetired(sender *archive.Player, retired []claim) error {
	h.Actor, h.tagged, h.subject = nil, 0, "postal: this address is no longer valid"
	h.outcome = "refused: a retired token"
	var others []claim
	for _, c := range retired {
		if sender == nil || sender.ID != c.owner.ID {
			others = append(others, c)
		}
	}
	if err := h.noteMisuse(others); err != nil {
		return err
	}
	h.sections = append(h.sections, reply.Section{Title: "this address is no longer valid", Lines: []string{
		"This mail was sent to the reply address of an older mail from postal, and that address has been retired. Not one line of this mail was read, and nothing was changed.",
		"Reply to the newest mail postal sent you instead (\"status\" or \"board N\" in a fresh mail to " + h.s.opt.Address + " brings one), or write a fresh mail with a line \"key YOUR-KEY\": your newest key.",
	}})
	return nil
}

// noteMisuse records each claim's misuse and tells each owner, in one mail
// however many of their proofs the message carried, when they have not
// heard of the sender's address for a day.
func (h *handling) noteMisuse(claims []claim) error {
	from := h.from()
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
		if err := h.Tx.AddEvent(h.Now, "proof-misuse", c.game, c.owner.ID, kind+" from "+from); err != nil {
			return err
		}
	}
	for _, p := range owners {
		tell := false
		for _, kind := range kinds[p.ID] {
			t, err := h.Tx.NoteMisuse(p.ID, from, kind, h.Now)
			if err != nil {
				return err
			}
			tell = tell || t
		}
		if !tell {
			continue
		}
		told, err := h.Tx.EventsBy(p.ID, "misuse-told", h.Now.Add(-24*time.Hour))
		if err != nil {
			return err
		}
		if told >= misuseNoticesPerDay {
			continue // the last one said so
		}
		if err := h.Tx.AddEvent(h.Now, "misuse-told", 0, p.ID, from); err != nil {
			return err
		}
		if err := h.tellOwner(p, from, kinds[p.ID], told+1 == misuseNoticesPerDay); err != nil {
			return err
		}
	}
	return nil
}

// misuseNoticesPerDay caps the notices of misused proofs one owner gets a
// day, whatever the addresses (issue 32, second round: each of many forged
// senders had one to the owner); the last says that no more come that day.
const misuseNoticesPerDay = 3

// tellOwner tells p that their proofs of kinds came from address, and
// what that means: "no harm was done" only where it is true, for a retired
// token; a live token or key in other hands can still be used with a
// forged From, until "key new" retires it.
func (h *handling) tellOwner(p *archive.Player, address string, kinds []string, last bool) error {
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
		intro = append(intro, fmt.Sprintf("This is the %s such notice today: more of these mails may come, and are refused the same way, but postal tells you no more of them today.", words.Ordinal(misuseNoticesPerDay)))
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
	return h.send(reply.Mail{To: p.Address, Player: p, Auto: "auto-generated",
		Subject: "postal: your " + what + " was used from " + address,
		View:    reply.View{Intro: intro}})
}

// systemDKIM checks signatures when Options.DKIM is nil.
var systemDKIM = dkimproof.New(nil)

// senderDKIM checks, before the message's transaction (DNS may be slow),
// whether a DKIM signature of the mail proves its From address. Only mail
// from an address a player owns is checked: for anyone else a proof would
// change nothing, and each check may ask DNS. Mail that is not read (too
// large, unreadable) is not checked either.
func (s *Service) senderDKIM(ctx context.Context, in *mailer.Inbound) dkimproof.Result {
	from := strings.ToLower(in.From)
	if len(in.Raw) == 0 || in.TooLarge || in.Unreadable != "" || !dkimproof.Signed(in.Raw) || s.isOwn(from) || in.NoReply != "" {
		return dkimproof.Result{}
	}
	known := false
	err := s.db.Tx(ctx, func(tx *archive.Tx) error {
		_, err := tx.PlayerByAddress(from)
		known = err == nil
		if errors.Is(err, archive.ErrNotFound) {
			return nil
		}
		return err
	})
	if err != nil || !known {
		return dkimproof.Result{}
	}
	v := s.opt.DKIM
	if v == nil {
		v = systemDKIM
	}
	r := v.Verify(ctx, in.Raw, from, s.dkimPolicy())
	s.log.Debug("club: dkim", "message", in.MessageID, "from", from, "proven", r.Proven, "domain", r.Domain, "why", r.Why)
	return r
}
