package initiative

import (
	"fmt"
	"strings"

	"postal/engine"
)

// status says who acts now and how, for people.
func (p *Position) status() string {
	if p.end.Over() {
		return "Game over. " + p.end.Words(sides[:])
	}
	switch p.st {
	case stStack:
		return "Chance draws the order of the initiative stack"
	case stDeal:
		to := "First"
		if p.inv[0].total() >= inventory {
			to = "Second"
		}
		return fmt.Sprintf("Chance rolls the die and draws for %s", to)
	case stDrafter:
		return "Chance draws the first drafter"
	case stDraft:
		return sides[p.mover] + " to draft: draw a pyramid (\"draft\") or take a row"
	case stRoll:
		return "Chance rolls the die for " + sides[p.mover] + "'s draw"
	case stSize:
		return fmt.Sprintf("The die shows %s: %s names the size to draw (\"draft %c\")", p.face, sides[p.mover], sizeLetters[faceSizes[p.face][0]])
	case stPick:
		return fmt.Sprintf("Chance draws a %s pyramid for %s", sizeNames[p.size], sides[p.mover])
	case stPlace:
		return fmt.Sprintf("%s drew %s: place it in a row", sides[p.mover], p.held)
	case stLead:
		return "Chance draws who leads the first round"
	case stAttack:
		return sides[p.att] + " has the initiative and attacks"
	case stParry:
		a := p.attack()
		s := fmt.Sprintf("%s must parry %s", sides[opponent(p.att)], a.pc)
		if a.call {
			s += " (" + colorNames[a.pc.color()] + " called)"
		}
		return s
	}
	return "Match over. " + p.Result().Words(sides[:])
}

func (p *Position) lastText() string {
	if p.last.Text() == "" {
		return "-"
	}
	who := "Chance"
	if p.lastBy != engine.Chance {
		who = sides[p.lastBy]
	}
	return who + ": " + p.last.Text()
}

func (p *Position) stackText() string {
	if !p.stackSet {
		return "not drawn yet"
	}
	parts := make([]string, nColors)
	for i, c := range p.cur {
		parts[i] = fmt.Sprintf("%d %c %s", i+1, colorLetters[c], colorNames[c])
	}
	return strings.Join(parts, "  ")
}

// ASCII implements engine.Position.
func (p *Position) ASCII() string {
	var b strings.Builder
	line := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	switch {
	case p.st >= stAttack:
		turn := fmt.Sprintf("round %d of 2, turn %d of 10", p.round, p.turn)
		if p.st == stOver {
			turn = "match over"
		}
		line("Initiative - %s", turn)
	case p.inDraft() || p.st == stDrafter:
		line("Initiative - drafting the inventories")
	default:
		line("Initiative - setup")
	}
	if p.Result().Over() {
		line("%s", p.status())
	} else {
		line("To move: %s", p.status())
	}
	line("Last move: %s", p.lastText())
	line("Stack, top to bottom: %s", p.stackText())
	if p.stackSet && p.st >= stAttack {
		t := p.totals()
		line("Start order: %s   Calls: %d   Virtual: First %d, Second %d", p.start, p.calls, p.virt[0], p.virt[1])
		line("Totals: First %d, Second %d", t[0], t[1])
		if p.round == 2 {
			line("Round 1: %s", roundText(p.r1))
		}
		if p.st == stOver {
			line("Round 2: %s", roundText(p.r2))
		}
		rows, rn := p.shownRows()
		if p.showPrev() {
			b.WriteString("\nRound 1 as it ended:")
		}
		b.WriteString("\nTurn        ")
		for t := 1; t <= maxTurns; t++ {
			fmt.Fprintf(&b, "%6d", t)
		}
		b.WriteString("\n")
		for pl := 0; pl < 2; pl++ {
			top := fmt.Sprintf("%-6s play", sides[pl])
			bot := "       sac  "
			top += " "
			for i := uint8(0); i < rn[pl]; i++ {
				e := rows[pl][i]
				c := e.pc.String()
				if e.virt {
					c = "v" + c
				}
				if e.call {
					c += "!"
				}
				if e.attack {
					c = "*" + c
				}
				top += fmt.Sprintf("%6s", c)
				s := ""
				if e.sac != noPiece {
					s = e.sac.String()
				}
				bot += fmt.Sprintf("%6s", s)
			}
			line("%s", strings.TrimRight(top, " "))
			line("%s", strings.TrimRight(bot, " "))
		}
		b.WriteString("\n")
	} else {
		line("Bag: %d pyramids (S %d, M %d, L %d)", p.bag.total(), p.bag.ofSize(0), p.bag.ofSize(1), p.bag.ofSize(2))
		if p.inDraft() {
			for r := 0; r < 3; r++ {
				s := ""
				for i := uint8(0); i < p.dn[r]; i++ {
					s += " " + p.drow[r][i].String()
				}
				if s == "" {
					s = " -"
				}
				if p.closed[r] {
					s += "  (closed)"
				}
				line("Row %d:%s", r+1, s)
			}
			for i, x := range p.passed {
				if x {
					line("%s has taken a row and waits for %s to take one", sides[i], sides[1-i])
				}
			}
		}
	}
	for pl := 0; pl < 2; pl++ {
		line("%-6s holds %2d: %s", sides[pl], p.inv[pl].total(), p.inv[pl].list())
	}
	line("Legend: S M L small medium large (1 2 3 pips); b g k y r blue green")
	if p.st < stAttack {
		line("black yellow red.")
	} else {
		line("black yellow red; * attack, ! colour called, v virtual play (pummel),")
		line("sac: the pyramid sacrificed under the one played.")
	}
	return b.String()
}

func roundText(s [2]int) string {
	switch {
	case s[0] > 0:
		return fmt.Sprintf("First won, %d points", s[0])
	case s[1] > 0:
		return fmt.Sprintf("Second won, %d points", s[1])
	}
	return "drawn, nobody scores"
}
