package site

import (
	"html/template"
	"unsafe"
)

// ownedHTML is b as template.HTML without copying it: a game page's move
// list and board are tens of kilobytes each, written once into a slice
// nothing else holds, and the copy a conversion makes doubled what a
// build allocated for them. The caller gives b up: nothing may change it
// after.
func ownedHTML(b []byte) template.HTML {
	if len(b) == 0 {
		return ""
	}
	return template.HTML(unsafe.String(&b[0], len(b)))
}
