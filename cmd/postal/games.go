package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"postal/club/games"
	"postal/engine"
)

func runGames(args []string, w io.Writer) error {
	fs := flag.NewFlagSet("games", flag.ContinueOnError)
	if rest, err := parseFlags(fs, args); err != nil {
		return err
	} else if len(rest) > 0 {
		return usageError{"games takes no arguments"}
	}
	for _, g := range engine.Games() {
		info := g.Info()
		fmt.Fprintf(w, "%s — %s: %s\n", info.Name, info.Title, info.Description)
		fmt.Fprintf(w, "  sides: %s\n", games.SidesText(info.Seats(engine.Config{})))
		for i, r := range info.Rulesets {
			def := ""
			if i == 0 {
				def = " (default)"
			}
			fmt.Fprintf(w, "  ruleset %s%s: %s\n", r.Name, def, r.Description)
			if r.Sides != nil {
				fmt.Fprintf(w, "    sides: %s (in turn order)%s\n", strings.Join(r.Sides, ", "), seatsOption(r))
			}
		}
		for _, o := range info.Options {
			values := "any"
			if len(o.Values) > 0 {
				values = strings.Join(o.Values, "|")
			}
			fmt.Fprintf(w, "  option %s=%s (default %s%s): %s\n", o.Name, values, o.Default, optionRulesets(o), o.Description)
		}
		if info.Provisional != "" {
			fmt.Fprintf(w, "  provisional: %s\n", info.Provisional)
		}
	}
	return nil
}

func runMoves(args []string, w io.Writer) error {
	gf := newGameFlags("moves")
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
	if r := end.Result(); r.Over() {
		fmt.Fprintf(w, "%s %s\n", r.Score(), r.Reason)
		return nil
	}
	for _, p := range end.ToMove() {
		prefix := ""
		if len(end.ToMove()) > 1 {
			prefix = strings.ToLower(g.Info().Seats(cfg)[p]) + ": "
		}
		for _, m := range end.Legal(p) {
			fmt.Fprintln(w, prefix+m.String())
		}
	}
	if u := g.Info().Unlisted; u != "" {
		fmt.Fprintf(w, "# also accepted, not listed: %s\n", u)
	}
	return nil
}

func runPerft(args []string, w io.Writer) error {
	gf := newGameFlags("perft")
	pos, err := gf.parse(args)
	if err != nil {
		return err
	}
	if len(pos) < 2 {
		return usageError{"name a game and a depth"}
	}
	var depth int
	if _, err := fmt.Sscanf(pos[len(pos)-1], "%d", &depth); err != nil || depth < 0 {
		return usageError{fmt.Sprintf("depth %q is not a whole number", pos[len(pos)-1])}
	}
	g, cfg, start, err := gf.start(pos[0])
	if err != nil {
		return err
	}
	end, err := playMoves(g, cfg, start, pos[1:len(pos)-1])
	if err != nil {
		return err
	}
	fmt.Fprintln(w, engine.Perft(end, depth))
	return nil
}

// optionRulesets says which rulesets an option belongs to, "" for all.
func optionRulesets(o engine.Option) string {
	if w := o.RulesetWords(); w != "" {
		return "; " + w
	}
	return ""
}

// seatsOption says which option of ruleset r sets how many of its sides
// play, "" when they all do.
func seatsOption(r engine.Ruleset) string {
	if r.SeatsOption == "" {
		return ""
	}
	return fmt.Sprintf("; option %s says how many play, the first ones", r.SeatsOption)
}
