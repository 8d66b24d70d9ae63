package archive

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Message is an inbound message as recorded.
type Message struct {
	MessageID string
	From      string
	Subject   string
	Received  time.Time
	Outcome   string
	// Raw is the message as received, or only its header block when
	// BodySHA256 is set (mail too large, ignored or rate-limited, and every
	// message once older than the club keeps raw mail).
	Raw        []byte
	BodySHA256 string
	Size       int64 // the size as received; 0 when unknown
	// Digest is the digest of what the message's writer set (mailer's
	// Inbound.Digest); "" when unknown.
	Digest string
}

// OutcomeOwn is the outcome of a mail from the club's own address (postal
// check's test mail, a loop): ignored, and not counted as mail in by postal
// status (s34, finding 7).
const OutcomeOwn = "ignored: from postal itself"

// Seen reports whether the message with this Message-ID was already handled.
func (t *Tx) Seen(messageID string) (bool, error) {
	var n int
	err := t.queryRow(`SELECT COUNT(*) FROM messages WHERE message_id = ?`, messageID).Scan(&n)
	return n > 0, err
}

// Copy is a handled copy of a message: the last one recorded of its
// Message-ID and digest.
type Copy struct {
	// Final reports that the copy settles it, whatever this one would do:
	// it was recorded before digests were, this message has none, or
	// every key of its copies is taken.
	Final bool
	// Outcome and Proven are what became of the copy: the caller weighs
	// whether this one would do more (a copy that proved nothing must not
	// stand for one that proves its sender).
	Outcome string
	Proven  bool
}

// SeenCopy returns the last copy handled of the message with this
// Message-ID and digest (nil: none), and the key to record this one under
// should it be handled. A message of that Message-ID with another digest
// is another message (a Message-ID claimed in advance by a
// forger must not drop the real mail), recorded as "MESSAGE-ID DIGEST";
// the copies after the first of one digest (each recorded only when it
// got further than the one before: a mail ignored, then read, then
// proven) as "MESSAGE-ID DIGEST", then "MESSAGE-ID DIGEST 2", "MESSAGE-ID
// DIGEST 3": none of these keys a sender can take in advance without
// knowing the mail.
func (t *Tx) SeenCopy(messageID, digest string) (last *Copy, key string, err error) {
	var stored sql.NullString
	err = t.queryRow(`SELECT digest FROM messages WHERE message_id = ?`, messageID).Scan(&stored)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil, messageID, nil
	case err != nil:
		return nil, "", err
	case !stored.Valid || digest == "":
		return &Copy{Final: true}, messageID, nil
	}
	base := messageID + " " + digest
	keys := []string{base, base + " 2", base + " 3"}
	if stored.String == digest {
		keys = append([]string{messageID}, keys...)
	}
	latest := -1
	for i, k := range keys {
		var c Copy
		err := t.queryRow(`SELECT outcome, proven FROM messages WHERE message_id = ?`, k).Scan(&c.Outcome, &c.Proven)
		if errors.Is(err, sql.ErrNoRows) {
			break
		}
		if err != nil {
			return nil, "", err
		}
		last, latest = &c, i
	}
	switch {
	case latest < 0:
		return nil, keys[0], nil
	case latest == len(keys)-1:
		last.Final = true
		return last, keys[latest], nil
	}
	return last, keys[latest+1], nil
}

// AddMessage records an inbound message and returns its row id. A second
// message with the same Message-ID fails (the UNIQUE constraint is the last
// guard against applying a message twice).
func (t *Tx) AddMessage(m Message) (int64, error) {
	var sum any
	if m.BodySHA256 != "" {
		sum = m.BodySHA256
	}
	var digest any
	if m.Digest != "" {
		digest = m.Digest
	}
	res, err := t.exec(`INSERT INTO messages (message_id, from_addr, subject, received, outcome, raw, body_sha256, size, digest) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		m.MessageID, m.From, m.Subject, fmtTime(m.Received), m.Outcome, m.Raw, sum, m.Size, digest)
	if err != nil {
		return 0, fmt.Errorf("archive: add message %s: %w", m.MessageID, err)
	}
	return res.LastInsertId()
}

// SetOutcome records what became of message row id.
func (t *Tx) SetOutcome(id int64, outcome string) error {
	_, err := t.exec(`UPDATE messages SET outcome = ? WHERE id = ?`, outcome, id)
	return err
}

// SetProven records that message row id proved its sender: it
// counts against the sender's rate limit.
func (t *Tx) SetProven(id int64) error {
	_, err := t.exec(`UPDATE messages SET proven = 1 WHERE id = ?`, id)
	return err
}

// CountProvenFrom counts the messages from address that proved their
// sender since a time, for rate limiting: mail that proves nothing, which
// anyone may send in a player's name, does not count.
func (t *Tx) CountProvenFrom(address string, since time.Time) (int, error) {
	var n int
	err := t.queryRow(`SELECT COUNT(*) FROM messages WHERE from_addr = ? AND received >= ? AND proven = 1`, address, fmtTime(since)).Scan(&n)
	return n, err
}

// KeepHeaders replaces the raw bytes of message row id with its header
// block, and records the SHA-256 of its body: what is kept of a message
// ignored or unreadable.
func (t *Tx) KeepHeaders(id int64, headers []byte, bodySHA256 string) error {
	_, err := t.exec(`UPDATE messages SET raw = ?, body_sha256 = ? WHERE id = ?`, headers, bodySHA256, id)
	return err
}

// AddCommand records command seq of message row msg and its result.
func (t *Tx) AddCommand(msg int64, seq, line int, text, result string) error {
	_, err := t.exec(`INSERT INTO commands (message, seq, line, text, result) VALUES (?, ?, ?, ?, ?)`, msg, seq, line, text, result)
	return err
}

// AddEvent records a state change.
func (t *Tx) AddEvent(at time.Time, kind string, gameID, playerID int64, detail string) error {
	_, err := t.exec(`INSERT INTO events (at, kind, game_id, player_id, detail) VALUES (?, ?, ?, ?, ?)`, fmtTime(at), kind, nullID(gameID), nullID(playerID), detail)
	return err
}

// Event is one recorded state change.
type Event struct {
	At       time.Time
	Kind     string
	GameID   int64
	PlayerID int64
	Detail   string
}

// Events returns every event in order, for tests and the site.
func (a *DB) Events(ctx context.Context) ([]Event, error) {
	rows, err := a.db.QueryContext(ctx, `SELECT at, kind, COALESCE(game_id, 0), COALESCE(player_id, 0), detail FROM events ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Event
	for rows.Next() {
		var e Event
		var at string
		if err := rows.Scan(&at, &e.Kind, &e.GameID, &e.PlayerID, &e.Detail); err != nil {
			return nil, err
		}
		e.At = parseTime(at)
		out = append(out, e)
	}
	return out, rows.Err()
}

// Messages returns every recorded inbound message in order.
func (a *DB) Messages(ctx context.Context) ([]Message, error) {
	rows, err := a.db.QueryContext(ctx, `SELECT message_id, from_addr, subject, received, outcome, raw, COALESCE(body_sha256, ''), size FROM messages ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Message
	for rows.Next() {
		var m Message
		var received string
		var raw sql.RawBytes
		if err := rows.Scan(&m.MessageID, &m.From, &m.Subject, &received, &m.Outcome, &raw, &m.BodySHA256, &m.Size); err != nil {
			return nil, err
		}
		m.Received = parseTime(received)
		m.Raw = append([]byte(nil), raw...)
		out = append(out, m)
	}
	return out, rows.Err()
}

// EventsBy counts the events of kind about player since a time.
func (t *Tx) EventsBy(player int64, kind string, since time.Time) (int, error) {
	var n int
	err := t.queryRow(`SELECT COUNT(*) FROM events WHERE player_id = ? AND kind = ? AND at >= ?`, player, kind, fmtTime(since)).Scan(&n)
	return n, err
}
