package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"postal/engine"
	"postal/engine/search"
	"postal/notation"
)

// maxListed is how many legal moves an error shows before it shortens the
// list to a sample.
const maxListed = 40

func runPlay(args []string, w io.Writer) error {
	gf := newGameFlags("play")
	recordFile := gf.fs.String("record", "", "write the game record to FILE when the game ends, or when you quit (an unfinished game's result is *)")
	var botFlag levelFlag
	gf.fs.Var(&botFlag, "bot", fmt.Sprintf("play against the bot, at level LEVEL (1 to %d, default %d): --bot, --bot 3 or --bot=3", search.MaxLevel, search.DefaultLevel))
	as := gf.fs.String("as", "first", "with --bot, the side you play: first, second or the side's name (south, west, north, east in a game of more players); the bot plays every other")
	pos, err := gf.parse(args)
	if err != nil {
		return err
	}
	if botFlag.set && len(pos) == 2 {
		// "--bot 3": the flag takes no value of its own, so the level
		// comes back as an argument, before or after the game.
		i := 1
		if _, err := strconv.Atoi(pos[0]); err == nil {
			i = 0
		}
		if err := botFlag.Set(pos[i]); err != nil {
			return usageError{err.Error()}
		}
		pos = slices.Delete(pos, i, i+1)
	}
	if len(pos) != 1 {
		return usageError{"name one game: " + strings.Join(gameNames(), ", ")}
	}
	g, cfg, start, err := gf.start(pos[0])
	if err != nil {
		return err
	}
	players := g.Info().Seats(cfg)
	var opp *terminalBot
	if botFlag.set {
		human, err := seatOf(players, *as)
		if err != nil {
			return usageError{err.Error()}
		}
		opp = &terminalBot{human: human, level: botFlag.level, seed: cfg.Seed}
		for p := range players {
			if engine.Player(p) != human {
				players[p] = fmt.Sprintf("bot (level %d)", opp.level)
			}
		}
	}
	rec := &notation.Record{Game: g.Info().Name, Config: cfg, Players: players}
	end, err := playTerminal(g, start, cfg.Seed, rec, os.Stdin, w, opp)
	if err != nil {
		return err
	}
	if r := end.Result(); r.Over() {
		rec.Result = r // else as playTerminal left it: a resignation, or none
	}
	if *recordFile != "" {
		return os.WriteFile(*recordFile, []byte(rec.String()), 0o644)
	}
	return nil
}

// levelFlag is --bot: a flag that may stand alone (the default level) or
// carry a level.
type levelFlag struct {
	set   bool
	level int
}

func (f *levelFlag) IsBoolFlag() bool { return true }

func (f *levelFlag) String() string {
	if f == nil || !f.set {
		return ""
	}
	return strconv.Itoa(f.level)
}

func (f *levelFlag) Set(v string) error {
	f.set, f.level = true, search.DefaultLevel
	if v == "true" {
		return nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > search.MaxLevel {
		return fmt.Errorf("the bot's level is 1 to %d, not %q", search.MaxLevel, v)
	}
	f.level = n
	return nil
}

// seatOf reads --as: first or second, or a side's name, among sides
// (engine.SeatNamed, as a challenge by mail reads "as").
func seatOf(sides []string, as string) (engine.Player, error) {
	if p, ok := engine.SeatNamed(sides, as); ok {
		return p, nil
	}
	return 0, fmt.Errorf("--as is first, second or a side (%s), not %q", strings.ToLower(strings.Join(sides, ", ")), strings.ToLower(strings.TrimSpace(as)))
}

// terminalBot is the computer's side of a terminal game, every side but the
// person's: the searcher at a level, seeded by the game's seed and the ply,
// so a game replays the same against the same moves.
type terminalBot struct {
	human engine.Player
	level int
	seed  uint64
}

// acting is a side of the bot's that may act in pos; false when none may
// (or there is no bot).
func (b *terminalBot) acting(pos engine.Position) (engine.Player, bool) {
	if b == nil {
		return 0, false
	}
	for _, p := range pos.ToMove() {
		if p != b.human && p != engine.Chance {
			return p, true
		}
	}
	return 0, false
}

// move chooses the move of the bot's side p in pos.
func (b *terminalBot) move(pos engine.Position, p engine.Player) (engine.Move, error) {
	return search.Choose(context.Background(), pos, p, search.Options{Level: b.level, Seed: b.seed ^ uint64(pos.Ply())<<32})
}

// playTerminal runs the game on in/out: the board after every move, illegal
// input answered with the reason and the legal moves. "moves" lists them,
// "resign" ends the game (in a game of more than two players, the player to
// move leaves it and the others play on), "quit" stops. With bot set, the
// bot plays every side but the person's: it moves as soon as one of its
// sides may act (first, in a phase where both players may).
func playTerminal(g engine.Game, pos engine.Position, seed uint64, rec *notation.Record, in io.Reader, out io.Writer, bot *terminalBot) (engine.Position, error) {
	sides := g.Info().Seats(rec.Config)
	sc := bufio.NewScanner(in)
	resolve := func() error {
		next, steps, err := engine.ResolveChance(pos, seed)
		if err != nil {
			return err
		}
		for _, s := range steps {
			fmt.Fprintf(out, "chance: %s\n", s.Move)
			rec.Add(engine.Chance, s.Move.String())
		}
		pos = next
		return nil
	}
	if err := resolve(); err != nil {
		return pos, err
	}
	intro := fmt.Sprintf("%s: type a move (\"moves\" lists the legal ones), \"resign\" or \"quit\".\n", g.Info().Title)
	var extra []string
	if engine.OthersPlayOn(len(sides)) {
		extra = append(extra, "Any player may leave the game at any time: SIDE: resign.")
	} else {
		extra = append(extra, "When both players may act, write SIDE: MOVE (first: or second: will do).")
	}
	if u := g.Info().Unlisted; u != "" {
		extra = append(extra, "Also accepted, not listed: "+u+".")
	}
	fmt.Fprintf(out, "%s\n", intro)
	for !pos.Result().Over() {
		if side, ok := bot.acting(pos); ok {
			m, err := bot.move(pos, side)
			if err != nil {
				return pos, fmt.Errorf("the bot: %w", err)
			}
			next, err := pos.Apply(side, m)
			if err != nil {
				return pos, fmt.Errorf("the bot's move %s: %w", m, err)
			}
			fmt.Fprintf(out, "%s (bot, level %d): %s\n", sides[side], bot.level, m)
			rec.Add(side, m.String())
			pos = next
			if err := resolve(); err != nil {
				return pos, err
			}
			continue
		}
		fmt.Fprint(out, pos.ASCII())
		players := pos.ToMove()
		if bot != nil {
			players = slices.DeleteFunc(slices.Clone(players), func(p engine.Player) bool { return p != bot.human })
		}
		names := make([]string, len(players))
		for i, p := range players {
			names[i] = sides[p]
		}
		fmt.Fprintf(out, "%s> ", strings.Join(names, " or "))
		if !sc.Scan() {
			return pos, sc.Err()
		}
		line := strings.TrimSpace(sc.Text())
		switch strings.ToLower(line) {
		case "":
			continue
		case "quit", "exit":
			return pos, nil
		case "help", "?":
			fmt.Fprint(out, terminalHelp(intro, pos, players, extra))
			continue
		case "board":
			continue // the loop shows it
		case "moves":
			for _, p := range players {
				fmt.Fprintf(out, "%s: %s\n", sides[p], strings.Join(moveTexts(pos.Legal(p)), " "))
			}
			continue
		case "resign":
			loser := players[0]
			next, r, err := engine.Forfeit(pos, loser, engine.Resign)
			if err != nil {
				return pos, err
			}
			if next != nil {
				line = sides[loser] + ": resign" // a move of the record: the others play on
				break
			}
			r.Reason = sides[loser] + " resigned"
			rec.Result = r
			fmt.Fprintf(out, "%s %s\n", rec.Result.Score(), rec.Result.Reason)
			return pos, nil
		}
		p, move, err := actor(pos, g.Info(), sides, line)
		if err == nil && bot != nil && p != bot.human {
			err = fmt.Errorf("%s is the bot's side", sides[p])
		}
		if err == nil {
			var next engine.Position
			var m engine.Move
			if next, m, err = engine.Play(pos, p, move); err == nil {
				rec.Add(p, m.String())
				pos = next
				if err := resolve(); err != nil {
					return pos, err
				}
				fmt.Fprintln(out)
				continue
			}
		}
		fmt.Fprintln(out, explain(pos, err, p))
	}
	fmt.Fprint(out, pos.ASCII())
	r := pos.Result()
	fmt.Fprintf(out, "%s %s\n", r.Score(), r.Reason)
	return pos, nil
}

// terminalHelp is the answer to "help": every word the terminal game reads,
// with a legal move of the position as the example.
func terminalHelp(intro string, pos engine.Position, players []engine.Player, extra []string) string {
	example := "a move"
	if len(players) > 0 {
		if ms := moveTexts(pos.Legal(players[0])); len(ms) > 0 {
			example = "a move, e.g. " + ms[0]
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", intro)
	for _, row := range [][2]string{
		{"MOVE", example + ": play it"},
		{"moves", "list the legal moves"},
		{"board", "show the board again"},
		{"resign", "give the game up"},
		{"quit", "stop here (--record writes the game so far)"},
		{"help", "this list"},
	} {
		fmt.Fprintf(&b, "  %-8s %s\n", row[0], row[1])
	}
	for _, e := range extra {
		fmt.Fprintf(&b, "%s\n", e)
	}
	return b.String()
}

// explain answers a refused move: what is wrong, then the legal moves (or a
// sample when there are many).
func explain(pos engine.Position, err error, p engine.Player) string {
	var b strings.Builder
	var se *engine.SyntaxError
	if errors.As(err, &se) {
		fmt.Fprintf(&b, "cannot read %q: %s\n  %s\n  %s^\n", se.Word(), se.Msg, se.Text, strings.Repeat(" ", se.Offset))
	} else {
		fmt.Fprintf(&b, "%v\n", err)
	}
	if !engine.Acts(pos, p) && len(pos.ToMove()) > 0 {
		p = pos.ToMove()[0]
	}
	legal := moveTexts(pos.Legal(p))
	switch {
	case len(legal) == 0:
	case len(legal) <= maxListed:
		fmt.Fprintf(&b, "legal moves: %s\n", strings.Join(legal, " "))
	default:
		fmt.Fprintf(&b, "%d legal moves, among them: %s ...\n", len(legal), strings.Join(sample(legal, maxListed), " "))
	}
	return b.String()
}

// sample picks n moves spread evenly over the sorted list, so the sample shows
// every kind of move rather than the first few.
func sample(list []string, n int) []string {
	out := make([]string, 0, n)
	for i := 0; i < n; i++ {
		out = append(out, list[i*len(list)/n])
	}
	return out
}

func moveTexts(ms []engine.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.String()
	}
	return out
}
