package docs

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

const sample = "# Title\n\nSome *plain* words with `move 17 C3-D4`, **bold** and a [link](https://x.test/).\n\n" +
	"## Part\n\n- one item that is long enough to be wrapped onto a second line of the narrow text\n- two\n\n" +
	"1. first\n2. second\n\nThen:\n\n    code block  kept\n\n" +
	"| Move | Meaning |\n| --- | --- |\n| `My` | play a medium yellow |\n| `draft` | ask the server to draw |\n\n" +
	"| a | b |\n|---|---|\n| " + "x " + "| " + "a cell far too long to stand in a column next to its neighbour at this width |\n"

func TestText(t *testing.T) {
	got := Text(sample, 40)
	for _, want := range []string{
		"Title\n=====\n",
		"Some plain words with \"move 17 C3-D4\",\nbold and a link (https://x.test/).",
		"Part\n----\n",
		"- one item that is long enough to be\n  wrapped onto a second line of the\n  narrow text\n- two\n",
		" 1. first\n 2. second\n",
		"    code block  kept\n",
		"Move   Meaning\n-----  ----------------------\nMy     play a medium yellow\ndraft  ask the server to draw\n",
		"x\n    a cell far too long to stand in a\n    column next to its neighbour at this\n    width\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the text lacks\n%s\n--- in ---\n%s", want, got)
		}
	}
	for i, line := range strings.Split(got, "\n") {
		if n := utf8.RuneCountInString(line); n > 40 {
			t.Errorf("line %d has %d columns: %s", i+1, n, line)
		}
	}
	for _, md := range []string{"#", "`", "**", "](", "|"} {
		if strings.Contains(got, md) {
			t.Errorf("the text shows %q:\n%s", md, got)
		}
	}
}

func TestHTML(t *testing.T) {
	got := string(HTML(sample + "\n<script>alert(1)</script>\n"))
	for _, want := range []string{"<h2>Title</h2>", "<h3>Part</h3>", `<code style="`, "<table style=", `<td style="`, "<strong>bold</strong>"} {
		if !strings.Contains(got, want) {
			t.Errorf("the HTML lacks %s:\n%s", want, got)
		}
	}
	if strings.Contains(got, "<script>") {
		t.Error("raw HTML passes")
	}
}

func TestWrap(t *testing.T) {
	for _, tc := range []struct {
		in    string
		width int
		want  string
	}{
		{"a bb ccc dddd eeeee", 10, "a bb ccc|dddd eeeee"},
		{"key " + strings.Repeat("x", 25), 12, "key xxxxxxxx|xxxxxxxxxxxx|xxxxx"},
		{strings.Repeat("y", 25), 10, "yyyyyyyyyy|yyyyyyyyyy|yyyyy"},
		{"  ", 10, ""},
	} {
		if got := strings.Join(Wrap(tc.in, tc.width), "|"); got != tc.want {
			t.Errorf("Wrap(%q, %d) = %q, want %q", tc.in, tc.width, got, tc.want)
		}
	}
}

func ExampleText() {
	fmt.Print(Text("### draw\n\n`draw ID` offers a draw. A move **declines** an offer.", 30))
	// Output:
	// draw
	//
	// "draw ID" offers a draw. A
	// move declines an offer.
}
