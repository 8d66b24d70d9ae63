package explorer

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"postal/engine"
	"postal/notation"
)

// Game is a finished game as the explorer reads it.
type Game struct {
	ID       int64
	Record   *notation.Record // whole: moves and result
	Ratings  []float64        // by seat, each player's rating before the game; nil or 0 unknown
	Finished time.Time
}

// DefaultMaxPly is the depth of a book made with maxPly 0: an opening, and
// a bound on what a game adds (one node a ply).
const DefaultMaxPly = 12

// recentGames is how many of the newest games a node lists.
const recentGames = 5

// ErrUnfinished is the error of adding a game that is not over.
var ErrUnfinished = errors.New("explorer: the game is not finished")

// ErrNotPlayed is inside a [MoveError] for a legal move no game of the
// book played there.
var ErrNotPlayed = errors.New("no game of the book played it")

// MoveError names the move of a walk ([Book.At]) that could not be
// followed: Index counts from 0 in the moves given; Err is the engine's
// objection (an *engine.IllegalMoveError, an *engine.SyntaxError) or
// [ErrNotPlayed].
type MoveError struct {
	Index int
	Move  string
	Err   error
}

func (e *MoveError) Error() string {
	return fmt.Sprintf("explorer: move %d (%s): %v", e.Index+1, e.Move, e.Err)
}

func (e *MoveError) Unwrap() error { return e.Err }

// BookOf names the book a game of game played with cfg belongs to: the game
// and ruleset, and each option that changes the start whose value is not
// its default ("superial-chess/classic-size-8"). It is also the path stem
// of the book's page, e.g. "conflagration/mosey". A config the game refuses
// names its book by the ruleset as given.
func BookOf(game string, cfg engine.Config) string {
	g, err := engine.Lookup(game)
	if err != nil {
		return game + "/" + cfg.Ruleset
	}
	info := g.Info()
	n, err := engine.Normalize(info, cfg)
	if err != nil {
		return game + "/" + cfg.Ruleset
	}
	var b strings.Builder
	b.WriteString(game + "/" + n.Ruleset)
	for _, o := range info.Options { // in the game's order: one name per book
		if v, ok := n.Options[o.Name]; ok && v != o.Default {
			b.WriteString("-" + o.Name + "-" + v)
		}
	}
	return b.String()
}

// Node is one position of a book as its readers see it.
type Node struct {
	Key      string   // engine.Key of its position
	Position string   // engine Position.String() of a position reaching it (to draw it)
	Moves    []string // one order of moves from the start that reaches it (its first game's)
	Games    int      // finished games that reached it
	Lines    []Line   // each move played from here (by each player who did), most games first, then by move text
	Recent   []int64  // the newest games that reached it, newest first (a few)
}

// Line is a move played from a node and what came of it.
type Line struct {
	Move         string
	Player       int // the seat that played it (engine.Player; -1 chance)
	Games        int
	Wins         []int // by seat: games won by that seat
	Draws        int
	Places       [][]int // 3-4 seats: Places[seat][place] counts (place 1 at index 0); nil for two seats
	Rating       float64 // average rating before the game of the players who chose it; 0 unknown
	Last         int64   // the newest game that played it
	LastFinished time.Time

	// Next names the node the move leads to (the first 16 hex digits of
	// SHA-256 of its key, see [FileName]): "" when only one game went
	// there, which has no node of its own.
	Next string
	// Rated counts the games of Rating: the players who chose the move
	// and whose rating is known.
	Rated int
}

// Book is the tree of one book: its nodes by position. Its methods run
// one at a time.
type Book struct {
	name   string
	cfg    engine.Config
	game   engine.Game
	maxPly int
	seats  int
	start  engine.Position
	root   uint64
	nodes  map[uint64]*node  // the root, and the nodes reached by two games or more
	alone  map[uint64]int64  // a node reached by one game: that game
	games  map[int64]*played // every game counted
}

// node is a Node as the book keeps it: its lines by move, unsorted.
type node struct {
	key, position string
	moves         []string // and position: those of the lowest numbered game, whatever the order games came in
	first         int64
	games         int
	lines         map[string]*line
	recent        []recent
}

type line struct {
	Line
	next      uint64 // the node it leads to
	ratingSum float64
}

type recent struct {
	id       int64
	finished time.Time
}

// newer reports whether a is newer than b: finished later, or numbered
// higher when finished at once.
func (a recent) newer(b recent) bool {
	if !a.finished.Equal(b.finished) {
		return a.finished.After(b.finished)
	}
	return a.id > b.id
}

// played is what a game counted keeps: its path, to make a node whole
// when a second game reaches a node it reached alone. Kept small: a
// publisher holds one for each finished game of its archive.
type played struct {
	recent
	text    string   // its moves, canonical, at most maxPly, each ended by a NUL
	players []int8   // who played each (engine.Player)
	keys    []uint64 // the node of each position: a move more than players
	result  engine.Result
	ratings []float64
}

// plies is the number of moves of the path.
func (p *played) plies() int { return len(p.players) }

// move is the text of move i of the path.
func (p *played) move(i int) string {
	t := p.text
	for range i {
		t = t[strings.IndexByte(t, 0)+1:]
	}
	return t[:strings.IndexByte(t, 0)]
}

// moves are the first n moves of the path.
func (p *played) moves(n int) []string {
	out := make([]string, 0, n)
	for i := range n {
		out = append(out, p.move(i))
	}
	return out
}

// NewBook is the empty tree of one book: games of game played with cfg;
// maxPly bounds its depth (0: [DefaultMaxPly]).
func NewBook(game string, cfg engine.Config, maxPly int) (*Book, error) {
	g, cfg, start, err := engine.New(game, cfg)
	if err != nil {
		return nil, err
	}
	if maxPly <= 0 {
		maxPly = DefaultMaxPly
	}
	b := &Book{name: BookOf(game, cfg), cfg: cfg, game: g, maxPly: maxPly, seats: len(g.Info().Seats(cfg)), start: start,
		nodes: map[uint64]*node{}, alone: map[uint64]int64{}, games: map[int64]*played{}}
	k := engine.Key(start)
	b.root = hashKey(k)
	b.nodes[b.root] = &node{key: k, position: start.String(), lines: map[string]*line{}}
	return b, nil
}

// Name is the book's name ([BookOf]).
func (b *Book) Name() string { return b.name }

// Config is the config of the book's first game, normalized: its ruleset
// and options (the seed is that game's).
func (b *Book) Config() engine.Config { return b.cfg }

// Seats is the number of seats of the book's games.
func (b *Book) Seats() int { return b.seats }

// Has reports whether game id is counted.
func (b *Book) Has(id int64) bool { return b.games[id] != nil }

// Games is the number of games counted.
func (b *Book) Games() int { return len(b.games) }

// Root is the node of the start position.
func (b *Book) Root() *Node { return b.view(b.nodes[b.root]) }

// Each calls fn with every node that has a file: the root, and each node
// two games or more reached. Their order is not defined.
func (b *Book) Each(fn func(*Node) error) error {
	for _, n := range b.nodes {
		if err := fn(b.view(n)); err != nil {
			return err
		}
	}
	return nil
}

// hashKey is the number of the node of key: the first 8 bytes of its
// SHA-256, whose hex digits name its file.
func hashKey(key string) uint64 {
	sum := sha256.Sum256([]byte(key))
	return binary.BigEndian.Uint64(sum[:8])
}

// FileName is the name of the file of the node of key (without ".json"):
// the first 16 hex digits of SHA-256 of the key.
func FileName(key string) string { return fileName(hashKey(key)) }

func fileName(h uint64) string { return fmt.Sprintf("%016x", h) }

// Add counts g in the book. An unfinished game, one of another book or one
// whose record the engine refuses is an error and counts nowhere; a game
// counted already counts once.
func (b *Book) Add(g Game) error {
	p, err := b.Replay(g)
	if err == nil {
		b.AddReplayed(p)
	}
	return err
}

// AddPath is Add, returning the nodes whose content changed (those of two
// games or more, and the root): the nodes on g's path, and the node before
// a node that g made whole, whose line now leads to it. Nil when g counted
// already.
func (b *Book) AddPath(g Game) ([]*Node, error) {
	p, err := b.Replay(g)
	if err != nil {
		return nil, err
	}
	return b.Nodes(b.AddReplayed(p)), nil
}

// Nodes are the nodes of changed (from AddReplayed), nearest the start
// first.
func (b *Book) Nodes(changed []Changed) []*Node {
	out := make([]*Node, 0, len(changed))
	for _, h := range changed {
		if n := b.nodes[uint64(h)]; n != nil {
			out = append(out, b.view(n))
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return len(out[i].Moves) < len(out[j].Moves) })
	return out
}

// Changed names a node a game changed (AddReplayed); [Book.Nodes] reads
// them. Reading a node copies and sorts its lines, which a full build,
// counting every game, has no use for: the start of a book of setups has
// a line a game.
type Changed uint64

// Replayed is a game replayed for a book ([Book.Replay]), to be counted
// in it ([Book.AddReplayed]).
type Replayed struct {
	p               *played
	keys, positions []string
}

// Replay replays g for the book: the costly half of AddPath, which reads
// the book's settings only, so that games may be replayed at once, each
// counted after (AddReplayed) one at a time.
func (b *Book) Replay(g Game) (*Replayed, error) {
	r := g.Record
	switch {
	case r == nil:
		return nil, fmt.Errorf("explorer: game %d has no record", g.ID)
	case !r.Result.Over():
		return nil, fmt.Errorf("explorer: game %d: %w", g.ID, ErrUnfinished)
	}
	if name := BookOf(r.Game, r.Config); name != b.name {
		return nil, fmt.Errorf("explorer: game %d is of the book %s, not %s", g.ID, name, b.name)
	}
	p, keys, positions, err := b.replay(g)
	if err != nil {
		return nil, err
	}
	return &Replayed{p, keys, positions}, nil
}

// AddReplayed counts a game replayed by Replay, as AddPath does, and
// names the nodes whose content changed.
func (b *Book) AddReplayed(rp *Replayed) []Changed {
	p, keys, positions := rp.p, rp.keys, rp.positions
	g := Game{ID: p.id}
	if b.games[g.ID] != nil {
		return nil
	}
	changed := map[uint64]bool{}
	for i, h := range p.keys {
		if slices.Index(p.keys, h) < i {
			// A position the game came back to (keys leave the plies
			// out): a game counts once in a node, by its first visit.
			continue
		}
		n := b.nodes[h]
		if n == nil {
			other, ok := b.alone[h]
			if !ok {
				b.alone[h] = g.ID
				continue
			}
			delete(b.alone, h)
			n = b.whole(h, b.games[other], keys[i])
			b.nodes[h] = n
			// The node before it on the other game's path now leads to a
			// node of its own.
			if j := slices.Index(b.games[other].keys, h); j > 0 {
				if prev := b.games[other].keys[j-1]; b.nodes[prev] != nil {
					changed[prev] = true
				}
			}
		}
		b.count(n, p, i, positions[i])
		changed[h] = true
	}
	b.games[g.ID] = p
	out := make([]Changed, 0, len(changed))
	for h := range changed {
		out = append(out, Changed(h))
	}
	slices.Sort(out)
	return out
}

// replay plays g's record up to the book's depth: its path, and the key
// and text of each position on it.
func (b *Book) replay(g Game) (*played, []string, []string, error) {
	rc := *g.Record // Start normalizes the Config in place: the record is the caller's
	_, pos, err := rc.Start()
	if err != nil {
		return nil, nil, nil, fmt.Errorf("explorer: game %d: %w", g.ID, err)
	}
	res := g.Record.Result
	res.Reason = "" // not shown, and a string of the caller's record
	p := &played{recent: recent{g.ID, g.Finished}, result: res, ratings: g.Ratings}
	var text strings.Builder
	k := engine.Key(pos)
	keys, positions := []string{k}, []string{pos.String()}
	p.keys = append(p.keys, hashKey(k))
	for i, m := range rc.Moves {
		if i >= b.maxPly {
			break
		}
		if _, leaving := engine.ParseLeaving(m.Text); leaving {
			break
		}
		if !engine.Acts(pos, m.Player) {
			return nil, nil, nil, fmt.Errorf("explorer: game %d: %w", g.ID, &notation.ReplayError{MoveNumber: i + 1, Move: m.Text, Err: &engine.NotYourTurnError{Player: m.Player}})
		}
		next, mv, err := engine.Play(pos, m.Player, m.Text)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("explorer: game %d: %w", g.ID, &notation.ReplayError{MoveNumber: i + 1, Move: m.Text, Err: err})
		}
		pos = next
		text.WriteString(mv.String())
		text.WriteByte(0)
		p.players = append(p.players, int8(m.Player))
		k := engine.Key(pos)
		keys, positions = append(keys, k), append(positions, pos.String())
		p.keys = append(p.keys, hashKey(k))
	}
	p.text = text.String()
	return p, keys, positions, nil
}

// whole makes the node h, which the game other reached alone, a node of
// its own, with other counted in it.
func (b *Book) whole(h uint64, other *played, key string) *node {
	n := &node{key: key, lines: map[string]*line{}}
	b.count(n, other, slices.Index(other.keys, h), "")
	return n
}

// positionAt is the text of the position at ply i of game p's path.
func (b *Book) positionAt(p *played, i int) string {
	pos := b.start
	for j := range i {
		next, _, err := engine.Play(pos, engine.Player(p.players[j]), p.move(j))
		if err != nil {
			return pos.String() // replayed once already: cannot happen
		}
		pos = next
	}
	return pos.String()
}

// count counts game p, at ply i of its path, in node n.
// position is the text of its position on p's path, "" when the caller
// does not have it.
func (b *Book) count(n *node, p *played, i int, position string) {
	if n.games == 0 || p.id < n.first {
		if position == "" {
			position = b.positionAt(p, i)
		}
		n.first, n.moves, n.position = p.id, p.moves(i), position
	}
	n.games++
	n.recent = addRecent(n.recent, p.recent)
	if i >= p.plies() {
		return
	}
	move := p.move(i)
	key := lineKey(engine.Player(p.players[i]), move)
	l := n.lines[key]
	if l == nil {
		l = &line{Line: Line{Move: move, Player: int(p.players[i]), Wins: make([]int, b.seats)}, next: p.keys[i+1]}
		if b.seats > 2 {
			l.Places = make([][]int, b.seats)
			for s := range l.Places {
				l.Places[s] = make([]int, b.seats)
			}
		}
		n.lines[key] = l
	}
	l.Games++
	res := p.result
	switch {
	case res.Kind == engine.Win && int(res.Winner) >= 0 && int(res.Winner) < b.seats:
		l.Wins[res.Winner]++
	case res.Kind == engine.Draw:
		l.Draws++
	}
	if l.Places != nil {
		for s := range b.seats {
			if pl := res.Place(engine.Player(s)); pl >= 1 && pl <= b.seats {
				l.Places[s][pl-1]++
			}
		}
	}
	if seat := p.players[i]; seat >= 0 && int(seat) < len(p.ratings) && p.ratings[seat] > 0 {
		l.ratingSum += p.ratings[seat]
		l.Rated++
		l.Rating = l.ratingSum / float64(l.Rated)
	}
	if l.Last == 0 || p.recent.newer(recent{l.Last, l.LastFinished}) {
		l.Last, l.LastFinished = p.id, p.finished
	}
}

func addRecent(list []recent, r recent) []recent {
	i := 0
	for i < len(list) && list[i].newer(r) {
		i++
	}
	if i >= recentGames {
		return list
	}
	list = slices.Insert(list, i, r)
	if len(list) > recentGames {
		list = list[:recentGames]
	}
	return list
}

// view is n as its readers see it: a copy, its lines sorted.
func (b *Book) view(n *node) *Node {
	out := &Node{Key: n.key, Position: n.position, Moves: slices.Clone(n.moves), Games: n.games}
	if out.Moves == nil {
		out.Moves = []string{}
	}
	for _, r := range n.recent {
		out.Recent = append(out.Recent, r.id)
	}
	for _, l := range n.lines {
		v := l.Line
		v.Wins = slices.Clone(l.Wins)
		if l.Places != nil {
			v.Places = make([][]int, len(l.Places))
			for s := range l.Places {
				v.Places[s] = slices.Clone(l.Places[s])
			}
		}
		if b.nodes[l.next] != nil {
			v.Next = fileName(l.next)
		}
		out.Lines = append(out.Lines, v)
	}
	sort.Slice(out.Lines, func(i, j int) bool {
		a, c := out.Lines[i], out.Lines[j]
		if a.Games != c.Games {
			return a.Games > c.Games
		}
		if a.Move != c.Move {
			return a.Move < c.Move
		}
		return a.Player < c.Player
	})
	return out
}

// aloneNode is the node h that game p alone reached, as a Node.
func (b *Book) aloneNode(h uint64, p *played, key, position string) *Node {
	n := &node{key: key, lines: map[string]*line{}}
	b.count(n, p, slices.Index(p.keys, h), position)
	return b.view(n)
}

// At is the node after moves from the start. An error (a *MoveError)
// names the first move that is not legal there, or that no game of the
// book played ([ErrNotPlayed]).
func (b *Book) At(moves []string) (*Node, error) {
	pos := b.start
	h := b.root
	for i, text := range moves {
		// A reader names a move, not its player: the first of the players
		// to move (chance included) who may play it and did.
		var first error
		var next engine.Position
		for _, p := range pos.ToMove() {
			n, m, err := engine.Play(pos, p, text)
			if err != nil {
				if first == nil {
					first = err
				}
				continue
			}
			if b.played(h, p, m.String()) {
				next = n
				break
			}
			first = ErrNotPlayed
		}
		if next == nil {
			if first == nil {
				first = &engine.IllegalMoveError{Move: text, Reason: "the game is over"}
			}
			return nil, &MoveError{Index: i, Move: text, Err: first}
		}
		pos, h = next, hashKey(engine.Key(next))
	}
	if n := b.nodes[h]; n != nil {
		return b.view(n), nil
	}
	if id, ok := b.alone[h]; ok {
		return b.aloneNode(h, b.games[id], engine.Key(pos), pos.String()), nil
	}
	// The moves were played from here, but past the book's depth.
	return nil, &MoveError{Index: len(moves) - 1, Move: moves[len(moves)-1], Err: ErrNotPlayed}
}

// played reports whether a game of the book played move for player p
// from node h.
func (b *Book) played(h uint64, p engine.Player, move string) bool {
	if n := b.nodes[h]; n != nil {
		return n.lines[lineKey(p, move)] != nil
	}
	if id, ok := b.alone[h]; ok {
		g := b.games[id]
		j := slices.Index(g.keys, h)
		return j < g.plies() && g.move(j) == move && engine.Player(g.players[j]) == p
	}
	return false
}

// lineKey is the key of the line of move played by p: in a phase where
// both players act, each player's move is a line of its own.
func lineKey(p engine.Player, move string) string {
	return string(rune('a'+int(p)+1)) + move
}
