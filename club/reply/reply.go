package reply

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"postal/archive"
	"postal/mailer"
)

// Bounds on what a reply repeats of a message and on its size: whatever a
// message holds, its reply stays small enough for every mail server.
// MaxEcho is how much of a command line, or of a word quoted from it, a
// reply repeats (in characters).
const MaxEcho = 200

// Clip cuts s to at most n characters, marking the cut with "…".
func Clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// caretWidth is how much of a line a caret shows: with the marks of a cut
// on both sides, it fits a text part's line.
const caretWidth = TextWidth - 2

// Caret writes line with a Caret under column col (from 1) below it,
// showing at most caretWidth characters of the line around the column.
func Caret(line string, col int) string {
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
	// The caret line keeps the line's tabs where it has them, so that
	// the caret stands under the column in a mail client that expands
	// them, in plain text as in HTML's <pre>.
	var pad strings.Builder
	for i, c := range []rune(shown) {
		if i == at {
			break
		}
		if c == '\t' {
			pad.WriteByte('\t')
		} else {
			pad.WriteByte(' ')
		}
	}
	return shown + "\n" + pad.String() + "^"
}

// maxWord is how much of one word a title or paragraph quotes: more than a
// commitment's 64 hex digits or a link, much less than a line.
const maxWord = 100

// Bound clips what a section repeats of the player's words: the command
// line, and the title and paragraphs, which may quote a word of it.
func Bound(sec Section) Section {
	sec.Command = Clip(sec.Command, MaxEcho)
	sec.Title = Clip(clipWords(sec.Title), 2*MaxEcho)
	for i, l := range sec.Lines {
		sec.Lines[i] = Clip(clipWords(l), 5*MaxEcho)
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
		b.WriteString(Clip(s[:i], maxWord))
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

// OnePicturePerGame keeps the picture of each game's board only in the last
// section that shows it: the others keep the board as text. However many
// commands of a message name a game, its reply carries one picture of it.
func OnePicturePerGame(sections []Section) {
	last := map[int64]*Board{}
	for _, sec := range sections {
		if b := sec.Board; b != nil && (b.PNGData != nil || b.SVGData != nil) {
			last[b.Game] = b
		}
	}
	for _, sec := range sections {
		if b := sec.Board; b != nil && last[b.Game] != b {
			b.PNGData, b.SVGData, b.PNG = nil, nil, ""
		}
	}
}

// Shorten cuts the last section that still has something large: its fixed
// text, files and board pictures give way to a note. It reports false when
// there is nothing left to cut.
func Shorten(sections []Section) bool {
	for i := len(sections) - 1; i >= 0; i-- {
		sec := &sections[i]
		b := sec.Board
		if len(sec.Pre) <= 2*MaxEcho && len(sec.Doc) <= 2*MaxEcho && sec.Attach == nil && (b == nil || b.PNGData == nil && b.SVGData == nil && len(b.ASCII) <= 2*MaxEcho) {
			continue
		}
		sec.Pre = "(left out: the answers to all the commands of your mail would make this reply too long for mail. Ask for this one in a mail of its own.)"
		sec.Doc, sec.Attach = "", nil
		if b != nil {
			c := *b
			c.PNGData, c.SVGData, c.PNG, c.ASCII = nil, nil, "", "(left out)"
			sec.Board = &c
		}
		return true
	}
	return false
}

// Refusal is a command's answer when it cannot be done: the reply says so
// and nothing changes.
type Refusal struct {
	Title string
	Lines []string
	Pre   string
	// Apart says the refusal is no part of the conversation of the game its
	// command names, whose players the sender is not one of: the reply
	// neither joins that game's thread nor says how to play in it.
	Apart bool
}

func (e *Refusal) Error() string { return e.Title }

func Refuse(title string, lines ...string) *Refusal { return &Refusal{Title: title, Lines: lines} }

// Explain is the one place where the typed errors of the engine, the clock
// and the rules of events that a player's words caused become a refusal,
// with the message they carry for the player: a configuration the game
// does not have, a time control that is none, a leaving the rules forbid,
// an event that cannot start. Any other error is returned as it is. A
// move's refusal says more of the move (ExplainMove).
func Explain(err error) error { return ExplainMove(err, nil) }

// Section is one block of a mail: the answer to one command, or a notice.
type Section struct {
	Command string // the command line as written; "" for notices
	// Error marks a refusal or a line that could not be read: the only
	// sections a mail labels "Error".
	Error bool
	Title string
	Lines []string // paragraphs
	Pre   string   // fixed-width text: a caret under an error, a list, a record
	// Table says Pre is laid out in columns: the HTML part lets its lines
	// run wide and scroll, rather than wrap them out of their columns on
	// a phone.
	Table bool
	Doc   string // a Markdown document (help, rules), rendered by each part
	Board *Board

	Game   int64               // the game this section is about, for threading
	Attach []mailer.Attachment // files it adds to the mail
}

// Board is a game's board and state, as both mail parts show it.
type Board struct {
	Title    string
	ASCII    string
	PNG      string // content ID of the inline PNG; "" when there is none
	Alt      string
	Width    int
	Chance   string // what chance drew after the last move, which the board shows
	Turn     string // who moves; "" once the game is over
	Deadline string

	PNGData, SVGData []byte
	File             string // base name of the image files
	Game             int64  // the game it shows
}

// View is the data of mail.txt and mail.html.
type View struct {
	Subject string
	Name    string // the addressee's player name, "" when unknown
	// Intro comes first: its first line says what happened and what to do.
	Intro    []string
	Sections []Section
	HowTo    []string
	Site     string
	// GameURL is the page of the game the mail is about, on the club's
	// site: nothing secret (a link is shown to others, so it must prove
	// no one: no reply address in it). The
	// page's "Send this move" writes to the club's address, the game's tag
	// in the subject. "" without a site or a game.
	GameURL string
}

// Mail is a mail being put together.
type Mail struct {
	To        string
	Player    *archive.Player // nil for an address with no player
	Game      int64           // thread about this game; 0 for none
	Subject   string
	View      View
	InReplyTo string   // the inbound message answered, if any
	Refs      []string // its References
	Auto      string   // Auto-Submitted: auto-replied or auto-generated
	// ReplyToken, when set, is the token of the Reply-To address instead of
	// the player's (an address confirmation).
	ReplyToken string
}

// Plain is an answer to a mail that proved nothing: plain text, under a
// fixed subject, with no HTML part and no pictures, so that whatever a
// forger writes in a stranger's name, the club's answer stays small and
// repeats none of it.
type Plain struct {
	To        string
	ReplyTo   string // the club's address, or a reply address of a token
	Subject   string
	Text      string
	InReplyTo string // the Message-ID of the mail answered
}

// TextWidth is the widest line of a text part: what a plain mail client
// shows without breaking lines.
const TextWidth = 78
