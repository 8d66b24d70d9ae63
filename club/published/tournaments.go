package published

import (
	"context"
	"fmt"
	"strings"
	"time"

	"postal/archive"
	"postal/club/clock"
	"postal/club/event"
	"postal/club/pairing"
	"postal/engine"
)

// Event is tournament t, as tx holds it, as its rules see it (club/event):
// its format, entrants, games and byes, and the names of its players and
// director. The club decides with it; the site shows it.
func Event(tx *archive.Tx, t *archive.Tournament) (*event.Event, error) {
	_, _, seats := Played(t)
	format, ok := event.FormatOf(t.Format, seats)
	if !ok {
		return nil, fmt.Errorf("published: tournament %s: no format %q for games of %d", t.Name, t.Format, seats)
	}
	ev := &event.Event{Name: t.Name, Format: format, Seats: seats, Rounds: t.Rounds, Max: t.MaxPlayers, Starts: t.Starts,
		Stage: stages[t.Status], Round: t.Round, Winner: t.WinnerID, Note: t.Note, Names: map[int64]string{}}
	entrants, err := tx.Entrants(t.ID)
	if err != nil {
		return nil, err
	}
	for _, e := range entrants {
		out := e.Status
		if out == archive.EntrantIn {
			out = ""
		}
		ev.Entrants = append(ev.Entrants, event.Entrant{Player: e.PlayerID, Seed: e.Seed, Rating: e.Rating, Out: out, Annulled: e.Annulled})
		if ev.Names[e.PlayerID], err = playerName(tx, e.PlayerID); err != nil {
			return nil, err
		}
	}
	if ev.Names[t.DirectorID], err = playerName(tx, t.DirectorID); err != nil {
		return nil, err
	}
	if event.SelfRunning(t.Format) { // issue 37: the season in play, the open climbs
		return ev, selfRunning(tx, t, ev)
	}
	places, err := tx.TournamentGames(t.ID)
	if err != nil {
		return nil, err
	}
	for _, g := range places {
		row, err := tx.GameByID(g.GameID)
		if err != nil {
			return nil, err
		}
		ev.Games = append(ev.Games, eventGame(row, g))
	}
	if t.Status == archive.TournamentOver { // only an event's end voids games
		if err := voidGames(tx, t, ev); err != nil {
			return nil, err
		}
	}
	byes, err := tx.Byes(t.ID)
	if err != nil {
		return nil, err
	}
	for _, b := range byes {
		ev.Byes = append(ev.Byes, event.Bye{Round: b.Round, Board: b.Board, Player: b.PlayerID})
	}
	return ev, nil
}

// voidGames marks the games of ev that an admin's end of the event left
// void (act "void", issue 35).
func voidGames(tx *archive.Tx, t *archive.Tournament, ev *event.Event) error {
	acts, err := tx.Acts(t.ID)
	if err != nil {
		return err
	}
	for _, a := range acts {
		if a.Act != "void" {
			continue
		}
		for i := range ev.Games {
			if ev.Games[i].ID == a.GameID {
				ev.Games[i].Void = true
			}
		}
	}
	return nil
}

func playerName(tx *archive.Tx, id int64) (string, error) {
	p, err := tx.PlayerByID(id)
	if err != nil {
		return "", err
	}
	return p.Name, nil
}

// stages are the events' stages by the statuses of their tournaments.
var stages = map[string]event.Stage{archive.TournamentOpen: event.Open, archive.TournamentRunning: event.Running, archive.TournamentOver: event.Over}

// entrantStatus is e's status as the archive says it.
func entrantStatus(e *event.Entrant) string {
	if e.In() {
		return archive.EntrantIn
	}
	return e.Out
}

// Played is what tournament t plays: its game's description, its time
// control and the seats of each game (two when the game is unknown).
func Played(t *archive.Tournament) (engine.Info, clock.Control, int) {
	info := engine.Info{Title: t.Game, Name: t.Game}
	seats := 2
	if g, err := engine.Lookup(t.Game); err == nil {
		info = g.Info()
		cfg, _ := ParseConfig(t.Config, 0)
		seats = len(info.Seats(cfg))
	}
	ctl, err := clock.ParseControl(t.Control)
	if err != nil {
		ctl = clock.Control{Kind: clock.None}
	}
	return info, ctl, seats
}

// TournamentView is a tournament as its page on the site shows it (issue
// 25); site/clubarchive hands it to the site as a site.Tournament, whose
// fields it mirrors.
type TournamentView struct {
	ID                                  int64
	Name, Game, Title, Config           string
	Format, Kind, Control, Status       string
	Director, Winner, Note              string
	Round, SwissRounds                  int
	Created, Started, Finished, Updated time.Time
	Entrants                            []ViewEntrant
	Standings                           []ViewStanding
	TieBreaks                           []string
	Cross                               [][]string
	Rounds                              []ViewRound
	Acts                                []ViewAct
	// League and Ladder are what a league's or a ladder's page shows
	// besides (issue 37: leagues.go); nil for the other formats.
	League *LeagueView
	Ladder *LadderView
}

// ViewEntrant, ViewStanding, ViewRound, ViewGame and ViewAct are the parts
// of a TournamentView (see site.Tournament).
type (
	ViewEntrant struct {
		Name     string
		Seed     int
		Rating   float64
		Status   string
		Annulled bool
	}
	ViewStanding struct {
		Rank      int
		Name      string
		Points    float64
		TieBreaks []float64
		Played    int
		Status    string
	}
	ViewRound struct {
		Number int
		Games  []ViewGame
		Byes   []string
	}
	ViewGame struct {
		ID      int64
		Board   int
		Players []string
		Result  string
		Note    string
	}
	ViewAct struct {
		At   time.Time
		Kind string
		Text string
		Game int64
	}
)

// EachTournament calls fn with each tournament of ids (every one when nil),
// by number, each read in a transaction of its own.
func EachTournament(ctx context.Context, db *archive.DB, ids []int64, fn func(*TournamentView) error) error {
	if ids == nil {
		err := db.ReadTx(ctx, func(tx *archive.Tx) error {
			ts, err := tx.Tournaments()
			for _, t := range ts {
				ids = append(ids, t.ID)
			}
			return err
		})
		if err != nil {
			return err
		}
	}
	for _, id := range ids {
		var v *TournamentView
		err := db.ReadTx(ctx, func(tx *archive.Tx) error {
			t, err := tx.TournamentByID(id)
			if err != nil {
				return err
			}
			ev, err := Event(tx, t)
			if err != nil {
				return err
			}
			v, err = tournamentView(tx, t, ev)
			return err
		})
		if err != nil {
			return fmt.Errorf("club: tournament %d: %w", id, err)
		}
		if err := fn(v); err != nil {
			return err
		}
	}
	return nil
}

// TournamentsTouched returns the tournaments the games ids belong to and
// those changed at or after since.
func TournamentsTouched(ctx context.Context, db *archive.DB, games []int64, since time.Time) ([]int64, error) {
	var out []int64
	err := db.ReadTx(ctx, func(tx *archive.Tx) error {
		seen := map[int64]bool{}
		_, events, err := tx.TournamentGamesIn(games)
		if err != nil {
			return err
		}
		for _, tid := range events {
			seen[tid] = true
		}
		changed, err := tx.TournamentsChangedSince(since)
		if err != nil {
			return err
		}
		for _, tid := range changed {
			seen[tid] = true
		}
		for tid := range seen {
			out = append(out, tid)
		}
		return nil
	})
	return out, err
}

// tournamentView builds the page's view of t, ev as its rules see it.
func tournamentView(tx *archive.Tx, t *archive.Tournament, ev *event.Event) (*TournamentView, error) {
	info, ctl, _ := Played(t)
	director, err := tx.PlayerByID(t.DirectorID)
	if err != nil {
		return nil, err
	}
	v := &TournamentView{ID: t.ID, Name: t.Name, Game: t.Game, Title: info.Title, Config: t.Config, Kind: t.Format, Format: ev.Format.Words(ev),
		Control: ctl.Describe(), Status: t.Status, Director: director.Name, Note: Unaddressed(t.Note), Round: t.Round, SwissRounds: t.Rounds,
		Created: t.Created, Started: t.Started, Finished: t.Finished, Updated: t.Updated}
	if t.WinnerID != 0 {
		v.Winner = ev.PlayerName(t.WinnerID)
	}
	for _, e := range ev.Entrants {
		v.Entrants = append(v.Entrants, ViewEntrant{Name: ev.PlayerName(e.Player), Seed: e.Seed, Rating: e.Rating, Status: entrantStatus(&e), Annulled: e.Annulled})
	}
	if tb := ev.Format.Table(); t.Status != archive.TournamentOpen && tb.TieBreaks != nil && !event.SelfRunning(t.Format) {
		v.TieBreaks = tb.TieBreaks
		v.Standings = viewStandings(ev)
		if tb.AllPlayAll {
			v.Cross = ev.Crosstable()
		}
	}
	v.Rounds = viewRounds(ev)
	acts, err := tx.Acts(t.ID)
	if err != nil {
		return nil, err
	}
	for _, a := range acts {
		v.Acts = append(v.Acts, ViewAct{At: a.At, Kind: a.Act, Text: Unaddressed(actText(tx, ev, a)), Game: a.GameID})
	}
	if event.SelfRunning(t.Format) {
		return v, selfRunningView(tx, t, ev, v) // leagues.go
	}
	return v, nil
}

// viewStandings are ev's standings as a page shows them.
func viewStandings(ev *event.Event) []ViewStanding {
	var out []ViewStanding
	tb := ev.Format.Table()
	for _, l := range ev.Standings() {
		s := ViewStanding{Rank: l.Rank, Name: ev.PlayerName(l.Player), Points: l.Score, Played: l.Played, Status: entrantStatus(ev.Entrant(l.Player))}
		if !l.Counted {
			s.Rank = 0
		}
		s.TieBreaks = []float64{l.SonnebornBerger}
		if tb.System == pairing.SwissSystem {
			s.TieBreaks = []float64{l.Buchholz, l.MedianBuchholz}
		}
		out = append(out, s)
	}
	return out
}

// viewRounds lists the games of ev by round, with a knockout's outcomes.
func viewRounds(ev *event.Event) []ViewRound {
	var out []ViewRound
	at := func(r int) *ViewRound {
		for i := range out {
			if out[i].Number == r {
				return &out[i]
			}
		}
		out = append(out, ViewRound{Number: r})
		return &out[len(out)-1]
	}
	notes := map[int64]string{}
	if ev.Format.Table().TieBreaks == nil { // ranked by its bracket
		for r := 1; r <= ev.Round; r++ {
			for _, m := range ev.Matches(r) {
				if m.Winner != 0 && len(m.Games) > 0 {
					notes[m.Games[len(m.Games)-1].ID] = fmt.Sprintf("%s goes through: %s", ev.PlayerName(m.Winner), m.How)
				}
			}
		}
	}
	for _, g := range ev.Games {
		var names []string
		for _, id := range g.Players {
			names = append(names, ev.PlayerName(id))
		}
		vr := at(g.Round)
		vr.Games = append(vr.Games, ViewGame{ID: g.ID, Board: g.Board, Players: names, Result: ev.Outcome(g), Note: notes[g.ID]})
	}
	for _, b := range ev.Byes {
		vr := at(b.Round)
		vr.Byes = append(vr.Byes, ev.PlayerName(b.Player))
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].Number < out[j-1].Number; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// actText words an entry of the record for the page.
func actText(tx *archive.Tx, ev *event.Event, a archive.Act) string {
	name := func(id int64) string {
		if id == 0 {
			return "the club"
		}
		if n, ok := ev.Names[id]; ok {
			return n
		}
		if p, err := tx.PlayerByID(id); err == nil {
			return p.Name
		}
		return event.UnknownPlayer
	}
	if s, ok := selfRunningActText(ev, a, name); ok { // leagues.go
		return s
	}
	switch a.Act {
	case "create":
		return fmt.Sprintf("%s organised the tournament: %s", name(a.ByID), a.Detail)
	case "join":
		if a.ByID != a.PlayerID {
			return fmt.Sprintf("%s entered %s", name(a.ByID), name(a.PlayerID))
		}
		return name(a.PlayerID) + " entered"
	case "leave", archive.EntrantLeft:
		return name(a.PlayerID) + " left"
	case "start":
		return "the tournament started, " + a.Detail
	case "round":
		return a.Detail + " started"
	case "deadline":
		return a.Detail + " reached its deadline"
	case "adjudicate":
		return fmt.Sprintf("%s adjudicated the game: %s", name(a.ByID), a.Detail)
	case "extend":
		return fmt.Sprintf("%s gave the game %s more", name(a.ByID), a.Detail)
	case archive.EntrantRemoved:
		return fmt.Sprintf("%s removed %s: %s", name(a.ByID), name(a.PlayerID), a.Detail)
	case "codirector": // codirector.go
		return fmt.Sprintf("%s %s %s as co-director", name(a.ByID), a.Detail, name(a.PlayerID))
	case archive.EntrantTimedOut:
		return fmt.Sprintf("%s is out: %s", name(a.PlayerID), a.Detail)
	case "cancel":
		if a.Detail == "" {
			return name(a.ByID) + " cancelled the tournament before it started"
		}
		return fmt.Sprintf("%s cancelled the tournament before it started: %s", name(a.ByID), a.Detail)
	case "change":
		return fmt.Sprintf("%s changed the tournament: %s", name(a.ByID), a.Detail)
	case "end":
		return fmt.Sprintf("%s, an admin of the club, ended the tournament: %s", name(a.ByID), a.Detail)
	case "void":
		return "the game in play ended unrated, void"
	case "lapse":
		return "the tournament lapsed: " + a.Detail
	case "won":
		if a.PlayerID == 0 {
			return strings.TrimSpace("the tournament ended " + a.Detail)
		}
		return name(a.PlayerID) + " won the tournament"
	}
	return strings.TrimSpace(a.Act + " " + a.Detail)
}
