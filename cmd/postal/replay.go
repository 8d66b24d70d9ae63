package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"postal/notation"
)

func runReplay(args []string, w io.Writer) error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	files, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(files) != 1 {
		return usageError{"name one record file"}
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		return err
	}
	recs, err := notation.ReadRecords(string(data))
	if err != nil {
		return err
	}
	for i, rec := range recs {
		positions, err := rec.Replay()
		if err != nil {
			return fmt.Errorf("record %d (%s): %w", i+1, rec.Game, err)
		}
		end := positions[len(positions)-1]
		fmt.Fprint(w, end.ASCII())
		res := rec.Result
		if r := end.Result(); r.Over() {
			if res.Over() && res.Score() != r.Score() {
				return fmt.Errorf("record %d says %s but the moves end %s (%s)", i+1, res.Score(), r.Score(), r.Reason)
			}
			res = r
		}
		fmt.Fprintf(w, "%s %s: %d moves, %s %s\n\n", rec.Game, rec.Config, len(rec.Moves), res.Score(), res.Reason)
	}
	return nil
}
