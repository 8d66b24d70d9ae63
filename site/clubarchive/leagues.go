package clubarchive

import (
	"postal/club/published"
	"postal/site"
)

// league is the site's League of the club's view of one (issue 37); nil
// for none.
func league(v *published.LeagueView) *site.League {
	if v == nil {
		return nil
	}
	l := &site.League{Size: v.Size, Promote: v.Promote, BreakDays: v.BreakDays, SeasonDays: v.SeasonDays, Double: v.Double, Season: v.Season,
		Between: v.Between, NextSeason: v.NextSeason, Deadline: v.Deadline, Waiting: v.Waiting, Leaving: v.Leaving}
	for _, d := range v.Divisions {
		sd := site.Division{Number: d.Number, Players: d.Players, Arrived: d.Arrived, Cross: d.Cross}
		for _, s := range d.Standings {
			sd.Standings = append(sd.Standings, site.TournamentStanding(s))
		}
		for _, g := range d.Games {
			sd.Games = append(sd.Games, site.TournamentGame(g))
		}
		l.Divisions = append(l.Divisions, sd)
	}
	for _, s := range v.Past {
		ss := site.Season{Number: s.Number}
		for _, lines := range s.Divisions {
			var div []site.SeasonLine
			for _, line := range lines {
				div = append(div, site.SeasonLine(line))
			}
			ss.Divisions = append(ss.Divisions, div)
		}
		l.Past = append(l.Past, ss)
	}
	return l
}

// ladder is the site's Ladder of the club's view of one; nil for none.
func ladder(v *published.LadderView) *site.Ladder {
	if v == nil {
		return nil
	}
	l := &site.Ladder{Reach: v.Reach, IdleDays: v.IdleDays}
	for _, r := range v.Order {
		l.Order = append(l.Order, site.Rung(r))
	}
	for _, c := range v.Open {
		l.Open = append(l.Open, site.Climb(c))
	}
	for _, a := range v.Changes {
		l.Changes = append(l.Changes, site.TournamentAct(a))
	}
	return l
}
