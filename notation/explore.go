package notation

import (
	"slices"
	"strings"

	"postal/engine"
)

// CmdExplore asks the club's opening explorer what its finished games
// played from a position: "explore GAME [RULESET] [NAME=VALUE ...]
// [MOVE ...]".
const CmdExplore Verb = "explore"

// Exploration: "explore GAME [RULESET] [NAME=VALUE ...] [MOVE ...]". The
// book is named as a proposal names its game (Game, and in Options the
// ruleset and options, which the club reads as it reads a challenge's),
// then come the moves from the start (Move, as written, spaces collapsed;
// the club splits them with the game's help). A word after the game
// belongs to the book while it names a ruleset of the game (one) or sets
// one of its options (NAME=VALUE); the first that does neither begins the
// moves, so a move that holds "=" ("a5-a4=x") is not taken for an option.
// A move spelled as a ruleset follows it: "explore superial-chess random
// random". Of a game postal does not play every word is a move, and the
// club says it does not play it.
var Exploration = Syntax{read: readExploration, write: func(_ *Language, c Command) string {
	words := append([]string{c.Game}, c.Options...)
	if c.Move != "" {
		words = append(words, c.Move)
	}
	return spaced(words...)
}}

func readExploration(p *parser, c *Command) *CommandError {
	var err *CommandError
	if c.Game, err = p.gameName(); err != nil {
		return err
	}
	if g, err := engine.Lookup(c.Game); err == nil {
		info, ruleset := g.Info(), false
	book:
		for p.more() {
			lw := strings.ToLower(p.peek().text)
			name, _, option := strings.Cut(lw, "=")
			switch {
			case option && slices.ContainsFunc(info.Options, func(o engine.Option) bool { return o.Name == name }):
			case !option && !ruleset && slices.ContainsFunc(info.Rulesets, func(r engine.Ruleset) bool { return r.Name == lw }):
				ruleset = true
			default:
				break book // the moves begin
			}
			c.Options = append(c.Options, lw)
			p.i++
		}
	}
	var moves []string
	for p.more() {
		moves = append(moves, p.next().text)
	}
	c.Move = strings.Join(moves, " ")
	return nil
}
