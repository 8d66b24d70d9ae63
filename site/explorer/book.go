package explorer

import (
	"cmp"
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

// Book is the tree of one book. It keeps its games apart from its nodes:
// each game counted is a path of a few numbers in arrays that hold no
// pointers (its positions' node numbers, its moves as numbers of the
// book's move texts, its result), and the nodes, the index, are made from
// those paths when first read ([Book.Index]) and may be let go
// ([Book.Release]) to be made again. So a full build of the site holds
// the paths of every game, which the collector need not scan, and the
// nodes of one book at a time.
//
// Its methods run one at a time; but once the index is made, the readers
// of nodes (Root, Node, Nodes, Each, Files) may run at once.
type Book struct {
	name   string
	cfg    engine.Config
	game   engine.Game
	maxPly int
	seats  int
	start  engine.Position
	root   uint64

	games   []played // every game counted, in the order they came
	ids     idSet    // their numbers
	keys    []uint64 // the paths' node numbers: game g's from keys[g.keyOff], plies+1 of them
	moves   []int32  // the paths' moves (in texts): game g's from moves[g.moveOff], plies of them
	players []int8   // who played each move of moves (engine.Player)
	texts   []string // the move texts, each once
	textOf  map[string]int32

	idx *index // nil until read
}

// index is the nodes of a book.
type index struct {
	nodes map[uint64]*node // the root, and the nodes reached by two games or more
	// alone holds each node reached by one game: that game (an index in
	// games). Nil in an index made to be read only ([Book.Index]), which
	// neither counts a game more nor walks (At).
	alone map[uint64]int32
}

// played is a game counted, without pointers: 48 bytes.
type played struct {
	recent
	keyOff, moveOff int32
	plies           int8
	winner          int8 // of a win
	nplaces         int8 // places held (3-4 seats): 0 when the result has none
	kind            int8 // engine.ResultKind
	places          [maxSeats]int8
	ratings         [maxSeats]float32 // a rating's average is shown whole
}

// maxSeats bounds the seats of a book's game: postal's games have four at
// most.
const maxSeats = 4

// node is a Node as the book keeps it: its lines in the order they came.
type node struct {
	first  int32 // the game whose moves and position it shows: the lowest numbered, whatever the order games came in
	ply    int8  // the node's ply on first's path
	games  int
	lines  []line
	lineAt map[lineID]int32 // a line's index in lines, once it has more than a few (find)
	recent []recent
}

// lineID is a line of a node: a move, and the seat that played it (in a
// phase where both players act, each player's move is a line of its own).
type lineID struct {
	player int8
	move   int32
}

// line is a Line as a node keeps it: 120 bytes (a node of setups has a
// line a game).
type line struct {
	lineID
	next      uint64 // the node it leads to
	games     int32
	draws     int32
	rated     int32
	wins      [maxSeats]int32
	places    [maxSeats][maxSeats]int32 // by seat, by place (3-4 seats)
	ratingSum float64
	last      recent
}

type recent struct {
	id       int64
	finished int64 // Unix nanoseconds; 0 unknown
}

// newer reports whether a is newer than b: finished later, or numbered
// higher when finished at once.
func (a recent) newer(b recent) bool {
	if a.finished != b.finished {
		return a.finished > b.finished
	}
	return a.id > b.id
}

func unixNano(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixNano()
}

func timeOf(n int64) time.Time {
	if n == 0 {
		return time.Time{}
	}
	return time.Unix(0, n).UTC()
}

// place is the place of seat s in p's result, as engine.Result.Place
// reads it.
func (p *played) place(s int) int {
	switch {
	case p.nplaces > 0:
		if s >= int(p.nplaces) {
			return 0
		}
		return int(p.places[s])
	case p.result() == engine.Draw:
		return 1
	case p.result() == engine.Win && s == int(p.winner):
		return 1
	case p.result() == engine.Win:
		return 2
	}
	return 0
}

func (p *played) result() engine.ResultKind { return engine.ResultKind(p.kind) }

// idSet is a set of game numbers: a bit each, up to bitIDs, else a map.
type idSet struct {
	bits []uint64
	big  map[int64]bool
}

const bitIDs = 1 << 24 // two megabytes of bits at most

func (s *idSet) has(id int64) bool {
	if id >= 0 && id < bitIDs {
		w := int(id / 64)
		return w < len(s.bits) && s.bits[w]&(1<<(id%64)) != 0
	}
	return s.big[id]
}

func (s *idSet) add(id int64) {
	if id >= 0 && id < bitIDs {
		w := int(id / 64)
		if w >= len(s.bits) {
			s.bits = append(s.bits, make([]uint64, w+1-len(s.bits))...)
		}
		s.bits[w] |= 1 << (id % 64)
		return
	}
	if s.big == nil {
		s.big = map[int64]bool{}
	}
	s.big[id] = true
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
	seats := len(g.Info().Seats(cfg))
	if seats > maxSeats {
		return nil, fmt.Errorf("explorer: %s has %d seats, more than a book counts (%d)", game, seats, maxSeats)
	}
	return &Book{name: BookOf(game, cfg), cfg: cfg, game: g, maxPly: min(maxPly, 127), seats: seats, start: start,
		root: hashKey(engine.Key(start)), textOf: map[string]int32{}}, nil
}

// Name is the book's name ([BookOf]).
func (b *Book) Name() string { return b.name }

// Config is the config of the book's first game, normalized: its ruleset
// and options (the seed is that game's).
func (b *Book) Config() engine.Config { return b.cfg }

// Seats is the number of seats of the book's games.
func (b *Book) Seats() int { return b.seats }

// Has reports whether game id is counted.
func (b *Book) Has(id int64) bool { return b.ids.has(id) }

// Games is the number of games counted.
func (b *Book) Games() int { return len(b.games) }

// Index makes the book's nodes from its games, unless they are made: the
// nodes that have files, to be read. Every reader of nodes (Root, Node,
// Nodes, Each, Files) makes them when they are not; a caller that reads
// nodes at once from several goroutines makes them first. It sorts the
// visits of the games' paths to find the nodes two games reached, rather
// than keep the nodes of one game, as counting a game more and walking
// (At) need ([Book.indexAll]): a full build writes the files of a book
// and lets its nodes go.
func (b *Book) Index() {
	if b.idx != nil {
		return
	}
	type visit struct {
		h   uint64
		g   int32
		ply int8
	}
	visits := make([]visit, 0, len(b.keys))
	for g := range b.games {
		path := b.path(int32(g))
		for i, h := range path {
			if slices.Index(path, h) == i { // a game counts once in a node
				visits = append(visits, visit{h, int32(g), int8(i)})
			}
		}
	}
	slices.SortFunc(visits, func(a, c visit) int { return cmp.Compare(a.h, c.h) })
	idx := &index{nodes: map[uint64]*node{b.root: {}}}
	for i := 0; i < len(visits); {
		j := i + 1
		for j < len(visits) && visits[j].h == visits[i].h {
			j++
		}
		h := visits[i].h
		if n := idx.nodes[h]; n != nil || j-i >= 2 {
			if n == nil {
				n = &node{}
				idx.nodes[h] = n
			}
			for _, v := range visits[i:j] {
				b.count(n, v.g, int(v.ply))
			}
		}
		i = j
	}
	b.idx = idx
}

// indexAll makes the book's nodes and its nodes of one game, which
// counting a game more and walking need.
func (b *Book) indexAll() {
	if b.idx != nil && b.idx.alone != nil {
		return
	}
	b.idx = &index{nodes: map[uint64]*node{b.root: {}}, alone: map[uint64]int32{}}
	for g := range b.games {
		b.place(int32(g), nil)
	}
}

// Release lets the nodes go; the next reader makes them again. The games
// stay counted.
func (b *Book) Release() { b.idx = nil }

// Root is the node of the start position.
func (b *Book) Root() *Node {
	b.Index()
	return b.view(b.idx.nodes[b.root])
}

// Files are the nodes that have a file: the root, and each node two
// games or more reached, in the order of their numbers.
func (b *Book) Files() []Changed {
	b.Index()
	out := make([]Changed, 0, len(b.idx.nodes))
	for h := range b.idx.nodes {
		out = append(out, Changed(h))
	}
	slices.Sort(out)
	return out
}

// Node is the node c (of Files or AddReplayed), nil when it has no file.
func (b *Book) Node(c Changed) *Node {
	b.Index()
	if n := b.idx.nodes[uint64(c)]; n != nil {
		return b.view(n)
	}
	return nil
}

// Each calls fn with every node that has a file ([Book.Files]).
func (b *Book) Each(fn func(*Node) error) error {
	for _, c := range b.Files() {
		if err := fn(b.Node(c)); err != nil {
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
	rp, err := b.Replay(g)
	if err == nil {
		b.Append(rp)
	}
	return err
}

// AddPath is Add, returning the nodes whose content changed (those of two
// games or more, and the root): the nodes on g's path, and the node before
// a node that g made whole, whose line now leads to it. Nil when g counted
// already.
func (b *Book) AddPath(g Game) ([]*Node, error) {
	rp, err := b.Replay(g)
	if err != nil {
		return nil, err
	}
	return b.Nodes(b.AddReplayed(rp)), nil
}

// Nodes are the nodes of changed (from AddReplayed), nearest the start
// first.
func (b *Book) Nodes(changed []Changed) []*Node {
	out := make([]*Node, 0, len(changed))
	for _, c := range changed {
		if n := b.Node(c); n != nil {
			out = append(out, n)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return len(out[i].Moves) < len(out[j].Moves) })
	return out
}

// Changed names a node a game changed (AddReplayed), or one that has a
// file (Files); [Book.Node] reads it. Reading a node copies and sorts its
// lines, which a full build, counting every game, has no use for: the
// start of a book of setups has a line a game.
type Changed uint64

// Replayed is a game replayed for a book ([Book.Replay]), to be counted
// in it ([Book.AddReplayed], [Book.Append]).
type Replayed struct {
	p       played // its offsets unset
	moves   []string
	players []int8
	keys    []uint64
}

// Replay replays g for the book: the costly half of adding a game, which
// reads the book's settings only, so that games may be replayed at once,
// each counted after (AddReplayed, Append) one at a time.
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
	return b.replay(g)
}

// AddReplayed counts a game replayed by Replay, as AddPath does, and
// names the nodes whose content changed; nil when it counted already.
func (b *Book) AddReplayed(rp *Replayed) []Changed {
	if b.Has(rp.p.id) {
		return nil
	}
	b.indexAll()
	changed := map[uint64]bool{}
	b.place(b.append(rp), changed)
	out := make([]Changed, 0, len(changed))
	for h := range changed {
		out = append(out, Changed(h))
	}
	slices.Sort(out)
	return out
}

// Append counts a game replayed by Replay, as AddReplayed does, but
// without making the nodes to say what changed: a full build counts
// every game first. It reports whether the game was new to the book.
func (b *Book) Append(rp *Replayed) bool {
	if b.Has(rp.p.id) {
		return false
	}
	g := b.append(rp)
	switch {
	case b.idx == nil:
	case b.idx.alone == nil:
		b.idx = nil // made to be read: made again when next read
	default:
		b.place(g, nil)
	}
	return true
}

// append stores rp's game in the book's arrays, and returns its index.
func (b *Book) append(rp *Replayed) int32 {
	p := rp.p
	p.keyOff, p.moveOff, p.plies = int32(len(b.keys)), int32(len(b.moves)), int8(len(rp.players))
	b.keys = append(b.keys, rp.keys...)
	b.players = append(b.players, rp.players...)
	for _, m := range rp.moves {
		t, ok := b.textOf[m]
		if !ok {
			t = int32(len(b.texts))
			b.texts = append(b.texts, m)
			b.textOf[m] = t
		}
		b.moves = append(b.moves, t)
	}
	g := int32(len(b.games))
	b.games = append(b.games, p)
	b.ids.add(p.id)
	return g
}

// path is the node numbers of game g's positions.
func (b *Book) path(g int32) []uint64 {
	p := &b.games[g]
	return b.keys[p.keyOff : p.keyOff+int32(p.plies)+1]
}

// move is the text and player of move i of game g's path.
func (b *Book) move(g int32, i int) (string, engine.Player) {
	p := &b.games[g]
	j := int(p.moveOff) + i
	return b.texts[b.moves[j]], engine.Player(b.players[j])
}

// place counts game g in the nodes of its path, and notes in changed
// (when not nil) the nodes whose content changed.
func (b *Book) place(g int32, changed map[uint64]bool) {
	idx := b.idx
	path := b.path(g)
	for i, h := range path {
		if slices.Index(path, h) < i {
			// A position the game came back to (keys leave the plies
			// out): a game counts once in a node, by its first visit.
			continue
		}
		n := idx.nodes[h]
		if n == nil {
			other, ok := idx.alone[h]
			if !ok {
				idx.alone[h] = g
				continue
			}
			// A second game: the node is made whole, with the first.
			delete(idx.alone, h)
			n = &node{}
			otherPath := b.path(other)
			j := slices.Index(otherPath, h)
			b.count(n, other, j)
			idx.nodes[h] = n
			// The node before it on the other game's path now leads to a
			// node of its own.
			if changed != nil && j > 0 && idx.nodes[otherPath[j-1]] != nil {
				changed[otherPath[j-1]] = true
			}
		}
		b.count(n, g, i)
		if changed != nil {
			changed[h] = true
		}
	}
}

// replay plays g's record up to the book's depth: its path.
func (b *Book) replay(g Game) (*Replayed, error) {
	rc := *g.Record // Start normalizes the Config in place: the record is the caller's
	_, pos, err := rc.Start()
	if err != nil {
		return nil, fmt.Errorf("explorer: game %d: %w", g.ID, err)
	}
	res := g.Record.Result
	rp := &Replayed{p: played{recent: recent{g.ID, unixNano(g.Finished)}, kind: int8(res.Kind), winner: int8(res.Winner)}}
	if res.Kind != engine.Win {
		rp.p.winner = -1
	}
	for s, pl := range res.Places {
		if s < maxSeats {
			rp.p.places[s] = int8(pl)
			rp.p.nplaces = int8(s + 1)
		}
	}
	for s, r := range g.Ratings {
		if s < maxSeats {
			rp.p.ratings[s] = float32(r)
		}
	}
	rp.keys = append(rp.keys, hashKey(engine.Key(pos)))
	for i, m := range rc.Moves {
		if i >= b.maxPly {
			break
		}
		if _, leaving := engine.ParseLeaving(m.Text); leaving {
			break
		}
		if !engine.Acts(pos, m.Player) {
			return nil, fmt.Errorf("explorer: game %d: %w", g.ID, &notation.ReplayError{MoveNumber: i + 1, Move: m.Text, Err: &engine.NotYourTurnError{Player: m.Player}})
		}
		next, mv, err := engine.Play(pos, m.Player, m.Text)
		if err != nil {
			return nil, fmt.Errorf("explorer: game %d: %w", g.ID, &notation.ReplayError{MoveNumber: i + 1, Move: m.Text, Err: err})
		}
		pos = next
		rp.moves = append(rp.moves, mv.String())
		rp.players = append(rp.players, int8(m.Player))
		rp.keys = append(rp.keys, hashKey(engine.Key(pos)))
	}
	return rp, nil
}

// positionAt is the position at ply i of game g's path, replayed from the
// start (a node keeps no position: most nodes never show theirs).
func (b *Book) positionAt(g int32, i int) engine.Position {
	pos := b.start
	for j := range i {
		text, p := b.move(g, j)
		next, _, err := engine.Play(pos, p, text)
		if err != nil {
			return pos // replayed once already: cannot happen
		}
		pos = next
	}
	return pos
}

// count counts game g, at ply i of its path, in node n.
func (b *Book) count(n *node, g int32, i int) {
	p := &b.games[g]
	if n.games == 0 || p.id < b.games[n.first].id {
		n.first, n.ply = g, int8(i)
	}
	n.games++
	n.recent = addRecent(n.recent, p.recent)
	if i >= int(p.plies) {
		return
	}
	j := int(p.moveOff) + i
	id := lineID{player: b.players[j], move: b.moves[j]}
	at := n.find(id)
	if at < 0 {
		at = n.add(line{lineID: id, next: b.path(g)[i+1]})
	}
	l := &n.lines[at]
	l.games++
	switch {
	case p.result() == engine.Win && p.winner >= 0 && int(p.winner) < b.seats:
		l.wins[p.winner]++
	case p.result() == engine.Draw:
		l.draws++
	}
	if b.seats > 2 {
		for s := range b.seats {
			if pl := p.place(s); pl >= 1 && pl <= b.seats {
				l.places[s][pl-1]++
			}
		}
	}
	if seat := id.player; seat >= 0 && int(seat) < b.seats && p.ratings[seat] > 0 {
		l.ratingSum += float64(p.ratings[seat])
		l.rated++
	}
	if l.last.id == 0 || p.recent.newer(l.last) {
		l.last = p.recent
	}
}

// lineMap is the number of lines past which a node finds a line by a
// map rather than by looking through them: most nodes have a few.
const lineMap = 8

// find is the index of line id in n.lines, -1 when n has none.
func (n *node) find(id lineID) int32 {
	if n.lineAt != nil {
		if at, ok := n.lineAt[id]; ok {
			return at
		}
		return -1
	}
	for i := range n.lines {
		if n.lines[i].lineID == id {
			return int32(i)
		}
	}
	return -1
}

// add adds l to n's lines and returns its index.
func (n *node) add(l line) int32 {
	at := int32(len(n.lines))
	n.lines = append(n.lines, l)
	switch {
	case n.lineAt != nil:
		n.lineAt[l.lineID] = at
	case len(n.lines) > lineMap:
		n.lineAt = make(map[lineID]int32, len(n.lines))
		for i := range n.lines {
			n.lineAt[n.lines[i].lineID] = int32(i)
		}
	}
	return at
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

// view is n as its readers see it, its lines sorted: its position
// replayed from its first game's moves.
func (b *Book) view(n *node) *Node {
	out := &Node{Moves: []string{}, Games: n.games}
	pos := b.start
	if n.games > 0 {
		pos = b.positionAt(n.first, int(n.ply))
		for i := range int(n.ply) {
			text, _ := b.move(n.first, i)
			out.Moves = append(out.Moves, text)
		}
	}
	out.Key, out.Position = engine.Key(pos), pos.String()
	for _, r := range n.recent {
		out.Recent = append(out.Recent, r.id)
	}
	for _, l := range n.lines {
		v := Line{Move: b.texts[l.move], Player: int(l.player), Games: int(l.games), Wins: ints(l.wins[:b.seats]),
			Draws: int(l.draws), Rated: int(l.rated), Last: l.last.id, LastFinished: timeOf(l.last.finished)}
		if l.rated > 0 {
			v.Rating = l.ratingSum / float64(l.rated)
		}
		if b.seats > 2 {
			v.Places = make([][]int, b.seats)
			for s := range v.Places {
				v.Places[s] = ints(l.places[s][:b.seats])
			}
		}
		if b.idx.nodes[l.next] != nil {
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

func ints(counts []int32) []int {
	out := make([]int, len(counts))
	for i, c := range counts {
		out[i] = int(c)
	}
	return out
}

// At is the node after moves from the start. An error (a *MoveError)
// names the first move that is not legal there, or that no game of the
// book played ([ErrNotPlayed]).
func (b *Book) At(moves []string) (*Node, error) {
	b.indexAll()
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
	if n := b.idx.nodes[h]; n != nil {
		return b.view(n), nil
	}
	if g, ok := b.idx.alone[h]; ok {
		// The node of one game, made for the reader.
		n := &node{}
		b.count(n, g, slices.Index(b.path(g), h))
		return b.view(n), nil
	}
	// The moves were played from here, but past the book's depth.
	return nil, &MoveError{Index: len(moves) - 1, Move: moves[len(moves)-1], Err: ErrNotPlayed}
}

// played reports whether a game of the book played move for player p
// from node h.
func (b *Book) played(h uint64, p engine.Player, move string) bool {
	t, ok := b.textOf[move]
	if !ok {
		return false
	}
	if n := b.idx.nodes[h]; n != nil {
		return n.find(lineID{player: int8(p), move: t}) >= 0
	}
	if g, ok := b.idx.alone[h]; ok {
		j := slices.Index(b.path(g), h)
		if j >= int(b.games[g].plies) {
			return false
		}
		text, q := b.move(g, j)
		return text == move && q == p
	}
	return false
}
