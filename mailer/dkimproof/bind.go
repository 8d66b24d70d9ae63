package dkimproof

import (
	"fmt"
	netmail "net/mail"
	"slices"
	"strconv"
	"strings"
	"time"
)

// What a signature that verifies must also meet to prove a mail.
// A signature covers the bottom-most instances of the fields it lists
// (RFC 6376 section 5.4.2), and a reader (postal among them) reads the
// topmost: an instance added above what was signed is shown, and not
// signed. Such a mail is a signed mail dressed up, and proves nothing
// (section 8.15 is the signer's side of this: over-signing). Nor does a
// signature prove anything forever: one without a time (t=), older than the
// club's limit, dated in the future or past its expiry (x=) proves nothing.

// DefaultMaxAge is how old a signature may be when Policy says nothing: a
// week covers mail held up on its way, and bounds how long a signed mail
// that leaked may be tried again.
const DefaultMaxAge = 7 * 24 * time.Hour

// maxSkew is how far in the future a signature's time may be: the signer's
// clock may run ahead of the club's.
const maxSkew = time.Hour

// Policy is what the club asks of a signature besides verifying.
type Policy struct {
	Now    time.Time     // the club's clock; zero means time.Now
	MaxAge time.Duration // a signature older than this proves nothing; 0 means DefaultMaxAge
	// Addressed reports whether an address (lower case) is the club's. When
	// set, a signature proves a mail only when it covers the To field and a To
	// or Cc it covers names the club: a mail a player signed for someone else,
	// delivered to the club, proves nothing. Nil asks nothing of the
	// recipients.
	Addressed func(addr string) bool
}

// sigTags are the tags of one DKIM-Signature field (RFC 6376 section 3.2).
type sigTags map[string]string

// signatures returns the tags of the first maxSignatures DKIM-Signature
// fields, in order: the verifier checks those, in that order.
func signatures(fields []field) []sigTags {
	var out []sigTags
	for _, f := range fields {
		if f.name != "dkim-signature" {
			continue
		}
		if len(out) == maxSignatures {
			break
		}
		tags := sigTags{}
		for _, spec := range strings.Split(f.value, ";") {
			if name, value, ok := strings.Cut(spec, "="); ok {
				tags[strings.ToLower(strings.TrimSpace(name))] = value
			}
		}
		out = append(out, tags)
	}
	return out
}

// value is the tag's value without white space (folding may put some
// anywhere in a value).
func (t sigTags) value(name string) string {
	return strings.Join(strings.Fields(t[name]), "")
}

// signed are the header fields the signature covers (h=), lower case.
func (t sigTags) signed() []string {
	var out []string
	for _, name := range strings.Split(t.value("h"), ":") {
		if name != "" {
			out = append(out, strings.ToLower(name))
		}
	}
	return out
}

// binds says why the signature does not bind the mail of fields under p,
// or "" when it does.
func (t sigTags) binds(fields []field, p Policy) string {
	covered := map[string]int{}
	for _, name := range t.signed() {
		covered[name]++
	}
	for name, n := range covered {
		if have := count(fields, name); have > n {
			return fmt.Sprintf("the mail has %d %q fields and the signature covers %d: one was added above what was signed", have, name, n)
		}
	}
	if w := t.addressed(fields, p.Addressed); w != "" {
		return w
	}
	now, maxAge := p.Now, p.MaxAge
	if now.IsZero() {
		now = time.Now()
	}
	if maxAge <= 0 {
		maxAge = DefaultMaxAge
	}
	signedAt, ok := t.time("t")
	switch {
	case !ok:
		return "no signing time (t=): its age cannot be told"
	case signedAt.After(now.Add(maxSkew)):
		return "signed in the future, at " + signedAt.UTC().Format(time.RFC3339)
	case now.Sub(signedAt) > maxAge:
		return fmt.Sprintf("signed %s ago, more than the %s a signature proves for", now.Sub(signedAt).Round(time.Minute), maxAge)
	}
	if _, ok := t["x"]; ok {
		expires, ok := t.time("x")
		switch {
		case !ok:
			return "an unreadable expiry (x=)"
		case !now.Before(expires):
			return "expired at " + expires.UTC().Format(time.RFC3339)
		}
	}
	return ""
}

// time reads a tag holding seconds since the epoch.
func (t sigTags) time(name string) (time.Time, bool) {
	v, ok := t[name]
	if !ok {
		return time.Time{}, false
	}
	sec, err := strconv.ParseInt(strings.Join(strings.Fields(v), ""), 10, 64)
	if err != nil || sec < 0 {
		return time.Time{}, false
	}
	return time.Unix(sec, 0), true
}

// addressed says why the signature does not show the mail was written to
// the club, or "" when it does (or isClub is nil). The mail's To fields
// and Cc fields count only when the signature covers them: then it covers
// every instance (binds checked that).
func (t sigTags) addressed(fields []field, isClub func(string) bool) string {
	if isClub == nil {
		return ""
	}
	signed := t.signed()
	if !slices.Contains(signed, "to") {
		return "the signature does not cover the To field: it does not show the mail was written to the club"
	}
	for _, f := range fields {
		if f.name != "to" && (f.name != "cc" || !slices.Contains(signed, "cc")) {
			continue
		}
		for _, addr := range addresses(f.value) {
			if isClub(addr) {
				return ""
			}
		}
	}
	return "the signed To and Cc do not name the club: the mail was written to someone else"
}

// addresses are the addresses of an address list, lower case; an item
// net/mail cannot read is taken from its angle brackets, or as it is.
func addresses(list string) []string {
	if l, err := netmail.ParseAddressList(list); err == nil {
		out := make([]string, 0, len(l))
		for _, a := range l {
			out = append(out, strings.ToLower(a.Address))
		}
		return out
	}
	var out []string
	for _, item := range strings.Split(list, ",") {
		if i := strings.LastIndexByte(item, '<'); i >= 0 {
			item = item[i+1:]
			if j := strings.IndexByte(item, '>'); j >= 0 {
				item = item[:j]
			}
		}
		if item = strings.ToLower(strings.TrimSpace(item)); strings.Contains(item, "@") {
			out = append(out, item)
		}
	}
	return out
}
