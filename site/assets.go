package site

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strconv"
	"strings"
	"sync"

	"postal/templates"
)

// asset is a file copied into every site.
type asset struct {
	name string // under assets/
	data []byte
}

// staticAssets are the styles, scripts and icon of templates/site/assets.
func staticAssets() ([]asset, error) {
	var out []asset
	err := fs.WalkDir(templates.Site, "site/assets", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(templates.Site, p)
		out = append(out, asset{p[len("site/assets/"):], data})
		return err
	})
	return out, err
}

// hashed names an asset by a hash of its content ("engine-chess-0123456789.wasm"),
// so browsers may cache it for good and fetch it again only when it changes.
func hashed(stem, ext string, data []byte) string {
	h := sha256.Sum256(data)
	return stem + "-" + hex.EncodeToString(h[:5]) + ext
}

// engineAsset is one game's rules engine for the browser, compiled to
// WebAssembly (site/wasm, built by "make generate" into
// templates/site/wasm): the .wasm and its precompressed siblings (.gz, .br),
// which static hosts and Handler serve to browsers that accept them. The
// page loads it only when the reader asks for it ("Try moves", a move of
// their own): stepping through the game needs no engine.
type engineAsset struct {
	name         string // engine-GAME-HASH.wasm
	wasm, gz, br []byte
	// script is the engine's twin for pages opened from disk (file:),
	// which may load scripts but not fetch files: a script that puts the
	// gzipped WebAssembly, in base64, in window.postalEngines[GAME].
	script asset
}

// files are the asset, its siblings and its script twin.
func (e engineAsset) files() []asset {
	return []asset{{e.name, e.wasm}, {e.name + ".gz", e.gz}, {e.name + ".br", e.br}, e.script}
}

// engineScript is the script twin of game's engine, gz its gzipped
// WebAssembly.
func engineScript(game string, gz []byte) asset {
	var b strings.Builder
	b.WriteString("// postal's rules engine for " + game + ", gzipped WebAssembly in base64, for pages opened from disk (see viewer.js).\n")
	b.WriteString("(window.postalEngines = window.postalEngines || {})[" + strconv.Quote(game) + "] = \"")
	b.WriteString(base64.StdEncoding.EncodeToString(gz))
	b.WriteString("\";\n")
	data := []byte(b.String())
	return asset{hashed("engine-"+game, ".js", data), data}
}

// engineAssets are the engines of the games that have one, by game name.
var engineAssets = sync.OnceValue(func() map[string]engineAsset {
	out := map[string]engineAsset{}
	matches, err := fs.Glob(templates.Site, "site/wasm/engine-*.wasm.gz")
	if err != nil {
		panic(err)
	}
	for _, m := range matches {
		game := strings.TrimSuffix(strings.TrimPrefix(path.Base(m), "engine-"), ".wasm.gz")
		gz := mustRead(m)
		br := mustRead(strings.TrimSuffix(m, ".gz") + ".br")
		zr, err := gzip.NewReader(bytes.NewReader(gz))
		if err != nil {
			panic(fmt.Sprintf("site: the engine of %s: %v", game, err))
		}
		wasm, err := io.ReadAll(zr)
		if err != nil {
			panic(fmt.Sprintf("site: the engine of %s: %v", game, err))
		}
		out[game] = engineAsset{name: hashed("engine-"+game, ".wasm", wasm), wasm: wasm, gz: gz, br: br, script: engineScript(game, gz)}
	}
	return out
})

// wasmExecAsset is Go's wasm_exec.js, which runs the engines; loaded with
// them, on demand.
var wasmExecAsset = sync.OnceValue(func() asset {
	data := mustRead("site/wasm/wasm_exec.js")
	return asset{hashed("wasm_exec", ".js", data), data}
})

func mustRead(name string) []byte {
	data, err := fs.ReadFile(templates.Site, name)
	if err != nil {
		panic(fmt.Sprintf("site: %s is not embedded (make generate): %v", name, err))
	}
	return data
}
