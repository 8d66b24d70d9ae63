package ratings

import (
	"fmt"
	"slices"
	"strings"

	"postal/archive"
	"postal/club/published"
	"postal/club/rating"
	"postal/club/reply"
	"postal/club/work"
	"postal/docs/words"
	"postal/engine"
	"postal/notation"
)

// ratingTop is how many players the answer to "ratings" lists.
const ratingTop = 20

// List answers "ratings [GAME]": each list of the game (every list when
// none is named), its best players and the actor's place. Anyone may ask:
// without an actor the answer has no place of theirs.
func List(u *work.Unit, c notation.Command) (reply.Section, error) {
	game := c.Arg
	var lists []string
	if game != "" {
		if lists = listsNamed(game); lists == nil {
			return reply.Section{}, reply.Refuse(fmt.Sprintf("postal does not play %q", game), "Write \"games\" for the games postal plays, \"ratings\" for every list.")
		}
	}
	all, err := u.Tx.Standings("")
	if err != nil {
		return reply.Section{}, err
	}
	byList := map[string][]archive.Standing{}
	for _, s := range all {
		if game == "" && !slices.Contains(lists, s.List) {
			lists = append(lists, s.List)
		}
		byList[s.List] = append(byList[s.List], s)
	}
	slices.Sort(lists)
	names, err := u.Tx.PlayerNames()
	if err != nil {
		return reply.Section{}, err
	}
	var b strings.Builder
	for i, list := range lists {
		if i > 0 {
			b.WriteString("\n")
		}
		writeList(&b, list, byList[list], names, u.Actor)
	}
	if len(lists) == 0 {
		b.WriteString("No rated game has ended yet.\n")
	}
	title := "ratings"
	if game != "" {
		title = "ratings of " + game
	}
	return reply.Section{Title: title, Pre: strings.TrimRight(b.String(), "\n"),
		Lines: []string{"Glicko-2, one list a game; a rating with \"?\" is provisional (RD above 110). \"help ratings\" says more."}}, nil
}

// writeList writes the ranking of list: the best ratingTop players, then
// the place of actor (nil: none) when they are not among them.
func writeList(b *strings.Builder, list string, ss []archive.Standing, names map[int64]string, actor *archive.Player) {
	fmt.Fprintf(b, "%s: %s\n", list, words.Plural(len(ss), "player"))
	if len(ss) == 0 {
		return
	}
	// The name column is as wide as the longest name shown (at most 20),
	// so that the table fits a phone's width; the rating's digits line up
	// whether or not a "?" follows them.
	name := func(s archive.Standing) string {
		return reply.Clip(published.RatedName(names[s.PlayerID], s.Level), 20)
	}
	w := len("player")
	for i, s := range ss {
		if i < ratingTop || actor != nil && s.PlayerID == actor.ID && s.Level == 0 {
			w = max(w, len(name(s)))
		}
	}
	fmt.Fprintf(b, "%4s  %-*s %-6s %4s %6s  %s\n", "#", w, "player", "rating", "RD", "games", "last game")
	row := func(rank int, s archive.Standing) {
		mark := " "
		if (rating.Rating{Rating: s.Rating, RD: s.RD}).IsProvisional() {
			mark = "?"
		}
		fmt.Fprintf(b, "%4d  %-*s %5.0f%s %4.0f %6d  %s\n", rank, w, name(s), s.Rating, mark, s.RD, s.Games, s.Last.UTC().Format("2006-01-02"))
	}
	mine := -1
	for i, s := range ss {
		if actor != nil && s.PlayerID == actor.ID && s.Level == 0 {
			mine = i
		}
		if i < ratingTop {
			row(i+1, s)
		}
	}
	switch {
	case actor == nil:
	case mine >= ratingTop:
		fmt.Fprintf(b, "%4s\n", "...")
		row(mine+1, ss[mine])
	case mine < 0:
		fmt.Fprintf(b, "You have no rating in %s yet.\n", list)
	}
}

// listsNamed are the rating lists of the game name, or the list name
// itself when a ruleset's list is called so (the mails name
// "superial-chess-vs-chess"); nil for neither.
func listsNamed(name string) []string {
	var lists []string
	if g, err := engine.Lookup(name); err == nil {
		info := g.Info()
		for _, r := range info.Rulesets {
			if l := rating.ListOf(info.Name, r.Name); !slices.Contains(lists, l) {
				lists = append(lists, l)
			}
		}
		return lists
	}
	for _, g := range engine.Games() {
		for _, r := range g.Info().Rulesets {
			if rating.ListOf(g.Info().Name, r.Name) == name {
				return []string{name}
			}
		}
	}
	return nil
}
