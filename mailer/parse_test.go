package mailer

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

var demoOpts = ParseOptions{OwnAddresses: []string{"postal@demo.test"}}

func parseFile(t *testing.T, name string) *Inbound {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	in, err := ParseMessage(raw, demoOpts)
	if err != nil {
		t.Fatalf("ParseMessage(%s): %v", name, err)
	}
	if !bytes.Equal(in.Raw, raw) {
		t.Errorf("%s: Raw is not the message as received", name)
	}
	return in
}

// TestParseMessage asserts the fields the club relies on for each kind of
// hostile or odd mail in testdata.
func TestParseMessage(t *testing.T) {
	tests := []struct {
		file      string
		from      string
		fromName  string
		subject   string
		messageID string
		text      string
		noReply   string // a substring of NoReply; "" means it must be empty
	}{
		{"html-only.eml", "alice@demo.test", "Alice Example", "Re: [postal] Game 42: your move", "html-only-1@mail.demo.test",
			"play e2-e4\nand I offer a draw & a rematch later\n\nThanks <3", ""},
		{"latin1-qp.eml", "juergen@example.de", "Jürgen Müller", "Zug für Partie 7", "latin1-qp@example.de",
			"Ich spiele Sf3 und grüße schön.\nEine sehr lange Zeile, die mit einem weichen Umbruch fortgesetzt wird, weil sie zu lang ist.", ""},
		{"base64.eml", "bob@demo.test", "Bob", "Élève: move ♞", "base64-1@demo.test",
			"resign\n\nJust kidding: Nxf7+ ♞", ""},
		{"reply-quoting.eml", "carol@demo.test", "", "Re: [postal] Game 7: carol to move", "reply-quoting@demo.test",
			"Nf6\n\nI think that holds.", ""},
		{"forwarded.eml", "alice@demo.test", "Alice", "Fwd: [postal] Game 42: your move", "forwarded@demo.test",
			"status", ""},
		{"outlook-reply.eml", "bob@demo.test", "Bob", "RE: [postal] Game 42: your move", "outlook-reply@demo.test",
			"c7-c5", ""},
		{"german-reply.eml", "bob@demo.test", "Bob", "AW: Partie 42", "german-reply@demo.test",
			"d7-d5", ""},
		{"alternative.eml", "alice@demo.test", "Alice", "Re: [postal] Game 42", "alternative@demo.test",
			"Qxf7 – checkmate, I believe.", ""},
		{"flowed.eml", "carol@demo.test", "Carol", "Re: [postal] Game 7", "flowed@demo.test",
			"I play Nf6 and offer a draw, which I think is fair given the position.\nFrom now on I play faster.", ""},
		{"outlook-html.eml", "bob@demo.test", "Bob", "AW: [postal] Game 42: your move", "AM0PR01MB1234@eurprd01.prod.outlook.com",
			"Le4 – Springer nach e4", ""},
		{"autoreply.eml", "bob@demo.test", "Bob", "Out of office: [postal] Game 42: your move", "autoreply@demo.test",
			"I am away until Monday and will play then.", "Auto-Submitted: auto-replied"},
		{"bounce.eml", "mailer-daemon@mx.example.org", "Mail Delivery System", "Undelivered Mail Returned to Sender", "bounce-1@mx.example.org",
			"I'm sorry to have to inform you that your message could not\nbe delivered to one or more recipients.\n\n<nobody@example.org>: host mx.example.org said: 550 5.1.1 unknown user", "bounce"},
		{"list.eml", "news@lists.example.org", "Chess News", "[chess-news] Weekly digest", "digest-48@lists.example.org",
			"new game", "Precedence: list"},
		{"self.eml", "postal+g42@demo.test", "postal club", "[postal] Game 42: your move", "postal-42-7@demo.test",
			"Your move, Alice.", "own address"},
		// The parser reports From as given; deciding whether to trust it
		// (Authentication-Results, Sender) is the club's job.
		{"forged-from.eml", "alice@demo.test", "Alice", "Re: [postal] Game 42", "forged@evil.example",
			"resign", ""},
		{"no-message-id.eml", "carol@demo.test", "", "help", "", "help", ""},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			in := parseFile(t, tt.file)
			if in.From != tt.from {
				t.Errorf("From = %q, want %q", in.From, tt.from)
			}
			if in.FromName != tt.fromName {
				t.Errorf("FromName = %q, want %q", in.FromName, tt.fromName)
			}
			if in.Subject != tt.subject {
				t.Errorf("Subject = %q, want %q", in.Subject, tt.subject)
			}
			if tt.messageID == "" {
				if !strings.HasPrefix(in.MessageID, "sha256:") || len(in.MessageID) != len("sha256:")+64 {
					t.Errorf("MessageID = %q, want sha256:HEX of the raw message", in.MessageID)
				}
			} else if in.MessageID != tt.messageID {
				t.Errorf("MessageID = %q, want %q", in.MessageID, tt.messageID)
			}
			if in.Text != tt.text {
				t.Errorf("Text = %q, want %q", in.Text, tt.text)
			}
			switch {
			case tt.noReply == "" && in.NoReply != "":
				t.Errorf("NoReply = %q, want empty", in.NoReply)
			case tt.noReply != "" && !strings.Contains(in.NoReply, tt.noReply):
				t.Errorf("NoReply = %q, want it to mention %q", in.NoReply, tt.noReply)
			}
		})
	}
}

// TestParseMessageGolden compares every parsed testdata message with its
// golden file; go test -run Golden -update rewrites them.
func TestParseMessageGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*.eml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	for _, f := range files {
		name := filepath.Base(f)
		t.Run(name, func(t *testing.T) {
			in := parseFile(t, name)
			in.Raw = nil
			got, err := json.MarshalIndent(in, "", "\t")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			golden := strings.TrimSuffix(f, ".eml") + ".golden"
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("parsed %s differs from %s:\ngot:\n%s\nwant:\n%s", name, golden, got, want)
			}
		})
	}
}

func TestParseMessageHeaders(t *testing.T) {
	in := parseFile(t, "html-only.eml")
	if in.InReplyTo != "postal-42-7@demo.test" {
		t.Errorf("InReplyTo = %q", in.InReplyTo)
	}
	if want := []string{"postal-42-1@demo.test", "postal-42-7@demo.test"}; !slices.Equal(in.References, want) {
		t.Errorf("References = %q, want %q", in.References, want)
	}
	if want := time.Date(2026, 11, 22, 8, 1, 2, 0, time.UTC); !in.Date.Equal(want) {
		t.Errorf("Date = %v, want %v", in.Date, want)
	}
	if want := []string{"postal+g42@demo.test"}; !slices.Equal(in.Recipients, want) {
		t.Errorf("Recipients = %q, want %q", in.Recipients, want)
	}

	in = parseFile(t, "base64.eml")
	if want := []string{"postal@demo.test", "carol@demo.test"}; !slices.Equal(in.To, want) {
		t.Errorf("To = %q, want %q", in.To, want)
	}
	if want := []string{"postal@demo.test", "carol@demo.test", "alice@demo.test"}; !slices.Equal(in.Recipients, want) {
		t.Errorf("Recipients = %q, want %q", in.Recipients, want)
	}

	in = parseFile(t, "forged-from.eml")
	if len(in.AuthResults) != 1 || !strings.Contains(in.AuthResults[0], "dmarc=fail") {
		t.Errorf("AuthResults = %q, want the dmarc=fail header", in.AuthResults)
	}
}

// TestParseMessageNoMessageIDStable: the fallback ID identifies the message,
// so a redelivered copy is recognised and a different one is not.
func TestParseMessageNoMessageIDStable(t *testing.T) {
	raw, err := os.ReadFile("testdata/no-message-id.eml")
	if err != nil {
		t.Fatal(err)
	}
	a, _ := ParseMessage(raw, demoOpts)
	b, _ := ParseMessage(slices.Clone(raw), demoOpts)
	c, _ := ParseMessage(append(slices.Clone(raw), "more\n"...), demoOpts)
	if a.MessageID != b.MessageID {
		t.Errorf("same message, different IDs %q and %q", a.MessageID, b.MessageID)
	}
	if a.MessageID == c.MessageID {
		t.Errorf("different messages, same ID %q", a.MessageID)
	}
}

// TestParseMessageLargeAttachment: an 8 MiB attachment is skipped, not read
// into Text, and the words before it survive.
func TestParseMessageLargeAttachment(t *testing.T) {
	var b bytes.Buffer
	b.WriteString("From: Alice <alice@demo.test>\r\nTo: postal@demo.test\r\nSubject: with a big file\r\n" +
		"Message-ID: <big@demo.test>\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"b\"\r\n\r\n" +
		"--b\r\nContent-Type: text/plain; charset=utf-8\r\n\r\ne4\r\n" +
		"--b\r\nContent-Type: application/octet-stream; name=\"big.bin\"\r\nContent-Disposition: attachment; filename=\"big.bin\"\r\n" +
		"Content-Transfer-Encoding: base64\r\n\r\n")
	line := strings.Repeat("QUJD", 19) + "\r\n" // 76 characters, 57 bytes decoded
	for b.Len() < 8<<20*4/3 {
		b.WriteString(line)
	}
	b.WriteString("--b--\r\n")
	in, err := ParseMessage(b.Bytes(), demoOpts)
	if err != nil {
		t.Fatal(err)
	}
	if in.Text != "e4" || in.MessageID != "big@demo.test" || in.From != "alice@demo.test" {
		t.Errorf("got Text %q, MessageID %q, From %q", in.Text, in.MessageID, in.From)
	}
	if len(in.Raw) < 8<<20 {
		t.Errorf("Raw has %d bytes, want the whole message", len(in.Raw))
	}
}

func TestParseMessageBadHeader(t *testing.T) {
	_, err := ParseMessage([]byte("this is not a header line at all\x00\n"), demoOpts)
	if err == nil {
		// The lenient reader may accept it; then it must still not panic
		// and give a sha256 ID. Only a hard error must wrap ErrPermanent.
		return
	}
	if !strings.Contains(err.Error(), "mailer:") {
		t.Errorf("error %q lacks the package prefix", err)
	}
}

// Mail of a mailing list is never answered, whichever of the list's
// fields it carries (RFC 3834 section 2; RFC 2919, RFC 2369): a list that
// sends List-Unsubscribe alone is a list too.
func TestListMailIsNotAnswered(t *testing.T) {
	for _, field := range []string{"List-Id: <chess.lists.example.org>", "List-Unsubscribe: <mailto:leave@lists.example.org>",
		"List-Post: <mailto:chess@lists.example.org>", "List-Help: <https://lists.example.org/help>"} {
		raw := "From: news@lists.example.org\r\nTo: postal@demo.test\r\nSubject: digest\r\nMessage-ID: <d1@lists.example.org>\r\n" + field + "\r\n\r\nnew game\r\n"
		in, err := ParseMessage([]byte(raw), demoOpts)
		if err != nil {
			t.Fatal(err)
		}
		if name, _, _ := strings.Cut(field, ":"); !strings.Contains(in.NoReply, "mailing list: "+name) {
			t.Errorf("%s: NoReply = %q, want a mailing list's", field, in.NoReply)
		}
	}
}

// A text part longer than postal reads is cut at its last whole line
// before MaxTextRead, and says so (Clipped), in plain text as in HTML; a
// text within it is whole.
func TestParseMessageClipsLongText(t *testing.T) {
	head := "From: a@example.org\r\nTo: postal@demo.test\r\nSubject: x\r\nMessage-ID: <c@x>\r\n"
	for _, c := range []struct {
		name, kind, body string
		clipped          bool
		last             string
	}{
		{"short", "text/plain", "status\r\nboard 1\r\n", false, "board 1"},
		{"long line", "text/plain", "status\r\n" + strings.Repeat("x", MaxTextRead+10) + "\r\nboard 1\r\n", true, "status"},
		{"many lines", "text/plain", strings.Repeat("board 1\r\n", MaxTextRead/8+100), true, "board 1"},
		{"html", "text/html", "<p>status</p><p>" + strings.Repeat("y", MaxTextRead+10) + "</p><p>board 1</p>", true, "status"},
		// A reply quoting a long thread, on top or below, or a long
		// signature: the cut took none of the sender's words.
		{"quoted thread", "text/plain", "board 1\r\n\r\nOn Mon, 7 Dec 2026, postal wrote:\r\n" + strings.Repeat("> Your move in game #1.\r\n", MaxTextRead/20), false, "board 1"},
		{"outlook", "text/plain", "board 1\r\n\r\n-----Original Message-----\r\n" + strings.Repeat("Your move in game #1.\r\n", MaxTextRead/20), false, "board 1"},
		{"signature", "text/plain", "board 1\r\n-- \r\n" + strings.Repeat("a long signature\r\n", MaxTextRead/15), false, "board 1"},
		{"answer below a long quote", "text/plain", "On Mon, 7 Dec 2026, postal wrote:\r\n" + strings.Repeat("> > > an old quoted line of the thread\r\n", MaxTextRead/20) + "\r\nPd3-d4\r\n-- \r\nalice\r\n", false, "Pd3-d4"},
		{"answer below a quote", "text/plain", strings.Repeat("> Your move in game #1.\r\n", MaxTextRead/30) + "board 1\r\n" + strings.Repeat("x", MaxTextRead) + "\r\n", true, "board 1"},
	} {
		in, err := ParseMessage([]byte(head+"Content-Type: "+c.kind+"; charset=utf-8\r\n\r\n"+c.body), ParseOptions{})
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(in.Text), "\n")
		if in.Clipped != c.clipped || strings.TrimSpace(lines[len(lines)-1]) != c.last || len(in.Text) > MaxTextRead {
			t.Errorf("%s: clipped %v, %d bytes, last line %q; want clipped %v, last %q", c.name, in.Clipped, len(in.Text), lines[len(lines)-1], c.clipped, c.last)
		}
	}
}
