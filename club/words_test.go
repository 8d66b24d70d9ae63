package club

import (
	"errors"
	"html"
	"io/fs"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"postal/club/reply"
	"postal/docs"
	"postal/engine"
	_ "postal/engine/allgames"
)

// What players read must not show what only developers need (issue 16):
// rulings numbers ("R14") and Markdown syntax.
var (
	rulingRE = regexp.MustCompile(`\bR[0-9]+[a-f]?\b`)
	// markdownRE finds headings, code and emphasis marks, table rows and
	// rules, and links.
	markdownRE = regexp.MustCompile("(?m)^#{1,6} |`|\\*\\*|__|^\\s*\\|.*\\|\\s*$|^\\s*\\|?\\s*:?-{3,}:?\\s*\\|\\s*:?-|\\[[^\\]\\n]+\\]\\([^)\\n]+\\)")
	tagRE2     = regexp.MustCompile(`<[^>]*>`)
)

// jargon reports what of s a player must not read.
func jargon(s string) string {
	if m := rulingRE.FindString(s); m != "" {
		return "the rulings number " + m
	}
	if m := markdownRE.FindString(s); m != "" {
		return "the Markdown " + strings.TrimSpace(m)
	}
	return ""
}

// htmlText is the text a browser shows of an HTML part.
func htmlText(h string) string {
	h = regexp.MustCompile(`(?s)<head>.*</head>`).ReplaceAllString(h, "")
	return html.UnescapeString(tagRE2.ReplaceAllString(h, ""))
}

// Every golden mail, as a plain mail client shows it: lines of at most 78
// columns, "Error" only at the head of an error in a mail that answers one,
// no rulings numbers and no Markdown in either part.
func TestGoldenMailsReadWell(t *testing.T) {
	for _, g := range goldenMails(t) {
		for i, line := range strings.Split(g.msg.Text, "\n") {
			if n := utf8.RuneCountInString(line); n > reply.TextWidth {
				t.Errorf("%s: line %d has %d columns:\n%s", g.name, i+1, n, line)
			}
			// The help shows an error, indented, as an example.
			example := strings.HasPrefix(line, "    Error: ") && g.name == "help"
			if strings.Contains(line, "Error") && !example && (!g.errors || !strings.HasPrefix(line, "Error: ")) {
				t.Errorf("%s: line %d says Error outside an error: %s", g.name, i+1, line)
			}
		}
		if g.errors && !strings.Contains(g.msg.Text, "\nError: ") {
			t.Errorf("%s: an answer to a mistake shows no error", g.name)
		}
		for part, text := range map[string]string{"text": g.msg.Text, "HTML": htmlText(g.msg.HTML), "subject": g.msg.Subject} {
			if j := jargon(text); j != "" {
				t.Errorf("%s: the %s part shows %s", g.name, part, j)
			}
		}
		if g.msg.Headers["X-Auto-Response-Suppress"] != "All" || g.msg.Headers["Auto-Submitted"] == "" {
			t.Errorf("%s: headers %v", g.name, g.msg.Headers)
		}
	}
}

// The documents players get by mail or read on the site, rendered: the
// command reference and every game's rules, as text and as HTML.
func TestDocsReadWell(t *testing.T) {
	pages := map[string]string{"commands.md": docs.Commands()}
	entries, err := fs.ReadDir(docs.Rules(), ".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := fs.ReadFile(docs.Rules(), e.Name())
		if err != nil {
			t.Fatal(err)
		}
		pages["rules/"+e.Name()] = string(b)
	}
	for name, md := range pages {
		if m := rulingRE.FindString(md); m != "" {
			t.Errorf("%s cites the rulings number %s", name, m)
		}
		text := docs.Text(md, reply.TextWidth)
		if j := jargon(text); j != "" {
			t.Errorf("%s as text shows %s", name, j)
		}
		for i, line := range strings.Split(text, "\n") {
			if n := utf8.RuneCountInString(line); n > reply.TextWidth {
				t.Errorf("%s as text: line %d has %d columns", name, i+1, n)
			}
		}
		if j := jargon(htmlText(string(docs.HTML(md)))); j != "" {
			t.Errorf("%s as HTML shows %s", name, j)
		}
	}
}

// Boards, pictures and refusals of positions along random games of every
// game and ruleset, and every game's description, speak plain words.
func TestBoardsReadWell(t *testing.T) {
	for _, g := range engine.Games() {
		info := g.Info()
		words := []string{info.Title, info.Description, info.Provisional, info.Unlisted}
		for _, r := range info.Rulesets {
			words = append(words, r.Description)
		}
		for _, o := range info.Options {
			words = append(words, o.Description)
		}
		for _, w := range words {
			if j := jargon(w); j != "" {
				t.Errorf("%s: %q shows %s", info.Name, w, j)
			}
		}
		for _, rs := range info.Rulesets {
			_, _, pos, err := engine.New(info.Name, engine.Config{Ruleset: rs.Name, Seed: 5})
			if err != nil {
				t.Fatal(err)
			}
			// A game ended by a resignation: its boards say so, not
			// whose move it would have been.
			resigned := engine.Result{Kind: engine.Win, Winner: engine.Second, Reason: "alice resigned"}
			ended := engine.Ended(pos, resigned)
			if a := ended.ASCII(); info.Name != "takeaway" && (strings.Contains(a, " to move") || !strings.Contains(a, "wins: alice resigned") ||
				!strings.Contains(ended.Picture().Title, "alice resigned") || !ended.Result().Over()) {
				t.Errorf("%s %s: the board of a resigned game:\n%s\n%s", info.Name, rs.Name, a, ended.Picture().Title)
			}
			rng := rand.New(rand.NewPCG(5, uint64(len(rs.Name))))
			var earlier []engine.Move
			for ply := 0; ply < 400 && !pos.Result().Over(); ply++ {
				if ply%25 == 0 || ply < 3 {
					checkBoard(t, info.Name+" "+rs.Name, pos, earlier)
				}
				movers := pos.ToMove()
				p := movers[rng.IntN(len(movers))]
				if p != engine.Chance {
					earlier = pos.Legal(p)
				}
				next, _, err := engine.RandomGame(pos, rng, 1)
				if err != nil {
					t.Fatal(err)
				}
				pos = next
			}
			checkBoard(t, info.Name+" "+rs.Name, pos, earlier)
		}
	}
}

// checkBoard checks a position's board, picture and the refusals of moves
// that were legal earlier.
func checkBoard(t *testing.T, what string, pos engine.Position, earlier []engine.Move) {
	t.Helper()
	pic := pos.Picture()
	texts := []string{pos.ASCII(), pic.Title, htmlText(string(pic.SVG())), pos.Result().Reason}
	for _, p := range pos.ToMove() {
		texts = append(texts, engine.Unlisted(pos, p, engine.Info{}))
		for i, m := range earlier {
			if i == 20 {
				break
			}
			if _, _, err := engine.Play(pos, p, m.String()); err != nil {
				var ie *engine.IllegalMoveError
				var se *engine.SyntaxError
				if errors.As(err, &ie) {
					texts = append(texts, ie.Reason)
				} else if errors.As(err, &se) {
					texts = append(texts, se.Msg)
				}
			}
		}
	}
	for _, s := range texts {
		if j := jargon(s); j != "" {
			t.Errorf("%s: %s in:\n%s", what, j, s)
			return
		}
	}
	if pos.Result().Over() && strings.Contains(pos.ASCII(), " to move") {
		t.Errorf("%s: a finished game's board says who is to move:\n%s", what, pos.ASCII())
	}
}
