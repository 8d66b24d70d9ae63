package archive

import (
	"context"
	"fmt"
	"time"
)

// The signatures that proved mail: a signed mail delivered again,
// with new headers outside its signature, is recognised by its signature.

// SignatureSeen reports whether a mail proven by the signature of digest
// was handled before.
func (t *Tx) SignatureSeen(digest string) (bool, error) {
	var n int
	err := t.queryRow(`SELECT COUNT(*) FROM dkim_signatures WHERE digest = ?`, digest).Scan(&n)
	return n > 0, err
}

// AddSignature records that the signature of digest proved messageID.
func (t *Tx) AddSignature(digest, messageID string, at time.Time) error {
	_, err := t.exec(`INSERT INTO dkim_signatures (digest, message_id, at) VALUES (?, ?, ?)`, digest, messageID, fmtTime(at))
	if err != nil {
		return fmt.Errorf("archive: add signature: %w", err)
	}
	return nil
}

// PruneSignatures removes the signatures recorded before a time.
func (a *DB) PruneSignatures(ctx context.Context, before time.Time) error {
	return a.Tx(ctx, func(t *Tx) error {
		_, err := t.exec(`DELETE FROM dkim_signatures WHERE at < ?`, fmtTime(before))
		return err
	})
}
