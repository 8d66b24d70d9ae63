package imperialshuffle

import (
	"fmt"
	"strings"

	"postal/engine"
)

// status is the one-line state of the game for people.
func (p *Position) status() string {
	if r := p.result; r.Over() {
		return "Game over: " + r.Words(sides[:])
	}
	switch p.stage {
	case stageSetup:
		switch {
		case !p.set(engine.First) && !p.set(engine.Second):
			return "Setup: both players send an arrangement; the first accepted moves first"
		case p.set(engine.First):
			return "Setup: Yellow has set up and moves first; Blue to set up"
		default:
			return "Setup: Blue has set up and moves first; Yellow to set up"
		}
	case stageChance:
		return "Setup: drawing a random arrangement for " + sides[p.pending]
	}
	s := fmt.Sprintf("%s to move", sides[p.turn])
	if p.reps > 1 {
		s += fmt.Sprintf(" (this position has occurred %d times)", p.reps)
	}
	return s
}

// lastText describes the last move for people.
func (p *Position) lastText() string {
	l := p.last
	who := sides[l.who]
	switch l.kind {
	case lastNone:
		return "none"
	case lastSetup:
		return who + " set up"
	case lastRandom:
		return who + " asked for a random arrangement"
	case lastDrawn:
		return who + " set up at random"
	}
	s := fmt.Sprintf("%s %s (Emperor %s-%s)", who, Move{to: l.to, dir: -1, revive: l.revive}, sqName(int(l.from)), sqName(int(l.to)))
	if l.kills != 0 {
		var k []string
		for q := 0; q < 16; q++ {
			if l.kills&(1<<q) != 0 {
				k = append(k, p.board[opponent(l.who)][q].id().String()+" "+sqName(q))
			}
		}
		s += "; " + sides[opponent(l.who)] + " lost " + strings.Join(k, ", ")
	}
	return s
}

func (p *Position) deadCount(pl engine.Player) int {
	n := 0
	for _, pc := range p.board[pl] {
		if pc.real() && pc.dead() {
			n++
		}
	}
	return n
}

// ASCII draws both boards side by side, corresponding squares on the same
// line (R3), dead pieces with a lower-case type letter.
func (p *Position) ASCII() string {
	var b strings.Builder
	// No ply number: it counts chance's draws, which the mails and the site
	// do not number; the mail says the move number.
	fmt.Fprintf(&b, "Imperial Shuffle (nobles %s)\n", p.nobles)
	b.WriteString(p.status() + "\n")
	b.WriteString("Last move: " + p.lastText() + "\n\n")

	const gap = "     "
	head := func(pl engine.Player) string {
		s := sides[pl]
		if p.stage == stagePlay {
			s += fmt.Sprintf(" (%d dead)", p.deadCount(pl))
		}
		if !p.result.Over() && p.acts(pl) {
			if p.stage == stagePlay {
				s += " to move"
			} else {
				s += " to set up"
			}
		}
		return fmt.Sprintf("    %-23s", s)
	}
	b.WriteString(strings.TrimRight(head(0)+gap+head(1), " ") + "\n")
	files := "      a    b    c    d    "
	b.WriteString(strings.TrimRight(" "+files+gap+" "+files, " ") + "\n")
	sep := "    +----+----+----+----+  "
	for r := 3; r >= 0; r-- {
		b.WriteString(strings.TrimRight(sep+gap+sep, " ") + "\n")
		var line string
		for pl := 0; pl < 2; pl++ {
			line += fmt.Sprintf("  %d |", r+1)
			for f := 0; f < 4; f++ {
				line += p.asciiCell(engine.Player(pl), 4*r+f) + "|"
			}
			line += fmt.Sprintf(" %d", r+1)
			if pl == 0 {
				line += gap
			}
		}
		b.WriteString(line + "\n")
	}
	b.WriteString(strings.TrimRight(sep+gap+sep, " ") + "\n")
	b.WriteString(strings.TrimRight(" "+files+gap+" "+files, " ") + "\n\n")
	b.WriteString("C commoner (small), N noble (medium), H high priest (large), E emperor\n")
	b.WriteString("(large capped); colours r red, y yellow, g green, b blue; lower-case type\n")
	b.WriteString("= dead, lying down. Last move: [Ey] Emperor's new square, (Ny) square it\n")
	b.WriteString("left, *Ny* revived, !ny! killed.\n")
	return b.String()
}

func (p *Position) asciiCell(pl engine.Player, s int) string {
	pc := p.board[pl][s]
	if !pc.real() {
		return " .. "
	}
	l, open, close := p.last, byte(' '), byte(' ')
	if l.kind == lastStep {
		switch {
		case pl == l.who && s == int(l.to):
			open, close = '[', ']'
		case pl == l.who && s == int(l.from):
			open, close = '(', ')'
		case pl == l.who && s == int(l.revive):
			open, close = '*', '*'
		case pl != l.who && l.kills&(1<<s) != 0:
			open, close = '!', '!'
		}
	}
	return string([]byte{open}) + pc.String() + string([]byte{close})
}
