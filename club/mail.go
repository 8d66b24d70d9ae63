package club

import (
	"bytes"
	"errors"
	"fmt"
	"html/template"
	"slices"
	"strings"
	"sync"
	"unicode"

	"postal/archive"
	"postal/club/accounts"
	"postal/club/challenges"
	"postal/club/game"
	"postal/club/games"
	"postal/club/reply"
	"postal/club/work"
	"postal/docs"
	"postal/mailer"
	"postal/notation"
)

// threadKeep is how many of a conversation's latest mails a new one refers
// to, after its first.
const threadKeep = 4

// send renders m and queues it (Service.post).
func (w *job) send(m reply.Mail) error { return w.Unit.Send(m) }

// post renders m and writes it to the outbox, threading it into the
// conversation about its game (the work.Club's Post). A mail to a player
// carries the player's token for its game (or for the account) in its
// Reply-To plus-address, the only place a token ever goes: never the
// subject, which is quoted and forwarded freely.
func (s *Service) post(w *work.Unit, m reply.Mail) error {
	if m.Player != nil && s.isOwn(m.Player.Address) {
		return nil // the club's bot reads the archive, not mail
	}
	msgID := "postal." + archive.NewSecret(20) + "@" + s.host
	out := mailer.Outbound{
		From:      fmt.Sprintf("%s <%s>", s.opt.Name, s.opt.Address),
		To:        m.To,
		ReplyTo:   s.opt.Address,
		Subject:   m.Subject,
		MessageID: msgID,
		// Auto-Submitted (RFC 3834) keeps auto-responders quiet;
		// Outlook and Exchange heed only their own header.
		Headers: map[string]string{"Auto-Submitted": m.Auto, "X-Auto-Response-Suppress": "All"},
	}
	tok := m.ReplyToken
	if m.Player != nil {
		if tok == "" {
			var err error
			if tok, err = w.Tx.Token(m.Player.ID, m.Game, w.Now); err != nil {
				return err
			}
		}
		m.View.Name = m.Player.Name
	}
	if tok != "" {
		out.ReplyTo = s.local + s.opt.TokenSeparator + tok + "@" + s.host
	}
	if err := s.thread(w, &out, m); err != nil {
		return err
	}
	m.View.Subject = out.Subject
	m.View.Site = s.opt.SiteURL
	if m.Game != 0 && s.opt.SiteURL != "" {
		if _, err := w.Tx.GameByID(m.Game); err == nil {
			m.View.GameURL = s.club.GameURL(m.Game)
		} else if !errors.Is(err, archive.ErrNotFound) {
			return err // (a challenge has no page yet)
		}
	}
	reply.OnePicturePerGame(m.View.Sections)
	if err := s.fill(&out, m.View); err != nil {
		return err
	}
	msg, files, err := out.Stored()
	if err != nil {
		return err
	}
	_, err = w.Tx.Enqueue(archive.Mail{Message: msg, Files: files}, w.Now)
	return err
}

// thread sets the In-Reply-To and References of out. A mail about a game
// joins its addressee's one conversation about it: References name the
// conversation's first mail, then its latest ones; In-Reply-To the message
// answered or, for a notice, the latest mail of the conversation. Another
// mail answers the message it replies to.
func (s *Service) thread(w *work.Unit, out *mailer.Outbound, m reply.Mail) error {
	// A message without a Message-ID has none to refer to: the hash the
	// mailer gives it for deduplication is no Message-ID.
	answered := ""
	if validMsgID(m.InReplyTo) {
		answered = m.InReplyTo
	}
	var refs []string
	if m.Game != 0 {
		root, recent, ok, err := w.Tx.Thread(m.Game, m.To)
		if err != nil {
			return err
		}
		if ok {
			refs = append([]string{root}, recent...)
			out.InReplyTo = refs[len(refs)-1]
		}
		if err := w.Tx.AddToThread(m.Game, m.To, out.MessageID, threadKeep); err != nil {
			return err
		}
	} else {
		refs = append(refs, m.Refs...)
	}
	if answered != "" {
		refs = append(refs, answered)
		out.InReplyTo = answered
	}
	refs = slices.DeleteFunc(refs, func(id string) bool { return !validMsgID(id) })
	if len(refs) > 10 {
		refs = append(refs[:1], refs[len(refs)-9:]...)
	}
	out.References = slices.Compact(refs)
	return nil
}

// fill renders view into out: the text and HTML parts, each board's inline
// PNG and SVG file, and the sections' attachments; sections are cut short
// from the end while the mail would pass maxMailBytes.
func (s *Service) fill(out *mailer.Outbound, view reply.View) error {
	for {
		out.Inline, out.Attachments = nil, nil
		for i := range view.Sections {
			sec := &view.Sections[i]
			if b := sec.Board; b != nil {
				if b.PNGData != nil {
					b.PNG = b.File + "." + archive.NewSecret(8) + "@" + s.host
					out.Inline = append(out.Inline, mailer.Attachment{Name: b.File + ".png", ContentType: "image/png", ContentID: b.PNG, Data: b.PNGData})
				}
				if b.SVGData != nil {
					out.Attachments = append(out.Attachments, mailer.Attachment{Name: b.File + ".svg", ContentType: "image/svg+xml", Data: b.SVGData})
				}
			}
			out.Attachments = append(out.Attachments, sec.Attach...)
		}
		var err error
		if out.Text, out.HTML, err = s.render(view); err != nil {
			return err
		}
		big, err := tooBig(*out)
		if err != nil || !big {
			return err
		}
		if !reply.Shorten(view.Sections) {
			return permanent(fmt.Errorf("club: a mail to %s passes %d bytes with every section cut short", out.To, maxMailBytes))
		}
	}
}

// render executes both templates. A failure is a bug, not a passing state.
func (s *Service) render(v reply.View) (text, html string, err error) {
	var tb, hb bytes.Buffer
	if err := s.text.Execute(&tb, v); err != nil {
		return "", "", permanent(fmt.Errorf("club: mail.txt: %w", err))
	}
	if err := s.html.Execute(&hb, v); err != nil {
		return "", "", permanent(fmt.Errorf("club: mail.html: %w", err))
	}
	return tb.String(), hb.String(), nil
}

// soleGame is the game every section about a game is about; 0 when none
// is, or they are about several.
func soleGame(secs []reply.Section) int64 {
	var game int64
	for _, sec := range secs {
		if sec.Game == 0 {
			continue
		}
		if game != 0 && game != sec.Game {
			return 0
		}
		game = sec.Game
	}
	return game
}

// reply answers the inbound message with one section per command. When every
// section about a game is about the same game, the reply joins that game's
// conversation, and its first line says where that game stands.
// The reply goes to the From address: when the message acts for a player,
// it is one of the player's addresses (see club/accounts).
func (h *handling) reply() error {
	to := h.from()
	sole := soleGame(h.sections)
	subject := h.in.Subject
	var gs *game.Game
	intro := h.Lead
	if sole != 0 {
		var err error
		gs, err = games.Load(h.Unit, sole)
		if err == nil && h.Actor != nil && gs.Side(h.Actor) < 0 && h.judged(sole) {
			// A director's act on a sole they do not play: the answer is
			// theirs, not a mail of that sole's conversation with its
			// players' token and footer (a stranger's trial found one
			// filed under a sole of two others).
			gs, sole = nil, 0
		} else if err == nil {
			if subject, err = games.Subject(h.Unit, gs); err != nil {
				return err
			}
			intro = append(intro, games.StateLine(gs, h.Actor))
		} else if c, cerr := h.Tx.Challenge(sole); cerr == nil {
			if subject, err = games.ChallengeSubject(h.Unit, c); err != nil {
				return err
			}
			intro = append(intro, challenges.Line(h.Unit, c))
		} else if errors.Is(err, archive.ErrNotFound) {
			sole = 0 // no such sole: no conversation to join
		} else {
			return err
		}
	}
	if h.subject != "" {
		subject = h.subject
	} else if sole == 0 {
		subject = echoSubject(accounts.DropRef(subject))
		if subject == "" {
			subject = "your commands"
		}
		if !strings.HasPrefix(strings.ToLower(subject), "re:") {
			subject = "Re: " + subject
		}
	}
	switch n := h.ok + h.refused; {
	case h.refused == 0 || n == 1:
	case h.refused == n:
		intro = append(intro, fmt.Sprintf("None of your %d commands could be done; the reasons are below.", n))
	default:
		intro = append(intro, fmt.Sprintf("%s of your %d commands could not be done; the reasons are below.", numberWord(h.refused), n))
	}
	var howTo []string
	if !h.final {
		howTo = games.HowTo(h.Unit, gs, h.Actor)
	}
	return h.send(reply.Mail{
		To:        to,
		Player:    h.Actor,
		Game:      sole,
		Subject:   subject,
		View:      reply.View{Intro: intro, Sections: h.sections, HowTo: howTo},
		InReplyTo: h.in.MessageID,
		Refs:      h.in.References,
		Auto:      "auto-replied",
	})
}

// maxEchoSubject is how much of a proven player's subject the answer
// repeats (after "Re: ").
const maxEchoSubject = 100

// echoSubject is the part of a proven player's subject the answer repeats
// (postal signs its answer, so what it repeats must not let a sender
// forge what the signed mail shows): control characters become spaces,
// format characters (bidi overrides, zero widths) are dropped as from all
// a player's text (notation.Unformat), spaces are
// collapsed, and at most maxEchoSubject characters are kept.
func echoSubject(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, notation.Unformat(s))
	return reply.Clip(strings.Join(strings.Fields(s), " "), maxEchoSubject)
}

// numberWord writes n for the start of a sentence: "One", "Two"... "Ten",
// then digits.
func numberWord(n int) string {
	words := []string{"No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten"}
	if n >= 0 && n < len(words) {
		return words[n]
	}
	return fmt.Sprint(n)
}

// fold breaks s into lines of at most textWidth characters: the first
// starts with first, the others with rest (a word longer than a line is
// cut).
func fold(s, first, rest string) string {
	lines := docs.Wrap(s, reply.TextWidth-max(len(first), len(rest)))
	for i := range lines {
		if i == 0 {
			lines[i] = first + lines[i]
		} else {
			lines[i] = rest + lines[i]
		}
	}
	return strings.Join(lines, "\n")
}

// foldPre keeps fixed-width text as it is, except a line wider than
// textWidth, which is broken with its continuation indented two more.
func foldPre(s string) string {
	var out []string
	for _, l := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
		if len([]rune(l)) <= reply.TextWidth {
			out = append(out, l)
			continue
		}
		ind := l[:len(l)-len(strings.TrimLeft(l, " "))]
		out = append(out, fold(l, ind, ind+"  "))
	}
	return strings.Join(out, "\n")
}

var textFuncs = map[string]any{
	"wrap":  func(s string) string { return fold(s, "", "") },
	"item":  func(s string) string { return fold(s, "  ", "    ") },
	"quote": func(s string) string { return fold(s, "> ", "> ") },
	"pre":   foldPre,
	"doc": func(md string) string {
		return renderOnce("text", md, func() any { return strings.TrimRight(docs.Text(md, reply.TextWidth), "\n") }).(string)
	},
}

var htmlFuncs = template.FuncMap{
	"doc": func(md string) template.HTML {
		return renderOnce("html", md, func() any { return docs.HTML(md) }).(template.HTML)
	},
}

// rendered holds the documents rendered so far. They are all cut from the
// embedded docs (the commands, one command's part, a game's rules), a small
// set, and a mail may ask for the same page fifty times.
var rendered sync.Map

// renderOnce returns the rendering of md as kind (text or html), rendering
// it the first time only.
func renderOnce(kind, md string, render func() any) any {
	key := kind + "\x00" + md
	if v, ok := rendered.Load(key); ok {
		return v
	}
	v, _ := rendered.LoadOrStore(key, render())
	return v
}

// judged reports whether a section of the answer about game is a
// director's act on it (adjudicate, extend).
func (h *handling) judged(game int64) bool {
	for _, sec := range h.sections {
		if sec.Game != game {
			continue
		}
		if f := strings.Fields(strings.ToLower(sec.Command)); len(f) > 0 && (f[0] == "adjudicate" || f[0] == "extend") {
			return true
		}
	}
	return false
}
