package mailer

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"iter"
	"net/mail"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/emersion/go-message"
	_ "github.com/emersion/go-message/charset" // decode every charset, not only UTF-8 and ASCII
	gomail "github.com/emersion/go-message/mail"
	"golang.org/x/text/encoding/charmap"
)

// maxTextBytes caps how much of a text part is read: a player's command fits
// in a few lines, and a huge text part must not exhaust memory.
const maxTextBytes = 1 << 20

// MaxTextRead caps the text searched for the sender's own words (quote.go):
// they come first, and past 64 KiB a text part is a quote or junk, whose
// lines cost a look each. An HTML part is reduced to text first. The club
// says where reading stopped (Inbound.Clipped).
const MaxTextRead = 64 << 10

// ParseOptions configures ParseMessage.
type ParseOptions struct {
	// OwnAddresses are the club's own addresses. Mail from any of them, or
	// from a plus-address of one (club+x@host), gets NoReply set, so postal
	// never answers itself. Nil means no address is the club's.
	OwnAddresses []string
}

// ParseMessage reads a raw RFC 5322 message into an Inbound. It is lenient:
// broken MIME structure, unknown charsets and unparsable headers yield
// whatever could be read, because a message must reach the club to be
// recorded even when it cannot be answered. It fails (with an error wrapping
// ErrPermanent) only when the header block itself cannot be read.
func ParseMessage(raw []byte, opts ParseOptions) (*Inbound, error) {
	head := boundHeader(raw) // bounds.go: a header of too many fields is read up to the bound
	manyFields := head != nil
	if head == nil {
		head = raw
	}
	head, tooLong := dropLongMIMEFields(head) // bounds.go: neither read nor used
	ent, err := message.Read(bytes.NewReader(head))
	if err != nil && !message.IsUnknownCharset(err) && !message.IsUnknownEncoding(err) {
		return nil, fmt.Errorf("mailer: %w: reading header: %w", ErrPermanent, err)
	}
	h := gomail.Header{Header: ent.Header}
	in := &Inbound{Raw: raw, Size: int64(len(raw))}

	in.MessageID, _ = h.MessageID()
	{
		head, body := splitHeader(raw)
		sum := sha256.Sum256(body)
		if in.MessageID == "" {
			in.MessageID = SenderHash(head, sum)
		}
		in.Digest = WriterDigest(head, sum)
	}
	in.From, in.FromName = parseFrom(h)
	in.To = addressList(h, "To")
	in.Recipients = append(slices.Clone(in.To), addressList(h, "Cc")...)
	if s, err := h.Subject(); err == nil {
		in.Subject = s
	} else {
		in.Subject = h.Get("Subject")
	}
	in.Subject = strings.TrimSpace(in.Subject)
	in.Date, _ = h.Date()
	if ids, _ := h.MsgIDList("In-Reply-To"); len(ids) > 0 {
		in.InReplyTo = ids[0]
	}
	in.References, _ = h.MsgIDList("References")
	in.AuthResults = h.Values("Authentication-Results")
	in.NoReply = noReplyReason(h, in.From, opts.OwnAddresses)

	if manyFields {
		in.Unreadable = fmt.Sprintf("its header has more than %d fields", MaxHeaderFields)
		return in, nil
	}
	if tooLong != "" {
		in.Unreadable = tooLong
		return in, nil
	}
	_, body := splitHeader(raw)
	plain, html, unreadable := findText(ent.Header, body)
	if unreadable != "" {
		in.Unreadable = unreadable // bounds.go: nothing of it is read
		return in, nil
	}
	text := plain
	if text == "" && html != "" {
		text = HTMLToText(html)
	}
	var toEnd bool
	in.Text, toEnd = ownWords(clipLines(collapseQuotes(text), MaxTextRead))
	// Cut inside a quote or below a signature, the cut lost none of the
	// sender's words: a long thread quoted whole is no mail too long.
	in.Clipped = len(text) > MaxTextRead && toEnd
	return in, nil
}

// parseFrom returns the lower-case From address and its display name. A From
// that net/mail cannot parse is still reported as well as can be guessed: the
// club decides whether to trust it, never the parser.
func parseFrom(h gomail.Header) (addr, name string) {
	if l, err := h.AddressList("From"); err == nil && len(l) > 0 {
		return strings.ToLower(l[0].Address), l[0].Name
	}
	v := h.Get("From")
	if i := strings.LastIndexByte(v, '<'); i >= 0 {
		if j := strings.IndexByte(v[i:], '>'); j > 0 {
			return strings.ToLower(strings.TrimSpace(v[i+1 : i+j])), strings.Trim(strings.TrimSpace(v[:i]), `"`)
		}
	}
	for _, f := range strings.Fields(v) {
		if strings.Contains(f, "@") {
			return strings.ToLower(strings.Trim(f, "<>\"(),;")), ""
		}
	}
	return "", ""
}

func addressList(h gomail.Header, key string) []string {
	var out []string
	if l, err := h.AddressList(key); err == nil {
		for _, a := range l {
			out = append(out, strings.ToLower(a.Address))
		}
		return out
	}
	// Fall back to the lenient net/mail parser per comma-separated item.
	for _, item := range strings.Split(h.Get(key), ",") {
		if a, err := mail.ParseAddress(strings.TrimSpace(item)); err == nil {
			out = append(out, strings.ToLower(a.Address))
		}
	}
	return out
}

// findText returns the first inline text/plain and text/html bodies of the
// mail whose header is head and body body, decoded to UTF-8. Attachments,
// including forwarded message/rfc822 parts, are never read: they are not
// the sender's words and may be large. A mail past the bounds on its
// structure (bounds.go) is unreadable: why says which.
func findText(head message.Header, body []byte) (plain, html, why string) {
	why = eachLeaf(head, body, func(h message.Header, body []byte) {
		t, params, _ := h.ContentType()
		if t == "" {
			t = "text/plain" // RFC 2045 section 5.2
		}
		disp, _, _ := h.ContentDisposition()
		// Once a plain text is found, nothing more is decoded.
		if plain != "" || disp == "attachment" || t != "text/plain" && (t != "text/html" || html != "") {
			return
		}
		part, err := message.New(h, bytes.NewReader(body)) // decodes the transfer encoding and charset
		if err != nil && !message.IsUnknownCharset(err) && !message.IsUnknownEncoding(err) {
			return
		}
		if t == "text/html" {
			html = readText(part.Body)
			return
		}
		plain = readText(part.Body)
		if strings.EqualFold(params["format"], "flowed") {
			plain = unflow(plain, strings.EqualFold(params["delsp"], "yes"))
		}
	})
	if why != "" {
		return "", "", why
	}
	return plain, html, ""
}

// clipLines cuts s after its last whole line within n bytes.
func clipLines(s string, n int) string {
	if len(s) <= n {
		return s
	}
	if i := strings.LastIndexByte(s[:n], '\n'); i >= 0 {
		return s[:i]
	}
	return s[:n]
}

// collapseQuotes writes each run of quoted lines (">") as one line ">":
// ownWords drops them all the same, and a reply written below a long
// quoted thread keeps its words within what postal reads (MaxTextRead).
func collapseQuotes(text string) string {
	if !strings.Contains(text, ">") {
		return text
	}
	var b strings.Builder
	b.Grow(min(len(text), MaxTextRead))
	quoting := false
	for rest := text; rest != ""; {
		line, after, _ := strings.Cut(rest, "\n")
		rest = after
		quoted := strings.HasPrefix(strings.TrimSpace(line), ">")
		if !quoted || !quoting {
			if b.Len() > 0 {
				b.WriteByte('\n')
			}
			if quoted {
				line = ">"
			}
			b.WriteString(line)
		}
		quoting = quoted
	}
	return b.String()
}

func readText(r io.Reader) string {
	b, err := io.ReadAll(io.LimitReader(r, maxTextBytes))
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && len(b) == 0 {
		return ""
	}
	if !utf8.Valid(b) {
		// An unknown or lying charset: keep the ASCII, mark the rest.
		b = bytes.ToValidUTF8(b, []byte("\uFFFD"))
	}
	s := strings.ReplaceAll(string(b), "\r\n", "\n")
	return fixC1(strings.ReplaceAll(s, "\r", "\n"))
}

// fixC1 maps C1 control characters (U+0080 to U+009F) to what
// windows-1252 has at those bytes. Outlook labels windows-1252 text as
// iso-8859-1, and every browser and mail client reads it as windows-1252
// (the WHATWG encoding standard does too): its en dash 0x96 would otherwise
// become an invisible control character.
func fixC1(s string) string {
	if !strings.ContainsFunc(s, isC1) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if isC1(r) {
			if w := charmap.Windows1252.DecodeByte(byte(r)); w != utf8.RuneError {
				return w
			}
		}
		return r
	}, s)
}

func isC1(r rune) bool { return r >= 0x80 && r <= 0x9f }

// unflow undoes RFC 3676 format=flowed, which Thunderbird and Apple Mail
// send: a line ending in a space continues on the next, so a long command
// wrapped by the mail client becomes one line again. Quoted lines are left
// alone; they are dropped later.
func unflow(s string, delsp bool) string {
	var out []string
	var para strings.Builder
	open := false
	flush := func() {
		if open {
			out = append(out, para.String())
			para.Reset()
			open = false
		}
	}
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(l, ">") {
			flush()
			out = append(out, l)
			continue
		}
		l = strings.TrimPrefix(l, " ") // space-stuffing
		if l != "-- " && strings.HasSuffix(l, " ") {
			if delsp {
				l = l[:len(l)-1]
			}
			para.WriteString(l)
			open = true
			continue
		}
		para.WriteString(l)
		open = true
		flush()
	}
	flush()
	return strings.Join(out, "\n")
}

// maxKeptHeader is the most of a header block kept of a message whose body
// is not: a header block that large is itself hostile.
const maxKeptHeader = 64 << 10

// splitHeader cuts raw after the blank line that ends its header block; a
// message without one is all header.
func splitHeader(raw []byte) (head, body []byte) {
	for i := 0; i < len(raw); i++ {
		if raw[i] != '\n' {
			continue
		}
		switch {
		case i+1 < len(raw) && raw[i+1] == '\n':
			return raw[:i+2], raw[i+2:]
		case i+2 < len(raw) && raw[i+1] == '\r' && raw[i+2] == '\n':
			return raw[:i+3], raw[i+3:]
		}
	}
	return raw, nil
}

// HeadersOnly is what the archive keeps of a message whose raw bytes it
// does not: the header block (at most 64 KiB of it) and the hex SHA-256 of
// the body.
func HeadersOnly(raw []byte) (headers []byte, bodySHA256 string) {
	head, body := splitHeader(raw)
	sum := sha256.Sum256(body)
	return clipHeader(head), hex.EncodeToString(sum[:])
}

// clipHeader cuts a header block to maxKeptHeader bytes.
func clipHeader(head []byte) []byte {
	if len(head) > maxKeptHeader {
		head = head[:maxKeptHeader]
	}
	return head
}

// headerLines yields the lines of head, without their line ends, each
// once: the callers stay linear however the fields are folded.
func headerLines(head []byte) iter.Seq[[]byte] {
	return func(yield func([]byte) bool) {
		for len(head) > 0 {
			line := head
			if i := bytes.IndexByte(head, '\n'); i >= 0 {
				line, head = head[:i], head[i+1:]
			} else {
				head = nil
			}
			if !yield(bytes.TrimSuffix(line, []byte("\r"))) {
				return
			}
		}
	}
}

// traceFields are the header fields mail servers add on the way, which
// differ between two deliveries of the same mail (RFC 5321 section 4.4,
// RFC 8601, RFC 8617) and the ones spam filters add.
var traceFields = map[string]bool{
	"received": true, "return-path": true, "delivered-to": true, "x-original-to": true,
	"authentication-results": true, "received-spf": true, "arc-seal": true,
	"arc-message-signature": true, "arc-authentication-results": true, "x-envelope-from": true,
	"x-envelope-to": true, "envelope-to": true,
}

// SenderHash identifies a message without Message-ID: "sha256:HEX" of the
// header fields its sender wrote (every field but those servers add on the
// way), in order, and of the body's SHA-256. The same mail delivered twice
// gets the same hash, so the second is recognised and skipped.
func SenderHash(head []byte, body [32]byte) string {
	h := sha256.New()
	open, keep := false, false // a field is being read; it is the sender's
	for line := range headerLines(head) {
		switch {
		case len(line) == 0:
		case (line[0] == ' ' || line[0] == '\t') && open:
			if keep {
				h.Write([]byte{' '})
				h.Write(bytes.TrimSpace(line))
			}
		default:
			if keep {
				h.Write([]byte{'\n'})
			}
			name, _, _ := bytes.Cut(line, []byte(":"))
			lower := strings.ToLower(string(bytes.TrimSpace(name)))
			open, keep = true, !traceFields[lower] && !strings.HasPrefix(lower, "x-spam") && !strings.HasPrefix(lower, "x-virus")
			if keep {
				h.Write(line)
			}
		}
	}
	if keep {
		h.Write([]byte{'\n'})
	}
	h.Write([]byte{'\n'})
	h.Write(body[:])
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// writerFields are the header fields a mail's writer sets, and no server
// on the way changes: what makes one mail another.
var writerFields = map[string]bool{
	"from": true, "sender": true, "reply-to": true, "to": true, "cc": true, "subject": true, "date": true,
	"message-id": true, "in-reply-to": true, "references": true,
	"mime-version": true, "content-type": true, "content-transfer-encoding": true,
}

// WriterDigest identifies a mail's content: "sha256:HEX" of its writer's
// header fields (writerFields), in order, and of its body's SHA-256. Two
// deliveries of one mail have the same, whatever servers added on the way
// (Received, Authentication-Results, a DKIM-Signature of a relay); a mail
// that claims the Message-ID of another has another (the club
// takes a mail for a duplicate only when both match).
func WriterDigest(head []byte, body [32]byte) string {
	h := sha256.New()
	open := false // the field being read is a writer's field
	for line := range headerLines(head) {
		switch {
		case len(line) == 0:
		case line[0] == ' ' || line[0] == '\t':
			if open {
				h.Write([]byte{' '})
				h.Write(bytes.TrimSpace(line))
			}
		default:
			if open {
				h.Write([]byte{'\n'})
			}
			name, value, _ := bytes.Cut(line, []byte(":"))
			open = writerFields[strings.ToLower(string(bytes.TrimSpace(name)))]
			if open {
				h.Write(bytes.ToLower(bytes.TrimSpace(name)))
				h.Write([]byte{':'})
				h.Write(bytes.TrimSpace(value))
			}
		}
	}
	if open {
		h.Write([]byte{'\n'})
	}
	h.Write([]byte{'\n'})
	h.Write(body[:])
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}
