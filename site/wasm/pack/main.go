// Command pack finishes the engine "make generate" builds for the site
// (templates/site/wasm/engine.wasm): it writes its brotli sibling,
// engine.wasm.br, at brotli's best compression, which the site serves to
// browsers that accept it (gzip -9 writes the .gz beside it), and
// engine-games.txt beside it, the names of the games the engine holds, one
// a line: those of engine/allgames, which the engine imports, so that a
// game added there is in both without a list to edit. The site gives a game
// page the engine only when its game is named there. The output depends on
// the input only, so "make check-generated" can compare it.
//
//	go run ./site/wasm/pack DIR/engine.wasm
package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/andybalholm/brotli"

	"postal/engine"
	_ "postal/engine/allgames"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: pack DIR/engine.wasm")
		os.Exit(2)
	}
	if err := pack(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "pack:", err)
		os.Exit(1)
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
	var games []string
	for _, g := range engine.Games() {
		games = append(games, g.Info().Name)
	}
	slices.Sort(games)
	list := filepath.Join(filepath.Dir(name), "engine-games.txt")
	if err := os.WriteFile(list, []byte(strings.Join(games, "\n")+"\n"), 0o644); err != nil {
		return err
	}
	fmt.Printf("%s: %d bytes, %d with brotli; %s\n", name, len(data), br.Len(), strings.Join(games, ", "))
	return nil
}
