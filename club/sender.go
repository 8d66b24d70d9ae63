package club

import (
	"fmt"

	"postal/archive"
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
