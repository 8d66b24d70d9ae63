package mailer

import (
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// Hostile MIME structures (issue 32), each built as large as it can be
// within 1 MiB, the club's limit on mail read whole: the structures that
// cost most to read. Each is either refused as unreadable or read; the
// benchmark measures the worst (under 100 ms of CPU).

const hostileLimit = 1<<20 - 1024 // under the club's limit, with room for headers added on the way

const hostileHead = "From: mallory@evil.example\r\nTo: postal@demo.test\r\nSubject: hostile\r\nMessage-ID: <h@evil.example>\r\nMIME-Version: 1.0\r\n"

// nest opens levels multipart/mixed parts, each in the one before, with
// the shortest boundaries, and returns the builder.
func nest(b *strings.Builder, levels int) {
	for i := range levels {
		bd := strconv.FormatInt(int64(i), 36)
		fmt.Fprintf(b, "Content-Type:multipart/mixed;boundary=%s\r\n\r\n--%s\r\n", bd, bd)
	}
}

// fill repeats line until b holds about hostileLimit bytes, leaving tail
// room for what comes after.
func fill(b *strings.Builder, line string, tail int) {
	for b.Len()+len(line)+tail < hostileLimit {
		b.WriteString(line)
	}
}

// hostileShapes are the structures, by name; want is "" for a mail read as
// usual, else a word of why it is unreadable.
var hostileShapes = []struct {
	name, want string
	build      func() string
}{
	{"nested-20000", "nested", func() string {
		var b strings.Builder
		b.WriteString(hostileHead)
		nest(&b, 20000)
		b.WriteString("Content-Type: text/plain\r\n\r\nstatus\r\n")
		return b.String()
	}},
	{"nested-deepest-allowed", "nested", func() string {
		// As deep as allowed, then one more level at the very end: every
		// byte before is read through 20 readers first.
		var b strings.Builder
		b.WriteString(hostileHead)
		nest(&b, MaxNesting)
		b.WriteString("Content-Type: application/octet-stream\r\n\r\n")
		fill(&b, strings.Repeat("x", 76)+"\r\n", 200)
		b.WriteString("\r\n--" + strconv.FormatInt(MaxNesting-1, 36) + "\r\n")
		nest(&b, 2)
		return b.String()
	}},
	{"parts-100000", "more than", func() string {
		var b strings.Builder
		b.WriteString(hostileHead + "Content-Type: multipart/mixed; boundary=b\r\n\r\n")
		fill(&b, "--b\r\n\r\n", 10)
		return b.String()
	}},
	{"parts-500-at-depth-19", "", func() string {
		var b strings.Builder
		b.WriteString(hostileHead)
		nest(&b, MaxNesting-1)
		body := strings.Repeat(strings.Repeat("y", 76)+"\r\n", 20)
		for range MaxParts - MaxNesting {
			b.WriteString("Content-Type: application/octet-stream\r\n\r\n" + body + "--" + strconv.FormatInt(MaxNesting-2, 36) + "\r\n")
		}
		b.WriteString("Content-Type: text/plain\r\n\r\nstatus\r\n")
		return b.String()
	}},
	{"boundary-lookalikes-at-depth-19", "", func() string {
		// Lines that almost close each level: every reader around looks.
		var b strings.Builder
		b.WriteString(hostileHead)
		nest(&b, MaxNesting-1)
		b.WriteString("Content-Type: text/plain\r\n\r\nstatus\r\n")
		var look strings.Builder
		for i := range MaxNesting - 1 {
			look.WriteString("--" + strconv.FormatInt(int64(i), 36) + "x\r\n")
		}
		fill(&b, look.String(), 10)
		return b.String()
	}},
	{"base64-text-at-depth-19", "", func() string {
		var b strings.Builder
		b.WriteString(hostileHead)
		nest(&b, MaxNesting-1)
		b.WriteString("Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n")
		line := base64.StdEncoding.EncodeToString([]byte(strings.Repeat("status ", 9))[:57]) + "\r\n"
		fill(&b, line, 10)
		return b.String()
	}},
	{"header-fields-at-the-bound", "", func() string {
		var b strings.Builder
		b.WriteString(hostileHead)
		for range MaxHeaderFields - 5 {
			b.WriteString("Received: from mx" + strings.Repeat("x", 900) + "\r\n")
		}
		b.WriteString("\r\nstatus\r\n")
		return b.String()
	}},
	{"header-continuations", "", func() string {
		var b strings.Builder
		b.WriteString(hostileHead + "X-Long: a")
		fill(&b, "\r\n a", 20)
		b.WriteString("\r\n\r\nstatus\r\n")
		return b.String()
	}},
	{"header-continuations-without-message-id", "", func() string {
		// No Message-ID: the mail is named by the hash of its header
		// fields, unfolded (issue 32, finding 1: each line grew the field).
		var b strings.Builder
		b.WriteString(strings.Replace(hostileHead, "Message-ID: <h@evil.example>\r\n", "", 1) + "X-Long: a")
		fill(&b, "\r\n a", 20)
		b.WriteString("\r\n\r\nstatus\r\n")
		return b.String()
	}},
	{"content-type-folded-params", "Content-Type field is longer", func() string {
		var b strings.Builder
		b.WriteString(hostileHead + "Content-Type: text/plain; charset=utf-8")
		fill(&b, ";\r\n a=b", 20)
		b.WriteString("\r\n\r\nstatus\r\n")
		return b.String()
	}},
	{"part-content-type-folded-params", "Content-Type field is longer", func() string {
		var b strings.Builder
		b.WriteString(hostileHead + "Content-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\nContent-Type: text/plain; charset=utf-8")
		fill(&b, ";\r\n a=b", 20)
		b.WriteString("\r\n\r\nstatus\r\n--b--\r\n")
		return b.String()
	}},
	{"quoted-printable-html", "", func() string {
		var b strings.Builder
		b.WriteString(hostileHead + "Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n")
		fill(&b, "<div><blockquote>=3Cb=3E&amp;<p>x</p></blockquote></div>=\r\n", 10)
		return b.String()
	}},
	{"header-fields-1MiB", "header has more than", func() string {
		var b strings.Builder
		b.WriteString(hostileHead)
		for b.Len() < hostileLimit-100 {
			b.WriteString("X-A: a\r\n")
		}
		b.WriteString("\r\nstatus\r\n")
		return b.String()
	}},
}

// Every hostile shape is within 1 MiB, and those past a bound are
// unreadable: no text, and the reason.
func TestHostileShapes(t *testing.T) {
	for _, s := range hostileShapes {
		raw := s.build()
		if len(raw) > hostileLimit {
			t.Fatalf("%s: %d bytes, over %d", s.name, len(raw), hostileLimit)
		}
		in, err := ParseMessage([]byte(raw), ParseOptions{})
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		switch {
		case s.want == "" && in.Unreadable != "":
			t.Errorf("%s: unreadable (%s)", s.name, in.Unreadable)
		case s.want != "" && (!strings.Contains(in.Unreadable, s.want) || in.Text != ""):
			t.Errorf("%s: Unreadable %q, text %.40q; want %q", s.name, in.Unreadable, in.Text, s.want)
		}
	}
}

// A mail nested exactly MaxNesting deep, with MaxParts parts, is read.
func TestBoundsAllowUsualMail(t *testing.T) {
	var b strings.Builder
	b.WriteString(hostileHead)
	nest(&b, MaxNesting)
	for range MaxParts - MaxNesting - 1 {
		b.WriteString("Content-Type: text/plain\r\n\r\nstatus\r\n--" + strconv.FormatInt(MaxNesting-1, 36) + "\r\n")
	}
	b.WriteString("Content-Type: text/plain\r\n\r\nlast\r\n")
	in, err := ParseMessage([]byte(b.String()), ParseOptions{})
	if err != nil || in.Unreadable != "" || in.Text != "status" {
		t.Errorf("a mail at the bounds: %v, unreadable %q, text %q", err, in.Unreadable, in.Text)
	}
}

// BenchmarkParseHostile reads each hostile shape; the worst must stay
// under 100 ms a mail (issue 32).
func BenchmarkParseHostile(b *testing.B) {
	for _, s := range hostileShapes {
		raw := []byte(s.build())
		b.Run(s.name, func(b *testing.B) {
			b.SetBytes(int64(len(raw)))
			for b.Loop() {
				if _, err := ParseMessage(raw, ParseOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// A Content-Type or Content-Disposition longer than MaxMIMEField is cut
// from the header before it is read (issue 32, F1: reading one builds a
// map of its parameters); the other fields and the body stay.
func TestDropLongMIMEFields(t *testing.T) {
	long := "Content-Type: text/plain" + strings.Repeat(";\r\n a=b", MaxMIMEField/4) + "\r\n"
	for _, tc := range []struct{ what, head, want, why string }{
		{"usual", "A: 1\r\nContent-Type: text/plain\r\n\r\nbody", "A: 1\r\nContent-Type: text/plain\r\n\r\nbody", ""},
		{"long, in the middle", "A: 1\r\n" + long + "B: 2\r\n\r\nbody", "A: 1\r\nB: 2\r\n\r\nbody", "Content-Type"},
		{"long, last", "A: 1\r\n" + long + "\r\nbody", "A: 1\r\n\r\nbody", "Content-Type"},
		{"long, first, with a long disposition", long + "Content-Disposition: inline; filename=" + strings.Repeat("x", MaxMIMEField) + "\r\nB: 2\n\nbody", "B: 2\n\nbody", "Content-Type"},
		{"long, no line end", "A: 1\r\n" + strings.TrimSuffix(long, "\r\n"), "A: 1\r\n", "Content-Type"},
	} {
		got, why := dropLongMIMEFields([]byte(tc.head))
		if string(got) != tc.want || !strings.Contains(why, tc.why) || (tc.why == "") != (why == "") {
			t.Errorf("%s: %.80q (%q), want %.80q (%q)", tc.what, got, why, tc.want, tc.why)
		}
	}
}
