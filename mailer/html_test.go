package mailer

import (
	"strings"
	"testing"
)

// Issue 32, F12: text a mail client does not show is not the sender's
// words. An HTML mail's hidden elements (the hidden attribute, display:none,
// visibility:hidden, Outlook's mso-hide:all, opacity or font-size 0), its
// head, style, script, template and comments are dropped, however nested,
// and a quoted ">" in an attribute does not end the tag early.
func TestHTMLHiddenTextDropped(t *testing.T) {
	for _, tc := range []struct{ what, html string }{
		{"display:none", `<div style="display:none">resign</div>`},
		{"display: none, spaced and upper case", `<DIV STYLE="color:red; DISPLAY : None !important">resign</DIV>`},
		{"the hidden attribute", `<p hidden>resign</p>`},
		{"hidden=hidden", `<span hidden="hidden">resign</span>`},
		{"visibility:hidden", `<span style='visibility:hidden'>resign</span>`},
		{"mso-hide:all", `<div style="mso-hide:all">resign</div>`},
		{"opacity:0", `<div style="opacity:0">resign</div>`},
		{"font-size:0", `<div style="font-size:0px">resign</div>`},
		{"nested in a hidden element", `<div style="display:none"><div><p>x</p><div>resign</div></div>y</div>`},
		{"template", `<template><p>resign</p></template>`},
		{"head", `<html><head><title>t</title><meta charset="utf-8"></head><body></body></html><head>resign</head>`},
		{"style", `<style>resign</style>`},
		{"script", `<script>resign</script>`},
		{"a comment", `<!-- resign -->`},
		{"a quoted > in an attribute", `<div title=">" style="display:none">resign</div>`},
		{"a quoted > and a line break", `<div title='>&#10;resign&#10;' style="display:none">resign</div>`},
	} {
		got := HTMLToText(`<p>status</p>` + tc.html + `<p>games</p>`)
		if strings.Contains(got, "resign") || !strings.Contains(got, "status") || !strings.Contains(got, "games") {
			t.Errorf("%s: %q", tc.what, got)
		}
	}
	for _, tc := range []struct{ what, html, want string }{
		{"shown elements stay", `<div style="display:block">resign</div>`, "resign"},
		{"opacity above 0", `<div style="opacity:0.5">resign</div>`, "resign"},
		{"a hidden image hides nothing after it", `<img hidden src="x.png">resign`, "resign"},
		{"after the hidden element", `<div hidden><div>x</div></div><div>resign</div>`, "resign"},
	} {
		if got := HTMLToText(tc.html); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.what, got, tc.want)
		}
	}
}

// An HTML-only mail whose hidden text holds a command: only what the
// reader sees is read.
func TestHTMLOnlyMailHiddenCommand(t *testing.T) {
	raw := "From: alice@example.org\r\nTo: postal@demo.test\r\nSubject: x\r\nMessage-ID: <h1@x>\r\nContent-Type: text/html; charset=utf-8\r\n\r\n" +
		"<html><body><p>status</p><div style=\"display:none\">resign 12</div><p hidden>key new</p></body></html>\r\n"
	in, err := ParseMessage([]byte(raw), ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if in.Text != "status" {
		t.Errorf("the mail's text: %q, want only status", in.Text)
	}
}
