package club

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"postal/engine"
	"postal/engine/picture"
)

// takeaway is a tiny game for the club's tests, registered as "takeaway":
// players take 1 to 3 counters from a pile ("t1" to "t3"); whoever takes the
// last one wins. With option dice=on, a chance step after every move throws
// a die ("d1" to "d6") that is only recorded, to exercise chance handling.
type takeaway struct{}

func init() { engine.Register(takeaway{}) }

func (takeaway) Info() engine.Info {
	return engine.Info{
		Name: "takeaway", Title: "Takeaway", Description: "Take 1 to 3 counters; who takes the last wins.",
		Sides:    []string{"North", "South"},
		Rulesets: []engine.Ruleset{{Name: "standard", Description: "the usual pile"}},
		Options: []engine.Option{
			{Name: "pile", Description: "counters at the start", Default: "15"},
			{Name: "dice", Description: "throw a die after every move", Default: "off", Values: []string{"off", "on"}},
		},
		Chance: true,
	}
}

// crashHook, when set, is called by Apply before it plays "t3": tests use it
// to die in the middle of handling a message.
var crashHook func()

type tpos struct {
	left, ply int
	dice      bool
	throw     bool // waiting for the die
	last      string
}

func (takeaway) Start(cfg engine.Config) (engine.Position, error) {
	n, err := strconv.Atoi(cfg.Option("pile"))
	if err != nil || n < 1 {
		return nil, fmt.Errorf("takeaway: bad pile %q", cfg.Option("pile"))
	}
	return tpos{left: n, dice: cfg.Option("dice") == "on"}, nil
}

func (takeaway) ParsePosition(s string) (engine.Position, error) {
	var p tpos
	var last string
	if _, err := fmt.Sscanf(s, "takeaway %d %d %t %t %s", &p.left, &p.ply, &p.dice, &p.throw, &last); err != nil {
		return nil, err
	}
	if last != "-" {
		p.last = last
	}
	return p, nil
}

func (p tpos) String() string {
	last := p.last
	if last == "" {
		last = "-"
	}
	return fmt.Sprintf("takeaway %d %d %t %t %s", p.left, p.ply, p.dice, p.throw, last)
}

// mover is who moves at an even count of player moves.
func (p tpos) mover() engine.Player {
	n := p.ply
	if p.dice {
		n /= 2
	}
	return engine.Player(n % 2)
}

func (p tpos) ToMove() []engine.Player {
	switch {
	case p.left == 0:
		return nil
	case p.throw:
		return []engine.Player{engine.Chance}
	}
	return []engine.Player{p.mover()}
}

type tmove string

func (m tmove) String() string { return string(m) }

func (p tpos) Legal(pl engine.Player) []engine.Move {
	if !engine.Acts(p, pl) {
		return nil
	}
	var out []engine.Move
	if pl == engine.Chance {
		for i := 1; i <= 6; i++ {
			out = append(out, tmove("d"+strconv.Itoa(i)))
		}
		return out
	}
	for i := 1; i <= 3 && i <= p.left; i++ {
		out = append(out, tmove("t"+strconv.Itoa(i)))
	}
	return out
}

func (p tpos) ParseMove(pl engine.Player, text string) (engine.Move, error) {
	s := strings.ToLower(text)
	want := byte('t')
	if pl == engine.Chance {
		want = 'd'
	}
	if len(s) == 0 || s[0] != want {
		return nil, engine.Syntax(text, 0, "a move is %c followed by a number", want)
	}
	if len(s) != 2 || s[1] < '1' || s[1] > '9' {
		return nil, engine.Syntax(text, 1, "expected one digit after %c", want)
	}
	return tmove(s), nil
}

func (p tpos) Apply(pl engine.Player, m engine.Move) (engine.Position, error) {
	if !engine.Acts(p, pl) {
		return nil, &engine.NotYourTurnError{Player: pl}
	}
	s := m.String()
	if pl == engine.Chance {
		p.throw, p.ply, p.last = false, p.ply+1, s
		return p, nil
	}
	k := int(s[1] - '0')
	if k > 3 || k > p.left {
		return nil, engine.Illegal(s, "take 1 to 3 counters, at most the %d left", p.left)
	}
	if s == "t3" && crashHook != nil {
		crashHook()
	}
	p.left -= k
	p.ply++
	p.last = s
	p.throw = p.dice && p.left > 0
	return p, nil
}

func (p tpos) Sample(src *rand.Rand) engine.Move { return tmove("d" + strconv.Itoa(1+src.IntN(6))) }

func (p tpos) Result() engine.Result {
	if p.left > 0 {
		return engine.Result{}
	}
	// The last mover took the last counter.
	q := p
	q.ply--
	if q.dice {
		q.ply = p.ply - 1
	}
	return engine.Result{Kind: engine.Win, Winner: q.mover(), Reason: "took the last counter"}
}

func (p tpos) Ply() int { return p.ply }

func (p tpos) ASCII() string {
	return fmt.Sprintf("Pile: %s (%d left)", strings.Repeat("o", p.left), p.left)
}

func (p tpos) Picture() *picture.Picture {
	pic := &picture.Picture{Width: 200, Height: 40, Title: fmt.Sprintf("%d counters left", p.left)}
	for i := 0; i < p.left; i++ {
		pic.Add(&picture.Circle{X: float64(10 + 12*i), Y: 20, R: 5, Style: picture.Style{Fill: picture.RGB(0, 0, 0)}})
	}
	return pic
}
