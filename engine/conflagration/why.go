package conflagration

import (
	"fmt"
	"slices"
)

// why explains, for people, why m (with cells from and to, -1 when off the
// board) is not among the legal moves.
func (p *Position) why(m Move, from, to int8) string {
	g, b := p.g, &p.b
	if from < 0 {
		return fmt.Sprintf("there is no cell %s on the Order %d board", m.From(), g.order)
	}
	if to < 0 {
		return fmt.Sprintf("there is no cell %s on the Order %d board", m.To(), g.order)
	}
	own := colourOf(p.turn)
	enemy := light + dark - own
	f, t := m.From(), m.To()
	switch {
	case from == to:
		return "a move must leave its cell"
	case b[from] == empty:
		return fmt.Sprintf("there is no piece on %s", f)
	case b[from] != own:
		return fmt.Sprintf("%s holds a %s piece; %s is to move", f, sideName(opponent(p.turn)), sideName(p.turn))
	case b[to] == own:
		return fmt.Sprintf("%s holds your own piece: own pieces are never captured", t)
	case m.Capture && b[to] == empty:
		return fmt.Sprintf("%s is empty: write %s-%s to move there", t, f, t)
	case !m.Capture && b[to] == enemy:
		return fmt.Sprintf("%s holds a %s piece: write %sx%s to capture it", t, sideName(opponent(p.turn)), f, t)
	}
	dir, k := -1, 0
	for d := 0; d < numDirs; d++ {
		if i := slices.Index(g.ray[from][d], to); i >= 0 {
			dir, k = d, i
		}
	}
	stepper := p.rs <= rsKeepARiding
	if dir < 0 {
		if stepper && !m.Capture {
			return fmt.Sprintf("%s is not adjacent to %s", t, f)
		}
		return fmt.Sprintf("%s is not in line with %s: pieces move along the six lines", t, f)
	}
	ray := g.ray[from][dir]
	for _, c := range ray[:k] {
		if b[c] != empty {
			return fmt.Sprintf("the line from %s to %s is blocked at %s", f, t, g.name[c])
		}
	}
	o := g.groupSize(b, from)
	x := newGen(g, b, own)
	var none []mv
	if m.Capture {
		switch p.rs {
		case rsFirestorm, rsKeepARiding:
			if len(x.steps(uint8(from), none)) > 0 {
				return fmt.Sprintf("the piece on %s can step to join a larger group, so it must step: %s priority", f, rulesetNames[p.rs])
			}
		case rsMosey, rsDontMosey:
			if !slices.Contains(colours(b, ray[k+1:]), own) {
				return fmt.Sprintf("a mosey capture needs a friendly piece beyond %s on the same line", t)
			}
		case rsShakattrition, rsShakattritionMisere:
			if len(x.slideJoins(uint8(from), none)) > 0 {
				return fmt.Sprintf("the piece on %s can slide to join a larger group, so it may not capture", f)
			}
		}
		return "not a legal move here"
	}
	if stepper && k > 0 {
		return fmt.Sprintf("%s is not adjacent to %s: pieces step one cell", t, f)
	}
	if (p.rs == rsMosey || p.rs == rsDontMosey) && !slices.Contains(colours(b, ray[k+1:]), own) {
		return fmt.Sprintf("no friendly piece lies beyond %s on that line, so the piece may not stop there", t)
	}
	if d := g.joined(b, from, to, own, maxCells); d < o {
		return fmt.Sprintf("%s would not join a larger group: its group has %d pieces and at %s it would join only %d others", f, o, t, d)
	}
	if p.rs == rsBackfire && len(x.captures(uint8(from), none)) > 0 {
		return fmt.Sprintf("the piece on %s can capture, so it must capture: backfire priority", f)
	}
	return "not a legal move here"
}

func colours(b *board, cells []int8) []uint8 {
	out := make([]uint8, len(cells))
	for i, c := range cells {
		out[i] = b[c]
	}
	return out
}
