package tournaments

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"postal/archive"
	"postal/club/event"
	"postal/club/game"
	"postal/club/games"
	"postal/club/published"
	"postal/club/rating"
	"postal/club/reply"
	"postal/club/work"
	"postal/docs/words"
	"postal/engine"
)

// A league's seasons. Its rules (event.Seasonal) decide the divisions, the
// games and the end of a season; the club stores them, starts the games,
// keeps the break between seasons and a season's deadline (leagues.due,
// which the clock reads: clock.go) and tells each player, once a season,
// their division, opponents and games.

// beginSeason records season st.Season of league tr: its divisions, the
// players who leave as it begins, the season in play and its deadline.
func beginSeason(u *work.Unit, tr *tournament, st event.BeginSeason) error {
	t := tr.t
	var places []archive.LeaguePlace
	for d, div := range st.Divisions {
		for i, p := range div {
			places = append(places, archive.LeaguePlace{Season: st.Season, PlayerID: p, Division: d + 1, Seed: i + 1})
		}
	}
	if err := u.Tx.AddLeaguePlaces(t.ID, places); err != nil {
		return err
	}
	for _, p := range st.Left {
		if err := leaveLeagueNow(u, tr, p, fmt.Sprintf("left after season %d", st.Season-1)); err != nil {
			return err
		}
		if err := u.Tx.SetLeaving(t.ID, p, false, u.Now); err != nil {
			return err
		}
	}
	lg, err := u.Tx.LeagueOf(t.ID)
	if err != nil {
		return err
	}
	lg.Between, lg.SeasonBegan, lg.SeasonEnded, lg.Due = false, u.Now, time.Time{}, time.Time{}
	if st.Days > 0 {
		lg.Due = u.Now.Add(days(st.Days)) // the season's deadline
	}
	if err := u.Tx.UpdateLeague(lg, u.Now); err != nil {
		return err
	}
	t.Round, t.Updated = st.Season, u.Now
	if err := u.Tx.UpdateTournament(t); err != nil {
		return err
	}
	return u.Tx.AddAct(t.ID, archive.Act{At: u.Now, Act: "season", Detail: fmt.Sprintf("season %d began: %s, %s", st.Season,
		words.Count(len(st.Divisions), "division", "divisions"), words.Count(len(places), "player", "players"))})
}

// endSeason records the end of season st.Season of league tr: each
// player's final place and points, and the break until the next season,
// which begins at once when the league has none.
func endSeason(u *work.Unit, tr *tournament, st event.EndSeason) error {
	t := tr.t
	var winners []string
	for d, lines := range st.Standings {
		for i, l := range lines {
			if err := u.Tx.SetLeagueRank(t.ID, st.Season, l.Player, i+1, l.Score); err != nil {
				return err
			}
		}
		if len(lines) > 0 {
			winners = append(winners, fmt.Sprintf("%s won division %d", tr.name(lines[0].Player), d+1))
		}
	}
	lg, err := u.Tx.LeagueOf(t.ID)
	if err != nil {
		return err
	}
	lg.Between, lg.SeasonEnded, lg.Due = true, u.Now, u.Now.Add(days(st.Break))
	if err := u.Tx.UpdateLeague(lg, u.Now); err != nil {
		return err
	}
	if err := u.Tx.AddAct(t.ID, archive.Act{At: u.Now, Act: "season-over", Detail: fmt.Sprintf("season %d is over: %s", st.Season, strings.Join(winners, "; "))}); err != nil {
		return err
	}
	if st.Break == 0 {
		return nextSeason(u, tr)
	}
	return nil
}

// nextSeason begins the season after the one league tr has just played:
// the players waiting to enter are placed by their ratings now.
func nextSeason(u *work.Unit, tr *tournament) error {
	l, ok := tr.ev.Format.(event.Seasonal)
	if !ok || !l.InPlay().Between {
		return nil
	}
	cfg, _ := published.ParseConfig(tr.t.Config, 0)
	list := rating.ListOf(tr.t.Game, cfg.Ruleset)
	for i := range tr.ev.Entrants {
		e := &tr.ev.Entrants[i]
		if e.In() && l.InPlay().DivisionOf(e.Player) == 0 {
			var err error
			if e.Rating, err = entrantRating(u, e.Player, list); err != nil {
				return err
			}
		}
	}
	_, err := carry(u, tr, l.NewSeason(tr.ev))
	if err != nil || tr.t.Status != archive.TournamentOver {
		return err
	}
	return u.Tx.SetLeagueDue(tr.t.ID, time.Time{}) // too few were left: it is over
}

// announceSeason tells every player of season of league tr, in one mail,
// their division, their opponents and their games (each with its board
// when they move first), and how they came there from the season before.
// The games' own first mails are not sent: this one replaces them, and
// the next mail about a game opens its conversation.
func announceSeason(u *work.Unit, tr *tournament, st event.AnnounceSeason) error {
	t, season, divisions := tr.t, st.Season, st.Divisions
	before := map[int64]archive.LeaguePlace{}
	sizes := map[int]int{}
	if season > 1 {
		places, err := u.Tx.LeaguePlaces(t.ID, season-1)
		if err != nil {
			return err
		}
		for _, p := range places {
			before[p.PlayerID] = p
			sizes[p.Division]++
		}
	}
	seasonGames := map[int64]*game.Game{}
	for _, g := range tr.ev.Games {
		if g.Round != season {
			continue
		}
		gs, ok := tr.started[g.ID] // carry has just started it
		if !ok {
			var err error
			if gs, err = games.Load(u, g.ID); err != nil {
				return err
			}
		}
		seasonGames[g.ID] = gs
	}
	u.Notices = slices.DeleteFunc(u.Notices, func(n work.Notice) bool { return seasonGames[n.Game] != nil })
	// The end mails of the last season's games go before the new season's:
	// a stranger's trial read season 2's mail, then game ends of season 1.
	if err := games.FlushNotices(u); err != nil {
		return err
	}
	for d, div := range divisions {
		roster := divisionRoster(u, tr, div)
		for _, id := range div {
			p, err := u.Tx.PlayerByID(id)
			if err != nil {
				return err
			}
			var opponents []string
			for _, o := range div {
				if o != id {
					opponents = append(opponents, tr.name(o))
				}
			}
			intro := []string{fmt.Sprintf("Season %d of %s has begun: you play in division %d of %d, with %s.", season, t.Name, d+1, len(divisions), words.And(opponents))}
			if p, ok := before[id]; ok {
				intro = append(intro, fmt.Sprintf("In season %d you finished %s of %d in division %d, with %s: %s.", season-1, words.Ordinal(p.Rank), sizes[p.Division], p.Division,
					count2(p.Points, "point", "points"), movedWords(p.Division, d+1)))
			} else if season > 1 {
				intro = append(intro, "You are new to the league: you enter at the bottom, placed by your rating.")
			}
			intro = append(intro, st.Decided[id]...)
			secs := []reply.Section{{Title: fmt.Sprintf("division %d, season %d", d+1, season), Pre: roster}}
			for _, g := range tr.ev.Games {
				if g.Round != season || !slices.Contains(g.Players, id) {
					continue
				}
				sec, err := seasonGameSection(u, seasonGames[g.ID], p)
				if err != nil {
					return err
				}
				secs = append(secs, sec)
			}
			err = u.Send(reply.Mail{To: p.Address, Player: p, Subject: fmt.Sprintf("[postal] %s: season %d, division %d", t.Name, season, d+1), Auto: "auto-generated",
				View: reply.View{Intro: intro, Sections: secs, HowTo: []string{
					"Reply to this mail with \"move ID MOVE\" for a game (\"board ID\" sends its board); each game's later mails come in a conversation of its own.",
					fmt.Sprintf("\"standings %s\" shows the divisions; \"leave %s\" leaves the league after this season.", t.Name, t.Name)}}})
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// seasonGameSection is game gs as a season's mail shows it to p: who plays
// what, whose move, and the board when p moves first.
func seasonGameSection(u *work.Unit, gs *game.Game, p *archive.Player) (reply.Section, error) {
	me := gs.Side(p)
	sec := reply.Section{Title: fmt.Sprintf("game #%d: %s", gs.Row.ID, gs.Lineup())}
	line := fmt.Sprintf("You play %s.", gs.Sides()[me])
	if engine.Acts(gs.Pos, me) {
		example := "MOVE"
		if legal := gs.Pos.Legal(me); len(legal) > 0 { // an example, as every game mail gives one
			example = legal[0].String()
		}
		line += fmt.Sprintf(" Your move (move %d): \"move %d %s\", for example.", gs.MoveNumber(), gs.Row.ID, example)
		b, err := games.BoardOf(u, gs)
		if err != nil {
			return reply.Section{}, err
		}
		sec.Board = b
	} else {
		var first []string
		for _, s := range gs.ToMove() {
			first = append(first, gs.Players[s].Name)
		}
		line += fmt.Sprintf(" %s to move first; \"board %d\" sends the board.", words.And(first), gs.Row.ID)
	}
	sec.Lines = append([]string{line}, games.DiceCommitted(gs.Row)...)
	return sec, nil
}

// divisionRoster lists a division's players by seed, with their ratings
// when the season began.
func divisionRoster(u *work.Unit, tr *tournament, div []int64) string {
	width := len("player")
	for _, p := range div {
		width = max(width, len(tr.name(p)))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%4s  %-*s %6s\n", "seed", width, "player", "rating")
	for i, p := range div {
		rating := "-"
		if e := tr.entrant(p); e != nil && e.Rating > 0 {
			rating = fmt.Sprintf("%.0f", e.Rating)
		}
		fmt.Fprintf(&b, "%4d  %-*s %6s\n", i+1, width, tr.name(p), rating)
	}
	return strings.TrimRight(b.String(), "\n")
}

// movedWords says how a player moved from division from to division to.
func movedWords(from, to int) string {
	switch {
	case to < from:
		return fmt.Sprintf("you move up to division %d", to)
	case to > from:
		return fmt.Sprintf("you move down to division %d", to)
	}
	return fmt.Sprintf("you stay in division %d", to)
}

// count2 writes points: "1 point", "2½ points".
func count2(x float64, one, many string) string {
	if x == 1 || x == 0.5 { // "½ point", as "1 point"
		return "1 " + one
	}
	return event.Points(x) + " " + many
}

// seasonDeadline ends the season of league tr at its deadline: its games
// unfinished then are drawn, and the season ends with the last.
func seasonDeadline(u *work.Unit, tr *tournament) error {
	if err := u.Tx.SetLeagueDue(tr.t.ID, time.Time{}); err != nil {
		return err
	}
	drawn := 0
	for _, g := range tr.ev.Games {
		if g.Round != tr.t.Round || g.Over {
			continue
		}
		gs, err := games.Load(u, g.ID)
		if err != nil {
			return err
		}
		if gs.Row.Status != archive.GameActive {
			continue
		}
		drawn++
		if err := games.Finish(u, gs, gs.Pos.Result().Drawn(fmt.Sprintf("unfinished at the deadline of season %d", tr.t.Round))); err != nil {
			return err
		}
	}
	if drawn == 0 {
		return eventProgress(u, tr.t.ID, 0)
	}
	return nil
}
