package main

import (
	"fmt"
	"io"
	"os"
	"strings"
)

func runRender(args []string, w io.Writer) error {
	gf := newGameFlags("render")
	format := gf.fs.String("format", "ascii", "ascii, svg or png (png needs --out or a redirect)")
	out := gf.fs.String("out", "", "write to FILE instead of standard output")
	pos, err := gf.parse(args)
	if err != nil {
		return err
	}
	if len(pos) < 1 {
		return usageError{"name a game: " + strings.Join(gameNames(), ", ")}
	}
	g, cfg, start, err := gf.start(pos[0])
	if err != nil {
		return err
	}
	end, err := playMoves(g, cfg, start, pos[1:])
	if err != nil {
		return err
	}
	var data []byte
	switch *format {
	case "ascii":
		data = []byte(end.ASCII())
	case "svg":
		data = end.Picture().SVG()
	case "png":
		if data, err = end.Picture().PNG(); err != nil {
			return err
		}
	default:
		return usageError{fmt.Sprintf("format %q is none of ascii, svg, png", *format)}
	}
	if *out != "" {
		return os.WriteFile(*out, data, 0o644)
	}
	if *format == "png" && isTerminal(w) {
		return usageError{"a PNG is binary: write it with --out FILE (or redirect: > board.png)"}
	}
	_, err = w.Write(data)
	return err
}
