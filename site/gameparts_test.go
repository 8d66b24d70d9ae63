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

// hostile are values the escaping of the game page's parts is tried with.
var hostile = []string{"", "plain", `<b>"x" & 'y'</b>`, "1+1", "nul\x00", "a/b?c=d#e", "../", "javascript:alert(1)", "é 漢"}

// gameHead writes what layout.html's "head" does.
func TestGameHeadAsLayout(t *testing.T) {
	for _, s := range hostile {
		for _, root := range []string{"", "../"} {
			c := common{Site: siteData{Title: s + " club", Nav: template.HTML(`<a href="x">` + s + `</a>`)}, PageTitle: "Game " + s, Root: root}
			var want strings.Builder
			if err := pages.ExecuteTemplate(&want, "head", c); err != nil {
				t.Fatal(err)
			}
			if got := string(gameHead(c)); got != want.String() {
				t.Errorf("%q %q:\n got %s\nwant %s", s, root, got, want.String())
			}
		}
	}
}

// gameFigure writes what game.html's figure tag did when the template
// wrote it.
func TestGameFigureAsTemplate(t *testing.T) {
	tmpl := template.Must(template.New("").Parse(`<figure class="viewer" id="viewer" data-game="{{.Game}}" data-ruleset="{{.Ruleset}}" data-options="{{.Options}}"{{if .Version}} data-version="{{.Version}}"{{end}} data-sides="{{range $i, $s := .Sides}}{{if $i}}|{{end}}{{$s}}{{end}}" data-final="{{.Final}}"{{if .Engine}} data-engine="{{.Root}}assets/{{.Engine}}" data-enginejs="{{.Root}}assets/{{.EngineJS}}" data-wasmexec="{{.Root}}assets/{{.WasmExec}}"{{end}}{{if .Start}} data-start="{{.Root}}assets/{{.Start}}" data-start-tomove="{{.StartToMove}}"{{end}}{{with .Explorer}} data-explorer="{{.}}"{{end}}>`))
	for _, s := range hostile {
		for _, v := range []viewerData{
			{Root: "../", Game: s, Ruleset: s, Options: s, Version: s, Sides: []string{s, "Black"}, Final: s, Engine: s, EngineJS: s + ".js", WasmExec: s, Explorer: s, Start: s, StartToMove: s},
			{Root: "../", Game: "nim", Ruleset: "standard", Sides: []string{"First", s, "Third"}, Final: s, Explorer: s},
			{Game: s},
		} {
			var want strings.Builder
			if err := tmpl.Execute(&want, v); err != nil {
				t.Fatal(err)
			}
			if got := string(gameFigure(v)); got != want.String() {
				t.Errorf("%+v:\n got %s\nwant %s", v, got, want.String())
			}
		}
	}
}
