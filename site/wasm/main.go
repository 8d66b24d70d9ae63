//go:build js && wasm

// Command wasm is postal's rules engine for the archive site's pages,
// compiled to WebAssembly: the game viewer replays a game's moves with it
// and draws each position, and a reader's own moves (an analysis line) are
// checked by the same rules as moves by mail. "make generate" builds it
// into templates/site/wasm/, from where the site generator embeds it in
// every site as one shared script (see package site).
//
// It sets globalThis.postalEngine, an object of functions working on
// positions held here and named by numbers (handles):
//
//	start(game, ruleset, options)    -> {pos} | {error}
//	replay(game, ruleset, options, players, moves)
//	                                 -> {positions: [pos...], error, ply}
//	play(pos, player, move)          -> {pos, move} | {error}
//	state(pos)                       -> {toMove: [player...], over, result, winner, ply}
//	legal(pos)                       -> [{player, moves: [text...]}...]
//	sample(pos)                      -> {move} | {error}: a chance outcome drawn at random
//	svg(pos, final)                  -> SVG text (final: see board.Picture)
//	ascii(pos)                       -> text
//	release(from)                    forgets the positions from handle from on
//
// Players are numbers: 0 first, 1 second, 2 chance. Then it calls
// globalThis.postalEngineReady, if set, and waits forever: its functions
// run on the page's calls.
package main

import (
	"math/rand/v2"
	"strings"
	"syscall/js"

	"postal/engine"
	_ "postal/engine/allgames"
	"postal/site/board"
)

// positions are every position the page has asked for; a handle is an
// index.
var positions []engine.Position

func keep(p engine.Position) int {
	positions = append(positions, p)
	return len(positions) - 1
}

func pos(v js.Value) (engine.Position, bool) {
	if v.Type() != js.TypeNumber {
		return nil, false
	}
	i := v.Int()
	if i < 0 || i >= len(positions) || positions[i] == nil {
		return nil, false
	}
	return positions[i], true
}

func errObj(msg string) map[string]any { return map[string]any{"error": msg} }

// newGame starts a game from its name, ruleset and options ("k=v k=v").
func newGame(game, ruleset, options string) (engine.Position, error) {
	opts, err := engine.ParseOptions(strings.Fields(options))
	if err != nil {
		return nil, err
	}
	_, _, p, err := engine.New(game, engine.Config{Ruleset: ruleset, Options: opts})
	return p, err
}

func start(_ js.Value, a []js.Value) any {
	if len(a) < 3 {
		return errObj("start(game, ruleset, options)")
	}
	p, err := newGame(a[0].String(), a[1].String(), a[2].String())
	if err != nil {
		return errObj(err.Error())
	}
	return map[string]any{"pos": keep(p)}
}

// replay plays a game's moves: players and moves are arrays of the same
// length. It returns a handle per position reached, from the start; error
// and ply say which move, if any, the engine refused.
func replay(_ js.Value, a []js.Value) any {
	if len(a) < 5 {
		return errObj("replay(game, ruleset, options, players, moves)")
	}
	p, err := newGame(a[0].String(), a[1].String(), a[2].String())
	if err != nil {
		return errObj(err.Error())
	}
	players, moves := a[3], a[4]
	out := []any{keep(p)}
	n := moves.Length()
	for i := 0; i < n; i++ {
		pl := engine.Player(players.Index(i).Int())
		text := moves.Index(i).String()
		if !engine.Acts(p, pl) {
			return map[string]any{"positions": out, "ply": i + 1, "error": (&engine.NotYourTurnError{Player: pl}).Error()}
		}
		next, _, err := engine.Play(p, pl, text)
		if err != nil {
			return map[string]any{"positions": out, "ply": i + 1, "error": err.Error()}
		}
		p = next
		out = append(out, keep(p))
	}
	return map[string]any{"positions": out}
}

func play(_ js.Value, a []js.Value) any {
	if len(a) < 3 {
		return errObj("play(pos, player, move)")
	}
	p, ok := pos(a[0])
	if !ok {
		return errObj("no such position")
	}
	pl := engine.Player(a[1].Int())
	if !engine.Acts(p, pl) {
		return errObj((&engine.NotYourTurnError{Player: pl}).Error())
	}
	next, m, err := engine.Play(p, pl, strings.TrimSpace(a[2].String()))
	if err != nil {
		return errObj(err.Error())
	}
	return map[string]any{"pos": keep(next), "move": m.String()}
}

func state(_ js.Value, a []js.Value) any {
	if len(a) < 1 {
		return errObj("state(pos)")
	}
	p, ok := pos(a[0])
	if !ok {
		return errObj("no such position")
	}
	var to []any
	for _, pl := range p.ToMove() {
		to = append(to, int(pl))
	}
	r := p.Result()
	return map[string]any{"toMove": to, "over": r.Over(), "draw": r.Kind == engine.Draw, "winner": int(r.Winner), "reason": r.Reason, "ply": p.Ply()}
}

func legal(_ js.Value, a []js.Value) any {
	if len(a) < 1 {
		return errObj("legal(pos)")
	}
	p, ok := pos(a[0])
	if !ok {
		return errObj("no such position")
	}
	var out []any
	for _, pl := range p.ToMove() {
		var ms []any
		for _, m := range p.Legal(pl) {
			ms = append(ms, m.String())
		}
		out = append(out, map[string]any{"player": int(pl), "moves": ms})
	}
	return out
}

// sample draws a chance outcome, as the game would: a reader's line has no
// seed to draw from, and some draws (a random arrangement) have too many
// outcomes to list.
func sample(_ js.Value, a []js.Value) any {
	if len(a) < 1 {
		return errObj("sample(pos)")
	}
	p, ok := pos(a[0])
	if !ok {
		return errObj("no such position")
	}
	if !engine.Acts(p, engine.Chance) {
		return errObj("no chance draw is due")
	}
	return map[string]any{"move": p.Sample(rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))).String()}
}

func svg(_ js.Value, a []js.Value) any {
	if len(a) < 1 {
		return ""
	}
	p, ok := pos(a[0])
	if !ok {
		return ""
	}
	final := ""
	if len(a) > 1 && a[1].Type() == js.TypeString {
		final = a[1].String()
	}
	return string(board.Picture(p, final).SVG())
}

func ascii(_ js.Value, a []js.Value) any {
	if len(a) < 1 {
		return ""
	}
	p, ok := pos(a[0])
	if !ok {
		return ""
	}
	return p.ASCII()
}

func release(_ js.Value, a []js.Value) any {
	if len(a) == 1 && a[0].Type() == js.TypeNumber {
		if from := a[0].Int(); from >= 0 && from < len(positions) {
			clear(positions[from:])
			positions = positions[:from]
		}
	}
	return nil
}

func main() {
	api := map[string]any{}
	for name, fn := range map[string]func(js.Value, []js.Value) any{
		"start": start, "replay": replay, "play": play, "state": state,
		"legal": legal, "sample": sample, "svg": svg, "ascii": ascii, "release": release,
	} {
		api[name] = js.FuncOf(fn)
	}
	js.Global().Set("postalEngine", js.ValueOf(api))
	if ready := js.Global().Get("postalEngineReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}
