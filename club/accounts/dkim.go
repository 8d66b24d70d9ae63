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
func SeenBefore(tx *archive.Tx, in *mailer.Inbound, dkim dkimproof.Result, now time.Time) (seen bool, key string, err error) {
	seen, key, err = tx.SeenCopy(in.MessageID, in.Digest)
	if err != nil || seen || !dkim.Proven || dkim.Signature == "" {
		return seen, key, err
	}
	sum := sha256.Sum256([]byte(dkim.Signature))
	digest := hex.EncodeToString(sum[:])
	if seen, err := tx.SignatureSeen(digest); err != nil || seen {
		return seen, key, err
	}
	return false, key, tx.AddSignature(digest, in.MessageID, now)
}

// subjectBound reports whether the Subject may say what the mail is about
// (its [postal #N] tag): not when a DKIM signature proves the mail without
// covering the Subject, which anyone could then have written.
func (p *Proof) subjectBound() bool {
	return !p.DKIM.Proven || p.DKIM.Covers("subject")
}
