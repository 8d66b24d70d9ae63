package mailer

import (
	"html"
	"strings"
)

// HTMLToText reduces an HTML mail body to plain text: block elements become
// line breaks, list items get a "- " prefix, entities are decoded, and the
// content of head, style, script, template and blockquote elements is
// dropped (mail clients put the quoted original in a blockquote), as is
// every element a mail client does not show (hiddenTag: a
// command there is not the sender's word) and comments. It is a small
// tolerant scanner, not an HTML parser: mail HTML is rarely well formed,
// and only the words matter here.
func HTMLToText(s string) string {
	var b strings.Builder
	skip := 0   // depth inside elements whose content is dropped
	pre := 0    // depth inside <pre>
	space := "" // pending whitespace between words: "", " " or "\n"
	// hide is the name of the outermost hidden element open, and hidden
	// how many elements of that name are open from it: what is inside is
	// dropped, and an element never closed hides the rest.
	hide, hidden := "", 0
	newline := func(n int) {
		if b.Len() == 0 {
			return
		}
		want := strings.Repeat("\n", n)
		if len(space) < n || space == " " {
			space = want
		}
	}
	for len(s) > 0 {
		lt := strings.IndexByte(s, '<')
		if lt < 0 {
			lt = len(s)
		}
		if lt > 0 && skip == 0 && hidden == 0 {
			text := html.UnescapeString(s[:lt])
			if pre > 0 {
				b.WriteString(space)
				space = ""
				b.WriteString(text)
			} else {
				words := strings.Fields(text)
				if startsWithSpace(text) && space == "" {
					space = " "
				}
				for i, w := range words {
					if i > 0 && space == "" {
						space = " "
					}
					if b.Len() > 0 {
						b.WriteString(space)
					}
					space = ""
					b.WriteString(w)
				}
				if len(words) > 0 && endsWithSpace(text) {
					space = " "
				}
			}
		}
		s = s[lt:]
		if s == "" {
			break
		}
		// A tag, comment or declaration.
		if strings.HasPrefix(s, "<!--") {
			end := strings.Index(s, "-->")
			if end < 0 {
				break
			}
			s = s[end+3:]
			continue
		}
		gt := tagEnd(s)
		if gt < 0 {
			break
		}
		tag := s[1:gt]
		s = s[gt+1:]
		closing := strings.HasPrefix(tag, "/")
		tag = strings.TrimPrefix(tag, "/")
		name := tag
		if i := strings.IndexAny(name, " \t\r\n/"); i >= 0 {
			name = name[:i]
		}
		name = strings.ToLower(name)
		selfClosing := strings.HasSuffix(tag, "/")
		switch {
		case hidden > 0 && name == hide && closing:
			hidden--
		case hidden > 0 && name == hide && !selfClosing:
			hidden++
		case hidden == 0 && !closing && !selfClosing && !voidElements[name] && hiddenTag(tag):
			hide, hidden = name, 1
		}
		if hidden > 0 {
			continue
		}
		switch name {
		case "head", "style", "script", "title", "template", "blockquote":
			if selfClosing {
				continue
			}
			if closing {
				if skip > 0 {
					skip--
				}
			} else {
				skip++
			}
			if name == "blockquote" {
				newline(2)
			}
		case "pre":
			if closing {
				if pre > 0 {
					pre--
				}
			} else {
				pre++
			}
			newline(1)
		case "br":
			if skip == 0 {
				if b.Len() > 0 {
					b.WriteString(strings.TrimPrefix(space, " "))
				}
				space = ""
				b.WriteString("\n")
			}
		case "p", "h1", "h2", "h3", "h4", "h5", "h6", "table", "ul", "ol", "hr":
			newline(2)
		case "div", "tr", "section", "article", "header", "footer", "dt", "dd":
			newline(1)
		case "li":
			newline(1)
			if !closing && skip == 0 {
				if b.Len() > 0 {
					b.WriteString(space)
				}
				space = ""
				b.WriteString("- ")
			}
		case "td", "th":
			if !closing && space == "" {
				space = " "
			}
		}
	}
	out := strings.ReplaceAll(b.String(), "\u00a0", " ")
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t")
	}
	return strings.TrimSpace(strings.Join(lines, "\n"))
}

func startsWithSpace(s string) bool {
	return s != "" && strings.ContainsRune(" \t\r\n", rune(s[0]))
}

func endsWithSpace(s string) bool {
	return s != "" && strings.ContainsRune(" \t\r\n", rune(s[len(s)-1]))
}

// tagEnd is the index of the ">" that ends the tag at the start of s, or
// -1: one inside a quoted attribute value does not (<div title=">" ...>).
func tagEnd(s string) int {
	var quote byte
	prev := byte(0) // the last byte before, not white space
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
			continue
		case c == '>':
			return i
		case (c == '"' || c == '\'') && prev == '=':
			quote = c
		}
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			prev = c
		}
	}
	return -1
}

// voidElements have no content: hidden or not, they hide nothing after.
var voidElements = map[string]bool{
	"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true, "img": true, "input": true,
	"link": true, "meta": true, "param": true, "source": true, "track": true, "wbr": true,
}

// hiddenTag reports whether the element of tag (its name and attributes)
// is not shown: the hidden attribute, or a style of display:none,
// visibility:hidden (or collapse), mso-hide:all (Outlook), opacity:0 or
// font-size:0.
func hiddenTag(tag string) bool {
	attrs := strings.ToLower(tag)
	i := strings.IndexAny(attrs, " \t\r\n")
	if i < 0 {
		return false
	}
	attrs = attrs[i:]
	for rest := attrs; ; {
		j := strings.Index(rest, "hidden")
		if j < 0 {
			break
		}
		before, after := rest[:j], rest[j+len("hidden"):]
		if (before == "" || strings.ContainsAny(before[len(before)-1:], " \t\r\n")) && (after == "" || strings.ContainsAny(after[:1], " \t\r\n=/")) &&
			strings.Count(attrs[:len(attrs)-len(rest)+j], "\"")%2 == 0 && strings.Count(attrs[:len(attrs)-len(rest)+j], "'")%2 == 0 {
			return true // the attribute, not a word of a value
		}
		rest = after
	}
	j := strings.Index(attrs, "style")
	for j >= 0 {
		v := strings.TrimLeft(attrs[j+len("style"):], " \t\r\n")
		if strings.HasPrefix(v, "=") {
			v = strings.TrimLeft(v[1:], " \t\r\n")
			if v != "" && (v[0] == '"' || v[0] == '\'') {
				if k := strings.IndexByte(v[1:], v[0]); k >= 0 {
					v = v[1 : k+1]
				} else {
					v = v[1:]
				}
			} else if k := strings.IndexAny(v, " \t\r\n"); k >= 0 {
				v = v[:k]
			}
			if hiddenStyle(html.UnescapeString(v)) {
				return true
			}
		}
		k := strings.Index(attrs[j+1:], "style")
		if k < 0 {
			break
		}
		j += 1 + k
	}
	return false
}

// hiddenStyle reports whether a style attribute's declarations hide the
// element.
func hiddenStyle(style string) bool {
	for _, decl := range strings.Split(style, ";") {
		prop, value, ok := strings.Cut(decl, ":")
		if !ok {
			continue
		}
		prop = strings.TrimSpace(prop)
		value = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(value), "!important"))
		switch prop {
		case "display":
			if value == "none" {
				return true
			}
		case "visibility":
			if value == "hidden" || value == "collapse" {
				return true
			}
		case "mso-hide":
			if value == "all" {
				return true
			}
		case "opacity", "font-size":
			if zero(value) {
				return true
			}
		}
	}
	return false
}

// zero reports whether a CSS length or number is 0 (0, 0px, 0.0em, 0%).
func zero(v string) bool {
	v = strings.TrimRight(strings.TrimSpace(v), "abcdefghijklmnopqrstuvwxyz%")
	if v == "" {
		return false
	}
	for _, c := range v {
		if c != '0' && c != '.' {
			return false
		}
	}
	return strings.ContainsRune(v, '0')
}
