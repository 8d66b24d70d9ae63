// Command pack writes the brotli sibling of each engine "make generate"
// builds for the site (templates/site/wasm/engine-GAME.wasm): file.wasm.br,
// at brotli's best compression, which the site serves to browsers that
// accept it (gzip -9 writes the .gz beside it). The output depends on the
// input only, so "make check-generated" can compare it.
//
//	go run ./site/wasm/pack FILE.wasm...
package main

import (
	"bytes"
	"fmt"
	"os"

	"github.com/andybalholm/brotli"
)

func main() {
	for _, name := range os.Args[1:] {
		if err := pack(name); err != nil {
			fmt.Fprintln(os.Stderr, "pack:", err)
			os.Exit(1)
		}
	}
}

func pack(name string) error {
	data, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	var br bytes.Buffer
	bw := brotli.NewWriterOptions(&br, brotli.WriterOptions{Quality: brotli.BestCompression, LGWin: 24})
	if _, err := bw.Write(data); err != nil {
		return err
	}
	if err := bw.Close(); err != nil {
		return err
	}
	if err := os.WriteFile(name+".br", br.Bytes(), 0o644); err != nil {
		return err
	}
	fmt.Printf("%s: %d bytes, %d with brotli\n", name, len(data), br.Len())
	return nil
}
