package site

import (
	"cmp"
	"fmt"
	"postal/club/clock"
	"slices"
	"strconv"
	"strings"
	"time"

	"postal/engine"
)

// gameInfo is what every page but the game's own needs to know about a game:
// taken from its record without replaying it.
type gameInfo struct {
	ID                         int64
	Type, TypeTitle            string
	Players, Sides             [2]string
	Config                     string
	Result                     engine.Result
	Reason                     string
	TimeControl                string // as people read it: "3 days per move"
	Plies                      int
	Started, Updated, Finished time.Time
	game                       *Game
}

// ResultText is the result for people: "Alice (White) won", "Draw", "In progress".
func (g *gameInfo) ResultText() string {
	switch g.Result.Kind {
	case engine.Win:
		w := g.Result.Winner
		if w == engine.First || w == engine.Second {
			return fmt.Sprintf("%s (%s) won", g.Players[w], g.Sides[w])
		}
	case engine.Draw:
		return "Draw"
	}
	if !g.Finished.IsZero() {
		return "Ended"
	}
	return "In progress"
}

// SeedCommitment is the commitment to the seed of a game with chance, shown
// from its start; "" for a game without (issue 15).
func (g *gameInfo) SeedCommitment() string { return g.game.Record.SeedCommitment }

// Seed is the seed of a game with chance once its record shows it (the game
// is over), else "".
func (g *gameInfo) Seed() string {
	if r := g.game.Record; r.SeedCommitment != "" && r.SeedShown() {
		return strconv.FormatUint(r.Config.Seed, 10)
	}
	return ""
}

// over reports whether the game has finished, by its record or its date.
func (g *gameInfo) over() bool { return g.Result.Over() || !g.Finished.IsZero() }

// typeInfo is a game type with counts, for the navigation and its page.
type typeInfo struct {
	engine.Info
	Total, Ongoing, Finished int
	games                    []*gameInfo // newest first
}

// playerInfo is a player with a record per game type.
type playerInfo struct {
	Name, Slug string
	Games      int
	PerType    []*playerType
	games      []*gameInfo // newest first
}

type playerType struct {
	Name, Title                      string
	Games, Won, Drawn, Lost, Ongoing int
}

// archive is the whole input, indexed for the pages.
type archive struct {
	games   []*gameInfo // newest update first
	byID    map[int64]*gameInfo
	types   []*typeInfo // by name
	byType  map[string]*typeInfo
	players []*playerInfo // by name
	byName  map[string]*playerInfo
	built   time.Time // the latest date of any game: pages depend on input only
}

const unknownPlayer = "(unknown)"

func newArchive(games []Game) (*archive, error) {
	a := &archive{byID: map[int64]*gameInfo{}, byType: map[string]*typeInfo{}, byName: map[string]*playerInfo{}}
	for i := range games {
		g := &games[i]
		if g.Record == nil {
			return nil, fmt.Errorf("site: game %d has no record", g.ID)
		}
		if _, dup := a.byID[g.ID]; dup {
			return nil, fmt.Errorf("site: game %d given twice", g.ID)
		}
		r := g.Record
		gi := &gameInfo{ID: g.ID, Type: r.Game, TypeTitle: r.Game, Players: r.Players, Config: r.Config.String(),
			Result: r.Result, Reason: r.Result.Reason, Plies: len(r.Moves),
			Started: g.Started, Updated: g.Updated, Finished: g.Finished, game: g}
		gi.TimeControl = timeControl(r.Tag("TimeControl"))
		if gi.Reason == "" {
			gi.Reason = r.Tag("Termination")
		}
		for i, p := range gi.Players {
			if strings.TrimSpace(p) == "" {
				gi.Players[i] = unknownPlayer
			}
		}
		t := a.byType[r.Game]
		if t == nil {
			info := engine.Info{Name: r.Game, Title: r.Game, Sides: [2]string{"First", "Second"}}
			if eg, err := engine.Lookup(r.Game); err == nil {
				info = eg.Info()
			} else if !validSlug(r.Game) {
				return nil, fmt.Errorf("site: game %d: bad game name %q", g.ID, r.Game)
			}
			t = &typeInfo{Info: info}
			a.byType[r.Game] = t
			a.types = append(a.types, t)
		}
		gi.TypeTitle, gi.Sides = t.Title, t.Sides
		t.Total++
		if gi.over() {
			t.Finished++
		} else {
			t.Ongoing++
		}
		for _, d := range []time.Time{g.Started, g.Updated, g.Finished} {
			if d.After(a.built) {
				a.built = d
			}
		}
		a.byID[g.ID] = gi
		a.games = append(a.games, gi)
	}
	slices.SortFunc(a.games, func(x, y *gameInfo) int {
		return cmp.Or(y.Updated.Compare(x.Updated), cmp.Compare(y.ID, x.ID))
	})
	slices.SortFunc(a.types, func(x, y *typeInfo) int { return cmp.Compare(x.Name, y.Name) })
	for _, g := range a.games {
		a.byType[g.Type].games = append(a.byType[g.Type].games, g)
		for side, name := range g.Players {
			p := a.byName[name]
			if p == nil {
				p = &playerInfo{Name: name, Slug: slug(name)}
				a.byName[name] = p
				a.players = append(a.players, p)
			}
			if side == 1 && g.Players[0] == name {
				continue // playing oneself counts once
			}
			p.Games++
			p.games = append(p.games, g)
			i := slices.IndexFunc(p.PerType, func(t *playerType) bool { return t.Name == g.Type })
			if i < 0 {
				p.PerType = append(p.PerType, &playerType{Name: g.Type, Title: g.TypeTitle})
				i = len(p.PerType) - 1
			}
			pt := p.PerType[i]
			pt.Games++
			switch {
			case g.Result.Kind == engine.Draw:
				pt.Drawn++
			case g.Result.Kind == engine.Win && g.Players[g.Result.Winner&1] == name:
				pt.Won++
			case g.Result.Kind == engine.Win:
				pt.Lost++
			case !g.over():
				pt.Ongoing++
			}
		}
	}
	slices.SortFunc(a.players, func(x, y *playerInfo) int { return cmp.Compare(x.Name, y.Name) })
	for _, p := range a.players {
		slices.SortFunc(p.PerType, func(x, y *playerType) int { return cmp.Compare(x.Name, y.Name) })
	}
	return a, nil
}

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
