package club

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"

	"postal/archive"
	"postal/engine"
	"postal/mailer"
)

// section is one block of a mail: the answer to one command, or a notice.
type section struct {
	Command string // the command line as written; "" for notices
	OK      bool
	Title   string
	Lines   []string // paragraphs
	Pre     string   // fixed-width text: a caret under an error, a list, a record
	Board   *boardView

	game   int64               // the game this section is about, for threading
	attach []mailer.Attachment // files it adds to the mail
}

// boardView is a game's board and state, as both mail parts show it.
type boardView struct {
	Title    string
	ASCII    string
	PNG      string // content ID of the inline PNG; "" when there is none
	Alt      string
	Width    int
	LastMove string
	Turn     string
	Deadline string

	png, svg []byte
	file     string // base name of the image files
	game     int64  // the game it shows
}

// mailView is the data of mail.txt and mail.html.
type mailView struct {
	Subject  string
	Name     string // the addressee's player name, "" when unknown
	Intro    []string
	Sections []section
	HowTo    []string
	Site     string
}

// outgoing is a mail being put together.
type outgoing struct {
	to        string
	player    *archive.Player // nil for an address with no player
	game      int64           // thread about this game; 0 for none
	subject   string
	view      mailView
	inReplyTo string   // the inbound message answered, if any
	refs      []string // its References
	auto      string   // Auto-Submitted: auto-replied or auto-generated
	// replyToken, when set, is the token of the Reply-To address instead of
	// the player's (an address confirmation).
	replyToken string
}

// send renders m and writes it to the outbox, threading it into the
// conversation about its game. A mail to a player carries the player's
// token for its game (or for the account) in its Reply-To plus-address, the
// only place a token ever goes: never the subject, which is quoted and
// forwarded freely.
func (h *handling) send(m outgoing) error {
	s := h.s
	if m.player != nil && s.isOwn(m.player.Address) {
		return nil // the club's bot reads the archive, not mail
	}
	msgID := "postal." + archive.NewSecret(20) + "@" + s.host
	out := mailer.Outbound{
		From:      fmt.Sprintf("%s <%s>", s.opt.Name, s.opt.Address),
		To:        m.to,
		ReplyTo:   s.opt.Address,
		Subject:   m.subject,
		MessageID: msgID,
		Headers:   map[string]string{"Auto-Submitted": m.auto},
	}
	tok := m.replyToken
	if m.player != nil {
		if tok == "" {
			var err error
			if tok, err = h.tx.Token(m.player.ID, m.game, h.now); err != nil {
				return err
			}
		}
		m.view.Name = m.player.Name
	}
	if tok != "" {
		out.ReplyTo = s.local + s.opt.TokenSeparator + tok + "@" + s.host
	}
	// One conversation per game and address: the first mail about the game
	// is its root, every later one refers to it.
	var refs []string
	if m.game != 0 {
		root, ok, err := h.tx.ThreadRoot(m.game, m.to)
		if err != nil {
			return err
		}
		if ok {
			refs = append(refs, root)
			out.InReplyTo = root
		} else if err := h.tx.SetThreadRoot(m.game, m.to, msgID); err != nil {
			return err
		}
	} else {
		refs = append(refs, m.refs...)
	}
	// A message without a Message-ID has none to refer to: the hash the
	// mailer gives it for deduplication is no Message-ID.
	if validMsgID(m.inReplyTo) {
		refs = append(refs, m.inReplyTo)
		out.InReplyTo = m.inReplyTo
	}
	refs = slices.DeleteFunc(refs, func(id string) bool { return !validMsgID(id) })
	if len(refs) > 10 {
		refs = append(refs[:1], refs[len(refs)-9:]...)
	}
	out.References = slices.Compact(refs)
	m.view.Subject = out.Subject
	m.view.Site = s.opt.SiteURL
	onePicturePerGame(m.view.Sections)
	if err := s.fill(&out, m.view); err != nil {
		return err
	}
	msg, files, err := out.Stored()
	if err != nil {
		return err
	}
	_, err = h.tx.Enqueue(archive.Mail{Message: msg, Files: files}, h.now)
	return err
}

// fill renders view into out: the text and HTML parts, each board's inline
// PNG and SVG file, and the sections' attachments; sections are cut short
// from the end while the mail would pass maxMailBytes.
func (s *Service) fill(out *mailer.Outbound, view mailView) error {
	for {
		out.Inline, out.Attachments = nil, nil
		for i := range view.Sections {
			sec := &view.Sections[i]
			if b := sec.Board; b != nil {
				if b.png != nil {
					b.PNG = b.file + "." + archive.NewSecret(8) + "@" + s.host
					out.Inline = append(out.Inline, mailer.Attachment{Name: b.file + ".png", ContentType: "image/png", ContentID: b.PNG, Data: b.png})
				}
				if b.svg != nil {
					out.Attachments = append(out.Attachments, mailer.Attachment{Name: b.file + ".svg", ContentType: "image/svg+xml", Data: b.svg})
				}
			}
			out.Attachments = append(out.Attachments, sec.attach...)
		}
		var err error
		if out.Text, out.HTML, err = s.render(view); err != nil {
			return err
		}
		big, err := tooBig(*out)
		if err != nil || !big {
			return err
		}
		if !shorten(view.Sections) {
			return permanent{fmt.Errorf("club: a mail to %s passes %d bytes with every section cut short", out.To, maxMailBytes)}
		}
	}
}

// render executes both templates. A failure is a bug, not a passing state.
func (s *Service) render(v mailView) (text, html string, err error) {
	var tb, hb bytes.Buffer
	if err := s.text.Execute(&tb, v); err != nil {
		return "", "", permanent{fmt.Errorf("club: mail.txt: %w", err)}
	}
	if err := s.html.Execute(&hb, v); err != nil {
		return "", "", permanent{fmt.Errorf("club: mail.html: %w", err)}
	}
	return tb.String(), hb.String(), nil
}

// reply answers the inbound message with one section per command. When every
// section about a game is about the same game, the reply joins that game's
// conversation.
// The reply goes to the From address: when the message acts for a player,
// it is one of the player's addresses (see proof.go).
func (h *handling) reply() error {
	to := h.from()
	var game int64
	for _, sec := range h.sections {
		if sec.game == 0 {
			continue
		}
		if game != 0 && game != sec.game {
			game = -1
			break
		}
		game = sec.game
	}
	if game < 0 {
		game = 0
	}
	subject := h.in.Subject
	var gs *gameState
	if game != 0 {
		var err error
		gs, err = h.loadGame(game)
		if err == nil {
			subject = h.gameSubject(gs, h.actor)
		} else if c, cerr := h.tx.Challenge(game); cerr == nil {
			subject = fmt.Sprintf("[postal #%d] challenge: %s", c.ID, c.Game)
		} else if errors.Is(err, archive.ErrNotFound) {
			game = 0 // no such game: no conversation to join
		} else {
			return err
		}
	}
	if h.subject != "" {
		subject = h.subject
	} else if game == 0 {
		subject = refRE.ReplaceAllString(subject, "")
		subject = strings.TrimSpace(subject)
		if subject == "" {
			subject = "your commands"
		}
		if !strings.HasPrefix(strings.ToLower(subject), "re:") {
			subject = "Re: " + subject
		}
	}
	return h.send(outgoing{
		to:        to,
		player:    h.actor,
		game:      game,
		subject:   subject,
		view:      mailView{Sections: h.sections, HowTo: h.howTo(gs, h.actor)},
		inReplyTo: h.in.MessageID,
		refs:      h.in.References,
		auto:      "auto-replied",
	})
}

// howTo is the "how to answer" list at the end of a mail to p; gs is the
// game the mail is about, or nil.
func (h *handling) howTo(gs *gameState, p *archive.Player) []string {
	if gs == nil || gs.row.Status != archive.GameActive {
		return []string{"Write one command a line; \"help\" lists them all."}
	}
	move := "your move on a line of its own"
	var choices []string
	if side := gs.side(p); side >= 0 && engine.Acts(gs.pos, side) {
		legal := gs.pos.Legal(side)
		if len(legal) > 0 {
			move += fmt.Sprintf(", e.g. %q", legal[0].String())
		}
		// A short choice is spelled out (an Initiative parry, a forced
		// capture): the player sees exactly what the rules allow.
		if len(legal) > 0 && len(legal) <= maxListedMoves {
			texts := make([]string, len(legal))
			for i, m := range legal {
				texts[i] = m.String()
			}
			choices = []string{"Your legal moves: " + strings.Join(texts, ", ") + "."}
		}
	} else {
		move = "a command on a line of its own"
	}
	return append(choices,
		"Reply to this mail with "+move+".",
		"\"moves\" lists the legal moves, \"preview MOVE\" shows the board after one.",
		"\"resign\", \"draw\" (offer or accept), \"board\", \"record\".",
	)
}

// maxListedMoves is the most legal moves a game mail spells out.
const maxListedMoves = 24

// wrap breaks a paragraph into lines of at most 72 characters.
func wrap(s string) string {
	var b strings.Builder
	n := 0
	for _, w := range strings.Fields(s) {
		l := len([]rune(w))
		if n > 0 && n+1+l > 72 {
			b.WriteByte('\n')
			n = 0
		} else if n > 0 {
			b.WriteByte(' ')
			n++
		}
		b.WriteString(w)
		n += l
	}
	return b.String()
}

var textFuncs = map[string]any{
	"wrap":   wrap,
	"indent": func(s string) string { return strings.TrimRight(s, "\n") },
}
