package site

import (
	"strconv"
	"strings"
	"sync"

	"postal/engine"
	"postal/notation"
	"postal/site/board"
)

// A start board is the picture of the position a game starts from, drawn
// by the build, so that a reader's first step to the start shows at once:
// the engine, which draws every other ply in the browser, takes a few
// hundred milliseconds to fetch and start. The start depends only on what
// the viewer starts the engine with (the game, its ruleset, options and
// rules version: a game's seed acts through the chance moves of its
// record), so one file serves every game of a kind, under assets/ with its
// hash in its name, which the browser fetches once for all those pages.
type startBoard struct {
	name string // under assets/: "start-0123456789.svg"
	svg  []byte
	// toMove are the players to move at the start, as the engine numbers
	// them ("0", "0 1"; -1 chance), for the viewer's caption.
	toMove string
}

// startBoards are the start boards a builder has drawn, and the ones
// written into each generation's folder.
type startBoards struct {
	mu      sync.Mutex
	byKind  map[string]*startBoard // by game, ruleset, options and version
	written map[string]bool        // folder and name
}

// of is the start board of a game of these rules and options, nil when
// the engine cannot start one (the viewer then waits for its engine).
func (sb *startBoards) of(game, ruleset, options, version string) *startBoard {
	key := game + "\x00" + ruleset + "\x00" + options + "\x00" + version
	sb.mu.Lock()
	defer sb.mu.Unlock()
	if s, ok := sb.byKind[key]; ok {
		return s
	}
	if sb.byKind == nil {
		sb.byKind = map[string]*startBoard{}
	}
	s := drawStart(game, ruleset, options, version)
	sb.byKind[key] = s
	return s
}

// drawStart starts a game as the browser's engine does (site/wasm: the
// options as text, parsed again) and draws its board.
func drawStart(game, ruleset, options, version string) *startBoard {
	opts, err := engine.ParseOptions(strings.Fields(options))
	if err != nil {
		return nil
	}
	_, _, p, err := engine.New(game, engine.Config{Ruleset: ruleset, Options: opts, Version: version})
	if err != nil {
		return nil
	}
	svg := board.SVG(p, "")
	var who []string
	for _, pl := range p.ToMove() {
		who = append(who, strconv.Itoa(int(pl)))
	}
	return &startBoard{name: hashed("start", ".svg", svg), svg: svg, toMove: strings.Join(who, " ")}
}

// write writes s into w's folder, once a folder: a full build writes it
// with the first game of its kind, an update with the first it rewrites
// (after a restart, that once again, which finds the file there).
func (sb *startBoards) write(w *writer, s *startBoard) error {
	key := w.dir + "\x00" + s.name
	sb.mu.Lock()
	done := sb.written[key]
	if !done {
		if sb.written == nil {
			sb.written = map[string]bool{}
		}
		sb.written[key] = true
	}
	sb.mu.Unlock()
	if done {
		return nil
	}
	if err := w.write("assets/"+s.name, s.svg); err != nil {
		sb.mu.Lock()
		delete(sb.written, key)
		sb.mu.Unlock()
		return err
	}
	return nil
}

// gameStart is the start board of the game of s and r, which its page's
// viewer starts its engine from; nil when the site has no engine for the
// game.
func (b *builder) gameStart(s *summary, r *notation.Record) *startBoard {
	if !theEngine().holds(s.Type.Name) {
		return nil
	}
	return b.starts.of(s.Type.Name, s.Ruleset, optionsText(r.Config.Options), olderVersion(r))
}
