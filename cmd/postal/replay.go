package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"postal/docs/words"
	"postal/engine"
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
		fmt.Fprintf(w, "%s %s: %s, %s\n", rec.Game, rec.Config, words.Plural(len(rec.Moves), "move"), resultWords(res))
		if err := checkDice(rec, w); err != nil {
			return fmt.Errorf("record %d (%s): %w", i+1, rec.Game, err)
		}
		fmt.Fprintln(w)
	}
	return nil
}

// checkDice checks a record's chance against its seed and says what it
// found: whether its dice were fair (the seed committed before the game,
// revealed after).
func checkDice(rec *notation.Record, w io.Writer) error {
	n, err := rec.CheckDice()
	switch {
	case errors.Is(err, notation.ErrSeedSecret):
		if rec.SeedCommitment == "" {
			// An unfinished game outside the club (postal play, quit): no
			// seed shown, none committed to.
			fmt.Fprintln(w, "dice: not checked: an unfinished record shows no seed")
		} else {
			fmt.Fprintf(w, "dice: the seed stays secret until the game ends; its commitment is %s\n", rec.SeedCommitment)
		}
		return nil
	case err != nil:
		return err
	case rec.SeedCommitment != "" && n == 0:
		fmt.Fprintf(w, "dice: the seed %d matches the commitment %s (no chance moves)\n", rec.Config.Seed, rec.SeedCommitment)
	case rec.SeedCommitment != "":
		fmt.Fprintf(w, "dice: the seed %d matches the commitment %s and draws all %d chance moves\n", rec.Config.Seed, rec.SeedCommitment, n)
	case n > 0:
		fmt.Fprintf(w, "dice: the seed %d draws all %d chance moves (the record has no commitment)\n", rec.Config.Seed, n)
	}
	return nil
}

// resultWords is a record's result for the replay line: "1-0 Dark cannot
// move", or "unfinished (*)".
func resultWords(r engine.Result) string {
	if !r.Over() {
		return "unfinished (*)"
	}
	if r.Reason == "" {
		return r.Score()
	}
	return r.Score() + " " + r.Reason
}
