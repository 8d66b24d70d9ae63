package club

import (
	"fmt"

	"postal/archive"
	"postal/club/accounts"
	"postal/club/reply"
	"postal/club/work"
	"postal/mailer"
)

// postPlain writes m, a plain-text answer to a mail that proved nothing,
// to the outbox (the work.Club's PostPlain): no HTML part, no pictures, no
// thread but the mail it answers.
func (s *Service) postPlain(u *work.Unit, m reply.Plain) error {
	out := mailer.Outbound{
		From:      fmt.Sprintf("%s <%s>", s.opt.Name, s.opt.Address),
		To:        m.To,
		ReplyTo:   m.ReplyTo,
		Subject:   m.Subject,
		MessageID: "postal." + archive.NewSecret(20) + "@" + s.host,
		Text:      m.Text,
		Headers:   map[string]string{"Auto-Submitted": "auto-replied", "X-Auto-Response-Suppress": "All"},
	}
	if validMsgID(m.InReplyTo) {
		out.InReplyTo = m.InReplyTo
		out.References = []string{m.InReplyTo}
	}
	msg, files, err := out.Stored()
	if err != nil {
		return err
	}
	_, err = u.Tx.Enqueue(archive.Mail{Message: msg, Files: files}, u.Now)
	return err
}

// maxSubject is how much of a subject postal keeps and echoes.
const maxSubject = 200

// isOwn reports whether addr is the club's address or a plus-address of it.
func (s *Service) isOwn(addr string) bool { return s.club.IsOwn(addr) }

// answer records what the accounts answered a mail they dealt with
// themselves, its commands unread (accounts.Answer), and sends the club's
// reply when there is one.
func (h *handling) answer(a *accounts.Answer, err error) error {
	if err != nil {
		return err
	}
	h.tagged, h.outcome, h.subject, h.final = 0, a.Outcome, a.Subject, a.Final
	h.sections = append(h.sections, a.Sections...)
	if !a.Reply {
		return nil
	}
	return h.reply()
}
