package club

import (
	"strings"
	"testing"
)

// A newcomer whose "register NAME" names no name postal can read (an
// accent, a letter of another alphabet that looks like a Latin one) is told
// so and what a name may be, not only that the mail was not read; the name
// is not repeated (a look-alike is a forger's text, under postal's name).
func TestRegisterOfAnUnreadableNameSaysWhy(t *testing.T) {
	c := newClub(t, Options{})
	for from, name := range map[string]string{"jose@example.org": "José", "mallory@example.org": "аlice"} {
		m := to(t, c.mail(from, "hello", "register "+name), from)
		says(t, m, `postal did not register you: the name in your line "register NAME" has a character no name may have.`, "in plain a to z (no accents, no other alphabets)")
		if strings.Contains(m.Text, name) {
			t.Errorf("the note repeats the name %q:\n%s", name, m.Text)
		}
	}
	says(t, to(t, c.mail("jose@example.org", "hello", "register jose"), "jose@example.org"), "jose")
}
