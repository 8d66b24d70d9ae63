package site

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"io"
	"sync"

	"postal/templates"
)

// engineAsset is the rules engine for the browser: one WebAssembly module
// holding every game (site/wasm; "make generate" builds it into
// templates/site/wasm as engine.wasm.gz and .br, with the names of its
// games in engine-games.txt). One module rather than one a game: the Go
// runtime and the libraries, most of each module, are in a site once, and
// a browser caches one file for every game page of every game.
//
// A site carries it as engine-HASH.wasm with its precompressed siblings
// (.gz, .br), which static hosts and Handler serve to browsers that accept
// them, and, built for reading from disk (Options.Offline), its script
// twin. A page of a game it holds names it; the viewer loads it when the
// reader is about to step through the game or try moves. It is 4.8 MB
// (1.2 MB gzipped): the binary decompresses it once, at the first build,
// and keeps it for the next ones (see engineWasmData).
type engineAsset struct {
	name string // engine-HASH.wasm
	// script is the engine's twin for pages opened from disk (file:),
	// which may load scripts but not fetch files: engine-HASH.js, a script
	// that puts the gzipped WebAssembly, in base64, in
	// window.postalEngineWasm. Every game page names it; only a site built
	// with Options.Offline has it (1.6 MB that a site served over HTTP
	// never uses).
	script string
	games  map[string]bool // the games it holds
}

// The engine's files in templates.Site.
const (
	engineGz    = "site/wasm/engine.wasm.gz"
	engineBr    = "site/wasm/engine.wasm.br"
	engineGames = "site/wasm/engine-games.txt"
)

// holds reports whether the engine plays game.
func (e engineAsset) holds(game string) bool { return e.games[game] }

// engineWasm writes the engine's WebAssembly into w.
func engineWasm(w io.Writer) error {
	data, err := engineWasmData()
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	return err
}

// engineWasmData is the engine's WebAssembly, decompressed once a process
// and kept (4.8 MB of memory): every full build writes it, and a process
// that builds many sites (postal site build in a loop, the tests, which
// build hundreds) would otherwise gunzip it at each, which costs more than
// writing every page of a small club.
var engineWasmData = sync.OnceValues(func() ([]byte, error) {
	f, err := templates.Site.Open(engineGz)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, err
	}
	return io.ReadAll(zr)
})

// engineScript streams the script twin into w.
func engineScript(w io.Writer) error {
	f, err := templates.Site.Open(engineGz)
	if err != nil {
		return err
	}
	defer f.Close()
	io.WriteString(w, "// postal's rules engine, gzipped WebAssembly in base64, for pages opened from disk (see viewer.js).\n")
	io.WriteString(w, "window.postalEngineWasm = \"")
	enc := base64.NewEncoder(base64.StdEncoding, w)
	if _, err := io.Copy(enc, f); err != nil {
		return err
	}
	if err := enc.Close(); err != nil {
		return err
	}
	_, err = io.WriteString(w, "\";\n")
	return err
}

// embedded streams a file of templates.Site as it is.
func embedded(p string) func(io.Writer) error {
	return func(w io.Writer) error {
		f, err := templates.Site.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		_, err = io.Copy(w, f)
		return err
	}
}

// streamed is a file of the site written from a stream (the engine).
type streamed struct {
	name string // under assets/
	fill func(io.Writer) error
}

// files are the engine and its siblings, and with offline its script twin.
func (e engineAsset) files(offline bool) []streamed {
	out := []streamed{{e.name, engineWasm}, {e.name + ".gz", embedded(engineGz)}, {e.name + ".br", embedded(engineBr)}}
	if offline {
		out = append(out, streamed{e.script, engineScript})
	}
	return out
}

// hashedStream names what fill writes by a hash of it, as hashed does.
func hashedStream(stem, ext string, fill func(io.Writer) error) string {
	h := sha256.New()
	if err := fill(h); err != nil {
		panic(fmt.Sprintf("site: %s is not embedded (make generate): %v", stem, err))
	}
	return stem + "-" + hex.EncodeToString(h.Sum(nil)[:5]) + ext
}

// theEngine is the engine of this binary's sites.
var theEngine = sync.OnceValue(func() engineAsset {
	e := engineAsset{
		name:   hashedStream("engine", ".wasm", engineWasm),
		script: hashedStream("engine", ".js", engineScript),
		games:  map[string]bool{},
	}
	sc := bufio.NewScanner(bytes.NewReader(mustRead(engineGames)))
	for sc.Scan() {
		if g := sc.Text(); g != "" {
			e.games[g] = true
		}
	}
	return e
})
