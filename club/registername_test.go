package club

import "testing"

// A newcomer whose "register NAME" names no name postal can read (an
// accent, a letter of another alphabet that looks like a Latin one) is told
// so and what a name may be, not only that the mail was not read.
func TestRegisterOfAnUnreadableNameSaysWhy(t *testing.T) {
	c := newClub(t, Options{})
	for from, name := range map[string]string{"jose@example.org": "José", "mallory@example.org": "аlice"} {
		says(t, to(t, c.mail(from, "hello", "register "+name), from), `postal did not register you: "`+name+`" cannot be a name.`, "in plain a to z (no accents, no other alphabets)")
	}
	says(t, to(t, c.mail("jose@example.org", "hello", "register jose"), "jose@example.org"), "jose")
}
