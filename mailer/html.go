package mailer

import (
	"html"
	"strings"
)

// HTMLToText reduces an HTML mail body to plain text: block elements become
// line breaks, list items get a "- " prefix, entities are decoded, and the
// content of head, style, script and blockquote elements is dropped (mail
// clients put the quoted original in a blockquote). It is a small tolerant
// scanner, not an HTML parser: mail HTML is rarely well formed, and only the
// words matter here.
func HTMLToText(s string) string {
	var b strings.Builder
	skip := 0   // depth inside elements whose content is dropped
	pre := 0    // depth inside <pre>
	space := "" // pending whitespace between words: "", " " or "\n"
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
		if lt > 0 && skip == 0 {
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
		gt := strings.IndexByte(s, '>')
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
		switch name {
		case "head", "style", "script", "title", "blockquote":
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
