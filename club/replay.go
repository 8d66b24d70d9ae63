package club

import (
	"crypto/sha256"
	"encoding/hex"
	"time"

	"postal/archive"
	"postal/mailer"
	"postal/mailer/dkimproof"
)

// A signed mail delivered again (issue 32). Anyone who has a copy of a
// player's DKIM-signed mail can deliver it again, with a new Message-ID or
// other headers its signature does not cover. dkimproof refuses a mail
// where a field the signature covers appears again above the signed one;
// here, a mail whose proving signature was seen before is a duplicate, as a
// Message-ID seen before is: the signature is the mail.

// seenBefore reports whether in was handled before: by its Message-ID and
// content (a mail that only claims the Message-ID of one handled is
// another: issue 32, F13) or, when a DKIM signature proves it, by that
// signature, which it records. key is what the message is recorded under
// (archive.Tx.SeenCopy).
func seenBefore(tx *archive.Tx, in *mailer.Inbound, dkim dkimproof.Result, now time.Time) (seen bool, key string, err error) {
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
func (h *handling) subjectBound() bool {
	return !h.dkim.Proven || h.dkim.Covers("subject")
}

// dkimPolicy is what the club asks of a signature: its age, by the club's
// clock, and that it names the club among the recipients it covers.
func (s *Service) dkimPolicy() dkimproof.Policy {
	return dkimproof.Policy{Now: s.opt.Now(), MaxAge: s.opt.DKIMMaxAge, Addressed: s.isOwn}
}
