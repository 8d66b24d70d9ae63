package mailer

import "errors"

// ErrPermanent marks a handler error that retrying cannot fix (the message is
// malformed, or the club refuses it for good). The watcher moves such a
// message to the failed mailbox instead of trying it again. Wrap it:
//
//	return fmt.Errorf("club: %w: no game in subject", mailer.ErrPermanent)
var ErrPermanent = errors.New("mailer: permanent failure")
