package accounts

import (
	"regexp"
	"slices"
	"strings"

	"postal/archive"
	"postal/club/work"
)

// What of a mail's headers the accounts read: the club's reply addresses it
// was sent to (tokens), the game tag of its subject, and the
// Authentication-Results header of the club's own server where the
// operator states that the server removes forged ones.

var (
	// tagRE finds the game tag in a subject: "[postal #17]", as a person or
	// a mail program may rewrite it too: in any case, with spaces or none
	// before the "#", with leading zeros ("[POSTAL #17]", "[postal#017]").
	tagRE = regexp.MustCompile(`(?i)\[\s*postal\s*#0*([1-9][0-9]{0,17})\s*\]`)
	// refRE finds the "(ref TOKEN)" that subjects of mails postal sent long
	// ago carried: a reply's subject drops it. A token in a subject proves
	// nothing: subjects are forwarded and quoted freely.
	refRE = regexp.MustCompile(`\(ref [a-z2-9]{16}\)`)
)

// DropRef removes from a subject the "(ref TOKEN)" that postal's subjects
// once carried, before a reply repeats it.
func DropRef(subject string) string { return refRE.ReplaceAllString(subject, "") }

// maxTokens is how many of the club's reply addresses a mail's recipients
// are read for: a reply is sent to one, a reply to all of a game mail to a
// few. Each is looked up in the archive, and a To of 40,000 of them cost
// 4 s; those past the first maxTokens prove nothing, so a forger guesses
// at most maxTokens tokens a mail. Only what can be a token counts (the
// third attack round): the club's other plus-addresses (the bot's, one
// mistyped) took the places of the real one, whose mail then proved
// nothing.
const maxTokens = 8

// tokens returns the candidate tokens of a message: the secrets of the
// club's plus-addresses it was sent to (club+TOKEN@host) that can be
// tokens, each once, at most maxTokens.
func tokens(c *work.Club, recipients []string) []string {
	var out []string
	prefix := c.Local + c.TokenSeparator
	for _, r := range recipients {
		if len(out) == maxTokens {
			break
		}
		local, host, ok := strings.Cut(strings.ToLower(r), "@")
		if ok && host == c.Host && strings.HasPrefix(local, prefix) {
			if tok := strings.TrimPrefix(local, prefix); archive.IsToken(tok) && !slices.Contains(out, tok) {
				out = append(out, tok)
			}
		}
	}
	return out
}

// authPass reports whether the topmost Authentication-Results header (RFC
// 8601), the one the club's own server added last, has the club's
// authserv-id and says dkim or dmarc passed for the domain of from. Only the
// topmost counts: any header below it, even with our id, may be the
// sender's own writing. The caller reads the headers only where the
// operator states that the server removes forged ones of our id (Dovecot's
// LMTP delivery does not).
func authPass(authservID string, headers []string, from string) bool {
	if authservID == "" || len(headers) == 0 {
		return false
	}
	_, domain, ok := strings.Cut(strings.ToLower(from), "@")
	if !ok {
		return false
	}
	parts := strings.Split(stripComments(headers[0]), ";")
	id := strings.Fields(parts[0])
	if len(id) == 0 || !strings.EqualFold(id[0], authservID) {
		return false
	}
	return resultsPass(parts[1:], domain)
}

// resultsPass reads the resinfo parts of one header.
func resultsPass(parts []string, domain string) bool {
	for _, res := range parts {
		fields := strings.Fields(strings.ToLower(res))
		if len(fields) == 0 {
			continue
		}
		method, result, _ := strings.Cut(fields[0], "=")
		if result != "pass" {
			continue
		}
		for _, prop := range fields[1:] {
			k, v, _ := strings.Cut(prop, "=")
			v = strings.Trim(v, `"`)
			switch {
			case method == "dkim" && k == "header.d" && v == domain,
				method == "dkim" && k == "header.i" && strings.HasSuffix(v, "@"+domain),
				method == "dmarc" && k == "header.from" && v == domain:
				return true
			}
		}
	}
	return false
}

// stripComments removes (comments) from a header value.
func stripComments(s string) string {
	var b strings.Builder
	depth := 0
	for _, r := range s {
		switch {
		case r == '(':
			depth++
		case r == ')' && depth > 0:
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return b.String()
}
