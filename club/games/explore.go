package games

import (
	"errors"
	"fmt"
	"strings"

	"postal/club/reply"
	"postal/club/work"
	"postal/engine"
	"postal/notation"
	"postal/site/explorer"
)

// exploreLines is how many of a position's moves a mail lists: the most
// played.
const exploreLines = 10

// ExplorationsPerMail bounds the explorations one mail asks for: each
// reads and replays the club's finished games of its book, which a
// player's rate limit bounds by the mail, not by the line.
const ExplorationsPerMail = 3

// Explore is "explore GAME [RULESET] [NAME=VALUE ...] [MOVE ...]": the
// club's opening explorer by mail. It names its book as a challenge names
// its game (ProposedGame), follows the moves from the start as a
// conditional line reads them (the words of a move of several found as
// they are read, chance's outcomes written as the record writes them), and
// answers with the position they reach in the book of the club's finished
// games, as the site's explorer shows it: the moves played there, the most
// played first. It only reads.
func Explore(u *work.Unit, c notation.Command, p notation.Parsed) (reply.Section, error) {
	if u.Explored++; u.Explored > ExplorationsPerMail {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("one mail asks for %d explorations at most", ExplorationsPerMail),
			"Send this line again in a mail of its own.")
	}
	if _, err := engine.Lookup(c.Game); err != nil {
		ue := reply.Refuse(fmt.Sprintf("postal does not play %q", c.Game), "The games it plays:")
		ue.Pre = gameNames()
		return reply.Section{}, ue
	}
	info, cfg, err := ProposedGame(c.Game, c.Options)
	if err != nil {
		return reply.Section{}, err
	}
	_, cfg, start, err := engine.New(c.Game, cfg)
	if err != nil {
		return reply.Section{}, reply.Explain(err)
	}
	seats := info.Seats(cfg)
	r := newLineReader(c.Move, 0, info, func(s engine.Player) string {
		if s == engine.Chance {
			return "chance"
		}
		return seats[s]
	})
	r.anyone, r.kind, r.start, r.nothing = true, "an exploration", "at the start", "The explorer went no further."
	// An illegal move is refused as the explorer refuses: pointing at it,
	// with every legal move there.
	r.played = func(int) []string { return []string{} }
	if !r.read(start, 0) {
		return reply.Section{}, r.refusal(c, p)
	}
	moves := make([]string, len(r.steps))
	for i, s := range r.steps {
		moves[i] = s.Move
	}
	if len(moves) > explorer.DefaultMaxPly {
		// As deep as the site's books: the club's openings, not its games.
		return reply.Section{}, reply.Refuse(fmt.Sprintf("the explorer goes %d moves deep; this line has %d", explorer.DefaultMaxPly, len(moves)),
			fmt.Sprintf("Send %d moves at most.", explorer.DefaultMaxPly))
	}
	kept, err := ExplorerBook(u, c.Game, cfg)
	if err != nil {
		return reply.Section{}, err
	}
	defer shelve(u, kept)
	book := kept.Book
	node, err := book.At(moves)
	if me := (*explorer.MoveError)(nil); errors.As(err, &me) {
		return reply.Section{}, unexplored(r, c, p, book, start, me)
	}
	if err != nil {
		return reply.Section{}, err
	}
	return exploreSection(u, info, seats, c, moves, book, node), nil
}

// unexplored refuses the move me names, which no game of book played (or
// the engine refused): pointing at its words, with the moves played there.
func unexplored(r *lineReader, c notation.Command, p notation.Parsed, book *explorer.Book, start engine.Position, me *explorer.MoveError) error {
	pos, moves := start, make([]string, me.Index)
	for i, s := range r.steps[:me.Index] {
		next, _, err := engine.Play(pos, engine.Player(s.Seat), s.Move)
		if err != nil {
			return err
		}
		pos, moves[i] = next, s.Move
	}
	r.played = func(int) []string {
		played := []string{}
		if n, err := book.At(moves); err == nil {
			for _, l := range n.Lines {
				played = append(played, l.Move)
			}
		}
		if len(played) == 0 {
			played = append(played, "(none)")
		}
		return played
	}
	first, last := r.wordsOf(me.Index)
	text := strings.Join(r.words[first:last], " ")
	return reply.ExplainMove(me.Err, r.move(c, p, first, text, pos, engine.Player(r.steps[me.Index].Seat)))
}
