// Package dkimproof decides whether a received mail proves its From address
// by a DKIM signature (RFC 6376) that verifies and whose signing domain is
// aligned with the From domain as DMARC defines it (RFC 7489 section 3.1.1,
// relaxed mode: the same organizational domain). postal checks the
// signature itself: an Authentication-Results header in the mail is the
// sender's word, not the club's (issue 24).
package dkimproof

import (
	"bytes"
	"context"
	"errors"
	"net"
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
	// mail's: a slow name server must not hold up the mail behind it.
	lookupTimeout = 5 * time.Second
	verifyTimeout = 10 * time.Second
)

var errNotAligned = errors.New("dkimproof: signing domain not aligned with the From domain: key not looked up")

// Verifier checks DKIM signatures, looking keys up through its lookup.
type Verifier struct {
	lookup LookupTXT
}

// New returns a Verifier that looks keys up with lookup; nil means the
// system's resolver.
func New(lookup LookupTXT) *Verifier {
	if lookup == nil {
		lookup = Resolver("")
	}
	return &Verifier{lookup: lookup}
}

// Result is what a mail's signatures prove.
type Result struct {
	// Proven reports that a signature verified and its domain is aligned
	// with the From domain.
	Proven bool
	// Domain is the signing domain (d=) of that signature.
	Domain string
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
)

// Verify checks the DKIM signatures of raw, the mail as received, against
// from, the address its From header names.
func (v *Verifier) Verify(ctx context.Context, raw []byte, from string) Result {
	_, fromDomain, ok := strings.Cut(strings.ToLower(from), "@")
	if !ok || fromDomain == "" {
		return Result{Why: "no From domain"}
	}
	if n := countFrom(raw); n != 1 {
		// A second From header is how a signature over one From is shown
		// with another (RFC 6376 section 8.15): the mail proves nothing.
		return Result{Why: "not exactly one From header", Fault: Malformed}
	}
	if !Signed(raw) {
		return Result{Why: "no DKIM signature", Fault: Unsigned}
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
			ctx, cancel := context.WithTimeout(ctx, lookupTimeout)
			defer cancel()
			return v.lookup(ctx, name)
		},
	})
	if err != nil && len(verifs) == 0 {
		return Result{Why: "unreadable: " + err.Error(), Fault: Malformed}
	}
	selectors := signatureSelectors(raw)
	res := Result{Why: "no signature verified", Fault: Malformed}
	for i, ver := range verifs {
		sel := ""
		if i < len(selectors) {
			sel = selectors[i]
		}
		if ver.Err != nil {
			res = Result{Why: "signature of " + ver.Domain + ": " + ver.Err.Error(), Fault: faultOf(ver.Err), Domain: strings.ToLower(ver.Domain), Selector: sel}
			continue
		}
		if Aligned(ver.Domain, fromDomain) {
			return Result{Proven: true, Domain: strings.ToLower(ver.Domain), Selector: sel}
		}
		res = Result{Why: "signed by " + ver.Domain + ", not aligned with " + fromDomain, Fault: NotAligned, Domain: strings.ToLower(ver.Domain), Selector: sel}
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

// signatureSelectors are the s= tags of raw's DKIM-Signature headers, in
// the order of the headers (go-msgauth reports them in that order).
func signatureSelectors(raw []byte) []string {
	var out []string
	lines := strings.Split(string(header(raw)), "\n")
	for i := 0; i < len(lines); i++ {
		name, value, ok := strings.Cut(lines[i], ":")
		if !ok || !strings.EqualFold(strings.TrimSpace(name), "dkim-signature") || lines[i][0] == ' ' || lines[i][0] == '\t' {
			continue
		}
		for i+1 < len(lines) && lines[i+1] != "" && (lines[i+1][0] == ' ' || lines[i+1][0] == '\t') {
			i++
			value += lines[i]
		}
		sel := ""
		for _, tag := range strings.Split(value, ";") {
			if k, v, ok := strings.Cut(tag, "="); ok && strings.TrimSpace(k) == "s" {
				sel = strings.Join(strings.Fields(v), "")
			}
		}
		out = append(out, sel)
	}
	return out
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

// fieldNames returns the names of the header fields of raw, in order.
func fieldNames(raw []byte) []string {
	var names []string
	for _, line := range strings.Split(string(header(raw)), "\n") {
		if line == "" || line[0] == ' ' || line[0] == '\t' {
			continue // a continuation, or the end
		}
		if name, _, ok := strings.Cut(line, ":"); ok {
			names = append(names, strings.ToLower(strings.TrimSpace(name)))
		}
	}
	return names
}

func countFrom(raw []byte) int {
	n := 0
	for _, name := range fieldNames(raw) {
		if name == "from" {
			n++
		}
	}
	return n
}

// Signed reports whether raw carries a DKIM-Signature header: without one
// there is nothing to check, and no need to ask DNS.
func Signed(raw []byte) bool {
	for _, name := range fieldNames(raw) {
		if name == "dkim-signature" {
			return true
		}
	}
	return false
}
