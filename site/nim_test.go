package site

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"postal/engine"
	"postal/engine/picture"
)

// nim is a tiny game registered by the tests, so the golden pages do not
// change whenever a real game's drawing does: players take one to three
// stones, and whoever takes the last one wins.
type nim struct{}

type nimPos struct {
	left, ply int
	taken     int // last move, 0 at the start
	last      engine.Player
}

type nimMove int

func (m nimMove) String() string { return "take" + strconv.Itoa(int(m)) }

func init() { engine.Register(nim{}) }

func (nim) Info() engine.Info {
	return engine.Info{Name: "test-nim", Title: "Test Nim", Description: "Take the last stone.",
		Sides: []string{"North", "South"}, Rulesets: []engine.Ruleset{{Name: "standard"}},
		Options: []engine.Option{{Name: "stones", Default: "9", Values: []string{"5", "9", "15"}}}}
}

func (nim) Start(cfg engine.Config) (engine.Position, error) {
	n, _ := strconv.Atoi(cfg.Option("stones"))
	return nimPos{left: n}, nil
}

func (nim) ParsePosition(text string) (engine.Position, error) {
	var p nimPos
	_, err := fmt.Sscanf(text, "%d %d %d %d", &p.left, &p.ply, &p.taken, &p.last)
	return p, err
}

func (p nimPos) String() string {
	return fmt.Sprintf("%d %d %d %d", p.left, p.ply, p.taken, p.last)
}

func (p nimPos) ToMove() []engine.Player {
	if p.left == 0 {
		return nil
	}
	return []engine.Player{engine.Player(p.ply % 2)}
}

func (p nimPos) Legal(pl engine.Player) []engine.Move {
	if !engine.Acts(p, pl) {
		return nil
	}
	var out []engine.Move
	for n := 1; n <= min(3, p.left); n++ {
		out = append(out, nimMove(n))
	}
	return out
}

func (p nimPos) ParseMove(pl engine.Player, text string) (engine.Move, error) {
	n, err := strconv.Atoi(strings.TrimPrefix(text, "take"))
	if err != nil || !strings.HasPrefix(text, "take") {
		return nil, &engine.SyntaxError{Text: text, Msg: "expected take1, take2 or take3"}
	}
	return nimMove(n), nil
}

func (p nimPos) Apply(pl engine.Player, m engine.Move) (engine.Position, error) {
	n := int(m.(nimMove))
	if !engine.Acts(p, pl) || n < 1 || n > 3 || n > p.left {
		return nil, &engine.IllegalMoveError{Move: m.String(), Reason: "cannot take that many"}
	}
	return nimPos{left: p.left - n, ply: p.ply + 1, taken: n, last: pl}, nil
}

func (p nimPos) Sample(*rand.Rand) engine.Move { return nil }

func (p nimPos) Result() engine.Result {
	if p.left > 0 {
		return engine.Result{}
	}
	return engine.Result{Kind: engine.Win, Winner: p.last, Reason: "took the last stone"}
}

func (p nimPos) Ply() int      { return p.ply }
func (p nimPos) ASCII() string { return strings.Repeat("o", p.left) }

func (p nimPos) Picture() *picture.Picture {
	pic := &picture.Picture{Width: 200, Height: 60, Title: fmt.Sprintf("%d stones left", p.left)}
	pic.Add(&picture.Rect{W: 200, H: 60, Style: picture.Style{Fill: picture.RGB(0xf4, 0xec, 0xd8)}})
	for i := range p.left {
		pic.Add(&picture.Circle{X: float64(12 + i*12), Y: 20, R: 5, Style: picture.Style{Fill: picture.RGB(60, 60, 60)}})
	}
	for i := range p.taken {
		pic.Add(&picture.Circle{X: float64(12 + (p.left+i)*12), Y: 20, R: 5, Style: picture.Style{Stroke: picture.RGB(200, 0, 0), StrokeWidth: 1}})
	}
	pic.Add(&picture.Text{X: 100, Y: 50, Size: 12, Anchor: picture.Middle, Text: fmt.Sprintf("%d left, ply %d", p.left, p.ply), Color: picture.RGB(0, 0, 0)})
	return pic
}
