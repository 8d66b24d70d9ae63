package club

import (
	"context"

	"postal/archive"
	"postal/mailer"
)

// A full disk. Hostile mail, or anything else, may fill the disk
// or the database's page limit; postal must still handle a small mail that
// arrives later, a move above all. When a message does not fit, it is
// tried again keeping only its headers; when even that does not fit, the
// oldest raw mail is cut to its headers (what the pruner would do after
// keep_raw_days), freeing pages for the message, a batch at a time. Only
// when nothing is left to cut does the message fail, temporarily: the
// watcher tries it again later.

// fullBatch is how many old messages are cut to their headers at a time
// to make room.
const fullBatch = 20

// whenFull retries apply, which failed for lack of room, as above.
func (s *Service) whenFull(ctx context.Context, in *mailer.Inbound, apply func() error) error {
	if in.BodySHA256 == "" {
		in.Raw, in.BodySHA256 = mailer.HeadersOnly(in.Raw)
		s.log.Warn("club: the database is full: keeping only the headers of a message", "message", in.MessageID)
		if err := apply(); !archive.IsFull(err) {
			return err
		}
	}
	for {
		n, err := s.db.PruneRaw(ctx, s.opt.Now().UTC(), fullBatch, mailer.HeadersOnly)
		if archive.IsFull(err) {
			return err // not even room to cut: the watcher tries again later
		}
		if err != nil {
			return err
		}
		if n == 0 {
			s.log.Error("club: the database is full and no raw mail is left to cut", "message", in.MessageID)
			return apply()
		}
		s.log.Warn("club: the database is full: cut old mail to its headers", "messages", n)
		if err := apply(); !archive.IsFull(err) {
			return err
		}
	}
}
