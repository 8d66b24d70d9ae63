package site

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"postal/club/clock"
	"postal/docs/words"
	"postal/engine"
	"postal/site/board"
)

// summary is what the pages that list a game need to know about it, taken
// from its record's tags without its moves. The site keeps one per game
// between updates; never the record.
type summary struct {
	ID      int64
	Type    *typeInfo
	Ruleset string
	Players []string // by seat
	Sides   []string // the seats' names, as many as Players
	Result  engine.Result
	Plies   int
	// Moves counts the moves as players do (engine.MoveNumbers: chance
	// steps do not count); -1 when unknown, from a summary without its
	// moves.
	Moves                                int
	ToMove                               []engine.Player // who may act, while the game goes on
	started, updated, finished, deadline stamp
	TimeControl                          string // for people: "3 days per move"
}

// stamp is a time as a summary keeps it: Unix nanoseconds, 0 for none. A
// third of the size of a time.Time, for each of the four dates of
// 110,000 summaries.
type stamp int64

func stampOf(t time.Time) stamp {
	if t.IsZero() {
		return 0
	}
	return stamp(t.UnixNano())
}

func (s stamp) time() time.Time {
	if s == 0 {
		return time.Time{}
	}
	return time.Unix(0, int64(s)).UTC()
}

// Started is when the game began, Updated its last change; Finished is
// when it ended, zero while it is going on; Deadline is when the side to
// move runs out of time, zero when there is none.
func (s *summary) Started() time.Time  { return s.started.time() }
func (s *summary) Updated() time.Time  { return s.updated.time() }
func (s *summary) Finished() time.Time { return s.finished.time() }
func (s *summary) Deadline() time.Time { return s.deadline.time() }

// over reports whether the game has finished, by its record or its date.
func (s *summary) over() bool { return s.Result.Over() || s.finished != 0 }

// seat names the player of seat p with their side: "bob (Black)"; "" for
// no seat.
func (s *summary) seat(p engine.Player) string {
	if p < 0 || int(p) >= len(s.Players) {
		return ""
	}
	return fmt.Sprintf("%s (%s)", s.Players[p], s.Sides[p])
}

// ResultText is the result for people: "alice (White) won", "Draw",
// "In progress".
func (s *summary) ResultText() string {
	switch s.Result.Kind {
	case engine.Win:
		if w := s.seat(s.Result.Winner); w != "" {
			return w + " won"
		}
	case engine.Draw:
		return "Draw"
	}
	if s.over() {
		return "Ended"
	}
	return "In progress"
}

// Reason is how the game ended ("Black resigned"), "" while it goes on.
func (s *summary) Reason() string { return s.Result.Reason }

// Placings are the places of a game of more than two players (Superial
// Chess R13d), best first: "Places: 1st carol (North), 2nd dave (East),
// 3rd alice (South), 4th bob (West)"; while it goes on, those of the
// players out ("Out: 4th bob (West)"); "" for a game of two, or before
// anyone is out.
func (s *summary) Placings() string {
	if len(s.Players) <= 2 || s.Result.Places == nil {
		return ""
	}
	var parts []string
	for place := 1; place <= len(s.Players); place++ {
		for p, pl := range s.Result.Places {
			if pl == place {
				parts = append(parts, words.Ordinal(place)+" "+s.seat(engine.Player(p)))
			}
		}
	}
	switch {
	case len(parts) == 0:
		return ""
	case !s.Result.Over():
		return "Out: " + strings.Join(parts, ", ")
	}
	return "Places: " + strings.Join(parts, ", ")
}

// Turn says who is to move, for people: "bob (Black)", "both players",
// "chance"; "" once the game is over.
func (s *summary) Turn() string {
	if s.over() {
		return ""
	}
	var who []string
	for _, p := range s.ToMove {
		if w := s.seat(p); w != "" {
			who = append(who, w)
		} else {
			who = append(who, "chance")
		}
	}
	return strings.Join(who, " and ")
}

// FinalText is the result as the board's band says it: "White won (bob
// resigned)"; "" while the game goes on.
func (s *summary) FinalText() string {
	if !s.over() {
		return ""
	}
	if t := board.ResultText(s.Result, s.Sides); t != "" {
		return t
	}
	return "the game ended"
}

// searchText is what the search matches besides numbers, names and games:
// the state in words people type ("won", "drawn", "resigned", "in
// progress").
func (s *summary) searchText() string {
	switch {
	case s.Result.Kind == engine.Draw:
		return strings.TrimSpace("finished drawn draw " + s.Result.Reason)
	case s.over():
		return strings.TrimSpace("finished won lost " + s.Result.Reason)
	}
	return "in progress ongoing"
}

// typeInfo is a game type and its games.
type typeInfo struct {
	engine.Info
	known  bool    // registered with the engine (its rules can be shown)
	games  []int64 // by number
	recent byDate  // its games by last change, for its page's latest
	// Ongoing and Finished count its games.
	Ongoing, Finished int
	// pageKept says that what its page shows of all its games is kept:
	// its statistics, which count its games by ruleset and tally the
	// finished ones, and its links to every list page and to the record
	// downloads of those with a finished game. Only a game of it added,
	// ended or removed changes them (index.put, remove), not a move in a
	// game going. Each move draws the type's page again, and these were
	// most of its cost, growing with the type's games.
	pageKept         bool
	stats            []rulesetStats
	lists, downloads blockRow
}

func newType(info engine.Info, known bool) *typeInfo {
	return &typeInfo{Info: info, known: known, recent: byDate{date: updated}}
}

func (t *typeInfo) Total() int { return len(t.games) }

// playerInfo is a player and their games.
type playerInfo struct {
	Name, Slug string
	games      []int64 // by number
	// Their games in progress by last change, their finished ones by end,
	// for their page's latest.
	ongoing, ended byDate
	// record is their record, once their page was drawn (tally); the
	// index keeps it as games are put and removed.
	record recordTally
}

// index is every game's summary, by number, by type and by player, and
// the games in progress and the finished ones newest first, of the
// archive, of each game type and of each player, so the home page, the
// feed and the pages of a game type and a player cost the same whatever
// the archive's size.
type index struct {
	games   map[int64]*summary
	types   map[string]*typeInfo
	players map[string]*playerInfo
	names   map[string]string   // interned rulesets and reasons
	sides   map[string][]string // interned seats' names, joined by NUL
	ongoing byDate              // by last change
	ended   byDate              // by end
	// loading says the summaries are being read: the lists by date take
	// them in any order and are sorted once, by settle, not kept in order
	// one insertion at a time (games read by number mostly end in that
	// order, so each went first and moved the others: 0.7 s for 100,000).
	loading bool
	// search keeps the rows of the search index's shards updates wrote.
	search searchRows
}

// newIndex returns an empty index, loading: settle it once the summaries
// are read.
func newIndex() *index {
	ix := &index{games: map[int64]*summary{}, types: map[string]*typeInfo{}, players: map[string]*playerInfo{}, names: map[string]string{}, sides: map[string][]string{},
		ongoing: byDate{date: updated}, ended: byDate{date: finished}, loading: true}
	for _, g := range engine.Games() {
		ix.types[g.Info().Name] = newType(g.Info(), true)
	}
	return ix
}

// settle sorts the lists by date after loading; puts then keep them in
// order.
func (ix *index) settle() {
	ix.loading = false
	ix.ongoing.sort()
	ix.ended.sort()
	for _, t := range ix.types {
		t.recent.sort()
	}
	for _, p := range ix.players {
		p.ongoing.sort()
		p.ended.sort()
	}
}

func (ix *index) intern(s string) string {
	if v, ok := ix.names[s]; ok {
		return v
	}
	ix.names[s] = s
	return s
}

// internSides returns the seats' names shared by every game seated so
// (Seats copies them for a game of options, a seat count say), two at
// least.
func (ix *index) internSides(sides []string) []string {
	if len(sides) < 2 {
		sides = []string{"First", "Second"}
	}
	key := strings.Join(sides, "\x00")
	if v, ok := ix.sides[key]; ok {
		return v
	}
	ix.sides[key] = sides
	return sides
}

const unknownPlayer = "(unknown)"

// errBadGame marks a game the site cannot list (no record, a game name
// unfit for a file name).
var errBadGame = errors.New("site: bad game")

// summarize makes a game's summary. pos is its last position when known:
// it says who is to move.
func (ix *index) summarize(g *Game, pos engine.Position) (*summary, error) {
	r := g.Record
	if r == nil {
		return nil, fmt.Errorf("%w: game %d has no record", errBadGame, g.ID)
	}
	t := ix.types[r.Game]
	if t == nil {
		if !validSlug(r.Game) {
			return nil, fmt.Errorf("%w: game %d: bad game name %q", errBadGame, g.ID, r.Game)
		}
		t = newType(engine.Info{Name: r.Game, Title: r.Game, Sides: []string{"First", "Second"}}, false)
		ix.types[r.Game] = t
	}
	ruleset := r.Config.Ruleset
	if ruleset == "" && len(t.Rulesets) > 0 {
		ruleset = t.Rulesets[0].Name
	}
	// The seats of the game as configured (three or four in Superial
	// Chess's multiplayer ruleset), two at least: one slice shared by the
	// games seated alike, not a copy each.
	sides := ix.internSides(t.Seats(r.Config))
	s := &summary{ID: g.ID, Type: t, Ruleset: ix.intern(ruleset), Sides: sides, Result: r.Result,
		Plies: max(g.Plies, len(r.Moves)), Moves: -1, started: stampOf(g.Started), updated: stampOf(g.Updated), finished: stampOf(g.Finished), deadline: stampOf(g.Deadline),
		TimeControl: ix.intern(timeControl(r.Tag("TimeControl")))}
	if len(r.Moves) >= s.Plies {
		_, next := engine.MoveNumbers(plyTexts(r))
		s.Moves = next - 1
	}
	s.Players = make([]string, len(sides))
	copy(s.Players, r.Players)
	if s.Result.Reason == "" {
		s.Result.Reason = r.Tag("Termination")
	}
	for i, p := range s.Players {
		if strings.TrimSpace(p) == "" {
			s.Players[i] = unknownPlayer
		}
	}
	if !s.over() && pos != nil {
		s.ToMove = pos.ToMove()
	}
	return s, nil
}

// put adds or replaces a game's summary.
func (ix *index) put(s *summary) {
	kept := false // what the page of s's type shows of all its games stands
	if old := ix.games[s.ID]; old != nil {
		kept = old.Type == s.Type && old.Ruleset == s.Ruleset && !old.over() && !s.over() && old.Type.pageKept
		ix.remove(old.ID)
	}
	ix.games[s.ID] = s
	t := s.Type
	t.pageKept = kept
	t.games = insertID(t.games, s.ID)
	t.recent.add(s, ix.loading)
	if s.over() {
		t.Finished++
		ix.ended.add(s, ix.loading)
	} else {
		t.Ongoing++
		ix.ongoing.add(s, ix.loading)
	}
	for i, name := range s.Players {
		if slices.Contains(s.Players[:i], name) {
			continue // playing oneself counts once
		}
		p := ix.players[name]
		if p == nil {
			p = &playerInfo{Name: name, Slug: slug(name), ongoing: byDate{date: updated}, ended: byDate{date: finished}}
			ix.players[name] = p
		}
		p.games = insertID(p.games, s.ID)
		if p.record != nil {
			p.record.count(s, name, 1)
		}
		if s.over() {
			p.ended.add(s, ix.loading)
		} else {
			p.ongoing.add(s, ix.loading)
		}
	}
}

// remove forgets a game.
func (ix *index) remove(id int64) {
	s := ix.games[id]
	if s == nil {
		return
	}
	delete(ix.games, id)
	t := s.Type
	t.pageKept = false
	t.games = removeID(t.games, id)
	t.recent.remove(s)
	if s.over() {
		t.Finished--
		ix.ended.remove(s)
	} else {
		t.Ongoing--
		ix.ongoing.remove(s)
	}
	for i, name := range s.Players {
		if p := ix.players[name]; p != nil {
			if p.record != nil && !slices.Contains(s.Players[:i], name) {
				p.record.count(s, name, -1)
			}
			p.games = removeID(p.games, id)
			p.ongoing.remove(s)
			p.ended.remove(s)
			if len(p.games) == 0 {
				delete(ix.players, name)
			}
		}
	}
}

func insertID(ids []int64, id int64) []int64 {
	if n := len(ids); n == 0 || ids[n-1] < id {
		return append(ids, id) // the usual case: a new game is the newest
	}
	i, found := slices.BinarySearch(ids, id)
	if found {
		return ids
	}
	return slices.Insert(ids, i, id)
}

func removeID(ids []int64, id int64) []int64 {
	if i, found := slices.BinarySearch(ids, id); found {
		return slices.Delete(ids, i, i+1)
	}
	return ids
}

// listed are the game types the site shows: every registered game, and any
// other with games, by name.
func (ix *index) listed() []*typeInfo {
	var out []*typeInfo
	for _, t := range ix.types {
		if t.known || len(t.games) > 0 {
			out = append(out, t)
		}
	}
	slices.SortFunc(out, func(a, b *typeInfo) int { return cmp.Compare(a.Name, b.Name) })
	return out
}

// sortedPlayers are the players by name.
func (ix *index) sortedPlayers() []*playerInfo {
	out := make([]*playerInfo, 0, len(ix.players))
	for _, p := range ix.players {
		out = append(out, p)
	}
	slices.SortFunc(out, func(a, b *playerInfo) int { return cmp.Compare(a.Name, b.Name) })
	return out
}

// summaries returns the summaries of ids, in the same order.
func (ix *index) summaries(ids []int64) []*summary {
	out := make([]*summary, 0, len(ids))
	for _, id := range ids {
		if s := ix.games[id]; s != nil {
			out = append(out, s)
		}
	}
	return out
}

// newer reports whether a comes before b newest first: by date, then by
// number.
func newer(a, b *summary, date func(*summary) stamp) bool {
	da, db := date(a), date(b)
	return da > db || da == db && a.ID > b.ID
}

// lastMove is the latest change of any game.
func (ix *index) lastMove() time.Time {
	var t time.Time
	for _, d := range []*byDate{&ix.ongoing, &ix.ended} {
		// The finished games are by end, which is their last change but
		// for a game changed after it ended.
		for _, s := range d.s[:min(len(d.s), 50)] {
			if u := s.Updated(); u.After(t) {
				t = u
			}
		}
	}
	return t
}

// byDate is games newest first (by a date, then by number).
type byDate struct {
	s    []*summary
	date func(*summary) stamp
}

// at is where s belongs.
func (d *byDate) at(s *summary) int {
	return sort.Search(len(d.s), func(i int) bool { return !newer(d.s[i], s, d.date) })
}

// add puts s in its place; in any order while loading (see sort).
func (d *byDate) add(s *summary, loading bool) {
	if loading {
		d.s = append(d.s, s)
		return
	}
	d.s = slices.Insert(d.s, d.at(s), s)
}

// sort puts the games added while loading in order.
func (d *byDate) sort() {
	slices.SortFunc(d.s, func(a, b *summary) int {
		switch {
		case newer(a, b, d.date):
			return -1
		case newer(b, a, d.date):
			return 1
		}
		return 0
	})
}

func (d *byDate) remove(s *summary) {
	if i := d.at(s); i < len(d.s) && d.s[i] == s {
		d.s = slices.Delete(d.s, i, i+1)
	}
}

// newest returns the first n.
func (d *byDate) newest(n int) []*summary { return d.s[:min(n, len(d.s))] }

// timeControl says a record's TimeControl tag ("days 3", "bank 7+1/14",
// "none") for people; "" when the record has none.
func timeControl(tag string) string {
	if tag == "" {
		return ""
	}
	if c, err := clock.ParseControl(tag); err == nil {
		return c.Describe()
	}
	return tag
}

// first is the archive's first game, by number; nil when it has none.
func (ix *index) first() *summary {
	var first *summary
	for _, t := range ix.types {
		if len(t.games) > 0 && (first == nil || t.games[0] < first.ID) {
			first = ix.games[t.games[0]]
		}
	}
	return first
}

// shards yields the shard of every game number up to the greatest.
func (ix *index) shards() func(yield func(int64) bool) {
	var top int64 = -1
	for _, t := range ix.types {
		if len(t.games) > 0 {
			top = max(top, t.games[len(t.games)-1]/shardSize)
		}
	}
	return func(yield func(int64) bool) {
		for k := int64(0); k <= top; k++ {
			if !yield(k) {
				return
			}
		}
	}
}

// shard returns the games numbered in shard k, by number.
func (ix *index) shard(k int64) []*summary {
	var out []*summary
	for id := k * shardSize; id < (k+1)*shardSize; id++ {
		if s := ix.games[id]; s != nil {
			out = append(out, s)
		}
	}
	return out
}

// Games counts the player's games.
func (p *playerInfo) Games() int { return len(p.games) }
