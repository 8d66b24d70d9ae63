package event

import (
	"fmt"
	"math/bits"
	"strings"

	"postal/club/pairing"
	"postal/docs/words"
	"postal/engine"
	"postal/notation"
)

// cup is groups, then a knockout: the entrants, seeded by rating, are
// dealt into groups of about size (snake seeding, so that each group has
// one of the top seeds), each group a round robin (or, for a game of more
// than two, a round robin of tables: tables.go), every game of the group
// stage at once; the top advance of each group then play a knockout
// (knockout.go), seeded by group place, in which group winners meet
// runners-up of other groups first and no two of one group meet in its
// first round where that can be avoided.
//
// The cup composes the other formats rather than copying them: a group is
// an event of its own (group) played by the round robin or the tables, the
// knockout an event of its own (bracket) played by knockout's Next. What
// the cup keeps is only where each lives in its games' places: the group
// stage is round 1, each game's board its group (1 for A), so that a game
// names its group from its place alone, as a league's names its division;
// the knockout's rounds follow from round 2, each match's board 100 times
// the players its round's bracket holds (2 for the final) plus its place
// in the bracket, so that a game names its stage ("semi-final") from its
// place alone too (Placer), without the cup's settings.
type cup struct {
	size, advance int
	double        bool
	seats         int
}

var cupKind = Kind{Name: "cup", Verb: notation.CmdTournament, Page: TournamentPage,
	Numbers: []notation.Number{
		{Word: "groups", Min: 2, Max: 16, What: "players a group"},
		{Word: "advance", Min: 1, Max: 8, What: "players who go through from each group"},
	},
	Defaults: Settings{"groups": 4, "advance": 2},
	Make: func(seats int, s Settings) (Format, bool) {
		return cup{size: s.Get("groups", 4), advance: s.Get("advance", 2), double: s.Get("double", 0) == 1 && !engine.OthersPlayOn(seats), seats: seats}, true
	}}

// boardOf is the board of a knockout match: its place in its round's
// bracket (from 1), with the bracket's size (2 for the final) times 100.
const boardOf = 100

func (cup) Name() string { return "cup" }

func (f cup) Words(*Event) string {
	return fmt.Sprintf("cup of groups of %d, the top %d of each to a knockout", f.size, f.advance)
}

func (cup) Limit() int { return 64 }

// groupFormat is the format each group plays.
func (f cup) groupFormat() Format {
	if engine.OthersPlayOn(f.seats) {
		return tables{seats: f.seats}
	}
	return roundRobin{double: f.double}
}

// Check refuses settings no field could play: as many going through as a
// group holds.
func (f cup) Check() *Refusal {
	if f.advance >= f.size {
		return &Refusal{Msg: fmt.Sprintf("a cup of groups of %d cannot send %d of each group through: some must stay behind", f.size, f.advance),
			Hint: fmt.Sprintf("Write advance %d or fewer, or groups %d or more.", f.size-1, f.advance+1)}
	}
	return nil
}

// GroupSizes are the sizes of the groups of n entrants in groups of about
// size: as many groups as groups of size need, as equal as can be, the
// larger first.
func GroupSizes(n, size int) []int {
	if n <= 0 || size <= 0 {
		return nil
	}
	g := (n + size - 1) / size
	sizes := make([]int, g)
	for i := range sizes {
		sizes[i] = n / g
		if i < n%g {
			sizes[i]++
		}
	}
	return sizes
}

// Groups deals n entrants, by seed (0 the strongest), into the groups of
// GroupSizes(n, size) by snake seeding: seeds 0..G-1 one to each group,
// the next G back from the last group to the first, and so on; each group
// by seed.
func Groups(n, size int) [][]int {
	sizes := GroupSizes(n, size)
	g := len(sizes)
	out := make([][]int, g)
	for i := 0; i < n; {
		row := i / g
		for k := 0; k < g && i < n; k++ {
			grp := k
			if row%2 == 1 {
				grp = g - 1 - k
			}
			if len(out[grp]) < sizes[grp] {
				out[grp] = append(out[grp], i)
				i++
			}
		}
		if row > n { // cannot happen: sizes hold n
			break
		}
	}
	return out
}

// fits says whether n entrants make groups the cup can play: two groups
// at least, each larger than those who go through and holding a game.
func (f cup) fits(n int) bool {
	sizes := GroupSizes(n, f.size)
	if engine.OthersPlayOn(f.seats) && !powerOf(len(sizes)*f.advance, f.seats) {
		return false // its knockout's tables would not be full (tableStage, below)
	}
	return len(sizes) >= 2 && sizes[len(sizes)-1] > f.advance && sizes[len(sizes)-1] >= max(2, f.seats)
}

// needs is the fewest entrants the cup plays with.
func (f cup) needs() (int, string) {
	for n := 2; n <= f.Limit(); n++ {
		if f.fits(n) {
			return n, fmt.Sprintf("two groups of which %d go through", f.advance)
		}
	}
	return f.Limit() + 1, "no field fits its groups"
}

func (f cup) short(ev *Event, n int) *Refusal { return f.refuse(ev, n) }

// refuse is the refusal of a field of n the groups do not fit, naming the
// fields and settings that would.
func (f cup) refuse(ev *Event, n int) *Refusal {
	if r := f.Check(); r != nil {
		return r
	}
	sizes := GroupSizes(n, f.size)
	var ss []string
	for _, s := range sizes {
		ss = append(ss, fmt.Sprint(s))
	}
	msg := fmt.Sprintf("%s has %s: groups of %d make ", ev.Name, words.Count(n, "entrant", "entrants"), f.size)
	if len(sizes) < 2 {
		msg += "one group, and a cup needs two"
	} else if through := len(sizes) * f.advance; engine.OthersPlayOn(f.seats) && !powerOf(through, f.seats) && sizes[len(sizes)-1] > f.advance {
		msg += fmt.Sprintf("%s, from which %d would go through, and the tables of its knockout seat %d each, stage after stage (%d, %d, %d, ... through)",
			words.Count(len(sizes), "group", "groups"), through, f.seats, f.seats, f.seats*f.seats, f.seats*f.seats*f.seats)
	} else {
		msg += fmt.Sprintf("groups of %s, and each needs more than the %d who go through", words.And(ss), f.advance)
	}
	var fixes []string
	var fields []string
	for m := n + 1; m <= f.Limit() && len(fields) < 2; m++ {
		if f.fits(m) {
			fields = append(fields, fmt.Sprint(m))
		}
	}
	if len(fields) > 0 {
		fixes = append(fixes, words.Join(fields, "or")+" entrants")
	}
	for _, alt := range []cup{{size: f.size, advance: f.advance - 1, seats: f.seats}, {size: f.size - 1, advance: f.advance, seats: f.seats}, {size: f.size + 1, advance: f.advance, seats: f.seats}} {
		if alt.advance >= 1 && alt.size > alt.advance && alt.fits(n) {
			fixes = append(fixes, fmt.Sprintf("groups %d advance %d", alt.size, alt.advance))
		}
	}
	hint := ""
	if len(fixes) > 0 {
		hint = "These would play: " + words.Join(fixes, "or") + "."
	}
	return &Refusal{Msg: msg, Hint: hint}
}

// GroupName names group g (from 0): A, B, ...
func GroupName(g int) string {
	if g < 26 {
		return string(rune('A' + g))
	}
	return fmt.Sprint(g + 1)
}

// RoundLabel names a game's place from the place alone: "group B",
// "semi-final".
func (cup) RoundLabel(round, board int) string {
	if round <= 1 {
		return "group " + GroupName(board-1)
	}
	if board >= tableBoard {
		return tableLabel(board)
	}
	return stageName(board / boardOf)
}

// stageName names a knockout round by the players its bracket holds.
func stageName(players int) string {
	switch players {
	case 2:
		return "final"
	case 4:
		return "semi-final"
	case 8:
		return "quarter-final"
	}
	return fmt.Sprintf("round of %d", players)
}

// group is group g (from 0) of ev as an event of its own, played by the
// group's format: its entrants by seed, its games those of its board of
// round 1 (renumbered to the group format's round 1).
func (f cup) group(ev *Event, g int) *Event {
	sub := &Event{Name: ev.Name, Format: f.groupFormat(), Seats: ev.Seats, Stage: ev.Stage, Round: 1, Names: ev.Names}
	groups := Groups(len(ev.Entrants), f.size)
	if g >= len(groups) {
		return sub
	}
	for _, i := range groups[g] {
		sub.Entrants = append(sub.Entrants, ev.Entrants[i])
	}
	for _, x := range ev.Games {
		if x.Round == 1 && x.Board == g+1 {
			sub.Games = append(sub.Games, x)
		}
	}
	return sub
}

// groupOf is the group (from 0) of player; -1 for none.
func (f cup) groupOf(ev *Event, player int64) int {
	for g, grp := range Groups(len(ev.Entrants), f.size) {
		for _, i := range grp {
			if ev.Entrants[i].Player == player {
				return g
			}
		}
	}
	return -1
}

func (f cup) Start(ev *Event) ([]Step, error) {
	if !f.fits(len(ev.Entrants)) {
		return nil, f.refuse(ev, len(ev.Entrants))
	}
	var steps []Step
	for g := range GroupSizes(len(ev.Entrants), f.size) {
		sub := f.group(ev, g)
		gs, err := sub.Format.Start(sub)
		if err != nil {
			return nil, err
		}
		for _, st := range gs {
			if s, ok := st.(StartGame); ok {
				s.Round, s.Board = 1, g+1
				steps = append(steps, s)
			}
		}
	}
	return steps, nil
}

// Advance is how a group ended for the knockout: its players in their
// places, those who go through, and why the last who went through is
// ahead of the first who did not.
type Advance struct {
	Group   int
	Places  []Standing
	Through []int64
	Why     string
}

// Advancing are the groups' places at the end of the group stage: the top
// advance of each, by the event's standings and their tie-breaks, who
// have not left.
// Once the knockout has begun, they are those its first round seated,
// though they left it since.
func (f cup) Advancing(ev *Event) []Advance {
	if ev.Round >= 2 {
		seated := map[int64]bool{}
		for _, g := range ev.Games {
			if g.Round == 2 {
				for _, p := range g.Players {
					seated[p] = true
				}
			}
		}
		for _, b := range ev.Byes {
			if b.Round == 2 {
				seated[b.Player] = true
			}
		}
		return f.advancing(ev, func(e *Entrant) bool { return seated[e.Player] })
	}
	return f.advancing(ev, func(e *Entrant) bool { return e.In() })
}

// advancing are the groups' places, of those who may go through (keep).
func (f cup) advancing(ev *Event, keep func(*Entrant) bool) []Advance {
	var out []Advance
	for g := range GroupSizes(len(ev.Entrants), f.size) {
		sub := f.group(ev, g)
		a := Advance{Group: g, Places: sub.Standings()}
		var last, next *Standing
		for i := range a.Places {
			l := &a.Places[i]
			e := sub.Entrant(l.Player)
			switch {
			case !l.Counted:
			case keep(e) && len(a.Through) < f.advance:
				a.Through = append(a.Through, l.Player)
				last = l
			case next == nil && (keep(e) || e.In()):
				// The first behind them: one who might have gone
				// through, not one who left.
				next = l
			}
		}
		if last != nil && next != nil {
			a.Why = fmt.Sprintf("%s is ahead of %s %s", ev.PlayerName(last.Player), ev.PlayerName(next.Player), decidedBy(*last, *next))
		}
		out = append(out, a)
	}
	return out
}

// decidedBy says which rule of the group's tie-break chain (the one every
// round robin ranks by: pairing.Ranked) put a ahead of b, as b's line
// names it: their points, a tie-break, or, when the whole chain leaves
// them level, their seeds.
func decidedBy(a, b Standing) string {
	switch b.By {
	case "":
		return fmt.Sprintf("on points (%s to %s)", Points(a.Score), Points(b.Score))
	case pairing.BySB:
		return fmt.Sprintf("on Sonneborn-Berger (%s to %s), level on points", tieBreak(a.SonnebornBerger), tieBreak(b.SonnebornBerger))
	case pairing.BySeed:
		return "as the higher seed, level on points and on every tie-break (they share the place)"
	}
	return fmt.Sprintf("on %s, level on points and the tie-breaks before it", b.By)
}

// seeding is the knockout's field, by its seed: the group winners first
// (group A's first), then the runners-up, and so on.
func (f cup) seeding(adv []Advance) []int64 {
	var out []int64
	for place := 0; place < f.advance; place++ {
		for _, a := range adv {
			if place < len(a.Through) {
				out = append(out, a.Through[place])
			}
		}
	}
	return out
}

// bracket is the knockout of ev as an event of its own, played by
// knockout's rules: its entrants those who went through, by their
// knockout seeds; its games and byes those of round 2 on, renumbered from
// round 1 with the boards of its bracket.
func (f cup) bracket(ev *Event) *Event {
	ko := &Event{Name: ev.Name, Format: knockout{}, Seats: ev.Seats, Stage: ev.Stage, Round: max(ev.Round-1, 0), Names: ev.Names}
	// Once the knockout has begun its field is those of its first round:
	// a player who leaves it later stays in its bracket, as in a
	// knockout's.
	field := f.seeding(f.Advancing(ev))
	if ev.Round >= 2 {
		in := map[int64]bool{}
		for _, g := range ev.Games {
			if g.Round == 2 {
				for _, p := range g.Players {
					in[p] = true
				}
			}
		}
		for _, b := range ev.Byes {
			if b.Round == 2 {
				in[b.Player] = true
			}
		}
		field = f.seeding(f.advancing(ev, func(e *Entrant) bool { return in[e.Player] }))
	}
	for i, p := range field {
		e := *ev.Entrant(p)
		e.Seed = i + 1
		ko.Entrants = append(ko.Entrants, e)
	}
	for _, g := range ev.Games {
		if g.Round >= 2 {
			g.Round, g.Board = g.Round-1, g.Board%boardOf
			ko.Games = append(ko.Games, g)
		}
	}
	for _, b := range ev.Byes {
		if b.Round >= 2 {
			b.Round, b.Board = b.Round-1, b.Board%boardOf
			ko.Byes = append(ko.Byes, b)
		}
	}
	return ko
}

// bracketSize is the players the bracket of knockout round r (from 1)
// holds, in a knockout of n.
func bracketSize(n, r int) int {
	p := 1 << bits.Len(uint(max(n, 2)-1)) // n rounded up to a power of two
	return max(p>>(r-1), 2)
}

// lift carries steps of the knockout ko (of n players) into the cup: its
// rounds after the group stage, its boards named by their round's bracket.
func lift(steps []Step, n int) []Step {
	var out []Step
	for _, st := range steps {
		switch s := st.(type) {
		case BeginRound:
			s.Round++
			st = s
		case StartGame:
			s.Board += boardOf * bracketSize(n, s.Round)
			s.Round++
			st = s
		case GiveBye:
			s.Board += boardOf * bracketSize(n, s.Round)
			s.Round++
			st = s
		}
		out = append(out, st)
	}
	return out
}

func (f cup) Next(ev *Event) []Step {
	if ev.Round <= 1 {
		if ev.Playing(1) > 0 {
			return nil
		}
		return f.groupsOver(ev)
	}
	if engine.OthersPlayOn(f.seats) {
		return f.tablesNext(ev)
	}
	ko := f.bracket(ev)
	return ev.lifted(lift(knockout{}.Next(ko), len(ko.Entrants)))
}

// lifted are steps of ev's knockout, taken into ev as a knockout takes
// its own: its round the last begun, its byes counted at once.
func (ev *Event) lifted(steps []Step) []Step {
	for _, st := range steps {
		switch s := st.(type) {
		case BeginRound:
			ev.Round = s.Round
		case GiveBye:
			ev.Byes = append(ev.Byes, s.Bye)
		}
	}
	return steps
}

// groupsOver ends the group stage: the mail of who goes through and why,
// and the knockout's first round (its end at once when one player or none
// goes through).
func (f cup) groupsOver(ev *Event) []Step {
	adv := f.Advancing(ev)
	field := f.seeding(adv)
	lines := []string{fmt.Sprintf("The group stage of %s is over.", ev.Name)}
	for _, a := range adv {
		var names []string
		for i, p := range a.Through {
			names = append(names, fmt.Sprintf("%s (%s)", ev.PlayerName(p), words.Ordinal(i+1)))
		}
		line := fmt.Sprintf("Group %s: ", GroupName(a.Group))
		if len(names) == 0 {
			line += "no one goes through."
		} else {
			line += words.And(names) + " " + map[bool]string{true: "goes", false: "go"}[len(names) == 1] + " through"
			if a.Why != "" {
				line += "; " + a.Why
			}
			line += "."
		}
		lines = append(lines, line)
	}
	tell := Tell{Subject: "the group stage is over", Lines: lines, Standings: true}
	switch len(field) {
	case 0:
		return []Step{tell, Finish{Note: "No one went through from the groups."}}
	case 1:
		return []Step{tell, Finish{Winner: field[0], Note: ev.PlayerName(field[0]) + " alone went through from the groups."}}
	}
	if engine.OthersPlayOn(f.seats) {
		steps := ev.lifted(f.seatTables(2, field))
		tell.Lines = append(tell.Lines, fmt.Sprintf("The knockout starts now, %s: a mail about each game follows.", tableLabel(steps[1].(StartGame).Board)))
		return append(steps, tell)
	}
	ko := f.bracket(ev)
	ko.Round = 1
	tell.Lines = append(tell.Lines, fmt.Sprintf("The knockout starts now, %s: a mail about each game follows.", stageName(bracketSize(len(field), 1))))
	// The mail follows the knockout's first round, so that its bracket
	// shows the games begun.
	return append(ev.lifted(lift(f.firstRound(ev, ko), len(field))), tell)
}

// firstRound is the knockout's first round: the bracket of its seeds (the
// group winners' byes first when the field is short of a power of two),
// mended so that no two of one group meet where a swap between matches
// of the round can part them, a swap of players of the same place first.
func (f cup) firstRound(ev *Event, ko *Event) []Step {
	pairs := pairing.Bracket(len(ko.Entrants))
	grp := func(seed int) int { return f.groupOf(ev, ko.Entrants[seed].Player) }
	clash := func(p pairing.Pair) bool { return p.Second != pairing.Bye && grp(p.First) == grp(p.Second) }
	groups := len(GroupSizes(len(ev.Entrants), f.size))
	place := func(seed int) int { return seed / groups }
	for i := range pairs {
		if !clash(pairs[i]) {
			continue
		}
		best := -1
		for j := range pairs {
			if j == i || pairs[j].Second == pairing.Bye {
				continue
			}
			a, b := pairs[i], pairs[j]
			a.Second, b.Second = b.Second, a.Second
			if clash(a) || clash(b) {
				continue
			}
			if best < 0 || place(pairs[j].Second) == place(pairs[i].Second) && place(pairs[best].Second) != place(pairs[i].Second) {
				best = j
			}
		}
		if best >= 0 {
			pairs[i].Second, pairs[best].Second = pairs[best].Second, pairs[i].Second
		}
	}
	steps := []Step{BeginRound{Round: 1}}
	games := 0
	for b, p := range pairs {
		first := ko.Entrants[p.First].Player
		if p.Second == pairing.Bye {
			steps = append(steps, ko.bye(Bye{Round: 1, Board: b + 1, Player: first}, "as a top seed of the knockout you go through to its next round"))
			continue
		}
		steps = append(steps, StartGame{Round: 1, Board: b + 1, Players: []int64{first, ko.Entrants[p.Second].Player}})
		games++
	}
	if games == 0 {
		steps = append(steps, knockout{}.Next(ko)...)
	}
	return steps
}

// Tell: a mail to every entrant of the event (and its director) about
// where it stands: Subject after the event's name, Lines its text, with
// the standings when Standings is set. A format whose stages end by
// themselves (a cup's group stage) says so with it.
type Tell struct {
	Subject   string
	Lines     []string
	Standings bool
}

func (Tell) step() {}

func (f cup) Where(ev *Event) string {
	if ev.Round <= 1 {
		return "the group stage"
	}
	if t := f.tablesOf(ev, ev.Round); engine.OthersPlayOn(f.seats) && len(t) > 0 {
		return "the knockout, " + tableLabel(t[0].Board)
	}
	ko := f.bracket(ev)
	return "the knockout, " + stageName(bracketSize(len(ko.Entrants), ko.Round))
}

func (f cup) Started(ev *Event, games []string) []string {
	return []string{fmt.Sprintf("Every game of the group stage starts at once: %s (%s).", words.Count(len(games), "game", "games"), strings.Join(games, ", ")),
		"Each player has a mail for each of their games; \"standings " + ev.Name + "\" shows the groups."}
}

// Table: a cup is ranked by its bracket; its groups by the round robin's
// table (group).
func (cup) Table() Table { return Table{System: pairing.RoundRobinSystem} }

func (f cup) plan(ev *Event) string {
	sizes := GroupSizes(len(ev.Entrants), f.size)
	var gs []string
	for g := range sizes {
		var names []string
		for _, e := range f.group(ev, g).Entrants {
			names = append(names, ev.PlayerName(e.Player))
		}
		gs = append(gs, fmt.Sprintf("group %s: %s", GroupName(g), strings.Join(names, ", ")))
	}
	sub := f.group(ev, 0)
	how := fmt.Sprintf("each group a %s", sub.Format.Words(sub))
	meet := ""
	if f.advance > 1 {
		meet = ", group winners meeting runners-up of other groups first"
	}
	ko := "; a drawn game of the knockout is replayed with the seats swapped, and a second draw sends the higher seed through."
	if engine.OthersPlayOn(f.seats) {
		meet = ""
		ko = fmt.Sprintf(", at tables of %d: the first of each table goes through (sharing it, the higher seed), stage after stage, until the final table decides.", f.seats)
	}
	s := fmt.Sprintf("%s is a cup of %s in %s (%s), %s, every game at once. When the last has ended, %s through to a knockout%s%s",
		ev.Name, words.Count(len(ev.Entrants), "player", "players"), words.Count(len(sizes), "group", "groups"), strings.Join(gs, "; "), how, strings.ToLower(f.through()[:1])+f.through()[1:], meet, ko)
	if ev.Seats > 2 {
		return s + " In a group, places count between every two players of a table: ahead 1 point, the same place ½; ties are broken by Sonneborn-Berger, then seed."
	}
	return s + " In a group a win scores 1 point, a draw ½; ties are broken by Sonneborn-Berger (the points of the players beaten, half those drawn), then seed."
}

// through says who go through from each group.
func (f cup) through() string {
	if f.advance == 1 {
		return "The winner of each group goes"
	}
	return fmt.Sprintf("The top %d of each group go", f.advance)
}

// afterGame says what follows a game: in a group, when the stage ends; in
// the knockout, who goes through or the replay.
func (f cup) afterGame(ev *Event, g Game) string {
	if g.Round <= 1 {
		if left := ev.Playing(1); left > 0 {
			return fmt.Sprintf("The group stage of %s ends when its last game has ended: %s still in play.", ev.Name, words.Count(left, "game is", "games are"))
		}
		return fmt.Sprintf("That was the last game of the group stage of %s: a mail says who goes through to the knockout.", ev.Name)
	}
	if engine.OthersPlayOn(f.seats) {
		if w := tableWinner(g, f.tableStage(ev, g.Round)); w != 0 && len(f.tablesOf(ev, g.Round)) == 1 {
			return fmt.Sprintf("%s wins %s, first at the final table.", ev.PlayerName(w), ev.Name)
		} else if w != 0 {
			return fmt.Sprintf("%s goes through; the next stage starts when every table of this one has ended.", ev.PlayerName(w))
		}
		return ""
	}
	ko := f.bracket(ev)
	r, board := g.Round-1, g.Board%boardOf
	matches := ko.Matches(r)
	for _, m := range matches {
		if m.Board != board {
			continue
		}
		switch {
		case m.Winner != 0 && len(matches) == 1:
			return fmt.Sprintf("%s wins %s (%s).", ev.PlayerName(m.Winner), ev.Name, m.How)
		case m.Winner != 0:
			return fmt.Sprintf("%s goes through (%s); the %s starts when every match of the %s is decided.", ev.PlayerName(m.Winner), m.How, stageName(bracketSize(len(ko.Entrants), r+1)), stageName(bracketSize(len(ko.Entrants), r)))
		case len(m.Games) == 1:
			return "The match is replayed with the seats swapped: a mail about the new game follows."
		}
	}
	return ""
}

// report is the cup's standings: each group's table, then the knockout's
// bracket once it has begun.
func (f cup) report(ev *Event) (string, []string) {
	var b strings.Builder
	for g := range GroupSizes(len(ev.Entrants), f.size) {
		sub := f.group(ev, g)
		fmt.Fprintf(&b, "group %s\n%s\n\n", GroupName(g), sub.standingsText(sub.Format.Table()))
	}
	notes := []string{tieBreakLine(roundRobin{}.Table()), f.through() + " through to the knockout; a drawn game of the knockout is replayed with the seats swapped, and a second draw sends the higher seed through."}
	if engine.OthersPlayOn(f.seats) {
		notes[1] = f.through() + fmt.Sprintf(" through to the knockout, at tables of %d: the first of each table goes through (sharing it, the higher seed), until the final table.", f.seats)
		f.tablesReport(ev, &b)
		return strings.TrimRight(b.String(), "\n"), notes
	}
	ko := f.bracket(ev)
	if ev.Round < 2 || len(ko.Games)+len(ko.Byes) == 0 {
		return strings.TrimRight(b.String(), "\n"), notes
	}
	b.WriteString("knockout\n")
	for r := 1; r <= ko.Round; r++ {
		fmt.Fprintf(&b, "%s\n", stageName(bracketSize(len(ko.Entrants), r)))
		ko.matchesText(&b, r) // the bracket's players are the cup's (ko.Names)
	}
	return strings.TrimRight(b.String(), "\n"), notes
}

// Groups are the cup's groups, each an event of its own (its standings,
// its crosstable): Staged.
func (f cup) Groups(ev *Event) []*Event {
	var out []*Event
	for g := range GroupSizes(len(ev.Entrants), f.size) {
		out = append(out, f.group(ev, g))
	}
	return out
}

// Knockout is the cup's knockout as an event of its own, once it has
// begun: Staged.
func (f cup) Knockout(ev *Event) *Event {
	if ev.Round < 2 {
		return nil
	}
	if engine.OthersPlayOn(f.seats) {
		// Its tables, each stage a round from 1, shown as a round robin
		// of tables shows its games.
		ko := &Event{Name: ev.Name, Format: tables{seats: f.seats}, Seats: ev.Seats, Stage: ev.Stage, Round: ev.Round - 1, Names: ev.Names, Entrants: ev.Entrants}
		for _, g := range ev.Games {
			if g.Round >= 2 {
				g.Round--
				ko.Games = append(ko.Games, g)
			}
		}
		return ko
	}
	return f.bracket(ev)
}

// GroupEvents are the groups of a format played in stages (Staged), each
// as an event of its own; nil for a format of none.
func GroupEvents(ev *Event) []*Event {
	if s, ok := ev.Format.(Staged); ok {
		return s.Groups(ev)
	}
	return nil
}

var (
	_ Staged  = cup{}
	_ Placer  = cup{}
	_ Checker = cup{}
)

// The knockout of a cup of a game of more than two (Superial Chess for
// three or four): its groups are round robins of tables (tables.go); those
// who go through (the top advance of each group) then play on at tables of
// the game's size, the winner of each table going through, stage after
// stage, until one table, the final table, decides the cup. So that every
// table is full at every stage, the players who go through from the groups
// must be the game's size to a power (3, 9, 27 for a game of three),
// which the cup's fields and settings are checked for (fits). A stage's
// field is dealt to its tables by snake seeding (as the groups are): the
// group winners first, then the runners-up. A table's winner is its first
// place; two sharing it, the higher seed of the stage.
//
// A table's place in the cup, as its games' places say it alone (Placer):
// round 2 on, board tableBoard times the game's size, plus boardOf times
// the players of the stage, plus the table (from 1), so that "final
// table" and "round of 3 tables" follow from the board.
const tableBoard = 10000

// tableStage is the field of stage r (round r, from 2), by its seeds: the
// groups' advancers for round 2, by group place; the winners of round
// r-1's tables, by their tables, after.
func (f cup) tableStage(ev *Event, r int) []int64 {
	if r <= 2 {
		return f.seeding(f.Advancing(ev)) // once begun, those its tables seated
	}
	var out []int64
	prev := f.tableStage(ev, r-1)
	for _, g := range f.tablesOf(ev, r-1) {
		if w := tableWinner(g, prev); w != 0 {
			out = append(out, w)
		}
	}
	return out
}

// tablesOf are the games of round r, by board.
func (f cup) tablesOf(ev *Event, r int) []Game {
	var out []Game
	for _, g := range ev.Games {
		if g.Round == r {
			out = append(out, g)
		}
	}
	return out
}

// tableWinner is the first place of table g, the earliest of field among
// those sharing it; 0 while it goes on.
func tableWinner(g Game, field []int64) int64 {
	r := g.Result()
	if !r.Over() {
		return 0
	}
	var best int64
	bestAt := len(field) + 1
	for seat, p := range g.Players {
		first := r.Kind == engine.Win && int(r.Winner) == seat
		if r.Places != nil {
			first = r.Place(engine.Player(seat)) == 1
		}
		if !first {
			continue
		}
		at := len(field)
		for i, q := range field {
			if q == p {
				at = i
			}
		}
		if best == 0 || at < bestAt {
			best, bestAt = p, at
		}
	}
	return best
}

// seatTables are the steps of stage r of field: its round begun, its
// tables started.
func (f cup) seatTables(r int, field []int64) []Step {
	steps := []Step{BeginRound{Round: r}}
	for t, seats := range Groups(len(field), f.seats) {
		players := make([]int64, len(seats))
		for s, i := range seats {
			players[s] = field[i]
		}
		steps = append(steps, StartGame{Round: r, Board: tableBoard*f.seats + boardOf*len(field) + t + 1, Players: players})
	}
	return steps
}

// tablesNext goes on after a game of the tables' knockout: when the
// stage's last table has ended, the next stage, or the winner of the final
// table.
func (f cup) tablesNext(ev *Event) []Step {
	if ev.Playing(ev.Round) > 0 {
		return nil
	}
	next := f.tableStage(ev, ev.Round+1)
	switch len(next) {
	case 0:
		return []Step{Finish{Note: "No one won the final table."}}
	case 1:
		return []Step{Finish{Winner: next[0]}}
	}
	return ev.lifted(f.seatTables(ev.Round+1, next))
}

// tableLabel names a table's stage from its board: "final table", "round
// of 3 tables".
func tableLabel(board int) string {
	seats, players := board/tableBoard, board%tableBoard/boardOf
	if seats == 0 || players <= seats {
		return "final table"
	}
	return fmt.Sprintf("round of %d tables", players/seats)
}

// powerOf says whether n is seats to a power of at least 1.
func powerOf(n, seats int) bool {
	if n < seats || seats < 2 {
		return false
	}
	for n%seats == 0 {
		n /= seats
	}
	return n == 1
}

// tablesReport is the tables' knockout in the standings: each stage's
// tables, their places and who went through.
func (f cup) tablesReport(ev *Event, b *strings.Builder) {
	if ev.Round < 2 {
		return
	}
	b.WriteString("knockout\n")
	for r := 2; r <= ev.Round; r++ {
		tables := f.tablesOf(ev, r)
		if len(tables) == 0 {
			continue
		}
		field := f.tableStage(ev, r)
		fmt.Fprintf(b, "%s\n", tableLabel(tables[0].Board))
		for _, g := range tables {
			var names []string
			for _, p := range g.Players {
				names = append(names, ev.PlayerName(p))
			}
			fmt.Fprintf(b, "  %s: #%d %s", strings.Join(names, " - "), g.ID, ev.Outcome(g))
			if w := tableWinner(g, field); w != 0 {
				fmt.Fprintf(b, "; %s goes through", ev.PlayerName(w))
			}
			b.WriteString("\n")
		}
	}
}
