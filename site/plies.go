package site

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"

	"postal/engine"
	"postal/site/board"
)

// plyData is what the viewer steps through a game with, without the rules
// engine: the board of every ply, as the engine draws it here, and who is to
// move there. Boards of consecutive plies share most of their SVG lines (the
// squares, the pieces that did not move), so each distinct line is written
// once (Lines) and each ply as an edit of the ply before (Plies): a list of
// groups keep, delete, insert n, then n line numbers; the lines after the
// last group are kept. Turns are the captions' ends ("White to move.",
// "Draw (stalemate)."), by ply an index into Texts.
type plyData struct {
	Lines []string `json:"l"`
	Plies [][]int  `json:"p"`
	Texts []string `json:"t"`
	Turns []int    `json:"w"`
}

// newPlyData draws positions (a game's, from the start); final, when not
// empty, is the result the last board's band says (see board.Picture).
func newPlyData(positions []engine.Position, final string, sides []string) *plyData {
	d := &plyData{}
	lines := map[string]int{}
	texts := map[string]int{}
	var prev, cur []int
	var buf []byte
	for i, pos := range positions {
		f := ""
		if i == len(positions)-1 {
			f = final
		}
		buf = board.Picture(pos, f).AppendSVG(buf[:0])
		cur = cur[:0]
		for rest := buf; len(rest) > 0; {
			end := bytes.IndexByte(rest, '\n') + 1
			if end == 0 {
				end = len(rest)
			}
			l := rest[:end]
			rest = rest[end:]
			n, ok := lines[string(l)]
			if !ok {
				n = len(d.Lines)
				lines[string(l)] = n
				d.Lines = append(d.Lines, string(l))
			}
			cur = append(cur, n)
		}
		d.Plies = append(d.Plies, edits(prev, cur))
		prev, cur = cur, prev
		t := turnText(pos, sides)
		n, ok := texts[t]
		if !ok {
			n = len(d.Texts)
			texts[t] = n
			d.Texts = append(d.Texts, t)
		}
		d.Turns = append(d.Turns, n)
	}
	return d
}

// turnText says who is to move at pos, or how the game ended there.
func turnText(pos engine.Position, sides []string) string {
	if r := pos.Result(); r.Over() {
		if t := board.ResultText(r, sides); t != "" {
			return t + "."
		}
		return "The game is over."
	}
	var who []string
	for _, p := range pos.ToMove() {
		if p >= 0 && int(p) < len(sides) {
			who = append(who, sides[p])
		} else {
			who = append(who, "Chance")
		}
	}
	return strings.Join(who, " and ") + " to move."
}

// script is the data as the text of a <script type="application/json">:
// JSON in which "</" and "<!" cannot end the element or open a comment.
func (d *plyData) script() []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // the SVG's markup stays readable and small
	if err := enc.Encode(d); err != nil {
		panic(err) // strings and numbers only
	}
	out := bytes.ReplaceAll(buf.Bytes(), []byte("</"), []byte(`<\/`))
	return bytes.ReplaceAll(bytes.TrimSpace(out), []byte("<!"), []byte(`\u003c!`))
}

// edits is the edit script that turns a into b, as plyData.Plies holds it:
// groups of (keep k, delete d, insert n, the n items). Myers' diff, after
// the common ends are cut: boards of consecutive plies differ in a few lines.
func edits(a, b []int) []int {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	x0, y0 := a[pre:len(a)-suf], b[pre:len(b)-suf]
	if len(x0) == 0 && len(y0) == 0 {
		return []int{}
	}
	ops := myers(x0, y0) // 'k' keep, 'd' delete, 'i' insert, in order
	var out []int
	keep := pre
	y := 0
	for i := 0; i < len(ops); {
		if ops[i] == 'k' {
			keep++
			y++
			i++
			continue
		}
		del := 0
		var ins []int
		for ; i < len(ops) && ops[i] != 'k'; i++ {
			if ops[i] == 'd' {
				del++
			} else {
				ins = append(ins, y0[y])
				y++
			}
		}
		out = append(out, keep, del, len(ins))
		out = append(out, ins...)
		keep = 0
	}
	return out
}

// myers returns the shortest edit script from a to b.
func myers(a, b []int) []byte {
	n, m := len(a), len(b)
	max := n + m
	off := max + 1
	v := make([]int, 2*max+3)
	// trace[d] is v as step d found it, of the diagonals step d reads
	// (-d-1 to d+1): the whole of v each step would cost the length of
	// the boards' edited middle times the edits.
	var trace [][]int
	var d int
search:
	for d = 0; d <= max; d++ {
		trace = append(trace, slices.Clone(v[off-d-1:off+d+2]))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || k != d && v[off+k-1] < v[off+k+1] {
				x = v[off+k+1]
			} else {
				x = v[off+k-1] + 1
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x++
				y++
			}
			v[off+k] = x
			if x >= n && y >= m {
				break search
			}
		}
	}
	var ops []byte
	x, y := n, m
	for ; d > 0; d-- {
		v, off := trace[d], d+1
		k := x - y
		var pk int
		if k == -d || k != d && v[off+k-1] < v[off+k+1] {
			pk = k + 1
		} else {
			pk = k - 1
		}
		px := v[off+pk]
		py := px - pk
		for x > px && y > py {
			ops = append(ops, 'k')
			x--
			y--
		}
		if x == px {
			ops = append(ops, 'i')
		} else {
			ops = append(ops, 'd')
		}
		x, y = px, py
	}
	for x > 0 && y > 0 {
		ops = append(ops, 'k')
		x--
		y--
	}
	slices.Reverse(ops)
	return ops
}
