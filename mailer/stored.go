package mailer

import (
	"encoding/json"
	"fmt"
)

// Stored is o as an outbox keeps it: the message as JSON without its files'
// bytes, and those bytes apart (inline files first, then attachments), so
// that the store can drop them once the message is sent. LoadOutbound reads
// both back.
func (o Outbound) Stored() (msg []byte, files [][]byte, err error) {
	o.Inline, o.Attachments = stripData(o.Inline, &files), stripData(o.Attachments, &files)
	msg, err = json.Marshal(o)
	if err != nil {
		return nil, nil, fmt.Errorf("mailer: storing message: %w", err)
	}
	return msg, files, nil
}

// stripData returns a copy of atts without their bytes, which it appends
// to files.
func stripData(atts []Attachment, files *[][]byte) []Attachment {
	if atts == nil {
		return nil
	}
	out := make([]Attachment, len(atts))
	for i, a := range atts {
		*files = append(*files, a.Data)
		a.Data = nil
		out[i] = a
	}
	return out
}

// LoadOutbound reads back what Stored wrote. With no files (the store
// dropped them after sending), the message's files have their names and
// types but no bytes. A message stored whole, bytes inside its JSON (as
// outboxes did before Stored), reads back whole.
func LoadOutbound(msg []byte, files [][]byte) (Outbound, error) {
	var o Outbound
	if err := json.Unmarshal(msg, &o); err != nil {
		return o, fmt.Errorf("mailer: stored message: %w", err)
	}
	if files == nil {
		return o, nil
	}
	if len(files) != len(o.Inline)+len(o.Attachments) {
		return o, fmt.Errorf("mailer: stored message has %d files for %d attachments", len(files), len(o.Inline)+len(o.Attachments))
	}
	for i := range o.Inline {
		o.Inline[i].Data, files = files[0], files[1:]
	}
	for i := range o.Attachments {
		o.Attachments[i].Data, files = files[0], files[1:]
	}
	return o, nil
}
