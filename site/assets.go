package site

import (
	"crypto/sha256"
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

// hashed names an asset by a hash of its content ("wasm_exec-0123456789.js"),
// so browsers may cache it for good and fetch it again only when it changes.
func hashed(stem, ext string, data []byte) string {
	h := sha256.Sum256(data)
	return stem + "-" + hex.EncodeToString(h[:5]) + ext
}

// wasmExecAsset is Go's wasm_exec.js, which runs the engine; loaded with
// it, on demand.
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
