package site

import (
	"fmt"
	"strings"

	"postal/notation"
)

// slug turns a player's name into a file name that is safe everywhere and
// distinct for distinct names, whatever an archive holds (a
// player called bob.html had the folder of their list pages,
// players/bob.html/, at the path of bob's page). Lower-case ASCII letters,
// digits and '-' stay; every other byte (upper case too, for file systems
// that ignore case, and '.', so that no slug ends in ".html") becomes _XX in
// hex, so a slug never holds a '.'; a name of the site's own pages and
// folders (notation.Reserved: index, feed, ...) takes a leading '_', which
// no encoded name begins with followed by a lower-case letter.
func slug(name string) string {
	if notation.Reserved(name) {
		return "_" + name
	}
	var b strings.Builder
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "_%02X", c)
		}
	}
	if b.Len() == 0 {
		return "_"
	}
	return b.String()
}

// validSlug reports whether s (a game name) can be used in a file name as it is.
func validSlug(s string) bool { return s != "" && slug(s) == s }
