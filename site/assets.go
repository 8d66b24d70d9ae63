package site

import (
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
// WebAssembly (site/wasm, built by "make generate" into templates/site/wasm
// as engine-GAME.wasm.gz and .br): the .wasm and its precompressed siblings
// (.gz, .br), which static hosts and Handler serve to browsers that accept
// them, and its script twin. A game page names it; the viewer loads it when
// the reader is about to step through the game or try moves. The engines
// are about 3.6 MB each: a build streams them from the binary into the
// site, and keeps only their names.
type engineAsset struct {
	game string
	name string // engine-GAME-HASH.wasm
	// script is the engine's twin for pages opened from disk (file:),
	// which may load scripts but not fetch files: engine-GAME-HASH.js, a
	// script that puts the gzipped WebAssembly, in base64, in
	// window.postalEngines[GAME].
	script string
}

// engineDir holds the engines in templates.Site.
const engineDir = "site/wasm/"

func (e engineAsset) gzPath() string { return engineDir + "engine-" + e.game + ".wasm.gz" }
func (e engineAsset) brPath() string { return engineDir + "engine-" + e.game + ".wasm.br" }

// wasm streams the engine's WebAssembly into w.
func (e engineAsset) wasm(w io.Writer) error {
	f, err := templates.Site.Open(e.gzPath())
	if err != nil {
		return err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return err
	}
	_, err = io.Copy(w, zr)
	return err
}

// scriptOf streams the script twin into w.
func (e engineAsset) scriptOf(w io.Writer) error {
	f, err := templates.Site.Open(e.gzPath())
	if err != nil {
		return err
	}
	defer f.Close()
	io.WriteString(w, "// postal's rules engine for "+e.game+", gzipped WebAssembly in base64, for pages opened from disk (see viewer.js).\n")
	io.WriteString(w, "(window.postalEngines = window.postalEngines || {})["+strconv.Quote(e.game)+"] = \"")
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

// streamed is a file of the site written from a stream (an engine).
type streamed struct {
	name string // under assets/
	fill func(io.Writer) error
}

// files are the engine, its siblings and its script twin.
func (e engineAsset) files() []streamed {
	embedded := func(p string) func(io.Writer) error {
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
	return []streamed{{e.name, e.wasm}, {e.name + ".gz", embedded(e.gzPath())}, {e.name + ".br", embedded(e.brPath())}, {e.script, e.scriptOf}}
}

// hashedStream names what fill writes by a hash of it, as hashed does.
func hashedStream(stem, ext string, fill func(io.Writer) error) string {
	h := sha256.New()
	if err := fill(h); err != nil {
		panic(fmt.Sprintf("site: %s is not embedded (make generate): %v", stem, err))
	}
	return stem + "-" + hex.EncodeToString(h.Sum(nil)[:5]) + ext
}

// engineAssets are the engines of the games that have one, by game name.
var engineAssets = sync.OnceValue(func() map[string]engineAsset {
	out := map[string]engineAsset{}
	matches, err := fs.Glob(templates.Site, engineDir+"engine-*.wasm.gz")
	if err != nil {
		panic(err)
	}
	for _, m := range matches {
		e := engineAsset{game: strings.TrimSuffix(strings.TrimPrefix(path.Base(m), "engine-"), ".wasm.gz")}
		e.name = hashedStream("engine-"+e.game, ".wasm", e.wasm)
		e.script = hashedStream("engine-"+e.game, ".js", e.scriptOf)
		out[e.game] = e
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
