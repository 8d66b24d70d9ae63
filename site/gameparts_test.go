package site

import (
	"html/template"
	"strings"
	"testing"
)

// The parts of a game page written in Go escape as html/template would:
// a value in text, and one in the path of a relative link after the root.
func TestGamePartsEscapeAsTheTemplate(t *testing.T) {
	tmpl := template.Must(template.New("").Parse(`<p>{{.}}</p><a href="../players/{{.}}.html">x</a>`))
	for _, s := range []string{
		"", "alice", "Black", "<script>alert(1)</script>", `a "b" 'c'`, "a&b", "1+1", "nul\x00here",
		"é ü 漢字", "\xff\xfe bad utf-8", "50% %41 %zz %", "a b/c?d=e#f", "!$*,;:@[]~_-.", "\u2028\ufdd0",
		"_3Cscript_3E", "tab\there\nline",
	} {
		var want strings.Builder
		if err := tmpl.Execute(&want, s); err != nil {
			t.Fatal(err)
		}
		got := "<p>" + string(appendEscapedValue(nil, s)) + `</p><a href="../players/` + string(appendURLPath(nil, s)) + `.html">x</a>`
		if got != want.String() {
			t.Errorf("%q:\n got %s\nwant %s", s, got, want.String())
		}
	}
}
