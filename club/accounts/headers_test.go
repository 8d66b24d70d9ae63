package accounts

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"postal/club/work"
)

func TestAuthPass(t *testing.T) {
	const id = "mx.demo.test"
	for _, c := range []struct {
		headers []string
		from    string
		want    bool
	}{
		{[]string{"mx.demo.test; dkim=pass header.d=example.org"}, "alice@example.org", true},
		{[]string{"MX.Demo.Test; DKIM=pass header.d=Example.ORG"}, "alice@example.org", true},
		{[]string{"mx.demo.test (our server); dkim=pass (good signature) header.d=example.org"}, "alice@example.org", true},
		{[]string{`mx.demo.test; dkim=pass header.d="example.org"`}, "alice@example.org", true},
		{[]string{"mx.demo.test; dkim=pass header.i=@example.org"}, "alice@example.org", true},
		{[]string{"mx.demo.test; spf=pass; dmarc=pass header.from=example.org"}, "alice@example.org", true},
		{[]string{"mx.demo.test 1; dkim=pass header.d=example.org"}, "alice@example.org", true}, // a version after the id
		// What proves nothing:
		{[]string{"mx.demo.test; dkim=fail header.d=example.org"}, "alice@example.org", false},
		{[]string{"mx.demo.test; dkim=pass header.d=evil.test"}, "alice@example.org", false},
		{[]string{"mx.demo.test; dkim=pass header.d=mail.example.org"}, "alice@example.org", false},
		{[]string{"mx.demo.test; dkim=pass header.i=alice@sub.example.org"}, "alice@example.org", false},
		{[]string{"mx.demo.test; spf=pass smtp.mailfrom=example.org"}, "alice@example.org", false},
		{[]string{"mx.evil.test; dkim=pass header.d=example.org"}, "alice@example.org", false},
		{[]string{"(mx.demo.test); dkim=pass header.d=example.org"}, "alice@example.org", false},
		// Only the topmost counts: any below may be the sender's.
		{[]string{"mx.demo.test; dkim=fail header.d=example.org", "mx.demo.test; dkim=pass header.d=example.org"}, "alice@example.org", false},
		{[]string{"mx.evil.test; none", "mx.demo.test; dkim=pass header.d=example.org"}, "alice@example.org", false},
		{nil, "alice@example.org", false},
		{[]string{"mx.demo.test; dkim=pass header.d=example.org"}, "no address", false},
	} {
		if got := authPass(id, c.headers, c.from); got != c.want {
			t.Errorf("authPass(%q, from %s) = %v, want %v", c.headers, c.from, got, c.want)
		}
	}
	if authPass("", []string{"; dkim=pass header.d=example.org"}, "alice@example.org") {
		t.Error("a header passes with no authserv-id set")
	}
}

// FuzzAuthPass: whatever the headers, only the topmost is read, and it
// passes only with the club's authserv-id.
func FuzzAuthPass(f *testing.F) {
	f.Add("mx.demo.test; dkim=pass header.d=example.org", "x; y", "alice@example.org")
	f.Add("mx.demo.test (c(d)e); dmarc=pass header.from=example.org", "", "alice@Example.org")
	f.Add("mx.demo.test; dkim=pass header.i=\"@example.org\"", "mx.demo.test; dkim=pass", "a@b")
	f.Fuzz(func(t *testing.T, top, below, from string) {
		got := authPass("mx.demo.test", []string{top}, from)
		if got != authPass("mx.demo.test", []string{top, below}, from) {
			t.Fatalf("a header below the topmost changed the answer: %q below %q", below, top)
		}
		if got && !strings.HasPrefix(strings.ToLower(strings.TrimSpace(stripComments(top))), "mx.demo.test") {
			t.Fatalf("%q passes without the club's authserv-id first", top)
		}
	})
}

func TestTokens(t *testing.T) {
	c := &work.Club{Local: "postal", Host: "demo.test", TokenSeparator: "+"}
	const abc, def = "abcabcabcabcabca", "defdefdefdefdefd"
	got := tokens(c, []string{
		"postal+" + abc + "@demo.test", "POSTAL+" + strings.ToUpper(abc) + "@DEMO.TEST", "Postal+Def" + def[3:] + "@demo.test",
		"postal@demo.test", "postal+@demo.test", "postal+" + abc[:15] + "g@demo.test.evil", "other+" + abc + "@demo.test", "postal+" + abc + "@evil.test",
	})
	if want := []string{abc, def}; !slices.Equal(got, want) {
		t.Errorf("tokens = %q, want %q", got, want)
	}
	var many []string
	for i := range 100 {
		many = append(many, fmt.Sprintf("postal+%s%02d@demo.test", strings.Repeat("t", 14), i))
	}
	many = slices.Concat([]string{"postal+bot.bot@demo.test", "postal+help@demo.test", "postal+" + abc + "1@demo.test", "postal+" + abc[:15] + "0@demo.test"}, many)
	// 0 and 1 are not in the tokens' alphabet: the first that can be one is the 23rd.
	if got := tokens(c, many); len(got) != maxTokens || got[0] != "tttttttttttttt22" {
		t.Errorf("of 100 reply addresses, %d read (%q...), want the first %d that can be tokens", len(got), got, maxTokens)
	}
}

func TestDropRef(t *testing.T) {
	if got := DropRef("Re: your move (ref abcdefghjkmnpqrs) [postal #4]"); got != "Re: your move  [postal #4]" {
		t.Errorf("DropRef = %q", got)
	}
	if got := DropRef("Re: (ref short)"); got != "Re: (ref short)" {
		t.Errorf("DropRef = %q: it dropped what is no token", got)
	}
}
