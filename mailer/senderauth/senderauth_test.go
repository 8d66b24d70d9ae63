package senderauth

import "testing"

// The policy a DMARC record asks for, and the records receivers ignore
// (RFC 7489 section 6.6.3: none, or more than one).
func TestParseDMARC(t *testing.T) {
	for _, tc := range []struct {
		txt     []string
		policy  string
		percent int
		bad     bool
	}{
		{[]string{"v=DMARC1; p=quarantine; rua=mailto:postmaster@club.example"}, "quarantine", 100, false},
		{[]string{"v=DMARC1;p=reject"}, "reject", 100, false},
		{[]string{"v=DMARC1; p=none"}, "none", 100, false},
		{[]string{"v=DMARC1; p=reject; pct=20"}, "reject", 20, false},
		{[]string{"google-site-verification=x", "v=DMARC1; p=Quarantine"}, "quarantine", 100, false},
		{[]string{"v=DMARC1; rua=mailto:x@y"}, "", 100, true},
		{[]string{"v=DMARC1; p=maybe"}, "maybe", 100, true},
		{[]string{"v=DMARC1; p=reject", "v=DMARC1; p=none"}, "", 0, true},
		{[]string{"v=spf1 mx -all"}, "", 0, true},
		{[]string{"v=DMARC1; p=reject; pct=200"}, "reject", 100, true},
	} {
		d, err := ParseDMARC(tc.txt)
		if (err != nil) != tc.bad || !tc.bad && (d.Policy != tc.policy || d.Percent != tc.percent) {
			t.Errorf("ParseDMARC(%q) = %+v, %v; want policy %q, pct %d, refused %v", tc.txt, d, err, tc.policy, tc.percent, tc.bad)
		}
	}
}
