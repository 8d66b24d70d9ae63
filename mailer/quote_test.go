package mailer

import (
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"
)

func TestOwnWords(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain", "e4\n", "e4"},
		{"quoted lines", "> old move\ne4\n>> older\n", "e4"},
		{"signature", "e4\n-- \nAlice\nAlice's Phone", "e4"},
		{"signature without space", "e4\n--\nAlice", "e4"},
		{"double dash in text stays", "e4 -- a gambit\nmore", "e4 -- a gambit\nmore"},
		{"top posting gmail", "e4\n\nOn Sun, Nov 22, 2026 at 8:00 AM postal <postal@demo.test> wrote:\n> d4\n", "e4"},
		{"bottom posting", "On Sun, Nov 22, 2026, postal wrote:\n> Your move.\n> d4\n\nNf6\n", "Nf6"},
		{"wrapped attribution", "Nf6\n\nOn Sun, 22 Nov 2026 at 10:00, postal club <postal@demo.test>\nwrote:\n> d4", "Nf6"},
		{"unquoted original after attribution", "Nf6\nOn Sun, 22 Nov 2026, postal wrote:\nresign\n", "Nf6"},
		{"german", "Sf6\n\nAm 22.11.2026 um 08:00 schrieb postal <postal@demo.test>:\naufgeben\n", "Sf6"},
		{"french", "Cf6\n\nLe dim. 22 nov. 2026 à 08:00, postal <postal@demo.test> a écrit :\nabandon\n", "Cf6"},
		{"outlook original message", "e4\n\n-----Original Message-----\nFrom: postal\nresign", "e4"},
		{"outlook header block", "e4\n\nFrom: postal <postal@demo.test>\nSent: Sunday, November 22, 2026 8:00 AM\nTo: Bob\nSubject: Game\n\nresign", "e4"},
		{"outlook german header block", "e4\n\nVon: postal <postal@demo.test>\nGesendet: Sonntag, 22. November 2026 08:00\nAn: Bob\nBetreff: Partie\n\naufgeben", "e4"},
		{"a lone From: line is words", "From: the start position\ne4", "From: the start position\ne4"},
		{"thunderbird forward", "status\n\n-------- Forwarded Message --------\nSubject: x\n\nresign", "status"},
		{"apple forward", "status\n\nBegin forwarded message:\n\nresign", "status"},
		{"on that is not an attribution", "On second thought, resign", "On second thought, resign"},
		{"crlf", "e4\r\n> d4\r\n", "e4"},
		{"blank lines trimmed", "\n\n  e4\n\n\n", "  e4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := OwnWords(tt.in); got != tt.want {
				t.Errorf("OwnWords(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestHTMLToText(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"entities", "<p>a &amp; b &lt;c&gt; &eacute;&#233;&#x263A;</p>", "a & b <c> éé☺"},
		{"inline tags join", "Nx<b>f7</b>+ <i>check</i>", "Nxf7+ check"},
		{"br and div", "<div>e4</div><div>d4<br>c4</div>", "e4\nd4\nc4"},
		{"paragraphs", "<p>one</p><p>two</p>", "one\n\ntwo"},
		{"lists", "<ul><li>e4</li><li>d4</li></ul>", "- e4\n- d4"},
		{"dropped elements", "<head><title>t</title><style>x{}</style></head><script>alert(1)</script>e4", "e4"},
		{"blockquote dropped", "Nf6<blockquote>d4<blockquote>e4</blockquote>c4</blockquote>", "Nf6"},
		{"comments", "e4<!-- d4 -->", "e4"},
		{"whitespace collapses", "<p>\n  e4\n   and   d4\n</p>", "e4 and d4"},
		{"pre keeps lines", "<pre>a  b\n c</pre>", "a  b\n c"},
		{"table cells", "<table><tr><td>1.</td><td>e4</td></tr><tr><td>2.</td><td>d4</td></tr></table>", "1. e4\n2. d4"},
		{"unclosed tag", "e4 <b", "e4"},
		{"uppercase", "<P>e4<BR/>d4</P>", "e4\nd4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := HTMLToText(tt.in); got != tt.want {
				t.Errorf("HTMLToText(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func FuzzParseMessage(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.eml")
	for _, file := range files {
		raw, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(raw)
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		in, err := ParseMessage(raw, demoOpts)
		if err != nil {
			return
		}
		if in.MessageID == "" {
			t.Error("empty MessageID")
		}
		if !utf8.ValidString(in.Text) {
			t.Errorf("Text is not UTF-8: %q", in.Text)
		}
	})
}

func FuzzHTMLToText(f *testing.F) {
	f.Add("<p>a &amp; b</p><blockquote>x</blockquote><br>")
	f.Add("<<<>>><!--")
	f.Fuzz(func(t *testing.T, s string) {
		HTMLToText(s) // must not panic
	})
}
