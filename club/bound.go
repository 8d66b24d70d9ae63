package club

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"postal/mailer"
)

// Bounds on what a reply repeats of a message and on its size: whatever a
// message holds, its reply stays small enough for every mail server.
const (
	// maxEcho is how much of a command line, or of a word quoted from
	// it, a reply repeats (in characters).
	maxEcho = 200
	// maxMailBytes is the size a mail postal sends stays under, whole
	// MIME message included.
	maxMailBytes = 1 << 20
	// roughLimit is the size of the parts (text, HTML, files before base64)
	// under which a mail cannot reach maxMailBytes, so that it need not be
	// built to be measured.
	roughLimit = 256 << 10
)

// clip cuts s to at most n characters, marking the cut with "…".
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// caretWidth is how much of a line a caret shows: with the marks of a cut
// on both sides, it fits a text part's line.
const caretWidth = textWidth - 2

// caret writes line with a caret under column col (from 1) below it,
// showing at most caretWidth characters of the line around the column.
func caret(line string, col int) string {
	r := []rune(line)
	col = max(1, min(col, len(r)+1))
	from := 0
	if len(r) > caretWidth {
		from = max(0, min(col-1-caretWidth/2, len(r)-caretWidth))
	}
	to := min(len(r), from+caretWidth)
	shown := string(r[from:to])
	at := col - 1 - from
	if from > 0 {
		shown, at = "…"+shown, at+1
	}
	if to < len(r) {
		shown += "…"
	}
	return shown + "\n" + strings.Repeat(" ", at) + "^"
}

// maxWord is how much of one word a title or paragraph quotes: more than a
// commitment's 64 hex digits or a link, much less than a line.
const maxWord = 100

// bound clips what a section repeats of the player's words: the command
// line, and the title and paragraphs, which may quote a word of it.
func bound(sec section) section {
	sec.Command = clip(sec.Command, maxEcho)
	sec.Title = clip(clipWords(sec.Title), 2*maxEcho)
	for i, l := range sec.Lines {
		sec.Lines[i] = clip(clipWords(l), 5*maxEcho)
	}
	return sec
}

// clipWords clips every word of s longer than maxWord.
func clipWords(s string) string {
	if len(s) <= maxWord {
		return s
	}
	var b strings.Builder
	for len(s) > 0 {
		i := strings.IndexFunc(s, unicode.IsSpace)
		if i < 0 {
			i = len(s)
		}
		b.WriteString(clip(s[:i], maxWord))
		s = s[i:]
		j := strings.IndexFunc(s, func(r rune) bool { return !unicode.IsSpace(r) })
		if j < 0 {
			j = len(s)
		}
		b.WriteString(s[:j])
		s = s[j:]
	}
	return b.String()
}

// onePicturePerGame keeps the picture of each game's board only in the last
// section that shows it: the others keep the board as text. However many
// commands of a message name a game, its reply carries one picture of it.
func onePicturePerGame(sections []section) {
	last := map[int64]*boardView{}
	for _, sec := range sections {
		if b := sec.Board; b != nil && (b.png != nil || b.svg != nil) {
			last[b.game] = b
		}
	}
	for _, sec := range sections {
		if b := sec.Board; b != nil && last[b.game] != b {
			b.png, b.svg, b.PNG = nil, nil, ""
		}
	}
}

// tooBig reports whether out, built, would reach maxMailBytes.
func tooBig(out mailer.Outbound) (bool, error) {
	n := len(out.Text) + len(out.HTML)
	for _, a := range append(out.Inline, out.Attachments...) {
		n += len(a.Data)
	}
	if n < roughLimit {
		return false, nil
	}
	raw, err := mailer.BuildMessage(out)
	if err != nil {
		return false, err
	}
	return len(raw) >= maxMailBytes-4<<10, nil // room for the Date and what the sender adds
}

// shorten cuts the last section that still has something large: its fixed
// text, files and board pictures give way to a note. It reports false when
// there is nothing left to cut.
func shorten(sections []section) bool {
	for i := len(sections) - 1; i >= 0; i-- {
		sec := &sections[i]
		b := sec.Board
		if len(sec.Pre) <= 2*maxEcho && len(sec.Doc) <= 2*maxEcho && sec.attach == nil && (b == nil || b.png == nil && b.svg == nil && len(b.ASCII) <= 2*maxEcho) {
			continue
		}
		sec.Pre = "(left out: the answers to all the commands of your mail would make this reply too long for mail. Ask for this one in a mail of its own.)"
		sec.Doc, sec.attach = "", nil
		if b != nil {
			c := *b
			c.png, c.svg, c.PNG, c.ASCII = nil, nil, "", "(left out)"
			sec.Board = &c
		}
		return true
	}
	return false
}

// validMsgID reports whether id can stand in In-Reply-To and References: a
// Message-ID without its angle brackets (id-left "@" id-right, RFC 5322).
// The "sha256:..." the mailer gives a message that has none is not one.
func validMsgID(id string) bool {
	left, right, ok := strings.Cut(id, "@")
	if !ok || left == "" || right == "" || len(id) > 998 {
		return false
	}
	for _, r := range id {
		if r > unicode.MaxASCII || r <= ' ' || strings.ContainsRune("<>()[]\\,;:\"", r) {
			return false
		}
	}
	return !strings.Contains(right, "@")
}
