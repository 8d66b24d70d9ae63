package site

import (
	"fmt"
	"strings"
)

// slug turns a player's name into a file name that is safe everywhere and
// distinct for distinct names: ASCII letters, digits, '-' and '.' stay (a
// leading '.' does not), every other byte becomes _XX in hex.
func slug(name string) string {
	var b strings.Builder
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.' && i > 0 {
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
