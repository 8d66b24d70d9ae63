// Package words writes counts, places and lists in English the one way
// postal's mails and pages write them. Every package that words something
// for people (the club's mails, the engines' descriptions, the site's
// pages, the command line's reports) takes these, so "1 game", "21st" and
// "alice, bob and carol" read alike everywhere.
package words

import (
	"strconv"
	"strings"
)

// Count writes n with the noun that agrees with it: "1 seat", "2 seats";
// one is the singular, many the plural.
func Count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// Plural is Count for a noun whose plural takes an "s": "1 day", "3 days".
func Plural(n int, noun string) string { return Count(n, noun, noun+"s") }

// Ordinal writes a place: "1st", "2nd", "3rd", "4th", "11th", "21st".
func Ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return strconv.Itoa(n) + suffix
}

// Join lists items joined by conj before the last: "a, b or c" (conj
// "or"); one item alone, none as "".
func Join(items []string, conj string) string {
	if len(items) <= 1 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + conj + " " + items[len(items)-1]
}

// And lists items with "and": "alice, bob and carol".
func And(items []string) string { return Join(items, "and") }

// Or lists items with "or": "north, east or west".
func Or(items []string) string { return Join(items, "or") }
