package mailer

import (
	"strings"

	gomail "github.com/emersion/go-message/mail"
)

// noReplyReason says why a message must never be answered, or returns "".
// The rules are RFC 3834's (section 2 and 5) plus postal's own address, so
// that two robots can never answer each other in a loop.
func noReplyReason(h gomail.Header, from string, own []string) string {
	if from != "" && isOwnAddress(from, own) {
		return "from postal's own address " + from
	}
	if rp := strings.TrimSpace(h.Get("Return-Path")); rp == "<>" {
		return "bounce: empty return path"
	}
	if t, _, _ := h.ContentType(); t == "multipart/report" {
		return "bounce: multipart/report"
	}
	if local, _, ok := strings.Cut(from, "@"); ok && (local == "mailer-daemon" || local == "postmaster") {
		return "bounce: from " + local
	}
	if v := strings.TrimSpace(h.Get("Auto-Submitted")); v != "" {
		kw, _, _ := strings.Cut(v, ";")
		if !strings.EqualFold(strings.TrimSpace(kw), "no") {
			return "Auto-Submitted: " + v
		}
	}
	switch p := strings.ToLower(strings.TrimSpace(h.Get("Precedence"))); p {
	case "bulk", "list", "junk":
		return "Precedence: " + p
	}
	// A list's mail carries RFC 2369's fields (its address, how to leave
	// it), some lists without RFC 2919's List-Id: any of them says a list.
	for _, k := range listFields {
		if v := h.Get(k); v != "" {
			return "mailing list: " + k + " " + v
		}
	}
	// Non-standard markers of autoresponders that predate RFC 3834.
	for _, k := range []string{"X-Autoreply", "X-Autorespond"} {
		if h.Get(k) != "" {
			return "auto-reply: " + k
		}
	}
	return ""
}

// listFields are the header fields of a mailing list's mail (RFC 2919,
// RFC 2369).
var listFields = []string{"List-Id", "List-Post", "List-Unsubscribe", "List-Subscribe", "List-Help", "List-Owner", "List-Archive"}

// isOwnAddress reports whether addr is one of own, ignoring case and any
// +detail in the local part (club+token@host is still the club).
func isOwnAddress(addr string, own []string) bool {
	base := stripDetail(strings.ToLower(addr))
	for _, o := range own {
		if stripDetail(strings.ToLower(strings.TrimSpace(o))) == base {
			return true
		}
	}
	return false
}

func stripDetail(addr string) string {
	local, domain, ok := strings.Cut(addr, "@")
	if !ok {
		return addr
	}
	local, _, _ = strings.Cut(local, "+")
	return local + "@" + domain
}
