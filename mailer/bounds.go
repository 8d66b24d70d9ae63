package mailer

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"

	"github.com/emersion/go-message"
	"github.com/emersion/go-message/textproto"
)

// Bounds on a mail's MIME structure. Read the usual way, a part
// inside multipart parts is read through a reader for each of them, so a
// mail costs its size times its depth: 20,000 levels in 1 MB took 30 s of
// CPU. postal reads the structure itself, in one pass over the mail: each
// line that starts with "--" is looked up among the boundaries open at that
// point, and each part's depth and the number of parts are checked as its
// header is read, before anything of it is decoded. Past either bound the
// mail is unreadable, and not one word of it is used. Only the text part
// found is then decoded, on its own.
const (
	// MaxNesting is how deep parts may be nested: mail clients nest three
	// or four levels (mixed, related, alternative), forwards a few more.
	MaxNesting = 20
	// MaxParts is how many parts a mail may have, all levels together.
	MaxParts = 500
	// MaxHeaderFields is how many fields a mail's header may have: a mail
	// that crossed many servers has some tens, and each field costs its
	// reading (30,000 in 1 MiB took 50 ms). The header of a mail with more
	// is read up to the bound, for whom to answer, and the mail is
	// unreadable.
	MaxHeaderFields = 1000
	// MaxMIMEField is the longest a Content-Type or Content-Disposition
	// field may be, in the mail's header or a part's: each reading of one
	// builds a map of its parameters, and 200,000 of them in 1 MiB cost
	// 50 ms a mail. Mail clients write a few hundred bytes;
	// a long file name, split by RFC 2231, some more.
	MaxMIMEField = 8 << 10
)

// dropLongMIMEFields returns head without its Content-Type and
// Content-Disposition fields when one is longer than MaxMIMEField, and
// why; else head as it is. Reading the header reads its Content-Type, so
// the field must go before.
func dropLongMIMEFields(head []byte) ([]byte, string) {
	var why string
	var out []byte
	start, drop := -1, false // the field being read: where it starts, whether it goes
	keep := func(end int) {
		if start >= 0 && !drop && out != nil {
			out = append(out, head[start:end]...)
		}
	}
	for pos := 0; pos <= len(head); {
		end := bytes.IndexByte(head[pos:], '\n')
		if end < 0 {
			end = len(head) - pos
		}
		line := bytes.TrimSuffix(head[pos:pos+end], []byte("\r"))
		if pos < len(head) && len(line) > 0 && (line[0] == ' ' || line[0] == '\t') {
			pos = min(pos+end+1, len(head))
			continue
		}
		// A field (or the header's end) starts at pos: the one before is whole.
		if start >= 0 && isMIMEField(head[start:]) && pos-start > MaxMIMEField {
			if why == "" {
				name, _, _ := bytes.Cut(head[start:], []byte(":"))
				why = fmt.Sprintf("its %s field is longer than %d KiB", bytes.TrimSpace(name), MaxMIMEField>>10)
				out = append(make([]byte, 0, len(head)), head[:start]...)
			}
			drop = true
		}
		keep(pos)
		if pos >= len(head) || len(line) == 0 {
			if out != nil {
				out = append(out, head[min(pos, len(head)):]...)
				return out, why
			}
			return head, ""
		}
		start, drop = pos, false
		pos = min(pos+end+1, len(head)) // a last line without its end is read once more as the end
	}
	return head, ""
}

// isMIMEField reports whether the field at the start of b is a
// Content-Type or Content-Disposition.
func isMIMEField(b []byte) bool {
	name, _, ok := bytes.Cut(b[:min(len(b), 40)], []byte(":"))
	if !ok {
		return false
	}
	name = bytes.TrimSpace(name)
	return bytes.EqualFold(name, []byte("content-type")) || bytes.EqualFold(name, []byte("content-disposition"))
}

// mimeFieldsBound says why h's Content-Type or Content-Disposition is too
// long to read, or "" when neither is.
func mimeFieldsBound(h message.Header) string {
	for _, name := range []string{"Content-Type", "Content-Disposition"} {
		if len(h.Get(name)) > MaxMIMEField {
			return fmt.Sprintf("its %s field is longer than %d KiB", name, MaxMIMEField>>10)
		}
	}
	return ""
}

// boundHeader returns raw's header block cut after MaxHeaderFields fields,
// with the blank line that ends a header, when it has more; else nil.
func boundHeader(raw []byte) []byte {
	fields := 0
	for pos := 0; pos < len(raw); {
		end := bytes.IndexByte(raw[pos:], '\n')
		if end < 0 {
			end = len(raw) - pos
		}
		line := bytes.TrimSuffix(raw[pos:pos+end], []byte("\r"))
		switch {
		case len(line) == 0:
			return nil // the end of the header
		case line[0] != ' ' && line[0] != '\t':
			if fields++; fields > MaxHeaderFields {
				return append(raw[:pos:pos], "\r\n"...)
			}
		}
		pos += end + 1
	}
	return nil
}

// leafFunc is called with each part that is not multipart, in order: its
// header and its body, still encoded.
type leafFunc func(h message.Header, body []byte)

// eachLeaf calls fn with each leaf part of the mail whose header is head
// and body body. The whole structure is read, whatever fn found: why is set
// when it passed a bound, and fn may have been called for parts before,
// which the caller must not use.
func eachLeaf(head message.Header, body []byte, fn leafFunc) (why string) {
	b, ok := multipartBoundary(head)
	if !ok {
		fn(head, body)
		return ""
	}
	w := &walk{body: body, open: map[string]int{}}
	w.push(b)
	parts := 1
	var leaf *message.Header // the part being read, when a leaf
	leafStart := 0
	for w.pos < len(body) {
		line, next := w.line()
		level, closing := w.delimiter(line)
		if level < 0 {
			w.pos = next
			continue
		}
		if leaf != nil {
			fn(*leaf, trimNewline(body[leafStart:w.pos]))
		}
		leaf = nil
		w.popTo(level + 1)
		w.pos = next
		if closing {
			w.popTo(level) // what follows is the epilogue, until a delimiter further out
			continue
		}
		parts++
		depth := level + 1
		switch {
		case depth > MaxNesting:
			return fmt.Sprintf("its MIME parts are nested more than %d levels deep", MaxNesting)
		case parts > MaxParts:
			return fmt.Sprintf("it has more than %d MIME parts", MaxParts)
		}
		h, err := w.header()
		if err != nil {
			return "" // a broken structure ends the reading: what was read stands
		}
		if why := mimeFieldsBound(h); why != "" {
			return "a part of it: " + why
		}
		if b, ok := multipartBoundary(h); ok {
			w.push(b) // its preamble is skipped, up to its first delimiter
			continue
		}
		leaf, leafStart = &h, w.pos
	}
	if leaf != nil {
		fn(*leaf, trimNewline(body[leafStart:]))
	}
	return ""
}

// walk is the state of eachLeaf's pass: where it is in body, and the
// boundaries of the multipart parts open there, outermost first.
type walk struct {
	body  []byte
	pos   int
	stack []string
	open  map[string]int // boundary -> its innermost place in stack
}

func (w *walk) push(boundary string) {
	w.open[boundary] = len(w.stack)
	w.stack = append(w.stack, boundary)
}

// popTo closes the parts from stack[n] inwards.
func (w *walk) popTo(n int) {
	for len(w.stack) > n {
		b := w.stack[len(w.stack)-1]
		w.stack = w.stack[:len(w.stack)-1]
		delete(w.open, b)
		for i := len(w.stack) - 1; i >= 0; i-- {
			if w.stack[i] == b { // the same boundary further out is open again
				w.open[b] = i
				break
			}
		}
	}
}

// line returns the line at pos without its end, and where the next begins.
func (w *walk) line() (line []byte, next int) {
	end := bytes.IndexByte(w.body[w.pos:], '\n')
	if end < 0 {
		return w.body[w.pos:], len(w.body)
	}
	return bytes.TrimSuffix(w.body[w.pos:w.pos+end], []byte("\r")), w.pos + end + 1
}

// delimiter reports which open part line delimits (its place in stack), and
// whether it closes it; -1 when it is no delimiter. A delimiter is "--",
// the boundary and, to close, "--", then only white space (RFC 2046 section
// 5.1.1).
func (w *walk) delimiter(line []byte) (level int, closing bool) {
	if len(line) < 3 || line[0] != '-' || line[1] != '-' {
		return -1, false
	}
	rest := bytes.TrimRight(line[2:], " \t")
	if i, ok := w.open[string(rest)]; ok {
		return i, false
	}
	if b, ok := bytes.CutSuffix(rest, []byte("--")); ok {
		if i, ok := w.open[string(b)]; ok {
			return i, true
		}
	}
	return -1, false
}

// header reads a part's header at pos, up to the blank line that ends it,
// and moves pos past it.
func (w *walk) header() (message.Header, error) {
	start := w.pos
	for w.pos < len(w.body) {
		line, next := w.line()
		w.pos = next
		if len(line) == 0 {
			break
		}
	}
	h, err := textproto.ReadHeader(bufio.NewReader(bytes.NewReader(w.body[start:w.pos])))
	return message.Header{Header: h}, err
}

// multipartBoundary is the boundary of a multipart part's header.
func multipartBoundary(h message.Header) (string, bool) {
	t, params, _ := h.ContentType()
	b := params["boundary"]
	return b, strings.HasPrefix(t, "multipart/") && b != ""
}

// trimNewline drops the line end before a delimiter, which belongs to it.
func trimNewline(b []byte) []byte {
	b = bytes.TrimSuffix(b, []byte("\n"))
	return bytes.TrimSuffix(b, []byte("\r"))
}
