package club

import (
	"strings"
	"unicode"

	"postal/mailer"
)

const (
	// maxMailBytes is the size a mail postal sends stays under, whole
	// MIME message included.
	maxMailBytes = 1 << 20
	// roughLimit is the size of the parts (text, HTML, files before base64)
	// under which a mail cannot reach maxMailBytes, so that it need not be
	// built to be measured.
	roughLimit = 256 << 10
)

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
