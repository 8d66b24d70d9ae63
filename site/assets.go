package site

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"io/fs"
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

// engineAsset is the rules engine for the browser: one script made of Go's
// wasm_exec.js, the loader, and the engine's WebAssembly (built by "make
// generate" into templates/site/wasm), gzip compressed as it is committed,
// in base64. Its name carries a hash of its content, so browsers may cache
// it for good and fetch it again only when the engine changes.
var engineAsset = sync.OnceValue(func() asset {
	read := func(name string) []byte {
		data, err := fs.ReadFile(templates.Site, "site/wasm/"+name)
		if err != nil {
			panic(fmt.Sprintf("site: the engine's %s is not embedded (make generate): %v", name, err))
		}
		return data
	}
	loader := bytes.Replace(read("loader.js"), []byte("@ENGINE@"), []byte(base64.StdEncoding.EncodeToString(read("engine.wasm.gz"))), 1)
	data := append(append(read("wasm_exec.js"), '\n'), loader...)
	h := sha256.Sum256(data)
	return asset{"engine-" + hex.EncodeToString(h[:5]) + ".js", data}
})
