package site

import (
	"fmt"
	"html/template"
	"strconv"
)

// Two parts of a game page written here rather than by game.html: its
// heading (number, players, status) and the end of its list of facts
// (ruleset to record). Between them they were a third of the page
// template's actions, each an escaper or method called through reflect
// once per game; the template took a sixth of a full build's CPU. They
// write exactly what the template wrote (the golden pages and a built
// site compared byte for byte say so): values escaped as html/template
// escapes them in text and quoted attributes (appendEscapedValue), links
// as it normalizes a URL's path (appendURLPath). The parts with a link
// whose address comes from elsewhere (an event's page) stay in the
// template, which filters unsafe addresses.

// gameHeading is the page's h1, its players and status, and the places of
// a game of more than two: what game.html wrote from <h1> to the places.
func gameHeading(root string, s *summary) (template.HTML, error) {
	if len(s.Sides) < len(s.Players) {
		return "", fmt.Errorf("site: game %d: %d sides for %d players", s.ID, len(s.Sides), len(s.Players))
	}
	b := make([]byte, 0, 512)
	b = append(b, "<h1>"...)
	b = appendEscapedValue(b, s.Type.Title)
	b = append(b, " #"...)
	b = strconv.AppendInt(b, s.ID, 10)
	b = append(b, "</h1>\n<p class=\"players\">"...)
	for i, p := range s.Players {
		if i > 0 {
			b = append(b, " – "...)
		}
		b = append(b, `<a href="`...)
		b = appendURLPath(b, root)
		b = append(b, "players/"...)
		b = appendURLPath(b, slug(p))
		b = append(b, `.html">`...)
		b = appendEscapedValue(b, p)
		b = append(b, "</a> ("...)
		b = appendEscapedValue(b, s.Sides[i])
		b = append(b, ')')
	}
	b = append(b, "</p>\n<p class=\"status\">"...)
	if turn := s.Turn(); turn != "" {
		b = append(b, "In progress: <b>"...)
		b = appendEscapedValue(b, turn)
		b = append(b, "</b> to move"...)
		if d := s.Deadline(); !d.IsZero() {
			b = append(b, ", deadline "...)
			b = appendEscapedValue(b, date(d))
			b = append(b, " UTC"...)
		}
		b = append(b, '.')
	} else {
		b = append(b, "<b>"...)
		b = appendEscapedValue(b, s.ResultText())
		b = append(b, "</b>"...)
		b = appendReason(b, s)
		b = append(b, '.')
	}
	b = append(b, "</p>"...)
	if pl := s.Placings(); pl != "" {
		b = append(b, "\n<p class=\"places\">"...)
		b = appendEscapedValue(b, pl)
		b = append(b, ".</p>"...)
	}
	return ownedHTML(b), nil
}

// gameFacts is the list of facts from the ruleset to the record's link:
// config is the ruleset and its options, commitment and seed the seed's
// commitment and the seed once shown.
func gameFacts(root string, s *summary, config, commitment, seed string) template.HTML {
	b := make([]byte, 0, 768)
	b = append(b, "<dt>Ruleset</dt><dd>"...)
	b = appendEscapedValue(b, config)
	b = append(b, "</dd>"...)
	if s.TimeControl != "" {
		b = append(b, "\n<dt>Time control</dt><dd>"...)
		b = appendEscapedValue(b, s.TimeControl)
		b = append(b, "</dd>"...)
	}
	b = append(b, "\n<dt>Started</dt><dd>"...)
	b = appendEscapedValue(b, date(s.Started()))
	b = append(b, "</dd>\n"...)
	if s.Finished().IsZero() {
		b = append(b, "<dt>Last move</dt><dd>"...)
		b = appendEscapedValue(b, date(s.Updated()))
		b = append(b, "</dd>"...)
		if d := s.Deadline(); !d.IsZero() {
			b = append(b, "\n<dt>Deadline</dt><dd>"...)
			b = appendEscapedValue(b, date(d))
			b = append(b, " UTC</dd>"...)
		}
	} else {
		b = append(b, "<dt>Finished</dt><dd>"...)
		b = appendEscapedValue(b, date(s.Finished()))
		b = append(b, "</dd>"...)
	}
	b = append(b, "\n<dt>Result</dt><dd>"...)
	b = appendEscapedValue(b, s.ResultText())
	b = appendReason(b, s)
	b = append(b, "</dd>"...)
	if commitment != "" {
		b = append(b, "\n<dt>Seed commitment</dt><dd class=\"hash\">"...)
		b = appendEscapedValue(b, commitment)
		b = append(b, "</dd>"...)
	}
	switch {
	case seed != "":
		b = append(b, "\n<dt>Seed</dt><dd class=\"hash\">"...)
		b = appendEscapedValue(b, seed)
		b = append(b, "</dd>"...)
	case commitment != "":
		b = append(b, "\n<dt>Seed</dt><dd>secret until the game ends</dd>"...)
	}
	id := strconv.FormatInt(s.ID, 10)
	b = append(b, "\n<dt>Record</dt><dd><a href=\""...)
	b = appendURLPath(b, root)
	b = append(b, "games/"...)
	b = appendURLPath(b, id)
	b = append(b, ".txt\" download>"...)
	b = append(b, id...)
	b = append(b, ".txt</a></dd>"...)
	return ownedHTML(b)
}

// appendReason appends " (REASON)" after a result, when the game says why
// it ended.
func appendReason(b []byte, s *summary) []byte {
	if r := s.Reason(); r != "" {
		b = append(b, " ("...)
		b = appendEscapedValue(b, r)
		b = append(b, ')')
	}
	return b
}

// appendEscapedValue appends s as html/template writes a value in text or
// in a quoted attribute (its htmlEscaper and attrEscaper): the five
// characters html.EscapeString escapes, though as numeric references for
// the quotes, and also '+' and NUL.
func appendEscapedValue(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case 0:
			b = append(b, "\uFFFD"...)
		case '"':
			b = append(b, "&#34;"...)
		case '&':
			b = append(b, "&amp;"...)
		case '\'':
			b = append(b, "&#39;"...)
		case '+':
			b = append(b, "&#43;"...)
		case '<':
			b = append(b, "&lt;"...)
		case '>':
			b = append(b, "&gt;"...)
		default:
			b = append(b, c)
		}
	}
	return b
}

// appendURLPath appends s as html/template writes a value in a quoted
// href of a relative path, before any '?': each byte neither unreserved
// nor reserved in a URL (RFC 3986) percent-encoded, a valid escape kept
// (its urlNormalizer), then escaped as an attribute (appendEscapedValue).
// The values given it (the page's root "../", a slug, a number) are safe
// addresses: html/template's filter of unsafe schemes would pass them.
func appendURLPath(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case c == '-' || c == '.' || c == '_' || c == '~':
		case c == '!' || c == '#' || c == '$' || c == '*' || c == ',' || c == '/' || c == ':' || c == ';' || c == '=' || c == '?' || c == '@' || c == '[' || c == ']':
		case c == '&':
			b = append(b, "&amp;"...)
			continue
		case c == '+':
			b = append(b, "&#43;"...)
			continue
		case c == '%' && i+2 < len(s) && isHexDigit(s[i+1]) && isHexDigit(s[i+2]):
		default:
			b = append(b, '%', hex[c>>4], hex[c&15])
			continue
		}
		b = append(b, c)
	}
	return b
}

func isHexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// gameHead is layout.html's "head" for a game page: the same bytes (a test
// compares them with the template's, whatever the titles hold).
func gameHead(c common) template.HTML {
	b := make([]byte, 0, 1024+len(c.Site.Nav))
	b = append(b, "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>"...)
	b = appendEscapedValue(b, c.PageTitle)
	b = append(b, " · "...)
	b = appendEscapedValue(b, c.Site.Title)
	b = append(b, "</title>\n<link rel=\"stylesheet\" href=\""...)
	b = appendURLPath(b, c.Root)
	b = append(b, "assets/style.css\">\n<link rel=\"icon\" href=\""...)
	b = appendURLPath(b, c.Root)
	b = append(b, "assets/favicon.svg\" type=\"image/svg+xml\">\n<link rel=\"alternate\" type=\"application/atom+xml\" title=\"Finished games\" href=\""...)
	b = appendURLPath(b, c.Root)
	b = append(b, "feed.atom\">\n</head>\n<body>\n<header class=\"top\"><a class=\"home\" href=\""...)
	b = appendURLPath(b, c.Root)
	b = append(b, "index.html\">"...)
	b = appendEscapedValue(b, c.Site.Title)
	b = append(b, "</a>\n<nav>"...)
	b = append(b, c.Site.Nav...)
	b = append(b, "</nav></header>\n<main>\n"...)
	return ownedHTML(b)
}

// viewerData is what the viewer's figure tag says of a game, for the
// reader's browser to replay it.
type viewerData struct {
	Root, Game, Ruleset, Options, Version string
	Sides                                 []string
	Final                                 string
	Engine, EngineJS, WasmExec            string
	Explorer                              string
	// Start is the start board's file under assets/ (startboard.go), ""
	// when there is none; StartToMove its players to move.
	Start, StartToMove string
}

// gameFigure is the opening tag of the viewer's figure, its data-*
// attributes plain values to html/template (escaped as attributes only).
func gameFigure(v viewerData) template.HTML {
	b := make([]byte, 0, 512)
	b = append(b, `<figure class="viewer" id="viewer" data-game="`...)
	b = appendEscapedValue(b, v.Game)
	b = append(b, `" data-ruleset="`...)
	b = appendEscapedValue(b, v.Ruleset)
	b = append(b, `" data-options="`...)
	b = appendEscapedValue(b, v.Options)
	b = append(b, '"')
	if v.Version != "" {
		b = append(b, ` data-version="`...)
		b = appendEscapedValue(b, v.Version)
		b = append(b, '"')
	}
	b = append(b, ` data-sides="`...)
	for i, s := range v.Sides {
		if i > 0 {
			b = append(b, '|')
		}
		b = appendEscapedValue(b, s)
	}
	b = append(b, `" data-final="`...)
	b = appendEscapedValue(b, v.Final)
	b = append(b, '"')
	if v.Engine != "" {
		for _, a := range [][2]string{{"engine", v.Engine}, {"enginejs", v.EngineJS}, {"wasmexec", v.WasmExec}} {
			b = append(b, " data-"...)
			b = append(b, a[0]...)
			b = append(b, `="`...)
			b = appendEscapedValue(b, v.Root)
			b = append(b, "assets/"...)
			b = appendEscapedValue(b, a[1])
			b = append(b, '"')
		}
	}
	if v.Start != "" {
		b = append(b, ` data-start="`...)
		b = appendEscapedValue(b, v.Root)
		b = append(b, "assets/"...)
		b = appendEscapedValue(b, v.Start)
		b = append(b, `" data-start-tomove="`...)
		b = appendEscapedValue(b, v.StartToMove)
		b = append(b, '"')
	}
	if v.Explorer != "" {
		b = append(b, ` data-explorer="`...)
		b = appendEscapedValue(b, v.Explorer)
		b = append(b, '"')
	}
	b = append(b, '>')
	return ownedHTML(b)
}
