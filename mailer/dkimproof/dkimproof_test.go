package dkimproof

import (
	"bytes"
	"context"
	"crypto"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"errors"
	"net"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-msgauth/dkim"
)

// signer is a domain's DKIM key, published in a fake DNS.
type signer struct {
	domain, selector string
	key              crypto.Signer
}

// zone is a fake DNS: TXT records by name.
type zone map[string][]string

func (z zone) lookup(_ context.Context, name string) ([]string, error) {
	if rr, ok := z[strings.ToLower(name)]; ok {
		return rr, nil
	}
	return nil, &errNoRecord{name}
}

type errNoRecord struct{ name string }

func (e *errNoRecord) Error() string { return "no TXT record for " + e.name }

// newSigner generates an Ed25519 key for domain and publishes it in z.
func newSigner(t testing.TB, z zone, domain string) *signer {
	t.Helper()
	pub, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	z["sel._domainkey."+domain] = []string{"v=DKIM1; k=ed25519; p=" + base64.StdEncoding.EncodeToString(pub)}
	return &signer{domain: domain, selector: "sel", key: key}
}

// newRSASigner generates an RSA key for domain, the kind most mail is
// signed with, and publishes it in z under the selector "rsa".
func newRSASigner(t testing.TB, z zone, domain string) *signer {
	t.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	der, err := x509.MarshalPKIXPublicKey(&key.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	z["rsa._domainkey."+domain] = []string{"v=DKIM1; k=rsa; p=" + base64.StdEncoding.EncodeToString(der)}
	return &signer{domain: domain, selector: "rsa", key: key}
}

func (s *signer) sign(t testing.TB, raw string) []byte {
	t.Helper()
	var out bytes.Buffer
	err := dkim.Sign(&out, strings.NewReader(raw), &dkim.SignOptions{Domain: s.domain, Selector: s.selector, Signer: s.key,
		HeaderCanonicalization: dkim.CanonicalizationRelaxed, BodyCanonicalization: dkim.CanonicalizationRelaxed})
	if err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

func mail(from string) string {
	return "From: Alice <" + from + ">\r\nTo: postal@club.test\r\nSubject: move\r\nMessage-ID: <1@x>\r\n\r\ne2-e4\r\n"
}

func TestVerify(t *testing.T) {
	z := zone{}
	mailCom := newSigner(t, z, "mail.example.com")
	other := newSigner(t, z, "other.test")
	coUK := newSigner(t, z, "example.co.uk")
	rsaOrg := newRSASigner(t, z, "example.org")
	v := New(z.lookup)
	ctx := context.Background()
	tampered := mailCom.sign(t, mail("alice@example.com"))
	tampered = bytes.Replace(tampered, []byte("e2-e4"), []byte("resign"), 1)
	twoFroms := append([]byte("From: bob@example.com\r\n"), mailCom.sign(t, mail("alice@example.com"))...)
	for _, tc := range []struct {
		what string
		raw  []byte
		from string
		want bool
	}{
		{"aligned: same domain", other.sign(t, mail("alice@other.test")), "alice@other.test", true},
		{"aligned: same organizational domain", mailCom.sign(t, mail("alice@example.com")), "alice@example.com", true},
		{"aligned: subdomain of the signer's organization", coUK.sign(t, mail("alice@mx.example.co.uk")), "alice@mx.example.co.uk", true},
		{"aligned: an RSA key", rsaOrg.sign(t, mail("bob@example.org")), "bob@example.org", true},
		{"misaligned: signed by another domain", other.sign(t, mail("alice@example.com")), "alice@example.com", false},
		{"misaligned: a public suffix is no organization", coUK.sign(t, mail("alice@other.co.uk")), "alice@other.co.uk", false},
		{"bad signature: body changed", tampered, "alice@example.com", false},
		{"unsigned", []byte(mail("alice@example.com")), "alice@example.com", false},
		{"two From headers", twoFroms, "bob@example.com", false},
	} {
		t.Run(tc.what, func(t *testing.T) {
			got := v.Verify(ctx, tc.raw, tc.from, Policy{})
			if got.Proven != tc.want {
				t.Errorf("Proven = %v, want %v (%s)", got.Proven, tc.want, got.Why)
			}
		})
	}
}

// A key that cannot be looked up proves nothing, and the lookup goes
// through the function given.
func TestVerifyLookupFails(t *testing.T) {
	z := zone{}
	s := newSigner(t, z, "example.com")
	raw := s.sign(t, mail("alice@example.com"))
	asked := 0
	v := New(func(context.Context, string) ([]string, error) { asked++; return nil, errors.New("SERVFAIL") })
	if got := v.Verify(context.Background(), raw, "alice@example.com", Policy{}); got.Proven || asked != 1 {
		t.Errorf("Proven = %v after %d lookups, want false after 1", got.Proven, asked)
	}
}

func TestAligned(t *testing.T) {
	for _, tc := range []struct {
		d, from string
		want    bool
	}{
		{"example.com", "example.com", true},
		{"EXAMPLE.com.", "example.com", true},
		{"mail.example.com", "example.com", true},
		{"example.com", "eu.example.com", true},
		{"example.org", "example.com", false},
		{"evil-example.com", "example.com", false},
		{"co.uk", "example.co.uk", false},
		{"", "example.com", false},
	} {
		if got := Aligned(tc.d, tc.from); got != tc.want {
			t.Errorf("Aligned(%q, %q) = %v, want %v", tc.d, tc.from, got, tc.want)
		}
	}
}

// A signature of a domain not aligned with the From domain is not even
// looked up: a stranger's name servers cannot make postal wait.
func TestMisalignedNotLookedUp(t *testing.T) {
	z := zone{}
	evil := newSigner(t, z, "evil.test")
	var asked []string
	v := New(func(ctx context.Context, name string) ([]string, error) {
		asked = append(asked, name)
		return z.lookup(ctx, name)
	})
	raw := evil.sign(t, mail("alice@example.com"))
	raw = append(evil.sign(t, string(raw)), nil...) // two signatures
	if got := v.Verify(context.Background(), raw, "alice@example.com", Policy{}); got.Proven || len(asked) != 0 {
		t.Errorf("Proven %v, looked up %q", got.Proven, asked)
	}
}

// What a mail's check costs, the key lookup aside (the fake DNS answers
// at once): an Ed25519 and an RSA-2048 signature.
func BenchmarkVerify(b *testing.B) {
	z := zone{}
	for _, s := range []*signer{newSigner(b, z, "example.org"), newRSASigner(b, z, "example.org")} {
		raw := s.sign(b, mail("alice@example.org"))
		v := New(z.lookup)
		b.Run(s.selector, func(b *testing.B) {
			for b.Loop() {
				if !v.Verify(context.Background(), raw, "alice@example.org", Policy{}).Proven {
					b.Fatal("not proven")
				}
			}
		})
	}
}

// What postal check tells an operator rests on the kind of failure and
// the selector it names (issue 34): a key that is not the signer's, no
// key, no signature, another domain's signature.
func TestVerifyFaults(t *testing.T) {
	z := zone{}
	club := newRSASigner(t, z, "club.test")
	other := newSigner(t, z, "other.test")
	ctx := context.Background()
	signed := club.sign(t, mail("postal@club.test"))
	// The record at the selector holds another key than the signer's.
	wrong := zone{}
	newRSASigner(t, wrong, "club.test")
	for _, tc := range []struct {
		what     string
		v        *Verifier
		raw      []byte
		fault    Fault
		selector string
	}{
		{"proven", New(z.lookup), signed, NoFault, "rsa"},
		{"another key at the selector", New(wrong.lookup), signed, WrongKey, "rsa"},
		{"no key at the selector", New(zone{}.lookup), signed, NoKey, "rsa"},
		{"unsigned", New(z.lookup), []byte(mail("postal@club.test")), Unsigned, ""},
		{"signed by another domain", New(z.lookup), other.sign(t, mail("postal@club.test")), NotAligned, "sel"},
		{"resolver down", New(func(context.Context, string) ([]string, error) {
			return nil, &net.DNSError{Err: "i/o timeout", IsTimeout: true, IsTemporary: true}
		}), signed, KeyUnknown, "rsa"},
	} {
		t.Run(tc.what, func(t *testing.T) {
			got := tc.v.Verify(ctx, tc.raw, "postal@club.test", Policy{})
			if got.Fault != tc.fault || got.Selector != tc.selector || got.Proven != (tc.fault == NoFault) {
				t.Errorf("Fault %d, selector %q, proven %v (%s); want fault %d, selector %q", got.Fault, got.Selector, got.Proven, got.Why, tc.fault, tc.selector)
			}
		})
	}
}

// signWith signs raw over the header fields keys (the library's default
// list when nil), with an expiry when expires is set.
func (s *signer) signWith(t testing.TB, raw string, keys []string, expires time.Time) []byte {
	t.Helper()
	var out bytes.Buffer
	err := dkim.Sign(&out, strings.NewReader(raw), &dkim.SignOptions{Domain: s.domain, Selector: s.selector, Signer: s.key,
		HeaderCanonicalization: dkim.CanonicalizationRelaxed, BodyCanonicalization: dkim.CanonicalizationRelaxed, HeaderKeys: keys, Expiration: expires})
	if err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// Issue 32, found 1: a header field the signature covers, added again above
// the signed one, is what a reader sees and is not signed: the mail proves
// nothing. A field the signature does not cover changes nothing, and every
// delivery of the mail, whatever was added, carries the same signature
// value.
func TestExtraInstancesProveNothing(t *testing.T) {
	z := zone{}
	s := newSigner(t, z, "example.com")
	v := New(z.lookup)
	ctx := context.Background()
	keys := []string{"from", "to", "subject", "date", "message-id"}
	signed := s.signWith(t, mail("alice@example.com"), keys, time.Time{})
	noID := s.signWith(t, mail("alice@example.com"), []string{"from", "to", "subject", "date"}, time.Time{})
	first := v.Verify(ctx, signed, "alice@example.com", Policy{})
	if !first.Proven || first.Signature == "" || !first.Covers("Subject") || first.Covers("reply-to") {
		t.Fatalf("the signed mail: %+v", first)
	}
	for _, tc := range []struct {
		what, top string
		raw       []byte
		want      bool
	}{
		{"a second Subject on top", "Subject: [postal #10] x\r\n", signed, false},
		{"a second Message-ID on top", "Message-ID: <r-1@evil.example>\r\n", signed, false},
		{"a second To on top", "To: postal+token@club.test\r\n", signed, false},
		{"a Received on top", "Received: from mx.example.com by mx.club.test\r\n", signed, true},
		{"a Message-ID the signature does not cover", "Message-ID: <r-2@evil.example>\r\n", noID, true},
	} {
		got := v.Verify(ctx, append([]byte(tc.top), tc.raw...), "alice@example.com", Policy{})
		if got.Proven != tc.want {
			t.Errorf("%s: Proven = %v, want %v (%s)", tc.what, got.Proven, tc.want, got.Why)
		}
		if got.Proven && bytes.Equal(tc.raw, signed) && got.Signature != first.Signature {
			t.Errorf("%s: the signature value changed: %q, was %q", tc.what, got.Signature, first.Signature)
		}
	}
}

// A signature older than the club's limit (a week by default), dated in
// the future or expired proves nothing (issue 32).
func TestSignatureAge(t *testing.T) {
	z := zone{}
	s := newSigner(t, z, "example.com")
	v := New(z.lookup)
	now := time.Now()
	raw := s.sign(t, mail("alice@example.com"))
	expiring := s.signWith(t, mail("alice@example.com"), nil, now.Add(time.Hour))
	for _, tc := range []struct {
		what string
		raw  []byte
		p    Policy
		want bool
	}{
		{"just signed", raw, Policy{}, true},
		{"six days old", raw, Policy{Now: now.Add(6 * 24 * time.Hour)}, true},
		{"eight days old", raw, Policy{Now: now.Add(8 * 24 * time.Hour)}, false},
		{"two hours old, limit one", raw, Policy{Now: now.Add(2 * time.Hour), MaxAge: time.Hour}, false},
		{"signed two hours from now", raw, Policy{Now: now.Add(-2 * time.Hour)}, false},
		{"before its expiry", expiring, Policy{Now: now.Add(30 * time.Minute)}, true},
		{"past its expiry", expiring, Policy{Now: now.Add(2 * time.Hour)}, false},
	} {
		if got := v.Verify(context.Background(), tc.raw, "alice@example.com", tc.p); got.Proven != tc.want {
			t.Errorf("%s: Proven = %v, want %v (%s)", tc.what, got.Proven, tc.want, got.Why)
		}
	}
}

// What binds checks, tag by tag: a signature without a time, with an
// unreadable expiry, or covering fewer instances than the mail has.
func TestBinds(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	fields := []field{{"from", "a@b"}, {"subject", "x"}, {"subject", "y"}, {"to", "c@d"}}
	at := strconv.FormatInt(now.Unix(), 10)
	for _, tc := range []struct {
		what string
		tags sigTags
		want string // a word of the reason; "" binds
	}{
		{"bound", sigTags{"h": "from:subject:subject:to", "t": at}, ""},
		{"over-signed", sigTags{"h": "from : subject:subject: subject:to", "t": " " + at}, ""},
		{"one subject covered of two", sigTags{"h": "from:subject:to", "t": at}, `"subject"`},
		{"no time", sigTags{"h": "from:subject:subject:to"}, "no signing time"},
		{"unreadable expiry", sigTags{"h": "from:subject:subject:to", "t": at, "x": "soon"}, "unreadable expiry"},
	} {
		got := tc.tags.binds(fields, Policy{Now: now})
		if tc.want == "" && got != "" || tc.want != "" && !strings.Contains(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.what, got, tc.want)
		}
	}
}

// A signature listing more header fields than any signer does is not
// verified: the verifier's work grows with the list times the header.
func TestTooManySignedFields(t *testing.T) {
	z := zone{}
	s := newSigner(t, z, "example.com")
	keys := []string{"from"}
	for range maxSignedFields {
		keys = append(keys, "x-padding")
	}
	raw := s.signWith(t, mail("alice@example.com"), keys, time.Time{})
	if got := New(z.lookup).Verify(context.Background(), raw, "alice@example.com", Policy{}); got.Proven || !strings.Contains(got.Why, "header fields") {
		t.Errorf("a signature over %d fields: %+v", len(keys), got)
	}
}

// Issue 32, finding 1: the verifier (go-msgauth) grows a header field by
// each of its lines, so a field folded on 260,000 lines in 1 MiB cost
// minutes of CPU. A header past maxFoldedLines continuation lines, or with
// a field past maxFieldBytes, is not checked at all: no key is looked up,
// and it proves nothing. One within both is checked as usual, and read the
// same however it is folded.
func TestFoldedHeaderNotChecked(t *testing.T) {
	z := zone{}
	s := newSigner(t, z, "example.com")
	asked := 0
	v := New(func(ctx context.Context, name string) ([]string, error) { asked++; return z.lookup(ctx, name) })
	signed := string(s.sign(t, mail("alice@example.com")))
	below := func(field string) []byte { // a field the signature does not cover, at the end of the header
		i := strings.Index(signed, "\r\n\r\n") + 2
		return []byte(signed[:i] + field + signed[i:])
	}
	for _, tc := range []struct {
		what, field, why string
	}{
		{"folded on 260,000 lines", "X-Long: a" + strings.Repeat("\r\n a", 260_000) + "\r\n", "continuation lines"},
		{"folded one line past the bound", "X-Long: a" + strings.Repeat("\r\n a", maxFoldedLines+1) + "\r\n", "continuation lines"},
		{"a field of 100 KiB", "X-Long: " + strings.Repeat("a", 100<<10) + "\r\n", "longer than"},
	} {
		asked = 0
		got := v.Verify(context.Background(), below(tc.field), "alice@example.com", Policy{})
		if got.Proven || got.Fault != Malformed || !strings.Contains(got.Why, tc.why) || asked != 0 {
			t.Errorf("%s: %+v after %d lookups; want not checked (%q), no lookup", tc.what, got, asked, tc.why)
		}
	}
	if got := v.Verify(context.Background(), below("X-Long: a"+strings.Repeat("\r\n a", maxFoldedLines-20)+"\r\n"), "alice@example.com", Policy{}); !got.Proven {
		t.Errorf("folded within the bound: %s", got.Why)
	}
	fields := headerFields([]byte("X-A: a\r\n b\r\n\tc\r\nX-B:d\r\n\r\nbody"))
	if len(fields) != 2 || fields[0] != (field{"x-a", "a b c"}) || fields[1] != (field{"x-b", "d"}) {
		t.Errorf("headerFields: %q", fields)
	}
}

// respell returns raw with its (first) signature's b= value spelled
// otherwise, the same bytes: the unused low bits of the character before
// the padding set to bits, and folding white space inside the value.
func respell(t testing.TB, raw []byte, bits int, fold bool) []byte {
	t.Helper()
	s := string(raw)
	i := strings.Index(s, " b=")
	if i < 0 {
		t.Fatalf("no b= in %q", s)
	}
	start := i + 3
	end := start
	for end < len(s) && s[end] != ';' && !(s[end] == '\r' && end+2 < len(s) && s[end+2] != ' ' && s[end+2] != '\t') {
		end++
	}
	b := strings.Join(strings.Fields(s[start:end]), "")
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	if !strings.HasSuffix(b, "==") {
		t.Fatalf("b= %q: no two padding characters to play with", b)
	}
	last := strings.IndexByte(alphabet, b[len(b)-3])
	b = b[:len(b)-3] + string(alphabet[last&^0xf|bits]) + "=="
	if fold {
		b = b[:20] + "\r\n\t " + b[20:40] + " " + b[40:]
	}
	return []byte(s[:start] + b + s[end:])
}

// Issue 32, finding 6: one signature spelled 16 ways (the unused bits of
// its last base64 character) and folded anywhere verifies every time; each
// spelling is the same signature for the club's dedup.
func TestSignatureSpellings(t *testing.T) {
	z := zone{}
	s := newSigner(t, z, "example.com")
	v := New(z.lookup)
	raw := s.signWith(t, mail("alice@example.com"), []string{"from", "to", "subject"}, time.Time{})
	first := v.Verify(context.Background(), raw, "alice@example.com", Policy{})
	if !first.Proven {
		t.Fatal(first.Why)
	}
	spellings := map[string]bool{}
	for bits := range 16 {
		for _, fold := range []bool{false, true} {
			other := respell(t, raw, bits, fold)
			spellings[string(other)] = true
			got := v.Verify(context.Background(), other, "alice@example.com", Policy{})
			if !got.Proven {
				t.Errorf("bits %d, folded %v: not proven (%s)", bits, fold, got.Why)
				continue
			}
			if got.Signature != first.Signature {
				t.Errorf("bits %d, folded %v: signature %q, want %q", bits, fold, got.Signature, first.Signature)
			}
		}
	}
	if len(spellings) != 32 {
		t.Errorf("%d spellings, want 32", len(spellings))
	}
}

// Issue 32, finding 10: a mail alice signed for someone else, delivered to
// the club (forwarded, or sent again by whoever received it), proves
// nothing: the signature must cover To, and a To or Cc it covers must name
// the club (its address or a plus-address of it).
func TestSignedForSomeoneElse(t *testing.T) {
	z := zone{}
	s := newSigner(t, z, "example.com")
	v := New(z.lookup)
	isClub := func(addr string) bool {
		return addr == "postal@club.test" || strings.HasPrefix(addr, "postal+") && strings.HasSuffix(addr, "@club.test")
	}
	p := Policy{Addressed: isClub}
	mailTo := func(to, cc string) string {
		m := "From: alice@example.com\r\nTo: " + to + "\r\n"
		if cc != "" {
			m += "Cc: " + cc + "\r\n"
		}
		return m + "Subject: move\r\nMessage-ID: <1@x>\r\n\r\nresign\r\n"
	}
	all := []string{"from", "to", "cc", "subject", "message-id"}
	for _, tc := range []struct {
		what string
		raw  []byte
		want bool
	}{
		{"to the club", s.signWith(t, mailTo("Postal <postal@club.test>", ""), all, time.Time{}), true},
		{"to a reply address of the club", s.signWith(t, mailTo("bob@example.net, postal+tok3n@club.test", ""), all, time.Time{}), true},
		{"the club in a signed Cc", s.signWith(t, mailTo("bob@example.net", "postal@club.test"), all, time.Time{}), true},
		{"to someone else", s.signWith(t, mailTo("bob@example.net", ""), all, time.Time{}), false},
		{"the club in a Cc the signature does not cover", s.signWith(t, mailTo("bob@example.net", "postal@club.test"), []string{"from", "to", "subject"}, time.Time{}), false},
		{"To not signed", s.signWith(t, mailTo("postal@club.test", ""), []string{"from", "subject", "message-id"}, time.Time{}), false},
		{"another club's address", s.signWith(t, mailTo("postal@other.test", ""), all, time.Time{}), false},
	} {
		got := v.Verify(context.Background(), tc.raw, "alice@example.com", p)
		if got.Proven != tc.want {
			t.Errorf("%s: Proven = %v, want %v (%s)", tc.what, got.Proven, tc.want, got.Why)
		}
	}
}
