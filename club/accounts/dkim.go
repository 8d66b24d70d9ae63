package accounts

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strings"
	"time"

	"postal/archive"
	"postal/club/work"
	"postal/mailer"
	"postal/mailer/dkimproof"
)

// A DKIM signature postal verified itself proves its mail's From address
// (mailer/dkimproof: aligned with the From domain, bound to the whole mail,
// naming the club). The check asks DNS, so it is made before the mail's
// transaction (SenderDKIM), and only for mail that a proof could change.
//
// A signed mail delivered again: anyone who has a copy of a player's
// DKIM-signed mail can deliver it again, with a new Message-ID or other
// headers its signature does not cover. dkimproof refuses a mail where a
// field the signature covers appears again above the signed one; here, a
// mail whose proving signature was seen before is a duplicate, as a
// Message-ID seen before is: the signature is the mail (SeenBefore).

// systemDKIM checks signatures when work.Club.DKIM is nil.
var systemDKIM = dkimproof.New(nil)

// SenderDKIM checks, before the message's transaction (DNS may be slow),
// whether a DKIM signature of the mail proves its From address. Only mail
// from an address a player owns is checked: for anyone else a proof would
// change nothing, and each check may ask DNS. Mail that is not read (too
// large, unreadable, never answered) is not checked either.
func SenderDKIM(ctx context.Context, db *archive.DB, c *work.Club, in *mailer.Inbound) dkimproof.Result {
	from := strings.ToLower(in.From)
	if len(in.Raw) == 0 || in.TooLarge || in.Unreadable != "" || !dkimproof.Signed(in.Raw) || c.IsOwn(from) || in.NoReply != "" {
		return dkimproof.Result{}
	}
	known := false
	err := db.Tx(ctx, func(tx *archive.Tx) error {
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
	v := c.DKIM
	if v == nil {
		v = systemDKIM
	}
	r := v.Verify(ctx, in.Raw, from, policy(c))
	c.Log.Debug("club: dkim", "message", in.MessageID, "from", from, "proven", r.Proven, "domain", r.Domain, "why", r.Why)
	return r
}

// policy is what the club asks of a signature: its age, by the club's
// clock, and that it names the club among the recipients it covers.
func policy(c *work.Club) dkimproof.Policy {
	return dkimproof.Policy{Now: c.Clock(), MaxAge: c.DKIMMaxAge, Addressed: c.IsOwn}
}

// SeenBefore reports whether in was handled before: by its Message-ID and
// content (a mail that only claims the Message-ID of one handled is
// another) or, when a DKIM signature proves it, by that signature, which
// it records. key is what the message is recorded under
// (archive.Tx.SeenCopy).
//
// A copy that proved nothing does not settle it (the third attack round):
// whoever has a copy of a player's mail before the club does can deliver
// it first with what the digest leaves out changed (marked an auto-reply,
// as a bounce, its DKIM signature cut, a header of too many fields), and
// the real mail was then dropped as its duplicate. So when the copy
// handled proved nothing, before is that copy, and the club handles this
// one, keeping it only if it gets further (Further): read where the copy
// was not, or proving its sender. The same mail delivered again still
// counts, and is answered, once.
func SeenBefore(tx *archive.Tx, in *mailer.Inbound, dkim dkimproof.Result, now time.Time) (seen bool, key string, before *archive.Copy, err error) {
	before, key, err = tx.SeenCopy(in.MessageID, in.Digest)
	if err != nil || before != nil && (before.Final || before.Proven) {
		return before != nil, key, nil, err
	}
	if !dkim.Proven || dkim.Signature == "" {
		return false, key, before, nil
	}
	sum := sha256.Sum256([]byte(dkim.Signature))
	digest := hex.EncodeToString(sum[:])
	if seen, err := tx.SignatureSeen(digest); err != nil || seen {
		return seen, key, nil, err
	}
	return false, key, before, tx.AddSignature(digest, in.MessageID, now)
}

// reach is how far the club got with a mail: not read (ignored, or
// unreadable), read (it proved nothing: answered from the strangers'
// budget, or refused), or acting for its sender.
type reach int

const (
	unread reach = iota
	read
	acted
)

// reachOf is the reach of a mail by its outcome and whether it proved
// its sender.
func reachOf(outcome string, proven bool) reach {
	switch {
	case proven:
		return acted
	case strings.Contains(outcome, "past the budget"):
		return read // read, and proving nothing: not answered for lack of budget
	case strings.HasPrefix(outcome, "ignored") || strings.HasPrefix(outcome, "unreadable"):
		return unread
	}
	return read
}

// Further reports whether a mail, handled to outcome with proof p, got
// further than before, the copy of it handled already (SeenBefore): only
// then is it kept, and not a duplicate.
func Further(before *archive.Copy, outcome string, p *Proof) bool {
	return reachOf(outcome, p.Proved()) > reachOf(before.Outcome, before.Proven)
}

// subjectBound reports whether the Subject may say what the mail is about
// (its [postal #N] tag): not when a DKIM signature proves the mail without
// covering the Subject, which anyone could then have written.
func (p *Proof) subjectBound() bool {
	return !p.DKIM.Proven || p.DKIM.Covers("subject")
}
