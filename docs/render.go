package docs

import (
	"bytes"
	"html/template"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// The documents are Markdown; players read them in mail. HTML renders them
// for a mail's HTML part and Text for its plain-text part, from the same
// goldmark syntax tree, so that no Markdown syntax reaches a player.

// Documents are GitHub-flavoured Markdown (tables), as on the site. The
// HTML renderer styles the tree for mail (mailStyle); without
// html.WithUnsafe, goldmark leaves raw HTML out.
var (
	plain = goldmark.New(goldmark.WithExtensions(extension.GFM))
	md    = goldmark.New(
		goldmark.WithExtensions(extension.GFM),
		goldmark.WithParserOptions(parser.WithASTTransformers(util.Prioritized(mailStyle{}, 100))),
	)
)

// HTML renders a document for a mail's HTML part: headings a level lower
// (the mail has its own title), tables and code with inline styles, since
// mail clients drop style sheets.
func HTML(src string) template.HTML {
	var b bytes.Buffer
	if err := md.Convert([]byte(src), &b); err != nil {
		// goldmark fails only when the writer does; a bytes.Buffer does not.
		panic("docs: " + err.Error())
	}
	return template.HTML(b.String())
}

// mailStyle gives the nodes of a document the inline styles a mail needs.
type mailStyle struct{}

func (mailStyle) Transform(doc *ast.Document, _ text.Reader, _ parser.Context) {
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			n.Level = min(n.Level+1, 6)
		case *east.Table:
			n.SetAttributeString("style", []byte("border-collapse: collapse; margin: .5em 0"))
		case *east.TableCell:
			n.SetAttributeString("style", []byte("border: 1px solid #bbb; padding: .2em .5em; text-align: left; vertical-align: top"))
		case *ast.CodeSpan:
			n.SetAttributeString("style", []byte("background: #f2f2f2; padding: 0 .2em"))
		}
		return ast.WalkContinue, nil
	})
}

// Text renders a document as plain text at most width columns wide (a word
// longer than a line is cut): headings underlined, paragraphs and list
// items wrapped, commands and moves (code spans) in double quotes, code
// blocks indented, a table as aligned columns or, when that is too wide,
// one entry a row.
func Text(src string, width int) string {
	source := []byte(src)
	doc := plain.Parser().Parse(text.NewReader(source))
	t := &textRenderer{src: source}
	return strings.Join(t.blocks(doc, width), "\n") + "\n"
}

type textRenderer struct{ src []byte }

// blocks renders the block children of n, a blank line between them.
func (t *textRenderer) blocks(n ast.Node, width int) []string {
	var out []string
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		lines := t.block(c, width)
		if len(lines) == 0 {
			continue
		}
		if len(out) > 0 {
			out = append(out, "")
		}
		out = append(out, lines...)
	}
	return out
}

func (t *textRenderer) block(n ast.Node, width int) []string {
	switch n := n.(type) {
	case *ast.Heading:
		title := t.inline(n, true)
		lines := Wrap(title, width)
		switch n.Level {
		case 1:
			lines = append(lines, strings.Repeat("=", min(width, runes(title))))
		case 2:
			lines = append(lines, strings.Repeat("-", min(width, runes(title))))
		}
		return lines
	case *ast.Paragraph, *ast.TextBlock:
		return Wrap(t.inline(n, true), width)
	case *ast.List:
		return t.list(n, width)
	case *ast.FencedCodeBlock, *ast.CodeBlock:
		var out []string
		lines := n.Lines()
		for i := 0; i < lines.Len(); i++ {
			seg := lines.At(i)
			out = append(out, "    "+strings.TrimRight(string(seg.Value(t.src)), " \r\n"))
		}
		return out
	case *ast.Blockquote:
		return indent(t.blocks(n, width-2), "  ", "  ")
	case *ast.ThematicBreak:
		return []string{strings.Repeat("-", min(width, 20))}
	case *ast.HTMLBlock:
		return nil
	case *east.Table:
		return t.table(n, width)
	}
	return t.blocks(n, width)
}

// list renders a list: "- " or "1. " before the first line of an item, its
// other lines indented as far.
func (t *textRenderer) list(l *ast.List, width int) []string {
	var out []string
	num := l.Start
	for item := l.FirstChild(); item != nil; item = item.NextSibling() {
		marker := "- "
		if l.IsOrdered() {
			marker = strings.Repeat(" ", max(0, 2-len(strconv.Itoa(num)))) + strconv.Itoa(num) + ". "
			num++
		}
		lines := t.blocks(item, width-len(marker))
		if l.IsTight {
			lines = dropBlank(lines)
		} else if len(out) > 0 {
			out = append(out, "")
		}
		out = append(out, indent(lines, marker, strings.Repeat(" ", len(marker)))...)
	}
	return out
}

// table lays a table out as aligned columns when it fits, else as one entry
// a row: its first cell, then the others indented below it.
func (t *textRenderer) table(n *east.Table, width int) []string {
	var rows [][]string
	for r := n.FirstChild(); r != nil; r = r.NextSibling() {
		var cells []string
		for c := r.FirstChild(); c != nil; c = c.NextSibling() {
			cells = append(cells, t.inline(c, false))
		}
		rows = append(rows, cells)
	}
	if len(rows) == 0 {
		return nil
	}
	cols := len(rows[0])
	widths := make([]int, cols)
	for _, r := range rows {
		for i := 0; i < cols && i < len(r); i++ {
			widths[i] = max(widths[i], runes(r[i]))
		}
	}
	total := 2 * (cols - 1)
	for _, w := range widths {
		total += w
	}
	cell := func(r []string, i int) string {
		if i < len(r) {
			return r[i]
		}
		return ""
	}
	var out []string
	if total <= width {
		for ri, r := range rows {
			var b strings.Builder
			for i := 0; i < cols; i++ {
				s := cell(r, i)
				b.WriteString(s)
				if i < cols-1 {
					b.WriteString(strings.Repeat(" ", widths[i]-runes(s)+2))
				}
			}
			out = append(out, strings.TrimRight(b.String(), " "))
			if ri == 0 {
				var rule []string
				for _, w := range widths {
					rule = append(rule, strings.Repeat("-", w))
				}
				out = append(out, strings.Join(rule, "  "))
			}
		}
		return out
	}
	head := rows[0]
	for _, r := range rows[1:] {
		out = append(out, Wrap(cell(r, 0), width)...)
		for i := 1; i < cols; i++ {
			s := cell(r, i)
			if s == "" {
				continue
			}
			if cols > 2 && cell(head, i) != "" {
				s = cell(head, i) + ": " + s
			}
			out = append(out, indent(Wrap(s, width-4), "    ", "    ")...)
		}
	}
	return out
}

// inline is the text of n's inline content: code spans in double quotes
// when quote is set, links followed by their address, emphasis and raw
// HTML dropped, line breaks as spaces.
func (t *textRenderer) inline(n ast.Node, quote bool) string {
	var b strings.Builder
	var walk func(n ast.Node)
	walk = func(n ast.Node) {
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			switch c := c.(type) {
			case *ast.Text:
				b.Write(unescape(c.Value(t.src)))
				if c.SoftLineBreak() || c.HardLineBreak() {
					b.WriteByte(' ')
				}
			case *ast.String:
				b.Write(unescape(c.Value))
			case *ast.CodeSpan:
				var code strings.Builder
				for k := c.FirstChild(); k != nil; k = k.NextSibling() {
					if s, ok := k.(*ast.Text); ok {
						code.Write(s.Value(t.src))
					} else if s, ok := k.(*ast.String); ok {
						code.Write(s.Value)
					}
				}
				if quote {
					b.WriteString("\"" + code.String() + "\"")
				} else {
					b.WriteString(code.String())
				}
			case *ast.Link:
				before := b.Len()
				walk(c)
				if dest := string(c.Destination); dest != "" && !strings.Contains(b.String()[before:], dest) {
					b.WriteString(" (" + dest + ")")
				}
			case *ast.AutoLink:
				b.Write(c.URL(t.src))
			case *ast.Image:
				walk(c)
			case *ast.RawHTML:
			default:
				walk(c)
			}
		}
	}
	walk(n)
	return strings.Join(strings.Fields(b.String()), " ")
}

func unescape(b []byte) []byte {
	return util.ResolveNumericReferences(util.ResolveEntityNames(util.UnescapePunctuations(b)))
}

// Wrap breaks s into lines of at most width characters at spaces (runs of
// spaces count as one); a word longer than width is cut. Mail text uses it
// too, so that every text part keeps to its width.
func Wrap(s string, width int) []string {
	width = max(width, 10)
	var lines []string
	cur, n := "", 0
	for _, w := range strings.Fields(s) {
		for runes(w) > width {
			// A word longer than a line fills the rest of this one.
			r := []rune(w)
			if n > 0 && width-n-1 < 8 {
				lines = append(lines, cur)
				cur, n = "", 0
			}
			room := width - n
			if n > 0 {
				room--
				cur += " "
			}
			lines = append(lines, cur+string(r[:room]))
			cur, n = "", 0
			w = string(r[room:])
		}
		l := runes(w)
		switch {
		case n == 0:
			cur, n = w, l
		case n+1+l > width:
			lines = append(lines, cur)
			cur, n = w, l
		default:
			cur, n = cur+" "+w, n+1+l
		}
	}
	if n > 0 {
		lines = append(lines, cur)
	}
	return lines
}

// indent puts first before the first line and rest before the others
// (blank lines stay blank).
func indent(lines []string, first, rest string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		p := rest
		if i == 0 {
			p = first
		}
		if l == "" && i > 0 {
			continue
		}
		out[i] = p + l
	}
	return out
}

func dropBlank(lines []string) []string {
	out := lines[:0:0]
	for _, l := range lines {
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}

func runes(s string) int { return utf8.RuneCountInString(s) }
