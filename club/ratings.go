package club

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"postal/archive"
	"postal/club/game"
	"postal/club/published"
	"postal/club/rating"
	"postal/club/reply"
	"postal/docs/words"
	"postal/engine"
	"postal/engine/search"
	"postal/notation"
)

// Ratings (issue 25). Every game that ends passes through handling.finish,
// which calls rate in the transaction that ends the game: the game is one
// Glicko-2 period of its players (club/rating). Rating follows play (issue
// 35): a game is rated when each player made a move of their own (a seat's
// resignation or timeout is its move of the record in a game of more, and
// does not count) and its result came from the board, the clock, a
// resignation (a forfeit is one) or an adjudication of the position played.
// It is not rated when its challenge said "unrated", when the club marked
// it unrated (archive.Tx.SetUnrated before it ends: a game cancelled), when
// it ended before the archive had ratings (until "postal ratings
// --recompute --all"), or when the results of one of its players in its
// tournament are annulled; an annulment after the game was rated takes its
// rating back (takeBackRatings). The club's bot is rated by level, each
// level a player of its own named "bot-2" (the bot's name and the level): a
// level is a fixed strength, which gives the lists fixed points.
// RecomputeRatings computes the same from the archive alone.

// leavingWords are the moves of the record that are a seat leaving a game
// of more (engine.Leave), not a move it made.
var leavingWords = []string{engine.Resign.String(), engine.Timeout.String()}

// entrant is who a seat is in a rating list: a person (level 0), or the
// club's bot at a level.
type entrant struct {
	player int64
	level  int
}

// ratedGame says whether the finished game e is rated, and how: its list,
// who each seat is, and their places. The bot's seats (isBot) are rated at
// botLevel. It is the one judge of the club's updates, the recompute and
// the rating again of whole lists.
func ratedGame(e archive.Ended, isBot func(int64) bool, botLevel int) (list string, who []entrant, places []int, ok bool) {
	if e.Unrated || e.Annulled {
		return "", nil, nil, false
	}
	for seat := range e.Players {
		if !slices.Contains(e.Moved, seat) {
			return "", nil, nil, false // ended before each player moved
		}
	}
	r, err := engine.ParseScore(e.Result, len(e.Players))
	if err != nil || !r.Over() {
		return "", nil, nil, false
	}
	places = make([]int, len(e.Players))
	who = make([]entrant, len(e.Players))
	for seat, id := range e.Players {
		if places[seat] = r.Place(engine.Player(seat)); places[seat] == 0 {
			return "", nil, nil, false
		}
		who[seat] = entrant{player: id}
		if isBot(id) {
			who[seat].level = botLevel
		}
		if slices.Contains(who[:seat], who[seat]) {
			return "", nil, nil, false // one player in two seats measures nothing
		}
	}
	return listOf(e), who, places, true
}

// listOf is the rating list of the game e, rated or not.
func listOf(e archive.Ended) string {
	ruleset := ""
	if f := strings.Fields(e.Config); len(f) > 0 && !strings.Contains(f[0], "=") {
		ruleset = f[0]
	}
	return rating.ListOf(e.Game, ruleset)
}

// defaultBotLevel is the level of a bot's game without a bot_games row:
// the bot's default level.
func (s *Service) defaultBotLevel() int {
	if s.opt.Bot != nil {
		return s.opt.Bot.level()
	}
	return search.DefaultLevel
}

// rate rates the game of gs, which has just ended, if it is rated.
func (w *job) rate(gs *game.Game) error { return w.s.RateEnded(w.Tx, gs.Row) }

// RateEnded rates the finished game row, if it is rated: its players'
// standings and a history row per seat, in tx, the transaction that ended
// it. The game is rated as of its end (row.Finished). The club calls it as
// each game ends; a generated archive (archivegen.Options.Rate) calls it
// for its games in the order they ended. Games must be rated in that
// order: a game rated after a later one gives other numbers than the
// recompute.
func (s *Service) RateEnded(tx *archive.Tx, row *archive.Game) error {
	e, err := tx.EndedGame(row.ID, leavingWords)
	if err != nil {
		return err
	}
	level := e.BotLevel
	if level == 0 {
		level = s.defaultBotLevel()
	}
	bots := map[int64]bool{}
	for _, id := range e.Players {
		isBot, err := tx.IsRatingBot(id)
		if err != nil {
			return err
		}
		if !isBot && s.opt.Bot != nil {
			p, err := tx.PlayerByID(id)
			if err != nil {
				return err
			}
			isBot = s.isBot(p)
		}
		bots[id] = isBot
	}
	list, who, places, ok := ratedGame(e, func(id int64) bool { return bots[id] }, level)
	if !ok {
		return nil
	}
	for id, isBot := range bots {
		if !isBot {
			continue
		}
		// The archive alone must tell a recompute who the bot is and at
		// which level it played.
		if err := tx.MarkRatingBot(id); err != nil {
			return err
		}
		if err := tx.SetBotLevel(e.ID, level); err != nil {
			return err
		}
	}
	before := make([]rating.Player, len(who))
	for i, w := range who {
		st, found, err := tx.StandingOf(list, w.player, w.level)
		if err != nil {
			return err
		}
		before[i] = rating.Newcomer()
		if found {
			before[i] = rating.Player{Rating: rating.Rating{Rating: st.Rating, RD: st.RD, Vol: st.Vol}, Games: st.Games, Last: st.Last}
		}
	}
	after, seats, err := playRated(e, list, who, places, before)
	if err != nil {
		return err
	}
	for i, w := range who {
		a := after[i]
		if err := tx.SetStanding(archive.Standing{List: list, PlayerID: w.player, Level: w.level, Rating: a.Rating.Rating, RD: a.RD, Vol: a.Vol, Games: a.Games, Last: a.Last}); err != nil {
			return err
		}
		if err := tx.AddRatedSeat(seats[i]); err != nil {
			return err
		}
	}
	return nil
}

// playRated plays the rated game e (as ratedGame judged it) from the
// ratings before of its seats: their ratings after, and the history row of
// each seat.
func playRated(e archive.Ended, list string, who []entrant, places []int, before []rating.Player) ([]rating.Player, []archive.RatedSeat, error) {
	after, err := rating.Play(before, places, e.Finished)
	if err != nil {
		return nil, nil, fmt.Errorf("club: rating game %d: %w", e.ID, err)
	}
	seats := make([]archive.RatedSeat, len(who))
	for i, w := range who {
		from := before[i].At(e.Finished)
		seats[i] = archive.RatedSeat{GameID: e.ID, Seat: i, List: list, PlayerID: w.player, Level: w.level,
			RatingBefore: from.Rating, RDBefore: from.RD, Rating: after[i].Rating.Rating, RD: after[i].RD, Vol: after[i].Vol, At: e.Finished}
	}
	return after, seats, nil
}

// ratingLine is the one line of a game-over mail that says what the game
// did to its players' ratings: "Ratings (conflagration): alice 1662? (+162),
// bob 1338? (-162)."; "" for a game not rated.
func (w *job) ratingLine(gameID int64) (string, error) {
	seats, err := w.Tx.RatedSeatsOf(gameID)
	if err != nil || len(seats) == 0 {
		return "", err
	}
	var parts []string
	for _, s := range seats {
		p, err := w.Tx.PlayerByID(s.PlayerID)
		if err != nil {
			return "", err
		}
		r := rating.Rating{Rating: s.Rating, RD: s.RD}
		parts = append(parts, fmt.Sprintf("%s %s (%+.0f)", published.RatedName(p.Name, s.Level), r, s.Rating-s.RatingBefore))
	}
	return fmt.Sprintf("Ratings (%s): %s.", seats[0].List, strings.Join(parts, ", ")), nil
}

// markUnrated records that the challenge id of c, which said "unrated",
// and the game it becomes are not rated.
func (h *handling) markUnrated(c notation.Command, id int64) error {
	if !c.Unrated {
		return nil
	}
	return h.Tx.SetUnrated(id)
}

// ratingTop is how many players the answer to "ratings" lists.
const ratingTop = 20

// ratings answers "ratings [GAME]": each list of the game (every list
// when none is named), its best players and the sender's place.
func (h *handling) ratings(game string) (reply.Section, error) {
	var lists []string
	if game != "" {
		g, err := engine.Lookup(game)
		if err != nil {
			return reply.Section{}, reply.Refuse(fmt.Sprintf("postal does not play %q", game), "Write \"games\" for the games postal plays, \"ratings\" for every list.")
		}
		info := g.Info()
		for _, r := range info.Rulesets {
			if l := rating.ListOf(info.Name, r.Name); !slices.Contains(lists, l) {
				lists = append(lists, l)
			}
		}
	}
	all, err := h.Tx.Standings("")
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
	names, err := h.Tx.PlayerNames()
	if err != nil {
		return reply.Section{}, err
	}
	var b strings.Builder
	for i, list := range lists {
		if i > 0 {
			b.WriteString("\n")
		}
		h.writeList(&b, list, byList[list], names)
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
// the sender's place when they are not among them.
func (h *handling) writeList(b *strings.Builder, list string, ss []archive.Standing, names map[int64]string) {
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
		if i < ratingTop || h.Actor != nil && s.PlayerID == h.Actor.ID && s.Level == 0 {
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
		if h.Actor != nil && s.PlayerID == h.Actor.ID && s.Level == 0 {
			mine = i
		}
		if i < ratingTop {
			row(i+1, s)
		}
	}
	switch {
	case h.Actor == nil:
	case mine >= ratingTop:
		fmt.Fprintf(b, "%4s\n", "...")
		row(mine+1, ss[mine])
	case mine < 0:
		fmt.Fprintf(b, "You have no rating in %s yet.\n", list)
	}
}

// RatingCheck is what RecomputeRatings found: the rated games, the
// standings the recompute gives, and each difference from the stored
// ones.
type RatingCheck struct {
	Games     int // finished games read
	Rated     int // of them rated
	Standings []archive.Standing
	// BeforeRatings counts the finished games not rated because they
	// ended before the archive had ratings ("postal ratings --recompute
	// --all" rates them).
	BeforeRatings int
	// Mismatches describe each standing that differs from the stored one,
	// each stored standing the recompute has not, and each game whose
	// history rows differ.
	Mismatches []string
}

// RecomputeRatings recomputes every rating list from the finished games of
// db in the order they ended, in memory, and compares the result with the
// standings and history the club stored game by game: they must be the
// same numbers.
func RecomputeRatings(ctx context.Context, db *archive.DB) (RatingCheck, error) {
	var chk RatingCheck
	err := db.ReadTx(ctx, func(tx *archive.Tx) error {
		var err error
		chk, err = checkRatings(tx)
		return err
	})
	return chk, err
}

// checkRatings is RecomputeRatings in tx.
func checkRatings(tx *archive.Tx) (RatingCheck, error) {
	var chk RatingCheck
	games, bots, err := tx.EndedGames(leavingWords)
	if err != nil {
		return chk, err
	}
	stored, err := tx.Standings("")
	if err != nil {
		return chk, err
	}
	history, err := tx.RatingHistory(nil)
	if err != nil {
		return chk, err
	}
	if chk.BeforeRatings, err = tx.BeforeRatings(); err != nil {
		return chk, err
	}
	r, err := replay(games, bots)
	if err != nil {
		return chk, err
	}
	chk.Games, chk.Rated, chk.Standings = len(games), r.rated, r.standings
	hist := byGame(history)
	for _, g := range games {
		club, again := hist[g.ID], r.history[g.ID]
		switch {
		case len(club) > 0 && len(again) == 0:
			chk.Mismatches = append(chk.Mismatches, fmt.Sprintf("game %d: rated by the club, not by the recompute", g.ID))
		case len(club) == 0 && len(again) > 0:
			chk.Mismatches = append(chk.Mismatches, fmt.Sprintf("game %d: rated by the recompute, not by the club", g.ID))
		case len(club) != len(again):
			chk.Mismatches = append(chk.Mismatches, fmt.Sprintf("game %d: the club rated %d seats, the recompute %d", g.ID, len(club), len(again)))
		default:
			for i, h := range club {
				if a := again[i]; !sameSeat(h, a) {
					chk.Mismatches = append(chk.Mismatches, fmt.Sprintf("game %d seat %d: the club gave %s %.6f/%.6f/%.8f from %.6f/%.6f, the recompute %s %.6f/%.6f/%.8f from %.6f/%.6f",
						g.ID, h.Seat, h.List, h.Rating, h.RD, h.Vol, h.RatingBefore, h.RDBefore, a.List, a.Rating, a.RD, a.Vol, a.RatingBefore, a.RDBefore))
				}
			}
		}
	}
	type key struct {
		list string
		entrant
	}
	want := map[key]archive.Standing{}
	for _, s := range chk.Standings {
		want[key{s.List, entrant{s.PlayerID, s.Level}}] = s
	}
	for _, s := range stored {
		k := key{s.List, entrant{s.PlayerID, s.Level}}
		w, ok := want[k]
		delete(want, k)
		switch {
		case !ok:
			chk.Mismatches = append(chk.Mismatches, fmt.Sprintf("%s: player %d level %d is stored, the recompute has no rating for them", s.List, s.PlayerID, s.Level))
		case w.Rating != s.Rating || w.RD != s.RD || w.Vol != s.Vol || w.Games != s.Games || !w.Last.Equal(s.Last):
			chk.Mismatches = append(chk.Mismatches, fmt.Sprintf("%s: player %d level %d: stored %.6f/%.6f/%.8f in %d games, recomputed %.6f/%.6f/%.8f in %d games",
				s.List, s.PlayerID, s.Level, s.Rating, s.RD, s.Vol, s.Games, w.Rating, w.RD, w.Vol, w.Games))
		}
	}
	for _, s := range chk.Standings {
		if _, missing := want[key{s.List, entrant{s.PlayerID, s.Level}}]; missing {
			chk.Mismatches = append(chk.Mismatches, fmt.Sprintf("%s: player %d level %d: recomputed %.6f, nothing stored", s.List, s.PlayerID, s.Level, s.Rating))
		}
	}
	return chk, nil
}

// compareStandings orders standings as the lists show them: by list, best
// rating first.
func compareStandings(a, b archive.Standing) int {
	if c := strings.Compare(a.List, b.List); c != 0 {
		return c
	}
	switch {
	case a.Rating > b.Rating:
		return -1
	case a.Rating < b.Rating:
		return 1
	}
	if a.PlayerID != b.PlayerID {
		return int(a.PlayerID - b.PlayerID)
	}
	return a.Level - b.Level
}
