//go:build js && wasm

// Command wasm is postal's rules engine for the archive site's pages,
// compiled to WebAssembly: the game viewer replays a game's moves with it
// and draws each position, and a reader's own moves (a line of analysis)
// are checked by the same rules as moves by mail. "make generate" builds it
// into templates/site/wasm/, one engine per game (engine-GAME.wasm, built
// with the tag wasm_PACKAGE: games_*.go), from where the site generator
// copies it into every site; a game page fetches its game's engine only
// when the reader asks for it (see package site). Without a tag it holds
// every game.
//
// It sets globalThis.postalEngine, an object of functions working on
// positions held here and named by numbers (handles):
//
//	start(game, ruleset, options)    -> {pos} | {error}
//	replay(game, ruleset, options, players, moves, version)
//	                                 -> {positions: [pos...], error, ply}
//	                                    version: the rules version the game
//	                                    was played by ("" for the current:
//	                                    engine.Config.Version; R13g)
//	play(pos, player, move)          -> {pos, move} | {error}
//	state(pos)                       -> {toMove: [player...], over, draw, winner, reason, ply}
//	legal(pos)                       -> [{player, moves: [text...]}...]
//	sample(pos)                      -> {move} | {error}: a chance outcome drawn at random
//	svg(pos, final)                  -> SVG text (final: see board.Picture)
//	ascii(pos)                       -> text
//	targets(pos)                     -> [{player, moves: [{m, f: [x, y], t: [x, y]}...]}...]
//	                                    the legal moves with where they go on the board
//	release(from)                    forgets the positions from handle from on
//	collect()                        collects the garbage (when the reader pauses)
//
// Players are numbers as the engine has them: seats from 0 (0 first, 1
// second), -1 chance. Then it calls
// globalThis.postalEngineReady, if set, and waits forever: its functions
// run on the page's calls.
package main

import (
	"math/rand/v2"
	"runtime"
	"strings"
	"syscall/js"

	"postal/engine"
	"postal/engine/picture"
	"postal/site/board"
)

// positions are every position the page has asked for; a handle is an
// index.
var positions []engine.Position

func keep(p engine.Position) int {
	positions = append(positions, p)
	return len(positions) - 1
}

func errObj(msg string) map[string]any { return map[string]any{"error": msg} }

// onPos makes a function of a position (its first argument) and the other
// arguments; a bad handle answers {error}.
func onPos(fn func(p engine.Position, args []js.Value) any) func(js.Value, []js.Value) any {
	return func(_ js.Value, a []js.Value) any {
		if len(a) == 0 || a[0].Type() != js.TypeNumber {
			return errObj("no position given")
		}
		i := a[0].Int()
		if i < 0 || i >= len(positions) || positions[i] == nil {
			return errObj("no such position")
		}
		return fn(positions[i], a[1:])
	}
}

// str is argument i as a string, "" when missing.
func str(a []js.Value, i int) string {
	if i < len(a) && a[i].Type() == js.TypeString {
		return a[i].String()
	}
	return ""
}

// newGame starts a game from its name, ruleset and options ("k=v k=v"),
// under the version of the rules named ("" for the current one).
func newGame(a []js.Value, version string) (engine.Position, error) {
	opts, err := engine.ParseOptions(strings.Fields(str(a, 2)))
	if err != nil {
		return nil, err
	}
	_, _, p, err := engine.New(str(a, 0), engine.Config{Ruleset: str(a, 1), Options: opts, Version: version})
	return p, err
}

func start(_ js.Value, a []js.Value) any {
	p, err := newGame(a, "")
	if err != nil {
		return errObj(err.Error())
	}
	return map[string]any{"pos": keep(p)}
}

// replay plays a game's moves: players and moves are arrays of the same
// length; version is the version of the rules the game was played by, so that
// a game of an older version replays as it was played (R13g). It returns a
// handle per position reached, from the start; error and ply say which move,
// if any, the engine refused.
func replay(_ js.Value, a []js.Value) any {
	p, err := newGame(a, str(a, 5))
	if err != nil {
		return errObj(err.Error())
	}
	if len(a) < 5 {
		return errObj("replay(game, ruleset, options, players, moves)")
	}
	players, moves := a[3], a[4]
	out := []any{keep(p)}
	for i := range moves.Length() {
		next, err := playText(p, engine.Player(players.Index(i).Int()), moves.Index(i).String())
		if err != nil {
			return map[string]any{"positions": out, "ply": i + 1, "error": err.Error()}
		}
		p = next
		out = append(out, keep(p))
	}
	return map[string]any{"positions": out}
}

// playText plays the text of a move of pl, as a record replays.
func playText(p engine.Position, pl engine.Player, text string) (engine.Position, error) {
	if !engine.MayPlay(p, pl, text) {
		return nil, &engine.NotYourTurnError{Player: pl}
	}
	next, _, err := engine.Play(p, pl, text)
	return next, err
}

var play = onPos(func(p engine.Position, a []js.Value) any {
	if len(a) < 2 || a[0].Type() != js.TypeNumber {
		return errObj("play(pos, player, move)")
	}
	pl := engine.Player(a[0].Int())
	if !engine.Acts(p, pl) {
		return errObj((&engine.NotYourTurnError{Player: pl}).Error())
	}
	next, m, err := engine.Play(p, pl, strings.TrimSpace(str(a, 1)))
	if err != nil {
		return errObj(err.Error())
	}
	return map[string]any{"pos": keep(next), "move": m.String()}
})

var state = onPos(func(p engine.Position, _ []js.Value) any {
	var to []any
	for _, pl := range p.ToMove() {
		to = append(to, int(pl))
	}
	r := p.Result()
	return map[string]any{"toMove": to, "over": r.Over(), "draw": r.Kind == engine.Draw, "winner": int(r.Winner), "reason": r.Reason, "ply": p.Ply()}
})

var legal = onPos(func(p engine.Position, _ []js.Value) any {
	var out []any
	for _, pl := range p.ToMove() {
		var ms []any
		for _, m := range p.Legal(pl) {
			ms = append(ms, m.String())
		}
		out = append(out, map[string]any{"player": int(pl), "moves": ms})
	}
	return out
})

// sample draws a chance outcome, as the game would: a reader's line has no
// seed to draw from, and some draws (a random arrangement) have too many
// outcomes to list.
var sample = onPos(func(p engine.Position, _ []js.Value) any {
	if !engine.Acts(p, engine.Chance) {
		return errObj("no chance draw is due")
	}
	return map[string]any{"move": p.Sample(rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))).String()}
})

// svg draws the board as the viewer shows it at each step: the plain SVG
// of the picture, whose styles are attributes (see board.SVG).
var svg = onPos(func(p engine.Position, a []js.Value) any {
	return string(board.Picture(p, str(a, 0)).SVG())
})

// targets lists the legal moves of the players to move at pos, each with where
// it goes on the board, for a reader who picks moves by clicking it: the
// engine draws the last move as an arrow, so the arrow's legs new in the
// picture after a move (lines with an arrowhead, or dashed where a leg wraps
// around the board) give its origin (where the first starts) and its end
// (where the last arrowhead points), in the picture's coordinates. A move
// drawn without an arrow (a drop, an arrangement) has neither: the page lists
// it.
var targets = onPos(func(p engine.Position, _ []js.Value) any {
	before := map[picture.Line]bool{}
	for _, it := range p.Picture().Items {
		if l, ok := it.(*picture.Line); ok {
			before[*l] = true
		}
	}
	var out []any
	for _, pl := range p.ToMove() {
		if pl == engine.Chance {
			continue
		}
		var ms []any
		for _, m := range p.Legal(pl) {
			e := map[string]any{"m": m.String()}
			if next, err := p.Apply(pl, m); err == nil {
				var from, to *picture.Line
				for _, it := range next.Picture().Items {
					l, ok := it.(*picture.Line)
					if !ok || before[*l] || !l.Arrow && !l.Dashed {
						continue // not a leg of the move's arrow (pieces may be drawn with lines)
					}
					if from == nil {
						from = l
					}
					if l.Arrow {
						to = l
					}
				}
				if from != nil && to != nil {
					e["f"] = []any{from.X1, from.Y1}
					e["t"] = []any{to.X2, to.Y2}
				}
			}
			ms = append(ms, e)
		}
		out = append(out, map[string]any{"player": int(pl), "moves": ms})
	}
	return out
})

var ascii = onPos(func(p engine.Position, _ []js.Value) any { return p.ASCII() })

func release(_ js.Value, a []js.Value) any {
	if len(a) == 1 && a[0].Type() == js.TypeNumber {
		if from := a[0].Int(); from >= 0 && from < len(positions) {
			clear(positions[from:])
			positions = positions[:from]
		}
	}
	return nil
}

// collect collects the garbage now: the viewer calls it when the reader
// has stopped stepping for a second, so that the collector, which stops
// the page while it runs (WebAssembly has one thread), seldom has to run
// in the middle of a step.
func collect(js.Value, []js.Value) any {
	runtime.GC()
	return nil
}

func main() {
	api := map[string]any{}
	for name, fn := range map[string]func(js.Value, []js.Value) any{
		"start": start, "replay": replay, "play": play, "state": state,
		"legal": legal, "targets": targets, "sample": sample, "svg": svg, "ascii": ascii, "release": release, "collect": collect,
	} {
		api[name] = js.FuncOf(fn)
	}
	js.Global().Set("postalEngine", js.ValueOf(api))
	if ready := js.Global().Get("postalEngineReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}
