// Package mailer moves mail between postal and the world: it watches an IMAP
// mailbox, reads MIME into an [Inbound], and delivers [Outbound] messages by
// SMTP. It knows nothing of games; the club package decides what to answer.
package mailer

import "time"

// Inbound is one received message, reduced to what the club needs.
type Inbound struct {
	// MessageID is the Message-ID without angle brackets or, when the header
	// is missing, "sha256:HEX" of the headers the sender wrote and the body
	// (see SenderHash); it identifies the message for exactly-once handling.
	MessageID string
	// Digest is "sha256:HEX" of the header fields the message's writer
	// set (WriterDigest) and of its body: two copies of one mail have the
	// same, whatever servers added on the way; another mail with the same
	// Message-ID has another. "" when unknown.
	Digest   string
	From     string // the From address, lower case
	FromName string // the display name, if any
	To       []string
	// Recipients are the addresses the message was sent to, for
	// authentication (To and Cc, lower case), e.g. club+TOKEN@host.
	Recipients []string
	Subject    string
	Date       time.Time
	InReplyTo  string
	References []string
	// Text is the player's own words: the plain text (or HTML reduced to text)
	// with quoted lines, quoted originals and the signature removed.
	Text string
	// Clipped says that the sender's words ran past what postal reads of
	// a text part (MaxTextRead): Text ends at the last whole line before
	// that, and what followed was not read.
	Clipped bool `json:",omitempty"`
	// AuthResults are the raw Authentication-Results header values.
	AuthResults []string
	// NoReply is non-empty when the message must never be answered (RFC 3834:
	// bounce, auto-reply, list mail, or postal's own address), and says why.
	NoReply string
	// Raw is the whole message as received; only its header block when
	// TooLarge.
	Raw []byte
	// Size is the message's size as received.
	Size int64
	// TooLarge says the message passed the watcher's MaxStoredBytes: its
	// body was hashed (BodySHA256) and never read, Text is empty.
	TooLarge   bool
	BodySHA256 string
	// Unreadable says, when set, why the message's MIME structure was not
	// read (it passed MaxNesting or MaxParts): Text is empty, and the club
	// keeps only its headers.
	Unreadable string
}

// Attachment is a file sent with a message. Inline attachments are referenced
// from the HTML part as cid:ContentID.
type Attachment struct {
	Name        string
	ContentType string
	ContentID   string
	Data        []byte `json:",omitempty"`
}

// Outbound is one message postal sends. It is stored in the outbox (see
// Stored) in the same transaction as the state change that caused it, and
// delivered later by the sender.
type Outbound struct {
	From        string
	To          string
	ReplyTo     string
	Subject     string
	MessageID   string // without angle brackets
	InReplyTo   string
	References  []string
	Text        string
	HTML        string
	Inline      []Attachment
	Attachments []Attachment
	// Headers are extra header fields, e.g. Auto-Submitted.
	Headers map[string]string
}
