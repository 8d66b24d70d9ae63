// Package dkimproof decides whether a received mail proves its From address
// by a DKIM signature (RFC 6376) that verifies and whose signing domain is
// aligned with the From domain as DMARC defines it (RFC 7489 section 3.1.1,
// relaxed mode: the same organizational domain). postal checks the
// signature itself: an Authentication-Results header in the mail is the
// sender's word, not the club's.
//
// A proof binds the whole mail (bind.go): a signature proves
// nothing when a header field it covers appears more often than it covers
// it (the extra instances, above the signed ones, are what a reader sees),
// when it has no time or is older than the club's limit, or when it has
// expired. Its signature's bytes identify the signed mail however its
// other headers are changed and however its b= value is spelled, for the
// club's dedup.
package dkimproof

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"net"
	"slices"
	"strings"
	"time"

	"github.com/emersion/go-msgauth/dkim"
	"golang.org/x/net/publicsuffix"
)

// LookupTXT returns the TXT records of a DNS name.
type LookupTXT func(ctx context.Context, name string) ([]string, error)

// Resolver returns the lookup of the DNS server at addr ("host:port"), or
// of the system's resolver when addr is empty.
func Resolver(addr string) LookupTXT { return NetResolver(addr).LookupTXT }

// NetResolver is the DNS server at addr ("host:port") as a net.Resolver,
// or the system's resolver when addr is empty: the club's DKIM proofs and
// postal check's look-ups go through the same one.
func NetResolver(addr string) *net.Resolver {
	if addr == "" {
		return net.DefaultResolver
	}
	return &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, network, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, network, addr)
	}}
}

const (
	// maxSignatures is how many signatures of one mail are checked: each
	// may cost a DNS lookup, and a mail may carry any number.
	maxSignatures = 5
	// lookupTimeout bounds each key lookup, and verifyTimeout all of a
	// mail's: a slow name server must not hold up the mail behind it
	// (keys.go: and a silent one is not asked again for a while).
	lookupTimeout = 2 * time.Second
	verifyTimeout = 4 * time.Second
	// maxSignedFields is the most header fields one signature may cover:
	// signers cover a few (Gmail about ten, Outlook some twenty), and the
	// verifier's work grows with the product of the list and the header.
	maxSignedFields = 64
	// maxFoldedLines is the most continuation lines a header may have,
	// and maxFieldBytes the longest field, for its signatures to be
	// checked: the verifier (go-msgauth) grows a field by each of its
	// lines, so its cost is the product of the two (finding 1:
	// 260,000 lines in 1 MiB cost minutes). A mail's header has some tens
	// of continuation lines, a long References some hundreds.
	maxFoldedLines = 1000
	maxFieldBytes  = 64 << 10
)

var errNotAligned = errors.New("dkimproof: signing domain not aligned with the From domain: key not looked up")

// Verifier checks DKIM signatures, looking keys up through its lookup.
type Verifier struct {
	lookup LookupTXT
	keys   *keyCache // keys.go
}

// New returns a Verifier that looks keys up with lookup; nil means the
// system's resolver.
func New(lookup LookupTXT) *Verifier {
	if lookup == nil {
		lookup = Resolver("")
	}
	return &Verifier{lookup: lookup, keys: newKeyCache()}
}

// Result is what a mail's signatures prove.
type Result struct {
	// Proven reports that a signature verified and its domain is aligned
	// with the From domain.
	Proven bool
	// Domain is the signing domain (d=) of that signature.
	Domain string
	// Signature is that signature's bytes (its b= value decoded), in the
	// one canonical spelling of base64: every delivery of the signed mail
	// carries them, whatever headers were added or changed outside the
	// signature, and however b= is spelled (folding white space, the
	// unused bits of its last character).
	Signature string
	// Signed are the header fields the signature covers (h=), lower case,
	// each as often as it is listed.
	Signed []string
	// Why says, when not proven, what was missing, for the log.
	Why string
	// Fault is, when not proven, the kind of what was missing (postal
	// check names its fix by it); Selector the selector (s=) of the
	// signature Why speaks of, or of the one that proved.
	Fault    Fault
	Selector string
}

// Fault is why a mail's signatures prove nothing.
type Fault int

const (
	NoFault    Fault = iota // proven
	Unsigned                // no DKIM-Signature header
	NotAligned              // signed, but by a domain not aligned with the From domain
	NoKey                   // no key is published at the signature's selector
	WrongKey                // the published key does not verify the signature, or the body changed
	KeyUnknown              // the key could not be looked up: the resolver did not answer
	Malformed               // no single From header, or a signature that cannot be read
	Unbound                 // a signature that verifies but does not bind the mail: fields added above the signed ones, too old
)

// Covers reports whether the proving signature covers the header field
// name: only then may the club rely on what the field says.
func (r Result) Covers(name string) bool {
	return r.Proven && slices.Contains(r.Signed, strings.ToLower(name))
}

// Verify checks the DKIM signatures of raw, the mail as received, against
// from, the address its From header names, under policy p.
func (v *Verifier) Verify(ctx context.Context, raw []byte, from string, p Policy) Result {
	_, fromDomain, ok := strings.Cut(strings.ToLower(from), "@")
	if !ok || fromDomain == "" {
		return Result{Why: "no From domain"}
	}
	fields := headerFields(raw)
	if n := count(fields, "from"); n != 1 {
		// A second From header is how a signature over one From is shown
		// with another (RFC 6376 section 8.15): the mail proves nothing.
		return Result{Why: "not exactly one From header", Fault: Malformed}
	}
	if count(fields, "dkim-signature") == 0 {
		return Result{Why: "no DKIM signature", Fault: Unsigned}
	}
	if why := foldBound(raw); why != "" {
		return Result{Why: why, Fault: Malformed}
	}
	sigs := signatures(fields)
	for _, tags := range sigs {
		if n := len(tags.signed()); n > maxSignedFields {
			return Result{Why: fmt.Sprintf("a signature covers %d header fields, more than %d", n, maxSignedFields), Fault: Malformed}
		}
	}
	ctx, cancel := context.WithTimeout(ctx, verifyTimeout)
	defer cancel()
	verifs, err := dkim.VerifyWithOptions(bytes.NewReader(raw), &dkim.VerifyOptions{
		MaxVerifications: maxSignatures,
		LookupTXT: func(name string) ([]string, error) {
			// Only the keys of domains aligned with the From domain are
			// looked up: no other signature could prove anything, and a
			// stranger's signatures must not have postal wait on the
			// stranger's name servers.
			_, d, ok := strings.Cut(strings.ToLower(name), "._domainkey.")
			if !ok || !Aligned(d, fromDomain) {
				return nil, errNotAligned
			}
			return v.keys.lookup(ctx, name, d, v.lookup)
		},
	})
	if err != nil && len(verifs) == 0 {
		return Result{Why: "unreadable: " + err.Error(), Fault: Malformed}
	}
	res := Result{Why: "no signature verified", Fault: Malformed}
	for i, ver := range verifs {
		// The verifications come in the order of the signatures; one
		// that does not line up with its field proves nothing.
		if i >= len(sigs) || !strings.EqualFold(strings.TrimSpace(sigs[i].value("d")), ver.Domain) {
			res = Result{Why: "a signature the verifier read is not the one of its field", Fault: Malformed}
			continue
		}
		tags := sigs[i]
		sel := tags.value("s")
		if ver.Err != nil {
			res = Result{Why: "signature of " + ver.Domain + ": " + ver.Err.Error(), Fault: faultOf(ver.Err), Domain: strings.ToLower(ver.Domain), Selector: sel}
			continue
		}
		if !Aligned(ver.Domain, fromDomain) {
			res = Result{Why: "signed by " + ver.Domain + ", not aligned with " + fromDomain, Fault: NotAligned, Domain: strings.ToLower(ver.Domain), Selector: sel}
			continue
		}
		if w := tags.binds(fields, p); w != "" {
			res = Result{Why: "signature of " + ver.Domain + ": " + w, Fault: Unbound, Domain: strings.ToLower(ver.Domain), Selector: sel}
			continue
		}
		sig, err := base64.StdEncoding.DecodeString(tags.value("b"))
		if err != nil || len(sig) == 0 {
			res = Result{Why: "signature of " + ver.Domain + ": its b= value is not base64", Fault: Malformed, Domain: strings.ToLower(ver.Domain), Selector: sel}
			continue
		}
		return Result{Proven: true, Domain: strings.ToLower(ver.Domain), Selector: sel, Signature: base64.StdEncoding.EncodeToString(sig), Signed: tags.signed()}
	}
	return res
}

// faultOf sorts a signature's failure.
func faultOf(err error) Fault {
	msg := err.Error()
	switch {
	case strings.Contains(msg, errNotAligned.Error()): // go-msgauth keeps only its text
		return NotAligned
	case dkim.IsTempFail(err):
		return KeyUnknown
	case strings.Contains(msg, "no key for signature"), strings.Contains(msg, "no valid key found"):
		return NoKey
	case strings.Contains(msg, "did not verify"):
		return WrongKey
	}
	return Malformed
}

// Aligned reports whether the signing domain d and the From domain share
// their organizational domain (DMARC relaxed alignment). The organizational
// domain is the public suffix and one label more (publicsuffix's list); a
// domain that is itself a public suffix aligns with nothing but itself.
func Aligned(d, fromDomain string) bool {
	d, fromDomain = strings.ToLower(strings.TrimSuffix(d, ".")), strings.ToLower(strings.TrimSuffix(fromDomain, "."))
	if d == "" || fromDomain == "" {
		return false
	}
	if d == fromDomain {
		return true
	}
	od, err1 := publicsuffix.EffectiveTLDPlusOne(d)
	of, err2 := publicsuffix.EffectiveTLDPlusOne(fromDomain)
	return err1 == nil && err2 == nil && od == of
}

// header returns the header block of raw.
func header(raw []byte) []byte {
	for _, sep := range []string{"\r\n\r\n", "\n\n"} {
		if i := bytes.Index(raw, []byte(sep)); i >= 0 {
			return raw[:i+len(sep)/2]
		}
	}
	return raw
}

// field is one header field: its name in lower case and its value,
// unfolded.
type field struct{ name, value string }

// headerFields returns the header fields of raw, in order. It is linear in
// the header however its fields are folded: a field is gathered as its
// lines and joined once (a value grown by each of
// 260,000 continuation lines cost minutes).
func headerFields(raw []byte) []field {
	var out []field
	var value []byte // the open field's value, its lines joined by a space
	flush := func() {
		if len(out) > 0 {
			out[len(out)-1].value = string(value)
		}
		value = value[:0]
	}
	head := header(raw)
	for len(head) > 0 {
		line := head
		if i := bytes.IndexByte(head, '\n'); i >= 0 {
			line, head = head[:i], head[i+1:]
		} else {
			head = nil
		}
		line = bytes.TrimSuffix(line, []byte("\r"))
		switch {
		case len(line) == 0:
		case line[0] == ' ' || line[0] == '\t':
			if len(out) > 0 { // a continuation
				value = append(value, ' ')
				value = append(value, bytes.TrimSpace(line)...)
			}
		default:
			if name, v, ok := bytes.Cut(line, []byte(":")); ok {
				flush()
				out = append(out, field{name: strings.ToLower(string(bytes.TrimSpace(name)))})
				value = append(value, bytes.TrimSpace(v)...)
			}
		}
	}
	flush()
	return out
}

// foldBound says why the header of raw is past what the verifier reads
// in bounded time: more than maxFoldedLines continuation lines, or a
// field longer than maxFieldBytes; "" when it is within both.
func foldBound(raw []byte) string {
	lines, fieldStart := 0, 0
	head := header(raw)
	for pos := 0; pos < len(head); {
		end := bytes.IndexByte(head[pos:], '\n')
		if end < 0 {
			end = len(head) - pos
		}
		if c := head[pos]; c == ' ' || c == '\t' {
			if lines++; lines > maxFoldedLines {
				return fmt.Sprintf("its header has more than %d continuation lines: not checked", maxFoldedLines)
			}
		} else {
			fieldStart = pos
		}
		pos += end + 1
		if pos-fieldStart > maxFieldBytes {
			return fmt.Sprintf("a header field is longer than %d bytes: not checked", maxFieldBytes)
		}
	}
	return ""
}

// count is how many fields of fields are called name.
func count(fields []field, name string) int {
	n := 0
	for _, f := range fields {
		if f.name == name {
			n++
		}
	}
	return n
}

// Signed reports whether raw carries a DKIM-Signature header: without one
// there is nothing to check, and no need to ask DNS. It looks at each line
// of the header once, and keeps none of it: every mail is asked.
func Signed(raw []byte) bool {
	const name = "dkim-signature"
	head := header(raw)
	for len(head) > 0 {
		line := head
		if i := bytes.IndexByte(head, '\n'); i >= 0 {
			line, head = head[:i], head[i+1:]
		} else {
			head = nil
		}
		if len(line) > len(name) && bytes.EqualFold(line[:len(name)], []byte(name)) {
			if rest := bytes.TrimLeft(line[len(name):], " \t"); len(rest) > 0 && rest[0] == ':' {
				return true
			}
		}
	}
	return false
}
