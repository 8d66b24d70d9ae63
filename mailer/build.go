package mailer

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// BuildMessage renders o as the MIME message the sender delivers, dated now.
// The structure is multipart/mixed (when there are attachments) around
// multipart/related (when there are inline images) around
// multipart/alternative of the plain text and the HTML; inline images are
// referenced from the HTML as cid:ContentID.
func BuildMessage(o Outbound) ([]byte, error) {
	m, err := buildMsg(o, time.Now())
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if _, err := m.WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("mailer: writing message: %w", err)
	}
	return buf.Bytes(), nil
}

// errBadMessage marks an Outbound that can never be sent as it stands.
var errBadMessage = errors.New("mailer: bad outbound message")

func buildMsg(o Outbound, now time.Time) (*gomail.Msg, error) {
	m := gomail.NewMsg(gomail.WithNoDefaultUserAgent())
	if err := m.From(o.From); err != nil {
		return nil, fmt.Errorf("%w: From %q: %v", errBadMessage, o.From, err)
	}
	if err := m.To(o.To); err != nil {
		return nil, fmt.Errorf("%w: To %q: %v", errBadMessage, o.To, err)
	}
	if o.ReplyTo != "" {
		if err := m.ReplyTo(o.ReplyTo); err != nil {
			return nil, fmt.Errorf("%w: Reply-To %q: %v", errBadMessage, o.ReplyTo, err)
		}
	}
	m.Subject(o.Subject)
	m.SetDateWithValue(now)
	if o.MessageID != "" {
		m.SetMessageIDWithValue(strings.Trim(o.MessageID, "<>"))
	}
	if o.InReplyTo != "" {
		m.SetGenHeader(gomail.HeaderInReplyTo, "<"+strings.Trim(o.InReplyTo, "<>")+">")
	}
	if len(o.References) > 0 {
		refs := make([]string, len(o.References))
		for i, r := range o.References {
			refs[i] = "<" + strings.Trim(r, "<>") + ">"
		}
		m.SetGenHeaderPreformatted(gomail.HeaderReferences, strings.Join(refs, " "))
	}
	m.SetUserAgent("postal")
	for k, v := range o.Headers {
		if strings.ContainsAny(k, ": \r\n") || strings.ContainsAny(v, "\r\n") {
			return nil, fmt.Errorf("%w: header %q", errBadMessage, k)
		}
		m.SetGenHeader(gomail.Header(k), v)
	}

	switch {
	case o.Text != "" && o.HTML != "":
		m.SetBodyString(gomail.TypeTextPlain, o.Text)
		m.AddAlternativeString(gomail.TypeTextHTML, o.HTML)
	case o.HTML != "":
		m.SetBodyString(gomail.TypeTextHTML, o.HTML)
	default:
		m.SetBodyString(gomail.TypeTextPlain, o.Text)
	}
	for _, a := range o.Inline {
		if a.ContentID == "" {
			return nil, fmt.Errorf("%w: inline %q has no content ID", errBadMessage, a.Name)
		}
		if err := m.EmbedReader(a.Name, bytes.NewReader(a.Data),
			gomail.WithFileContentID("<"+strings.Trim(a.ContentID, "<>")+">"), // RFC 2392: angle brackets in the header, none in cid:
			gomail.WithFileContentType(contentType(a))); err != nil {
			return nil, fmt.Errorf("mailer: inline %q: %w", a.Name, err)
		}
	}
	for _, a := range o.Attachments {
		if err := m.AttachReader(a.Name, bytes.NewReader(a.Data),
			gomail.WithFileContentType(contentType(a))); err != nil {
			return nil, fmt.Errorf("mailer: attachment %q: %w", a.Name, err)
		}
	}
	return m, nil
}

func contentType(a Attachment) gomail.ContentType {
	if a.ContentType != "" {
		return gomail.ContentType(a.ContentType)
	}
	return gomail.TypeAppOctetStream
}
