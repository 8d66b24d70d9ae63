package tournaments

import (
	"fmt"
	"time"

	"postal/archive"
	"postal/club/clock"
	"postal/club/event"
	"postal/club/reply"
	"postal/club/work"
	"postal/docs/words"
	"postal/notation"
)

// A league by mail: "league" makes one, and what its rules answer when a
// player joins or leaves it is said here (its seasons: season.go). The
// other words are every event's (tournament.go).

// League is "league NAME GAME ...": the organiser directs the new league
// and is its first entrant; it waits for its director's "start".
func League(u *work.Unit, c notation.Command) (reply.Section, error) {
	t, what, err := newSelfRunning(u, c, c.League.Set, nil)
	if err != nil {
		return reply.Section{}, err
	}
	s := event.Settings(t.Settings)
	return reply.Section{Title: fmt.Sprintf("%s %s: %s", t.Format, t.Name, what), Lines: []string{
		"You direct it and are its first entrant. Others enter with \"join " + t.Name + "\"; \"join " + t.Name + " bot\" enters the club's bot.",
		fmt.Sprintf("Season 1 starts when you write \"start %s\"; every later season starts by itself %s the last game of the season before ends%s.", t.Name, breakWords(s.Get("break", 0)), seasonDeadlineWords(s.Get("season", 0))),
	}}, nil
}

// breakWords says when a season begins after the one before ends.
func breakWords(days int) string {
	if days == 0 {
		return "as soon as"
	}
	return words.Count(days, "day", "days") + " after"
}

// seasonDeadlineWords says a league's season deadline of days, when it
// has one.
func seasonDeadlineWords(days int) string {
	if days == 0 {
		return ""
	}
	return fmt.Sprintf(" or %s after the season began (its games unfinished then are drawn)", words.Count(days, "day", "days"))
}

// waiting says when who, just entered league tr (its n-th entrant), plays:
// from season 1, or from the next, in the bottom division.
func waiting(u *work.Unit, tr *tournament, st event.Waiting, who *archive.Player, n int) ([]string, error) {
	t := tr.t
	lines := []string{fmt.Sprintf("%s now has %s.", t.Name, words.Count(n, "entrant", "entrants"))}
	switch {
	case t.Status == archive.TournamentOpen:
		lines = append(lines, "Season 1 starts when its director writes \"start "+t.Name+"\".")
	case st.Between:
		lg, err := u.Tx.LeagueOf(t.ID)
		if err != nil {
			return nil, err
		}
		lines = append(lines, fmt.Sprintf("%s plays from season %d, which begins %s, in the bottom division (placed by rating); the mail that tells the divisions will name the opponents.", who.Name, st.Season, clock.When(lg.Due)))
	default:
		lines = append(lines, fmt.Sprintf("%s plays from season %d, in the bottom division (placed by rating): it begins when season %d ends, and its mail will name the division and the opponents.", who.Name, st.Season, st.Season-1))
	}
	return lines, nil
}

// leaveAfter records that a player of league tr leaves after the season in
// play, and says so.
func leaveAfter(u *work.Unit, tr *tournament, st event.LeaveAfter) (string, []string, error) {
	t := tr.t
	if err := u.Tx.SetLeaving(t.ID, st.Player, true, u.Now); err != nil {
		return "", nil, err
	}
	if err := u.Tx.AddAct(t.ID, archive.Act{At: u.Now, ByID: u.Actor.ID, Act: "leaving", PlayerID: st.Player, Detail: fmt.Sprintf("after season %d", st.Season)}); err != nil {
		return "", nil, err
	}
	return fmt.Sprintf("you leave %s after season %d", t.Name, st.Season),
		[]string{fmt.Sprintf("Your games of season %d go on (%s in play); when the season ends you leave the league, and the next season is made without you.", st.Season, words.Count(st.Playing, "game", "games"))}, nil
}

// leaveLeagueNow takes player, who plays no game of league tr, out of it.
func leaveLeagueNow(u *work.Unit, tr *tournament, player int64, reason string) error {
	entrants, err := u.Tx.Entrants(tr.t.ID)
	if err != nil {
		return err
	}
	for _, e := range entrants {
		if e.PlayerID == player {
			e.Status, e.Out, e.Reason = archive.EntrantLeft, u.Now, reason
			if err := u.Tx.UpdateEntrant(tr.t.ID, e); err != nil {
				return err
			}
		}
	}
	if tr.entrant(player) != nil {
		tr.entrant(player).Out = archive.EntrantLeft
	}
	return u.Tx.AddAct(tr.t.ID, archive.Act{At: u.Now, ByID: player, Act: archive.EntrantLeft, PlayerID: player})
}

// days is n days.
func days(n int) time.Duration { return time.Duration(n) * clock.Day }
